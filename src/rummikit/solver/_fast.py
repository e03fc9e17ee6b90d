"""The fast exact core: free tables with plain jokers, values 1..13 (no ace high).

It answers the common question (an opened player, a table whose melds may all be
rearranged, jokers free) with a memoised dynamic program over the values, after van Rijn,
Takes and Vis (2015). Between two values the state holds, per suit, the sorted lengths of
the runs still open (capped at three: a run that long may close) and the number of jokers
used so far, packed into one integer. At each value every suit picks one of its cached
*moves* (which runs close, which take a natural or a joker, which new runs start, with how
many leading jokers, and how many naturals go to groups); the naturals sent to groups, with
jokers, must then split into groups. Table pieces must all be used; rack pieces may stay.

Two exact reductions keep it small. Within a suit, a move whose open runs are dominated by
another move's (same groups and jokers, as many naturals or more; every run at least as
long, the extra runs long enough to close) is dropped: the longer runs can do whatever the
shorter ones can, and a rack natural left unused is worth nothing later. And whether
naturals split into groups depends only on how many there are, the most of one suit, and
the jokers added, so that test is a table look-up; the last suit's moves come filtered by
it (:func:`closing_moves`), since most combinations fail it.

Long searches also ask what can follow a value once every joker is used
(:meth:`_FastCoreSearch.starved`), which cuts at once the many states that spent their jokers too
early.

Kept runs (:data:`Block`: pagat's frozen runs, kept whole) live outside the state: their
pieces are not counted, and at the values where one starts or ends the states are changed
before the value's moves (``_FastCoreSearch._events``), so a position without them pays nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import NamedTuple

MIN_LEN = 3
MAX_GROUP = 4
NSUITS = 4
MAX_RUNS = 6
"""The most runs one suit may hold open at once in this core: the solver sends it only
decks whose copies of a piece and jokers add up to no more (a suit's open runs after a
value each took a natural or a joker there). Every sorted tuple of up to six lengths of
1 to 3 is 84 run states, which :data:`_BITS` holds; two copies and four jokers (a house
rule) fit, and positions with more copies and jokers in play go to the general sweep. (Five
runs and 6 bits a suit were measured as fast as six and 7 bits on the solver benchmark.)"""
MAX_ACES = 3
"""The most copies of an ace this core takes with ace high: the aces of a suit left at 1
for the top are kept in 2-bit fields of the state."""
_BITS = 7  # bits per suit in a packed state: up to 128 interned run states
_MASK = (1 << _BITS) - 1
_RESERVE = _BITS * NSUITS  # ace high: per suit, 2 bits of table aces kept for the top
_RESERVE_MASK = ((1 << (4 * NSUITS)) - 1) << _RESERVE  # and 2 bits of rack aces
_ACC = _RESERVE + 4 * NSUITS  # an opening's points so far, capped at its quota
_ACC_BITS = 7
MAX_QUOTA = (1 << _ACC_BITS) - 1
_SHIFT = _ACC + _ACC_BITS  # the jokers used sit above everything else


class Move(NamedTuple):
    """One suit's choice at one value."""

    new: int  # interned index of the suit's open runs after the value
    groups: int  # naturals of this suit sent to groups
    naturals: int  # naturals of this suit used at this value
    jokers: int  # jokers placed in this suit's runs at this value
    ops: tuple[int, ...]  # per open run (sorted order): 0 close, 1 natural, 2 joker
    starts: tuple[int, ...]  # leading jokers of each new run


_STATES: list[tuple[int, ...]] = [()]
_INDEX: dict[tuple[int, ...], int] = {(): 0}
_CLOSABLE: list[bool] = [True]  # per interned state: every open run may close


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


@cache
def lane_moves(
    state: int, table: int, rack: int, lead_room: int, joker_cap: int, shift: int
) -> tuple[tuple[int, int, int, int, Move], ...]:
    """:func:`moves` as the search's loops read them: per move the rack naturals it lays,
    its open runs shifted to the suit's place in a packed state, its groups and jokers."""
    return tuple(
        (move.naturals - table, move.new << shift, move.groups, move.jokers, move)
        for move in moves(state, table, rack, lead_room, joker_cap)
    )


@cache
def closing_moves(
    state: int,
    table: int,
    rack: int,
    lead_room: int,
    joker_cap: int,
    groups: int,
    most: int,
    shift: int,
) -> tuple[tuple[int, int, tuple[int, ...], int, Move], ...]:
    """The last suit's :func:`lane_moves` after the others sent ``groups`` naturals to
    groups (at most ``most`` of one suit): only the moves with which the value's groups
    split, each with the numbers of jokers they split with (in place of its groups count).
    Most combinations of the suits' moves fail that test, so the search's innermost loop
    never meets them."""
    found = []
    for gain, new, move_groups, jokers, move in lane_moves(
        state, table, rack, lead_room, joker_cap, shift
    ):
        splits = group_jokers(groups + move_groups, max(most, move_groups), joker_cap - jokers)
        if splits:
            found.append((gain, new, splits, jokers, move))
    return tuple(found)


Step = tuple[tuple[Move, ...], int]
"""One value of an arrangement: each suit's move, and the jokers placed in groups."""

Block = tuple[int, int, int]
"""A kept run (a frozen pagat meld kept whole): its suit, lowest and highest value. Its
pieces are not in the counts; it stays as it is or grows at its ends, by naturals or
jokers: an open run ending just below it joins it, and above it an open run, closable,
goes on from it."""


class Plan(NamedTuple):
    """The best arrangement found: its score, per value each suit's move and the jokers
    placed in groups, and whether the search finished (so that no arrangement scores more)."""

    score: int
    steps: tuple[Step, ...]
    optimal: bool
    mirrored: bool = False  # the steps run from the top value down
    reached: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """How each kept run starting above the lowest value is reached from below, per value
    where some start (see ``_FastCoreSearch._events``): 0 not at all, 1 or 2 an open run of that
    length ends in it, minus n: n jokers alone lead it."""


_NO_LIMIT = 1 << 30
_NOTHING: dict[int, int] = {}  # a memo known to be empty (nothing is stored in it)
_ASKED = -(1 << 30)


class _Reached(Exception):
    """A :meth:`_FastCoreSearch.starved` search found what it looked for."""


class _Stop(Exception):
    """The budget ran out."""


GRACE = 4
"""Until an arrangement is found, the search may spend this many times its budget."""

FIRST_PLAY_STEPS = 64
"""Until an arrangement is found, the search may spend at least this many steps, whatever
the budget: an arrangement takes a step per value, so a budget of 1 would find none."""


def _cap(budget: int, grace: int, found: bool) -> int:
    """The steps a search with ``budget`` may spend, once an arrangement is ``found`` or
    until then."""
    return budget if found else max(budget * grace, FIRST_PLAY_STEPS)


def solve_counts(
    top: int,
    table: Sequence[Sequence[int]],
    rack: Sequence[Sequence[int]],
    table_jokers: int,
    rack_jokers: int,
    weights: Sequence[int],
    joker_weight: int,
    budget: int | None = None,
    grace: int = GRACE,
    quota: int = 0,
    points: Sequence[int] = (),
    at_least: int = 0,
    blocks: Sequence[Block] = (),
) -> Plan | None:
    """The best arrangement using every table piece: counts per [suit][value].

    Kept runs (``blocks``, values 1..13 only) stay whole and may grow at their ends; at most
    :data:`MAX_RUNS` runs of a suit may then be open at once, counting a kept run going on
    (:class:`OverflowError` otherwise).

    With a ``quota`` (at most :data:`MAX_QUOTA`), the rack naturals placed must be worth
    that much together, each ``points[v]``: an opening made of rack pieces only, jokers
    counting nothing (no ace high then). With ``at_least``, only arrangements scoring that
    much are looked for (None when there is none): the bound cuts the rest early.

    ``budget`` bounds the steps (one step: one choice of every suit's move at one value);
    once it is spent the best arrangement found so far is returned, not proven optimal.
    Until one is found the search may go on for ``grace`` times the budget, and at least
    :data:`FIRST_PLAY_STEPS`. None when no
    arrangement uses every table piece (or none was found within the budget).

    Depth first, value by value and suit by suit (at each value the suits with the fewest
    naturals there first, :func:`_suit_order`), most rack pieces first. A branch is cut
    when even every rack piece still to come could not beat the best arrangement found; and
    each state between two values remembers the most that can follow it, so a later visit
    is cut unless it arrives with a better score.
    """

    if blocks and top == ACE_HIGH_TOP:
        raise ValueError("kept runs are for values 1..13 only")

    def direction(mirrored: bool) -> _FastCoreSearch:
        flip = _mirror if mirrored else _same
        search = _FastCoreSearch(
            top,
            [flip(row, top) for row in table],
            [flip(row, top) for row in rack],
            table_jokers,
            rack_jokers,
            flip(weights, top),
            joker_weight,
            [_mirror_block(block, top) for block in blocks] if mirrored else blocks,
        )
        search.mirrored = mirrored
        search.best = at_least - 1
        if quota:
            search.set_quota(quota, flip(points, top))
        return search

    # the second direction is built when first needed: most searches end within the
    # first share of the first one (every tie-break check does); a split of table pieces
    # (nothing on the rack, so nothing to leave) starts upward with equal shares, measured
    # faster there than following the table's lean
    split = not rack_jokers and not any(any(row) for row in rack)
    order = (True, False) if not split and starts_high(top, table) else (False, True)
    lead = 1 if split else LEAD
    searches: list[_FastCoreSearch] = []
    best: _FastCoreSearch | None = None  # the search holding the best arrangement found
    spent = 0
    share = FIRST_SHARE
    while True:
        for turn in (0, 1):
            if turn == len(searches):
                searches.append(direction(order[turn]))
            search = searches[turn]
            if best is not None:
                search.best = max(search.best, best.found)
            search.spent = 0
            search.limit = share * lead if turn == 0 else share
            # most searches end within the first share: the asks would only slow them
            search.starving = share > STARVED_FROM and bool(search.suffix_max)
            if budget is not None:
                search.limit = max(
                    0, min(search.limit, _cap(budget, grace, best is not None) - spent)
                )
            try:
                search.dive()
                finished = True
            except _Stop:
                finished = False
            spent += search.spent
            if search.found >= 0 and (best is None or search.found > best.found):
                best = search
            if finished:
                return None if best is None else best.plan(optimal=True)
            if budget is not None and spent >= _cap(budget, grace, best is not None):
                return None if best is None else best.plan(optimal=False)
        share *= 2


_SUITS = tuple(range(NSUITS))

_AFTER_SUIT = slice(2 * NSUITS, 3 * NSUITS)
"""Where a row of :attr:`_FastCoreSearch.rows` holds the rack weight after each suit (see :func:`_row`)."""


@lru_cache(maxsize=1 << 14)
def _row(
    counts: tuple[int, ...], fixed: bool, later: int, weight: int, counted: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One value's row of :attr:`_FastCoreSearch.rows` and its suit order, from the suits' table
    and rack naturals there (``counts``), the rack weight of the later values, the weight
    of one natural here, and whether the rack naturals here count (not at a high ace)."""
    order, permuted, shifts = _suit_order(counts, fixed)
    if counted:  # the rack weight after each suit, in the value's order
        *_, rack1, rack2, rack3 = permuted
        h2 = later + weight * rack3
        h1 = h2 + weight * rack2
        after = (h1 + weight * rack1, h1, h2, later)
    else:
        after = (later, later, later, later)
    return (*permuted, *after, weight, *shifts), order


@cache
def _suit_order(
    counts: tuple[int, ...], fixed: bool
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The order :meth:`_FastCoreSearch._value` takes the suits in at one value, given each suit's
    table naturals there and then each suit's rack naturals (``fixed``: the suits' own
    order); with the counts in that order, and where each suit's open runs sit in a packed
    state. Fewest naturals there first (then fewest on the rack).

    A suit with few naturals has few moves, and the suits' loops nest, so taking those
    first makes fewer combinations; the last suit, the busiest, meets only the moves with
    which the value's groups split (:func:`closing_moves`). On the solver benchmark's
    positions (``benchmarks/bench_core.py``, best of two or three) the suits in their fixed
    order took 1.23 times as long in total (seed 2024; 1.29 times on seed 7), the p90 a
    fifth to a third longer and the slowest position a third to a quarter longer, for
    about as many states."""
    order = _SUITS
    if not fixed:
        rack = counts[NSUITS:]
        order = tuple(sorted(_SUITS, key=lambda s: (counts[s] + rack[s], rack[s])))
    permuted = (*(counts[s] for s in order), *(counts[NSUITS + s] for s in order))
    return order, permuted, tuple(_BITS * s for s in order)


FIRST_SHARE = 400
"""Steps each direction of the sweep gets first (the direction it starts with, :data:`LEAD`
times as many, but for a split); the shares double in turn."""

LEAD = 3
"""How many times the other direction's share the direction the sweep starts with gets."""


def starts_high(top: int, table: Sequence[Sequence[int]]) -> bool:
    """Whether the sweep should start from the top value: when the table's pieces lie
    below the middle value more than above it (each weighed by its distance from it).

    On the solver benchmark (two seeds of 200 positions) the direction starting where the
    table holds less was the cheaper one about three times in five, often by far; most
    searches end within their first share, so for them that choice is most of the cost.
    (A likely reason: there the rack pieces a play must leave show up early, and the bound
    cuts what follows.)"""
    # with ace high, aces stand at both ends (both directions meet them first): not counted;
    # the middle stays 7 (measured on the rami voleur positions, 7.5, the middle of 2..13,
    # took a tenth more time in all and doubled the slowest)
    low = 2 if top == ACE_HIGH_TOP else 1
    high = min(top, ACE_HIGH_TOP - 1)
    middle = (high + 1) / 2
    lean = 0.0
    for row in table:
        for v in range(low, high + 1):
            lean += row[v] * (middle - v)
    return lean > 0


STARVED_FROM = FIRST_SHARE
"""The sweep asks :meth:`_FastCoreSearch.starved` only in shares larger than this (from the second
on): in the first, the asks cost more than they save on the many searches that end there."""


def _mirror_block(block: Block, top: int) -> Block:
    """A kept run read from the top down (values 1..``top``, no ace high)."""
    suit, lo, hi = block
    return suit, top + 1 - hi, top + 1 - lo


def _same(row: Sequence[int], top: int) -> list[int]:
    return list(row)


def _mirror(row: Sequence[int], top: int) -> list[int]:
    """Counts per value read from the top down (aces stay at 1 with ace high: they stand
    at both ends)."""
    flipped = list(row)
    low = 2 if top == ACE_HIGH_TOP else 1
    for v in range(low, 14):
        flipped[v] = row[top + 1 - v]
    return flipped


class _FastCoreSearch:
    """One solve: the counts, the bound tables, the best arrangement found, the steps."""

    def __init__(
        self,
        top: int,
        table: Sequence[Sequence[int]],
        rack: Sequence[Sequence[int]],
        table_jokers: int,
        rack_jokers: int,
        weights: Sequence[int],
        joker_weight: int,
        blocks: Sequence[Block] = (),
    ) -> None:
        self.top = top
        self.table = table
        self.rack = rack
        self.table_jokers = table_jokers
        self.total_jokers = table_jokers + rack_jokers
        self.weights = weights
        self.joker_weight = joker_weight
        self.ace_high = top == ACE_HIGH_TOP
        # after[v]: the rack weight of the values after v (rack jokers included); with ace
        # high a rack ace counts at 1 only, and once left there for the top it counts from
        # the state (:meth:`spare`): counted at both ends, a rack of aces could never be
        # proven placed
        last = min(top, ACE_HIGH_TOP - 1)
        self.after = after = [0] * (top + 2)
        running = joker_weight * rack_jokers
        if top == ACE_HIGH_TOP:
            after[ACE_HIGH_TOP] = running  # nothing counts at 14
        for v in range(last, 0, -1):
            after[v] = running
            running += weights[v] * (rack[0][v] + rack[1][v] + rack[2][v] + rack[3][v])
        after[0] = running
        # per value, what the hot loop reads (:meth:`_value` unpacks it in one go), the
        # suits taken in that value's order (:func:`_suit_order`): each suit's table and
        # rack naturals there, the rack weight after each suit, the value's weight, and
        # where each suit's open runs sit in a packed state; ``orders`` keeps the order, so
        # that :meth:`plan` lists each step's moves by suit again
        self.rows: list[tuple[int, ...]] = []
        self.orders: list[tuple[int, ...]] = []
        ace_high = top == ACE_HIGH_TOP
        for v, counts in enumerate(zip(*table, *rack, strict=True)):
            if v > top + 1:
                break
            # at the aces' values with ace high, :meth:`_aces` takes the suits in order
            fixed = ace_high and (v == 1 or v == ACE_HIGH_TOP)
            later = after[v] if v <= top else 0
            cells, order = _row(counts, fixed, later, weights[v], v <= last)
            self.rows.append(cells)
            self.orders.append(order)
        self.quota = 0
        self.points: Sequence[int] = ()
        self.points_ahead: list[int] = []
        self.best = -1  # the score to beat
        self.found = -1  # the score of best_path
        self.best_path: list[Step] = []
        self.mirrored = False
        self.known: list[dict[int, int]] = [{} for _ in range(top + 2)]
        # per value, what is known of what follows a state with every joker used, at most
        # and at least (see :meth:`starved`; empty: not asked, as with ace high, a quota or
        # no jokers; suffix_min starts at -1, so nothing is asked for less than 0)
        self.suffix_max: list[int] = []
        self.suffix_min: list[int] = []
        if not self.ace_high and self.total_jokers:
            self.suffix_max = [_NO_LIMIT] * (top + 2)
            self.suffix_min = [-1] * (top + 2)
        self.probing = False  # a :meth:`starved` search: stop at the first arrangement
        # kept runs (see :data:`Block`): per value, those starting there (above the lowest
        # value) and those ending just below it
        self.blocks = tuple(blocks)
        self.events = _NO_EVENTS
        if blocks:
            self.starting: list[tuple[int, ...]] = [() for _ in range(top + 2)]
            self.ending: list[tuple[int, ...]] = [() for _ in range(top + 2)]
            for index, (_, lo, hi) in enumerate(self.blocks):
                if lo > 1:
                    self.starting[lo] += (index,)
                if hi < top:
                    self.ending[hi + 1] += (index,)
            self.events = [bool(a or b) for a, b in zip(self.starting, self.ending, strict=True)]
        self.reached: list[tuple[int, tuple[int, ...]]] = []  # as Plan.reached, so far
        self.best_reached: tuple[tuple[int, tuple[int, ...]], ...] = ()
        self.starving = False  # whether to ask :meth:`starved` (not in the first share)
        self.spent = 0
        self.limit = -1

    def set_quota(self, quota: int, points: Sequence[int]) -> None:
        if not 0 < quota <= MAX_QUOTA or self.ace_high:
            raise ValueError("a quota is 1 to MAX_QUOTA, without ace high")
        self.quota = quota
        self.points = points
        # the free state of :meth:`starved` has no points yet: not asked
        self.suffix_max, self.suffix_min = [], []
        # points_ahead[v]: what the rack naturals at v and above are worth together
        self.points_ahead = [0] * (self.top + 2)
        for v in range(self.top, 0, -1):
            here = sum(self.rack[s][v] for s in range(NSUITS)) * points[v]
            self.points_ahead[v] = self.points_ahead[v + 1] + here

    def plan(self, *, optimal: bool) -> Plan | None:
        if not self.best_path:
            return None
        steps = tuple(
            (choice, k)
            if (order := self.orders[v]) == _SUITS
            else (tuple(choice[order.index(x)] for x in _SUITS), k)
            for v, (choice, k) in enumerate(self.best_path, start=1)
        )
        return Plan(self.found, steps, optimal, self.mirrored, self.best_reached)

    def final(self, packed: int, score: int) -> int:
        """The score of a finished arrangement (jokers counted), or -1 if it is not one."""
        jokers = packed >> _SHIFT
        if jokers < self.table_jokers:
            return -1
        if (packed >> _ACC) & MAX_QUOTA < self.quota:
            return -1
        for s in range(NSUITS):
            if not _CLOSABLE[(packed >> (_BITS * s)) & _MASK]:
                return -1
        return score + self.joker_weight * (jokers - self.table_jokers)

    def dive(self) -> None:
        """Search on from scratch; what states learned in earlier dives still holds."""
        self.reached = []
        self._value(1, 0, 0, self.known, [])

    def _value(
        self, v: int, packed: int, score: int, known: list[dict[int, int]], path: list[Step]
    ) -> None:
        if v > self.top:
            total = self.final(packed, score)
            if total > self.best:
                self.best = self.found = total
                if self.probing:
                    raise _Reached
                self.best_path = list(path)
                self.best_reached = tuple(self.reached)
            return
        memo = known[v]
        spare = self.spare(packed) if self.ace_high and v > 1 else 0
        bound = memo.get(packed)
        if bound is None:
            bound = self.after[v - 1] + spare
            if (
                self.starving
                and v > 1
                and packed >> _SHIFT == self.total_jokers
                and score + bound > self.best
                and self.starved(v, self.best - score + 1)
            ):
                return
        if score + bound <= self.best:
            return
        if self.spent > self.limit >= 0:
            raise _Stop
        if self.ace_high and (v == 1 or v == ACE_HIGH_TOP):
            self._aces(v, packed, score, known, path)
            memo[packed] = self.best - score
            return
        keep = packed & _RESERVE_MASK
        quota = self.quota
        if quota:
            acc = (packed >> _ACC) & MAX_QUOTA
            if acc + self.points_ahead[v] < quota:
                return
            worth = self.points[v]
        used = packed >> _SHIFT
        left = self.total_jokers - used
        base = used << _SHIFT
        t0, t1, t2, t3, r0, r1, r2, r3, h0, h1, h2, h3, weight, x0, x1, x2, x3 = self.rows[v]
        if spare:
            h0, h1, h2, h3 = h0 + spare, h1 + spare, h2 + spare, h3 + spare
        room = v - 1
        # where kept runs start or end at the next value, its states are those after them
        # (:meth:`_events`): a state before them is not looked up there
        events = self.events[v + 1]
        deeper = self._events if events else self._value
        push = path.append
        pop = path.pop
        state1 = (packed >> x1) & _MASK
        state2 = (packed >> x2) & _MASK
        state3 = (packed >> x3) & _MASK
        best = self.best  # read again after each deeper search, the only thing changing it
        later = _NOTHING if events else known[v + 1]
        # the four suits' loops (in the value's order) are written out, not recursed over:
        # this is the solver's hot loop, and a function call per suit and step would cost
        # more than the step itself; leading jokers are capped by the jokers left (fewer
        # keys for the caches)
        for a_gain, a_new, a_groups, a_jokers, a in lane_moves(
            (packed >> x0) & _MASK, t0, r0, room if room < left else left, left, x0
        ):
            sa = score + a_gain * weight
            if sa + h0 <= best:
                break
            la = left - a_jokers
            for b_gain, b_new, b_groups, b_jokers, b in lane_moves(
                state1, t1, r1, room if room < la else la, la, x1
            ):
                sb = sa + b_gain * weight
                if sb + h1 <= best:
                    break
                lb = la - b_jokers
                gb = a_groups + b_groups
                mb = a_groups if a_groups > b_groups else b_groups
                ab_new = a_new | b_new
                for c_gain, c_new, c_groups, c_jokers, c in lane_moves(
                    state2, t2, r2, room if room < lb else lb, lb, x2
                ):
                    sc = sb + c_gain * weight
                    if sc + h2 <= best:
                        break
                    lc = lb - c_jokers
                    gc = gb + c_groups
                    mc = mb if mb > c_groups else c_groups
                    abc_new = ab_new | c_new | keep
                    for d_gain, d_new, splits, d_jokers, d in closing_moves(
                        state3, t3, r3, room if room < lc else lc, lc, gc, mc, x3
                    ):
                        sd = sc + d_gain * weight
                        if sd + h3 <= best:
                            break
                        self.spent += 1
                        runs = abc_new | d_new
                        if quota:
                            laid = a_gain + b_gain + c_gain + d_gain
                            runs |= min(quota, acc + laid * worth) << _ACC
                        runs |= base + ((left - lc + d_jokers) << _SHIFT)
                        for k in splits:
                            after = runs + (k << _SHIFT)
                            bound = later.get(after)
                            if bound is not None and sd + bound <= best:
                                continue  # what the next value already knows cuts it
                            push(((a, b, c, d), k))
                            deeper(v + 1, after, sd, known, path)
                            pop()
                            best = self.best
                            if sd + h3 <= best:
                                break
        # everything below was searched or cut for not beating the best score: what can
        # follow this state is worth at most what would still reach it
        memo[packed] = self.best - score

    def _events(
        self, v: int, packed: int, score: int, known: list[dict[int, int]], path: list[Step]
    ) -> None:
        """Value ``v`` where kept runs start or end: each way the runs starting at ``v``
        are reached from below, then a closable open run for each run ending at ``v - 1``
        (it may go on or close), then the value's pieces from each state so reached (the
        states :meth:`_value` knows at ``v`` are those).

        A run starting here is reached by nothing, by jokers alone, or by an open run of
        one or two pieces ending in it (a closable one may as well close: the pieces and
        the score are the same)."""
        ways: list[tuple[int, tuple[int, ...]]] = [(packed, ())]
        for index in self.starting[v]:
            shift = _BITS * self.blocks[index][0]
            grown = []
            for state, chosen in ways:
                grown.append((state, (*chosen, 0)))
                runs = _STATES[(state >> shift) & _MASK]
                for length in sorted({x for x in runs if x < MIN_LEN}):
                    rest = list(runs)
                    rest.remove(length)
                    fewer = state & ~(_MASK << shift) | _intern(tuple(rest)) << shift
                    grown.append((fewer, (*chosen, length)))
                left = self.total_jokers - (state >> _SHIFT)
                for jokers in range(1, min(v - 1, left) + 1):
                    grown.append((state + (jokers << _SHIFT), (*chosen, -jokers)))
            ways = grown
        for index in self.ending[v]:
            shift = _BITS * self.blocks[index][0]
            for k, (state, chosen) in enumerate(ways):
                runs = _STATES[(state >> shift) & _MASK]
                if len(runs) >= MAX_RUNS:
                    raise OverflowError("too many open runs in one suit for the fast core")
                more = _intern(tuple(sorted((*runs, MIN_LEN), reverse=True)))
                ways[k] = (state & ~(_MASK << shift) | more << shift, chosen)
        reached = self.reached
        starting = bool(self.starting[v])  # only then is there a choice to record
        for state, chosen in ways:
            if starting:
                reached.append((v, chosen))
            try:
                self._value(v, state, score, known, path)
            finally:
                if starting:
                    reached.pop()

    def starved(self, v: int, need: int) -> bool:
        """Whether nothing worth ``need`` can follow a state at ``v`` with every joker used.

        It asks what can follow a state whose every suit has a closable open run for each
        of its naturals at ``v``: that state can do whatever any state at ``v`` with every
        joker used can. A search for one
        arrangement worth ``need`` answers, and what it proves is kept for later asks. It
        tells early when the jokers placed so far will be missed later, which otherwise
        only shows once the search gets there, for each way the jokers were placed."""
        most = self.suffix_max[v]
        if most == _ASKED or self.suffix_min[v] >= need:
            return False
        if most < need:
            return True
        runs = 0
        for s in range(NSUITS):
            runs |= _intern((MIN_LEN,) * (self.table[s][v] + self.rack[s][v])) << (_BITS * s)
        saved = self.best, self.found, self.best_path, self.probing
        self.best, self.found, self.best_path, self.probing = need - 1, -1, [], True
        self.suffix_max[v] = _ASKED  # while it is asked: no answer
        try:
            self._value(v, runs | self.total_jokers << _SHIFT, 0, self.known, [])
        except _Reached:
            self.suffix_min[v] = max(self.suffix_min[v], self.found)
            return False
        finally:
            if self.suffix_max[v] == _ASKED:  # not answered: as it was
                self.suffix_max[v] = most
            self.best, self.found, self.best_path, self.probing = saved
        self.suffix_max[v] = need - 1
        return True

    def spare(self, packed: int) -> int:
        """What the rack aces left at 1 for the top (ace high) are worth in ``packed``."""
        aces = packed >> (_RESERVE + 2)  # each suit's 2 bits of rack aces, 4 bits apart
        left = (aces & 3) + (aces >> 4 & 3) + (aces >> 8 & 3) + (aces >> 12 & 3)
        return left * self.weights[ACE_HIGH_TOP]

    def _aces(
        self, v: int, packed: int, score: int, known: list[dict[int, int]], path: list[Step]
    ) -> None:
        """Value 1 or 14 with ace high: the aces of each suit are split between the two.

        At 1 every ace is optional; table aces left there are owed to 14 and rack aces left
        there may still go to 14 (both kept in the state). At 14 those are the pieces.
        """
        weight = self.weights[v]
        top_weight = self.weights[ACE_HIGH_TOP]
        left = self.total_jokers - (packed >> _SHIFT)
        # per option: the move, its gain, the aces it owes to 14, what the rack aces it
        # leaves for 14 are worth; later[s]: the rack aces owed to 14 by the suits after s
        options: list[list[tuple[Move, int, int, int]]] = []
        later = [0] * NSUITS
        for s in range(NSUITS):
            state = (packed >> (_BITS * s)) & _MASK
            if v == 1:
                t, r = self.table[s][1], self.rack[s][1]
                found = []
                for move in moves(state, 0, t + r, 0, left):
                    extra = max(0, move.naturals - t)
                    owed = (max(0, t - move.naturals) | (r - extra) << 2) << (_RESERVE + 4 * s)
                    found.append((move, extra * weight, owed, (r - extra) * top_weight))
            else:
                reserved = (packed >> (_RESERVE + 4 * s)) & 15
                owed_table, owed_rack = reserved & 3, reserved >> 2
                for before in range(s):
                    later[before] += owed_rack * top_weight
                found = [
                    (move, (move.naturals - owed_table) * weight, 0, 0)
                    for move in moves(state, owed_table, owed_rack, v - 1, left)
                ]
            options.append(found)
        ahead = self.rows[v][_AFTER_SUIT]  # the suits in their own order at the aces
        chosen: list[Move] = []

        def pick(
            s: int, gained: int, jokers: int, groups: int, most: int, runs: int, kept: int
        ) -> None:
            if s == NSUITS:
                splits = group_jokers(groups, most, jokers)
                if splits:
                    self.spent += 1  # the budget is checked on entering the next state
                for k in splits:
                    path.append((tuple(chosen), k))
                    used = self.total_jokers - jokers + k
                    self._value(v + 1, runs | used << _SHIFT, gained, known, path)
                    path.pop()
                return
            for move, gain, owed, spare in options[s]:
                if move.jokers > jokers:
                    continue
                if gained + gain + ahead[s] + kept + spare + later[s] <= self.best:
                    continue
                chosen.append(move)
                pick(
                    s + 1,
                    gained + gain,
                    jokers - move.jokers,
                    groups + move.groups,
                    max(most, move.groups),
                    runs | move.new << (_BITS * s) | owed,
                    kept + spare,
                )
                chosen.pop()

        pick(0, score, left, 0, 0, 0, 0)


ACE_HIGH_TOP = 14
"""The top value when aces are high as well as low."""

_NO_EVENTS = [False] * (ACE_HIGH_TOP + 2)
"""No kept run starts or ends at any value (see :attr:`_FastCoreSearch.events`)."""


Piece = tuple[int, int]
"""(suit index, value) of a natural; jokers are :data:`JOKER_PIECE`."""

JOKER_PIECE: Piece = (-1, 0)


def arrange(
    plan: Plan, top: int, blocks: Sequence[tuple[Block, Sequence[Piece]]] = ()
) -> list[tuple[bool, list[Piece]]]:
    """The melds of ``plan``: (is a run, pieces in order), values 1..``top``; with the kept
    runs it was solved with (``blocks``, each with its pieces in order)."""
    if plan.mirrored:
        blocks = [
            (
                _mirror_block(block, top),
                [p if p[0] < 0 else (p[0], top + 1 - p[1]) for p in reversed(pieces)],
            )
            for block, pieces in blocks
        ]
    melds = _arrange(plan, blocks)
    if not plan.mirrored:
        return melds
    return [
        (
            is_run,
            [p if p[0] < 0 else (p[0], top + 1 - p[1]) for p in pieces][:: -1 if is_run else 1],
        )
        for is_run, pieces in melds
    ]


def _arrange(
    plan: Plan, blocks: Sequence[tuple[Block, Sequence[Piece]]]
) -> list[tuple[bool, list[Piece]]]:
    melds: list[tuple[bool, list[Piece]]] = []
    open_runs: list[list[list[Piece]]] = [[] for _ in range(NSUITS)]
    reached = dict(plan.reached)
    growing: dict[int, list[Piece]] = {}  # the kept runs under way, by index
    for v, (choice, group_jokers_here) in enumerate(plan.steps, start=1):
        if blocks:
            _kept_runs(v, blocks, reached.get(v, ()), open_runs, growing)
        naturals: list[Piece] = []
        for s, move in enumerate(choice):
            if move.groups:
                naturals.extend([(s, v)] * move.groups)
            runs = open_runs[s]
            if not runs and not move.starts:
                continue
            kept = []
            for run, op in zip(runs, move.ops, strict=True):
                if op == 0:
                    melds.append((True, run))
                    continue
                run.append((s, v) if op == 1 else JOKER_PIECE)
                kept.append(run)
            for lead in move.starts:
                kept.append([JOKER_PIECE] * lead + [(s, v)])
            if len(kept) > 1:
                kept.sort(key=_capped, reverse=True)
            open_runs[s] = kept
        if naturals:
            melds.extend((False, group) for group in _groups(naturals, group_jokers_here))
    for runs in open_runs:
        melds.extend((True, run) for run in runs)
    melds.extend((True, run) for run in growing.values())  # those ending at the top
    return melds


def _kept_runs(
    v: int,
    blocks: Sequence[tuple[Block, Sequence[Piece]]],
    reached: tuple[int, ...],
    open_runs: list[list[list[Piece]]],
    growing: dict[int, list[Piece]],
) -> None:
    """At value ``v`` of :func:`_arrange`: the kept runs starting there, joined by what
    reached them from below (see :attr:`Plan.reached`), and those ending at ``v - 1``, open
    from now on like any run, as ``_FastCoreSearch._events`` had them."""
    ways = iter(reached)
    for index, ((s, lo, _), pieces) in enumerate(blocks):
        if lo != v:
            continue
        below: list[Piece] = []
        how = next(ways) if lo > 1 else 0
        if how > 0:
            runs = open_runs[s]
            below = runs.pop(next(i for i, run in enumerate(runs) if len(run) == how))
        elif how < 0:
            below = [JOKER_PIECE] * -how
        growing[index] = [*below, *pieces]
    for index, ((s, _, hi), _) in enumerate(blocks):
        if hi == v - 1:
            open_runs[s].append(growing.pop(index))
            open_runs[s].sort(key=_capped, reverse=True)


def _capped(run: list[Piece]) -> int:
    return min(len(run), MIN_LEN)


def _groups(naturals: list[Piece], jokers: int) -> list[list[Piece]]:
    """Split one value's naturals (at least one) and ``jokers`` into groups (see
    :func:`group_jokers`)."""
    total = len(naturals)
    if not jokers and MIN_LEN <= total <= MAX_GROUP and len(set(naturals)) == total:
        return [naturals]  # most often: one group of distinct suits
    by_suit: dict[int, int] = {}
    for s, _ in naturals:
        by_suit[s] = by_suit.get(s, 0) + 1
    for count in range(max(by_suit.values()), total + 1):
        if not MIN_LEN * count <= total + jokers <= MAX_GROUP * count:
            continue
        groups: list[list[Piece]] = [[] for _ in range(count)]
        for piece in sorted(naturals, key=lambda p: -by_suit[p[0]]):
            home = min((g for g in groups if piece not in g), key=len)
            home.append(piece)
        left = jokers
        for group in sorted(groups, key=len):
            while len(group) < MIN_LEN and left:
                group.append(JOKER_PIECE)
                left -= 1
        for group in groups:
            while len(group) < MAX_GROUP and left:
                group.append(JOKER_PIECE)
                left -= 1
        if not left and all(MIN_LEN <= len(g) <= MAX_GROUP for g in groups):
            return groups
    raise AssertionError("solver bug: a value's groups did not split as planned")


def no_counts() -> list[list[int]]:
    """Counts per [suit][value] holding nothing (an empty table or rack)."""
    return [[0] * (ACE_HIGH_TOP + 1) for _ in range(NSUITS)]


def live_rack(
    top: int,
    table: Sequence[Sequence[int]],
    rack: Sequence[Sequence[int]],
    jokers: int,
) -> list[list[int]]:
    """The rack counts without the pieces that fit no meld whatever the others do.

    A piece is live when a group of its value could hold it (other suits there, or jokers)
    or a run of three through it could (each other place held by a piece of its suit or a
    joker). Dropping a dead piece may kill another, so this runs until nothing changes.
    With ace high an ace is live through either end.
    """
    live = [list(row) for row in rack]
    if jokers >= MIN_LEN - 1:
        return live  # two jokers make a group with any piece
    changed = True
    while changed:
        changed = False
        # the number of suits holding a piece of each value, counted once per pass: a
        # piece dropped during the pass still counts until the next one, which sees the
        # drop (dropping is monotone, so the end is the same)
        suits = [sum(1 for x in range(NSUITS) if table[x][v] + live[x][v] > 0) for v in range(15)]
        for s in range(NSUITS):
            there = [table[s][v] + live[s][v] > 0 for v in range(15)]
            if top == ACE_HIGH_TOP:
                there[ACE_HIGH_TOP] = there[1]
            for v in range(1, 14):
                if not live[s][v]:
                    continue
                if suits[v] - 1 + jokers >= MIN_LEN - 1:
                    continue
                ends = (1, ACE_HIGH_TOP) if v == 1 and top == ACE_HIGH_TOP else (v,)
                if any(_run_through(top, there, end, jokers) for end in ends):
                    continue
                live[s][v] = 0
                changed = True
    return live


def _run_through(top: int, there: Sequence[bool], v: int, jokers: int) -> bool:
    """Whether a run of three through ``v`` has its other places held, or jokers for them."""
    for start in range(max(1, v - MIN_LEN + 1), min(v, top - MIN_LEN + 1) + 1):
        gaps = sum(1 for w in range(start, start + MIN_LEN) if w != v and not there[w])
        if gaps <= jokers:
            return True
    return False
