"""Actions in a record: each written as a small object, read back checked for its shape,
and replayed onto a game or a match with every rule check a live action passes.

A play's table stays text until its action is replayed, so that a crafted record costs at
most one large table before it is refused.
"""

from __future__ import annotations

import typing

import attrs

from rummikit._json import (
    at,
    bad_field,
    check_fields,
    read_array,
    read_bool,
    read_field,
    read_int,
    read_object,
    read_str,
    read_table,
    show,
)
from rummikit.actions import ACTION_NAMES, Action, Draw, GiveUp, Pass, Play, Timeout
from rummikit.errors import InvalidArgument, InvalidRecord, RummikitError
from rummikit.game import MAX_ACTIONS, Game
from rummikit.match import Match
from rummikit.verdict import IllegalAction

_ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "play": ("type", "player", "table"),
    "draw": ("type", "player"),
    "pass": ("type", "player"),
    "timeout": ("type", "player", "changed"),
    "give_up": ("type", "player"),
}
_SIMPLE_ACTIONS: dict[str, type[Draw | Pass | GiveUp]] = {
    "draw": Draw,
    "pass": Pass,
    "give_up": GiveUp,
}


# -- writing ---------------------------------------------------------------------------------


def check_history(history: object) -> None:
    """A history to save is a sequence of rummikit actions (``bad_history``)."""
    if not isinstance(history, tuple | list):
        raise InvalidArgument(
            "bad_history", f"a history is a tuple of actions, not a {type(history).__name__}"
        )
    for action in history:
        if not isinstance(action, tuple(ACTION_NAMES)):
            raise InvalidArgument(
                "bad_history",
                f"the history holds a {type(action).__name__}; it holds only rummikit actions",
            )


def action_record(action: Action) -> dict[str, object]:
    """``action`` as a record's object: its type, its player and what else it holds."""
    if action.player is None:
        raise InvalidArgument("bad_history", f"an action in the history has no player: {action}")
    written: dict[str, object] = {"type": ACTION_NAMES[type(action)], "player": action.player}
    if isinstance(action, Play):
        written["table"] = str(action.table)
    elif isinstance(action, Timeout):
        written["changed"] = action.changed
    return written


# -- reading ---------------------------------------------------------------------------------


@attrs.frozen
class SavedAction:
    """An action as the record gives it, checked for shape but with its table still text."""

    kind: str
    player: int
    table: str = ""
    changed: bool = True


def read_actions(value: object, where: str = "actions") -> list[SavedAction]:
    """The actions of the array at ``where``, at most :data:`~rummikit.game.MAX_ACTIONS`."""
    items = read_array(value, where)
    if len(items) > MAX_ACTIONS:
        raise InvalidRecord(
            "too_many_actions",
            f"{len(items)} actions; no game has more than {MAX_ACTIONS}",
            where=where,
        )
    return [_read_action(item, f"{where}[{index}]") for index, item in enumerate(items)]


def _read_action(item: object, where: str) -> SavedAction:
    obj = read_object(item, where)
    kind = read_field(obj, "type", where)
    if not isinstance(kind, str) or kind not in _ACTION_FIELDS:
        raise bad_field(at(where, "type"), "one of " + ", ".join(map(repr, _ACTION_FIELDS)), kind)
    check_fields(obj, where, _ACTION_FIELDS[kind])
    player = read_int(obj["player"], at(where, "player"))
    if kind == "play":
        return SavedAction(kind, player, table=read_str(obj["table"], at(where, "table")))
    if kind == "timeout":
        return SavedAction(kind, player, changed=read_bool(obj["changed"], at(where, "changed")))
    return SavedAction(kind, player)


# -- replaying -------------------------------------------------------------------------------


_PlayState = typing.TypeVar("_PlayState", Game, Match)


def replay(game: _PlayState, step: SavedAction, where: str) -> _PlayState:
    """``game`` after the action of ``step``; its notation is read only now, so that a
    crafted record costs at most one large table before it is refused."""
    action: Action
    if step.kind == "play":
        action = Play(read_table(step.table, at(where, "table")), player=step.player)
    elif step.kind == "timeout":
        action = Timeout(step.changed, player=step.player)
    else:
        action = _SIMPLE_ACTIONS[step.kind](player=step.player)
    try:
        return game.apply(action)
    except IllegalAction as error:
        reason = _reason(error)
        turn = game.turn if isinstance(game, Game) else game.game.turn
        raise InvalidRecord(
            "does_not_replay",
            f"{step.kind} by player {show(step.player)} is not allowed on turn {turn} ({reason})",
            where=where,
        ) from error
    except RummikitError as error:
        raise InvalidRecord(
            "does_not_replay",
            f"{step.kind} by player {show(step.player)} cannot be replayed: {_clip(error.message)}",
            where=where,
        ) from error


def _reason(error: IllegalAction) -> str:
    """The first violation in full and the codes of the others, kept short."""
    violations = error.verdict.violations
    if not violations:
        return error.code
    first = violations[0]
    others = [code for code in dict.fromkeys(error.codes) if code != first.code]
    also = f"; also {', '.join(others)}" if others else ""
    return f"{first.code}: {_clip(first.message)}{also}"


def _clip(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
