"""Every value that travels on the wire is written and read back equal, as text and as a
dict, and the messages a game gives fit the limits."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit import wire
from tests.records.saved import HOUSE, PROFILES, went_out
from tests.wire.messages import actions, game_at, messages, outcomes, verdicts, views


def _round_trip(value: wire.Message) -> str:
    text = wire.dumps(value)
    assert text.isascii()
    assert len(text) <= wire.MAX_MESSAGE_LENGTH
    assert wire.loads(text) == value
    assert wire.loads(text.encode()) == value
    message = wire.to_message(value)
    assert json.loads(text) == message
    assert wire.from_message(message) == value
    assert list(message)[:2] == ["format", "version"]
    assert message["version"] == wire.VERSIONS[message["format"]]  # type: ignore[index]
    return text


@given(views())
def test_views(view: rk.PlayerView) -> None:
    _round_trip(view)


@given(actions())
def test_actions(action: rk.Action) -> None:
    _round_trip(action)
    assert wire.loads_action(wire.dumps(action)) == action


@given(actions(), st.integers(0, 7))
def test_an_action_read_from_a_seat_names_it(action: rk.Action, seat: int) -> None:
    sent = attrs.evolve(action, player=None)
    assert wire.loads_action(wire.dumps(sent), player=seat) == attrs.evolve(action, player=seat)
    mine = attrs.evolve(action, player=seat)
    assert wire.action_from_message(wire.to_message(mine), player=seat) == mine


@given(verdicts())
def test_verdicts(verdict: rk.Verdict) -> None:
    _round_trip(verdict)


@given(outcomes())
def test_outcomes(outcome: rk.Outcome) -> None:
    _round_trip(outcome)


@given(messages())
def test_any_message(value: wire.Message) -> None:
    assert wire.loads(_round_trip(value)) == value


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_every_view_and_verdict_of_whole_games(name: str) -> None:
    """Every action of a game, the verdict on a play of the first seat's rack before each,
    and the view of every seat before every third, read back equal."""
    game = rk.Game.new(PROFILES[name], seed=5)
    seen = 0
    for index, action in enumerate(game_at(name, 5, None).history):
        for seat in game.players if index % 3 == 0 else ():
            _round_trip(game.view(seat))
            seen += 1
        verdict = game.check(rk.Play([*game.table, rk.Meld(game.racks[0])]))
        _round_trip(verdict)
        _round_trip(action)
        game = game.apply(action)
    assert game.outcome is not None
    _round_trip(game.outcome)
    assert wire.loads(wire.dumps(game.view(0))).outcome == game.outcome
    assert seen > 20


def test_a_view_holds_the_profile_whole() -> None:
    """A house rule nobody registered reads back with every option."""
    view = wire.loads(wire.dumps(rk.Game.new(HOUSE, seed=1).view(0)))
    assert isinstance(view, rk.PlayerView)
    assert view.profile == HOUSE
    assert HOUSE.name not in rk.profiles.names()


def test_a_finished_game_sends_its_outcome() -> None:
    game = went_out()
    message = wire.to_message(game.view(1))
    assert message["phase"] == "over"
    assert game.outcome is not None
    scores = list(game.outcome.scores)
    assert message["outcome"] == {"termination": "went_out", "winners": [0], "scores": scores}
    assert wire.from_message(message) == game.view(1)


@pytest.mark.parametrize("name", ["online", "pagat", "rami_voleur"])
@pytest.mark.parametrize("size", [1, 2])
def test_the_longest_verdicts_fit(name: str, size: int) -> None:
    """The verdict on a play of the most pieces a message holds, in melds of one or two
    pieces (a violation each), is sent and read back, with room to spare."""
    game = rk.Game.new(name, seed=1)
    piece = "10h" if name == "rami_voleur" else "r10"
    meld = " ".join([piece] * size)
    play = rk.Play(" | ".join([meld] * (wire.MAX_PIECES // size)), player=0)
    assert wire.loads_action(wire.dumps(play)) == play
    text = _round_trip(game.check(play))
    assert len(text) < wire.MAX_MESSAGE_LENGTH / 2


def test_the_formats() -> None:
    assert dict(wire.VERSIONS) == {
        "rummikit.view": 1,
        "rummikit.action": 1,
        "rummikit.verdict": 1,
        "rummikit.outcome": 1,
    }
    assert tuple(wire.VERSIONS) == (wire.VIEW, wire.ACTION, wire.VERDICT, wire.OUTCOME)
    assert wire.to_message(rk.Timeout(changed=False)) == {
        "format": "rummikit.action",
        "version": 1,
        "type": "timeout",
        "player": None,
        "changed": False,
    }
