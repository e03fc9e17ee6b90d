"""A solve in the making: a position as counts, and the sweep's problem built from it.

A :class:`_Setup` holds the pieces of one case of a position as counts per suit and value
(the table's, which must all be used, and the rack's, which may be), the jokers, the melds
kept as blocks (frozen joker melds, tables that may not be rearranged, a tierce franche),
the freed jokers and the rack pieces played outside the sweep. :func:`_problem` turns it
into the general sweep's :class:`~rummikit.solver._search.Problem`, without the rack pieces
that fit in no meld.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

import attrs

from rummikit.meld import Meld, MeldKind
from rummikit.options import OpeningJokerValue
from rummikit.pieces import JOKER, Tile, suits_of
from rummikit.profile import RuleProfile
from rummikit.solver._dp import FRestriction, MeldShape
from rummikit.solver._sweep_problem import GroupBlock, Problem, RunBlock


@attrs.define
class _Setup:
    """A solve in the making: counts, blocks, freed jokers and what is already played."""

    profile: RuleProfile
    shape: MeldShape
    suits: tuple[object, ...]
    table: list[list[int]]
    rack: list[list[int]]
    table_jokers: int
    rack_jokers: int
    forced: list[Tile] = attrs.Factory(list)  # rack pieces played outside the sweep
    freed: list[FRestriction] = attrs.Factory(list)
    run_blocks: list[RunBlock] = attrs.Factory(list)
    run_block_tiles: list[tuple[Tile, ...]] = attrs.Factory(list)
    run_block_melds: list[Meld | None] = attrs.Factory(list)
    group_blocks: list[GroupBlock] = attrs.Factory(list)
    group_block_rooms: list[tuple[int, ...]] = attrs.Factory(list)
    group_block_tiles: list[tuple[Tile, ...]] = attrs.Factory(list)
    group_block_melds: list[Meld | None] = attrs.Factory(list)
    untouched: list[Meld] = attrs.Factory(list)  # table melds outside the sweep
    free_melds: list[Meld] = attrs.Factory(list)  # table melds inside the sweep
    tierce: tuple[Tile, ...] = ()  # the tierce franche laid as a run block, if any
    owed: list[tuple[Tile, bool]] = attrs.Factory(list)  # see _frozen._payments
    swept: list[Tile] = attrs.Factory(list)  # forced pieces that joined the sweep (_payments)
    replacing: list[tuple[int, int]] = attrs.Factory(list)  # sweep pieces standing for jokers
    # per frozen meld releasing jokers: the naturals it gives up, the table pieces it takes
    releases: list[tuple[Counter[Tile], Counter[Tile]]] = attrs.Factory(list)

    def copy(self) -> _Setup:
        return _Setup(
            self.profile,
            self.shape,
            self.suits,
            [list(row) for row in self.table],
            [list(row) for row in self.rack],
            self.table_jokers,
            self.rack_jokers,
            list(self.forced),
            list(self.freed),
            list(self.run_blocks),
            list(self.run_block_tiles),
            list(self.run_block_melds),
            list(self.group_blocks),
            list(self.group_block_rooms),
            list(self.group_block_tiles),
            list(self.group_block_melds),
            list(self.untouched),
            list(self.free_melds),
            self.tierce,
            list(self.owed),
            list(self.swept),
            list(self.replacing),
            list(self.releases),
        )

    def value_of(self, tile: Tile) -> tuple[int, int]:
        """(suit index, value) of a natural; the ace is value 1."""
        return self.suits.index(tile.suit), tile.rank

    def add_table(self, tiles: Sequence[Tile], sign: int = 1) -> None:
        for tile in tiles:
            if tile.suit is None:
                self.table_jokers += sign
            else:
                s, v = self.value_of(tile)
                self.table[s][v] += sign

    def take_from_rack(self, tile: Tile) -> bool:
        if tile.suit is None:
            if self.rack_jokers == 0:
                return False
            self.rack_jokers -= 1
            return True
        s, v = self.value_of(tile)
        if self.rack[s][v] == 0:
            return False
        self.rack[s][v] -= 1
        return True


def _shape_of(profile: RuleProfile) -> MeldShape:
    return MeldShape(
        nsuits=4,
        top=14 if profile.ace_high else 13,
        min_len=profile.min_meld_length,
        max_group=profile.max_group_size,
        distinct=profile.group_distinct_suits,
        forbid_adj=profile.forbid_adjacent_jokers,
        copies=profile.copies,
        ace_high=profile.ace_high,
    )


def _base_setup(profile: RuleProfile, rack: list[Tile]) -> _Setup:
    suits = tuple(suits_of(profile.piece_set))
    setup = _Setup(
        profile,
        _shape_of(profile),
        suits,
        [[0] * 15 for _ in range(4)],
        [[0] * 15 for _ in range(4)],
        0,
        0,
    )
    for tile in rack:
        if tile.suit is None:
            setup.rack_jokers += 1
        else:
            s, v = setup.value_of(tile)
            setup.rack[s][v] += 1
    return setup


def _dead_pieces(setup: _Setup) -> list[list[int]]:
    """Rack counts without the pieces that fit in no meld, whatever the rest does.

    A piece is alive if the pieces available (table, rack and every joker) hold a run or a
    group containing it; dropping the others changes no play and tightens the search bound.
    """
    shape = setup.shape
    jokers = setup.table_jokers + setup.rack_jokers + len(setup.freed)
    rack = [list(row) for row in setup.rack]
    if setup.run_blocks or setup.group_blocks:
        return rack  # pieces may also join the kept blocks; keep them all
    length = shape.min_len
    changed = True
    while changed:
        changed = False
        for s in range(4):
            for v in range(1, 14):
                if rack[s][v] and not _alive(setup, rack, s, v, jokers, length):
                    rack[s][v] = 0
                    changed = True
    return rack


def _alive(setup: _Setup, rack: list[list[int]], s: int, v: int, jokers: int, length: int) -> bool:
    shape = setup.shape

    def available(suit: int, value: int) -> bool:
        value = 1 if value == 14 else value
        return setup.table[suit][value] + rack[suit][value] > 0

    if shape.distinct:
        others = sum(1 for t in range(4) if t != s and available(t, v))
    else:  # every copy of every suit may join the group
        others = sum(setup.table[t][v] + rack[t][v] for t in range(4)) - 1
    if min(others, shape.max_group - 1) + jokers >= length - 1:
        return True
    places = [v] + ([14] if shape.ace_high and v == 1 else [])
    for place in places:
        for low in range(max(1, place - length + 1), place + 1):
            high = low + length - 1
            if high > shape.top:
                break
            missing = sum(1 for p in range(low, high + 1) if p != place and not available(s, p))
            if missing <= jokers:
                return True
    return False


def _problem(
    setup: _Setup,
    objective: str,
    layers: int,
    acc_layer: int,
) -> Problem:
    profile = setup.profile
    weights = [0] * 15
    for v in range(1, 15):
        rank = v if v <= 13 else 1
        if objective == "tiles":
            weights[v] = 1
        else:
            weights[v] = profile.piece_value(Tile(setup.suits[0], rank))  # type: ignore[arg-type]
    joker_weight = 1 if objective == "tiles" else profile.piece_value(JOKER)
    need = max(1, profile.min_rack_tiles_per_play) - len(setup.forced)
    return Problem(
        shape=setup.shape,
        layers=layers,
        table=tuple(tuple(row) for row in setup.table),
        rack=tuple(tuple(row) for row in _dead_pieces(setup)),
        table_jokers=setup.table_jokers,
        rack_jokers=setup.rack_jokers,
        freed=tuple(setup.freed),
        weights=tuple(weights),
        joker_weight=joker_weight,
        acc_layer=acc_layer,
        acc_target=profile.opening_min_points if acc_layer >= 0 else 0,
        acc_jokers=profile.opening_joker_value is OpeningJokerValue.REPRESENTED,
        need=max(0, need),
        run_blocks=tuple(setup.run_blocks),
        group_blocks=tuple(setup.group_blocks),
        group_block_rooms=tuple(setup.group_block_rooms),
    )


def _tile(setup: _Setup, s: int, v: int) -> Tile:
    return Tile(setup.suits[s], v if v <= 13 else 1)  # type: ignore[arg-type]


@cache
def _natural(suit: object, rank: int) -> Tile:
    """One tile per suit and rank, built and checked once: tiles are values."""
    return Tile(suit, rank)  # type: ignore[arg-type]


def _run_meld(tiles: list[Tile]) -> Meld:
    return Meld.read_as(tiles, MeldKind.RUN)


def _group_meld(tiles: list[Tile]) -> Meld:
    return Meld.read_as(tiles, MeldKind.GROUP)
