"""The meld value: tiles laid together on the table, with an optional declared kind."""

from __future__ import annotations

import enum
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, SupportsIndex, overload

import attrs

from rummikit._lexer import (
    EMPTY_TABLE,
    SEPARATORS,
    check_text,
    notation_error,
    separator_error,
    tokens,
)
from rummikit._sequence import checked_index, checked_slice
from rummikit.errors import InvalidArgument, brief
from rummikit.pieces import Tile, as_tiles, parse_tile, tile_from_token

if TYPE_CHECKING:  # rich, of the cli extra, is imported when a picture is drawn
    from rich.text import Text

__all__ = ["Meld", "MeldKind"]


class MeldKind(enum.Enum):
    """The two kinds of meld."""

    RUN = "run"
    """Three or more consecutive ranks of one suit."""
    GROUP = "group"
    """Three or four pieces of one rank in different suits."""

    @classmethod
    def coerce(cls, value: MeldKind | str) -> MeldKind:
        """``value`` as a kind; accepts the enum or ``"run"`` / ``"group"`` in any case."""
        if isinstance(value, MeldKind):
            return value
        if isinstance(value, str):
            return cls(value)
        return cls._missing_(value)  # raises; Enum's own call would print the value whole

    @classmethod
    def _missing_(cls, value: object) -> MeldKind:
        """``MeldKind("Run")``: any case; else :class:`~rummikit.InvalidArgument`
        (``bad_kind``) rather than a bare ValueError."""
        if isinstance(value, str):
            for kind in cls:
                if value.strip().lower() == kind.value:
                    return kind
        raise InvalidArgument(
            "bad_kind", f"a meld kind is 'run', 'group' or a rummikit.MeldKind, not {brief(value)}"
        )


def _to_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    if isinstance(tiles, str):
        raise InvalidArgument(
            "not_tiles", "a meld's tiles are rummikit.Tile values; read notation with Meld.parse"
        )
    try:
        result = tuple(tiles)
    except TypeError:
        raise InvalidArgument(
            "not_tiles", f"a meld's tiles are an iterable of rummikit.Tile, not {brief(tiles)}"
        ) from None
    for tile in result:
        if not isinstance(tile, Tile):
            raise InvalidArgument(
                "not_a_tile", f"a meld holds rummikit.Tile values, not {brief(tile)}"
            )
    return result


def _to_kind(kind: MeldKind | str | None) -> MeldKind | None:
    return None if kind is None else MeldKind.coerce(kind)


@attrs.frozen(repr=False)
class Meld(Sequence[Tile]):
    """Tiles laid together on the table, in the order given.

    ``kind`` is the declared reading, needed only where the tiles could be read both as a
    run and as a group (at most one natural tile, as in ``j j r5``). A meld is not checked
    when built: whether it is valid depends on the rule profile, so ask the profile
    (:meth:`rummikit.RuleProfile.read_meld`).

    A meld is a read-only sequence of its tiles: it iterates, indexes (``meld[0]``,
    ``meld[-1]``), answers ``in``, :meth:`index` and :meth:`count` (a tile or its
    notation), and a slice gives a tuple of tiles, not a meld (a part of a meld is rarely
    one, and the declared kind would not carry over). Equality and hashing are those of
    the value: the same tiles in the same order and the same declared kind; a meld never
    equals a tuple of its tiles.
    """

    tiles: tuple[Tile, ...] = attrs.field(converter=_to_tiles)
    kind: MeldKind | None = attrs.field(default=None, converter=_to_kind)
    codes: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    """The :attr:`Tile.code` of each tile, in order: a cheap key for memoising readings."""
    key: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    """The sorted codes of the tiles: equal for melds of the same tiles in any order."""

    def __attrs_post_init__(self) -> None:
        codes = tuple(tile.code for tile in self.tiles)
        object.__setattr__(self, "codes", codes)
        object.__setattr__(self, "key", tuple(sorted(codes)))

    @classmethod
    def read_as(cls, tiles: Iterable[Tile], kind: MeldKind | str) -> Meld:
        """A meld of ``tiles`` meant as ``kind``, the kind declared only where the tiles alone
        could be read both ways (at most one natural, as in ``r5 j j``): the form the solver
        builds its melds in."""
        kind = MeldKind.coerce(kind)
        tiles = _to_tiles(tiles)
        naturals = sum(1 for tile in tiles if tile.suit is not None)
        return cls(tiles, kind if naturals <= 1 else None)

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Read a meld in notation, such as ``"r7 r8 r9"`` or ``"group: j j r5"``."""
        return parse_meld(text)

    # -- a read-only sequence of tiles ------------------------------------------------------

    def __len__(self) -> int:
        return len(self.tiles)

    def __iter__(self) -> Iterator[Tile]:
        return iter(self.tiles)

    def __reversed__(self) -> Iterator[Tile]:
        return reversed(self.tiles)

    @overload
    def __getitem__(self, index: SupportsIndex) -> Tile: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Tile, ...]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> Tile | tuple[Tile, ...]:
        """The tile at ``index`` (negative from the end), or a tuple of tiles for a slice.

        An index past either end raises :class:`~rummikit.IndexOutOfRange` (an
        :class:`IndexError`); one that is not a whole number or a slice,
        :class:`~rummikit.InvalidArgument` (``bad_index``)."""
        if isinstance(index, slice):
            return checked_slice(self.tiles, index, "meld")
        return self.tiles[checked_index(index, len(self.tiles), "meld")]

    def __contains__(self, tile: object) -> bool:
        """Whether the meld holds ``tile``, a :class:`~rummikit.Tile` or its notation
        (``"r5" in meld``); anything else raises :class:`~rummikit.InvalidArgument`
        (``not_a_tile``)."""
        return _as_tile(tile) in self.tiles

    def index(
        self, tile: object, start: SupportsIndex = 0, stop: SupportsIndex | None = None
    ) -> int:
        """The index of the first ``tile`` (a tile or its notation) from ``start``, before
        ``stop``; :class:`~rummikit.InvalidArgument` (``not_in_meld``) if there is none."""
        wanted = _as_tile(tile)
        try:
            return self.tiles.index(wanted, start, sys.maxsize if stop is None else stop)
        except TypeError:
            raise InvalidArgument(
                "bad_index", f"start and stop are whole numbers, not {brief(start)}, {brief(stop)}"
            ) from None
        except ValueError:
            raise InvalidArgument("not_in_meld", f"the meld {self} holds no {wanted}") from None

    def count(self, tile: object) -> int:
        """How many times the meld holds ``tile`` (a tile or its notation)."""
        return self.tiles.count(_as_tile(tile))

    # -- text ---------------------------------------------------------------------------------

    def __repr__(self) -> str:
        # Notation has no empty meld, so an empty one shows as its constructor: either way
        # the repr reads back as an equal meld.
        if not self.tiles:
            return "Meld(())" if self.kind is None else f"Meld((), MeldKind.{self.kind.name})"
        return f"Meld.parse({str(self)!r})"

    def __str__(self) -> str:
        body = " ".join(map(str, self.tiles))
        return body if self.kind is None else f"{self.kind.value}: {body}"

    def _repr_svg_(self) -> str:
        """The meld as a picture, its pieces as given, which notebooks show for a meld in a
        cell (see :func:`rummikit.svg.meld`; with a profile it reads the meld too)."""
        from rummikit import svg  # pictures sit above the values they draw

        return str(svg.meld(self))

    def __rich__(self) -> Text:
        """The meld in colour, for rich: see :mod:`rummikit.terminal`."""
        from rummikit.terminal import meld_text

        return meld_text(self)


def _as_tile(tile: object) -> Tile:
    """``tile``, a piece or its notation, as asked of a meld (``"r5" in meld``)."""
    if isinstance(tile, Tile):
        return tile
    if isinstance(tile, str):
        return parse_tile(tile)
    raise InvalidArgument(
        "not_a_tile", f"a meld holds rummikit.Tile values or their notation, not {brief(tile)}"
    )


def as_meld(meld: Meld | Iterable[Tile | str] | str) -> Meld:
    """``meld`` as a :class:`~rummikit.Meld`, reading notation if given a string."""
    if isinstance(meld, Meld):
        return meld
    if isinstance(meld, str):
        return parse_meld(meld)
    return Meld(as_tiles(meld))


# -- notation ---------------------------------------------------------------------------------

_KIND_RE = re.compile(r"(run|group):", re.IGNORECASE)


def meld_from_tokens(tokens: list[tuple[str, int]], end: int) -> Meld:
    """The meld that ``tokens`` (pieces with their offsets, no separator) spell, a kind
    declaration allowed first; ``end`` is the offset to blame when there is no token."""
    if len(tokens) == 1 and tokens[0][0] == EMPTY_TABLE:
        raise notation_error(
            "empty_meld",
            "meld with no tiles",
            EMPTY_TABLE,
            tokens[0][1],
            f"at least one tile ({EMPTY_TABLE!r} stands for the empty table, which holds no meld)",
        )
    kind: MeldKind | None = None
    tiles: list[Tile] = []
    for index, (token, position) in enumerate(tokens):
        if index == 0 and (match := _KIND_RE.match(token)):
            kind = MeldKind(match[1].lower())
            rest = token[match.end() :]
            if rest:
                tiles.append(tile_from_token(rest, position + match.end()))
            continue
        if token.endswith(":"):
            raise notation_error(
                "bad_kind",
                "unknown or misplaced kind declaration",
                token,
                position,
                "'run:' or 'group:' at the start of a meld",
            )
        tiles.append(tile_from_token(token, position))
    if not tiles:
        position = tokens[0][1] if tokens else end
        raise notation_error("empty_meld", "meld with no tiles", "", position, "at least one tile")
    return Meld(tiles, kind)


def parse_meld(text: str) -> Meld:
    """Read one meld, such as ``"r7 r8 r9"`` or ``"group: j j r5"``."""
    found = list(tokens(check_text(text)))
    for token, position in found:
        if token in SEPARATORS:
            raise separator_error(token, position, "in a single meld", "several melds make a table")
    return meld_from_tokens(found, len(text))
