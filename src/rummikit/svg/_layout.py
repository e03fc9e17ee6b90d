"""Pieces laid out: melds side by side, a table of melds in rows, a rack.

Each function here builds a :class:`Box`, an element with its width and height, its top left
corner at the origin; the caller places it. A table lays its melds left to right and starts
a new row when the next meld would take the row past :attr:`Style.row_length` pieces, so a
meld is never cut in two (a meld longer than a row gets a row of its own).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence

from rummikit.errors import InvalidMeld
from rummikit.meld import Meld
from rummikit.pieces import PieceSet, Suit, Tile
from rummikit.profile import RuleProfile
from rummikit.reading import MeldReading, Substitute
from rummikit.svg._draw import (
    add,
    card_text,
    draw_piece,
    gap,
    mark,
    number,
    piece_width,
    rank_text,
    suit_colour,
)
from rummikit.svg._style import Style
from rummikit.table import TableState

__all__ = [
    "Box",
    "meld_box",
    "meld_title",
    "place",
    "rack_box",
    "read",
    "table_box",
    "tag_space",
    "text_width",
    "uses_cards",
]

_SHAPE_GLYPHS = {Suit.RED: "●", Suit.BLUE: "■", Suit.BLACK: "▲", Suit.ORANGE: "◆"}


class Box:
    """An element drawn from the origin, with the width and height it takes."""

    __slots__ = ("element", "height", "width")

    def __init__(self, element: ET.Element, width: float, height: float) -> None:
        self.element = element
        self.width = width
        self.height = height


def place(parent: ET.Element, box: Box, x: float, y: float) -> None:
    """Put ``box`` into ``parent`` with its top left corner at ``(x, y)``."""
    if x or y:
        box.element.set("transform", f"translate({number(x)} {number(y)})")
    parent.append(box.element)


def text_width(text: str, font_size: float) -> float:
    """About how wide ``text`` is in ``font_size``: enough to size a picture around it."""
    return len(text) * font_size * 0.62


def spoken_tiles(tiles: Sequence[Tile]) -> str:
    """Pieces as a picture's title names them: cards with their suit symbols (``7♥``), tiles
    in plain notation (``r7``), since screen readers read letters and suit names, not the
    coloured circles of the unicode form of tiles."""
    return " ".join(
        format(tile, "u")
        if tile.suit is not None and tile.suit.piece_set is PieceSet.CARDS
        else str(tile)
        for tile in tiles
    )


def spoken_table(table: TableState) -> str:
    """A table as a picture's title names it: :func:`spoken_tiles` meld by meld, ``-`` for
    the empty table."""
    return " | ".join(spoken_tiles(meld.tiles) for meld in table) or "-"


def uses_cards(tiles: Sequence[Tile], profile: RuleProfile | None) -> bool:
    """Whether jokers among ``tiles`` are drawn as cards: as the profile's deck says, else
    as the first natural piece says; tiles when nothing says."""
    if profile is not None:
        return profile.piece_set is PieceSet.CARDS
    family = next((tile.piece_set for tile in tiles if tile.suit is not None), None)
    return family is PieceSet.CARDS


def read(meld: Meld, profile: RuleProfile | None) -> MeldReading | InvalidMeld | None:
    """How ``profile`` reads ``meld``: its reading, the error that says why it is no meld,
    or None without a profile."""
    if profile is None:
        return None
    try:
        return profile.read_meld(meld)
    except InvalidMeld as error:
        return error


def meld_title(meld: Meld, found: MeldReading | InvalidMeld | None, profile_name: str) -> str:
    """A meld in words: its reading when valid (``run: r7 r8 j=r9``), why it is not a meld
    when the profile refuses it, else its notation."""
    if isinstance(found, MeldReading):
        return f"{found}, worth {found.value}"
    if isinstance(found, InvalidMeld):
        return f"{meld}: not a meld under {profile_name} ({found.message})"
    return str(meld)


def _tag_height(style: Style) -> float:
    return style.size * 0.28


def tag_space(style: Style) -> float:
    """The height added under pieces that carry a label saying what a joker stands for."""
    return style.size * 0.06 + _tag_height(style)


def _tag(group: ET.Element, substitute: Substitute, x: float, y: float, style: Style) -> None:
    """What a joker stands for, on a label under it: the piece in its colour, or the rank
    followed by each suit it may take (a joker in a group)."""
    width, height = piece_width(style), _tag_height(style)
    label = add(group, "g", {"class": "stands-for"})
    outline = {"x": x, "y": y, "width": width, "height": height, "rx": style.size * 0.06}
    line = {"stroke": style.edge, "stroke-width": style.size * 0.01}
    add(label, "rect", {**outline, "fill": style.panel, **line})
    one = substitute.tile
    suits: tuple[Suit, ...] = ()
    if one is not None and one.suit is not None:
        rank, colour = card_text(one), suit_colour(one.suit, style)
    else:
        rank, colour, suits = rank_text(substitute.tiles[0]), style.text, substitute.suits
    glyphs = [_glyph(suit, style) for suit in suits]
    wide = 0.64 * len(rank) + 1.05 * len(glyphs)  # in ems: symbols are wider than digits
    size = min(style.size * 0.2, width * 0.88 / wide)
    attributes = {"x": x + width / 2, "y": y + height / 2 + size * 0.36, "font-size": size}
    text = add(label, "text", {**attributes, "text-anchor": "middle", "font-weight": "bold"})
    text.set("fill", colour)
    text.text = rank
    for suit, glyph in zip(suits, glyphs, strict=True):
        add(text, "tspan", {"fill": suit_colour(suit, style)}, glyph)


def _piece(
    parent: ET.Element,
    tile: Tile,
    x: float,
    y: float,
    style: Style,
    *,
    cards: bool,
    marks: Counter[Tile] | None,
) -> None:
    """``tile`` at ``(x, y)``, ringed and of class ``moved`` when ``marks`` still counts a
    copy of it (the copy is then taken from ``marks``)."""
    if marks is None or marks[tile] <= 0:
        draw_piece(parent, tile, x, y, style, cards=cards)
        return
    marks[tile] -= 1
    mark(parent, x, y, style, reach=0.06)
    drawn = draw_piece(parent, tile, x, y, style, cards=cards)
    drawn.set("class", f"{drawn.get('class')} moved")


def _glyph(suit: Suit, style: Style) -> str:
    if suit.piece_set is PieceSet.CARDS:
        return suit.symbol
    return _SHAPE_GLYPHS[suit] if style.shapes else "●"


def meld_box(
    meld: Meld,
    found: MeldReading | InvalidMeld | None,
    style: Style,
    *,
    cards: bool,
    stands_for: bool,
    profile_name: str = "",
    marked: Counter[Tile] | None = None,
) -> Box:
    """``meld`` drawn as a ``<g class="meld">``: its pieces in reading order when
    ``found`` is a valid reading (a run from low to high), else as given; a label under
    each joker saying what it stands for when ``stands_for``; a dashed outline when
    ``found`` says the meld is not valid. The pieces ``marked`` counts (each copy marks
    one, the first found) are ringed, as pieces moved this turn."""
    w, h, step = piece_width(style), style.size, piece_width(style) + gap(style)
    valid = isinstance(found, MeldReading)
    classes = "meld" if found is None or valid else "meld invalid"
    group = ET.Element("g", {"class": classes})
    add(group, "title", {}, meld_title(meld, found, profile_name))
    tiles = found.layout if isinstance(found, MeldReading) else meld.tiles
    width = len(tiles) * step - gap(style)
    marks = Counter(marked) if marked else None
    for index, tile in enumerate(tiles):
        _piece(group, tile, index * step, 0, style, cards=cards, marks=marks)
    labelled = False
    if isinstance(found, MeldReading) and stands_for:
        for index, substitute in enumerate(found.stands_for):
            if substitute is not None:
                _tag(group, substitute, index * step, h + style.size * 0.06, style)
                labelled = True
    if isinstance(found, InvalidMeld):
        inset = h * 0.06
        outline = {"x": -inset, "y": -inset, "width": width + 2 * inset, "height": h + 2 * inset}
        dashes = {
            "stroke-width": h * 0.04,
            "stroke-dasharray": f"{number(h * 0.12)} {number(h * 0.08)}",
        }
        add(
            group,
            "rect",
            {**outline, "rx": w * 0.16, "fill": "none", "stroke": style.invalid, **dashes},
        )
    height = h + (tag_space(style) if labelled else 0)
    return Box(group, width, height)


def _rows(lengths: Sequence[int], row_length: int) -> list[list[int]]:
    """The indexes of ``lengths`` (pieces per item) in rows of at most ``row_length`` pieces,
    in order; an item longer than a row gets a row of its own."""
    rows: list[list[int]] = []
    used = row_length
    for index, length in enumerate(lengths):
        if rows and used + length <= row_length:
            rows[-1].append(index)
            used += length
        else:
            rows.append([index])
            used = length
    return rows


def table_box(
    table: TableState,
    style: Style,
    *,
    profile: RuleProfile | None,
    cards: bool,
    stands_for: bool,
    marked: Sequence[Counter[Tile]] = (),
) -> Box:
    """``table`` on its cloth: melds in rows, each read under ``profile`` if one is given;
    ``marked``, one count per meld when given, says which of its pieces are ringed."""
    h = style.size
    pad, meld_gap, row_gap = h * 0.25, h * 0.35, h * 0.25
    name = profile.name if profile is not None else ""
    found = [read(meld, profile) for meld in table]
    labelled = stands_for and any(
        isinstance(reading, MeldReading) and reading.jokers for reading in found
    )
    marks: list[Counter[Tile] | None] = [*marked] or [None] * len(table)
    boxes = [
        meld_box(
            meld,
            reading,
            style,
            cards=cards,
            stands_for=stands_for,
            profile_name=name,
            marked=marks[index],
        )
        for index, (meld, reading) in enumerate(zip(table, found, strict=True))
    ]
    group = ET.Element("g", {"class": "table"})
    cloth = add(group, "rect", {"x": 0, "y": 0, "rx": h * 0.15, "fill": style.table})
    if not boxes:
        size = h * 0.3
        width, height = piece_width(style) * 5, h + 2 * pad
        attributes = {"x": width / 2, "y": height / 2 + size * 0.35, "font-size": size}
        add(
            group,
            "text",
            {**attributes, "text-anchor": "middle", "fill": style.panel},
            "empty table",
        )
    else:
        row_height = h + (tag_space(style) if labelled else 0)
        width, y = 0.0, pad
        for row in _rows([len(meld) for meld in table], style.row_length):
            x = pad
            for index in row:
                place(group, boxes[index], x, y)
                x += boxes[index].width + meld_gap
            width = max(width, x - meld_gap + pad)
            y += row_height + row_gap
        height = y - row_gap + pad
    cloth.set("width", number(width))
    cloth.set("height", number(height))
    return Box(group, width, height)


def rack_box(
    tiles: Sequence[Tile], style: Style, *, cards: bool, marked: Counter[Tile] | None = None
) -> Box:
    """``tiles`` on the wood of a rack, in rows of at most :attr:`Style.row_length`; the
    pieces ``marked`` counts are ringed, as in :func:`meld_box`."""
    h, w, step = style.size, piece_width(style), piece_width(style) + gap(style)
    pad, row_gap = h * 0.15, h * 0.15
    group = ET.Element("g", {"class": "rack"})
    wood = add(group, "rect", {"x": 0, "y": 0, "rx": h * 0.1, "fill": style.rack})
    if not tiles:
        size = h * 0.3
        width, height = w * 5, h + 2 * pad
        attributes = {"x": width / 2, "y": height / 2 + size * 0.35, "font-size": size}
        add(
            group,
            "text",
            {**attributes, "text-anchor": "middle", "fill": style.panel},
            "empty rack",
        )
    else:
        per_row = style.row_length
        rows = (len(tiles) + per_row - 1) // per_row
        marks = Counter(marked) if marked else None
        for index, tile in enumerate(tiles):
            row, column = divmod(index, per_row)
            x, y = pad + column * step, pad + row * (h + row_gap)
            _piece(group, tile, x, y, style, cards=cards, marks=marks)
        width = 2 * pad + min(len(tiles), per_row) * step - gap(style)
        height = 2 * pad + rows * h + (rows - 1) * row_gap
    wood.set("width", number(width))
    wood.set("height", number(height))
    return Box(group, width, height)
