"""What a meld and a table share as read-only sequences: reading an index or a slice.

A :class:`~rummikit.Meld` is a sequence of tiles and a :class:`~rummikit.TableState` a
sequence of melds; both index as a tuple does (negative indexes count from the end), but a
bad index raises a rummikit error: :class:`~rummikit.IndexOutOfRange` (also an
:class:`IndexError`) past either end, :class:`~rummikit.InvalidArgument` (``bad_index``)
for an index that is not a whole number or a slice.
"""

from __future__ import annotations

import operator
from typing import SupportsIndex, TypeVar

from rummikit.errors import IndexOutOfRange, InvalidArgument, brief

_T = TypeVar("_T")


def checked_index(index: object, length: int, what: str) -> int:
    """``index`` as a place in ``range(length)`` of a ``what`` (``"meld"``, ``"table"``);
    negative indexes count from the end. Booleans are refused: ``table[True]`` is a bug."""
    if isinstance(index, bool) or not isinstance(index, SupportsIndex):
        raise InvalidArgument(
            "bad_index", f"a {what} is indexed by a whole number or a slice, not {brief(index)}"
        )
    place = operator.index(index)
    if not -length <= place < length:
        items = "tile" if what == "meld" else "meld"
        counted = f"{length} {items}{'' if length == 1 else 's'}"
        valid = f"indexes run from {-length} to {length - 1}" if length else "it is empty"
        raise IndexOutOfRange(f"a {what} of {counted} has no index {brief(place)}: {valid}")
    return place + length if place < 0 else place


def checked_slice(items: tuple[_T, ...], index: slice, what: str) -> tuple[_T, ...]:
    """``items[index]``, or :class:`~rummikit.InvalidArgument` (``bad_index``) for a slice
    whose bounds or step are not whole numbers (or a step of 0)."""
    try:
        return items[index]
    except (TypeError, ValueError):
        shown = f"{brief(index.start)}:{brief(index.stop)}:{brief(index.step)}"
        raise InvalidArgument(
            "bad_index",
            f"a {what} is sliced by whole numbers or None, with a step other than 0, not [{shown}]",
        ) from None
