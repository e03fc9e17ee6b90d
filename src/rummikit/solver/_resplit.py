"""A play the judge refused, split again another way that it may accept.

The sweep places a freed joker anywhere but back among the naturals of the meld it left;
the stricter ``freed_joker`` variants want it in a new meld (with two rack pieces), which
another split of the same pieces often gives: ``r2 b2 k2 j | o2 o3 o4`` rather than
``o3 o4 j | r2 b2 k2 o2``. :func:`_resplit_for_judge` tries a few splits, judged.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from typing import Final

from rummikit.meld import Meld, MeldKind
from rummikit.pieces import JOKER, Tile
from rummikit.profile import RuleProfile
from rummikit.reading import MAX_RUN
from rummikit.solver._budget import RESPLIT_STEPS, Budget
from rummikit.solver._position import _judged
from rummikit.solver._tie import _matched
from rummikit.table import TableState


def _resplit_for_judge(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    after: TableState,
    budget: Budget,
) -> TableState | None:
    """The pieces of ``after``'s new melds split into melds another way, such that the
    judge accepts the play, or None when none of the first splits tried is accepted.

    The sweep places a freed joker anywhere but back into its meld; the stricter
    ``freed_joker`` variants want it in a new meld (with two rack pieces), which another
    split of the same pieces often gives. A bounded search (:data:`_RESPLIT_NODES` melds
    tried, :data:`_RESPLIT_JUDGED` tables judged), so its cost stays small; the melds tried
    and the judgements are charged to the solve's ``budget``, and once it is spent no more
    melds are tried."""
    kept, changed = _matched(after.melds, before.melds)
    pool = Counter(tile for meld in changed for tile in meld.tiles)
    left = budget.left()
    nodes = _RESPLIT_NODES if left is None else min(_RESPLIT_NODES, left // RESPLIT_STEPS)
    count = [nodes]
    try:
        for melds in itertools.islice(_splits(profile, pool, count), _RESPLIT_JUDGED):
            table = TableState((*kept, *melds))
            if table != after and _judged(budget, profile, before, pieces, table, True):
                return table
        return None
    finally:
        budget.spend(RESPLIT_STEPS * (nodes - max(0, count[0])))


_RESPLIT_NODES: Final = 300


_RESPLIT_JUDGED: Final = 4
"""Bounds of :func:`_resplit_for_judge`. The judge is most of its cost (milliseconds on a
table with frozen jokers): on 3,518 fuzzed positions under the stricter ``freed_joker``
variants, four judged splits cut the plays missed from 82 to 51 for 1.5 times the time;
eight save three more for a tenth more time."""


def _splits(profile: RuleProfile, pool: Counter[Tile], steps: list[int]) -> Iterator[list[Meld]]:
    """Every split of ``pool`` into valid melds: the meld holding its lowest natural first,
    each way, then the rest. ``steps[0]`` counts down the melds tried, shared by every
    level of the recursion; the listing stops when it runs out."""
    naturals = [t for t in pool if t.suit is not None and pool[t] > 0]
    if not naturals:
        if not +pool:
            yield []
        return
    low = min(naturals, key=lambda t: t.code)
    for meld in _melds_with(profile, low, pool):
        steps[0] -= 1
        if steps[0] <= 0:
            return
        rest = pool - Counter(meld.tiles)
        for others in _splits(profile, rest, steps):
            yield [meld, *others]


def _melds_with(profile: RuleProfile, tile: Tile, pool: Counter[Tile]) -> Iterator[Meld]:
    """The valid melds of pieces of ``pool`` holding ``tile`` as their lowest natural (a
    joker standing for a missing piece; in groups, also for any other suit)."""
    jokers = pool[JOKER]
    lowest = profile.min_meld_length
    assert tile.suit is not None
    # groups: the tile, other suits of its rank, and jokers
    others = sorted(
        {t for t in pool if t.suit is not None and t.rank == tile.rank and t.code > tile.code},
        key=lambda t: t.code,
    )
    for size in range(len(others) + 1):
        for chosen in itertools.combinations(others, size):
            for extra in range(jokers + 1):
                count = 1 + size + extra
                if lowest <= count <= profile.max_group_size:
                    meld = Meld((tile, *chosen, *[JOKER] * extra), MeldKind.GROUP)
                    if profile.is_valid_meld(meld):
                        yield meld
    # runs of its suit starting at it or at jokers just below it
    top = 14 if profile.ace_high else 13
    for before in range(jokers + 1):
        if tile.rank - before < 1:
            break
        layout: list[Tile] = [JOKER] * before + [tile]
        used = before
        rank = tile.rank
        while rank < top and len(layout) < MAX_RUN:
            rank += 1
            piece = Tile(tile.suit, 1 if rank == 14 else rank)
            # an ace high at the top is the same piece as an ace starting the run
            if pool[piece] > (1 if piece == tile else 0):
                layout.append(piece)
            elif used < jokers:
                layout.append(JOKER)
                used += 1
            else:
                break
            if len(layout) >= lowest:
                meld = Meld(tuple(layout), MeldKind.RUN)
                if profile.is_valid_meld(meld):
                    yield meld
