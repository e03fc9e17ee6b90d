"""One suit's moves at one value, for the fast core (:mod:`rummikit.solver._fast`).

A state of the core packs, per suit, an interned tuple of the lengths of the runs still
open (sorted, capped at three: a run that long may close), then with ace high the aces kept
for the top, an opening's points so far and the jokers used. This module holds that layout,
the interning, and each suit's *moves* from an interned state at a value (which runs close,
which take a natural or a joker, which new runs start, with how many leading jokers, and
how many naturals go to groups), cached across calls.

Two exact reductions keep them few. Within a suit, a move whose open runs are dominated by
another move's (same groups and jokers, as many naturals or more; every run at least as
long, the extra runs long enough to close) is dropped: the longer runs can do whatever the
shorter ones can, and a rack natural left unused is worth nothing later. And whether
naturals split into groups depends only on how many there are, the most of one suit, and
the jokers added, so that test is a table look-up; the last suit's moves come filtered by
it (:func:`closing_moves`), since most combinations fail it.
"""

from __future__ import annotations

from functools import cache
from typing import Final, NamedTuple

MIN_LEN: Final = 3
MAX_GROUP: Final = 4
NSUITS: Final = 4
MAX_RUNS: Final = 6
"""The most runs one suit may hold open at once in this core: the solver sends it only
decks whose copies of a piece and jokers add up to no more (a suit's open runs after a
value each took a natural or a joker there). Every sorted tuple of up to six lengths of
1 to 3 is 84 run states, which :data:`_BITS` holds; two copies and four jokers (a house
rule) fit, and positions with more copies and jokers in play go to the general sweep. (Five
runs and 6 bits a suit were measured as fast as six and 7 bits on the solver benchmark.)"""
MAX_ACES: Final = 3
"""The most copies of an ace this core takes with ace high: the aces of a suit left at 1
for the top are kept in 2-bit fields of the state."""
_BITS: Final = 7  # bits per suit in a packed state: up to 128 interned run states
_MASK: Final = (1 << _BITS) - 1
_RESERVE: Final = _BITS * NSUITS  # ace high: per suit, 2 bits of table aces kept for the top
_RESERVE_MASK: Final = ((1 << (4 * NSUITS)) - 1) << _RESERVE  # and 2 bits of rack aces
_ACC: Final = _RESERVE + 4 * NSUITS  # an opening's points so far, capped at its quota
_ACC_BITS: Final = 7
MAX_QUOTA: Final = (1 << _ACC_BITS) - 1
_SHIFT: Final = _ACC + _ACC_BITS  # the jokers used sit above everything else

ACE_HIGH_TOP: Final = 14
"""The top value when aces are high as well as low."""


class Move(NamedTuple):
    """One suit's choice at one value."""

    new: int  # interned index of the suit's open runs after the value
    groups: int  # naturals of this suit sent to groups
    naturals: int  # naturals of this suit used at this value
    jokers: int  # jokers placed in this suit's runs at this value
    ops: tuple[int, ...]  # per open run (sorted order): 0 close, 1 natural, 2 joker
    starts: tuple[int, ...]  # leading jokers of each new run


_STATES: Final[list[tuple[int, ...]]] = [()]
_INDEX: Final[dict[tuple[int, ...], int]] = {(): 0}
_CLOSABLE: Final[list[bool]] = [True]  # per interned state: every open run may close


def _intern(runs: tuple[int, ...]) -> int:
    found = _INDEX.get(runs)
    if found is None:
        found = len(_STATES)
        if found > _MASK:
            raise OverflowError("too many run states for the packed encoding")
        _STATES.append(runs)
        _CLOSABLE.append(all(x >= MIN_LEN for x in runs))
        _INDEX[runs] = found
    return found


def _dominates(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Whether open runs ``a`` can do whatever ``b`` can (both sorted, longest first)."""
    if len(a) < len(b):
        return False
    for x, y in zip(a, b, strict=False):
        if x < y:
            return False
    return all(x >= MIN_LEN for x in a[len(b) :])


@cache
def moves(state: int, table: int, rack: int, lead_room: int, joker_cap: int) -> tuple[Move, ...]:
    """Every undominated move of one suit from open runs ``state`` at a value holding
    ``table`` + ``rack`` naturals of the suit; ``lead_room`` values lie below this one (room
    for leading jokers); at most ``joker_cap`` jokers. Most naturals first.

    A move is dominated by another with as many groups and jokers whose open runs can do
    whatever its own can, and which uses as many naturals or more: a rack natural left
    unused has no later use. (An ace left at 1 with ace high does, at 14; but at 1 every
    open run is new and too short to close, so no move leaving one is ever dominated.)"""
    runs = _STATES[state]
    found: dict[tuple[int, int, int], list[tuple[tuple[int, ...], Move]]] = {}
    ops_choices: list[list[int]] = [[]]
    for length in runs:
        ops_choices = [
            [*prefix, op] for prefix in ops_choices for op in (0, 1, 2) if op or length >= MIN_LEN
        ]
    for ops in ops_choices:
        cont = sum(1 for op in ops if op == 1)
        jok = sum(1 for op in ops if op == 2)
        if jok > joker_cap:
            continue
        kept = [min(length + 1, MIN_LEN) for length, op in zip(runs, ops, strict=True) if op]
        for naturals in range(table, table + rack + 1):
            free = naturals - cont
            if free < 0:
                continue
            for new_runs in range(free + 1):
                for starts in _lead_choices(new_runs, min(lead_room, joker_cap - jok)):
                    jokers = jok + sum(starts)
                    if jokers > joker_cap:
                        continue
                    after = tuple(
                        sorted([*kept, *(min(k + 1, MIN_LEN) for k in starts)], reverse=True)
                    )
                    move = Move(
                        _intern(after), free - new_runs, naturals, jokers, tuple(ops), starts
                    )
                    key = (move.groups, naturals, jokers)
                    bucket = found.setdefault(key, [])
                    if any(_dominates(other, after) for other, _ in bucket):
                        continue
                    bucket[:] = [(o, m) for o, m in bucket if not _dominates(after, o)]
                    bucket.append((after, move))
    result: list[Move] = []
    for (groups, naturals, jokers), bucket in sorted(found.items(), key=_most_naturals):
        for after, move in bucket:
            if not any(
                _dominates(other, after)
                for more in range(naturals + 1, table + rack + 1)
                for other, _ in found.get((groups, more, jokers), ())
            ):
                result.append(move)
    return tuple(result)


def _most_naturals(item: tuple[tuple[int, int, int], object]) -> tuple[int, int]:
    (_, naturals, jokers), _ = item
    return -naturals, jokers


def _lead_choices(count: int, room: int) -> list[tuple[int, ...]]:
    """Leading jokers for ``count`` new runs (non-increasing, each at most ``room``)."""
    if count == 0:
        return [()]
    result = []
    for first in range(room + 1):
        for rest in _lead_choices(count - 1, first):
            result.append((first, *rest))
    return result


@cache
def group_jokers(total: int, most: int, cap: int) -> tuple[int, ...]:
    """The numbers of jokers with which ``total`` naturals (at most ``most`` of one suit)
    split into groups of 3-4 distinct suits, each holding a natural."""
    if total == 0:
        return (0,)
    ok = set()
    for count in range(max(most, 1), total + 1):
        if total > MAX_GROUP * count:
            continue
        low, extra = divmod(total, count)
        sizes = [low + 1] * extra + [low] * (count - extra)
        need = sum(max(0, MIN_LEN - size) for size in sizes)
        for k in range(need, min(cap, MAX_GROUP * count - total) + 1):
            ok.add(k)
    return tuple(sorted(ok))


LaneMoves = tuple[tuple[int, int, int, int, Move], ...]
ClosingMoves = tuple[tuple[int, int, tuple[int, ...], int, Move], ...]

LANE_MOVES: Final[dict[int, LaneMoves]] = {}
"""The cache of :func:`lane_moves`, by :func:`lane_key`. The search's hot loop, which calls
for moves about a million times in twenty games, looks them up here itself and calls the
function only on a miss: a look-up is cheaper than a call, the more so compiled (where
``functools.cache`` would be a call through Python with a tuple key)."""
CLOSING_MOVES: Final[dict[int, ClosingMoves]] = {}
"""The cache of :func:`closing_moves`, by :func:`closing_key`, looked up the same way."""

# A key packs a suit's state (7 bits), table and rack naturals (4 bits each), leading joker
# room and jokers left (4 bits each) and the suit's shift (5 bits); a closing key adds the
# naturals sent to groups (7 bits: three suits' worth) and the most of one suit (5 bits).
# The fast core is sent at most MAX_RUNS copies and jokers, well within the fields;
# lane_base and lane_key check it all the same.
KEY_ROOM: Final = 15
KEY_CAP: Final = 19
KEY_GROUPS: Final = 28
KEY_MOST: Final = 35


def lane_base(table: int, rack: int, shift: int) -> int:
    """The part of a :func:`lane_key` fixed for one suit at one value."""
    if (table | rack) >> 4 or table < 0 or rack < 0:
        raise OverflowError("too many naturals at a value for the fast core's move caches")
    return table << 7 | rack << 11 | shift << 23


def lane_key(state: int, base: int, lead_room: int, joker_cap: int) -> int:
    """The key of :func:`lane_moves` in :data:`LANE_MOVES`."""
    if (lead_room | joker_cap) >> 4 or lead_room < 0 or joker_cap < 0:
        raise OverflowError("too many jokers for the fast core's move caches")
    return state | base | lead_room << KEY_ROOM | joker_cap << KEY_CAP


def closing_key(lane: int, groups: int, most: int) -> int:
    """The key of :func:`closing_moves` in :data:`CLOSING_MOVES`, from its :func:`lane_key`."""
    return lane | groups << KEY_GROUPS | most << KEY_MOST


def lane_moves(
    state: int, table: int, rack: int, lead_room: int, joker_cap: int, shift: int
) -> LaneMoves:
    """:func:`moves` as the search's loops read them: per move the rack naturals it lays,
    its open runs shifted to the suit's place in a packed state, its groups and jokers
    (cached in :data:`LANE_MOVES`)."""
    key = lane_key(state, lane_base(table, rack, shift), lead_room, joker_cap)
    found = LANE_MOVES.get(key)
    if found is None:
        found = LANE_MOVES[key] = tuple(
            (move.naturals - table, move.new << shift, move.groups, move.jokers, move)
            for move in moves(state, table, rack, lead_room, joker_cap)
        )
    return found


def closing_moves(
    state: int,
    table: int,
    rack: int,
    lead_room: int,
    joker_cap: int,
    groups: int,
    most: int,
    shift: int,
) -> ClosingMoves:
    """The last suit's :func:`lane_moves` after the others sent ``groups`` naturals to
    groups (at most ``most`` of one suit): only the moves with which the value's groups
    split, each with the numbers of jokers they split with (in place of its groups count).
    Most combinations of the suits' moves fail that test, so the search's innermost loop
    never meets them (cached in :data:`CLOSING_MOVES`)."""
    if groups >> 7 or most >> 5:
        raise OverflowError("too many naturals in groups for the fast core's move caches")
    lane = lane_key(state, lane_base(table, rack, shift), lead_room, joker_cap)
    key = closing_key(lane, groups, most)
    found = CLOSING_MOVES.get(key)
    if found is None:
        closing = []
        for gain, new, move_groups, jokers, move in lane_moves(
            state, table, rack, lead_room, joker_cap, shift
        ):
            splits = group_jokers(groups + move_groups, max(most, move_groups), joker_cap - jokers)
            if splits:
                closing.append((gain, new, splits, jokers, move))
        found = CLOSING_MOVES[key] = tuple(closing)
    return found
