"""The view message: everything one player may know, the rules included, written whole and
read back with every field checked and the parts checked to add up.

The profile travels whole, every option as a saved game writes it, so that a client knows
the rules it plays under without a registry, whatever release it runs: a house rule reads
where it was never registered.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from rummikit._json import (
    bad_field,
    check_fields,
    read_array,
    read_bool,
    read_tile,
    read_tiles,
)
from rummikit._json import read_table as _read_table
from rummikit._profile_json import profile_record, read_profile
from rummikit.errors import InvalidArgument, InvalidRecord, RummikitError, brief
from rummikit.game import MAX_ACTIONS, Outcome, Phase, PlayerView
from rummikit.notation import format_tiles
from rummikit.options import TurnStructure
from rummikit.pieces import Tile
from rummikit.profile import RuleProfile
from rummikit.table import TableState
from rummikit.wire._format import MAX_PIECES, VIEW, header, is_whole, read_whole
from rummikit.wire._outcome import outcome_fields, read_outcome

_FIELDS = (
    "format",
    "version",
    "player",
    "phase",
    "current_player",
    "turn",
    "rack",
    "table",
    "rack_sizes",
    "stock_size",
    "discards",
    "taken",
    "opened",
    "outcome",
    "profile",
)
_PHASES = {member.value: member for member in Phase}
_PHASES_OF: dict[TurnStructure, tuple[Phase, ...]] = {
    TurnStructure.PLAY_OR_DRAW: (Phase.PLAY_OR_DRAW, Phase.PLAY_OR_PASS, Phase.OVER),
    TurnStructure.DRAW_THEN_PLAY: (Phase.DRAW, Phase.PLAY_OR_PASS, Phase.OVER),
    TurnStructure.DRAW_MELD_DISCARD: (
        Phase.DRAW,
        Phase.PLAY_OR_DISCARD,
        Phase.DISCARD,
        Phase.OVER,
    ),
}
"""The phases a game under each turn structure goes through (see :attr:`Game.phase
<rummikit.Game.phase>`)."""


# -- writing ---------------------------------------------------------------------------------


def view_message(view: PlayerView) -> dict[str, object]:
    """``view`` as a message: every field of the view, under its own name."""
    _check_view(view)
    return header(VIEW) | {
        "player": view.player,
        "phase": view.phase.value,
        "current_player": view.current_player,
        "turn": view.turn,
        "rack": format_tiles(view.rack),
        "table": str(view.table),
        "rack_sizes": list(view.rack_sizes),
        "stock_size": view.stock_size,
        "discards": format_tiles(view.discards),
        "taken": None if view.taken is None else str(view.taken),
        "opened": list(view.opened),
        "outcome": None if view.outcome is None else outcome_fields(view.outcome),
        "profile": profile_record(view.profile),
    }


def _check_view(view: PlayerView) -> None:
    """Refuse a view whose fields a message cannot hold (``bad_view``): a
    :class:`~rummikit.PlayerView` checks nothing itself, and a host may build one."""
    opened, sizes = view.opened, view.rack_sizes
    seats = len(opened) if _is_list(opened) else 0
    counts = f"from 0 to {MAX_PIECES}"
    checks = {
        "profile": (isinstance(view.profile, RuleProfile), "a RuleProfile"),
        "opened": (seats > 0 and all(type(flag) is bool for flag in opened), "a bool per seat"),
        "player": (is_whole(view.player, 0, seats - 1), "a seat"),
        "current_player": (is_whole(view.current_player, 0, seats - 1), "a seat"),
        "phase": (isinstance(view.phase, Phase), "a Phase"),
        "turn": (is_whole(view.turn, 0, MAX_ACTIONS), f"a whole number from 0 to {MAX_ACTIONS}"),
        "rack": (
            _is_list(view.rack) and all(isinstance(tile, Tile) for tile in view.rack),
            "a tuple of Tile values",
        ),
        "table": (isinstance(view.table, TableState), "a TableState"),
        "rack_sizes": (
            _is_list(sizes)
            and len(sizes) == seats
            and all(is_whole(size, 0, MAX_PIECES) for size in sizes),
            f"a count per seat, {counts}",
        ),
        "stock_size": (is_whole(view.stock_size, 0, MAX_PIECES), f"a count {counts}"),
        "discards": (
            _is_list(view.discards)
            and len(view.discards) <= MAX_PIECES
            and all(isinstance(tile, Tile) for tile in view.discards),
            "a tuple of Tile values",
        ),
        "taken": (view.taken is None or isinstance(view.taken, Tile), "a Tile or None"),
        "outcome": (
            view.outcome is None or isinstance(view.outcome, Outcome),
            "an Outcome or None",
        ),
    }
    for field, (ok, expected) in checks.items():
        if not ok:
            raise InvalidArgument(
                "bad_view",
                f"the view's {field} is {expected}, not {brief(getattr(view, field))} "
                "(build views with Game.view)",
            )


def _is_list(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str | bytes | bytearray)


# -- reading ---------------------------------------------------------------------------------


def read_view(top: Mapping[str, object]) -> PlayerView:
    """The view of the message ``top`` (its format and version checked), every field read
    and the parts checked to add up with each other and with the profile's deck."""
    check_fields(top, "", _FIELDS)
    profile = read_profile(top["profile"])
    flags = read_array(top["opened"], "opened")
    seats = len(flags)
    if not profile.min_players <= seats <= profile.max_players:
        raise _bad_view(
            "opened",
            f"one flag per seat, and {profile.name!r} is played by {profile.min_players} to "
            f"{profile.max_players} players, not {seats}",
        )
    counts = read_array(top["rack_sizes"], "rack_sizes")
    if len(counts) != seats:
        raise _bad_view("rack_sizes", f"one count per seat: {seats} seats, {len(counts)} counts")
    opened = tuple(read_bool(flag, f"opened[{seat}]") for seat, flag in enumerate(flags))
    sizes = tuple(
        read_whole(size, f"rack_sizes[{seat}]", 0, MAX_PIECES) for seat, size in enumerate(counts)
    )
    view = PlayerView(
        player=read_whole(top["player"], "player", 0, seats - 1),
        rack=tuple(read_tiles(top["rack"], "rack")),
        table=_read_table(top["table"], "table"),
        rack_sizes=sizes,
        stock_size=read_whole(top["stock_size"], "stock_size", 0, MAX_PIECES),
        discards=tuple(read_tiles(top["discards"], "discards")),
        taken=None if top["taken"] is None else read_tile(top["taken"], "taken"),
        current_player=read_whole(top["current_player"], "current_player", 0, seats - 1),
        phase=_read_phase(top["phase"]),
        opened=opened,
        turn=read_whole(top["turn"], "turn", 0, MAX_ACTIONS),
        outcome=None if top["outcome"] is None else read_outcome(top["outcome"], "outcome", seats),
        profile=profile,
    )
    _check_adds_up(view)
    return view


def _read_phase(value: object) -> Phase:
    if not isinstance(value, str) or value not in _PHASES:
        raise bad_field("phase", "one of " + ", ".join(map(repr, _PHASES)), value)
    return _PHASES[value]


def _bad_view(where: str, message: str) -> InvalidRecord:
    return InvalidRecord("bad_view", message, where=where)


def _check_adds_up(view: PlayerView) -> None:
    """The parts of ``view`` add up: pieces of the profile's deck, valid melds on the table,
    the rack as large as its count, the deck whole, and the phase one the game can be in."""
    profile, rack, table = view.profile, view.rack, view.table
    players = len(view.rack_sizes)
    _in_deck(profile, players, rack, "rack", "the rack")
    try:
        profile.check_table(table)
    except RummikitError as error:
        raise _bad_view("table", error.message) from error
    held = [*rack, *table.tiles.elements()]
    _in_deck(profile, players, held, "rack", "the rack and the table")
    seen = [*held, *view.discards]
    _in_deck(profile, players, seen, "discards", "the rack, the table and the discard pile")
    if view.discards and not profile.has_discard_pile:
        raise _bad_view("discards", f"the rules of {profile.name!r} have no discard pile")
    if view.taken is not None and view.phase not in (Phase.PLAY_OR_DISCARD, Phase.DISCARD):
        raise _bad_view(
            "taken",
            "a piece is taken from the pile after the draw step and before the discard",
        )
    if len(rack) != view.rack_sizes[view.player]:
        raise _bad_view(
            "rack",
            f"{len(rack)} pieces, but rack_sizes gives player {view.player} "
            f"{view.rack_sizes[view.player]}",
        )
    counted = table.tile_count + sum(view.rack_sizes) + view.stock_size + len(view.discards)
    deck = len(profile.deck_for(len(view.rack_sizes)))
    if counted != deck:
        raise _bad_view(
            "stock_size",
            f"the table, the racks, the stock and the discard pile hold {counted} pieces; "
            f"the deck of {profile.name!r} for {len(view.rack_sizes)} players has {deck}",
        )
    phase = view.phase
    if phase not in _PHASES_OF[profile.turn_structure]:
        raise _bad_view(
            "phase",
            f"{phase.value!r} is no phase of {profile.name!r}, whose turns are "
            f"{profile.turn_structure.value!r}",
        )
    if (phase is Phase.OVER) != (view.outcome is not None):
        raise _bad_view(
            "outcome",
            "a round that is over has an outcome, and one still played has none"
            f" (the phase is {phase.value!r})",
        )


def _in_deck(
    profile: RuleProfile, players: int, tiles: Sequence[Tile], where: str, what: str
) -> None:
    """Refuse pieces the deck of a game of ``players`` does not hold: pieces of another
    family, or more copies than that deck has (a profile's largest deck may have more, as
    standard rummy's second deck from five players)."""
    try:
        profile.check_in_deck(tiles)
    except RummikitError as error:
        raise _bad_view(where, f"{what}: {error.message}") from error
    if profile.copies_for(players) == profile.copies_for(profile.max_players):
        return  # the largest deck, which check_in_deck counted against
    deck = Counter(profile.deck_for(players))
    for tile, count in Counter(tiles).items():
        if count > deck[tile]:
            raise _bad_view(
                where,
                f"{what}: {count} copies of {tile}; the deck of {profile.name!r} for "
                f"{players} players has {deck[tile]}",
            )
