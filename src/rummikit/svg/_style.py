"""How pictures look: the size of a piece and the colours, as one frozen value.

Everything a picture measures is a fraction of :attr:`Style.size`, the height of a piece, so
one number scales a whole picture and its proportions stay right. The colours are SVG
colours (``#rgb``, ``#rrggbb``, with an optional alpha digit or pair, or a name such as
``teal``), checked when the style is made: a picture never carries text it did not check
into an attribute.
"""

from __future__ import annotations

import math
import re

import attrs

from rummikit.errors import InvalidArgument, brief

__all__ = ["Style"]

MIN_SIZE = 8
"""The smallest piece height, in pixels: below it no number on a piece can be read."""
MAX_SIZE = 1024
"""The largest piece height, in pixels: a mistyped huge number is refused, not drawn."""
MAX_ROW_LENGTH = 104
"""The longest row :attr:`Style.row_length` allows: two full decks of cards side by side."""
MAX_FONT_LENGTH = 200
"""The longest font list :attr:`Style.font_family` accepts, in characters."""

_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|[a-zA-Z]{3,30}")
_FONT = re.compile(r"[A-Za-z0-9 ,'\"._-]+")


def _colour(instance: Style, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not _COLOUR.fullmatch(value):
        raise InvalidArgument(
            "bad_style",
            f"{attribute.name} is an SVG colour, '#rgb', '#rrggbb' (an alpha digit or pair "
            f"may follow) or a name such as 'teal', not {brief(value)}",
        )


def _size(instance: Style, attribute: attrs.Attribute[float], value: float) -> None:
    if (
        not isinstance(value, int | float)
        or isinstance(value, bool)
        or not math.isfinite(value)
        or not MIN_SIZE <= value <= MAX_SIZE
    ):
        raise InvalidArgument(
            "bad_style",
            f"size is the height of a piece in pixels, a number from {MIN_SIZE} to "
            f"{MAX_SIZE}, not {brief(value)}",
        )


def _row_length(instance: Style, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 3 <= value <= MAX_ROW_LENGTH:
        raise InvalidArgument(
            "bad_style",
            f"row_length is a whole number of pieces from 3 to {MAX_ROW_LENGTH}, "
            f"not {brief(value)}",
        )


def _font(instance: Style, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or len(value) > MAX_FONT_LENGTH or not _FONT.fullmatch(value):
        raise InvalidArgument(
            "bad_style",
            "font_family is a list of font names (letters, digits, spaces, commas, quotes, "
            f"'.', '_' and '-', at most {MAX_FONT_LENGTH} characters), not {brief(value)}",
        )


def _flag(instance: Style, attribute: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise InvalidArgument("bad_style", f"{attribute.name} is True or False, not {brief(value)}")


@attrs.frozen
class Style:
    """The size and colours of a picture; every field has a default, so
    ``Style(size=64)`` or ``attrs.evolve(style, red="#e00")`` changes only what it names.

    A field out of range raises :class:`~rummikit.InvalidArgument` (``bad_style``) naming
    the field. The defaults are chosen to read well on a light page and on a dark one.
    """

    size: float = attrs.field(default=48.0, validator=_size)
    """The height of a piece, in pixels; every other measure is a fraction of it."""
    row_length: int = attrs.field(default=20, validator=_row_length)
    """The most pieces a row of a table or a rack holds before the next meld (or piece)
    starts a new row; a longer meld gets a row of its own."""
    font_family: str = attrs.field(
        default="DejaVu Sans, Verdana, Arial, sans-serif", validator=_font
    )
    """The fonts of numbers, ranks and labels, the first one installed used."""
    shapes: bool = attrs.field(default=True, validator=_flag)
    """Whether the mark under a tile's number differs in shape by colour (red a circle,
    blue a square, black a triangle, orange a diamond), so that the colours can be told apart
    without seeing colour; False draws a dot for all four, as on the printed tiles."""

    red: str = attrs.field(default="#d21f2b", validator=_colour)
    """The red tiles (``r``)."""
    blue: str = attrs.field(default="#1d5fc2", validator=_colour)
    """The blue tiles (``b``)."""
    black: str = attrs.field(default="#1c1c1c", validator=_colour)
    """The black tiles (``k``)."""
    orange: str = attrs.field(default="#e8860c", validator=_colour)
    """The orange tiles (``o``)."""
    tile_face: str = attrs.field(default="#fbf5e6", validator=_colour)
    """The face of a tile."""
    card_face: str = attrs.field(default="#ffffff", validator=_colour)
    """The face of a card."""
    edge: str = attrs.field(default="#8a8170", validator=_colour)
    """The outline of a piece."""
    card_red: str = attrs.field(default="#d21f2b", validator=_colour)
    """Hearts and diamonds."""
    card_black: str = attrs.field(default="#1c1c1c", validator=_colour)
    """Spades and clubs."""
    joker: str = attrs.field(default="#7b2cbf", validator=_colour)
    """The joker's face or star, and its word."""
    back: str = attrs.field(default="#35618f", validator=_colour)
    """The back of a piece nobody may see (the stock, another player's rack)."""
    table: str = attrs.field(default="#2e6b4f", validator=_colour)
    """The cloth of the table."""
    rack: str = attrs.field(default="#9a6a3a", validator=_colour)
    """The wood of a rack."""
    text: str = attrs.field(default="#222222", validator=_colour)
    """Text on a light ground: what a joker stands for, headings of a view."""
    panel: str = attrs.field(default="#f3f1ea", validator=_colour)
    """The ground of a player's view and of the labels under jokers."""
    highlight: str = attrs.field(default="#f2c14e", validator=_colour)
    """The seat whose turn it is, and the piece taken from the discard pile."""
    invalid: str = attrs.field(default="#e63946", validator=_colour)
    """The dashed outline of a meld that is not valid under the profile given."""
