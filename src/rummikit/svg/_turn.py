"""A turn as a picture: the table before and after, the rack before and after, an arrow.

The picture shows one play as :meth:`~rummikit.RuleProfile.check_turn` sees it, whether the
play is allowed or not (a table in the middle of a turn, or a proposal the judge refuses,
is drawn all the same). The pieces that changed place are ringed: in the table after, the
pieces that were not on the table before (laid from the rack); in the rack after, the pieces
that left the table (taken back to the rack, which the tile games forbid and standard
rummy's joker swap allows).

Two copies of a piece look alike, so which copy was laid is a guess: a meld of the table
after that keeps most of a meld of the table before is taken to hold the table's copies, the
others the rack's.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Sequence

from rummikit.pieces import Tile
from rummikit.profile import RuleProfile
from rummikit.reading import MeldReading
from rummikit.svg._board import captioned
from rummikit.svg._draw import Picture, add, finish, number, start
from rummikit.svg._layout import (
    Box,
    place,
    rack_box,
    read,
    spoken_table,
    spoken_tiles,
    table_box,
    uses_cards,
)
from rummikit.svg._style import Style
from rummikit.table import TableState

__all__ = ["Moves", "draw_turn", "moves"]

_CAPTION = 0.3
"""The height of the captions' letters, a fraction of a piece's: as a view's heading, larger
than its captions, since a turn is often drawn small, two tables side by side."""


class Moves:
    """What changed between two tables: the pieces laid, per meld of the table after, and
    the pieces that left the table."""

    __slots__ = ("gone", "laid")

    def __init__(self, laid: list[Counter[Tile]], gone: Counter[Tile]) -> None:
        self.laid = laid
        self.gone = gone

    def total(self) -> Counter[Tile]:
        """Every piece laid, whichever meld it went to."""
        return sum(self.laid, Counter[Tile]())


def moves(before: TableState, after: TableState) -> Moves:
    """The pieces of ``after`` that were not on the ``before`` table, meld by meld, and the
    pieces of ``before`` missing from ``after``.

    The table's copies are handed out to the melds of ``after`` that share most with a meld
    of ``before`` first (a meld left as it was takes its own pieces back), so that where two
    copies could each be the one laid, the copy in a new or grown meld is."""
    olds = [Counter(meld.tiles) for meld in before]
    news = [Counter(meld.tiles) for meld in after]
    kept = [max(((new & old).total() for old in olds), default=0) for new in news]
    order = sorted(range(len(news)), key=lambda index: -kept[index])
    left = before.tiles
    laid = [Counter[Tile]() for _ in news]
    for index in order:
        for tile in after[index].tiles:
            if left[tile] > 0:
                left[tile] -= 1
            else:
                laid[index][tile] += 1
    return Moves(laid, +left)


def _rack_after(rack: Sequence[Tile], moved: Moves) -> tuple[list[Tile], Counter[Tile]]:
    """The rack once the play stands: the pieces laid taken from it (the last copies first,
    a player lays from where they like), the pieces that left the table added at its end."""
    taken = moved.total()
    kept: list[Tile] = []
    for tile in reversed(rack):
        if taken[tile] > 0:
            taken[tile] -= 1
        else:
            kept.append(tile)
    kept.reverse()
    back = sorted(moved.gone.elements())
    return kept + back, Counter(back)


def _arrow(length: float, style: Style, *, down: bool) -> Box:
    """An arrow pointing right (or down) ``length`` long, from the left (top) of its box."""
    h = style.size
    head, thickness = h * 0.22, h * 0.07
    group = ET.Element("g", {"class": "arrow"})
    shaft = length - head
    if down:
        line = f"M {number(head)} 0 V {number(shaft)}"
        tip = [(0, shaft), (2 * head, shaft), (head, length)]
        width, height = 2 * head, length
    else:
        line = f"M 0 {number(head)} H {number(shaft)}"
        tip = [(shaft, 0), (shaft, 2 * head), (length, head)]
        width, height = length, 2 * head
    add(group, "path", {"d": line, "stroke": style.edge, "stroke-width": thickness})
    points = " ".join(f"{number(x)},{number(y)}" for x, y in tip)
    add(group, "polygon", {"points": points, "fill": style.edge})
    return Box(group, width, height)


def _column(boxes: Sequence[Box], spacing: float, kind: str) -> Box:
    """Boxes one above the other, their left sides aligned."""
    group = ET.Element("g", {"class": kind})
    y = 0.0
    for box in boxes:
        place(group, box, 0, y)
        y += box.height + spacing
    return Box(group, max(box.width for box in boxes), y - spacing)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def describe(
    before: TableState,
    after: TableState,
    rack: Sequence[Tile] | None,
    rest: Sequence[Tile],
    moved: Moves,
    profile: RuleProfile | None,
) -> str:
    """The picture in words, for its ``<title>``."""
    where = f" under {profile.name}" if profile is not None else ""
    parts = [f"A turn{where}: table before {spoken_table(before)}"]
    if rack is not None:
        parts.append(f"rack {spoken_tiles(rack) or '-'}")
    parts.append(f"table after {spoken_table(after)}")
    laid = sorted(moved.total().elements())
    parts.append(f"laid {spoken_tiles(laid) if laid else 'nothing'}")
    if moved.gone:
        gone = spoken_tiles(sorted(moved.gone.elements()))
        parts.append(f"gone from the table {gone}")
    if profile is not None:
        refused = [meld for meld in after if not isinstance(read(meld, profile), MeldReading)]
        if refused:
            melds = spoken_table(TableState(refused))
            parts.append(f"not melds under {profile.name}: {melds}")
    if rack is not None:
        parts.append(f"rack after {spoken_tiles(rest) or '-'}")
    return "; ".join(parts)


def draw_turn(
    before: TableState,
    after: TableState,
    rack: Sequence[Tile] | None,
    profile: RuleProfile | None,
    style: Style,
    *,
    stands_for: bool,
    stacked: bool,
    title: str | None,
) -> Picture:
    """The picture of a turn: the table (and rack) before, an arrow, the table (and rack)
    after, side by side or, when ``stacked``, one above the other."""
    h = style.size
    pad, spacing = h * 0.3, h * 0.3
    moved = moves(before, after)
    rest, back = _rack_after(rack or (), moved)
    pieces = [*before.tiles.elements(), *after.tiles.elements(), *(rack or ())]
    cards = uses_cards(pieces, profile)
    tables = [
        table_box(before, style, profile=profile, cards=cards, stands_for=stands_for),
        table_box(
            after, style, profile=profile, cards=cards, stands_for=stands_for, marked=moved.laid
        ),
    ]

    def caption(text: str, box: Box, kind: str) -> Box:
        return captioned(text, box, style, kind, scale=_CAPTION)

    first = [caption("table before", tables[0], "before")]
    second = [caption("table after", tables[1], "after")]
    if rack is not None:
        first.append(
            caption(
                f"rack: {_plural(len(rack), 'piece')}",
                rack_box(rack, style, cards=cards),
                "rack-area",
            )
        )
        second.append(
            caption(
                f"rack after: {_plural(len(rest), 'piece')}",
                rack_box(rest, style, cards=cards, marked=back),
                "rack-area",
            )
        )
    columns = [_column(first, spacing, "turn-before"), _column(second, spacing, "turn-after")]
    caption_height = style.size * _CAPTION * 1.5  # as captioned() sets a caption above its box
    arrow = _arrow(h * 0.9, style, down=stacked)
    if stacked:
        width = max(box.width for box in columns) + 2 * pad
        height = columns[0].height + arrow.height + columns[1].height + 4 * spacing + 2 * pad
    else:
        width = columns[0].width + arrow.width + columns[1].width + 4 * spacing + 2 * pad
        height = max(box.height for box in columns) + 2 * pad
    text = title or describe(before, after, rack, rest, moved, profile)
    root = start(width, height, text, "turn-picture", style)
    ground = {"x": 0, "y": 0, "width": width, "height": height, "rx": h * 0.15}
    add(root, "rect", {**ground, "fill": style.panel})
    place(root, columns[0], pad, pad)
    if stacked:
        place(root, arrow, pad + h * 0.4, pad + columns[0].height + spacing)
        place(root, columns[1], pad, pad + columns[0].height + arrow.height + 2 * spacing)
    else:
        middle = caption_height + min(box.height for box in tables) / 2
        x = pad + columns[0].width + spacing
        place(root, arrow, x + spacing, pad + middle - arrow.height / 2)
        place(root, columns[1], x + arrow.width + 3 * spacing, pad)
    return finish(root)
