"""Finding simple legal plays: new melds from the rack and single-tile lay-offs.

This is not the solver (which finds the best play, rearranging the whole table); it finds the
plays a beginner sees, quickly, and every play it returns has passed the turn judge. Random
players, tests and examples use it.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

from rummikit.meld import Meld, MeldKind
from rummikit.pieces import JOKER, Tile, sort_tiles
from rummikit.profile import RuleProfile
from rummikit.table import TableState

__all__ = ["rack_melds", "simple_plays"]


def rack_melds(profile: RuleProfile, rack: tuple[Tile, ...]) -> list[Meld]:
    """Valid melds that can be made from ``rack`` alone: runs, groups, and each with a joker."""
    naturals = sorted({tile for tile in rack if tile.suit is not None}, key=lambda t: t.sort_key)
    jokers = sum(1 for tile in rack if tile.suit is None)
    found: list[Meld] = []
    by_suit: dict[object, list[Tile]] = {}
    by_rank: dict[int, list[Tile]] = {}
    for tile in naturals:
        by_suit.setdefault(tile.suit, []).append(tile)
        by_rank.setdefault(tile.rank, []).append(tile)
    for tiles in by_suit.values():
        ranks = {tile.rank: tile for tile in tiles}
        for low in sorted(ranks):
            run: list[Tile] = []
            gaps = 0
            for rank in range(low, 14):
                if rank in ranks:
                    run.append(ranks[rank])
                elif gaps < jokers and run:
                    run.append(JOKER)
                    gaps += 1
                else:
                    break
                if len(run) >= profile.min_meld_length and run[-1].suit is not None:
                    found.append(Meld(tuple(run), MeldKind.RUN))
    for tiles in by_rank.values():
        for size in range(profile.min_meld_length - 1, len(tiles) + 1):
            for combo in itertools.combinations(tiles, size):
                if len(combo) >= profile.min_meld_length:
                    found.append(Meld(combo, MeldKind.GROUP))
                elif jokers and size >= 1:
                    found.append(Meld((*combo, JOKER), MeldKind.GROUP))
    return [meld for meld in found if profile.is_valid_meld(meld)]


def _fits(tiles: Counter[Tile], rack: Counter[Tile]) -> bool:
    return not tiles - rack


def simple_plays(
    profile: RuleProfile, table: TableState, rack: tuple[Tile, ...], opened: bool
) -> Iterator[TableState]:
    """Legal plays made of new rack melds, plus single-tile lay-offs once opened.

    Yields whole tables, each accepted by :meth:`RuleProfile.check_turn`, biggest first.
    """
    held = Counter(rack)
    melds = sorted(rack_melds(profile, rack), key=lambda m: -len(m.tiles))
    chosen: list[Meld] = []
    used: Counter[Tile] = Counter()
    for meld in melds:
        need = Counter(meld.tiles)
        if _fits(used + need, held):
            chosen.append(meld)
            used += need
    candidates: list[TableState] = []
    if chosen:
        candidates.append(TableState((*table.melds, *chosen)))
    candidates.extend(TableState((*table.melds, meld)) for meld in melds)
    if opened:
        for index, meld in enumerate(table.melds):
            for tile in sort_tiles(set(rack)):
                for grown in ((*meld.tiles, tile), (tile, *meld.tiles)):
                    extended = Meld(grown, meld.kind)
                    if profile.is_valid_meld(extended):
                        melds_after = list(table.melds)
                        melds_after[index] = extended
                        candidates.append(TableState(melds_after))
    seen = set()
    for candidate in candidates:
        key = str(candidate)
        if key in seen:
            continue
        seen.add(key)
        if profile.check_turn(before=table, rack=rack, after=candidate, opened=opened).ok:
            yield candidate
