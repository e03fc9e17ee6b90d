"""Finding simple legal plays: new melds from the rack and single-tile lay-offs.

This is not the solver (which finds the best play, rearranging the whole table); it finds the
plays a beginner sees, quickly, and every play it returns has passed the turn judge. Random
players, tests and examples use it.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

from rummikit import profiles
from rummikit.errors import InvalidArgument, brief
from rummikit.meld import Meld, MeldKind
from rummikit.notation import TableLike, TilesLike, as_table, as_tiles
from rummikit.options import OpeningRule
from rummikit.pieces import JOKER, Tile, sort_tiles
from rummikit.profile import RuleProfile
from rummikit.table import TableState

__all__ = ["rack_melds", "simple_plays"]


def rack_melds(profile: RuleProfile | str, rack: TilesLike) -> list[Meld]:
    """Valid melds that can be made from ``rack`` alone: runs (with jokers in their gaps
    and at their ends, ace high where the profile has it) and groups (with as many jokers as
    fit, and a suit repeated where the profile allows it). The profile or its name; the
    rack as tiles or notation.

    The melds come in one fixed order, which depends on the rack's pieces but not on how
    they are listed, nor on the process: the runs suit by suit (in notation order), each
    by its lowest rank, shorter first; then the groups rank by rank, fewer naturals first,
    each size in the order of its pieces (:func:`~rummikit.pieces.sort_tiles`), fewer
    jokers first. Bots choose among them, so a seeded game plays the same everywhere."""
    profile = profiles.get(profile)
    rack = as_tiles(rack)
    held = Counter(tile for tile in rack if tile.suit is not None)
    jokers = len(rack) - sum(held.values())
    found: list[Meld] = []
    top = 14 if profile.ace_high else 13
    for suit in dict.fromkeys(tile.suit for tile in sort_tiles(held)):
        there = [False] * (top + 1)  # rank 14: the ace, high
        for tile in held:
            if tile.suit == suit:
                there[tile.rank] = True
                if tile.rank == 1 and profile.ace_high:
                    there[14] = True
        for low in range(1, top + 1):
            run: list[Tile] = []
            used = 0
            for rank in range(low, top + 1):
                if there[rank]:
                    run.append(Tile(suit, 1 if rank == 14 else rank))
                elif used < jokers:
                    run.append(JOKER)
                    used += 1
                else:
                    break
                if len(run) >= profile.min_meld_length and used < len(run):
                    found.append(Meld(tuple(run), MeldKind.RUN))
    largest = profile.max_group_size
    for rank in sorted({tile.rank for tile in held}):
        # one of each suit, or, where a suit may repeat, every copy held
        pool = [
            tile
            for tile in sort_tiles(held)
            if tile.rank == rank
            for _ in range(1 if profile.group_distinct_suits else held[tile])
        ]
        for size in range(1, min(len(pool), largest) + 1):
            # once each, in the order found (a set would list them in the order of the
            # tiles' hashes, which changes from one process to the next)
            for combo in dict.fromkeys(itertools.combinations(pool, size)):
                for added in range(min(jokers, largest - size) + 1):
                    if size + added >= profile.min_meld_length:
                        found.append(Meld((*combo, *[JOKER] * added), MeldKind.GROUP))
    return [meld for meld in found if profile.is_valid_meld(meld)]


def _fits(tiles: Counter[Tile], rack: Counter[Tile]) -> bool:
    return not tiles - rack


def simple_plays(
    profile: RuleProfile | str, table: TableLike, rack: TilesLike, opened: bool
) -> Iterator[TableState]:
    """Legal plays made of new rack melds, plus single-tile lay-offs once opened (at once
    where the profile has no opening rule).

    Yields whole tables, each accepted by :meth:`RuleProfile.check_turn`, biggest first,
    in an order fixed by the table and the rack's pieces (not by how the rack is listed,
    nor by the process: see :func:`rack_melds`). The profile or its name; the table and the
    rack as values or notation. Bad arguments raise at the call, not at the first ``next``.
    """
    profile = profiles.get(profile)
    table = as_table(table)
    rack = as_tiles(rack)
    if not isinstance(opened, bool):
        raise InvalidArgument("bad_opened", f"opened is True or False, not {brief(opened)}")
    return _simple_plays(profile, table, rack, opened)


def _simple_plays(
    profile: RuleProfile, table: TableState, rack: list[Tile], opened: bool
) -> Iterator[TableState]:
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
    if opened or profile.opening_rule is OpeningRule.NONE:
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
