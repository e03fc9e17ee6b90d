"""Text notation for tiles, cards, melds and tables.

Tokens are separated by spaces or commas; case does not matter.

* **Tiles**: a colour letter and a number 1-13, without leading zeros: ``r7`` (red), ``b13`` (blue), ``k1`` (black),
  ``o12`` (orange; ``y`` for yellow is read as orange, since editions differ only in ink). A
  coloured circle may stand for the letter: ``🔴7 🔵13 ⚫1 🟠12`` (``🟡`` is orange too).
* **Cards**: a rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` and a suit ``s h d c``, or the symbols
  ``♠ ♥ ♦ ♣`` (outline symbols too): ``7h``, ``Qs``, ``10♦``, ``Ad``.
* **Joker**: ``j``. On its own it is always the joker; a jack is always followed by its suit.
* **Melds**: tiles in order, optionally preceded by a declared kind, ``run:`` or ``group:``,
  for melds that could be read either way (``group: j j r5``).
* **Tables**: melds separated by ``|`` or by line breaks (blank lines are ignored):
  ``r7 r8 r9 | b5 k5 o5``. The empty table is ``-``, which stands alone where a meld
  would and adds none, so tables compose: ``f"{table} | r1 r2 r3"`` reads whatever
  ``table`` is.

``str()`` of a tile, meld or table gives its canonical form, and parsing that gives the same
value back; so does the unicode form (``unicode=True`` below: suit symbols for cards,
coloured circles for tiles). Parsing is linear in the length of the text, and text longer than
:data:`MAX_TEXT_LENGTH` characters is refused before any work is done.

Each value reads its own notation (the readers live beside :class:`~rummikit.Tile`,
:class:`~rummikit.Meld` and :class:`~rummikit.TableState`, so that ``Tile.parse`` and the
others need nothing above them); this module gathers them with the writers and with the
conversions the rest of the library applies to what callers give it.
"""

from collections.abc import Iterable

from rummikit import _lexer
from rummikit.errors import InvalidArgument
from rummikit.meld import Meld, as_meld, parse_meld
from rummikit.pieces import Tile, as_items, as_tiles, parse_tile, parse_tiles
from rummikit.table import TableState, parse_table

__all__ = [
    "MAX_TEXT_LENGTH",
    "MeldLike",
    "TableLike",
    "TilesLike",
    "as_meld",
    "as_table",
    "as_tiles",
    "format_table",
    "format_tiles",
    "parse_meld",
    "parse_table",
    "parse_tile",
    "parse_tiles",
]

TilesLike = Iterable[Tile | str] | str
"""Tiles given as an iterable of :class:`~rummikit.Tile` (or of their notation, one piece
each) or as notation (``"r7 r8 j"``)."""
MeldLike = Meld | Iterable[Tile | str] | str
"""A meld given as a :class:`~rummikit.Meld`, an iterable of tiles, or notation."""
TableLike = TableState | Iterable[MeldLike] | str
"""A table given as a :class:`~rummikit.TableState`, an iterable of melds, or notation."""

MAX_TEXT_LENGTH = _lexer.MAX_TEXT_LENGTH
"""The longest text a parser accepts, in characters (a full deck in notation is under 500)."""


def format_tiles(tiles: TilesLike, *, unicode: bool = False) -> str:
    """Tiles in canonical notation, separated by spaces; ``unicode=True`` writes the unicode
    form, ``7♥`` for cards and ``🔴7`` for tiles, which reads back.

    Notation is read first, so ``format_tiles("R7  r8")`` is ``"r7 r8"``."""
    spec = "u" if unicode else ""
    return " ".join(format(tile, spec) for tile in as_tiles(tiles))


def format_table(melds: TableLike, *, unicode: bool = False) -> str:
    """A table (a :class:`~rummikit.TableState`, melds, or notation) in canonical notation:
    melds separated by ``|`` with a space on each side, ``-`` for the empty table."""
    parts = []
    for meld in as_table(melds).melds:
        body = format_tiles(meld.tiles, unicode=unicode)
        parts.append(body if meld.kind is None else f"{meld.kind.value}: {body}")
    return " | ".join(parts) or _lexer.EMPTY_TABLE


def as_table(table: TableLike) -> TableState:
    """``table`` as a :class:`~rummikit.TableState`, reading notation if given a string."""
    if isinstance(table, TableState):
        return table
    if isinstance(table, str):
        return parse_table(table)
    if isinstance(table, Meld):
        raise InvalidArgument("not_a_table", "a table is a sequence of melds, not one meld")
    melds = as_items(table, "not_a_table", "melds or notation")
    if any(isinstance(meld, Tile) for meld in melds):
        raise InvalidArgument(
            "not_a_table",
            "a table is a sequence of melds, not of single tiles: group the tiles into melds "
            "(a list of tiles each), or give notation such as 'r1 r2 r3 | b5 k5 o5'",
        )
    return TableState(as_meld(meld) for meld in melds)
