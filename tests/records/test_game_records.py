"""Saved games: round trips, the record layout, and the games that cannot be saved."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import attrs
import pytest

import rummikit as rk
from rummikit import record
from rummikit.actions import Discard, TakeDiscard
from tests.records.saved import (
    PROFILES,
    STARTS,
    _set,
    drive,
    edited,
    game_of,
    load_error,
    positioned,
    went_out,
)


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
    assert set(kinds) == {"Play", "Draw", "Pass", "TakeDiscard", "Discard", "Timeout", "GiveUp"}


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
    assert saved["version"] == 2
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


def _drawing_only(game: rk.Game) -> rk.Game:
    """One turn that draws from the stock and discards the card drawn."""
    drawn = game.stock[0]
    return game.apply(rk.Draw()).apply(Discard(drawn))


def test_a_standard_rummy_record_replays_its_reshuffles() -> None:
    """Source 004 reshuffles the discard pile when the stock runs out; the record holds no
    stock order but the seed, and a loaded game reshuffles the same, dealt or from a
    position (whose reshuffles have no seed but the number of the reshuffle)."""
    game = rk.Game.new("standard_rummy", players=2, seed=4)
    while not game.reshuffled:
        game = _drawing_only(game)
    game = _drawing_only(game.apply(TakeDiscard()).apply(rk.Timeout()))
    loaded = record.loads(record.dumps(game))
    assert loaded == game
    assert loaded.stock == game.stock
    assert loaded.reshuffled == 1
    puzzle = rk.Game.from_position(
        game.profile,
        table=game.table,
        racks=game.racks,
        stock=game.stock[:1],
        discards=[*game.stock[1:], *game.discards],
        current=game.current_player,
    )
    played = _drawing_only(puzzle)
    assert played.reshuffled == 1
    saved = record.to_record(played)
    assert saved["start"]["position"]["discards"] == rk.format_tiles(puzzle.discards)  # type: ignore[index]
    assert record.from_record(saved) == played
