"""Reading a game record: every field checked, the start rebuilt, every action replayed.

A loaded game has passed every rule check a live one has, since each action is replayed
with :meth:`Game.apply <rummikit.Game.apply>`. Anything wrong raises
:class:`~rummikit.InvalidRecord`, and nothing else escapes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rummikit._json import (
    check_fields,
    read_array,
    read_bool,
    read_int,
    read_object,
    read_table,
    read_tiles,
    show,
)
from rummikit._profile_json import read_profile, require, required_profile
from rummikit.errors import InvalidRecord, RummikitError
from rummikit.game import MAX_SEED_DIGITS, SEED_LIMIT, Game
from rummikit.profile import RuleProfile
from rummikit.record._actions import read_actions, replay
from rummikit.record._format import FORMAT, read_players, read_top

_TOP_FIELDS = ("format", "version", "profile", "players", "start", "actions")


def from_record(record: Mapping[str, object], *, profile: RuleProfile | str | None = None) -> Game:
    """The game described by ``record`` (a parsed JSON record), replayed action by action.

    Every field is checked for presence and type, unknown fields are refused, the profile is
    rebuilt from its options, and each action is replayed with :meth:`Game.apply
    <rummikit.Game.apply>`. Any fault raises :class:`~rummikit.InvalidRecord` with a code
    and ``where`` (such as ``actions[12]``); see :doc:`/saving` for the codes.

    With ``profile`` (a :class:`~rummikit.RuleProfile` or a registered profile's name), a
    record saved under other rules is refused (``profile_mismatch``) before any action is
    replayed, and the game loaded holds ``profile`` itself. A ``profile`` that is neither
    raises :class:`~rummikit.InvalidArgument` (``not_a_profile``), an unknown name
    :class:`~rummikit.UnknownProfile`.
    """
    return read_game(record, required_profile(profile))


def read_game(record: object, required: RuleProfile | None = None) -> Game:
    """The game in a parsed record, whatever its type, under the ``required`` profile's
    rules if one is given; only InvalidRecord escapes."""
    top = read_top(record, FORMAT)
    check_fields(top, "", _TOP_FIELDS)
    profile = require(read_profile(top["profile"]), required)
    players = read_players(top, profile)
    begin = _start_reader(top["start"], players)
    steps = read_actions(top["actions"])
    game = begin(profile)
    for index, step in enumerate(steps):
        game = replay(game, step, f"actions[{index}]")
    return game


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
        _check_start_seat(first, players, "start.first_player")

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
    _check_start_seat(current, players, "start.position.current")
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


def _check_start_seat(seat: int, players: int, where: str) -> None:
    """The seat the start names (whole, from 0) is one of the players' (``bad_start``)."""
    if seat >= players:
        raise InvalidRecord(
            "bad_start", f"players are numbered 0 to {players - 1}, not {show(seat)}", where=where
        )
