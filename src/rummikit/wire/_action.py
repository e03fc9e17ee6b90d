"""The action message: what a client sends, written and read back with every field checked.

A play's table travels in table notation, which reads back to an equal table without a
profile: the game that applies the action judges it. The table is bounded by
:data:`~rummikit.wire.MAX_PIECES`, so that the verdict on any play read can be sent.
"""

from __future__ import annotations

from collections.abc import Mapping

from rummikit._json import bad_field, check_fields, read_bool, read_field, read_table
from rummikit.actions import ACTION_NAMES, Action, Draw, GiveUp, Pass, Play, Timeout
from rummikit.errors import InvalidArgument, InvalidRecord, brief
from rummikit.table import TableState
from rummikit.wire._format import ACTION, MAX_INT, MAX_PIECES, header, is_whole, read_whole

_FIELDS: dict[str, tuple[str, ...]] = {
    "play": ("format", "version", "type", "player", "table"),
    "draw": ("format", "version", "type", "player"),
    "pass": ("format", "version", "type", "player"),
    "timeout": ("format", "version", "type", "player", "changed"),
    "give_up": ("format", "version", "type", "player"),
}
_SIMPLE: dict[str, type[Draw | Pass | GiveUp]] = {"draw": Draw, "pass": Pass, "give_up": GiveUp}


# -- writing ---------------------------------------------------------------------------------


def action_message(action: Action) -> dict[str, object]:
    """``action`` as a message: its type, its player (null when it names none) and, for a
    play, the table; for a timeout, whether the table was touched."""
    check_sender(action.player)
    written = header(ACTION) | {"type": ACTION_NAMES[type(action)], "player": action.player}
    if isinstance(action, Play):
        _check_size(action.table)
        written["table"] = str(action.table)
    elif isinstance(action, Timeout):
        written["changed"] = action.changed
    return written


def _check_size(table: TableState) -> None:
    if table.tile_count > MAX_PIECES:
        raise InvalidArgument(
            "table_too_large",
            f"the table of the play holds {table.tile_count} pieces; a play sent on the wire "
            f"holds at most {MAX_PIECES}, the largest deck",
        )


# -- reading ---------------------------------------------------------------------------------


def read_action(top: Mapping[str, object], sender: int | None) -> Action:
    """The action of the message ``top`` (its format and version checked), from seat
    ``sender`` when given: the action must then name that seat or none, and names it."""
    kind = read_field(top, "type", "")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise bad_field("type", "one of " + ", ".join(map(repr, _FIELDS)), kind)
    check_fields(top, "", _FIELDS[kind])
    player = _read_player(top["player"], sender)
    if kind == "play":
        table = read_table(top["table"], "table")
        if table.tile_count > MAX_PIECES:
            raise InvalidRecord(
                "bad_field",
                f"expected a table of at most {MAX_PIECES} pieces, not {table.tile_count}",
                where="table",
            )
        return Play(table, player=player)
    if kind == "timeout":
        return Timeout(read_bool(top["changed"], "changed"), player=player)
    return _SIMPLE[kind](player=player)


def _read_player(value: object, sender: int | None) -> int | None:
    player = None if value is None else read_whole(value, "player")
    if sender is not None and player not in (None, sender):
        raise InvalidRecord(
            "wrong_player",
            f"the action names player {brief(player)} but comes from player {brief(sender)}",
            where="player",
        )
    return sender if sender is not None else player


def check_sender(player: object) -> int | None:
    """``player``, the seat a message comes from: None or a seat number from 0."""
    if player is None:
        return None
    if type(player) is not int or not is_whole(player):
        raise InvalidArgument(
            "bad_player", f"a player is a seat number from 0 to {MAX_INT:,}, not {brief(player)}"
        )
    return player
