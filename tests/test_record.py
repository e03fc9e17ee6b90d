"""Saved games: round trips, every error code, tampered records, and fuzzing ``loads``."""

from __future__ import annotations

import copy
import functools
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit import record
from rummikit.moves import simple_plays

HOUSE = attrs.evolve(
    rk.profiles.get("pagat"),
    name="kitchen_table",
    title="Kitchen table rules",
    opening_min_points=12,
    hand_size=8,
    joker_policy="free",
    timeout_penalty=2,
    time_limit=None,
    default_players=3,
)
"""A house rule that is not registered: records must carry it whole."""

PROFILES = {
    "online": rk.profiles.get("online"),
    "pagat": rk.profiles.get("pagat"),
    "rami_voleur": rk.profiles.get("rami_voleur"),
    "house": HOUSE,
}


# -- driving games ---------------------------------------------------------------------------


def drive(game: rk.Game, seed: int, steps: int | None = None) -> rk.Game:
    """Play ``game`` on with simple legal plays, draws, passes, timeouts and give-ups."""
    rng = random.Random(seed)
    count = 0
    while game.phase is not rk.Phase.OVER and (steps is None or count < steps):
        count += 1
        player, phase = game.current_player, game.phase
        roll = rng.random()
        action: rk.Action
        if roll < 0.03:
            action = rk.Timeout(changed=rng.random() < 0.5)
        elif roll < 0.05:
            action = rk.GiveUp()
        elif phase is rk.Phase.DRAW:
            action = rk.Draw()
        else:
            plays = list(
                itertools.islice(
                    simple_plays(game.profile, game.table, game.racks[player], game.opened[player]),
                    4,
                )
            )
            if plays and rng.random() < 0.9:
                action = rk.Play(rng.choice(plays))
            elif phase is rk.Phase.PLAY_OR_DRAW:
                action = rk.Draw()
            else:
                action = rk.Pass()
        game = game.apply(action)
    return game


def dealt(name: str, seed: int = 3) -> rk.Game:
    return rk.Game.new(PROFILES[name], seed=seed)


def positioned(name: str, seed: int = 3) -> rk.Game:
    """A game started with ``from_position`` from the middle of a dealt game."""
    middle = drive(dealt(name, seed), seed, steps=30)
    assert middle.phase is not rk.Phase.OVER
    return rk.Game.from_position(
        middle.profile,
        table=middle.table,
        racks=middle.racks,
        stock=middle.stock,
        current=middle.current_player,
        opened=middle.opened,
    )


STARTS: dict[str, Callable[[str], rk.Game]] = {"dealt": dealt, "position": positioned}


@functools.cache
def game_of(name: str, start: str, stage: str) -> rk.Game:
    """A game under profile ``name``: just started, mid-game, or finished."""
    game = STARTS[start](name)
    if stage == "mid":
        return drive(game, 11, steps=25)
    if stage == "over":
        return drive(game, 11)
    return game


def went_out() -> rk.Game:
    """A pagat game, from a position, that ends with player 0 laying their last three tiles."""
    pagat = rk.profiles.get("pagat")
    hand = rk.parse_tiles("r10 r11 r12")
    table = rk.parse_tiles("b1 b2 b3")
    rest = list((Counter(pagat.deck) - Counter(hand) - Counter(table)).elements())
    game = rk.Game.from_position(
        pagat,
        table="b1 b2 b3",
        racks=[hand, rest[:14]],
        stock=rest[14:],
        current=1,
        opened=[True, False],
    )
    game = game.apply(rk.Draw(player=1)).apply(rk.Play("b1 b2 b3 | r10 r11 r12", player=0))
    assert game.outcome is not None
    assert game.outcome.termination is rk.Termination.WENT_OUT
    return game


def small_record() -> dict[str, object]:
    return record.to_record(game_of("pagat", "dealt", "mid"))


def load_error(value: object) -> rk.InvalidRecord:
    """The error loading ``value`` (a record dict, or text) raises."""
    text = value if isinstance(value, str | bytes) else json.dumps(value)
    with pytest.raises(rk.InvalidRecord) as caught:
        record.loads(text)
    return caught.value


# -- round trips -----------------------------------------------------------------------------


@pytest.mark.parametrize("stage", ["new", "mid", "over"])
@pytest.mark.parametrize("start", ["dealt", "position"])
@pytest.mark.parametrize("name", list(PROFILES))
def test_round_trip(name: str, start: str, stage: str) -> None:
    game = game_of(name, start, stage)
    text = record.dumps(game)
    loaded = record.loads(text)
    assert loaded == game
    assert loaded.start == game.start
    assert loaded.seed == game.seed
    assert record.dumps(loaded) == text
    assert record.from_record(record.to_record(game)) == game
    assert record.loads(record.dumps(game, indent=2)) == game
    assert record.loads(text.encode()) == game
    assert (stage == "over") == (loaded.phase is rk.Phase.OVER)


def test_round_trips_cover_every_kind_of_action() -> None:
    kinds = Counter(
        type(action).__name__
        for name, start in itertools.product(PROFILES, STARTS)
        for action in game_of(name, start, "over").history
    )
    assert set(kinds) == {"Play", "Draw", "Pass", "Timeout", "GiveUp"}


def test_round_trip_of_a_game_someone_went_out_of() -> None:
    game = went_out()
    assert record.loads(record.dumps(game)) == game


def test_a_loaded_game_plays_on_like_the_original() -> None:
    game = game_of("rami_voleur", "dealt", "mid")
    loaded = record.loads(record.dumps(game))
    assert drive(loaded, 5) == drive(game, 5)


def test_a_long_game_round_trips_quickly() -> None:
    """A game near the longest a round can be: once the stock is empty, seat 0 lays the
    whole deck's naturals a run at a time (then a piece a turn) and the seven others pass
    between its turns."""
    big = rk.RuleProfile(
        name="big", copies=4, jokers=8, max_players=8, default_players=8, hand_size=1
    )
    runs = [
        [rk.Tile(colour, rank) for rank in range(1, 14)]
        for colour in rk.TILE_COLOURS
        for _ in range(4)
    ]
    racks = [[*itertools.chain.from_iterable(runs), rk.JOKER], *[[rk.JOKER]] * 7]
    game = rk.Game.from_position(big, racks=racks, stock=(), opened=[True] * 8)
    laid: list[list[rk.Tile]] = []
    for run in runs:
        for end in range(3, 14):
            game = game.apply(rk.Play([*laid, run[:end]]))
            for _ in range(7):
                game = game.apply(rk.Pass())
        laid.append(run)
    while game.phase is not rk.Phase.OVER:
        game = game.apply(rk.Pass())
    assert game.outcome is not None
    assert game.outcome.termination is rk.Termination.BLOCKED
    assert 1_400 < len(game.history) < record.MAX_ACTIONS
    assert record.loads(record.dumps(game)) == game


def test_the_record_layout() -> None:
    game = rk.Game.new("pagat", 2, seed=7).apply(rk.Draw()).apply(rk.Timeout(changed=False))
    saved = record.to_record(game)
    assert list(saved) == ["format", "version", "profile", "players", "start", "actions"]
    assert saved["format"] == "rummikit.game"
    assert saved["version"] == 1
    assert saved["players"] == 2
    assert saved["start"] == {"seed": 7, "first_player": game.start.current_player}  # type: ignore[union-attr]
    first = game.history[0].player
    assert saved["actions"] == [
        {"type": "draw", "player": first},
        {"type": "timeout", "player": 1 - first, "changed": False},  # type: ignore[operator]
    ]
    options = saved["profile"]["options"]  # type: ignore[index]
    assert options["scoring"] == "zero_sum"
    assert options["match_target"] is None
    assert set(options) == {f.name for f in attrs.fields(rk.RuleProfile) if f.init}
    assert json.loads(record.dumps(game)) == saved


def test_a_game_without_a_known_start_cannot_be_saved() -> None:
    game = rk.Game.new("pagat", 2, seed=1)
    bare = attrs.evolve(game, start=None)
    with pytest.raises(rk.InvalidArgument) as caught:
        record.dumps(bare)
    assert caught.value.code == "no_start"


def test_large_seeds_round_trip_and_huge_ones_are_refused() -> None:
    game = rk.Game.new("online", seed=2**200).apply(rk.Draw())
    assert record.loads(record.dumps(game)) == game
    with pytest.raises(rk.InvalidArgument) as caught:
        rk.Game.new("online", seed=2**14_000)  # refused as it is dealt (a review)
    assert caught.value.code == "bad_seed"
    with pytest.raises(rk.InvalidArgument) as caught:
        record.dumps(attrs.evolve(game, seed=2**14_000))
    assert caught.value.code == "seed_too_large"


def test_every_seed_a_record_loads_can_be_saved_again() -> None:
    # Was: loads read seeds of up to 4,300 digits (from_record of any size) while
    # to_record refused more than 3,914, so a loaded record could not be saved again. Both
    # now hold seeds of up to 4,000 digits, as documented.
    largest = 10**4000 - 1
    game = rk.Game.new("online", seed=largest).apply(rk.Draw())
    assert record.loads(record.dumps(game)) == game
    with pytest.raises(rk.InvalidArgument) as caught:
        rk.Game.new("online", seed=largest + 1)
    assert caught.value.code == "bad_seed"
    with pytest.raises(rk.InvalidArgument) as caught:
        record.dumps(attrs.evolve(game, seed=largest + 1))
    assert caught.value.code == "seed_too_large"
    for seed in (largest + 1, 10**4299, 10**10_000):
        saved = record.to_record(game)
        saved["start"]["seed"] = seed  # type: ignore[index]
        with pytest.raises(rk.InvalidRecord) as refused:
            record.from_record(saved)
        assert (refused.value.code, refused.value.where) == ("bad_field", "start.seed")
        if seed < 10**4300:
            error = load_error(saved)
            assert (error.code, error.where) == ("bad_field", "start.seed")


@pytest.mark.parametrize("value", [None, "x", 42, {"format": "rummikit.game"}])
def test_only_a_game_can_be_saved(value: object) -> None:
    # Was: dumps(None), dumps("x") and to_record(None) raised AttributeError.
    for save in (record.dumps, record.to_record):
        with pytest.raises(rk.InvalidArgument) as caught:
            save(value)  # type: ignore[operator]
        assert caught.value.code == "not_a_game"


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"history": ("draw",)}, "bad_history"),
        ({"history": None}, "not_a_game"),  # refused as the game is built
        ({"history": (rk.Draw(),)}, "bad_history"),
        ({"profile": "pagat"}, "not_a_game"),
        ({"racks": None}, "not_a_game"),
        ({"seed": "7"}, "not_a_game"),
        ({"seed": -7}, "not_a_game"),
        ({"start": "dealt"}, "not_a_game"),
    ],
)
def test_a_game_with_junk_fields_cannot_be_saved(changes: dict[str, object], code: str) -> None:
    # Was: a game changed with attrs.evolve to hold a junk history raised AttributeError
    # ('str' object has no attribute 'player') or TypeError; the other fields alike.
    # (a game now refuses the wrong kind of profile, table, racks or seats when built)
    with pytest.raises(rk.InvalidArgument) as caught:
        record.dumps(attrs.evolve(rk.Game.new("pagat", 2, seed=1), **changes))
    assert caught.value.code == code


@pytest.mark.parametrize("indent", [[], -1, True, 2.0, 17, 10**3, "x", " " * 17, b" "])
def test_dumps_refuses_an_indent_it_cannot_use(indent: object) -> None:
    # Was: indent=[] raised TypeError from json, "x" wrote text that is not JSON, and a
    # huge number built lines that long (10**9 spaces a line ran out of memory).
    with pytest.raises(rk.InvalidArgument) as caught:
        record.dumps(game_of("pagat", "dealt", "new"), indent=indent)  # type: ignore[arg-type]
    assert caught.value.code == "bad_indent"


@pytest.mark.parametrize("indent", [None, 0, 2, 16, "\t", "  "])
def test_dumps_indents_by_spaces_or_tabs(indent: int | str | None) -> None:
    game = game_of("pagat", "dealt", "new")
    text = record.dumps(game, indent=indent)  # type: ignore[arg-type]
    assert json.loads(text) == record.to_record(game)


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("version", "unsupported_version"),
        ("players", "bad_field"),
        ("start.first_player", "bad_start"),
        ("actions.0.player", "does_not_replay"),
        ("profile.options.hand_size", "bad_field"),
    ],
)
def test_messages_never_repeat_a_huge_number(path: str, code: str) -> None:
    # Was: these messages showed the number in full (over 4,000 characters), and
    # from_record raised ValueError for one Python refuses to print (over 4,300 digits).
    where = path.replace("actions.0", "actions[0]").replace(".player", "")
    for number in (10**4000, 10**4299):
        error = load_error(edited(_set(path, number)))
        assert (error.code, error.where) == (code, where)
        assert len(error.message) < 300
    with pytest.raises(rk.InvalidRecord) as caught:
        record.from_record(edited(_set(path, 10**5000)))
    assert (caught.value.code, caught.value.where) == (code, where)
    assert len(caught.value.message) < 300


def test_bytes_with_a_byte_order_mark_load() -> None:
    game = game_of("online", "dealt", "mid")
    assert record.loads(b"\xef\xbb\xbf" + record.dumps(game).encode()) == game


# -- every error code ------------------------------------------------------------------------


def edited(change: Callable[[dict[str, object]], object]) -> dict[str, object]:
    """A copy of the small record with ``change`` applied to it."""
    saved = copy.deepcopy(small_record())
    change(saved)
    return saved


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


@pytest.mark.parametrize("version", [0, 2, 99])
def test_unsupported_version(version: int) -> None:
    error = load_error(edited(lambda r: r.update(version=version, surprise=True)))
    assert (error.code, error.where) == ("unsupported_version", "version")
    if version > 1:
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


def _set(path: str, value: object) -> Callable[[dict[str, object]], object]:
    def change(saved: dict[str, object]) -> object:
        *parents, last = path.split(".")
        node: object = saved
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]  # type: ignore[index]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value  # type: ignore[index]
        return None

    return change


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
        ({"scoring": "winner_takes_all"}, "profile.options.scoring"),
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


# -- fuzzing ---------------------------------------------------------------------------------

CODES = {
    "malformed",
    "too_long",
    "wrong_format",
    "unsupported_version",
    "missing_field",
    "bad_field",
    "unknown_field",
    "bad_profile",
    "bad_start",
    "too_many_actions",
    "does_not_replay",
}

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.sampled_from([10**3999, 10**4000, 10**4299])  # seeds: what loads must also save
    | st.floats()
    | st.text(max_size=20)
    | st.sampled_from(["play", "draw", "pass", "timeout", "give_up", "r1 r2 r3", "pagat"])
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


def only_invalid_record(load: Callable[[], rk.Game | rk.Match]) -> rk.Game | rk.Match | None:
    """Run ``load``; the only exception allowed is InvalidRecord. Returns the game (or
    match) if any, checked to save and load again."""
    try:
        game = load()
    except rk.InvalidRecord as error:
        refused: rk.InvalidRecord | None = error
    else:
        refused = None
    if refused is not None:
        assert refused.code in CODES
        assert isinstance(refused.where, str)
        return None
    again = record.loads_match if isinstance(game, rk.Match) else record.loads
    assert again(record.dumps(game)) == game
    return game


@given(json_values)
def test_fuzz_random_values(value: object) -> None:
    only_invalid_record(lambda: record.from_record(value))  # type: ignore[arg-type]
    text = json.dumps(value, allow_nan=True)
    only_invalid_record(lambda: record.loads(text))


@given(st.text(max_size=200) | st.binary(max_size=200))
def test_fuzz_random_text(text: str | bytes) -> None:
    only_invalid_record(lambda: record.loads(text))


@functools.cache
def base_records() -> tuple[str, ...]:
    return (
        json.dumps(small_record()),
        json.dumps(record.to_record(went_out())),
        json.dumps(record.to_record(game_of("rami_voleur", "dealt", "mid"))),
    )


def _nodes(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every path into a JSON value (keys and indexes), the root included."""
    found = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            found.extend(_nodes(child, (*path, key)))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found.extend(_nodes(child, (*path, index)))
    return found


@st.composite
def mutated_records(draw: st.DrawFn) -> object:
    """A valid record with a few random edits: values replaced, keys dropped or added."""
    saved: object = json.loads(draw(st.sampled_from(base_records())))
    for _ in range(draw(st.integers(1, 3))):
        paths = _nodes(saved)
        path = draw(st.sampled_from(paths))
        edit = draw(st.sampled_from(["replace", "delete", "add", "nudge"]))
        if not path:
            if edit == "replace":
                saved = draw(json_values)
            continue
        parent: object = saved
        for step in path[:-1]:
            parent = parent[step]  # type: ignore[index]
        last = path[-1]
        current = parent[last]  # type: ignore[index]
        if edit == "replace":
            parent[last] = draw(json_values)  # type: ignore[index]
        elif edit == "delete":
            del parent[last]  # type: ignore[attr-defined]
        elif edit == "add" and isinstance(current, dict):
            current[draw(st.text(max_size=8))] = draw(json_values)
        elif edit == "add" and isinstance(current, list):
            current.insert(draw(st.integers(0, len(current))), draw(json_values))
        elif type(current) is int:
            parent[last] = current + draw(st.sampled_from([-1, 1, 2**64]))  # type: ignore[index]
        elif isinstance(current, str):
            parent[last] = draw(
                st.sampled_from(["", current + " r1", current[:-1], current.upper()])
            )  # type: ignore[index]
    return saved


@given(mutated_records())
def test_fuzz_mutated_records(saved: object) -> None:
    only_invalid_record(lambda: record.from_record(saved))  # type: ignore[arg-type]
    only_invalid_record(lambda: record.loads(json.dumps(saved)))


@given(st.sampled_from(range(3)), st.data())
def test_fuzz_mutated_text(which: int, data: st.DataObject) -> None:
    text = base_records()[which]
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 20)))
    patch = data.draw(st.text(max_size=10) | st.sampled_from(['"', "{", "]", "1e999", "-0", "NaN"]))
    only_invalid_record(lambda: record.loads(text[:start] + patch + text[end:]))


def test_fuzz_helpers_see_every_part_of_a_record() -> None:
    paths = _nodes(json.loads(base_records()[0]))
    assert ("start", "seed") in paths
    assert ("profile", "options", "scoring") in paths
    assert any(len(path) == 3 and path[0] == "actions" for path in paths)


# -- matches ---------------------------------------------------------------------------------


def drive_match(match: rk.Match, seed: int, steps: int | None = None) -> rk.Match:
    """Play ``match`` on with simple legal plays, draws and passes (several rounds)."""
    rng = random.Random(seed)
    count = 0
    while not match.over and (steps is None or count < steps):
        count += 1
        game = match.game
        player = game.current_player
        action: rk.Action
        if game.phase is rk.Phase.DRAW:
            action = rk.Draw()
        else:
            plays = list(
                itertools.islice(
                    simple_plays(game.profile, game.table, game.racks[player], game.opened[player]),
                    4,
                )
            )
            if plays:
                action = rk.Play(rng.choice(plays))
            elif game.phase is rk.Phase.PLAY_OR_DRAW:
                action = rk.Draw()
            else:
                action = rk.Pass()
        match = match.apply(action)
    return match


THREE_ROUNDS = rk.profiles.get("rami_voleur").evolve(
    name="three_rounds", match_rounds=3, match_target=None
)


@functools.cache
def match_of(stage: str) -> rk.Match:
    """A match of three rounds of rami voleur (a house rule, carried by the record): just
    dealt, in its second round, or over."""
    match = rk.Match.new(THREE_ROUNDS, 3, seed=4)
    if stage == "second":
        while not match.rounds:
            match = drive_match(match, 5, steps=1)
        return drive_match(match, 6, steps=7)
    if stage == "over":
        return drive_match(match, 5)
    return match


def match_error(saved: object) -> rk.InvalidRecord:
    with pytest.raises(rk.InvalidRecord) as caught:
        record.loads_match(json.dumps(saved))
    return caught.value


@pytest.mark.parametrize("stage", ["new", "second", "over"])
def test_match_round_trip(stage: str) -> None:
    match = match_of(stage)
    text = record.dumps(match)
    loaded = record.loads_match(text)
    assert loaded == match
    assert loaded.histories == match.histories
    assert record.dumps(loaded) == text
    assert rk.loads_match(text.encode()) == match
    assert record.match_from_record(json.loads(text)) == match
    saved = record.to_record(match)
    assert saved["format"] == record.MATCH_FORMAT
    rounds = saved["rounds"]
    assert isinstance(rounds, list)
    # the finished rounds, and the round in play unless the match is over
    assert len(rounds) == len(match.rounds) + (0 if match.over else 1)


def test_a_match_over_several_rounds_saves_each_round() -> None:
    match = match_of("over")
    assert match.over
    assert len(match.rounds) == 3
    assert [len(history) for history in match.histories] == [
        len(actions)
        for actions in record.to_record(match)["rounds"]  # type: ignore[union-attr]
    ]


def test_a_loaded_match_plays_on_like_the_original() -> None:
    match = match_of("second")
    loaded = record.loads_match(record.dumps(match))
    assert drive_match(loaded, 9) == drive_match(match, 9)


def test_game_and_match_records_are_not_mixed_up() -> None:
    match_text = record.dumps(match_of("new"))
    game_text = record.dumps(game_of("pagat", "dealt", "mid"))
    error = load_error(match_text)
    assert (error.code, error.where) == ("wrong_format", "format")
    assert "loads_match" in error.message
    with pytest.raises(rk.InvalidRecord) as caught:
        record.loads_match(game_text)
    assert caught.value.code == "wrong_format"
    assert "read it with loads" in caught.value.message


def test_a_match_record_whose_round_ends_early_does_not_replay() -> None:
    saved = record.to_record(match_of("second"))
    rounds = saved["rounds"]
    assert isinstance(rounds, list)
    rounds[0].append({"type": "draw", "player": 0})  # after the round's last action
    error = match_error(saved)
    assert error.code == "does_not_replay"
    assert error.where == f"rounds[0][{len(rounds[0]) - 1}]"


def test_a_match_record_whose_round_does_not_end_does_not_replay() -> None:
    saved = record.to_record(match_of("second"))
    rounds = saved["rounds"]
    assert isinstance(rounds, list)
    rounds[0].pop()  # the action that ended round 1
    error = match_error(saved)
    assert (error.code, error.where) == ("does_not_replay", "rounds[0]")


def test_a_match_record_missing_its_round_in_play_does_not_replay() -> None:
    saved = record.to_record(match_of("second"))
    rounds = saved["rounds"]
    assert isinstance(rounds, list)
    del rounds[-1]
    error = match_error(saved)
    assert (error.code, error.where) == ("does_not_replay", "rounds")


def test_a_tampered_match_action_says_where() -> None:
    saved = record.to_record(match_of("second"))
    rounds = saved["rounds"]
    assert isinstance(rounds, list)
    rounds[1][0]["player"] = (rounds[1][0]["player"] + 1) % 3
    error = match_error(saved)
    assert (error.code, error.where) == ("does_not_replay", "rounds[1][0]")


@pytest.mark.parametrize(
    ("change", "code", "where"),
    [
        ({"rounds": []}, "bad_field", "rounds"),
        ({"rounds": {}}, "bad_field", "rounds"),
        ({"rounds": [{}]}, "bad_field", "rounds[0]"),
        ({"rounds": [[]] * (record.MAX_ROUNDS + 1)}, "bad_field", "rounds"),
        ({"seed": -1}, "bad_field", "seed"),
        ({"seed": 10**4001}, "bad_field", "seed"),
        ({"players": 9}, "bad_field", "players"),
        ({"start": {}}, "unknown_field", "start"),
    ],
)
def test_bad_match_fields(change: dict[str, object], code: str, where: str) -> None:
    saved = record.to_record(match_of("new"))
    saved.update(change)
    with pytest.raises(rk.InvalidRecord) as caught:
        record.match_from_record(saved)
    assert (caught.value.code, caught.value.where) == (code, where)


def test_a_missing_match_field() -> None:
    saved = record.to_record(match_of("new"))
    del saved["seed"]
    assert (match_error(saved).code, match_error(saved).where) == ("missing_field", "seed")


def test_a_match_record_too_long_is_refused_before_parsing() -> None:
    padded = record.dumps(match_of("new")).ljust(record.MAX_MATCH_RECORD_LENGTH + 1)
    with pytest.raises(rk.InvalidRecord) as caught:
        record.loads_match(padded)
    assert caught.value.code == "too_long"


def test_a_match_of_too_many_rounds_or_a_huge_seed_cannot_be_saved() -> None:
    match = match_of("second")
    outcome = match.rounds[0]
    history = match.histories[0]
    many = attrs.evolve(
        match,
        rounds=(outcome,) * (record.MAX_ROUNDS + 1),
        histories=(history,) * (record.MAX_ROUNDS + 1),
    )
    with pytest.raises(rk.InvalidArgument) as caught:
        record.dumps(many)
    assert caught.value.code == "too_many_rounds"
    with pytest.raises(rk.InvalidArgument) as caught:
        record.dumps(attrs.evolve(match, seed=10**4001))
    assert caught.value.code == "seed_too_large"


def test_match_records_fuzzed_only_raise_invalid_record() -> None:
    text = record.dumps(match_of("second"))
    rng = random.Random(8)
    for _ in range(300):
        start = rng.randrange(len(text))
        end = min(len(text), start + rng.randrange(12))
        patch = rng.choice(['"', "{", "]", "0", "1", "-", "", "null", '"draw"', "[]"])
        changed = text[:start] + patch + text[end:]
        only_invalid_record(lambda changed=changed: record.loads_match(changed))


def test_dumps_refuses_a_match_record_loads_match_would_not_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = record.dumps(match_of("new"))
    monkeypatch.setattr(record, "MAX_MATCH_RECORD_LENGTH", len(text) - 1)
    with pytest.raises(rk.InvalidArgument) as caught:
        record.dumps(match_of("new"))
    assert caught.value.code == "record_too_long"


@pytest.mark.parametrize(
    "changes",
    [{"racks": None}, {"current_player": b"x"}, {"current_player": "0"}, {"opened": (1, 0)}],
)
def test_a_game_whose_start_was_replaced_cannot_be_saved(changes: dict[str, object]) -> None:
    """Regression (a review): a start changed with attrs.evolve raised TypeError from
    dumps, or was saved as a record loads refuses."""
    game = positioned("pagat")
    with pytest.raises(rk.InvalidArgument) as caught:
        record.dumps(attrs.evolve(game, start=attrs.evolve(game.start, **changes)))
    assert caught.value.code == "not_a_game"


def test_a_match_whose_history_holds_junk_cannot_be_saved() -> None:
    match = match_of("second")
    junk = attrs.evolve(match, histories=(("draw",),) * len(match.rounds))
    with pytest.raises(rk.InvalidArgument) as caught:
        record.dumps(junk)
    assert caught.value.code == "bad_history"
