"""Pagat's frozen joker melds on the table, and how the engines take them.

A frozen meld only grows in place. Kept frozen runs and groups go to the fast core (as run
blocks, or laid aside), a table freed of every frozen joker too, and the best play with
every joker free answers when the judge accepts it. Kept groups under
``joker_group3_both_colours`` and melds of four; refused plays that free a joker. Where a
freed joker may go is in ``test_freed_jokers``.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import rummikit as rk
from rummikit.pieces import JOKER, Tile, suits_of
from rummikit.solver import solve

from ._brute import SMALL, _checked, _fits, _position, _score_of, _spy_on_sweeps, brute_judged


def test_pagat_frozen_joker_meld_only_grows_in_place() -> None:
    found = _checked("pagat", "r5 r6 j", "r8")
    assert found is not None
    assert str(found.table) == "r5 r6 j r8"
    # freeing the joker with r7 would need another home for it; there is none
    found = _checked("pagat", "r5 r6 j", "r7 r8")
    assert found is not None
    assert found.score == 1


@pytest.mark.parametrize(
    ("table", "rack", "score"),
    [
        ("r2 r3 j r5", "r4 b7 b8 b9", 4),
        ("r2 r3 j r5 | k2 k3 j k5", "r4 k4 b7 b8 o9 o10", 6),
        ("r2 r3 j r5", "r4", None),
    ],
)
def test_pagat_freeing_every_joker_is_answered_by_the_fast_core(
    table: str, rack: str, score: int | None
) -> None:
    """Rows 17, 18 and 21: a play that frees every frozen joker leaves a free table, which
    the fast core answers (same score as the general sweep alone, and a legal play). With
    ``r4`` alone the freed joker could only go back into the run it left: the fast core's
    play is refused by the judge and the general sweep finds that nothing is legal."""
    from rummikit.solver import _dispatch as engines

    found = _checked("pagat", table, rack)
    assert _score_of(found) == (score or 0)
    profile, before, pieces = engines.checked_position("pagat", table, rack, True)
    general = engines._solve_general(
        profile, before, pieces, True, "tiles", None, None, True, fast=False
    )
    assert _score_of(general) == _score_of(found)


@pytest.mark.parametrize(
    ("table", "rack"),
    [
        ("k9 j b9 | r2 r3 j r5", "r4 o9 k10 k11"),
        ("k9 j b9 | r2 r3 j r5", "r4 r9 b7 b8"),
        ("r9 j b9 | b1 b2 b3 j", "b4 k9 k5"),
        ("k9 j b9 | r2 r3 j r5 | o8 o9 o10", "r4 o11 r9"),
    ],
)
def test_pagat_a_kept_frozen_group_is_laid_aside_for_the_fast_core(
    table: str, rack: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rows 17, 18 and 21: where every run joker is freed and a frozen group is kept, the
    group is laid aside (as it is, or with one natural of a suit it lacks, from the rack or
    the table) and the fast core answers the rest; same score as the general sweep alone
    and as the judged brute force."""
    from rummikit.solver import _dispatch as engines

    laid: list[int] = []
    original = engines._groups_laid

    def counted(setup: Any) -> Any:
        variants = original(setup)
        laid.append(len(variants))
        return variants

    monkeypatch.setattr(engines, "_groups_laid", counted)
    pagat = rk.profiles.get("pagat")
    found = _checked(pagat, table, rack)
    profile, before, pieces = engines.checked_position(pagat, table, rack, True)
    # the sweep's setups alone (solve may answer from its bounds before them)
    quick = engines._solve_general(profile, before, pieces, True, "tiles", None, None, True)
    assert any(count > 1 for count in laid)  # a group that could grow was laid aside
    general = engines._solve_general(
        profile, before, pieces, True, "tiles", None, None, True, fast=False
    )
    best = brute_judged(pagat, before, list(pieces), True, "tiles")
    assert _score_of(found) == _score_of(quick) == _score_of(general) == best


@pytest.mark.parametrize(
    ("table", "rack"),
    [
        ("k9 k10 j | r5 r6 r7", "k7 k8 r8 o1"),  # a run of two joins below, r8 grows r5-r7
        ("r2 r3 j r5 | b4 o4 k4", "r6 r7 r1 b1"),  # one piece joins below, two above
        ("j o5 o6 | k6 r6 b6", "j o7 o3 o2"),  # a rack joker, naturals at both ends
        ("b5 j b7 | b1 b2 b3 b4", "b8 b9 o5 k5"),  # the kept run and a free run meet
        ("k3 j k5 | k7 j k9", "k6 k10 k11 k2"),  # two kept runs of one suit
        ("r11 r12 j", "r10 j o12 k12"),  # a kept run ending at the top
    ],
)
def test_pagat_kept_frozen_runs_are_answered_by_the_fast_core(
    table: str, rack: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rows 17 and 21: a frozen run kept whole (its joker not freed) may grow at its ends
    only; the fast core keeps it as a run block that a short open run may join from below
    and that goes on above like an open run, so no general sweep runs. Same score as the
    general sweep alone and as the judged brute force."""
    from rummikit.solver import _dispatch as engines

    sweeps: list[int] = []
    original = engines._search_one_ace

    def counted(*args: Any) -> Any:
        sweeps.append(1)
        return original(*args)

    pagat = rk.profiles.get("pagat")
    profile, before, pieces = engines.checked_position(pagat, table, rack, True)
    best = brute_judged(pagat, before, list(pieces), True, "tiles")
    general = engines._solve_general(
        profile, before, pieces, True, "tiles", None, None, True, fast=False
    )
    monkeypatch.setattr(engines, "_search_one_ace", counted)
    quick = engines._solve_general(profile, before, pieces, True, "tiles", None, None, True)
    found = _checked(pagat, table, rack)
    assert not sweeps
    assert _score_of(found) == _score_of(quick) == _score_of(general) == best
    assert quick is not None
    assert quick.optimal


@st.composite
def _frozen_runs(draw: st.DrawFn, profile: rk.RuleProfile) -> rk.Meld:
    """A run of three to five holding one or two jokers (frozen under pagat's profile)."""
    suit = draw(st.sampled_from(suits_of(profile.piece_set)), label="suit")
    length = draw(st.integers(3, 5), label="length")
    low = draw(st.integers(1, 14 - length), label="low")
    tiles = [Tile(suit, rank) for rank in range(low, low + length)]
    for place in draw(st.sets(st.integers(0, length - 1), min_size=1, max_size=2)):
        tiles[place] = JOKER
    return rk.Meld(tiles, rk.MeldKind.RUN)


@pytest.mark.parametrize("objective", ["tiles", "points"])
@SMALL
@given(data=st.data())
def test_pagat_kept_frozen_runs_in_the_fast_core_agree_with_the_sweep(
    objective: str, data: st.DataObject
) -> None:
    """Rows 17, 18 and 21, on positions larger than the brute force can check: with frozen
    runs on the table (kept whole, or freed by the exact piece), the fast core's answers
    score what the general sweep alone scores, and the judge accepts them."""
    from rummikit.solver import _dispatch as engines

    pagat = rk.profiles.get("pagat")
    table, rack = _position(data, pagat, max_melds=3, max_tiles=10, max_rack=6)
    frozen = data.draw(st.lists(_frozen_runs(pagat), min_size=1, max_size=2), label="frozen")
    table = rk.TableState((*frozen, *table.melds))
    assume(_fits(pagat, table, rack))
    keep_table = data.draw(st.booleans(), label="keep_table")
    profile, before, pieces = engines.checked_position(pagat, table, rack, True)
    quick = engines._solve_general(profile, before, pieces, True, objective, None, None, keep_table)
    general = engines._solve_general(
        profile, before, pieces, True, objective, None, None, keep_table, fast=False
    )
    assert _score_of(quick) == _score_of(general)
    if quick is not None:
        assert quick.optimal
        verdict = pagat.check_turn(before=before, rack=pieces, after=quick.table, opened=True)
        assert verdict.ok, (str(quick.table), verdict.codes)


def test_pagat_frozen_melds_left_alone_reaching_the_free_bound_skip_the_sweep(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Row 17: the best play with every joker free bounds every play, and is the answer when
    the judge accepts it (no sweep runs). In the second position the judge refuses it
    (r5 r6 r7 j: the freed joker back among its naturals, the only meld that can take it)
    and the sweep runs."""
    sweeps = _spy_on_sweeps(monkeypatch)
    found = _checked("pagat", "r5 r6 j | b1 b2 b3", "k7 k8 k9 o11")
    assert found is not None
    assert (found.score, found.optimal, sweeps) == (3, True, [])
    assert "r5 r6 j" in str(found.table)
    found = _checked("pagat", "r5 r6 j", "r7 k12 o12 b12 r12")  # r7 would free the joker
    assert found is not None
    assert (found.score, found.optimal, len(sweeps)) == (4, True, 1)
    # with a budget too (a review found budgeted solves slower than unbounded ones)
    table, rack = "r5 b5 j | r6 b6 j | k1 k2 k3 k4 | o4 o5 o6 o7", "k5 o5 k6 o6 r4 b4 o8"
    bounded = solve("pagat", table, rack, budget=100, opened=True)
    assert bounded is not None
    assert (bounded.score, bounded.optimal, len(sweeps)) == (7, True, 1)


def test_regression_row19_variant_both_colours_fill_the_kept_group() -> None:
    """Row 19, variant ``joker_group3_both_colours`` (found by a review): a kept group of
    three took only the first of the missing colours that free its joker, the others were
    paid and then lost, and the sweep built tables the judge refuses (``j j k6`` with
    ``r6 b6 o6``), so the right answer came back flagged not optimal. The kept group now
    holds them all, and a group that cannot (five pieces) is not tried."""
    variant = rk.profiles.get("pagat").evolve(joker_group3_both_colours=True)
    found = _checked(variant, "group: j j k6", "o9 b6 o6 r6 o10")
    assert found is not None
    assert (found.score, found.optimal) == (3, True)
    found = _checked(variant, "r6 k6 j | o9 o10 o11", "b6 o6 o8")
    assert found is not None
    assert (found.score, found.optimal) == (3, True)


def test_regression_rows13_21_a_refused_play_scoring_no_more_leaves_the_answer_proven() -> None:
    """Rows 13 and 21, variant ``opening_rule="pure_run"`` with melds of four (found by a
    review): the sweep also found plays freeing the table's joker, which the judge refuses
    (the joker back in the meld it left, or in the pure opening run); they score the same
    50 as the answer, yet the answer came back ``optimal=False``."""
    variant = rk.profiles.get("pagat").evolve(opening_rule="pure_run", min_meld_length=4)
    table = rk.TableState.parse("run: j k9 k10 k11 k12")
    rack = list(rk.parse_tiles("k8 k9 k10 k11 k12"))
    found = _checked(variant, table, rack, opened=False, objective="points")
    assert found is not None
    assert (found.score, found.optimal) == (50, True)
    assert brute_judged(variant, table, rack, False, "points") == 50


def test_regression_rows17_26_two_jokers_of_a_kept_group_never_take_one_suit() -> None:
    """Rows 17 and 26, variant ``min_meld_length=4`` with three jokers (found by a
    review's fuzzing): the two jokers of the kept group ``j j o2 r2`` could both be
    replaced by ``b2``, a group of ``b2 b2 o2 r2`` that solve then failed to read
    (InvalidMeld escaped). A kept group's replacements now keep its suits distinct."""
    variant = rk.profiles.get("pagat").evolve(min_meld_length=4, jokers=3)
    table = "group: k2 o2 j r2 | run: k1 k2 k3 k4 | group: j j o2 r2"
    found = _checked(variant, table, "o4 b2 b2 k5", objective="points")
    assert found is not None
    assert (found.score, found.optimal) == (9, True)  # the brute force's best (47 s)
