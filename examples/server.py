"""A small rummikit game server: one game, hosted over websockets.

Each player who connects takes the next free seat. Once every seat is taken the server
sends each player their view (a ``"rummikit.view"`` message) and reads actions
(``"rummikit.action"``). An action the game accepts is applied, and every player receives
a new view; one it refuses, or a message the server cannot read, is answered with a
verdict (``"rummikit.verdict"``) to its sender alone, and nothing changes. A player who
lets the clock run out is timed out. When the round is over, every player has received a
last view holding the outcome, and the server stops and returns the game, which the
command line saves as a record.

Run it, then two clients (see README.md)::

    python examples/server.py --port 8765 --profile online --seed 1 --save game.json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
from pathlib import Path

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

import rummikit as rk
from rummikit import wire

log = logging.getLogger("rummikit.examples.server")

TABLE_FULL = 1013
"""The close code for a player who finds every seat taken ("try again later")."""


class GameHost:
    """One game, its players' connections and the clock.

    Every change to the game happens under one lock, so that actions, the clock and
    players joining are applied one at a time, and every player receives the views in the
    order of the game.
    """

    def __init__(self, game: rk.Game, *, turn_seconds: float = 30.0) -> None:
        self.game = game
        self.turn_seconds = turn_seconds
        self.seats: dict[int, ServerConnection] = {}
        self._lock = asyncio.Lock()
        self._started = asyncio.Event()
        self._over = asyncio.Event()
        self._clock: asyncio.Task[None] | None = None

    async def run(
        self,
        host: str = "127.0.0.1",
        port: int = 8765,
        *,
        ready: asyncio.Future[int] | None = None,
    ) -> rk.Game:
        """Serve the game on ``host``:``port`` until the round is over; the final game.

        ``ready`` receives the port once the server listens (the one the system chose, for
        port 0).
        """
        try:
            async with serve(self._connect, host, port, max_size=wire.MAX_MESSAGE_LENGTH) as server:
                chosen: int = server.sockets[0].getsockname()[1]
                log.info("serving %r on ws://%s:%d", self.game.profile.name, host, chosen)
                if ready is not None:
                    ready.set_result(chosen)
                await self._over.wait()
            # leaving ``serve`` closed every connection, after the last views were sent
        finally:
            if self._clock is not None:
                self._clock.cancel()
        return self.game

    # -- players ------------------------------------------------------------------------------

    async def _connect(self, websocket: ServerConnection) -> None:
        seat = next((s for s in self.game.players if s not in self.seats), None)
        if seat is None:
            await websocket.close(TABLE_FULL, "every seat is taken")
            return
        self.seats[seat] = websocket
        log.info("player %d connected", seat)
        try:
            async with self._lock:
                if self._started.is_set():  # a seat left empty, taken again
                    await self._send(seat, wire.dumps(self.game.view(seat)))
                elif len(self.seats) == len(self.game.players):
                    self._started.set()
                    self._restart_clock()
                    await self._send_views()
            await self._started.wait()
            async for text in websocket:
                await self._receive(seat, text)
        except ConnectionClosed:
            pass
        finally:
            if self.seats.get(seat) is websocket:
                del self.seats[seat]
                log.info("player %d left", seat)

    async def _receive(self, seat: int, text: str | bytes) -> None:
        """Read the message ``text`` from ``seat`` and apply its action, or refuse it."""
        async with self._lock:
            try:
                action = wire.loads_action(text, player=seat)
            except rk.InvalidRecord as error:
                # a message the server cannot read is refused like an illegal action, with
                # the reader's code and a message naming the field at fault
                refusal = rk.Verdict((rk.Violation(error.code, error.message),))
                await self._send(seat, wire.dumps(refusal))
                return
            await self._apply(action)

    # -- the game -----------------------------------------------------------------------------

    async def _apply(self, action: rk.Action) -> None:
        """Apply ``action`` (under the lock) and send the new views, or send its player the
        verdict refusing it; the game is then unchanged."""
        turn = self.game.turn
        try:
            self.game = self.game.apply(action)
        except rk.IllegalAction as refused:
            if action.player is not None:
                await self._send(action.player, wire.dumps(refused.verdict))
            return
        log.info("turn %d: player %s: %s", turn, action.player, action)
        if self.game.outcome is None and self.game.turn != turn:
            self._restart_clock()
        await self._send_views()
        if self.game.outcome is not None:
            log.info("the round is over: %s", self.game.outcome)
            self._over.set()

    def _restart_clock(self) -> None:
        if self._clock is not None and self._clock is not asyncio.current_task():
            self._clock.cancel()
        self._clock = asyncio.create_task(self._expire(self.game.turn))

    async def _expire(self, turn: int) -> None:
        """Time the current player out if turn ``turn`` is still being played when the
        clock runs out."""
        await asyncio.sleep(self.turn_seconds)
        async with self._lock:
            if self.game.outcome is None and self.game.turn == turn:
                # the server sees only the tables players send, never a half-made one, so
                # it cannot tell whether the player had touched the table: it applies the
                # rules' penalty for a player who had (the default), so that stalling never
                # costs less than drawing
                await self._apply(rk.Timeout(player=self.game.current_player))

    async def _send_views(self) -> None:
        for seat in self.game.players:
            await self._send(seat, wire.dumps(self.game.view(seat)))

    async def _send(self, seat: int, text: str) -> None:
        websocket = self.seats.get(seat)
        if websocket is not None:
            with contextlib.suppress(ConnectionClosed):  # it left: the clock plays its turns
                await websocket.send(text)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Host one rummikit game over websockets.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8765, help="port to listen on (0: any)")
    parser.add_argument("--profile", default="online", help="rule profile (default: online)")
    parser.add_argument("--players", type=int, default=2, help="number of players")
    parser.add_argument("--seed", type=int, default=None, help="seed of the deal")
    parser.add_argument("--turn-seconds", type=float, default=30.0, help="the clock, per turn")
    parser.add_argument("--save", type=Path, default=None, help="where to save the record")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    game = rk.Game.new(args.profile, args.players, args.seed)
    host = GameHost(game, turn_seconds=args.turn_seconds)
    final = asyncio.run(host.run(args.host, args.port))
    if args.save is not None:
        args.save.write_text(rk.dumps(final), encoding="utf-8")
        log.info("saved the game to %s", args.save)


if __name__ == "__main__":
    main()
