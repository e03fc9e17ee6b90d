"""The example server (``examples/server.py``) hosts a whole game over the loopback
interface: two scripted clients (``examples/client.py``) play it to the end, and the record
it leaves replays; a message it cannot read, or an action the game refuses, is answered
with a verdict and changes nothing; a player who does not act is timed out."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import rummikit as rk
from rummikit import wire
from rummikit.bots import make_bot

websockets = pytest.importorskip("websockets")
from websockets.asyncio.client import ClientConnection, connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        f"rummikit_example_{name}", EXAMPLES / f"{name}.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


server = _load("server")
client = _load("client")

Scenario = Callable[[Any, str], Awaitable[None]]


def hosted(game: rk.Game, scenario: Scenario, *, turn_seconds: float = 60.0) -> rk.Game:
    """Host ``game`` with the example server on a free loopback port, run
    ``scenario(host, uri)`` against it, and stop the server; the game it reached."""

    async def main() -> rk.Game:
        host = server.GameHost(game, turn_seconds=turn_seconds)
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        serving = asyncio.create_task(host.run("127.0.0.1", 0, ready=ready))
        port = await asyncio.wait_for(ready, 10)
        try:
            await asyncio.wait_for(scenario(host, f"ws://127.0.0.1:{port}"), 60)
        finally:
            if not serving.done():
                serving.cancel()
            await asyncio.gather(serving, return_exceptions=True)
        return host.game

    return asyncio.run(main())


async def _receive(websocket: ClientConnection) -> wire.Message:
    return wire.loads(await asyncio.wait_for(websocket.recv(), 10))


# -- a whole game ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "bots"), [("online", ("simple", "greedy")), ("rami_voleur", ("simple", "simple"))]
)
def test_two_scripted_clients_play_a_whole_game(profile: str, bots: tuple[str, str]) -> None:
    views: list[rk.PlayerView] = []

    async def scenario(host: Any, uri: str) -> None:
        players = [
            client.play(uri, make_bot(name, random.Random(seat))) for seat, name in enumerate(bots)
        ]
        views.extend(await asyncio.gather(*players))

    final = hosted(rk.Game.new(profile, players=2, seed=4), scenario)
    assert final.outcome is not None
    assert sorted(views, key=lambda view: view.player) == [final.view(0), final.view(1)]
    assert rk.loads(rk.dumps(final)) == final
    assert len(final.history) > 10


# -- refusals --------------------------------------------------------------------------------


def test_refused_messages_change_nothing() -> None:
    start = rk.Game.new("online", players=2, seed=42)
    current = start.current_player
    other = 1 - current
    answers: dict[str, rk.Verdict] = {}

    async def scenario(host: Any, uri: str) -> None:
        async with connect(uri) as first, connect(uri) as second:
            seats = {}
            for websocket in (first, second):
                view = await _receive(websocket)
                assert isinstance(view, rk.PlayerView)
                assert view == start.view(view.player)
                seats[view.player] = websocket
            mine, theirs = seats[current], seats[other]
            sent = {
                "out_of_turn": (theirs, wire.dumps(rk.Draw())),
                "not_json": (mine, "{"),
                "a_view": (mine, wire.dumps(start.view(current))),
                "unknown_field": (mine, json.dumps(wire.to_message(rk.Draw()) | {"seat": 0})),
                "someone_else": (mine, wire.dumps(rk.Draw(player=other))),
                "illegal": (mine, wire.dumps(rk.Play("r1 r2 r3 | r1 r2 r3 | r1 r2 r3"))),
                "bytes": (mine, b"\xff"),
            }
            for name, (websocket, text) in sent.items():
                await websocket.send(text)
                verdict = await _receive(websocket)
                assert isinstance(verdict, rk.Verdict)
                answers[name] = verdict
                assert host.game == start
            await mine.send(wire.dumps(rk.Draw()))
            for websocket in (first, second):
                view = await _receive(websocket)
                assert isinstance(view, rk.PlayerView)
                assert view.turn == 1
            assert host.game.history == (rk.Draw(player=current),)

    hosted(start, scenario)
    codes = {name: verdict.codes for name, verdict in answers.items()}
    assert codes["out_of_turn"] == ("not_your_turn",)
    assert codes["not_json"] == ("malformed",)
    assert codes["a_view"] == ("wrong_format",)
    assert codes["unknown_field"] == ("unknown_field",)
    assert codes["someone_else"] == ("wrong_player",)
    assert "unknown_tile" in codes["illegal"]
    assert codes["bytes"] == ("malformed",)
    assert "seat" in answers["unknown_field"].violations[0].message


def test_a_third_player_finds_every_seat_taken() -> None:
    async def scenario(host: Any, uri: str) -> None:
        async with connect(uri) as first, connect(uri) as second:
            await _receive(first)
            await _receive(second)
            async with connect(uri) as third:
                with pytest.raises(ConnectionClosed) as closed:
                    await asyncio.wait_for(third.recv(), 10)
                assert closed.value.rcvd is not None
                assert closed.value.rcvd.code == server.TABLE_FULL

    hosted(rk.Game.new("online", players=2, seed=1), scenario)


# -- the clock -------------------------------------------------------------------------------


def test_a_player_who_does_not_act_is_timed_out() -> None:
    start = rk.Game.new("pagat", players=2, seed=7)

    async def scenario(host: Any, uri: str) -> None:
        async with connect(uri) as first, connect(uri) as second:
            for websocket in (first, second):
                assert (await _receive(websocket)).turn == 0
            for websocket in (first, second):  # nobody acts: the clock does
                view = await _receive(websocket)
                assert isinstance(view, rk.PlayerView)
                assert view.turn == 1

    final = hosted(start, scenario, turn_seconds=0.05)
    first = final.history[0]
    assert first == rk.Timeout(player=start.current_player)
