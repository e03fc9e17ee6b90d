"""Saved matches: round trips, matches that do not replay, and the fields refused."""

from __future__ import annotations

import functools
import itertools
import json
import random

import attrs
import pytest

import rummikit as rk
from rummikit import record
from rummikit.moves import simple_plays
from tests.records.saved import game_of, load_error, only_invalid_record


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


def test_a_match_whose_history_holds_junk_cannot_be_saved() -> None:
    match = match_of("second")
    junk = attrs.evolve(match, histories=(("draw",),) * len(match.rounds))
    with pytest.raises(rk.InvalidArgument) as caught:
        record.dumps(junk)
    assert caught.value.code == "bad_history"
