"""The work of :mod:`rummikit.moves` on arguments it has read and checked.

Apart from the public functions so that the compiled build (:doc:`/solver`) can compile it
while a wrong argument still gets the library's own error rather than a ``TypeError``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

from rummikit.judge import judge_turn
from rummikit.meld import Meld, MeldKind
from rummikit.options import OpeningRule
from rummikit.pieces import JOKER, Tile, sort_tiles
from rummikit.profile import RuleProfile
from rummikit.reading import MeldReading, MeldRules, reading_of, reading_of_tiles
from rummikit.table import TableState


def _valid(meld: Meld, rules: MeldRules) -> bool:
    """:meth:`RuleProfile.is_valid_meld` of a meld value, under the profile's meld rules."""
    return isinstance(reading_of(meld, meld.kind, rules), MeldReading)


def rack_melds_of(profile: RuleProfile, rack: list[Tile]) -> list[Meld]:
    """:func:`rummikit.moves.rack_melds` of a profile value and a list of pieces."""
    rules = profile.meld_rules
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
    return [meld for meld in found if _valid(meld, rules)]


def _fits(tiles: Counter[Tile], rack: Counter[Tile]) -> bool:
    return not tiles - rack


def simple_plays_of(
    profile: RuleProfile, table: TableState, rack: list[Tile], opened: bool
) -> Iterator[TableState]:
    held = Counter(rack)
    rules = profile.meld_rules
    melds = sorted(rack_melds_of(profile, rack), key=lambda m: -len(m.tiles))
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
                codes = meld.codes
                for grown, grown_codes in (
                    ((*meld.tiles, tile), (*codes, tile.code)),
                    ((tile, *meld.tiles), (tile.code, *codes)),
                ):
                    # read before it is built: most lay-offs tried are no meld
                    found = reading_of_tiles(grown, grown_codes, meld.kind, rules)
                    if isinstance(found, MeldReading):
                        melds_after = list(table.melds)
                        melds_after[index] = Meld(grown, meld.kind)
                        candidates.append(TableState(melds_after))
    # a play seen already is skipped: the same melds, tiles and declared kinds, in order
    # (what its notation says, without writing it out)
    seen: set[tuple[tuple[tuple[int, ...], MeldKind | None], ...]] = set()
    for candidate in candidates:
        key = tuple((meld.codes, meld.kind) for meld in candidate.melds)
        if key in seen:
            continue
        # the first play goes through check_turn, which checks the position as well (the
        # rack's pieces in the deck, the table valid) and raises if it is unsound; the
        # position being the same for every play, the others need only the judge itself
        verdict = (
            judge_turn(profile, table, rack, candidate, opened)
            if seen
            else profile.check_turn(before=table, rack=rack, after=candidate, opened=opened)
        )
        seen.add(key)
        if verdict.ok:
            yield candidate
