"""A reference meld reader written from the rules matrix, for the property tests.

:func:`reference_kinds` decides, by brute force over every run, what a generated or
corrupted meld should be read as under a profile.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest

import rummikit as rk

RUN = rk.MeldKind.RUN
GROUP = rk.MeldKind.GROUP


def _top(profile: rk.RuleProfile) -> int:
    """The highest run place: 14 (a high ace) where aces may be high, else 13 (row 3)."""
    return 14 if profile.ace_high else 13


def _rank_at(place: int) -> int:
    return 1 if place == 14 else place


def reference_kinds(tiles: Sequence[rk.Tile], profile: rk.RuleProfile) -> frozenset[rk.MeldKind]:
    """The kinds ``tiles`` may be read as under ``profile``, by brute force over every run."""
    naturals_ = [tile for tile in tiles if not tile.is_joker]
    if sum(tile.is_joker for tile in tiles) > profile.jokers:  # more than the deck holds
        return frozenset()
    if any(tile.piece_set not in (None, profile.piece_set) for tile in tiles):
        return frozenset()
    if len(tiles) < profile.min_meld_length or not naturals_:
        return frozenset()
    kinds = set()
    suits = [tile.suit for tile in naturals_]
    if (
        len({tile.rank for tile in naturals_}) == 1
        and len(tiles) <= profile.max_group_size
        and (not profile.group_distinct_suits or len(set(suits)) == len(suits))
    ):
        kinds.add(GROUP)
    n = len(tiles)
    if n <= 13 and len(set(suits)) == 1:
        for start in range(1, _top(profile) - n + 2):
            window = range(start, start + n)
            places = [14 if tile.rank == 1 and 14 in window else tile.rank for tile in naturals_]
            if len(set(places)) < len(places) or any(p not in window for p in places):
                continue
            empty = [p for p in window if p not in places]
            if profile.forbid_adjacent_jokers and any(
                b - a == 1 for a, b in itertools.pairwise(empty)
            ):
                continue
            kinds.add(RUN)
            break
    return frozenset(kinds)


def check_against_reference(
    profile: rk.RuleProfile, tiles: Sequence[rk.Tile], kind: rk.MeldKind | None
) -> rk.MeldReading | rk.InvalidMeld:
    """Read ``tiles`` and assert the outcome is the one :func:`reference_kinds` predicts."""
    kinds = reference_kinds(tiles, profile)
    expected = kinds if kind is None else kinds & {kind}
    try:
        reading = profile.read_meld(tiles, kind)
    except rk.InvalidMeld as error:
        refused = error
    else:
        refused = None
    if refused is not None:
        if kind is None and len(kinds) == 2:
            assert refused.code == "ambiguous"
        else:
            assert not expected, f"{rk.format_tiles(tiles)}: {refused.code}, could be {expected}"
        assert profile.is_valid_meld(tiles, kind) is False
        return refused
    assert len(expected) == 1, f"{rk.format_tiles(tiles)} accepted, expected {set(expected)}"
    assert reading.kind in expected
    assert profile.is_valid_meld(tiles, kind) is True
    return reading


def rejected(profile: rk.RuleProfile, meld: rk.Meld, plausible: set[str]) -> None:
    """Assert that ``meld`` is refused with one of the ``plausible`` codes."""
    with pytest.raises(rk.InvalidMeld) as caught:
        profile.read_meld(meld)
    assert caught.value.code in plausible, f"{meld}: {caught.value.code}"
    assert not profile.is_valid_meld(meld)


def natural_indices(meld: rk.Meld) -> list[int]:
    return [index for index, tile in enumerate(meld.tiles) if not tile.is_joker]
