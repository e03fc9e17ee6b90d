"""The drawing of single pieces, and the few SVG primitives every picture is made of.

Pictures are built as :mod:`xml.etree.ElementTree` elements, so that every text and
attribute is escaped and the result is well-formed XML whatever it holds. Numbers are
written with at most two decimals (:func:`number`), attributes in the order they are set:
the same input gives the same bytes on every machine.

A piece is a ``<g class="piece ...">`` group holding its own ``<title>`` (a tooltip in a
browser, a name for a screen reader) and drawn in a box :func:`piece_width` wide and
``style.size`` high, its top left corner at the origin; the caller moves it with a
``transform``. Nothing carries an ``id``, so that any number of pictures can be put inline
in one HTML page without their parts clashing.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping

from rummikit.pieces import PieceSet, Suit, Tile
from rummikit.svg._style import Style

__all__ = [
    "Picture",
    "add",
    "card_text",
    "draw_back",
    "draw_piece",
    "finish",
    "gap",
    "mark",
    "number",
    "piece_name",
    "piece_width",
    "rank_text",
    "start",
    "suit_colour",
]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"

_RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
_RANK_LETTERS = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)


class Picture(str):
    """SVG text: a :class:`str` that shows itself as a picture in a notebook.

    Every function of :mod:`rummikit.svg` returns one. It is the text of a whole SVG
    document (write it to a ``.svg`` file, or put it inline in HTML), and Jupyter, IPython
    and other front ends that know ``_repr_svg_`` draw it where it is the value of a cell.
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def number(value: float) -> str:
    """``value`` as SVG text: at most two decimals, no trailing zeros, never ``-0``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def add(
    parent: ET.Element, tag: str, attributes: Mapping[str, object], text: str | None = None
) -> ET.Element:
    """A child ``tag`` of ``parent`` with ``attributes`` (text, or numbers written by
    :func:`number`) and ``text``."""
    element = ET.SubElement(parent, tag, {key: _value(value) for key, value in attributes.items()})
    if text is not None:
        element.text = text
    return element


def _value(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return number(value)
    raise TypeError(f"an SVG attribute is text or a number, not {type(value).__name__}")


def start(width: float, height: float, title: str, kind: str, style: Style) -> ET.Element:
    """The root ``<svg>`` of a picture ``width`` by ``height`` pixels, with its ``<title>``
    first (where assistive technology looks for the picture's name)."""
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NAMESPACE,
            "width": number(width),
            "height": number(height),
            "viewBox": f"0 0 {number(width)} {number(height)}",
            "role": "img",
            "class": f"rummikit {kind}",
            "font-family": style.font_family,
        },
    )
    add(root, "title", {}, title)
    return root


def finish(root: ET.Element) -> Picture:
    """The text of the picture ``root``, indented one element a line so that pictures
    compare and diff well."""
    ET.indent(root, space=" ")
    return Picture(ET.tostring(root, encoding="unicode"))


def piece_width(style: Style) -> float:
    """The width of a piece: tiles and cards share the proportions of a playing card."""
    return style.size * 0.72


def gap(style: Style) -> float:
    """The space between two pieces side by side in a meld or a rack."""
    return style.size * 0.06


def suit_colour(suit: Suit, style: Style) -> str:
    """The colour a piece of ``suit`` is drawn in."""
    if suit.piece_set is PieceSet.CARDS:
        return style.card_red if suit in _RED_SUITS else style.card_black
    colours = {
        Suit.RED: style.red,
        Suit.BLUE: style.blue,
        Suit.BLACK: style.black,
        Suit.ORANGE: style.orange,
    }
    return colours[suit]


def rank_text(tile: Tile) -> str:
    """The rank of a natural piece as printed on it: ``7``, ``10``, or ``A J Q K`` for a
    card's ace and faces."""
    if tile.suit is not None and tile.suit.piece_set is PieceSet.CARDS:
        return _RANK_LETTERS.get(tile.rank, str(tile.rank))
    return str(tile.rank)


def card_text(tile: Tile) -> str:
    """A natural piece as a label: ``7`` for a tile (its colour says the rest), ``Q♥`` for a
    card."""
    if tile.suit is None or tile.suit.piece_set is PieceSet.TILES:
        return rank_text(tile)
    return f"{rank_text(tile)}{tile.suit.symbol}"


def piece_name(tile: Tile) -> str:
    """A piece in words, for titles: ``red 7``, ``queen of hearts``, ``joker``."""
    if tile.suit is None:
        return "joker"
    if tile.suit.piece_set is PieceSet.TILES:
        return f"{tile.suit.name.lower()} {tile.rank}"
    return f"{_RANK_NAMES.get(tile.rank, str(tile.rank))} of {tile.suit.name.lower()}"


def _outline(group: ET.Element, style: Style, face: str) -> None:
    width, height = piece_width(style), style.size
    add(
        group,
        "rect",
        {
            "x": height * 0.01,
            "y": height * 0.01,
            "width": width - height * 0.02,
            "height": height * 0.98,
            "rx": width * 0.12,
            "fill": face,
            "stroke": style.edge,
            "stroke-width": height * 0.02,
        },
    )


def _mark(group: ET.Element, suit: Suit, style: Style) -> None:
    """The small mark under a tile's number: one shape per colour, or a dot for all."""
    h = style.size
    x, y, r = piece_width(style) / 2, h * 0.8, h * 0.065
    colour = suit_colour(suit, style)
    shape = suit if style.shapes else Suit.RED
    if shape is Suit.RED:
        add(group, "circle", {"cx": x, "cy": y, "r": r, "fill": colour})
        return
    if shape is Suit.BLUE:
        side = r * 1.7
        points = [(x - side / 2, y - side / 2), (x + side / 2, y - side / 2)]
        points += [(x + side / 2, y + side / 2), (x - side / 2, y + side / 2)]
    elif shape is Suit.BLACK:
        points = [(x, y - r * 1.15), (x + r * 1.15, y + r * 0.85), (x - r * 1.15, y + r * 0.85)]
    else:
        points = [(x, y - r * 1.3), (x + r * 1.1, y), (x, y + r * 1.3), (x - r * 1.1, y)]
    text = " ".join(f"{number(px)},{number(py)}" for px, py in points)
    add(group, "polygon", {"points": text, "fill": colour})


def _tile_joker(group: ET.Element, style: Style) -> None:
    """A joker tile: a smiling face and the word."""
    w, h = piece_width(style), style.size
    x, y, r = w / 2, h * 0.42, w * 0.3
    line = {"fill": "none", "stroke": style.joker, "stroke-width": h * 0.035}
    add(group, "circle", {"cx": x, "cy": y, "r": r, **line})
    for side in (-1, 1):
        eye = {"cx": x + side * r * 0.38, "cy": y - r * 0.25, "r": h * 0.028}
        add(group, "circle", {**eye, "fill": style.joker})
    mouth = f"M {number(x - r * 0.55)} {number(y + r * 0.2)} "
    mouth += f"Q {number(x)} {number(y + r * 0.85)} {number(x + r * 0.55)} {number(y + r * 0.2)}"
    add(group, "path", {"d": mouth, **line, "stroke-linecap": "round"})
    _word(group, "JOKER", x, h * 0.88, style)


_STAR = (
    (0.0, 1.0),
    (-0.587785, 0.809017),
    (-0.951057, 0.309017),
    (-0.951057, -0.309017),
    (-0.587785, -0.809017),
    (0.0, -1.0),
    (0.587785, -0.809017),
    (0.951057, -0.309017),
    (0.951057, 0.309017),
    (0.587785, 0.809017),
)
"""The ten corners of a five-pointed star around the origin, pointing up (x right, y up),
outer and inner in turn on a circle of radius 1: written out rather than computed with
:func:`math.cos`, whose last digit may differ between platforms' maths libraries."""


def _card_joker(group: ET.Element, style: Style) -> None:
    """A joker card: a star and the word."""
    w, h = piece_width(style), style.size
    x, y, outer, inner = w / 2, h * 0.56, w * 0.34, w * 0.14
    points = []
    for index, (dx, dy) in enumerate(_STAR):
        radius = outer if index % 2 == 0 else inner
        points.append(f"{number(x + radius * dx)},{number(y - radius * dy)}")
    add(group, "polygon", {"points": " ".join(points), "fill": style.joker})
    _word(group, "JOKER", x, h * 0.22, style)


def _word(group: ET.Element, word: str, x: float, y: float, style: Style) -> None:
    attributes = {"x": x, "y": y, "font-size": style.size * 0.14, "font-weight": "bold"}
    add(group, "text", {**attributes, "text-anchor": "middle", "fill": style.joker}, word)


def _tile(group: ET.Element, tile: Tile, suit: Suit, style: Style) -> None:
    w, h = piece_width(style), style.size
    size = h * (0.44 if tile.rank < 10 else 0.4)  # two digits fit the face as one does
    attributes = {"x": w / 2, "y": h * 0.58, "font-size": size, "font-weight": "bold"}
    colour = suit_colour(suit, style)
    add(group, "text", {**attributes, "text-anchor": "middle", "fill": colour}, str(tile.rank))
    _mark(group, suit, style)


def _card(group: ET.Element, tile: Tile, suit: Suit, style: Style) -> None:
    w, h = piece_width(style), style.size
    colour = suit_colour(suit, style)
    rank = rank_text(tile)
    corner = {"x": w * 0.23, "text-anchor": "middle", "fill": colour}
    size = h * (0.22 if len(rank) == 1 else 0.19)
    add(group, "text", {**corner, "y": h * 0.24, "font-size": size, "font-weight": "bold"}, rank)
    add(group, "text", {**corner, "y": h * 0.43, "font-size": h * 0.2}, suit.symbol)
    big = {"x": w * 0.6, "y": h * 0.86, "font-size": h * 0.48, "text-anchor": "middle"}
    add(group, "text", {**big, "fill": colour}, suit.symbol)


def draw_piece(
    parent: ET.Element, tile: Tile, x: float, y: float, style: Style, *, cards: bool
) -> ET.Element:
    """``tile`` drawn at ``(x, y)`` in ``parent``; ``cards`` says whether a joker is drawn
    as a card (a natural piece is drawn by its own family)."""
    suit = tile.suit
    family = "card" if (cards if suit is None else suit.piece_set is PieceSet.CARDS) else "tile"
    name = "joker" if suit is None else suit.name.lower()
    group = add(
        parent,
        "g",
        {"class": f"piece {family} {name}", "transform": f"translate({number(x)} {number(y)})"},
    )
    add(group, "title", {}, piece_name(tile))
    _outline(group, style, style.card_face if family == "card" else style.tile_face)
    if suit is None:
        (_card_joker if family == "card" else _tile_joker)(group, style)
    elif family == "card":
        _card(group, tile, suit, style)
    else:
        _tile(group, tile, suit, style)
    return group


def mark(
    parent: ET.Element, x: float, y: float, style: Style, *, reach: float = 0.04
) -> ET.Element:
    """The ring in :attr:`Style.highlight` behind a piece at ``(x, y)`` that is marked (the
    piece taken from the discard pile, a piece laid this turn), ``reach`` times the height
    of a piece beyond its edges; draw it before the piece. Up to :func:`gap` (0.06), the
    rings of two pieces side by side do not cover either piece."""
    w, h, r = piece_width(style), style.size, style.size * reach
    ring = {"x": x - r, "y": y - r, "width": w + 2 * r, "height": h + 2 * r}
    return add(parent, "rect", {**ring, "rx": w * 0.16, "fill": style.highlight})


def draw_back(parent: ET.Element, x: float, y: float, style: Style) -> ET.Element:
    """The back of a piece nobody may see, drawn at ``(x, y)``."""
    w, h = piece_width(style), style.size
    group = add(parent, "g", {"class": "back", "transform": f"translate({number(x)} {number(y)})"})
    _outline(group, style, style.back)
    inset = {"x": w * 0.16, "y": w * 0.16, "width": w * 0.68, "height": h - w * 0.32}
    line = {"fill": "none", "stroke": style.panel, "stroke-width": h * 0.02, "opacity": "0.6"}
    add(group, "rect", {**inset, "rx": w * 0.06, **line})
    return group
