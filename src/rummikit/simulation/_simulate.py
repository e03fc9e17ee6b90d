"""Running a simulation: many seeded games of each profile, played here or through any
:class:`concurrent.futures.Executor` (local processes, a Dask cluster), gathered in game
order into one :class:`~rummikit.Report` per profile.

Only plain values travel to the workers (a copy of the profile, the seeds, bot names or
picklable bot factories), and the results come back in game order whatever the executor,
so that a report depends on the seed alone.
"""

from __future__ import annotations

import concurrent.futures
import pickle
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from typing import cast, overload

import attrs

from rummikit import profiles as _profiles
from rummikit.errors import InvalidArgument, brief
from rummikit.game import check_seed
from rummikit.profile import RuleProfile
from rummikit.simulation._play import GameResult, Task, check_callback, run_task
from rummikit.simulation._report import Report
from rummikit.simulation._seats import BotSpec, bot_name, bot_specs, game_seed

SIMULATE_PLAYERS = 4
"""Players per game of :func:`simulate` when ``players`` is not given, whatever each
profile's ``default_players``; public as :data:`rummikit.simulation.SIMULATE_PLAYERS`."""


MAX_GAMES = 1_000_000
"""The most games :func:`simulate` plays per profile: every game's result is kept."""


ProgressCallback = Callable[[int, int], None]
"""Called as ``progress(done, total)`` each time a game finishes."""


def _check_count(name: str, value: object, low: int) -> int:
    """``value``, a whole number from ``low`` (``bad_<name>``)."""
    if type(value) is not int or value < low:
        raise InvalidArgument(
            f"bad_{name}", f"{name} is a whole number from {low}, not {brief(value)}"
        )
    return value


def _profile_list(
    profiles: RuleProfile | str | Sequence[RuleProfile | str],
) -> list[RuleProfile]:
    """The profiles ``simulate`` is given (one or a sequence, by name or not), each once
    (``no_profiles``, ``not_a_profile``, ``duplicate_profile``, ``unknown_profile``)."""
    if isinstance(profiles, RuleProfile | str):
        items: list[object] = [profiles]
    elif isinstance(profiles, Iterable) and not isinstance(profiles, Mapping | bytes | bytearray):
        items = list(profiles)
    else:
        items = [profiles]  # refused below
    if not items:
        raise InvalidArgument("no_profiles", "give at least one profile")
    for item in items:
        if not isinstance(item, RuleProfile | str):
            raise InvalidArgument(
                "not_a_profile",
                "profiles is a RuleProfile, a profile name, or a list of them; "
                f"{brief(item)} is none of these",
            )
    profile_list = [_profiles.get(cast(RuleProfile | str, item)) for item in items]
    for index, (item, profile) in enumerate(zip(items, profile_list, strict=True)):
        for earlier_item, earlier in zip(items, profile_list[:index], strict=False):
            if earlier.name != profile.name:
                continue
            if isinstance(item, str) and isinstance(earlier_item, str):  # a name, an alias
                same = "" if item == earlier_item else f" ({item!r} and {earlier_item!r})"
                message = f"{profile.name!r} is given twice{same}; give each profile once"
            else:
                message = (
                    f"two profiles are named {profile.name!r}; give each its own name "
                    "(profile.evolve(name=...))"
                )
            raise InvalidArgument("duplicate_profile", message)
    return profile_list


# -- running --------------------------------------------------------------------------------


def _run(
    tasks: Sequence[Task], executor: Executor | None, progress: ProgressCallback | None
) -> list[GameResult]:
    """The result of every task, in the order of ``tasks``, played here (``executor`` None)
    or by ``executor`` (``bad_executor`` when it is none, or takes no more work)."""
    total = len(tasks)
    if executor is None:
        results = []
        for done, task in enumerate(tasks, 1):
            results.append(run_task(task))
            if progress is not None:
                progress(done, total)
        return results
    if not isinstance(executor, concurrent.futures.Executor):
        raise InvalidArgument(
            "bad_executor", f"expected a concurrent.futures.Executor, not {brief(executor)}"
        )
    if isinstance(executor, concurrent.futures.ProcessPoolExecutor) and tasks:
        _check_picklable(tasks[0].bots)
    futures: list[concurrent.futures.Future[GameResult]] = []
    try:
        for task in tasks:
            future = executor.submit(run_task, task)
            if not isinstance(future, concurrent.futures.Future):
                raise InvalidArgument(
                    "bad_executor",
                    f"the executor's submit gave {brief(future)}, not a "
                    "concurrent.futures.Future; give a concurrent.futures.Executor",
                )
            futures.append(future)
    except concurrent.futures.BrokenExecutor:  # its workers died: not the caller's argument
        for future in futures:
            future.cancel()
        raise
    except RuntimeError as error:  # shut down (concurrent.futures, distributed)
        for future in futures:
            future.cancel()
        raise InvalidArgument(
            "bad_executor", f"the executor takes no more work ({error}); give one still running"
        ) from error
    index = {future: position for position, future in enumerate(futures)}
    slots: list[GameResult | None] = [None] * total
    try:
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            result = future.result()
            if not isinstance(result, GameResult):
                raise InvalidArgument(
                    "bad_executor",
                    f"the executor answered a game with {brief(result)}, not the result of "
                    "running the task it was given; give a concurrent.futures.Executor",
                )
            slots[index[future]] = result
            if progress is not None:
                progress(done, total)
    finally:
        for future in futures:
            future.cancel()
    return [slot for slot in slots if slot is not None]


def _check_picklable(specs: Sequence[BotSpec]) -> None:
    """A process pool pickles each game's bot factories: refuse one it cannot send before
    any game is submitted (a lambda or a class defined in a function, say)."""
    for spec in specs:
        try:
            pickle.dumps(spec)
        except Exception as error:  # PicklingError, AttributeError, TypeError: all one here
            raise InvalidArgument(
                "bad_bots",
                f"a process pool cannot send the bot factory {bot_name(spec)} to its workers "
                f"({type(error).__name__}); define it at the top of a module, or use "
                "executor=None",
            ) from error


@overload
def simulate(  # type: ignore[overload-overlap]  # a str is also a Sequence; this one wins
    profiles: RuleProfile | str,
    *,
    players: int | None = ...,
    games: int = ...,
    bots: BotSpec | Sequence[BotSpec] = ...,
    seed: int | None = ...,
    executor: Executor | None = ...,
    progress: ProgressCallback | None = ...,
) -> Report: ...


@overload
def simulate(
    profiles: Sequence[RuleProfile | str],
    *,
    players: int | None = ...,
    games: int = ...,
    bots: BotSpec | Sequence[BotSpec] = ...,
    seed: int | None = ...,
    executor: Executor | None = ...,
    progress: ProgressCallback | None = ...,
) -> dict[str, Report]: ...


def simulate(
    profiles: RuleProfile | str | Sequence[RuleProfile | str],
    *,
    players: int | None = None,
    games: int = 100,
    bots: BotSpec | Sequence[BotSpec] = "greedy",
    seed: int | None = None,
    executor: Executor | None = None,
    progress: ProgressCallback | None = None,
) -> Report | dict[str, Report]:
    """Play ``games`` seeded games of each profile between bots; a report per profile.

    ``profiles`` is one profile (a :class:`~rummikit.RuleProfile` or a registered name),
    which returns one :class:`Report`, or a sequence of them, which returns a dict of
    reports by profile name in the order given. ``bots`` is one bot for every seat or one
    per seat: registered names (``"random"``, ``"greedy"``, ``"strategic"``) or bot
    factories. ``players`` is the same for every profile: :data:`SIMULATE_PLAYERS` (4)
    unless given, not each profile's ``default_players``, so that the reports compare.
    ``seed`` defaults to a fresh random seed, kept in :attr:`Report.seed`; the same seed
    gives the same report. ``executor`` runs the games (any
    :class:`concurrent.futures.Executor`; None plays them here, one after another).
    ``progress(done, total)`` is called as games finish.

    Bad input raises :class:`~rummikit.RummikitError` with a code: ``unknown_profile``,
    ``not_a_profile``, ``no_profiles``, ``duplicate_profile``, ``unknown_bot``,
    ``bad_bots`` (also when a bot factory makes no bot, as the first game starts),
    ``bad_players``, ``bad_games``, ``bad_seed``, ``bad_progress``, ``bad_executor`` (not an
    executor, or one shut down). An error raised while the games are played (such as
    ``bad_bot_action``) is raised as it is, even from another process.
    """
    profile_list = _profile_list(profiles)
    _check_count("games", games, 1)
    if games > MAX_GAMES:
        raise InvalidArgument(
            "bad_games", f"games is at most {MAX_GAMES:,} per profile (every result is kept)"
        )
    count = SIMULATE_PLAYERS if players is None else players
    _check_count("players", count, 1)
    for profile in profile_list:
        if not profile.min_players <= count <= profile.max_players:
            default = " (the default; give players=)" if players is None else ""
            raise InvalidArgument(
                "bad_players",
                f"{profile.name!r} is played by {profile.min_players} to "
                f"{profile.max_players} players, not {brief(count)}{default}",
            )
    specs = bot_specs(bots, count)
    check_callback(
        progress, "bad_progress", "progress is None or a function progress(done, total)", 2
    )
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    check_seed(seed)
    seeds = [game_seed(seed, index) for index in range(games)]
    tasks = [
        Task(attrs.evolve(profile), count, game, specs)
        for profile in profile_list
        for game in seeds
    ]
    results = _run(tasks, executor, progress)
    names = tuple(bot_name(spec) for spec in specs)
    reports = {
        profile.name: Report.from_results(
            profile.name, names, seed, results[number * games : (number + 1) * games]
        )
        for number, profile in enumerate(profile_list)
    }
    if isinstance(profiles, RuleProfile | str):
        return reports[profile_list[0].name]
    return reports
