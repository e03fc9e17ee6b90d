"""Saved games and matches: a versioned JSON record that replays a game exactly.

A record holds what is needed to rebuild a game, never its derived state: the rule profile
(every option, so a house rule loads even where it is not registered), the number of
players, the start (a seed, or a whole position) and every action in order. Loading rebuilds
the start and replays each action with :meth:`Game.apply <rummikit.Game.apply>`, so a
loaded game has passed every rule check a live one has, and ``loads(dumps(game)) == game``.

:func:`loads` and :func:`from_record` are meant for untrusted input: anything wrong raises
:class:`~rummikit.InvalidRecord` with a stable ``code`` and a ``where`` naming the part of
the record at fault, and nothing else escapes. :func:`dumps` saves a
:class:`~rummikit.Match` too, every round's actions from the match's seed, and
:func:`loads_match` (:func:`match_from_record`) reads it back. See :doc:`/saving` for the
format.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable, Mapping

from rummikit import game as _game
from rummikit.errors import InvalidArgument, InvalidRecord, RummikitError
from rummikit.game import SEED_LIMIT, Game, Position
from rummikit.match import Match
from rummikit.notation import format_tiles
from rummikit.profile import RuleProfile
from rummikit.record import _format, _json
from rummikit.record._actions import action_record, check_history, read_actions, replay
from rummikit.record._format import read_players, read_top
from rummikit.record._json import (
    check_fields,
    parse_json,
    read_array,
    read_bool,
    read_int,
    read_object,
    read_table,
    read_tiles,
    show,
)
from rummikit.record._profile import profile_record, read_profile
from rummikit.table import TableState

__all__ = [
    "FORMAT",
    "MATCH_FORMAT",
    "MAX_ACTIONS",
    "MAX_INT_DIGITS",
    "MAX_MATCH_RECORD_LENGTH",
    "MAX_RECORD_LENGTH",
    "MAX_ROUNDS",
    "VERSION",
    "dumps",
    "from_record",
    "loads",
    "loads_match",
    "match_from_record",
    "to_record",
]

FORMAT = _format.FORMAT
"""The value of a game record's ``format`` field."""

MATCH_FORMAT = _format.MATCH_FORMAT
"""The value of a match record's ``format`` field."""

VERSION = _format.VERSION
"""The version of the record format written by :func:`dumps`, and the newest one read."""

MAX_RECORD_LENGTH = 2_000_000
"""The longest record :func:`loads` reads, in characters (bytes, for bytes input).

Refused before parsing. The longest possible game takes well under half of this, indented:
at most 216 plays, each a table of at most 216 pieces in notation (about 1 kB), and a few
thousand short draws and passes.
"""

MAX_MATCH_RECORD_LENGTH = 20_000_000
"""The longest match record :func:`loads_match` reads, in characters (bytes, for bytes
input): ten times :data:`MAX_RECORD_LENGTH`, the rounds' actions being one game's each.
:func:`dumps` refuses to write a longer one (``record_too_long``), so that every match
record it writes loads."""

MAX_ROUNDS = _format.MAX_ROUNDS
"""The most rounds a match record may hold (:func:`to_record` refuses to save more)."""

MAX_INT_DIGITS = _json.MAX_INT_DIGITS
"""The longest integer literal :func:`loads` reads, in digits (Python's default limit).

Every number in a record is small but the seed: seeds drawn by :meth:`Game.new
<rummikit.Game.new>` have 19 digits at most, and both :func:`to_record` and the readers
refuse a seed of more than 4,000 digits.
"""

MAX_ACTIONS = _game.MAX_ACTIONS
"""The most actions a record may hold (:data:`rummikit.game.MAX_ACTIONS`): no game has more."""

MAX_SEED_DIGITS = _game.MAX_SEED_DIGITS
"""The longest seed a record holds, written or read (below :data:`MAX_INT_DIGITS`), so that
every record :func:`loads` accepts can be saved again (:data:`rummikit.game.MAX_SEED_DIGITS`)."""


_MAX_INDENT = 16
"""The widest ``indent`` :func:`dumps` takes: wider ones only waste space (or memory)."""

_TOP_FIELDS = ("format", "version", "profile", "players", "start", "actions")
_MATCH_FIELDS = ("format", "version", "profile", "players", "seed", "rounds")


# -- writing ---------------------------------------------------------------------------------


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


def dumps(game: Game | Match, *, indent: int | None = None) -> str:
    """``game`` (or a :class:`~rummikit.Match`) as a JSON record (see :doc:`/saving`);
    :func:`loads` (:func:`loads_match`) reads it back.

    ``indent`` pretty-prints, as in :func:`json.dumps`: a number of spaces from 0 to 16, or
    a string of spaces and tabs as long; anything else raises
    :class:`~rummikit.InvalidArgument` (code ``bad_indent``), as does whatever
    :func:`to_record` refuses, and a match record longer than
    :data:`MAX_MATCH_RECORD_LENGTH` (``record_too_long``).
    """
    record = to_record(game)
    _check_indent(indent)
    text = json.dumps(record, indent=indent)
    if isinstance(game, Match) and len(text) > MAX_MATCH_RECORD_LENGTH:
        raise InvalidArgument(
            "record_too_long",
            f"the match record would be {len(text):,} characters long, more than "
            f"loads_match reads ({MAX_MATCH_RECORD_LENGTH:,})",
        )
    return text


def _check_indent(indent: object) -> None:
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


# -- reading ---------------------------------------------------------------------------------


def loads(text: str | bytes) -> Game:
    """The game saved in ``text`` by :func:`dumps`, replayed action by action.

    Safe for untrusted input: text longer than :data:`MAX_RECORD_LENGTH` is refused before
    parsing, and any fault raises :class:`~rummikit.InvalidRecord` (see :func:`from_record`).
    Bytes are read as UTF-8.
    """
    return _load(parse_json(text, MAX_RECORD_LENGTH))


def loads_match(text: str | bytes) -> Match:
    """The match saved in ``text`` by :func:`dumps`, every round replayed action by action.

    Safe for untrusted input as :func:`loads` is, up to :data:`MAX_MATCH_RECORD_LENGTH`
    (see :func:`match_from_record`).
    """
    return _load_match(parse_json(text, MAX_MATCH_RECORD_LENGTH))


def from_record(record: Mapping[str, object]) -> Game:
    """The game described by ``record`` (a parsed JSON record), replayed action by action.

    Every field is checked for presence and type, unknown fields are refused, the profile is
    rebuilt from its options, and each action is replayed with :meth:`Game.apply
    <rummikit.Game.apply>`. Any fault raises :class:`~rummikit.InvalidRecord` with a code
    and ``where`` (such as ``actions[12]``); see :doc:`/saving` for the codes.
    """
    return _load(record)


def _load(record: object) -> Game:
    """The game in a parsed record, whatever its type; only InvalidRecord escapes."""
    top = read_top(record, FORMAT)
    check_fields(top, "", _TOP_FIELDS)
    profile = read_profile(top["profile"])
    players = read_players(top, profile)
    begin = _start_reader(top["start"], players)
    steps = read_actions(top["actions"])
    game = begin(profile)
    for index, step in enumerate(steps):
        game = replay(game, step, f"actions[{index}]")
    return game


def match_from_record(record: Mapping[str, object]) -> Match:
    """The match described by ``record`` (a parsed match record), every round replayed.

    The rounds are dealt again from the seed and each action is replayed with
    :meth:`Match.apply <rummikit.Match.apply>`. Each list of actions but the last must end
    its round, and the last must not end a round unless the match is then over (a round
    that ends early is ``does_not_replay``). Faults raise :class:`~rummikit.InvalidRecord`
    as for a game, ``where`` naming the action (such as ``rounds[1][12]``).
    """
    return _load_match(record)


def _load_match(record: object) -> Match:
    """The match in a parsed record, whatever its type; only InvalidRecord escapes."""
    top = read_top(record, MATCH_FORMAT)
    check_fields(top, "", _MATCH_FIELDS)
    profile = read_profile(top["profile"])
    players = read_players(top, profile)
    seed = read_int(top["seed"], "seed")
    if seed >= SEED_LIMIT:
        raise InvalidRecord(
            "bad_field", f"a record holds seeds of up to {MAX_SEED_DIGITS:,} digits", where="seed"
        )
    lists = read_array(top["rounds"], "rounds")
    if not lists or len(lists) > MAX_ROUNDS:
        raise InvalidRecord(
            "bad_field",
            f"a match record holds 1 to {MAX_ROUNDS:,} rounds, not {len(lists):,}",
            where="rounds",
        )
    rounds = [read_actions(item, f"rounds[{index}]") for index, item in enumerate(lists)]
    try:
        match = Match.new(profile, players, seed)
    except RummikitError as error:
        raise InvalidRecord("bad_start", error.message, where="seed") from error
    for number, steps in enumerate(rounds):
        last = number == len(rounds) - 1
        for index, step in enumerate(steps):
            where = f"rounds[{number}][{index}]"
            if len(match.rounds) > number:
                raise InvalidRecord(
                    "does_not_replay",
                    f"round {number + 1} ended before this action",
                    where=where,
                )
            match = replay(match, step, where)
        ended = len(match.rounds) > number
        if not last and not ended:
            raise InvalidRecord(
                "does_not_replay",
                f"round {number + 1} has not ended, yet another round follows",
                where=f"rounds[{number}]",
            )
        if last and ended and not match.over:
            raise InvalidRecord(
                "does_not_replay",
                f"round {number + 1} ended and the match goes on: the round in play "
                "(perhaps no actions yet) is missing",
                where="rounds",
            )
    return match


# -- start -----------------------------------------------------------------------------------


def _start_reader(value: object, players: int) -> Callable[[RuleProfile], Game]:
    """Check the start and return what builds the game from it, given the profile."""
    where = "start"
    obj = read_object(value, where)
    if "position" not in obj:
        check_fields(obj, where, ("seed", "first_player"))
        seed = read_int(obj["seed"], "start.seed")
        if seed >= SEED_LIMIT:
            raise InvalidRecord(
                "bad_field",
                f"a record holds seeds of up to {MAX_SEED_DIGITS:,} digits",
                where="start.seed",
            )
        first = read_int(obj["first_player"], "start.first_player")
        _check_seat(first, players, "start.first_player")

        def deal(profile: RuleProfile) -> Game:
            try:
                return Game.new(profile, players, seed=seed, first_player=first)
            except RummikitError as error:
                raise InvalidRecord("bad_start", error.message, where=where) from error

        return deal
    check_fields(obj, where, ("position",))
    where = "start.position"
    position = read_object(obj["position"], where)
    check_fields(position, where, ("table", "racks", "stock", "current", "opened"))
    table = read_table(position["table"], "start.position.table")
    racks_field = read_array(position["racks"], "start.position.racks")
    if len(racks_field) != players:
        raise InvalidRecord(
            "bad_start",
            f"{len(racks_field)} racks for {players} players",
            where="start.position.racks",
        )
    racks = [read_tiles(rack, f"start.position.racks[{i}]") for i, rack in enumerate(racks_field)]
    stock = read_tiles(position["stock"], "start.position.stock")
    current = read_int(position["current"], "start.position.current")
    _check_seat(current, players, "start.position.current")
    opened_field = read_array(position["opened"], "start.position.opened")
    if len(opened_field) != players:
        raise InvalidRecord(
            "bad_start",
            f"{len(opened_field)} opened flags for {players} players",
            where="start.position.opened",
        )
    opened = [read_bool(flag, f"start.position.opened[{i}]") for i, flag in enumerate(opened_field)]

    def place(profile: RuleProfile) -> Game:
        try:
            return Game.from_position(
                profile, table=table, racks=racks, stock=stock, current=current, opened=opened
            )
        except RummikitError as error:
            part = "start.position.table" if error.code == "invalid_table" else where
            raise InvalidRecord("bad_start", error.message, where=part) from error

    return place


def _check_seat(seat: int, players: int, where: str) -> None:
    if seat >= players:
        raise InvalidRecord(
            "bad_start", f"players are numbered 0 to {players - 1}, not {show(seat)}", where=where
        )
