"""Seats and seeds: the bot each seat of a simulated game gets, and the seeds that make every
game reproducible.

Game ``i`` of a simulation seeded with ``seed`` is dealt from :func:`game_seed` of the two,
and the bot of each seat gets :func:`bot_rng` of the game's seed and the seat, so that any
game can be played again on its own. A seat is given a registered bot name or a bot factory
(:data:`BotSpec`), never a bot: every game gets fresh bots, made as it starts.
"""

from __future__ import annotations

import functools
import inspect
import random
from collections.abc import Sequence
from typing import cast

from rummikit.bots import Bot, BotFactory, bot_factory
from rummikit.errors import InvalidArgument, brief
from rummikit.game import check_seed

BotSpec = str | BotFactory
"""A bot for a seat: a registered name (``"greedy"``) or a :data:`~rummikit.bots.BotFactory`."""


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` of a simulation seeded with ``seed``.

    The same for every profile of one simulation, so profiles are compared on the same
    seeds; stable across Python versions, platforms and processes.
    """
    check_seed(seed)
    return random.Random(f"rummikit.simulate:{seed}:{index}").getrandbits(63)


def bot_rng(seed: int, seat: int) -> random.Random:
    """The generator the bot of ``seat`` gets in the game dealt from ``seed``.

    With :func:`game_seed` it rebuilds any simulated game:
    ``play_game(profile, [make_bot(name, bot_rng(seed, seat)) for ...], seed=seed)``.
    """
    check_seed(seed)
    return random.Random(f"rummikit.bot:{seed}:{seat}")


# -- bots -----------------------------------------------------------------------------------


def bot_name(spec: BotSpec) -> str:
    """The name reports give the bot of ``spec``: a registered name trimmed and in lower
    case, a factory's own name (that of the function under a :func:`functools.partial`)."""
    if isinstance(spec, str):
        return spec.strip().lower()
    while isinstance(spec, functools.partial):  # a factory with its options set: its name
        spec = spec.func
    return str(getattr(spec, "__name__", type(spec).__name__))


def _factory(spec: BotSpec) -> BotFactory:
    return bot_factory(spec) if isinstance(spec, str) else spec


def _is_signature_error(error: TypeError) -> bool:
    """Whether ``error`` says a callable was called with arguments it does not take."""
    return error.__traceback__ is not None and error.__traceback__.tb_next is None


def seat_bot(spec: BotSpec, rng: random.Random, seat: int) -> Bot:
    """The bot ``spec`` makes for ``seat``; a factory that makes no bot is refused here,
    when the game starts, rather than on the bot's first move."""
    factory = _factory(spec)
    name = bot_name(spec)
    try:
        inspect.signature(factory).bind(rng)
        takes_rng = True
    except TypeError:
        takes_rng = False
    except ValueError:  # no signature to read (some built-ins): the call will tell
        takes_rng = True
    try:
        bot = factory(rng) if takes_rng else None
    except TypeError as error:
        if not _is_signature_error(error):
            raise  # raised inside the factory: the factory's own bug, shown as it is
        takes_rng = False
    if not takes_rng:
        raise InvalidArgument(
            "bad_bots",
            f"the bot factory {name} for seat {seat} cannot be called with a random.Random; "
            "a factory takes one and returns a bot",
        )
    if not isinstance(bot, Bot) or isinstance(bot, type):
        raise InvalidArgument(
            "bad_bots",
            f"the bot factory {name} for seat {seat} returned {brief(bot)}, which is not a bot "
            "(an object with a choose(view) method)",
        )
    return bot


def bot_specs(bots: BotSpec | Sequence[BotSpec], players: int) -> tuple[BotSpec, ...]:
    """``bots`` as one spec per seat of a game of ``players``, each checked before any game
    is played (``unknown_bot``, ``bad_bots``); names are trimmed and in lower case."""
    specs: list[BotSpec]
    if isinstance(bots, str) or callable(bots):
        specs = [bots] * players
    elif isinstance(bots, Bot):
        specs = [cast(BotSpec, bots)] * players  # refused below, with a hint
    elif isinstance(bots, Sequence):
        specs = list(bots)
    else:
        raise InvalidArgument(
            "bad_bots", f"give a bot name, a bot factory or one for every seat, not {brief(bots)}"
        )
    if len(specs) != players:
        raise InvalidArgument(
            "bad_bots",
            f"give one bot for every seat or one bot for all: {brief(players)} seats, "
            f"{len(specs)} bots",
        )
    for spec in specs:
        if isinstance(spec, str):
            bot_factory(spec)
        elif isinstance(spec, Bot) and not callable(spec):
            raise InvalidArgument(
                "bad_bots",
                f"give a bot factory (such as the class {type(spec).__name__}) rather than "
                f"the bot {brief(spec)}: every game gets fresh bots",
            )
        elif not callable(spec):
            raise InvalidArgument(
                "bad_bots", f"a bot is a registered name or a bot factory, not {brief(spec)}"
            )
    return tuple(spec.strip().lower() if isinstance(spec, str) else spec for spec in specs)
