"""The values a round is made of and shows: its phases, how it ends, a position to start
from and what one player may see.

They hold no rules: :class:`~rummikit.Game` moves between them. Their reprs are short,
whatever they hold, and never fail (a host may build a view with anything in it).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

import attrs

from rummikit.errors import InvalidArgument, brief
from rummikit.pieces import Tile
from rummikit.profile import RuleProfile
from rummikit.table import TableState

if TYPE_CHECKING:  # rich, of the cli extra, is imported when a picture is drawn
    from rich.text import Text

__all__ = ["Outcome", "Phase", "PlayerView", "Position", "Termination"]


class Phase(enum.Enum):
    """What the current player may do now."""

    PLAY_OR_DRAW = "play_or_draw"
    """Play, or draw a piece (which ends the turn)."""
    DRAW = "draw"
    """Draw a piece: the mandatory first step of the turn."""
    PLAY_OR_PASS = "play_or_pass"
    """Play, or pass: after the mandatory draw, or when the stock is empty."""
    PLAY_OR_DISCARD = "play_or_discard"
    """Lay melds and lay off pieces, or discard (which ends the turn): after the draw of a
    draw-and-discard game."""
    DISCARD = "discard"
    """Discard one piece, which ends the turn: after the play of a draw-and-discard game."""
    OVER = "over"
    """The round is over; see :attr:`Game.outcome`."""


class Termination(enum.Enum):
    """How a round ended."""

    WENT_OUT = "went_out"
    """A player laid their last piece."""
    BLOCKED = "blocked"
    """Nobody played or drew for a full round of turns (the stock was empty)."""
    STOCK_EXHAUSTED = "stock_exhausted"
    """A player had to draw from the empty stock (rami voleur: no winner), or the stock ran
    out with no reshuffle left (standard rummy: won as a blocked round)."""
    TURN_LIMIT = "turn_limit"
    """The round reached the profile's ``turn_limit`` (won as a blocked round)."""


@attrs.frozen
class Outcome:
    """How a round ended, who won (none, one, or several sharing a win) and each seat's score."""

    termination: Termination
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    def __attrs_post_init__(self) -> None:
        scores, winners = self.scores, self.winners
        if not (
            isinstance(self.termination, Termination)
            and isinstance(scores, tuple)
            and all(type(points) is int for points in scores)
            and isinstance(winners, tuple)
            and all(type(seat) is int and 0 <= seat < len(scores) for seat in winners)
        ):
            raise InvalidArgument(
                "bad_outcome",
                "an Outcome holds a Termination, the winners' seats and a score per seat",
            )

    @property
    def winner(self) -> int | None:
        """The single winner, or None when nobody won or the win is shared."""
        return self.winners[0] if len(self.winners) == 1 else None


@attrs.frozen
class Position:
    """A position to start a game from: table, racks, stock (next draw first), who plays,
    who has opened, and the discard pile (top last) of a draw-and-discard game."""

    table: TableState
    racks: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]
    current_player: int
    opened: tuple[bool, ...]
    discards: tuple[Tile, ...] = ()


@attrs.frozen(repr=False)
class PlayerView:
    """Everything one player may know: never another rack, never the order of the stock.

    Its repr is short: the player, the turn, who is to do what, the rack sizes, the stock
    and the table's notation cut after about 60 characters (the fields hold the rest).
    ``discards`` is the discard pile of a draw-and-discard game, its top piece last, and
    ``taken`` the piece the current player took from it this turn: public, as discards are
    played face up.
    """

    player: int
    rack: tuple[Tile, ...]
    table: TableState
    rack_sizes: tuple[int, ...]
    stock_size: int
    current_player: int
    phase: Phase
    opened: tuple[bool, ...]
    turn: int
    outcome: Outcome | None
    profile: RuleProfile
    discards: tuple[Tile, ...] = ()
    taken: Tile | None = None

    def __repr__(self) -> str:
        # a view may be built by a host with anything in its fields: the repr never fails
        name = getattr(self.profile, "name", self.profile)
        return (
            f"<PlayerView for player {brief(self.player)}, {brief(name)} turn {brief(self.turn)}, "
            f"{state_shown(self.phase, self.current_player, self.outcome)}, "
            f"{sizes_shown(self.rack_sizes, self.stock_size)}, {table_shown(self.table)}>"
        )

    def _repr_svg_(self) -> str | None:
        """The view as a picture, which notebooks show for a view in a cell (see
        :func:`rummikit.svg.view`); None, so that the short repr shows instead, for a view
        built with fields that cannot be drawn."""
        from rummikit import svg  # pictures sit above the values they draw

        try:
            return str(svg.view(self))
        except InvalidArgument:
            return None

    def __rich__(self) -> Text:
        """The view in colour, for rich: who is to do what, the table, each seat's piece
        count, the rack, the stock and the discard pile (see :mod:`rummikit.terminal`)."""
        from rummikit.game._pictures import position_text

        return position_text(self, own_rack=True)


_TO_DO = {
    Phase.PLAY_OR_DRAW: "to play or draw",
    Phase.DRAW: "to draw",
    Phase.PLAY_OR_PASS: "to play or pass",
    Phase.PLAY_OR_DISCARD: "to play or discard",
    Phase.DISCARD: "to discard",
}

_SHOWN_TABLE = 60
"""How much of the table's notation a game's or a view's repr shows, in characters: the
melds that fit (at least one), then how many more there are."""


def state_shown(phase: object, current: object, outcome: object) -> str:
    """Who is to do what, for a repr: ``player 1 to play or draw``, ``over (blocked)``."""
    if isinstance(outcome, Outcome):
        return f"over ({outcome.termination.value.replace('_', ' ')})"
    to_do = _TO_DO.get(phase, brief(phase)) if isinstance(phase, Phase) else brief(phase)
    return f"player {brief(current)} {to_do}"


def sizes_shown(racks: object, stock: object) -> str:
    """The rack sizes and the stock, for a repr: ``racks 14 15, stock 74``."""
    sizes = (
        " ".join(map(str, racks))
        if isinstance(racks, tuple) and all(type(size) is int for size in racks)
        else brief(racks)
    )
    return f"racks {sizes}, stock {brief(stock)}"


def table_shown(table: object) -> str:
    """The table for a repr: its notation cut at a meld after about :data:`_SHOWN_TABLE`
    characters, with how many melds are left out."""
    if not isinstance(table, TableState):
        return f"table {brief(table)}"
    if not table:
        return "empty table"
    shown: list[str] = []
    width = 0
    for meld in table:
        text = str(meld)
        if shown and width + len(text) > _SHOWN_TABLE:
            break
        shown.append(text)
        width += len(text) + 3
    rest = len(table) - len(shown)
    more = f" | ... {rest} more meld{'' if rest == 1 else 's'}" if rest else ""
    return f"table: {' | '.join(shown)}{more}"
