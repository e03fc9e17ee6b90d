"""Running a simulation: many seeded games of each profile, played here or through any
:class:`concurrent.futures.Executor` (local processes, a Dask cluster), gathered in game
order into one :class:`~rummikit.Report` per profile, and written to a file as they come
if asked.

:func:`simulate` checks its arguments and consumes :func:`~rummikit.simulation._run.play_games`,
which plays the games lazily in bounded batches: only plain values travel to the workers
(a copy of the profile, the seeds, bot names or picklable bot factories), and the results
come back in game order whatever the executor, so that a report depends on the seed alone.
"""

from __future__ import annotations

import os
import random
from collections.abc import Generator, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from typing import TextIO, cast, overload

from rummikit import profiles as _profiles
from rummikit.errors import InvalidArgument, brief
from rummikit.game import check_seed
from rummikit.profile import RuleProfile
from rummikit.simulation._estimate import CONFIDENCE
from rummikit.simulation._play import GameResult, check_callback
from rummikit.simulation._records import RecordWriter, open_records
from rummikit.simulation._report import Report
from rummikit.simulation._run import ProgressCallback, check_executor, play_games
from rummikit.simulation._seats import BotSpec, bot_name, bot_specs
from rummikit.simulation._until import Until, check_precision, check_time_limit

__all__ = ["MAX_GAMES", "ProgressCallback", "simulate"]

MAX_GAMES = 1_000_000
"""The most games :func:`simulate` plays per profile: every game's result is kept."""

Out = str | os.PathLike[str] | TextIO
"""Where :func:`simulate` writes each game's record as it finishes: a ``.jsonl`` or
``.csv`` path, or a text stream."""


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


def _players_of(
    profile_list: Sequence[RuleProfile],
    players: int | None,
    bots: BotSpec | Sequence[BotSpec],
) -> list[int]:
    """The players of each profile: ``players`` when given, else one per bot when ``bots``
    names one per seat, else each profile's own ``default_players`` (``bad_players``)."""
    if players is not None:
        _check_count("players", players, 1)
        counts, why = [players] * len(profile_list), ""
    elif not (isinstance(bots, str) or callable(bots)) and isinstance(bots, Sequence):
        counts, why = [len(bots)] * len(profile_list), " (one seat per bot given)"
    else:
        return [profile.default_players for profile in profile_list]
    for profile, count in zip(profile_list, counts, strict=True):
        if not profile.min_players <= count <= profile.max_players:
            raise InvalidArgument(
                "bad_players",
                f"{profile.name!r} is played by {profile.min_players} to "
                f"{profile.max_players} players, not {brief(count)}{why}",
            )
    return counts


def choose_baseline(names: Sequence[str], baseline: RuleProfile | str | None) -> str:
    """The name of the profile a comparison of ``names`` measures the others from: the
    first unless ``baseline`` (a profile or a name) says (``unknown_baseline``)."""
    chosen = baseline.name if isinstance(baseline, RuleProfile) else baseline
    if chosen is None:
        return names[0]
    if chosen not in names:
        raise InvalidArgument(
            "unknown_baseline",
            f"the baseline is one of the profiles compared ({', '.join(names)}), not "
            f"{brief(chosen)}",
        )
    return chosen


def _abandon(rows: Generator[tuple[GameResult, ...], None, None], error: BaseException) -> None:
    """End ``rows`` with the ``error`` that stopped its consumer, thrown in rather than a
    close, so that it cancels what is pending without waiting for the chunks running."""
    trace = error.__traceback__
    try:
        rows.throw(error)
    except BaseException as raised:  # the same error, raised again: the caller raises it
        if raised is not error:
            raise
    finally:
        error.__traceback__ = trace  # as it was: the throw is no part of the story


@overload
def simulate(  # type: ignore[overload-overlap]  # a str is also a Sequence; this one wins
    profiles: RuleProfile | str,
    *,
    players: int | None = ...,
    games: int | None = ...,
    bots: BotSpec | Sequence[BotSpec] = ...,
    seed: int | None = ...,
    executor: Executor | None = ...,
    progress: ProgressCallback | None = ...,
    out: Out | None = ...,
    precision: float | None = ...,
    time_limit: float | None = ...,
) -> Report: ...


@overload
def simulate(
    profiles: Sequence[RuleProfile | str],
    *,
    players: int | None = ...,
    games: int | None = ...,
    bots: BotSpec | Sequence[BotSpec] = ...,
    seed: int | None = ...,
    executor: Executor | None = ...,
    progress: ProgressCallback | None = ...,
    out: Out | None = ...,
    precision: float | None = ...,
    time_limit: float | None = ...,
) -> dict[str, Report]: ...


def simulate(
    profiles: RuleProfile | str | Sequence[RuleProfile | str],
    *,
    players: int | None = None,
    games: int | None = None,
    bots: BotSpec | Sequence[BotSpec] = "greedy",
    seed: int | None = None,
    executor: Executor | None = None,
    progress: ProgressCallback | None = None,
    out: Out | None = None,
    precision: float | None = None,
    time_limit: float | None = None,
) -> Report | dict[str, Report]:
    """Play seeded games of each profile between bots; a report per profile.

    ``profiles`` is one profile (a :class:`~rummikit.RuleProfile` or a registered name),
    which returns one :class:`Report`, or a sequence of them, which returns a dict of
    reports by profile name in the order given. ``bots`` is one bot for every seat or one
    per seat: registered names (``"random"``, ``"greedy"``, ``"strategic"``, ``"simple"``)
    or bot factories. ``players`` is the number of seats of every profile's games; without
    it, one per bot when ``bots`` names one per seat, and otherwise each profile's own
    ``default_players`` (profiles whose defaults differ then play at their own; game ``i``
    is dealt from the same seed all the same). ``seed`` defaults to a fresh random seed,
    kept in :attr:`Report.seed`; the same seed gives the same report. ``executor`` runs the
    games (any :class:`concurrent.futures.Executor`; None plays them here, one after
    another), a few at a time, game ``i`` of every profile before game ``i + 1``.
    ``progress(done, total)`` is called as games are done. ``out``, a path ending in
    ``.jsonl`` or ``.csv`` or a text stream, receives each game's record
    (:class:`~rummikit.simulation.GameRecord`) as JSON lines or CSV, in game order, as the games finish: a run
    interrupted (Ctrl-C, an error) keeps there every game it finished, and
    KeyboardInterrupt is raised once the pending games are cancelled and the file flushed.

    ``games`` is the number of games of each profile, 100 unless given. ``precision`` plays
    on until the 95% confidence interval of every profile's turns per game is no wider than
    ``± precision`` turns, checking every 50 games (where it stops depends on the seed
    alone); ``time_limit`` stops after that many seconds. With either, ``games`` is the
    most to play (:data:`MAX_GAMES` unless given), and each report's ``games`` says how
    many were.

    Bad input raises :class:`~rummikit.RummikitError` with a code: ``unknown_profile``,
    ``not_a_profile``, ``no_profiles``, ``duplicate_profile``, ``unknown_bot``,
    ``bad_bots`` (also when a bot factory makes no bot, as the first game starts),
    ``bad_players``, ``bad_games``, ``bad_seed``, ``bad_progress``, ``bad_executor`` (not an
    executor, or one shut down), ``bad_out``, ``bad_precision``, ``bad_time_limit``. An error raised while the games are played
    (such as ``bad_bot_action``) is raised as it is, even from another process, after the
    games before it are written to ``out``.
    """
    reports, _ = run(
        profiles,
        players=players,
        games=games,
        bots=bots,
        seed=seed,
        executor=executor,
        progress=progress,
        out=out,
        precision=precision,
        time_limit=time_limit,
        confidence=CONFIDENCE,
        paired=False,
    )
    if isinstance(profiles, RuleProfile | str):
        return next(iter(reports.values()))
    return reports


DEFAULT_GAMES = 100
"""Games of each profile when neither ``games`` nor a precision or time limit is given."""


def run(
    profiles: RuleProfile | str | Sequence[RuleProfile | str],
    *,
    players: int | None,
    games: int | None,
    bots: BotSpec | Sequence[BotSpec],
    seed: int | None,
    executor: Executor | None,
    progress: ProgressCallback | None,
    out: Out | None,
    precision: float | None,
    time_limit: float | None,
    confidence: float,
    paired: bool,
    baseline: RuleProfile | str | None = None,
) -> tuple[dict[str, Report], str]:
    """The run behind :func:`simulate` and :func:`~rummikit.compare`: the reports by
    profile name, and why the run stopped early (``"precision"``, ``"time_limit"``, or '').
    When ``paired`` (a comparison), a precision also asks every paired difference of turns
    from the baseline (:func:`choose_baseline`) to be that precise."""
    profile_list = _profile_list(profiles)
    target = check_precision(precision)
    limit = check_time_limit(time_limit)
    if games is None:
        games = DEFAULT_GAMES if target is None and limit is None else MAX_GAMES
    _check_count("games", games, 1)
    if games > MAX_GAMES:
        raise InvalidArgument(
            "bad_games", f"games is at most {MAX_GAMES:,} per profile (every result is kept)"
        )
    counts = _players_of(profile_list, players, bots)
    specs = [bot_specs(bots, count) for count in counts]
    check_callback(
        progress, "bad_progress", "progress is None or a function progress(done, total)", 2
    )
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    check_seed(seed)
    names = [profile.name for profile in profile_list]
    base = names.index(choose_baseline(names, baseline)) if paired else None
    until = Until(
        len(profile_list),
        precision=target,
        time_limit=limit,
        confidence=confidence,
        baseline=base,
    )
    rows = play_games(profile_list, counts, specs, seed, games, check_executor(executor), progress)
    writer: RecordWriter | None = None if out is None else open_records(out)
    results: list[list[GameResult]] = [[] for _ in profile_list]
    try:
        for row in rows:
            if writer is not None:
                writer.write(row)
            for kept, result in zip(results, row, strict=True):
                kept.append(result)
            if until.stop(row):
                rows.close()  # cancels what is pending, waits for what runs
                break
    except BaseException as error:
        _abandon(rows, error)
        raise
    finally:
        if writer is not None:
            writer.close()
    reports = {
        profile.name: Report.from_results(
            profile.name, tuple(bot_name(spec) for spec in seats), seed, kept
        )
        for profile, seats, kept in zip(profile_list, specs, results, strict=True)
    }
    return reports, until.reason
