"""The fast core seen from the solver: whether it applies, counts in and melds out.

:func:`_plain` says whether the fast core (:mod:`rummikit.solver._fast`) answers a
position: the usual meld shapes, a deck it holds, a table free to rearrange.
:func:`_counts` and :func:`_weights` turn pieces and an objective into what it takes;
:func:`_arranged` turns the plan it returns into melds, looked up rather than rebuilt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rummikit.meld import Meld
from rummikit.options import JokerPolicy
from rummikit.pieces import JOKER, Tile, suits_of
from rummikit.profile import RuleProfile
from rummikit.solver import _fast
from rummikit.solver._fast_moves import ACE_HIGH_TOP, MAX_ACES, MAX_GROUP, MAX_RUNS, MIN_LEN, NSUITS
from rummikit.solver._setup import _group_meld, _natural, _run_meld, _Setup
from rummikit.table import TableState


def _plain(profile: RuleProfile, before: TableState, opened: bool, *, placed: int = 1) -> bool:
    """Whether the fast core (:mod:`rummikit.solver._fast`) answers this position: an opened
    player, a table free to rearrange, plain jokers, the usual meld shapes; and no rule
    asking a play for more rack pieces than the ``placed`` it places anyway."""
    return (
        opened
        and profile.table_manipulation
        and profile.min_rack_tiles_per_play <= placed
        and _plain_melds(profile, profile.copies, profile.jokers)
        and (
            profile.joker_policy is not JokerPolicy.FROZEN
            or not any(JOKER in meld.tiles for meld in before.melds)
        )
    )


def _plain_melds(profile: RuleProfile, copies: int, jokers: int) -> bool:
    """Whether the fast core knows the profile's melds, for pieces holding at most
    ``copies`` of a natural and ``jokers`` jokers (its state holds that many runs)."""
    return (
        profile.min_meld_length == MIN_LEN
        and profile.max_group_size == MAX_GROUP
        and profile.group_distinct_suits
        and not profile.forbid_adjacent_jokers
        and copies + jokers <= MAX_RUNS
        and (not profile.ace_high or copies <= MAX_ACES)
        and len(suits_of(profile.piece_set)) == NSUITS
    )


def _top(profile: RuleProfile) -> int:
    return ACE_HIGH_TOP if profile.ace_high else 13


def _counts(
    profile: RuleProfile, tiles: Sequence[Tile]
) -> tuple[list[list[int]], int, tuple[object, ...]]:
    suits = tuple(suits_of(profile.piece_set))
    counts = _fast.no_counts()
    jokers = 0
    for tile in tiles:
        if tile.suit is None:
            jokers += 1
        else:
            counts[suits.index(tile.suit)][tile.rank] += 1
    return counts, jokers, suits


def _weights(profile: RuleProfile, objective: str) -> tuple[list[int], int]:
    """What one rack natural of each value, and one rack joker, is worth."""
    if objective == "tiles":
        return [1] * 15, 1
    suit = suits_of(profile.piece_set)[0]
    values = [profile.piece_value(Tile(suit, v)) for v in range(1, 14)]
    return [0, *values, values[0]], profile.piece_value(JOKER)


def _live_worth(
    live: list[list[int]], jokers: int, weights: Sequence[int], joker_weight: int
) -> int:
    """What the rack naturals ``live`` (counts per [suit][value]) and ``jokers`` are worth:
    the most a play of them can score."""
    naturals = sum(weights[v] * live[s][v] for s in range(NSUITS) for v in range(1, 14))
    return naturals + joker_weight * jokers


def _arranged(
    plan: _fast.Plan,
    suits: tuple[object, ...],
    top: int,
    blocks: Sequence[tuple[_fast.Block, Sequence[_fast.Piece]]] = (),
) -> list[Meld]:
    """The melds of ``plan`` (and of the kept runs it was solved with, ``blocks``)."""
    known = _MELDS.setdefault(suits, {})
    if len(known) > _MELDS_KEPT:
        known.clear()
    melds = []
    for is_run, pieces in _fast.arrange(plan, top, blocks):
        if len(pieces) > 13:
            raise _TooLong
        key = (is_run, *pieces)
        meld = known.get(key)
        if meld is None:
            tiles = [JOKER if s < 0 else _natural(suits[s], 1 if v == 14 else v) for s, v in pieces]
            meld = known[key] = _run_meld(tiles) if is_run else _group_meld(tiles)
        melds.append(meld)
    return melds


_MELDS: Final[dict[tuple[object, ...], dict[tuple[object, ...], Meld]]] = {}
"""Per suit listing, the melds :func:`_arranged` built, by their pieces: melds are values,
and building one (its tiles checked, its key sorted) costs more than looking it up."""


_MELDS_KEPT: Final = 4096
"""How many melds :data:`_MELDS` keeps per suit listing before it starts again."""


def _fast_piece(setup: _Setup, tile: Tile) -> _fast.Piece:
    """``tile`` as the fast core writes a piece."""
    return _fast.JOKER_PIECE if tile.suit is None else setup.value_of(tile)


class _TooLong(Exception):
    """The fast core joined both ends of an ace-high suit into one run of 14."""
