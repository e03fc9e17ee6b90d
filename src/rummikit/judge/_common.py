"""What moved in a turn: the tables as multisets, and melds matched across the turn."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Hashable, Iterable
from typing import TypeVar

from rummikit.meld import Meld
from rummikit.pieces import JOKER, Tile, tile_from_code
from rummikit.profile import RuleProfile
from rummikit.reading import Failure, MeldReading, Substitute, reading_of
from rummikit.table import TableState, meld_key

_K = TypeVar("_K")


def minus(a: Counter[_K], b: Counter[_K]) -> Counter[_K]:
    """``a - b`` as :class:`~collections.Counter` computes it: the same counts, in the same
    order. The operator is Python code; this loop is compiled in the compiled build, where the
    judge's and the solver's many small subtractions then cost a fraction as much."""
    result: Counter[_K] = Counter()
    for key, count in a.items():
        left = count - b.get(key, 0)
        if left > 0:
            result[key] = left
    for key, count in b.items():
        if count < 0 and key not in a:
            result[key] = -count
    return result


def plus(a: Counter[_K], b: Counter[_K]) -> Counter[_K]:
    """``a + b`` as :class:`~collections.Counter` computes it (see :func:`minus`)."""
    result: Counter[_K] = Counter()
    for key, count in a.items():
        total = count + b.get(key, 0)
        if total > 0:
            result[key] = total
    for key, count in b.items():
        if count > 0 and key not in a:
            result[key] = count
    return result


def within(a: Counter[_K], b: Counter[_K]) -> bool:
    """``not a - b``: whether ``b`` holds every piece of ``a`` (see :func:`minus`)."""
    for key, count in a.items():
        if count > b.get(key, 0):
            return False
    return all(count >= 0 or key in a for key, count in b.items())


def tiles_of(melds: Iterable[Meld]) -> Counter[Tile]:
    return Counter(tile for meld in melds for tile in meld.tiles)


def codes_of(melds: Iterable[Meld]) -> Counter[int]:
    """The tiles of ``melds`` as a multiset of piece codes (fast to count and compare)."""
    return Counter(itertools.chain.from_iterable(meld.key for meld in melds))


def tiles_from_codes(codes: Counter[int]) -> Counter[Tile]:
    return Counter({tile_from_code(code): count for code, count in codes.items()})


def listing(codes: Counter[int]) -> str:
    return " ".join(str(tile_from_code(code)) for code in sorted(codes.elements()))


def holds_joker(meld: Meld) -> bool:
    return bool(meld.key) and meld.key[-1] == JOKER.code  # the joker sorts last


Keys = list[tuple[int, Hashable]]
"""Melds of a table as (index, identity) pairs."""


def read_declared(profile: RuleProfile, meld: Meld) -> MeldReading | Failure:
    """``meld`` read under ``profile`` as it declares itself: the judge's melds are values
    already, so it asks the memo of the profile's meld rules directly."""
    return reading_of(meld, meld.kind, profile.meld_rules)


def meld_identities(profile: RuleProfile, table: TableState, *, jokers_only: bool = False) -> Keys:
    """A key per meld, equal for the same tiles with each joker standing for the same tile.

    The order of the tiles is free, except that it decides what a joker stands for (see
    :ref:`turns-judge`): ``r5 r6 j`` and ``j r5 r6`` are different melds, the joker having moved.
    With ``jokers_only``, only the melds holding a joker are keyed (no other meld can match
    them).
    """
    keys: Keys = []
    for index, meld in enumerate(table.melds):
        jokers: tuple[Substitute, ...] = ()
        if holds_joker(meld):
            found = read_declared(profile, meld)
            if isinstance(found, MeldReading):
                jokers = found.jokers
        elif jokers_only:
            continue
        keys.append((index, (meld_key(meld), jokers)))
    return keys


Identities = tuple[Keys, Keys]
"""The :func:`meld_identities` of the melds before and after the turn."""


def unmatched(before: TableState, identities: Identities) -> tuple[list[Meld], list[int]]:
    """The melds of ``before`` not found unchanged after, and the indexes of new melds."""
    before_keys, after_keys = identities
    remaining = Counter(key for _, key in after_keys)
    gone = []
    for index, key in before_keys:
        if remaining[key]:
            remaining[key] -= 1
        else:
            gone.append(before.melds[index])
    new = []
    for index, key in after_keys:
        if remaining[key]:
            remaining[key] -= 1
            new.append(index)
    return gone, new
