"""Rami voleur's tierce franche: three naturals of one suit in a row from the hand.

Each tierce of the rack is a case. :func:`_by_tierces` answers them by the fast core: some
best opening holds a run of the tierce and at most two more places at each end, each
filled from the rack or the table, and the open player's best play with what is left
completes it. Where the fast core does not apply, :func:`_tierce_setups` lays each tierce
as a run block that the general sweep may grow at its ends.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

import attrs

from rummikit.meld import Meld, MeldKind
from rummikit.options import OpeningRule
from rummikit.pieces import JOKER, Tile, suits_of
from rummikit.profile import RuleProfile
from rummikit.solver import _fast
from rummikit.solver._budget import CASE_STEPS, Budget
from rummikit.solver._fast_io import (
    _arranged,
    _counts,
    _live_worth,
    _plain,
    _TooLong,
    _top,
    _weights,
)
from rummikit.solver._fast_moves import MIN_LEN
from rummikit.solver._frozen import _keep
from rummikit.solver._position import Solution, _opens, _tiles_of_table, _worth
from rummikit.solver._setup import _natural, _Setup
from rummikit.solver._tie import _finish, _keep_melds
from rummikit.table import TableState


def _tierces(profile: RuleProfile, pieces: list[Tile]) -> list[list[Tile]]:
    """Every three naturals of one suit in a row in the rack (ace high or low)."""
    have = {(t.suit, t.rank) for t in pieces if t.suit is not None}
    found = []
    for suit, rank in sorted(have, key=lambda p: (str(p[0]), p[1])):
        ranks = [rank, rank + 1, rank + 2]
        if profile.ace_high and rank == 12:
            ranks = [12, 13, 1]
        elif rank > 11:
            continue
        if all((suit, r) in have for r in ranks):
            found.append([Tile(suit, r) for r in ranks])
    return found


def _tierce_setups(setup: _Setup, pieces: list[Tile]) -> Iterator[_Setup]:
    """``setup`` with each tierce franche of the rack laid as a run block.

    An opening by a tierce franche holds three naturals of one suit in a row from the rack
    in one run: a block of them, which the sweep may grow at its ends, is that run. One
    solve per tierce is much faster than tracking rack pieces in a row in every open run.
    Where melds are longer than three, the block is each run of the shortest length holding
    the tierce (:func:`_tierce_windows`): the opening run holds one of them.
    """
    profile = setup.profile
    for run in _tierces(profile, pieces):
        taken = setup.copy()
        if not all(_take_for_tierce(taken, tile) for tile in run):
            continue
        for layout, extra in _tierce_windows(profile, run):
            for sources in itertools.product((True, False), repeat=len(extra)):
                laid = taken.copy()
                if not all(
                    _take_extra(laid, tile, from_rack)
                    for tile, from_rack in zip(extra, sources, strict=True)
                ):
                    continue
                meld = Meld(layout)
                _keep(laid, meld, profile.read_meld(meld), layout)
                laid.tierce = tuple(run)
                yield laid


def _tierce_windows(
    profile: RuleProfile, run: list[Tile]
) -> list[tuple[tuple[Tile, ...], tuple[Tile, ...]]]:
    """The runs of ``profile.min_meld_length`` pieces holding the tierce ``run``, each with
    the pieces it adds (a natural or a joker in each added place): the tierce alone where
    three pieces make a meld."""
    extra_places = profile.min_meld_length - len(run)
    if extra_places <= 0:
        return [(tuple(run), ())]
    suit = run[0].suit
    low = run[0].rank
    top = 14 if profile.ace_high else 13
    found = []
    for start in range(low - extra_places, low + 1):
        ranks = range(start, start + profile.min_meld_length)
        if start < 1 or ranks[-1] > top:
            continue
        added = [r for r in ranks if not low <= r < low + len(run)]
        for fills in itertools.product((False, True), repeat=len(added)):
            chosen = dict(zip(added, fills, strict=True))
            layout = tuple(
                JOKER if chosen.get(r) else _natural(suit, 1 if r == 14 else r) for r in ranks
            )
            if profile.is_valid_meld(layout):
                found.append((layout, tuple(layout[r - start] for r in added)))
    return found


def _take_extra(setup: _Setup, tile: Tile, from_rack: bool) -> bool:
    """Take ``tile`` into a tierce's block beyond the tierce: from the rack (a piece
    played) or from the sweep's table pieces."""
    if from_rack:
        if not setup.take_from_rack(tile):
            return False
        setup.forced.append(tile)
        return True
    if tile.suit is None:
        if setup.table_jokers <= 0:
            return False
        setup.table_jokers -= 1
        return True
    s, v = setup.value_of(tile)
    if setup.table[s][v] <= setup.replacing.count((s, v)):
        return False
    setup.table[s][v] -= 1
    return True


def _take_for_tierce(setup: _Setup, tile: Tile) -> bool:
    """Take ``tile`` from the rack into a tierce franche's block. A rack piece already
    played to replace a joker of a released meld may be one of the tierce's too: that
    meld's run is then the tierce's (from ``r3 j j r6`` with ``r4 r5 r6 b6``, the
    replacements r4 r5 and the r6 make ``r3 r4 r5 r6``, the table's r6 going elsewhere)."""
    if setup.take_from_rack(tile):
        setup.forced.append(tile)
        return True
    if tile in setup.swept:
        s, v = setup.value_of(tile)
        setup.swept.remove(tile)
        setup.replacing.remove((s, v))
        setup.table[s][v] -= 1  # it moves from the sweep into the block
        return True
    return False


def _by_tierces(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    objective: str,
    budget: Budget,
    keep_table: bool,
    guess: Solution | None,
    ceiling: int | None,
) -> tuple[bool, Solution | None]:
    """The best opening by a tierce franche, each case answered by the fast core. Returns
    (answered, best); not answered where the fast core does not apply, or when the judge
    refuses the best play found (the general sweep then decides).

    An opening holds a run with three naturals of one suit in a row from the rack (the
    tierce). Pieces beyond the tierce at one end, three or more, make a run of their own
    (with at most two jokers in the deck they hold a natural, and the usual meld shapes,
    which the fast core needs, ask nothing more), so some best opening holds a run of the
    tierce and at most two more places at each end. Each such run, each place filled from
    the rack or the table (a natural, or a joker), is one case; the open player's best play
    with what is left is the fast core's (a play that only lays new melds when the opening
    may not touch the table). Cases are tried most
    promising first and stop mattering once they cannot beat the best found (or the
    ceiling, the open player's best score). The cases share the solve's ``budget``, which
    building each is charged to too: once it is spent, no more are built or searched, and
    the best found is not proven.
    """
    play_on = profile.opening_table_play and profile.table_manipulation
    if not (
        profile.opening_rule is OpeningRule.PURE_RUN
        # the fast core's table: the real one (frozen jokers keep it out), or none; the
        # tierce places three rack pieces already
        and _plain(profile, before if play_on else TableState(()), True, placed=MIN_LEN)
        and profile.jokers < MIN_LEN  # three places beyond the tierce hold a natural
    ):
        return False, None
    top = _top(profile)
    weights, joker_weight = _weights(profile, objective)
    table, table_jokers, suits = _counts(profile, _tiles_of_table(before) if play_on else [])
    rack, rack_jokers, _ = _counts(profile, pieces)
    cases = []
    proven = True  # every case was built, and every case's search finished
    for run in _tierces(profile, pieces):
        for layout, taken in _tierce_runs(profile, run, table, table_jokers, rack, rack_jokers):
            if budget.out:
                proven = False
                break
            budget.spend(CASE_STEPS)
            rest_table = [row[:] for row in table]
            rest_rack = [row[:] for row in rack]
            jokers = [table_jokers, rack_jokers]  # left, by side: [table, rack]
            for tile, from_rack in [*((tile, True) for tile in run), *taken]:
                if tile.suit is None:
                    jokers[from_rack] -= 1
                else:
                    s, v = suits.index(tile.suit), tile.rank
                    (rest_rack if from_rack else rest_table)[s][v] -= 1
            played = [*run, *(tile for tile, from_rack in taken if from_rack)]
            fixed = _worth(profile, played, objective)
            live = _fast.live_rack(top, rest_table, rest_rack, sum(jokers), budget)
            reach = fixed + _live_worth(live, jokers[1], weights, joker_weight)
            if ceiling is not None:
                reach = min(reach, ceiling)
            cases.append((reach, fixed, layout, rest_table, live, jokers))
    cases.sort(key=lambda case: -case[0])
    best = guess
    for reach, fixed, layout, rest_table, live, jokers in cases:
        if best is not None and reach <= best.score:
            break
        at_least = 0 if best is None else best.score - fixed + 1
        table_left, rack_left = jokers
        plan = _fast.solve_counts(
            top,
            rest_table,
            live,
            table_left,
            rack_left,
            weights,
            joker_weight,
            budget,
            at_least=at_least,
        )
        if plan is None:
            proven = proven and not budget.bounded
            continue
        proven = proven and plan.optimal
        try:
            if keep_table and play_on and before.melds:
                rest = _keep_melds(profile, before, plan, budget)
            else:
                rest = _arranged(plan, suits, top)
        except _TooLong:
            return False, None
        kept = () if play_on else before.melds
        after = TableState((*kept, Meld(layout, MeldKind.RUN), *rest))
        candidate = _finish(profile, before, pieces, after, objective, False, None, budget)
        if candidate is None or (best is not None and candidate.score <= best.score):
            continue
        if not _opens(budget, profile, before, pieces, candidate.table):
            return False, None
        best = candidate
    return True, None if best is None else attrs.evolve(best, optimal=proven)


def _tierce_runs(
    profile: RuleProfile,
    run: list[Tile],
    table: list[list[int]],
    table_jokers: int,
    rack: list[list[int]],
    rack_jokers: int,
) -> Iterator[tuple[tuple[Tile, ...], list[tuple[Tile, bool]]]]:
    """The runs of :func:`_by_tierces` around the tierce ``run``: the tierce and up to two
    places at each end, each filled by a natural or a joker, from the rack (True) or the
    table (False), as far as there are pieces; with the pieces taken beyond the tierce."""
    suit = run[0].suit
    s = tuple(suits_of(profile.piece_set)).index(suit)
    low = run[0].rank  # the tierce's places are low .. low + 2 (a high ace's is 14)
    top = _top(profile)
    jokers = {False: table_jokers, True: rack_jokers}
    # what the places may take: per piece (the ace is piece 1 at both of its places)
    stock = {
        False: table[s],
        True: [n - sum(1 for tile in run if tile.rank == v) for v, n in enumerate(rack[s])],
    }

    def fills(place: int) -> list[tuple[Tile, bool]]:
        piece = 1 if place == 14 else place
        natural = _natural(suit, piece)
        return [(natural, side) for side in (False, True) if stock[side][piece] > 0] + [
            (JOKER, side) for side in (False, True) if jokers[side] > 0
        ]

    sides = []
    for places in ((low - 1, low - 2), (low + 3, low + 4)):
        options: list[tuple[tuple[Tile, bool], ...]] = [()]
        for count in (1, 2):
            if not all(1 <= place <= top for place in places[:count]):
                break
            options.extend(itertools.product(*(fills(place) for place in places[:count])))
        sides.append(options)
    for below, above in itertools.product(*sides):
        taken = [*below, *above]
        used = Counter(taken)
        if any(
            n > (jokers[side] if tile.suit is None else stock[side][tile.rank])
            for (tile, side), n in used.items()
        ):
            continue  # more of a piece than its side holds
        layout = (*(tile for tile, _ in reversed(below)), *run, *(tile for tile, _ in above))
        if profile.is_valid_meld(Meld(layout, MeldKind.RUN)):
            yield layout, taken
