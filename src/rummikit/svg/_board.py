"""A round as a picture: the seats, the stock, the discard pile, the table and a rack.

One layout serves a :class:`~rummikit.PlayerView` (with the player's own rack) and a
:class:`~rummikit.Game` (without any rack: what a spectator sees). It shows only what is
public in either: how many pieces each seat holds, never which; how many are left to draw,
never their order.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

import attrs

from rummikit.game import Outcome, Phase
from rummikit.game._values import state_shown
from rummikit.pieces import Tile
from rummikit.profile import RuleProfile
from rummikit.svg._draw import (
    Picture,
    add,
    draw_back,
    draw_piece,
    finish,
    mark,
    number,
    piece_width,
    start,
)
from rummikit.svg._layout import (
    Box,
    place,
    rack_box,
    spoken_table,
    spoken_tiles,
    table_box,
    text_width,
    uses_cards,
)
from rummikit.svg._style import Style
from rummikit.table import TableState

__all__ = ["DISCARDS_SHOWN", "Round", "captioned", "draw_round"]

DISCARDS_SHOWN = 5
"""How many pieces of the discard pile a picture shows, the top one last and whole: the
others overlap it, each showing its corner, as a pile spread on a table does."""


@attrs.frozen
class Round:
    """What a picture of a round shows, taken from a view or a game (already checked)."""

    profile: RuleProfile
    table: TableState
    rack_sizes: tuple[int, ...]
    stock_size: int
    current_player: int
    phase: Phase
    opened: tuple[bool, ...]
    turn: int
    outcome: Outcome | None
    discards: tuple[Tile, ...]
    taken: Tile | None
    player: int | None = None
    """The seat whose rack is shown, or None for a spectator's picture."""
    rack: tuple[Tile, ...] = ()


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _result(outcome: Outcome) -> str:
    winners = outcome.winners
    if not winners:
        return "no winner"
    if len(winners) == 1:
        return f"player {winners[0]} won"
    return f"players {', '.join(map(str, winners[:-1]))} and {winners[-1]} share the win"


def _shown(state: Round) -> str:
    """Who is to do what, or how the round ended."""
    shown = state_shown(state.phase, state.current_player, state.outcome)
    return shown if state.outcome is None else f"{shown}, {_result(state.outcome)}"


def heading(state: Round) -> str:
    """The first line of the picture: the rules, the turn, who is to do what."""
    return f"{state.profile.name}, turn {state.turn}: {_shown(state)}"


def describe(state: Round) -> str:
    """The picture in words, for its ``<title>``: everything it shows."""
    name = state.profile.name
    if state.player is None:
        start = f"A game of {name} as anyone may see it"
    else:
        start = f"What player {state.player} sees of a game of {name}"
    parts = [f"{start}, turn {state.turn}: {_shown(state)}"]
    parts.append(f"table: {spoken_table(state.table)}")
    sizes = ", ".join(
        f"player {seat} {_plural(size, 'piece')}" for seat, size in enumerate(state.rack_sizes)
    )
    parts.append(f"racks: {sizes}; stock: {_plural(state.stock_size, 'piece')}")
    if state.profile.has_discard_pile:
        pile = state.discards
        top = f", top {spoken_tiles(pile[-1:])}" if pile else ""
        parts.append(f"discard pile: {_plural(len(pile), 'piece') if pile else 'empty'}{top}")
        if state.taken is not None:
            parts.append(f"taken this turn: {spoken_tiles([state.taken])}")
    if state.player is not None:
        parts.append(f"own rack: {spoken_tiles(state.rack) or 'empty'}")
    return "; ".join(parts)


def _text(
    parent: ET.Element,
    text: str,
    x: float,
    y: float,
    size: float,
    style: Style,
    *,
    bold: bool = False,
) -> None:
    attributes = {"x": x, "y": y, "font-size": size, "fill": style.text}
    add(parent, "text", {**attributes, **({"font-weight": "bold"} if bold else {})}, text)


def _seat(state: Round, seat: int, style: Style) -> Box:
    """A seat: a small stack of backs, who it is, how many pieces, opened or the score."""
    h, w = style.size, piece_width(style)
    size, scale = h * 0.2, 0.5
    lines = [f"player {seat}" + (" (you)" if seat == state.player else "")]
    lines.append(_plural(state.rack_sizes[seat], "piece"))
    if state.outcome is not None:
        won = seat in state.outcome.winners
        lines.append(("won, " if won else "") + f"score {state.outcome.scores[seat]}")
    else:
        lines.append("opened" if state.opened[seat] else "not opened")
    inset = h * 0.12
    left = inset * 2 + w * scale
    width = left + max(text_width(line, size) for line in lines) + inset
    lines_height = size * (1.25 * len(lines) - 0.25) + size * 0.3  # the last line's descent
    height = max(h * scale, lines_height) + inset * 2
    current = state.outcome is None and seat == state.current_player
    group = ET.Element("g", {"class": "seat current" if current else "seat"})
    frame = {"x": 0, "y": 0, "width": width, "height": height, "rx": h * 0.08}
    edge = style.highlight if current else style.edge
    thickness = h * (0.05 if current else 0.015)
    add(
        group, "rect", {**frame, "fill": style.card_face, "stroke": edge, "stroke-width": thickness}
    )
    icon = add(
        group, "g", {"transform": f"translate({number(inset)} {number(inset)}) scale({scale})"}
    )
    draw_back(icon, 0, 0, style)
    for index, line in enumerate(lines):
        _text(group, line, left, inset + size * (1 + index * 1.25), size, style, bold=not index)
    return Box(group, width, height)


def _row(boxes: Sequence[Box], spacing: float, kind: str) -> Box:
    """Boxes side by side, their tops aligned."""
    group = ET.Element("g", {"class": kind})
    x = 0.0
    for box in boxes:
        place(group, box, x, 0)
        x += box.width + spacing
    return Box(group, max(x - spacing, 0), max((box.height for box in boxes), default=0))


def captioned(caption: str, box: Box, style: Style, kind: str, *, scale: float = 0.22) -> Box:
    """``box`` under a short caption, its letters ``scale`` times as high as a piece."""
    size = style.size * scale
    group = ET.Element("g", {"class": kind})
    _text(group, caption, 0, size, size, style)
    place(group, box, 0, size * 1.5)
    return Box(group, max(box.width, text_width(caption, size)), box.height + size * 1.5)


def _empty(style: Style) -> Box:
    """The place of a pile with nothing in it: a dashed outline."""
    w, h = piece_width(style), style.size
    group = ET.Element("g", {"class": "empty"})
    outline = {"x": 0, "y": 0, "width": w, "height": h, "rx": w * 0.12, "fill": "none"}
    dashes = {
        "stroke-width": h * 0.02,
        "stroke-dasharray": f"{number(h * 0.08)} {number(h * 0.06)}",
    }
    add(group, "rect", {**outline, "stroke": style.edge, **dashes})
    return Box(group, w, h)


def _stock(state: Round, style: Style) -> Box:
    if not state.stock_size:
        return captioned("stock: empty", _empty(style), style, "stock")
    step = style.size * 0.05
    layers = min(state.stock_size, 3)
    group = ET.Element("g", {"class": "pile"})
    for index in range(layers):
        draw_back(group, index * step, (layers - 1 - index) * step, style)
    box = Box(group, piece_width(style) + (layers - 1) * step, style.size + (layers - 1) * step)
    return captioned(f"stock: {state.stock_size}", box, style, "stock")


def _discards(state: Round, style: Style, cards: bool) -> list[Box]:
    """The discard pile, its last pieces spread with the top one whole, and the piece
    taken from it this turn."""
    shown = state.discards[-DISCARDS_SHOWN:]
    caption = f"discard pile: {len(state.discards)}"
    if not shown:
        boxes = [captioned(caption, _empty(style), style, "discards")]
    else:
        step = piece_width(style) * 0.5
        group = ET.Element("g", {"class": "pile"})
        for index, tile in enumerate(shown):
            draw_piece(group, tile, index * step, 0, style, cards=cards)
        box = Box(group, piece_width(style) + (len(shown) - 1) * step, style.size)
        boxes = [captioned(caption, box, style, "discards")]
    if state.taken is not None:
        w, h = piece_width(style), style.size
        group = ET.Element("g", {"class": "pile"})
        mark(group, 0, 0, style)
        draw_piece(group, state.taken, 0, 0, style, cards=cards)
        boxes.append(captioned("taken this turn", Box(group, w, h), style, "taken"))
    return boxes


def draw_round(state: Round, style: Style, *, stands_for: bool, title: str | None) -> Picture:
    """The picture of a round: heading, seats, piles, table and (for a view) the rack."""
    h = style.size
    pad, spacing = h * 0.3, h * 0.3
    cards = uses_cards((), state.profile)
    seats = _row(
        [_seat(state, seat, style) for seat in range(len(state.rack_sizes))], spacing, "seats"
    )
    piles = [_stock(state, style)]
    if state.profile.has_discard_pile:
        piles += _discards(state, style, cards)
    table = table_box(state.table, style, profile=state.profile, cards=cards, stands_for=stands_for)
    sections = [
        seats,
        _row(piles, spacing * 2, "piles"),
        captioned(f"table: {_plural(len(state.table), 'meld')}", table, style, "table-area"),
    ]
    if state.player is not None:
        rack = rack_box(state.rack, style, cards=cards)
        caption = f"your rack: {_plural(len(state.rack), 'piece')}"
        sections.append(captioned(caption, rack, style, "rack-area"))
    size = h * 0.3
    line = heading(state)
    width = max(text_width(line, size), *(box.width for box in sections)) + 2 * pad
    top = pad + size * 1.3 + spacing * 0.5
    height = top + sum(box.height for box in sections) + spacing * (len(sections) - 1) + pad
    kind = "game" if state.player is None else "view"
    root = start(width, height, describe(state) if title is None else title, kind, style)
    ground = {"x": 0, "y": 0, "width": width, "height": height, "rx": h * 0.15}
    add(root, "rect", {**ground, "fill": style.panel})
    _text(root, line, pad, pad + size, size, style, bold=True)
    y = top
    for box in sections:
        place(root, box, pad, y)
        y += box.height + spacing
    return finish(root)
