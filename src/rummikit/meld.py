"""The meld value: tiles laid together on the table, with an optional declared kind."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable

import attrs

from rummikit._lexer import SEPARATORS, check_text, notation_error, separator_error, tokens
from rummikit.errors import InvalidArgument, brief
from rummikit.pieces import Tile, tile_from_token

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
class Meld:
    """Tiles laid together on the table, in the order given.

    ``kind`` is the declared reading, needed only where the tiles could be read both as a
    run and as a group (at most one natural tile, as in ``j j r5``). A meld is not checked
    when built: whether it is valid depends on the rule profile, so ask the profile
    (:meth:`rummikit.RuleProfile.read_meld`).
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

    def __len__(self) -> int:
        return len(self.tiles)

    def __repr__(self) -> str:
        # Notation has no empty meld, so an empty one shows as its constructor: either way
        # the repr reads back as an equal meld.
        if not self.tiles:
            return "Meld(())" if self.kind is None else f"Meld((), MeldKind.{self.kind.name})"
        return f"Meld.parse({str(self)!r})"

    def __str__(self) -> str:
        body = " ".join(map(str, self.tiles))
        return body if self.kind is None else f"{self.kind.value}: {body}"


# -- notation ---------------------------------------------------------------------------------

_KIND_RE = re.compile(r"(run|group):", re.IGNORECASE)


def meld_from_tokens(tokens: list[tuple[str, int]], end: int) -> Meld:
    """The meld that ``tokens`` (pieces with their offsets, no separator) spell, a kind
    declaration allowed first; ``end`` is the offset to blame when there is no token."""
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
