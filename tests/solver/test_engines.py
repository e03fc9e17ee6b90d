"""Which engine answers, and the fast core's own behaviour.

Positions and house rules the fast core can take stay with it (the general sweep runs only
where the position needs it, same scores); decks it cannot hold go to the sweep. The fast
core itself: kept runs, its bound, the ``at_least`` question, starved states, dropped moves,
the direction of its sweep.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit.solver import solve
from rummikit.solver._dispatch import (
    _solve_general as _general_sweep,  # kept when a test spies on it
)

from ._brute import SMALL, _checked, _position, _score_of, _spy_on_sweeps, brute_free


def test_jokers_out_of_play_do_not_keep_the_fast_core_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """With five jokers in the deck (a house rule) and one or four in play, the fast core
    answers (a deck of four sent every position to the general sweep, 13 times slower at
    the median on the solver benchmark's positions); with five in play, the sweep does.
    Same scores as the sweep alone."""
    from rummikit.solver import _dispatch as engines

    five = rk.profiles.get("online").evolve(name="online-5j", jokers=5)
    for table, rack, sweeps_expected in (
        ("r3 r4 r5 | b7 k7 o7 j", "r6 b7 o9 o10", False),
        ("r3 j r5 | b7 k7 j", "r6 j j o10", False),
        ("r3 j r5 | b7 k7 j", "r6 j j j o10", True),
    ):
        sweeps = _spy_on_sweeps(monkeypatch)
        found = _checked(five, table, rack)
        assert bool(sweeps) is sweeps_expected, table
        profile, before, pieces = engines.checked_position(five, table, rack, True)
        alone = _general_sweep(profile, before, pieces, True, "tiles", None, None, True, fast=False)
        assert _score_of(found) == _score_of(alone)


@pytest.mark.parametrize(
    ("name", "changes", "table", "rack", "sweeps_expected"),
    [
        # one joker in play: no two jokers can lie side by side
        ("online", {"forbid_adjacent_jokers": True}, "r3 r4 r5 | b7 k7 o7 j", "r6 b7 o9", False),
        ("online", {"forbid_adjacent_jokers": True}, "r3 j r5 | b7 k7 o7", "r6 j o9 o10", True),
        # two rack pieces a play: the best play places two anyway
        ("online", {"min_rack_tiles_per_play": 2}, "r3 r4 r5 | b7 k7 o7", "r6 r7 o9", False),
        # it places one (r6): the sweep looks for the best placing two, and finds none
        ("online", {"min_rack_tiles_per_play": 2}, "r3 r4 r5 | b7 k7 o7", "r6 o9 k1", True),
        # a frozen joker meld left alone, three pieces placed beside it
        ("pagat", {"min_rack_tiles_per_play": 2}, "r5 r6 j | b1 b2 b3", "k7 k8 k9 o11", False),
    ],
)
def test_house_rules_the_position_cannot_break_leave_the_fast_core_in(
    name: str,
    changes: dict[str, Any],
    table: str,
    rack: str,
    sweeps_expected: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Row 16 and D9 variants: the fast core knows neither rule, but one joker in play
    cannot lie beside another, and a best play placing enough rack pieces is the best play
    under the rule; the general sweep runs only where the position needs it. Same scores as
    the sweep alone."""
    from rummikit.solver import _dispatch as engines

    profile = rk.profiles.get(name).evolve(name=f"{name}-house", **changes)
    sweeps = _spy_on_sweeps(monkeypatch)
    found = _checked(profile, table, rack)
    assert bool(sweeps) is sweeps_expected
    _, before, pieces = engines.checked_position(profile, table, rack, True)
    alone = _general_sweep(profile, before, pieces, True, "tiles", None, None, True, fast=False)
    assert _score_of(found) == _score_of(alone)


def test_regression_rami_voleur_rack_aces_count_once_in_the_bound() -> None:
    """Rami voleur's aces go low or high: the fast core's bound counted each rack ace at
    both ends, so a play laying the whole rack, four aces included, could not be proven
    best without searching everything (3.5 seconds on this position); each ace now counts
    once, so the play is proven at once, within a small budget."""
    table = (
        "j 5c 6c 7c 8c | j 6c 6d | 9d 10d Jd | Jc Qc Kc | 10c 10s 10h 10d | Ac 2c 3c | "
        "6s 7s 8s 9s | 6s 7s 8s 9s 10s | 3h 3c 3d | 3s 4s 5s | 4h 5h 6h 7h 8h"
    )
    rack = "4d Ad 5d 2d Ah As 9h Kd 4c 2s 9h Qs 2c Qd Qh 8h 9c Js Ks 7c"
    rami = rk.profiles.get("rami_voleur")
    found = solve(rami, table, rack, budget=500, keep_table=False, opened=True)
    assert found is not None
    assert found.score == 20
    assert found.optimal
    assert rami.check_turn(before=table, rack=rack, after=found.table, opened=True).ok


@pytest.mark.parametrize("low_table", [False, True])
def test_fast_core_grows_a_kept_run_at_both_ends(low_table: bool) -> None:
    """A kept run (suit 0, values 8 to 10) in the fast core: a run of two rack pieces joins
    it from below, a piece above goes on from it, a piece that fits nothing stays. The
    same from either end of the sweep (a table group at 1 makes it start from the top)."""
    from rummikit.solver import _fast

    table = _fast.no_counts()
    if low_table:
        for suit in (1, 2, 3):
            table[suit][1] = 1
    assert _fast.starts_high(13, table) is low_table
    rack = _fast.no_counts()
    for value in (6, 7, 11, 3):
        rack[0][value] = 1
    block = (0, 8, 10)
    plan = _fast.solve_counts(13, table, rack, 0, 0, [1] * 15, 1, blocks=[block])
    assert plan is not None
    assert (plan.score, plan.optimal, plan.mirrored) == (3, True, low_table)
    kept = [(0, 8), _fast.JOKER_PIECE, (0, 10)]
    melds = _fast.arrange(plan, 13, [(block, kept)])
    assert (True, [(0, 6), (0, 7), (0, 8), _fast.JOKER_PIECE, (0, 10), (0, 11)]) in melds


def test_fast_core_leads_a_kept_run_with_jokers_alone() -> None:
    """Jokers may grow a kept run by themselves: below it (jokers alone, leading it) or
    above it (an open run going on with a joker)."""
    from rummikit.solver import _fast

    empty = _fast.no_counts()
    rack = _fast.no_counts()  # no naturals: two rack jokers alone
    for block in ((1, 2, 4), (1, 11, 13), (1, 1, 3)):  # room below, below only, above only
        plan = _fast.solve_counts(13, empty, rack, 0, 2, [1] * 15, 1, blocks=[block])
        assert plan is not None, block
        assert plan.score == 2, block  # both rack jokers
        _, lo, hi = block
        melds = _fast.arrange(plan, 13, [(block, [(1, v) for v in range(lo, hi + 1)])])
        assert len(melds) == 1, block
        is_run, pieces = melds[0]
        assert is_run
        assert pieces.count(_fast.JOKER_PIECE) == 2
        assert [p for p in pieces if p != _fast.JOKER_PIECE] == [(1, v) for v in range(lo, hi + 1)]


def test_fast_core_at_least_looks_only_for_plays_that_reach_it() -> None:
    """The tie step asks whether the rack alone reaches the best play's score: the fast core
    then looks only for arrangements worth that much, and says None when there is none."""
    from rummikit.solver import _fast

    rack = _fast.no_counts()
    for value in (1, 2, 3):
        rack[0][value] = 1  # a run of three of one suit
    rack[1][9] = 1  # and a piece that fits nothing
    empty = _fast.no_counts()
    weights = [1] * 15
    best = _fast.solve_counts(13, empty, rack, 0, 0, weights, 1)
    assert best is not None
    assert best.score == 3
    assert best.optimal
    reached = _fast.solve_counts(13, empty, rack, 0, 0, weights, 1, at_least=3)
    assert reached is not None
    assert reached.score == 3
    assert _fast.solve_counts(13, empty, rack, 0, 0, weights, 1, at_least=4) is None


def test_fast_core_knows_when_the_jokers_will_be_missed() -> None:
    """With every joker used, a state at value 2 cannot be followed by anything: the table's
    red and blue 4s need a joker. The search asks that once, from a state that can do
    whatever any can, instead of finding it out for each way the jokers were placed."""
    from rummikit.solver import _fast

    table = _fast.no_counts()
    rack = _fast.no_counts()
    for suit in (0, 1):
        table[suit][4] = 1  # r4 b4 and a joker on the table
    search = _fast._FastCoreSearch(13, table, rack, 1, 0, [1] * 15, 1)
    assert search.starved(2, 0)  # nothing follows: the 4s are stranded
    assert not search.starved(5, 0)  # past the 4s, the empty rest follows
    assert search.suffix_max[2] == -1  # what it proved is kept: nothing worth 0 or more


@SMALL
@given(data=st.data())
def test_exact_when_the_fast_core_asks_early_whether_jokers_will_be_missed(
    data: st.DataObject,
) -> None:
    """The fast core asks :meth:`_FastCoreSearch.starved` only in long searches; asked from the
    start (so small positions go through it), the solver stays exact."""
    from rummikit.solver import _fast

    profile = rk.profiles.get("online")
    table, rack = _position(data, profile, max_melds=3, max_tiles=9, max_rack=5)
    real = _fast.STARVED_FROM
    _fast.STARVED_FROM = -1
    try:
        found = _checked(profile, table, rack, keep_table=False)
    finally:
        _fast.STARVED_FROM = real
    assert _score_of(found) == brute_free(profile, table, rack, "tiles")


def test_fast_core_drops_a_move_that_leaves_a_rack_natural_for_nothing() -> None:
    """A suit's move that leaves a rack natural unused is dropped when another move uses it
    and keeps open runs that can do whatever its own can. At value 1 nothing is dropped
    (every run there is new and too short to close), so an ace left at 1 with ace high can
    still end a run at 14."""
    from rummikit.solver import _fast_moves as _fast

    three = _fast._intern((3,))  # one open run, long enough to close
    closed = _fast._intern(())
    found = _fast.moves(three, 0, 1, 0, 0)
    assert any(m.naturals == 1 and m.new == three and m.groups == 0 for m in found)
    assert not any(m.naturals == 0 and m.new == closed for m in found)  # close, leave it
    at_one = _fast.moves(closed, 0, 2, 0, 0)  # an ace with ace high: all optional at 1
    assert any(m.naturals == 0 for m in at_one)
    assert [m.naturals for m in found] == sorted((m.naturals for m in found), reverse=True)


def test_fast_core_starts_its_sweep_where_the_table_holds_less() -> None:
    """The sweep starts from the end of the values where the table's pieces weigh less
    (by distance from the middle value); a split of table pieces alone, with no rack piece
    to leave, starts upward. Either way the score is the same (the other direction finishes
    the proof when the first does not)."""
    from rummikit.solver import _fast

    low = _fast.no_counts()
    for suit in range(3):
        for value in (2, 3, 4):
            low[suit][value] = 1  # three runs low down
    high = _fast.no_counts()
    for suit in range(3):
        for value in (10, 11, 12):
            high[suit][value] = 1
    assert _fast.starts_high(13, low)
    assert not _fast.starts_high(13, high)
    assert not _fast.starts_high(13, _fast.no_counts())
    rack = _fast.no_counts()
    rack[3][7] = rack[3][8] = rack[3][9] = 1
    weights = [1] * 15
    for table, mirrored in ((low, True), (high, False)):
        plan = _fast.solve_counts(13, table, rack, 0, 0, weights, 1)
        assert plan is not None
        assert (plan.score, plan.optimal, plan.mirrored) == (3, True, mirrored)
        split = _fast.solve_counts(13, table, _fast.no_counts(), 0, 0, [0] * 15, 0)
        assert split is not None
        assert (split.optimal, split.mirrored) == (True, False)


def test_regression_three_copies_do_not_overflow_the_fast_core():
    """Found by a review: under ``copies=3`` the fast core's packed state ran out of run
    states (OverflowError). Decks with more copies and jokers than its state holds go to the
    general sweep."""
    house = rk.profiles.get("pagat").evolve(copies=3)
    table = (
        "b9 b10 j b12 b13 | r1 r2 j r4 r5 | r3 b3 k3 o3 | r6 b6 k6 | b5 b6 b7 | o4 o5 o6 o7"
        " | r6 r7 r8 | k1 k2 k3 k4 k5 k6 k7 k8 | r7 r8 r9 r10 | k7 k8 k9 k10 | r11 o11 b11"
        " | r11 o11 k11 | r7 r8 r9 r10 r11 r12 r13"
    )
    assert solve(house, table, "r13 b3 k10", opened=True) is None  # exact: no play
    found = solve(house, "r1 r2 r3 | r1 r2 r3 | r1 r2 r3", "r4 r4 r4 b9", opened=True)
    assert found is not None
    assert found.score == 3
    assert house.check_turn(
        before="r1 r2 r3 | r1 r2 r3 | r1 r2 r3", rack="r4 r4 r4 b9", after=found.table, opened=True
    )


def test_regression_row3_four_copies_of_an_ace_high_are_not_lost() -> None:
    """Row 3, rami voleur's ace high, with a house deck of four copies (found by a review): the fast
    core keeps a suit's aces left for the top in 2-bit fields, which four aces overflowed,
    and ``As As As As Ks Qs`` found nothing."""
    variant = rk.profiles.get("rami_voleur").evolve(copies=4, jokers=0)
    found = _checked(variant, "", "As As As As Ks Qs")
    assert found is not None
    assert (found.score, found.optimal) == (3, True)
    table = "As 2s 3s | As 2s 3s | As 2s 3s | As 2s 3s"
    found = _checked(variant, table, "4s")
    assert found is not None
    assert found.score == 1
