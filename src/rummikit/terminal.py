"""Pictures for the terminal: tiles, cards, melds and tables in colour, drawn by
`rich <https://rich.readthedocs.io/>`__.

The values draw themselves through rich's protocol (``__rich__``): ``rich.print(table)``
shows a :class:`~rummikit.TableState` in colour, and so it does a :class:`~rummikit.Tile`, a
:class:`~rummikit.Meld`, a :class:`~rummikit.MeldReading`, a :class:`~rummikit.PlayerView`
and a :class:`~rummikit.Game` (a game shows only what every player may see). The functions
below draw the same pictures, and racks and other lists of pieces, which are no value of
their own; they can mark pieces just laid.

A picture's text is the notation: each piece is written as in :doc:`/notation`, cards with
their suit symbols (``7♥``), tiles with their colour letter (``r7``), in bold, in the colour
of its suit, on a face of its own. The letters stay, so that a picture reads the same without
colour (``NO_COLOR``, a terminal without colours, a reader who tells red from orange badly)
and its pieces can be typed back. The colours are those of :data:`PALETTE`.

rich comes with the ``cli`` extra, not with the core: ``import rummikit`` never loads this
module (a value loads it when rich asks for its picture), and where rich is not installed
its functions raise :class:`~rummikit.InvalidArgument` (``missing_dependency``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from types import MappingProxyType

from rummikit.errors import InvalidArgument
from rummikit.meld import Meld, as_meld
from rummikit.notation import MeldLike, TableLike, TilesLike, as_table
from rummikit.pieces import PieceSet, Tile, as_tile, as_tiles
from rummikit.reading import MeldReading

try:  # rich is optional; without it, drawing raises missing_dependency
    from rich.text import Text

    _HAS_RICH = True
except ImportError:  # pragma: no cover - the tests run with the cli extra
    _HAS_RICH = False

__all__ = [
    "LAID",
    "PALETTE",
    "meld_text",
    "reading_text",
    "table_text",
    "tile_text",
    "tiles_text",
]

PALETTE = MappingProxyType(
    {
        "red": "#c8102e",
        "blue": "#1450b4",
        "black": "#1a1a1a",
        "orange": "#e06c00",
        "hearts": "#c8102e",
        "diamonds": "#c8102e",
        "spades": "#1a1a1a",
        "clubs": "#1a1a1a",
        "joker": "#8e24aa",
        "tile_face": "#f6f1e2",
        "card_face": "#ffffff",
    }
)
"""The colours of the pictures, as ``#rrggbb``: one per tile colour and card suit (the
suit's name in lower case), the joker's, and the faces the pieces are drawn on (ivory for
tiles and the joker, white for cards). A piece is drawn in bold, in its colour on its face,
so that black pieces show on a dark terminal as well as a light one. rich turns the colours
into the nearest ones a terminal has (256 or 16 colours)."""

LAID = "underline"
"""The style added to the pieces a picture marks as just laid (``laid=`` below): ``rummikit
solve`` marks the pieces of the play in the table after it."""

_EMPTY_TABLE = "(empty table)"
"""What the picture of a table without melds says."""


def _text(*parts: str | tuple[str, str]) -> Text:
    """A rich ``Text`` of ``parts``; :class:`~rummikit.InvalidArgument` without rich."""
    if not _HAS_RICH:
        raise InvalidArgument(
            "missing_dependency",
            "pictures for the terminal need rich: pip install 'rummikit[cli]' (or rich)",
        )
    return Text.assemble(*parts)


def _colour(tile: Tile) -> str:
    return PALETTE["joker" if tile.suit is None else tile.suit.name.lower()]


def _style(tile: Tile, laid: bool = False, *, weight: str = "bold") -> str:
    """The style a piece is drawn in: bold, its colour on its face; underlined if laid."""
    face = PALETTE["card_face" if tile.piece_set is PieceSet.CARDS else "tile_face"]
    return f"{weight} {_colour(tile)} on {face}{' ' + LAID if laid else ''}"


def _written(tile: Tile) -> str:
    """A piece as a picture writes it: cards with their suit symbols, tiles by letter."""
    return format(tile, "u" if tile.piece_set is PieceSet.CARDS else "")


def tile_text(tile: Tile | str, *, laid: bool = False) -> Text:
    """One piece (a :class:`~rummikit.Tile` or its notation) in colour; ``laid`` underlines it.

    >>> from rummikit.terminal import tile_text
    >>> text = tile_text("7h")
    >>> text.plain, text.spans[0].style
    ('7♥', 'bold #c8102e on #ffffff')
    """
    tile = as_tile(tile)
    return _text((_written(tile), _style(tile, laid)))


def _pieces(tiles: Iterable[Tile], laid: Counter[Tile]) -> list[str | tuple[str, str]]:
    """The parts of a picture of ``tiles``, separated by spaces; the first copies found of
    the pieces ``laid`` counts are marked (and taken from it)."""
    parts: list[str | tuple[str, str]] = []
    for tile in tiles:
        if parts:
            parts.append(" ")
        marked = laid[tile] > 0
        if marked:
            laid[tile] -= 1
        parts.append((_written(tile), _style(tile, marked)))
    return parts


def tiles_text(tiles: TilesLike, *, laid: TilesLike = ()) -> Text:
    """Pieces (tiles, or notation) in colour, in the order given, separated by spaces: a
    rack, a hand, a draw. The pieces ``laid`` (a multiset: each of its copies marks one)
    are underlined.

    >>> from rummikit.terminal import tiles_text
    >>> print(tiles_text("r7 Qs j"))
    r7 Q♠ j
    """
    return _text(*_pieces(as_tiles(tiles), Counter(as_tiles(laid))))


def _meld_parts(meld: Meld, laid: Counter[Tile]) -> list[str | tuple[str, str]]:
    """The parts of a picture of ``meld``: its declared kind, then its pieces."""
    parts: list[str | tuple[str, str]] = []
    if meld.kind is not None:
        parts += [(f"{meld.kind.value}:", "dim"), " "]
    return parts + _pieces(meld.tiles, laid)


def meld_text(meld: MeldLike, *, laid: TilesLike = ()) -> Text:
    """A meld (a :class:`~rummikit.Meld`, its tiles, or notation) in colour, its declared
    kind first; the pieces ``laid`` are underlined, as for :func:`tiles_text`.

    >>> from rummikit.terminal import meld_text
    >>> print(meld_text("group: j j r5"))
    group: j j r5
    """
    return _text(*_meld_parts(as_meld(meld), Counter(as_tiles(laid))))


def reading_text(reading: MeldReading) -> Text:
    """A meld as a profile reads it, in colour: its kind, its pieces in reading order, and
    what each joker stands for after an ``=``, in italics (several suits separated by
    ``/``).

    >>> from rummikit.terminal import reading_text
    >>> print(reading_text(rk.profiles.get("pagat").read_meld("r7 r8 j")))
    run: r7 r8 j=r9
    """
    if not isinstance(reading, MeldReading):
        raise InvalidArgument(
            "not_a_reading", f"expected a rummikit.MeldReading, not {type(reading).__name__}"
        )
    parts: list[str | tuple[str, str]] = [(f"{reading.kind.value}:", "dim")]
    for tile, stands_for in zip(reading.layout, reading.stands_for, strict=True):
        parts += [" ", (_written(tile), _style(tile))]
        if stands_for is not None:
            parts.append("=")
            for index, piece in enumerate(stands_for.tiles):
                parts += ["/"] * bool(index) + [(_written(piece), _style(piece, weight="italic"))]
    return _text(*parts)


def table_text(table: TableLike, *, laid: TilesLike = ()) -> Text:
    """A table (a :class:`~rummikit.TableState`, melds, or notation) in colour, one meld a
    line, or ``(empty table)``; the pieces ``laid`` are underlined, as for
    :func:`tiles_text`.

    >>> from rummikit.terminal import table_text
    >>> print(table_text("r7 r8 r9 | b5 k5 o5"))
    r7 r8 r9
    b5 k5 o5
    """
    melds = as_table(table).melds
    if not melds:
        return _text((_EMPTY_TABLE, "dim italic"))
    marks = Counter(as_tiles(laid))
    parts: list[str | tuple[str, str]] = []
    for meld in melds:
        parts += ["\n"] * bool(parts) + _meld_parts(meld, marks)
    return _text(*parts)
