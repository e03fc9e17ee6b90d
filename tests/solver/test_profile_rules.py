"""The profiles' meld rules in play, outside openings and frozen jokers.

Jokers in runs and groups, full melds holding a joker, the ace high or low, melds that may
only grow (``table_manipulation`` off), the points objective, and house variants: groups
repeating a suit, two rack pieces a play, jokers worth nothing.
"""

from __future__ import annotations

import attrs
import pytest

import rummikit as rk
from rummikit.solver import checked_position, solve

from ._brute import _checked, _score_of


@pytest.mark.parametrize(
    ("table", "rack", "after"),
    [
        ("r1 b1 k1", "j j", "r1 b1 k1 j"),  # one joker: the other stays on the rack
        ("r1 b1 k1 | r5 b5 k5", "j j", "r1 b1 k1 j | r5 b5 k5 j"),
        ("r10 r11 r12", "j j", "j r10 r11 r12 j"),  # one at each end
    ],
)
def test_regression_rack_jokers_join_melds_that_may_only_grow(
    table: str, rack: str, after: str
) -> None:
    # Row 15 with table_manipulation off: kept groups took no joker in the sweep, a second
    # rack joker that did not fit made the first one stay home too, and a kept run took a
    # joker at its top end only.
    profile = attrs.evolve(rk.profiles.get("online"), name="layoffs", table_manipulation=False)
    found = _checked(profile, table, rack)
    assert found is not None
    assert found.table == rk.parse_table(after)


@pytest.mark.parametrize("table", ["j r1 r2", "r12 r13 j"])
def test_regression_a_kept_run_given_out_of_order_takes_no_joker_beside_its_own(
    table: str,
) -> None:
    # Row 23 variant (no adjacent jokers) with table_manipulation off: spare jokers were
    # added at the ends of a kept run's tiles as given, not as laid out (j r1 r2 is
    # r1 r2 j), and so landed beside its joker.
    profile = attrs.evolve(
        rk.profiles.get("online"),
        name="layoffs",
        table_manipulation=False,
        forbid_adjacent_jokers=True,
    )
    assert _checked(profile, table, "j") is None


@pytest.mark.parametrize(
    ("changes", "table", "rack", "placed"),
    [
        ({"table_manipulation": False}, "2d 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd", "Ad Ad", 1),
        ({"joker_policy": "frozen"}, "2d 3d j 5d 6d 7d 8d 9d 10d Jd Qd Kd", "Ad Ad", 1),
        ({"table_manipulation": False}, "3d 4d 5d 6d 7d 8d 9d 10d Jd", "Ad 2d Qd Kd Ad", 5),
        # jokers at both ends stand for both aces: the run's suit is read from a natural
        (
            {"table_manipulation": False, "min_meld_length": 4},
            "3d 4d 5d 6d 7d 8d 9d 10d Jd Qd",
            "j 2d Kd j",
            3,
        ),
    ],
)
def test_regression_a_kept_run_never_takes_both_aces(
    changes: dict[str, object], table: str, rack: str, placed: int
) -> None:
    # Rows 3 and 27: a run holds the ace at one end only. A run kept as a block (no
    # rearranging, or a frozen joker meld) was extended by the low ace below and the high
    # ace above, 14 cards long.
    profile = attrs.evolve(rk.profiles.get("rami_voleur"), name="variant", **changes)
    found = _checked(profile, table, rack)
    assert found is not None
    assert found.score == placed
    assert found.optimal
    assert all(len(meld.tiles) <= 13 for meld in found.table.melds)


def test_jokers_at_the_end_of_long_runs_and_in_groups_of_four() -> None:
    found = _checked("online", "r1 r2 r3 r4", "j")
    assert found is not None
    assert found.score == 1
    found = _checked("online", "b7 k7 o7", "j")
    assert found is not None
    assert str(found.table) in ("b7 k7 o7 j", "j b7 k7 o7")
    found = _checked("online", "", "r10 r11 r12 r13 j b9 k9 o9 j")
    assert found is not None
    assert found.score == 9


def test_nothing_to_play_is_none() -> None:
    assert solve("online", "r1 r2 r3", "b9 k11", opened=True) is None
    assert solve("pagat", "", "", opened=True) is None


def test_every_table_tile_stays_and_rearranging_counts() -> None:
    found = _checked("online", "r3 r4 r5 r6 | b5 k5 o5", "r5 r7")
    assert found is not None
    assert found.score == 2


def test_regression_a_rack_joker_that_does_not_fit_stays_on_the_rack() -> None:
    """Variants ``table_manipulation=False`` and ``forbid_adjacent_jokers`` (found by a
    hypothesis run): of two rack jokers only one fits beside the run (not both, adjacent).
    The sweep that places every joker could not put jokers alone in front of a run that
    may only grow, so it found no play and None came back; it now finds the play, proven
    best, with one joker left on the rack."""
    variant = attrs.evolve(
        rk.profiles.get("pagat"),
        table_manipulation=False,
        joker_policy="free",
        forbid_adjacent_jokers=True,
    )
    found = _checked(variant, "r10 r11 r12 r13", "j j", objective="points")
    assert found is not None
    assert found.score == 30
    assert found.optimal
    assert str(found.table) == "j r10 r11 r12 r13"
    both = _checked(variant, "r9 r10 r11 r12", "j j", objective="points")
    assert both is not None
    assert (both.score, both.optimal) == (60, True)  # one joker at each end


def test_regression_the_sweep_placing_every_joker_puts_jokers_in_front_of_a_block() -> None:
    """The general sweep's mode that places every joker itself (used where spare jokers do
    not all fit afterwards, and for openings counting jokers) now lays jokers alone in
    front of a run that may only grow: before, only a natural could start such a run."""
    from rummikit.solver._dispatch import _candidates
    from rummikit.solver._search import search
    from rummikit.solver._setup import _problem

    variant = attrs.evolve(rk.profiles.get("pagat"), table_manipulation=False, joker_policy="free")
    for table, rack, score in (("r11 r12 r13", "j j", 60), ("r10 r11 r12 r13", "j", 30)):
        profile, before, pieces = checked_position(variant, table, rack, True)
        (setup,), layers, acc_layer = _candidates(profile, before, pieces, True)
        problem = _problem(setup, "points", layers, acc_layer)
        outcome = search(problem, None, essential=False)
        assert outcome is not None
        assert outcome.score == score


def test_rami_voleur_ace_high_or_low_never_both() -> None:
    found = _checked("rami_voleur", "", "Qs Ks As 2s 3s")
    assert found is not None
    assert found.score == 3
    found = _checked("rami_voleur", "", "Qs Ks As Ah 2h 3h")
    assert found is not None
    assert found.score == 6
    found = _checked("rami_voleur", "2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc", "Ac")
    assert found is not None
    assert found.score == 1


def test_points_objective_prefers_value() -> None:
    found = _checked("online", "r1 r2 r3", "r4 b12 k12 o12 r5 r6", objective="points")
    assert found is not None
    assert found.score == 4 + 5 + 6 + 36
    found = _checked("online", "b12 k12 o12", "r12 j r1 r2", objective="points")
    assert found is not None
    assert found.score == 12 + 30 + 3


@pytest.mark.parametrize("objective", ["tiles", "points"])
@pytest.mark.parametrize(
    ("name", "table", "rack", "best"),
    [
        # r13 b13 k13 o13 would leave the table joker without a home: one of them stays
        ("online", "b13 k13 j", "r13 o13", {"tiles": 1, "points": 13}),
        ("online", "b13 k13 j", "r1 r1 r13 o13", {"tiles": 1, "points": 13}),
        ("online", "group: b5 j j", "r5 k5", {"tiles": 1, "points": 5}),
        ("online", "run: o8 j j", "k8 b8", {"tiles": 1, "points": 8}),
        ("rami_voleur", "Kh Kd j", "Ks Kc", {"tiles": 1, "points": 10}),
        ("rami_voleur", "Ah Ad j", "As Ac", {"tiles": 1, "points": 11}),
        ("pagat", "b13 k13 j", "r13 o13", {"tiles": 1, "points": 13}),
    ],
)
def test_regression_full_group_with_a_joker_leaves_the_missing_suit_in_hand(
    name: str, table: str, rack: str, best: dict[str, int], objective: str
) -> None:
    found = _checked(name, table, rack, objective=objective)
    assert _score_of(found) == best[objective]


def test_regression_groups_with_room_still_take_every_missing_suit() -> None:
    # the reduction that left the pieces above in hand is still right where a group has room
    found = _checked("online", "b5 k5 j | r1 r2 r3", "r5 o5")
    assert found is not None
    assert found.score == 2
    found = _checked("online", "group: b5 j j", "r5 k5 o5")
    assert found is not None
    assert found.score == 3


def test_regression_full_run_with_a_joker_keeps_the_natural_it_stands_for() -> None:
    found = _checked("online", "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 j", "r13")
    assert found is not None
    assert found.score == 1


def test_regression_row26_variant_groups_may_repeat_a_suit() -> None:
    """Row 26 variant ``group_distinct_suits=False`` (found by a review): the pruning of
    dead rack pieces counted each other suit once, so in ``r7 r7 b7`` the b7 had one
    partner, was dropped, and no play came back, flagged optimal."""
    variant = rk.profiles.get("online").evolve(name="repeats", group_distinct_suits=False)
    found = _checked(variant, "", "r7 r7 b7")
    assert found is not None
    assert (found.score, found.optimal) == (3, True)
    found = _checked(variant, "r4 r5 r6 r7", "r7 b7")
    assert found is not None
    assert str(found.table) == "r4 r5 r6 | r7 r7 b7"


@pytest.mark.parametrize("name", ["online", "pagat"])
def test_regression_row16_variant_two_rack_tiles_a_joker_that_fits_nowhere(name: str) -> None:
    """Row 16 variant ``min_rack_tiles_per_play=2`` (found by a review): the sweep counted
    a rack joker toward the two pieces, then left it on the rack, where it fit nowhere; the
    play of one piece came back, which the judge refuses. No legal play exists there."""
    variant = rk.profiles.get(name).evolve(name="two", min_rack_tiles_per_play=2)
    assert _checked(variant, "k2 b2 o2", "r2 j") is None
    found = _checked(variant, "k2 b2 o2", "r2 j r3 r4")
    assert found is not None
    assert found.score == 4


def test_regression_row35_variant_jokers_worth_nothing_still_make_a_play() -> None:
    """Row 35 variant ``joker_penalty=0`` with ``objective="points"`` (found by a review):
    laying only the joker sheds no points, so the sweep saw nothing worth playing and None
    came back, though the play is legal (and ``best_play`` found it). None means that no
    legal play exists; a play worth nothing now comes back with score 0."""
    variant = rk.profiles.get("online").evolve(name="free_jokers", joker_penalty=0)
    found = _checked(variant, "r5 r6 r7", "j", objective="points")
    assert found is not None
    assert (found.score, found.played, found.optimal) == (0, (rk.JOKER,), True)
    assert _checked(variant, "", "j", objective="points") is None
    found = _checked(variant, "r5 r6 r7", "j r8", objective="points")
    assert found is not None
    assert found.score == 8
