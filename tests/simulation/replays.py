"""Seeded games and a report to play again elsewhere: in a fresh interpreter with another
hash seed, or in a worker of a process pool, and compare byte for byte.

Each game seats the four built-in bots, so every kind makes its choices in every profile
(and in two house variants whose rules take other paths through the judge and the solver).
``python -m tests.simulation.replays`` prints everything as JSON, with the interpreter's
hash of a string, which tells whether the hash seed really differed.
"""

from __future__ import annotations

import json
from concurrent.futures import Executor

import attrs

import rummikit as rk
from rummikit.bots import make_bot
from rummikit.simulation import bot_rng, game_seed, play_game, simulate

BOTS = ("random", "simple", "greedy", "strategic")

PROFILES = (
    rk.profiles.get("online"),
    rk.profiles.get("pagat"),
    rk.profiles.get("rami_voleur"),
    attrs.evolve(rk.profiles.get("pagat"), name="pagat_new_meld", freed_joker="new_meld"),
    attrs.evolve(
        rk.profiles.get("rami_voleur"),
        name="rami_points",
        opening_rule="points",
        opening_min_points=30,
    ),
)

Game = tuple[str, tuple[str, ...], int, int]
"""A profile's name, the bot of each seat, and a game of a simulation: its seed, its number."""

GAMES: tuple[Game, ...] = (
    *((profile.name, BOTS, 1, 0) for profile in PROFILES),
    # a game that the hash seed changed, when the bots chose among plays in a hash order
    ("online", ("greedy", "random", "greedy", "random"), 4, 0),
)

_BY_NAME = {profile.name: profile for profile in PROFILES}


def replay(game: Game) -> str:
    """The record (:func:`rummikit.dumps`) of one of :data:`GAMES`, played to the end."""
    name, seats, simulation, index = game
    seed = game_seed(simulation, index)
    bots = [make_bot(bot, bot_rng(seed, seat)) for seat, bot in enumerate(seats)]
    return rk.dumps(play_game(_BY_NAME[name], bots, seed=seed))


def report(executor: Executor | None = None) -> str:
    """A simulation's records and summary as JSON (its first game was one the hash seed
    changed), played serially or by ``executor``."""
    found = simulate("rami_voleur", players=2, games=2, seed=0, bots="random", executor=executor)
    return json.dumps({"records": found.to_records(), "summary": found.summary()})


def hash_of_text() -> int:
    """This interpreter's hash of a string: it differs between hash seeds."""
    return hash("rummikit")


def main() -> None:
    print(
        json.dumps(
            {
                "hash": hash_of_text(),
                "games": [replay(game) for game in GAMES],
                "report": report(),
            }
        )
    )


if __name__ == "__main__":
    main()
