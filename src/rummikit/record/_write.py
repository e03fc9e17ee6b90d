"""Writing records: a game or a match as a JSON-ready dict.

What is saved is checked first to be what a game (or a match) built by rummikit holds, so
that a value changed with ``attrs.evolve`` is refused with :class:`~rummikit.InvalidArgument`
rather than written as a record that would not load, and every record written loads again.
"""

from __future__ import annotations

import types
import typing

from rummikit._json import show
from rummikit._profile_json import profile_record
from rummikit.errors import InvalidArgument
from rummikit.game import MAX_SEED_DIGITS, SEED_LIMIT, Game, Position
from rummikit.match import Match
from rummikit.notation import format_tiles
from rummikit.profile import RuleProfile
from rummikit.record._actions import action_record, check_history
from rummikit.record._format import FORMAT, MATCH_FORMAT, MAX_ROUNDS, VERSION
from rummikit.table import TableState

_MAX_INDENT = 16
"""The widest ``indent`` :func:`rummikit.record.dumps` takes: wider ones only waste space
(or memory)."""


def to_record(game: Game | Match) -> dict[str, object]:
    """``game`` (or a :class:`~rummikit.Match`) as a JSON-ready dict (for hosts that store
    JSON themselves).

    Raises :class:`~rummikit.InvalidArgument` for something other than a :class:`~rummikit.Game`
    or a game whose fields are not what a game holds (code ``not_a_game``), a game not built
    by :meth:`Game.new <rummikit.Game.new>` or :meth:`Game.from_position
    <rummikit.Game.from_position>`, whose start is unknown (``no_start``), a history that is
    not a sequence of actions with their players (``bad_history``), and a seed of more than
    4,000 digits (``seed_too_large``). A match saves every round's actions (see
    :func:`loads_match`); one of more than :data:`MAX_ROUNDS` rounds is refused
    (``too_many_rounds``).
    """
    if isinstance(game, Match):
        return _match_record(game)
    start = _check_game(game)
    begin: dict[str, object]
    if game.seed is not None:
        if game.seed >= SEED_LIMIT:
            raise InvalidArgument(
                "seed_too_large",
                f"a record holds seeds of up to {MAX_SEED_DIGITS:,} digits; use a smaller seed",
            )
        begin = {"seed": game.seed, "first_player": start.current_player}
    else:
        begin = {
            "position": {
                "table": str(start.table),
                "racks": [format_tiles(rack) for rack in start.racks],
                "stock": format_tiles(start.stock),
                "current": start.current_player,
                "opened": list(start.opened),
            }
        }
    return {
        "format": FORMAT,
        "version": VERSION,
        "profile": profile_record(game.profile),
        "players": len(game.racks),
        "start": begin,
        "actions": [action_record(action) for action in game.history],
    }


def _match_record(match: Match) -> dict[str, object]:
    """A match as a record: its profile, players and seed, and each round's actions (the
    round in play last, unless the match is over). Every round is dealt from the seed."""
    if match.seed >= SEED_LIMIT:
        raise InvalidArgument(
            "seed_too_large",
            f"a record holds seeds of up to {MAX_SEED_DIGITS:,} digits; use a smaller seed",
        )
    histories = match.histories if match.over else (*match.histories, match.game.history)
    if len(histories) > MAX_ROUNDS:
        raise InvalidArgument(
            "too_many_rounds",
            f"a match record holds at most {MAX_ROUNDS:,} rounds, not {len(histories):,}",
        )
    rounds = []
    for history in histories:
        check_history(history)
        rounds.append([action_record(action) for action in history])
    return {
        "format": MATCH_FORMAT,
        "version": VERSION,
        "profile": profile_record(match.profile),
        "players": len(match.game.racks),
        "seed": match.seed,
        "rounds": rounds,
    }


def _check_game(game: object) -> Position:
    """The start of ``game``, once the fields :func:`to_record` writes are known to be what a
    game built by :class:`~rummikit.Game` holds (a game changed with ``attrs.evolve`` may hold
    anything)."""
    if not isinstance(game, Game):
        raise InvalidArgument(
            "not_a_game", f"only a rummikit.Game can be saved, not {type(game).__name__}"
        )
    start: object = game.start
    if start is None:
        raise InvalidArgument(
            "no_start", "only games built by Game.new or Game.from_position can be saved"
        )
    fields: dict[str, tuple[object, type | types.UnionType]] = {
        "profile": (game.profile, RuleProfile),
        "racks": (game.racks, tuple),
        "seed": (game.seed, int | None),
        "start": (start, Position),
    }
    for name, (value, kind) in fields.items():
        if not isinstance(value, kind) or isinstance(value, bool):
            raise InvalidArgument(
                "not_a_game",
                f"the game's {name} is a {type(value).__name__}, which no game holds; build "
                "games with Game.new, Game.from_position and Game.apply",
            )
    if game.seed is not None and game.seed < 0:
        raise InvalidArgument("not_a_game", "the game's seed is negative, which no game holds")
    position = typing.cast(Position, start)
    players = len(game.racks)
    if not (
        isinstance(position.table, TableState)
        and isinstance(position.racks, tuple)
        and len(position.racks) == players
        and all(isinstance(rack, tuple) for rack in position.racks)
        and isinstance(position.stock, tuple)
        and type(position.current_player) is int
        and 0 <= position.current_player < players
        and isinstance(position.opened, tuple)
        and len(position.opened) == players
        and all(type(flag) is bool for flag in position.opened)
    ):
        raise InvalidArgument(
            "not_a_game",
            "the game's start is not a position it could have started from; build games "
            "with Game.new, Game.from_position and Game.apply",
        )
    check_history(game.history)
    return typing.cast(Position, start)


def check_indent(indent: object) -> None:
    """``indent`` is one :func:`json.dumps` takes and :func:`rummikit.record.dumps` allows
    (``bad_indent``)."""
    if indent is None:
        return
    if type(indent) is int and 0 <= indent <= _MAX_INDENT:
        return
    if isinstance(indent, str) and len(indent) <= _MAX_INDENT and not indent.strip(" \t"):
        return
    raise InvalidArgument(
        "bad_indent",
        f"indent is None, a number of spaces from 0 to {_MAX_INDENT} or a string of spaces "
        f"and tabs, not {show(indent)}",
    )
