"""Openings by a tierce franche (rami voleur, and the ``pure_run`` opening rule).

A natural tierce from the hand, grown at its ends by table cards, hand cards and jokers,
answered tierce by tierce by the fast core; with frozen jokers and melds of four.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import rummikit as rk
from rummikit.pieces import Tile, suits_of
from rummikit.solver import solve

from ._brute import SMALL, _checked, _fits, _position, _score_of, brute_judged


@pytest.mark.parametrize("objective", ["tiles", "points"])
@SMALL
@given(data=st.data())
def test_rami_voleur_openings_by_tierce_agree_with_the_sweep(
    objective: str, data: st.DataObject
) -> None:
    """Rami voleur's openings, answered tierce by tierce by the fast core, score what the
    general sweep scores on the same positions (larger than the brute force can check),
    with one or more tierces on the rack."""
    from rummikit.solver import _dispatch as engines

    profile = rk.profiles.get("rami_voleur")
    table, rack = _position(data, profile, max_melds=3, max_tiles=12, max_rack=6)
    suit = data.draw(st.sampled_from(suits_of(profile.piece_set)), label="suit")
    low = data.draw(st.integers(1, 12), label="low")
    length = data.draw(st.integers(3, 5), label="length")
    tierce = [Tile(suit, 1 if r == 14 else r) for r in range(low, min(low + length, 15))]
    rack = [*tierce, *rack]
    assume(_fits(profile, table, rack))
    found = _checked(profile, table, rack, opened=False, objective=objective)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(engines, "_by_tierces", lambda *args: (False, None))
        swept = _checked(profile, table, rack, opened=False, objective=objective)
    assert _score_of(found) == _score_of(swept)
    assert found is None or found.optimal


def test_rami_voleur_opening_needs_a_natural_tierce_from_hand() -> None:
    assert solve("rami_voleur", "", "5h j 7h 8s 8d", opened=False) is None
    found = _checked("rami_voleur", "5h 6h 7h", "8h 9h 10h", opened=False)
    assert found is not None
    assert found.score == 3


@pytest.mark.parametrize(
    ("table", "hand", "score"),
    [
        ("9d 10d Jd", "Qd Kd Ad 5c", 3),
        ("2s 3s 4s | 8s 9s 10s", "5s 6s 7s j", 4),
        ("Ah 2h 3h | 7h 8h 9h | 4c 4d 4s", "4h 5h 6h 10h j", 5),
        ("Kc Qc Jc", "Ac 2c 3c 4c Qc", 4),
    ],
)
def test_rami_voleur_opening_tierce_franche_grows_at_its_ends(
    table: str, hand: str, score: int
) -> None:
    """Rule matrix, rami voleur's opening: the tierce franche may lie inside a longer run
    of table cards, hand cards and jokers (each tierce of the hand, with up to two places
    more at each end, is a case of the fast core), ace high or low but never both."""
    found = _checked("rami_voleur", table, hand, opened=False)
    assert found is not None
    assert (
        found.score
        == score
        == brute_judged(
            rk.profiles.get("rami_voleur"),
            rk.TableState.parse(table),
            rk.parse_tiles(hand),
            False,
            "tiles",
        )
    )


def test_regression_rami_voleur_openings_are_answered_tierce_by_tierce(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rami voleur's opening (found by a review, from a game between bots): proving that no
    opening beat the first one found took the general sweep 4 to 7 seconds. Each tierce
    franche with up to two more places at each end is now a case of the fast core, so the
    general sweep is not needed (it fails here if called); the answer is the one it gave."""
    from rummikit.solver import _dispatch as engines

    table = (
        "run: 7h 9h 10h Jh 8h 6h | group: j 3s 3h 3d | run: 10d Jd Qd Kd Ad | run: 5c 2c 3c 4c"
        " | run: 9s 10s Js Qs | group: Ah Ad Ac | group: 7s 7h 7d 7c | run: Qs Ks As"
        " | group: 5s 5h 5d"
    )
    rack = "2s 4s Ks Ah 2h 4h 5h Qh Kh 3d 9d 10d Ac 2c 4c 5c 10c Jc Jc Kc Kc"

    def no_sweep(*args: object, **kwargs: object) -> None:
        raise AssertionError("the general sweep was called")

    monkeypatch.setattr(engines, "_solve_general", no_sweep)
    for keep_table in (True, False):
        found = _checked("rami_voleur", table, rack, opened=False, keep_table=keep_table)
        assert found is not None
        assert (found.score, found.optimal) == (18, True)
    # the tierce may take table cards and jokers at its ends, two places a side at most
    found = _checked("rami_voleur", "9d 10d Jd | j Ks Kc", "Qd Kd Ad 5c", opened=False)
    assert found is not None
    assert found.score == 3
    # with three jokers, three places beyond the tierce may all be jokers, which make no
    # run of their own: such a deck goes to the sweep, which lays all six
    three = rk.profiles.get("rami_voleur").evolve(name="rami_3_jokers", jokers=3)
    monkeypatch.undo()
    found = _checked(three, "", "Ah 2h 3h j j j", opened=False)
    assert found is not None
    assert found.score == 6


@pytest.mark.parametrize(
    ("name", "changes", "table", "rack", "objective", "score"),
    [
        ("pagat", {"opening_rule": "pure_run"}, "r3 j j r6", "r4 r5 r6 b6 b6", "tiles", 4),
        ("rami_voleur", {"joker_policy": "frozen"}, "3s j j 6s", "4s 5s 6s 6h 6h", "tiles", 4),
        ("rami_voleur", {"joker_policy": "frozen"}, "8s j j Js", "Js Jh Jh 10s 9s", "points", 39),
    ],
)
def test_regression_rows11_17_a_tierce_franche_may_hold_the_pieces_that_free_jokers(
    name: str, changes: dict[str, object], table: str, rack: str, objective: str, score: int
) -> None:
    """Rows 11, 17 and 18 (found by a fuzzing run): an opening by a tierce franche with
    frozen jokers on the table. r4 r5 free the jokers of r3 j j r6 and, with the rack's r6,
    make the tierce: r3 r4 r5 r6 | r6 b6 j j. The tierce was laid only from rack pieces not
    already played, so this play was never tried and a smaller one came back flagged
    optimal."""
    variant = attrs.evolve(rk.profiles.get(name), **changes)
    found = _checked(variant, table, rack, opened=False, objective=objective)
    assert found is not None
    assert (found.score, found.optimal) == (score, True)
    before = rk.parse_table(table)
    assert score == brute_judged(variant, before, list(rk.parse_tiles(rack)), False, objective)


@pytest.mark.parametrize(
    ("profile", "rack", "best"),
    [
        (rk.profiles.get("rami_voleur"), "4h 5h 6h 7h", 4),
        (rk.profiles.get("rami_voleur"), "4h 5h 6h j", 4),
        (rk.profiles.get("rami_voleur"), "4h 5h 6h", None),
        (rk.profiles.get("rami_voleur"), "Jh Qh Kh Ah 2c", 4),
        (rk.profiles.get("pagat").evolve(name="pure", opening_rule="pure_run"), "r4 r5 r6 r7", 4),
    ],
)
def test_regression_row13_tierce_franche_in_melds_of_four(
    profile: rk.RuleProfile, rack: str, best: int | None
) -> None:
    """Row 13 with row 24 variant ``min_meld_length=4`` (found by a review): the tierce
    franche's block, three pieces, was read as a meld and raised ``InvalidMeld``. The
    block is now each run of four holding the tierce (the added place from the rack or the
    table, a natural or a joker), which the sweep may grow."""
    variant = profile.evolve(name="four", min_meld_length=4)
    found = _checked(variant, "", rack, opened=False)
    assert (None if found is None else found.score) == best
    assert found is None or found.optimal
    if profile.piece_set is rk.PieceSet.CARDS:
        grown = _checked(variant, "7h 8h 9h 10h", "4h 5h 6h", opened=False)
        assert grown is not None
        assert str(grown.table) == "4h 5h 6h 7h 8h 9h 10h"
