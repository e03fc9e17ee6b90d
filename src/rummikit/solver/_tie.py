"""Ties: among plays of the best score, one that keeps the table's melds as they were.

The pieces on the table, hence the score, never change here: melds are only split another
way. After the fast core, :func:`_keep_melds` starts from the melds the play left intact
and puts each other old meld back, largest first, where the new melds around it still
split without its pieces (a bounded search each, :data:`_KEEP_BUDGET` steps). After the
general sweep, :func:`_keep_table` pools the pieces of the melds the sweep was free to
change and takes old melds back out of the pool while the rest still splits. This is
greedy, not a proof. :func:`_finish` builds the :class:`~rummikit.Solution` of a table,
tidied where asked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Final

from rummikit.judge._common import minus, plus, within
from rummikit.meld import Meld
from rummikit.options import JokerPolicy
from rummikit.pieces import JOKER, TILE_COLOURS, Tile, suits_of, tile_from_code
from rummikit.profile import RuleProfile
from rummikit.solver import _fast
from rummikit.solver._budget import CHECK_STEPS, MELD_STEPS, PLAY_STEPS, Budget
from rummikit.solver._fast_io import _arranged, _plain, _TooLong, _top
from rummikit.solver._position import Solution, _worth
from rummikit.solver._rebuild import _rebuild
from rummikit.solver._search import search
from rummikit.solver._setup import _base_setup, _natural, _problem, _Setup
from rummikit.table import TableState


def _finish(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    after: TableState,
    objective: str,
    optimal: bool,
    tidy: _Setup | None,
    budget: Budget,
) -> Solution | None:
    """The solution for the table ``after``; with a setup to ``tidy``, the melds it was
    free to rearrange are re-split to keep old ones (:func:`_keep_table`). Charged to the
    solve's ``budget`` (:data:`~rummikit.solver._budget.PLAY_STEPS` and
    :data:`~rummikit.solver._budget.MELD_STEPS` a meld)."""
    budget.spend(PLAY_STEPS + MELD_STEPS * len(after.melds))
    # counted by code: a tile's hash is a Python call, an int's is not
    played = minus(_codes(after), _codes(before))
    if not played:
        return None
    if not within(played, Counter(tile.code for tile in pieces)):
        shown = " ".join(str(tile_from_code(code)) for code in played.elements())
        raise AssertionError(f"solver bug: played pieces not on the rack: {shown}")
    tiles = [tile_from_code(code) for code in sorted(played.elements())]
    score = _worth(profile, tiles, objective)
    if tidy is not None:
        after = _keep_table(profile, after, tidy, budget)
    return Solution(after, tuple(tiles), score, optimal)


def _codes(table: TableState) -> Counter[int]:
    """The codes of the tiles on ``table``, as a multiset."""
    return Counter(code for meld in table.melds for code in meld.codes)


def _keep_melds(
    profile: RuleProfile, before: TableState, plan: _fast.Plan, budget: Budget
) -> list[Meld]:
    """Ties: the table of ``plan`` rebuilt to keep old melds whole where that is cheap.

    The melds the best play left intact stay. Then each other old meld, largest first, is
    taken back out of the new melds sharing a piece with it; when the pieces left over do
    not split into melds by themselves, the new melds near them (holding a piece of one of
    their ranks, or of one of their suits within two ranks) join them. When that splits (a
    search of :data:`_KEEP_BUDGET` steps at most), the old meld stays and the split replaces
    the melds it used. The pieces on the table do not change, so neither does the score;
    each check is local, so it is small and cheap. The checks are charged to the solve's
    ``budget`` (:data:`~rummikit.solver._budget.CHECK_STEPS` each, and their searches'
    steps); once it is spent, the melds not yet checked are left as the play has them.
    """
    arranged = _arranged(plan, tuple(suits_of(profile.piece_set)), _top(profile))
    kept, others = _matched(before.melds, arranged)
    _, current = _matched(arranged, kept)
    # pieces by code throughout: a tile hashes through a Python call, an int does not;
    # melds are told apart by id (equal melds may be one cached object, see _arranged: every
    # choice below goes by a meld's pieces, so such twins are taken or left together)
    for meld in sorted(others, key=len, reverse=True):
        if budget.out:
            break
        budget.spend(CHECK_STEPS)
        need = Counter(meld.codes)
        sharing = [m for m in current if not need.keys().isdisjoint(m.codes)]
        pool = Counter(code for m in sharing for code in m.codes)
        if any(pool[code] < n for code, n in need.items()):
            continue  # part of it lies in a meld kept whole
        left = minus(pool, need)  # as pool.subtract(need) then +pool, in compiled code
        touched = sharing
        split = _fast_split(profile, left, budget, _KEEP_BUDGET)
        if split is None:
            # the pieces left over may trade with the melds near them
            shared = {id(m) for m in sharing}
            around = {code for code in left if code != JOKER.code} or {
                code for code in meld.codes if code != JOKER.code
            }  # only jokers left over: they may go near the old meld
            ranks, close = _near_places(around, wrap=profile.ace_high)
            budget.spend(CHECK_STEPS + len(current))
            near = [
                m
                for m in current
                if id(m) not in shared
                and any(code % _RANKS in ranks or code in close for code in m.codes)
            ]
            if not near:
                continue
            touched = sharing + near
            pool = plus(left, Counter(c for m in near for c in m.codes))
            split = _fast_split(profile, pool, budget, _KEEP_BUDGET)
        if split is not None:
            used = {id(m) for m in touched}
            current = [m for m in current if id(m) not in used] + split
            kept.append(meld)
    return [*kept, *current]


def _matched(melds: Sequence[Meld], others: Sequence[Meld]) -> tuple[list[Meld], list[Meld]]:
    """``melds`` split into those with an equal meld in ``others`` (each used once) and the
    rest."""
    left = Counter(m.key for m in others)
    found: list[Meld] = []
    rest: list[Meld] = []
    for meld in melds:
        if left[meld.key] > 0:
            left[meld.key] -= 1
            found.append(meld)
        else:
            rest.append(meld)
    return found, rest


def _near_places(pieces: set[int], *, wrap: bool) -> tuple[set[int], set[int]]:
    """Where a meld lies near one of ``pieces`` (naturals, by :attr:`~rummikit.Tile.code`):
    holding a natural of one of their ranks (the first set, of ranks), or of one of their
    suits within two ranks (the second, of codes; counted round the ace when it is also
    high, ``wrap``). Those are the melds the pieces could trade with."""
    ranks = {code % _RANKS for code in pieces}
    close = set()
    for code in pieces:
        rank = code % _RANKS
        for step in range(-2, 3):
            other = rank + step
            if wrap:
                other = (other - 1) % 13 + 1
            close.add(code - rank + other)  # out of 1..13: no piece's code
    return ranks, close


_RANKS: Final = Tile(TILE_COLOURS[1], 1).code - Tile(TILE_COLOURS[0], 1).code
"""A natural's :attr:`~rummikit.Tile.code` is its suit's number times this, plus its rank
(read off two tiles, so that it follows :mod:`rummikit.pieces`)."""


_KEEP_BUDGET = 400
"""Steps per check of :func:`_keep_melds` at most (charged to the solve's budget).
``keep_table=False`` skips the checks."""


def _keep_table(
    profile: RuleProfile, after: TableState, setup: _Setup, budget: Budget
) -> TableState:
    """Ties: re-partition the pieces so that as many old melds as possible stay as they were.

    Only melds the sweep was free to rearrange are considered. The pieces of the changed
    melds are pooled; old melds are taken back out of the pool, all at once if the rest
    still splits into melds, else one by one (a bounded number of tries), and the rest is
    split again. The pieces on the table do not change, so the score does not either. The
    splits are charged to the solve's ``budget``; none is tried once it is spent.
    """
    free_keys = Counter(m.key for m in setup.free_melds)
    if not free_keys or not profile.table_manipulation:
        return after
    remaining = Counter(free_keys)
    kept: list[Meld] = []
    changed: list[Meld] = []
    for meld in after.melds:
        if remaining[meld.key] and meld in setup.free_melds:
            remaining[meld.key] -= 1
            kept.append(meld)
        else:
            changed.append(meld)
    candidates = [m for m in setup.free_melds if remaining[m.key] > 0]
    fixed: list[Meld] = []
    pool: Counter[Tile] = Counter()  # the pieces of the changed melds that may be re-split
    for meld in changed:
        if _frozen_or_opening(profile, meld, setup):
            fixed.append(meld)
        else:
            pool.update(meld.tiles)
    candidates = [m for m in candidates if not Counter(m.tiles) - pool]
    if not candidates:
        return after
    together = sum((Counter(m.tiles) for m in candidates), Counter())
    trial = None if together - pool else _split(setup, pool - together, budget)
    if trial is not None:
        return TableState((*kept, *fixed, *candidates, *trial))
    chosen: list[Meld] = []
    best_split: list[Meld] | None = None
    left = Counter(pool)
    for meld in sorted(candidates, key=len, reverse=True)[:_KEEP_TRIES]:
        need = Counter(meld.tiles)
        if need - left:
            continue
        split = _split(setup, left - need, budget)
        if split is not None:
            chosen.append(meld)
            left -= need
            best_split = split
    if best_split is None:
        return after
    return TableState((*kept, *fixed, *chosen, *best_split))


_KEEP_TRIES: Final = 3
"""Old melds :func:`_keep_table` tries one by one (the largest first) when they cannot all
stay at once."""


def _frozen_or_opening(profile: RuleProfile, meld: Meld, setup: _Setup) -> bool:
    """Melds that must stay as built: kept blocks and anything outside the free sweep."""
    # the tierce franche's block is the opening: its run stays, the rest may be re-split
    blocks = len(setup.run_blocks) - (1 if setup.tierce else 0)
    return (
        meld in setup.untouched
        or (JOKER in meld.tiles and profile.joker_policy is JokerPolicy.FROZEN)
        or bool(setup.group_blocks)
        or blocks > 0
        or (bool(setup.tierce) and not Counter(setup.tierce) - Counter(meld.tiles))
    )


def _split(setup: _Setup, pool: Counter[Tile], budget: Budget) -> list[Meld] | None:
    """Melds made of exactly the pieces of ``pool``, or None when they do not split (or the
    budget ran out first)."""
    if not pool:
        return []
    if budget.out:
        return None
    budget.spend(CHECK_STEPS)
    if _plain(setup.profile, TableState(()), True):
        return _fast_split(
            setup.profile, Counter({t.code: n for t, n in pool.items()}), budget, _FAST_SPLIT
        )
    split = _base_setup(setup.profile, [])
    split.add_table(list(pool.elements()))
    problem = _problem(split, "tiles", 1, -1)._replace(need=0)
    outcome = search(problem, budget, essential=False, cap=_SPLIT_BUDGET)
    if outcome is None or not outcome.optimal:
        return None
    return [m for m, _tag in _rebuild(split, problem, outcome)]


def _fast_split(
    profile: RuleProfile, pool: Counter[int], budget: Budget, cap: int
) -> list[Meld] | None:
    """Melds made of exactly the pieces of ``pool`` (by :attr:`~rummikit.Tile.code`) by the
    fast core (a search of ``cap`` steps at most, charged to ``budget``), or None when none
    was found."""
    if not pool:
        return []
    if pool.total() < profile.min_meld_length:
        return None  # too few pieces for a meld
    suits = tuple(suits_of(profile.piece_set))
    places = _places(suits)
    table = _fast.no_counts()
    jokers = 0
    for code, count in pool.items():
        if code == JOKER.code:
            jokers += count
        else:
            suit, rank = places[code]
            table[suit][rank] += count
    empty = _fast.no_counts()
    top = _top(profile)
    plan = _fast.solve_counts(top, table, empty, jokers, 0, [0] * 15, 0, budget, cap=cap)
    try:
        return None if plan is None else _arranged(plan, suits, top)
    except _TooLong:
        return None


@cache
def _places(suits: tuple[object, ...]) -> dict[int, tuple[int, int]]:
    """Per natural's :attr:`~rummikit.Tile.code`, its suit's index in ``suits`` and its
    rank: the count tables of :func:`_fast_split`, read straight off a pool of codes."""
    return {
        _natural(suit, rank).code: (i, rank)
        for i, suit in enumerate(suits)
        for rank in range(1, 14)
    }


_SPLIT_BUDGET: Final = 6_000
"""Steps per split of :func:`_split` by the general sweep at most."""


_FAST_SPLIT: Final = 150
"""Steps of the fast core per split of the pooled pieces: a tie-break, so kept cheap."""
