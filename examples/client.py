"""A scripted player for the example server: a bot choosing from the views it receives.

The client connects, and for every view on which it is the current player it asks its bot
(:mod:`rummikit.bots`) for an action and sends it. A verdict refusing an action is logged,
and the client waits: the server's clock times the turn out. When a view holds the outcome
the round is over, and the client returns that last view.

Run it against a running server (see README.md)::

    python examples/client.py ws://127.0.0.1:8765 --bot greedy
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random

from websockets.asyncio.client import connect

import rummikit as rk
from rummikit import wire
from rummikit.bots import Bot, bot_names, make_bot

log = logging.getLogger("rummikit.examples.client")


async def play(uri: str, bot: Bot) -> rk.PlayerView:
    """Play the game served at ``uri`` with ``bot`` to its end; the last view received."""
    async with connect(uri, max_size=wire.MAX_MESSAGE_LENGTH) as websocket:
        async for text in websocket:
            match wire.loads(text):
                case rk.PlayerView(outcome=rk.Outcome()) as view:
                    return view
                case rk.PlayerView() as view if view.current_player == view.player:
                    # a bot may think for a while: in a thread, the connection stays served
                    action = await asyncio.to_thread(bot.choose, view)
                    await websocket.send(wire.dumps(action))
                case rk.Verdict() as verdict:
                    log.warning("the server refused: %s", verdict)
                case _:
                    pass  # another player's turn
    raise ConnectionError("the server closed the connection before the round was over")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Play a rummikit game served over websockets.")
    parser.add_argument("uri", nargs="?", default="ws://127.0.0.1:8765", help="the server")
    parser.add_argument("--bot", default="greedy", choices=bot_names(), help="who plays")
    parser.add_argument("--seed", type=int, default=None, help="seed of the bot's choices")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    view = asyncio.run(play(args.uri, make_bot(args.bot, random.Random(args.seed))))
    assert view.outcome is not None
    log.info(
        "player %d: %s, winners %s, scores %s",
        view.player,
        view.outcome.termination.value,
        list(view.outcome.winners),
        list(view.outcome.scores),
    )


if __name__ == "__main__":
    main()
