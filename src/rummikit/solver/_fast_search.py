"""The fast core's search: a depth-first branch and bound over the values, one direction.

:class:`_FastCoreSearch` walks the values of one direction (upward, or downward on mirrored
counts) suit by suit, each suit taking one of its cached moves
(:mod:`rummikit.solver._fast_moves`), most rack pieces first. A branch is cut when even
every rack piece still to come could not beat the best arrangement found, and each state
between two values remembers the most that can follow it. Long searches also ask what can
follow a value once every joker is used (:meth:`_FastCoreSearch.starved`), which cuts at
once the many states that spent their jokers too early.

Kept runs (:data:`Block`: pagat's frozen runs, kept whole) live outside the state: their
pieces are not counted, and at the values where one starts or ends the states are changed
before the value's moves (``_FastCoreSearch._events``), so a position without them pays
nothing. :func:`rummikit.solver._fast.solve_counts` runs the searches and shares the steps
between the two directions.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Final, NamedTuple

from rummikit.solver._fast_moves import (
    _ACC,
    _BITS,
    _CLOSABLE,
    _MASK,
    _RESERVE,
    _RESERVE_MASK,
    _SHIFT,
    _STATES,
    ACE_HIGH_TOP,
    CLOSING_MOVES,
    KEY_CAP,
    KEY_GROUPS,
    KEY_MOST,
    KEY_ROOM,
    LANE_MOVES,
    MAX_QUOTA,
    MAX_RUNS,
    MIN_LEN,
    NSUITS,
    Move,
    _intern,
    closing_moves,
    group_jokers,
    lane_base,
    lane_moves,
    moves,
)

PlanStep = tuple[tuple[Move, ...], int]
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
    steps: tuple[PlanStep, ...]
    optimal: bool
    mirrored: bool = False  # the steps run from the top value down
    reached: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """How each kept run starting above the lowest value is reached from below, per value
    where some start (see ``_FastCoreSearch._events``): 0 not at all, 1 or 2 an open run of that
    length ends in it, minus n: n jokers alone lead it."""


_NO_LIMIT: Final = 1 << 30
_NOTHING: Final[dict[int, int]] = {}  # a memo known to be empty (nothing is stored in it)
_ASKED: Final = -(1 << 30)


class _Reached(Exception):
    """A :meth:`_FastCoreSearch.starved` search found what it looked for."""


class _Stop(Exception):
    """The budget ran out."""


_SUITS: Final = tuple(range(NSUITS))

_AFTER_SUIT: Final = slice(2 * NSUITS, 3 * NSUITS)
"""Where a row of :attr:`_FastCoreSearch.rows` holds the rack weight after each suit (see :func:`_row`)."""


@lru_cache(maxsize=1 << 14)
def _row(
    counts: tuple[int, ...], fixed: bool, later: int, weight: int, counted: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One value's row of :attr:`_FastCoreSearch.rows` and its suit order, from the suits' table
    and rack naturals there (``counts``), the rack weight of the later values, the weight
    of one natural here, and whether the rack naturals here count (not at a high ace). A
    row holds, in the value's suit order, each suit's table and rack naturals, the rack
    weight after it, the weight, each suit's shift in a packed state and the fixed part of
    its keys in the caches of moves (:func:`~rummikit.solver._fast_moves.lane_base`)."""
    order, permuted, shifts = _suit_order(counts, fixed)
    if counted:  # the rack weight after each suit, in the value's order
        *_, rack1, rack2, rack3 = permuted
        h2 = later + weight * rack3
        h1 = h2 + weight * rack2
        after = (h1 + weight * rack1, h1, h2, later)
    else:
        after = (later, later, later, later)
    bases = (lane_base(permuted[s], permuted[NSUITS + s], shifts[s]) for s in _SUITS)
    return (*permuted, *after, weight, *shifts, *bases), order


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
        if self.total_jokers >> 4:  # the jokers' fields of the move caches' keys
            raise OverflowError("too many jokers for the fast core's move caches")
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
        self.best_path: list[PlanStep] = []
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
        self, v: int, packed: int, score: int, known: list[dict[int, int]], path: list[PlanStep]
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
        (t0, t1, t2, t3, r0, r1, r2, r3, h0, h1, h2, h3, weight, x0, x1, x2, x3, k0, k1, k2, k3) = (
            self.rows[v]
        )
        if spare:
            h0, h1, h2, h3 = h0 + spare, h1 + spare, h2 + spare, h3 + spare
        room = v - 1
        # where kept runs start or end at the next value, its states are those after them
        # (:meth:`_events`): a state before them is not looked up there
        events = self.events[v + 1]
        state1 = (packed >> x1) & _MASK
        state2 = (packed >> x2) & _MASK
        state3 = (packed >> x3) & _MASK
        best = self.best  # read again after each deeper search, the only thing changing it
        later = _NOTHING if events else known[v + 1]
        # the four suits' loops (in the value's order) are written out, not recursed over:
        # this is the solver's hot loop, and a function call per suit and step would cost
        # more than the step itself; for the same reason each suit's moves are looked up in
        # the caches of lane_moves and closing_moves here, the function called on a miss
        # only. Leading jokers are capped by the jokers left (fewer keys for the caches).
        lanes, closings = LANE_MOVES, CLOSING_MOVES
        state0 = (packed >> x0) & _MASK
        a_cap = room if room < left else left
        a_moves = lanes.get(state0 | k0 | a_cap << KEY_ROOM | left << KEY_CAP)
        if a_moves is None:
            a_moves = lane_moves(state0, t0, r0, a_cap, left, x0)
        for a_gain, a_new, a_groups, a_jokers, a in a_moves:
            sa = score + a_gain * weight
            if sa + h0 <= best:
                break
            la = left - a_jokers
            b_cap = room if room < la else la
            b_moves = lanes.get(state1 | k1 | b_cap << KEY_ROOM | la << KEY_CAP)
            if b_moves is None:
                b_moves = lane_moves(state1, t1, r1, b_cap, la, x1)
            for b_gain, b_new, b_groups, b_jokers, b in b_moves:
                sb = sa + b_gain * weight
                if sb + h1 <= best:
                    break
                lb = la - b_jokers
                gb = a_groups + b_groups
                mb = a_groups if a_groups > b_groups else b_groups
                ab_new = a_new | b_new
                c_cap = room if room < lb else lb
                c_moves = lanes.get(state2 | k2 | c_cap << KEY_ROOM | lb << KEY_CAP)
                if c_moves is None:
                    c_moves = lane_moves(state2, t2, r2, c_cap, lb, x2)
                for c_gain, c_new, c_groups, c_jokers, c in c_moves:
                    sc = sb + c_gain * weight
                    if sc + h2 <= best:
                        break
                    lc = lb - c_jokers
                    gc = gb + c_groups
                    mc = mb if mb > c_groups else c_groups
                    abc_new = ab_new | c_new | keep
                    d_cap = room if room < lc else lc
                    d_key = state3 | k3 | d_cap << KEY_ROOM | lc << KEY_CAP
                    d_moves = closings.get(d_key | gc << KEY_GROUPS | mc << KEY_MOST)
                    if d_moves is None:
                        d_moves = closing_moves(state3, t3, r3, d_cap, lc, gc, mc, x3)
                    for d_gain, d_new, splits, d_jokers, d in d_moves:
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
                            path.append(((a, b, c, d), k))
                            # called by name, not through a local alias: compiled, a
                            # method called by name is a direct call
                            if events:
                                self._events(v + 1, after, sd, known, path)
                            else:
                                self._value(v + 1, after, sd, known, path)
                            path.pop()
                            best = self.best
                            if sd + h3 <= best:
                                break
        # everything below was searched or cut for not beating the best score: what can
        # follow this state is worth at most what would still reach it
        memo[packed] = self.best - score

    def _events(
        self, v: int, packed: int, score: int, known: list[dict[int, int]], path: list[PlanStep]
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
        self, v: int, packed: int, score: int, known: list[dict[int, int]], path: list[PlanStep]
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


_NO_EVENTS: Final = [False] * (ACE_HIGH_TOP + 2)
"""No kept run starts or ends at any value (see :attr:`_FastCoreSearch.events`)."""
