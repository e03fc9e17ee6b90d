"""Plays by the fast core: a free table, and pagat's tables with frozen joker melds.

On a free table the fast core's best play is the answer (:func:`_solve_plain`), its table
tidied by the tie step. With frozen joker melds (pagat, an opened player), the fast core
bounds every play (every joker free) and plays around the frozen melds left alone
(:func:`_frozen_bounds`); a setup keeping some of them is answered with its kept frozen
groups laid aside (:func:`_groups_laid`) and its kept frozen runs as the core's kept runs
(:func:`_solve_laid`).
"""

from __future__ import annotations

import attrs

from rummikit.meld import Meld
from rummikit.pieces import JOKER, Tile
from rummikit.profile import RuleProfile
from rummikit.solver import _fast
from rummikit.solver._budget import Budget
from rummikit.solver._fast_io import (
    _arranged,
    _counts,
    _fast_piece,
    _live_worth,
    _TooLong,
    _top,
    _weights,
)
from rummikit.solver._position import Solution, _judged, _tiles_of_table, _worth
from rummikit.solver._setup import _Setup, _tile
from rummikit.solver._tie import _finish, _keep_melds
from rummikit.table import TableState


def _solve_plain(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    objective: str,
    budget: Budget,
    *,
    keep_table: bool,
) -> Solution | None:
    top = _top(profile)
    table, table_jokers, suits = _counts(profile, _tiles_of_table(before))
    rack, rack_jokers, _ = _counts(profile, pieces)
    live = _fast.live_rack(top, table, rack, table_jokers + rack_jokers, budget)
    weights, joker_weight = _weights(profile, objective)
    plan = _fast.solve_counts(
        top, table, live, table_jokers, rack_jokers, weights, joker_weight, budget
    )
    if plan is None or plan.score <= 0:
        return None
    if not keep_table or not before.melds:  # an empty table has nothing to keep
        after = TableState(_arranged(plan, suits, top))
    elif (
        alone := _rack_alone(top, live, rack_jokers, weights, joker_weight, budget, plan)
    ) is not None:
        after = TableState((*before.melds, *_arranged(alone, suits, top)))  # table untouched
    else:
        after = TableState(_keep_melds(profile, before, plan, budget))
    return _finish(profile, before, pieces, after, objective, plan.optimal, None, budget)


def _rack_alone(
    top: int,
    live: list[list[int]],
    rack_jokers: int,
    weights: list[int],
    joker_weight: int,
    budget: Budget,
    plan: _fast.Plan,
) -> _fast.Plan | None:
    """Ties: melds of rack pieces alone scoring as much as ``plan``, if there are (the
    table can then stay exactly as it was)."""
    empty = _fast.no_counts()
    own = _fast.live_rack(top, empty, live, rack_jokers, budget)  # what melds by itself
    if _live_worth(own, rack_jokers, weights, joker_weight) < plan.score:
        return None
    alone = _fast.solve_counts(
        top, empty, own, 0, rack_jokers, weights, joker_weight, budget, at_least=plan.score
    )
    return alone if alone is not None and alone.score == plan.score else None


def _frozen_bounds(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    objective: str,
    budget: Budget,
    keep_table: bool,
) -> tuple[Solution | None, int | None]:
    """A good play and the most any play can score (None when unknown), for an opened
    player on a table whose melds holding a joker are frozen.

    The frozen rule only forbids plays, so the fast core's best play with every joker free
    bounds them all; when the judge accepts it, it is the answer (flagged optimal). Leaving
    the frozen melds as they are and playing on the rest of the table is legal: the fast
    core's best play there is the guess, flagged optimal when it reaches the bound (its
    table is tidied only once it is the answer). The general sweep then looks only for
    better plays, and stops at the bound. With a ``budget``, a bound is known only where
    the search finished; a play the budget cut short is the guess when the judge accepts
    it and it scores more.
    """
    try:
        free = _solve_plain(profile, before, pieces, objective, budget, keep_table=keep_table)
    except _TooLong:
        return _frozen_left(profile, before, pieces, objective, budget, keep_table=False), None
    if free is None:
        return None, (None if budget.bounded else 0)
    legal = _judged(budget, profile, before, pieces, free.table, True)
    if free.optimal and legal:
        return free, free.score  # the frozen rule forbids nothing it does
    ceiling = free.score if free.optimal else None
    guess = _frozen_left(profile, before, pieces, objective, budget, keep_table=False)
    if guess is not None and guess.score == ceiling:  # the answer: tidied where asked
        if keep_table:
            guess = _frozen_left(profile, before, pieces, objective, budget, True) or guess
        return attrs.evolve(guess, optimal=True), ceiling
    if legal and (guess is None or free.score > guess.score):
        return free, ceiling  # cut short by the budget, but legal
    return guess, ceiling


def _frozen_left(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    objective: str,
    budget: Budget,
    keep_table: bool,
) -> Solution | None:
    """The best play leaving every meld holding a joker as it is (legal whatever the joker
    rule), or None when there is none."""
    rest = TableState(tuple(meld for meld in before.melds if JOKER not in meld.tiles))
    try:
        low = _solve_plain(profile, rest, pieces, objective, budget, keep_table=keep_table)
    except _TooLong:
        return None
    if low is None:
        return None
    frozen = [meld for meld in before.melds if JOKER in meld.tiles]
    return attrs.evolve(low, table=TableState((*frozen, *low.table.melds)), optimal=False)


def _groups_laid(setup: _Setup) -> list[_Setup]:
    """``setup`` with its kept frozen groups outside the sweep, one setup per way they can
    grow: a frozen group takes no joker, so each stays as it is or takes one natural of a
    suit it lacks (from the rack or from the table) while it has room."""
    base = setup.copy()
    base.group_blocks, base.group_block_rooms = [], []
    base.group_block_tiles, base.group_block_melds = [], []
    variants = [base]
    for block, rooms, tiles in zip(
        setup.group_blocks, setup.group_block_rooms, setup.group_block_tiles, strict=True
    ):
        grown: list[_Setup] = []
        for variant in variants:
            laid = variant.copy()
            laid.untouched.append(Meld(tiles))
            grown.append(laid)
            if block.size >= setup.shape.max_group:
                continue
            for s in rooms:
                tile = _tile(setup, s, block.value)
                for from_rack in (True, False):
                    if (variant.rack if from_rack else variant.table)[s][block.value] == 0:
                        continue
                    laid = variant.copy()
                    (laid.rack if from_rack else laid.table)[s][block.value] -= 1
                    if from_rack:
                        laid.forced.append(tile)  # played from the rack, outside the sweep
                    laid.untouched.append(Meld((*tiles, tile)))
                    grown.append(laid)
        variants = grown
    return variants


def _solve_laid(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    setup: _Setup,
    objective: str,
    budget: Budget,
    keep_table: bool,
    beat: int | None,
) -> tuple[bool, Solution | None, int | None]:
    """:func:`_solve_in_core` for a setup without group blocks; also the most its plays
    can score (None when unknown)."""
    forced = _worth(profile, setup.forced, objective)  # pieces played outside the core
    top = _top(profile)
    jokers = setup.table_jokers + len(setup.freed)
    blocks = [
        ((block.suit, block.lo, block.hi), [_fast_piece(setup, tile) for tile in tiles])
        for block, tiles in zip(setup.run_blocks, setup.run_block_tiles, strict=True)
    ]
    around = [list(row) for row in setup.table]  # a rack piece may also grow a kept run
    for (s, lo, hi), _ in blocks:
        for v in range(lo, hi + 1):
            around[s][v] += 1
    live = _fast.live_rack(top, around, setup.rack, jokers + setup.rack_jokers, budget)
    weights, joker_weight = _weights(profile, objective)
    plan = _fast.solve_counts(
        top,
        setup.table,
        live,
        jokers,
        setup.rack_jokers,
        weights,
        joker_weight,
        budget,
        at_least=0 if beat is None else max(0, beat + 1 - forced),
        blocks=[block for block, _ in blocks],
    )
    if plan is None:  # no arrangement (beating ``beat``), or none found within the budget
        return not budget.bounded, None, (None if budget.bounded else (beat or 0))
    most = plan.score + forced if plan.optimal else None
    try:
        melds = _arranged(plan, setup.suits, top, blocks)
    except _TooLong:
        return False, None, most
    after = TableState((*setup.untouched, *melds))
    solution = _finish(
        profile,
        before,
        pieces,
        after,
        objective,
        plan.optimal,
        setup if keep_table else None,
        budget,
    )
    if solution is None:
        return True, None, most
    if not _judged(budget, profile, before, pieces, solution.table, True):
        return False, None, most
    return True, solution, most
