"""Loading a saved game: every error code, with where in the record it is found, and
tampered records."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import rummikit as rk
from rummikit import record
from tests.records.saved import _set, edited, game_of, load_error, small_record, went_out


def options(saved: dict[str, object]) -> dict[str, object]:
    return saved["profile"]["options"]  # type: ignore[index, no-any-return]


def actions(saved: dict[str, object]) -> list[dict[str, object]]:
    return saved["actions"]  # type: ignore[return-value]


def position_record() -> dict[str, object]:
    """The record of a four-player pagat game started from a position."""
    saved = record.to_record(game_of("pagat", "position", "mid"))
    assert saved["players"] == 4
    return saved


def position(saved: dict[str, object]) -> dict[str, object]:
    return saved["start"]["position"]  # type: ignore[index, no-any-return]


# -- every error code ------------------------------------------------------------------------


def test_too_long() -> None:
    padded = record.dumps(game_of("pagat", "dealt", "mid")).ljust(record.MAX_RECORD_LENGTH + 1)
    assert load_error(padded).code == "too_long"
    assert load_error(padded.encode()).code == "too_long"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        '{"format": "rummikit.game"',
        "[]",
        "42",
        '"rummikit.game"',
        '{"format": NaN}',
        '{"format": "rummikit.game", "format": "rummikit.game"}',
        "[" * 100_000 + "]" * 100_000,
        '{"seed": ' + "9" * 5_000 + "}",
        b"\xff\xfe{}",
    ],
)
def test_malformed(text: str | bytes) -> None:
    error = load_error(text)
    assert error.code == "malformed"


def test_malformed_input_types() -> None:
    for value in (None, 42, ["a"]):
        with pytest.raises(rk.InvalidRecord) as caught:
            record.loads(value)  # type: ignore[arg-type]
        assert caught.value.code == "malformed"
        with pytest.raises(rk.InvalidRecord) as caught:
            record.from_record(value)  # type: ignore[arg-type]
        assert caught.value.code == "malformed"


@pytest.mark.parametrize("value", ["rummikit.match", "", 1, None])
def test_wrong_format(value: object) -> None:
    error = load_error(edited(lambda r: r.update(format=value)))
    assert (error.code, error.where) == ("wrong_format", "format")


@pytest.mark.parametrize("version", [0, 3, 99])
def test_unsupported_version(version: int) -> None:
    error = load_error(edited(lambda r: r.update(version=version, surprise=True)))
    assert (error.code, error.where) == ("unsupported_version", "version")
    if version > 2:
        assert "newer" in error.message


def _delete(path: str) -> Callable[[dict[str, object]], object]:
    def change(saved: dict[str, object]) -> object:
        *parents, last = path.split(".")
        node: object = saved
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]  # type: ignore[index]
        return node.pop(last)  # type: ignore[attr-defined]

    return change


@pytest.mark.parametrize(
    "path",
    [
        "format",
        "version",
        "profile",
        "players",
        "start",
        "actions",
        "profile.name",
        "profile.options",
        "profile.options.copies",
        "profile.options.match_target",
        "start.seed",
        "start.first_player",
        "actions.0.type",
        "actions.0.player",
    ],
)
def test_missing_field(path: str) -> None:
    error = load_error(edited(_delete(path)))
    assert error.code == "missing_field"
    assert error.where == path.replace("actions.0", "actions[0]")


def test_missing_fields_of_actions_and_positions() -> None:
    saved = small_record()
    play = next(i for i, a in enumerate(actions(saved)) if a["type"] == "play")
    del actions(saved)[play]["table"]
    error = load_error(saved)
    assert (error.code, error.where) == ("missing_field", f"actions[{play}].table")

    saved = edited(lambda r: actions(r).append({"type": "timeout", "player": 0}))
    error = load_error(saved)
    last = len(actions(saved)) - 1
    assert (error.code, error.where) == ("missing_field", f"actions[{last}].changed")

    for key in ("table", "racks", "stock", "current", "opened"):
        saved = position_record()
        del position(saved)[key]
        error = load_error(saved)
        assert (error.code, error.where) == ("missing_field", f"start.position.{key}")


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("version", "1"),
        ("version", 1.0),
        ("version", True),
        ("version", -1),
        ("profile", []),
        ("profile.name", 7),
        ("profile.options", "pagat"),
        ("profile.options.copies", "2"),
        ("profile.options.copies", 2.0),
        ("profile.options.copies", None),
        ("profile.options.ace_high", 0),
        ("profile.options.time_limit", "soon"),
        ("profile.options.time_limit", True),
        ("profile.options.scoring", 1),
        ("profile.options.scoring", None),
        ("profile.options.title", None),
        ("players", "2"),
        ("players", True),
        ("players", 2.5),
        ("players", 9),
        ("players", 1),
        ("start", None),
        ("start.seed", -1),
        ("start.seed", "3"),
        ("start.seed", 1e3),
        ("start.first_player", False),
        ("start.first_player", -1),
        ("actions", {}),
        ("actions", "draw draw"),
        ("actions.0", "draw"),
        ("actions.0.type", "jump"),
        ("actions.0.type", ["draw"]),
        ("actions.0.player", -1),
        ("actions.0.player", None),
        ("actions.0.player", 0.0),
    ],
)
def test_bad_field(path: str, value: object) -> None:
    error = load_error(edited(_set(path, value)))
    assert (error.code, error.where) == ("bad_field", path.replace("actions.0", "actions[0]"))


def test_bad_fields_of_actions_and_positions() -> None:
    saved = small_record()
    play = next(i for i, a in enumerate(actions(saved)) if a["type"] == "play")
    for table in ("r7 r8 x9", 7, None, "r7 | | r8"):
        actions(saved)[play]["table"] = table
        error = load_error(saved)
        assert (error.code, error.where) == ("bad_field", f"actions[{play}].table")

    saved = edited(lambda r: actions(r).append({"type": "timeout", "player": 0, "changed": 1}))
    error = load_error(saved)
    assert (error.code, error.where) == ("bad_field", f"actions[{len(actions(saved)) - 1}].changed")

    for key, value, where in [
        ("table", "r1 r2 | ", "start.position.table"),
        ("table", ["r1 r2 r3"], "start.position.table"),
        ("racks", "r1 r2", "start.position.racks"),
        ("stock", "r1 r14", "start.position.stock"),
        ("current", "0", "start.position.current"),
        ("opened", "yes", "start.position.opened"),
        ("opened", [True, "no", False, False], "start.position.opened[1]"),
    ]:
        saved = position_record()
        position(saved)[key] = value
        error = load_error(saved)
        assert (error.code, error.where) == ("bad_field", where), (key, value)

    saved = position_record()
    position(saved)["racks"][1] = "r1 Zz9"  # type: ignore[index]
    error = load_error(saved)
    assert (error.code, error.where) == ("bad_field", "start.position.racks[1]")


@pytest.mark.parametrize(
    ("path", "where"),
    [
        ("comment", "comment"),
        ("profile.rules", "profile.rules"),
        ("profile.options.colour_blind", "profile.options.colour_blind"),
        ("start.deck", "start.deck"),
        ("actions.0.at", "actions[0].at"),
    ],
)
def test_unknown_field(path: str, where: str) -> None:
    error = load_error(edited(_set(path, 1)))
    assert (error.code, error.where) == ("unknown_field", where)


def test_unknown_fields_of_positions() -> None:
    saved = position_record()
    saved["start"]["seed"] = 3  # type: ignore[index]
    error = load_error(saved)
    assert (error.code, error.where) == ("unknown_field", "start.seed")

    saved = position_record()
    position(saved)["deck"] = "pagat"
    error = load_error(saved)
    assert (error.code, error.where) == ("unknown_field", "start.position.deck")


@pytest.mark.parametrize(
    ("changes", "where"),
    [
        ({"copies": 9}, "profile.options.copies"),
        ({"scoring": "highest_card"}, "profile.options.scoring"),
        ({"piece_set": "dominoes"}, "profile.options.piece_set"),
        ({"name": "  "}, "profile.name"),
        ({"name": "pagat2"}, "profile.name"),
        ({"min_players": 5}, "profile.options.min_players"),
        ({"stock_end": "end_no_winner"}, "profile.options.stock_end"),
        ({"match_rounds": None}, "profile.options.match_rounds"),
        ({"time_limit": 0}, "profile.options.time_limit"),
    ],
)
def test_bad_profile(changes: dict[str, object], where: str) -> None:
    error = load_error(edited(lambda r: options(r).update(changes)))
    assert (error.code, error.where) == ("bad_profile", where)
    assert not isinstance(error, rk.InvalidOption)


def test_bad_profile_name_and_option_disagree() -> None:
    saved = edited(lambda r: r["profile"].update(name="online"))  # type: ignore[attr-defined]
    error = load_error(saved)
    assert (error.code, error.where) == ("bad_profile", "profile.name")


def test_bad_start() -> None:
    error = load_error(edited(_set("start.first_player", 4)))
    assert (error.code, error.where) == ("bad_start", "start.first_player")

    cases: list[tuple[str, object, str]] = [
        ("current", 4, "start.position.current"),
        ("opened", [True], "start.position.opened"),
        ("racks", ["", "", ""], "start.position.racks"),
        ("table", "r1 r2 r4", "start.position.table"),
    ]
    for key, value, where in cases:
        saved = position_record()
        position(saved)[key] = value
        error = load_error(saved)
        assert (error.code, error.where) == ("bad_start", where), key


def test_too_many_actions() -> None:
    saved = small_record()
    saved["actions"] = [{"type": "pass", "player": 0}] * (record.MAX_ACTIONS + 1)
    error = load_error(saved)
    assert (error.code, error.where) == ("too_many_actions", "actions")


def test_does_not_replay() -> None:
    saved = small_record()
    saved["actions"] = [
        *actions(saved),
        {"type": "draw", "player": 0},
        {"type": "draw", "player": 0},
    ]
    error = load_error(saved)
    assert error.code == "does_not_replay"
    assert error.where in (
        f"actions[{len(actions(saved)) - 2}]",
        f"actions[{len(actions(saved)) - 1}]",
    )
    assert "not_your_turn" in error.message

    over = record.to_record(went_out())
    actions(over).append({"type": "draw", "player": 1})
    error = load_error(over)
    assert (error.code, error.where) == ("does_not_replay", "actions[2]")
    assert "round is over" in error.message


# -- tampering -------------------------------------------------------------------------------


def test_an_action_changed_to_an_illegal_one() -> None:
    saved = small_record()
    play = next(i for i, a in enumerate(actions(saved)) if a["type"] == "play")
    actions(saved)[play]["table"] = str(actions(saved)[play]["table"]) + " | r13 b13 k13 o13 j"
    error = load_error(saved)
    assert (error.code, error.where) == ("does_not_replay", f"actions[{play}]")

    saved = small_record()
    draw = next(i for i, a in enumerate(actions(saved)) if a["type"] == "draw")
    actions(saved)[draw]["type"] = "pass"
    error = load_error(saved)
    assert (error.code, error.where) == ("does_not_replay", f"actions[{draw}]")
    assert "cannot_pass" in error.message


def test_a_rack_changed_in_a_position() -> None:
    saved = position_record()
    racks = position(saved)["racks"]
    tiles = rk.parse_tiles(racks[0])  # type: ignore[index]
    swap = "r1" if str(tiles[0]) != "r1" else "r2"
    racks[0] = rk.format_tiles([rk.parse_tile(swap), *tiles[1:]])  # type: ignore[index]
    error = load_error(saved)
    assert (error.code, error.where) == ("bad_start", "start.position")
    assert "missing" in error.message or "extra" in error.message


def test_a_changed_seed_no_longer_replays() -> None:
    saved = record.to_record(game_of("pagat", "dealt", "over"))
    first_play = next(i for i, a in enumerate(actions(saved)) if a["type"] == "play")
    saved["start"]["seed"] += 1  # type: ignore[index, operator]
    error = load_error(saved)
    assert error.code == "does_not_replay"
    index = int(error.where.removeprefix("actions[").removesuffix("]"))
    assert first_play <= index
    assert actions(saved)[index]["type"] in ("play", "pass")


def test_tiles_swapped_between_racks_fail_at_the_first_play_they_break() -> None:
    game = went_out()
    saved = record.to_record(game)
    racks = position(saved)["racks"]
    racks[0], racks[1] = racks[1], racks[0]  # type: ignore[index]
    error = load_error(saved)
    assert (error.code, error.where) == ("does_not_replay", "actions[1]")
