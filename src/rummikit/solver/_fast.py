"""The fast exact core: free tables with plain jokers, its way in and out.

It answers the common question (an opened player, a table whose melds may all be
rearranged, jokers free) with a memoised dynamic program over the values, after van Rijn,
Takes and Vis (2015). Between two values the state holds, per suit, the sorted lengths of
the runs still open (capped at three: a run that long may close) and the number of jokers
used so far, packed into one integer. At each value every suit picks one of its cached
*moves* (:mod:`rummikit.solver._fast_moves`); the naturals sent to groups, with jokers,
must then split into groups. Table pieces must all be used; rack pieces may stay.

This module is the core's face: :func:`solve_counts` runs the search
(:mod:`rummikit.solver._fast_search`) upward and downward in turn, with doubling shares
of steps, until one direction finishes or the budget runs out; :func:`arrange` turns the
plan it returns into melds; :func:`no_counts` and :func:`live_rack` make the counts it
takes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from rummikit.solver._budget import LIVE_STEPS, SEARCH_STEPS, Budget
from rummikit.solver._fast_moves import ACE_HIGH_TOP, MAX_GROUP, MIN_LEN, NSUITS
from rummikit.solver._fast_search import (
    Block,
    Plan,
    _FastCoreSearch,
    _Stop,
)

__all__ = [
    "JOKER_PIECE",
    "Block",
    "Piece",
    "Plan",
    "arrange",
    "live_rack",
    "no_counts",
    "solve_counts",
    "starts_high",
]


def solve_counts(
    top: int,
    table: Sequence[Sequence[int]],
    rack: Sequence[Sequence[int]],
    table_jokers: int,
    rack_jokers: int,
    weights: Sequence[int],
    joker_weight: int,
    budget: Budget | None = None,
    quota: int = 0,
    points: Sequence[int] = (),
    at_least: int = 0,
    blocks: Sequence[Block] = (),
    cap: int | None = None,
) -> Plan | None:
    """The best arrangement using every table piece: counts per [suit][value].

    Kept runs (``blocks``, values 1..13 only) stay whole and may grow at their ends; at most
    :data:`MAX_RUNS` runs of a suit may then be open at once, counting a kept run going on
    (:class:`OverflowError` otherwise).

    With a ``quota`` (at most :data:`MAX_QUOTA`), the rack naturals placed must be worth
    that much together, each ``points[v]``: an opening made of rack pieces only, jokers
    counting nothing (no ace high then). With ``at_least``, only arrangements scoring that
    much are looked for (None when there is none): the bound cuts the rest early.

    The steps (one step: one choice of every suit's move at one value, where its groups
    split; and :data:`~rummikit.solver._budget.SEARCH_STEPS` for setting the search up) are
    charged to ``budget``, the solve's (:class:`~rummikit.solver._budget.Budget`; none: no
    limit but ``cap``); the search spends at most what is left of it, and at most ``cap``. Once that is spent the best arrangement found so far
    is returned, not proven optimal. None when no arrangement uses every table piece (or
    none was found within the steps).

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
    if budget is not None:
        if budget.left(cap) == 0:
            return None  # spent: not even set up
        budget.spend(SEARCH_STEPS)
    allowed = cap if budget is None else budget.left(cap)  # None: no bound
    if allowed == 0:
        return None
    plan, spent = _both_ways(direction, order, lead, allowed)
    if budget is not None:
        budget.spend(spent)
    return plan


def _both_ways(
    direction: Callable[[bool], _FastCoreSearch],
    order: tuple[bool, bool],
    lead: int,
    allowed: int | None,
) -> tuple[Plan | None, int]:
    """The two directions in turn, with doubling shares of steps (the first one ``lead``
    times as many), until one finishes or ``allowed`` steps are spent: the best
    arrangement found (proven optimal when a direction finished) and the steps spent."""
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
            if allowed is not None:
                search.limit = max(0, min(search.limit, allowed - spent))
            try:
                search.dive()
                finished = True
            except _Stop:
                finished = False
            spent += search.spent
            if search.found >= 0 and (best is None or search.found > best.found):
                best = search
            if finished:
                return (None if best is None else best.plan(optimal=True)), spent
            if allowed is not None and spent >= allowed:
                return (None if best is None else best.plan(optimal=False)), spent
        share *= 2


FIRST_SHARE: Final = 400
"""Steps each direction of the sweep gets first (the direction it starts with, :data:`LEAD`
times as many, but for a split); the shares double in turn."""

LEAD: Final = 3
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


STARVED_FROM: Final = FIRST_SHARE
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


Piece = tuple[int, int]
"""(suit index, value) of a natural; jokers are :data:`JOKER_PIECE`."""

JOKER_PIECE: Final[Piece] = (-1, 0)


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
    budget: Budget | None = None,
) -> list[list[int]]:
    """The rack counts without the pieces that fit no meld whatever the others do (its
    cost charged to ``budget``, :data:`~rummikit.solver._budget.LIVE_STEPS`).

    A piece is live when a group of its value could hold it (other suits there, or jokers)
    or a run of three through it could (each other place held by a piece of its suit or a
    joker). Dropping a dead piece may kill another, so this runs until nothing changes.
    With ace high an ace is live through either end.
    """
    if budget is not None:
        budget.spend(LIVE_STEPS)
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
