"""Actions: what a player (or the host's clock) does on a turn, as plain values.

Each action may name the ``player`` taking it. A host that passes actions on from clients
should set it: an action whose player is not the current player is refused
(``not_your_turn``). In a game's history every action carries its player.
"""

from __future__ import annotations

import attrs

from rummikit.errors import InvalidArgument, brief
from rummikit.notation import as_table
from rummikit.pieces import Tile, as_tile
from rummikit.table import TableState

__all__ = [
    "ACTION_NAMES",
    "Action",
    "Discard",
    "Draw",
    "GiveUp",
    "Pass",
    "Play",
    "TakeDiscard",
    "Timeout",
]


def _check_player(
    instance: object, attribute: attrs.Attribute[int | None], value: int | None
) -> None:
    if value is not None and (type(value) is not int or value < 0):
        raise InvalidArgument("bad_player", f"a player is a seat number from 0, not {brief(value)}")


def _check_changed(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise InvalidArgument(
            "bad_changed",
            f"changed is True (the player had moved tiles) or False, not {brief(value)}",
        )


@attrs.frozen
class Play:
    """Lay tiles: ``table`` is the whole table as the player leaves it at the end of the turn.

    Only this final table is judged (what moved is worked out from it), so a player may
    rearrange freely on the way. Accepts a :class:`~rummikit.TableState`, melds, or notation.
    """

    table: TableState = attrs.field(converter=as_table)
    player: int | None = attrs.field(default=None, validator=_check_player, kw_only=True)

    def __str__(self) -> str:
        return f"play {self.table}"


@attrs.frozen
class Draw:
    """Draw one piece from the stock: the whole turn in play-or-draw games, or the first step
    of a turn where drawing is mandatory."""

    player: int | None = attrs.field(default=None, validator=_check_player, kw_only=True)

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Pass:
    """End the turn without playing: after the mandatory draw, or when the stock is empty."""

    player: int | None = attrs.field(default=None, validator=_check_player, kw_only=True)

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class TakeDiscard:
    """Take the top piece of the discard pile instead of drawing from the stock: the first
    step of a turn in draw-and-discard games (standard rummy). The piece taken may not be
    discarded in the same turn."""

    player: int | None = attrs.field(default=None, validator=_check_player, kw_only=True)

    def __str__(self) -> str:
        return "take discard"


@attrs.frozen
class Discard:
    """Put ``tile``, a piece of the hand, on top of the discard pile: the last step of a turn
    in draw-and-discard games, which ends it (and wins the round when it is the last piece).
    Accepts a :class:`~rummikit.Tile` or its notation."""

    tile: Tile = attrs.field(converter=as_tile)
    player: int | None = attrs.field(default=None, validator=_check_player, kw_only=True)

    def __str__(self) -> str:
        return f"discard {self.tile}"


@attrs.frozen
class Timeout:
    """The host's clock ran out on the current player.

    Whatever the player had moved is put back (the game never saw it), the player draws the
    profile's penalty (``timeout_penalty`` when ``changed``, ``timeout_penalty_untouched``
    when the player had not touched the table) and the turn passes.
    """

    changed: bool = attrs.field(default=True, validator=_check_changed)
    player: int | None = attrs.field(default=None, validator=_check_player, kw_only=True)

    def __str__(self) -> str:
        return "timeout" if self.changed else "timeout untouched"


@attrs.frozen
class GiveUp:
    """The player gives up a turn after failing to leave a valid table.

    The table is restored, the player draws the profile's ``failure_penalty`` and the turn
    passes (:rule:`28`).
    """

    player: int | None = attrs.field(default=None, validator=_check_player, kw_only=True)

    def __str__(self) -> str:
        return "give up"


Action = Play | Draw | Pass | TakeDiscard | Discard | Timeout | GiveUp
"""Any action."""

ACTION_NAMES: dict[type[Action], str] = {
    Play: "play",
    Draw: "draw",
    Pass: "pass",
    TakeDiscard: "take_discard",
    Discard: "discard",
    Timeout: "timeout",
    GiveUp: "give_up",
}
"""The name of each kind of action, as saved games and wire messages write it."""
