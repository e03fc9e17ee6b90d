"""Pictures of a round for the terminal: what one player sees, and what everyone sees.

:class:`~rummikit.PlayerView` and :class:`~rummikit.Game` draw themselves for rich with
:func:`position_text`; a game is drawn as a view of it without the rack, so its picture
shows only what every player may know (never a rack, never the stock's order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummikit.game._values import PlayerView, state_shown
from rummikit.terminal import meld_text, tiles_text

if TYPE_CHECKING:  # rich, of the cli extra, is imported when a picture is drawn
    from rich.text import Text


def _pieces(number: int) -> str:
    """``1 piece``, ``14 pieces``."""
    return f"{number} piece{'' if number == 1 else 's'}"


def position_text(view: PlayerView, *, own_rack: bool) -> Text:
    """The picture of ``view``, its rack shown only when ``own_rack``: the profile, the turn
    and who is to do what; the table, one meld a line; each seat's piece count and whether it
    has opened (and its score, once the round is over); the rack; the stock's size; the
    discard pile, where the profile has one. A view built with odd fields, which a host may
    do, is drawn as its repr: a picture never fails."""
    from rich.text import Text

    try:
        return _drawn(view, own_rack, Text)
    except Exception:  # the repr of a view never fails, whatever its fields hold
        return Text(repr(view))


def _drawn(view: PlayerView, own_rack: bool, text: type[Text]) -> Text:
    name = getattr(view.profile, "name", view.profile)
    state = state_shown(view.phase, view.current_player, view.outcome)
    picture = text.assemble((f"{name}, turn {view.turn}: {state}", "bold"), "\n")
    picture.append("table:", "bold")
    if not view.table:
        picture.append(" (empty)", "dim italic")
    for meld in view.table:
        picture.append("\n  ")
        picture.append_text(meld_text(meld))
    outcome = view.outcome
    for seat, size in enumerate(view.rack_sizes):
        you = " (you)" if own_rack and seat == view.player else ""
        picture.append(f"\nplayer {seat}{you}:", "bold")
        picture.append(f" {_pieces(size)}, {'' if view.opened[seat] else 'not '}opened")
        if outcome is not None:
            won = " (won)" if seat in outcome.winners else ""
            picture.append(f", score {outcome.scores[seat]}{won}")
    if own_rack:
        picture.append("\nrack:", "bold")
        picture.append(" ")
        picture.append_text(tiles_text(view.rack))
    picture.append("\nstock:", "bold")
    picture.append(f" {_pieces(view.stock_size)}")
    if view.discards or view.profile.has_discard_pile:
        picture.append("\ndiscard pile:", "bold")
        if view.discards:
            picture.append(" ")
            picture.append_text(tiles_text(view.discards))
            picture.append(" (top last)", "dim")
        else:
            picture.append(" (empty)", "dim italic")
        if view.taken is not None:
            picture.append("; taken from it this turn: ")
            picture.append_text(tiles_text([view.taken]))
    return picture
