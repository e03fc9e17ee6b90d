"""The commands that play seeded games between bots: ``simulate`` (one profile) and
``compare`` (profiles side by side over the same deals).

Both play through :func:`rummikit.simulate`, here, on worker processes or on a Dask
cluster (``--scheduler``), with a progress bar on a terminal; they share their defaults and
the options that set the games, the players, the bots, the seed, where the games are played
and the file the games are written to as they finish (``--out``). An argument the library
refuses is a usage error naming the option to fix (exit code 2); a game that cannot be
played, or worker processes that stop, end the command with exit code 3 (:data:`FAILED`).
Ctrl-C stops the games, the worker processes quietly, and ends the command with one line on
the standard error and exit code 130 (:data:`INTERRUPTED`), the games finished kept in the
``--out`` file.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from rummikit import simulation
from rummikit._output import FAILED
from rummikit.cli._formats import (
    CSV_OPTION,
    JSON_OPTION,
    json_value,
    make_console,
    output_format,
    write_csv,
    write_json,
)
from rummikit.cli._inputs import PROFILE_OPTION, Count, profile_option, usage
from rummikit.cli._reports import (
    paired_table,
    results_table,
    settings_line,
    statement_lines,
    summary_json,
)
from rummikit.cli._rules import differences_table, rule_differences
from rummikit.errors import RummikitError
from rummikit.profile import RuleProfile
from rummikit.simulation import CONFIDENCE, MAX_GAMES, Comparison
from rummikit.simulation._run import QuietSpawnContext

if TYPE_CHECKING:
    from concurrent.futures import Executor, ProcessPoolExecutor

BUILT_IN = ("online", "pagat", "rami_voleur", "standard_rummy")
"""The profiles ``compare`` compares by default: see :data:`rummikit.cli.BUILT_IN`."""

COMPARE_GAMES = 100
"""Games per profile of ``compare`` by default, and why this many: see
:data:`rummikit.cli.COMPARE_GAMES`."""

SIMULATE_GAMES = 100
"""Games of ``simulate`` by default: see :data:`rummikit.cli.SIMULATE_GAMES`."""

MAX_WORKERS = 256
"""The most worker processes ``--workers`` takes."""

INTERRUPTED = 130
"""Exit code of a command stopped by Ctrl-C (128 + SIGINT, as a shell reports it)."""

DASK_INSTALL = 'pip install "rummikit[dask]"'
"""How to install what ``--scheduler`` needs."""

_CONNECT_SECONDS = 10
"""How long ``--scheduler`` waits for the scheduler to answer."""

_AUTO_WORKERS_MIN_GAMES = 16
"""The fewest games in all for which ``--workers 0`` starts worker processes."""

_USAGE_CODES = {
    "unknown_profile": "PROFILE",
    "duplicate_profile": "PROFILE",
    "bad_players": "'--players'",
    "unknown_bot": "'--bots'",
    "bad_bots": "'--bots'",
    "bad_games": "'--games'",
    "bad_seed": "'--seed'",
    "bad_out": "'--out'",
    "bad_precision": "'--precision'",
    "bad_time_limit": "'--time-limit'",
    "bad_confidence": "'--confidence'",
    "unknown_baseline": "'--baseline'",
}
"""The library's error codes about the arguments, and the argument each one names."""


_SEED = click.option(
    "--seed",
    type=Count(min=0),
    default=1,
    show_default=True,
    help="Seed of the deals: the same seed gives the same figures.",
)


_PLAYERS = click.option(
    "--players",
    type=Count(min=1),
    default=None,
    help="Seats per game [default: one per bot named in --bots, else each profile's own "
    "default_players].",
)


_BOTS = click.option(
    "--bots",
    default="greedy",
    show_default=True,
    help="Bot for every seat (greedy, strategic, simple, random), or one per seat: "
    "strategic,greedy,...",
)

_WORKERS = click.option(
    "--workers",
    type=Count(min=0, max=MAX_WORKERS),
    default=0,
    show_default=True,
    help="Processes to play on (no more are started than there are games); 1 plays here, "
    "0 picks one per CPU for larger runs.",
)

_SCHEDULER = click.option(
    "--scheduler",
    metavar="ADDRESS",
    default=None,
    help="Play on the Dask cluster of this scheduler (tcp://host:8786) instead of local "
    f"processes; needs {DASK_INSTALL} here and on the workers.",
)

_OUT = click.option(
    "--out",
    metavar="FILE",
    default=None,
    help="Also write every game's record to FILE as it finishes, in game order: JSON lines "
    "(.jsonl) or CSV (.csv). An interrupted run keeps the games it finished.",
)


def _names(values: Sequence[str], option: str) -> list[str]:
    """Names given as repeated options and/or comma-separated lists; an empty name is a
    usage error, as in ``--bots``."""
    names = [part.strip() for value in values for part in value.split(",")]
    if not all(names):
        raise click.BadParameter(
            "give names separated by commas (no empty names)", param_hint=f"'{option}'"
        )
    return names


def _bots(text: str) -> str | list[str]:
    """The bots of ``--bots``: one name for every seat, or a list of one name per seat."""
    names = [part.strip() for part in text.split(",")]
    if not all(names):
        raise click.BadParameter(
            "give a bot name, or one name per seat separated by commas (no empty names)",
            param_hint="'--bots'",
        )
    return names[0] if len(names) == 1 else names


def _workers(requested: int, total_games: int) -> int:
    """Processes to play on: as requested (no more than there are games), or, for 0, one per
    CPU and at most one per 8 games once there are 16 games in all."""
    if requested > 0:
        return min(requested, total_games)
    if total_games < _AUTO_WORKERS_MIN_GAMES:
        return 1
    return max(1, min(os.cpu_count() or 1, total_games // 8))


@contextmanager
def _executor(workers: int, scheduler: str | None = None) -> Iterator[Executor | None]:
    """Where the games are played: on the Dask cluster of ``scheduler``; on a process pool
    of ``workers`` (spawned, so it is safe next to threads; its workers leave Ctrl-C to
    this process, and are stopped at once when the run does not end well); else here
    (None)."""
    if scheduler is not None:
        with _cluster(scheduler) as executor:
            yield executor
        return
    if workers <= 1:
        yield None
        return
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(workers, mp_context=QuietSpawnContext())
    try:
        yield pool
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()


def _stop(pool: ProcessPoolExecutor) -> None:
    """Shut ``pool`` down without waiting for the games its workers are playing: the
    workers are terminated (quietly: they print nothing on SIGTERM)."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    if callable(terminate):
        terminate()
        return
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join()


@contextmanager
def _cluster(scheduler: str) -> Iterator[Executor]:
    """An executor on the Dask cluster whose scheduler is at ``scheduler``."""
    import importlib

    try:  # by name: an optional dependency, typed or not where the types are checked
        distributed = importlib.import_module("distributed")
    except ImportError:
        usage(f"--scheduler needs Dask's distributed: {DASK_INSTALL}")
    try:
        client = distributed.Client(scheduler, timeout=f"{_CONNECT_SECONDS}s")
    except (ValueError, TypeError) as error:  # not an address
        raise click.BadParameter(str(error), param_hint="'--scheduler'") from None
    except OSError as error:  # nobody answers there (a TimeoutError is an OSError)
        raise _Failed(f"cannot reach a Dask scheduler at {scheduler} ({error})") from None
    with client:
        yield client.get_executor()


_PRECISION = click.option(
    "--precision",
    metavar="TURNS",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    help="Play on, checking every 50 games, until turns per game (and each paired "
    "difference of it) is known to ± TURNS; --games is then the most to play.",
)

_TIME_LIMIT = click.option(
    "--time-limit",
    metavar="SECONDS",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    help="Stop after SECONDS (the figures then depend on the machine: the games played are "
    "printed, to play again with --games).",
)

_CONFIDENCE = click.option(
    "--confidence",
    metavar="LEVEL",
    type=click.FloatRange(min=0, max=1, min_open=True, max_open=True),
    default=CONFIDENCE,
    show_default=True,
    help="Level of every confidence interval.",
)


def _games_option(default: int) -> Callable[[Callable[..., None]], Callable[..., None]]:
    return click.option(
        "--games",
        type=Count(min=1, max=MAX_GAMES),
        default=None,
        help=f"Games per profile, the same deals for every profile [default: {default}; with "
        f"--precision or --time-limit, the most to play: {MAX_GAMES:,}].",
    )


class _Failed(click.ClickException):
    """The command could not finish (exit code :data:`FAILED`)."""

    exit_code = FAILED


def _run_simulation(
    chosen: Sequence[RuleProfile | str],
    *,
    games: int | None,
    default_games: int,
    players: int | None,
    bots: str | list[str],
    seed: int,
    workers: int,
    scheduler: str | None,
    out: str | None,
    precision: float | None,
    time_limit: float | None,
    confidence: float,
    baseline: str | None = None,
) -> Comparison:
    """Run the games with a progress bar on stderr (when it is a terminal) and compare
    them. Without ``players``, each profile plays at its own default or one seat per bot
    named (an error about them then names ``--bots``). Ctrl-C ends the command here."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    if scheduler is not None and workers != 0:
        usage("--scheduler plays on the cluster's workers: give it without --workers")
    if games is None and precision is None and time_limit is None:
        games = default_games
    most = MAX_GAMES if games is None else games
    count = 0 if scheduler is not None else _workers(workers, most * len(chosen))
    console = make_console(stderr=True)
    progress = Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )
    names = ", ".join(profile if isinstance(profile, str) else profile.name for profile in chosen)
    if scheduler is not None:
        where = f"on the cluster at {scheduler}"
    else:
        where = "here" if count == 1 else f"on {count} processes"
    task = progress.add_task(f"playing {names} {where}", total=most * len(chosen))
    done = 0

    def advance(finished: int, total: int) -> None:
        nonlocal done
        done = finished
        progress.update(task, completed=finished, total=total)

    from concurrent.futures.process import BrokenProcessPool

    try:
        with progress, _executor(count, scheduler) as pool:
            return simulation.compare(
                list(chosen),
                players=players,
                games=games,
                bots=bots,
                seed=seed,
                executor=pool,
                progress=advance,
                out=out,
                precision=precision,
                time_limit=time_limit,
                confidence=confidence,
                baseline=baseline,
            )
    except KeyboardInterrupt:
        kept = f"; the games played are in {out}" if out is not None else ""
        click.echo(f"interrupted after {done:,} game{'' if done == 1 else 's'}{kept}", err=True)
        raise click.exceptions.Exit(INTERRUPTED) from None
    except RummikitError as error:
        if error.code in _USAGE_CODES:  # the arguments, checked before any game is played
            hint = _USAGE_CODES[error.code]
            if hint == "'--players'" and players is None:  # counted from the bots named
                hint = "'--bots'"
            raise click.BadParameter(error.message, param_hint=hint) from None
        raise _Failed(f"a game could not be played: {error.code}: {error.message}") from None
    except BrokenProcessPool as error:
        raise _Failed(
            f"the worker processes stopped ({error}); try again with --workers 1"
        ) from None


def _where(command: Callable[..., None]) -> Callable[..., None]:
    """The options shared by both commands after ``--games``: players, bots, seed, when to
    stop, where the games are played, the file they are written to and the intervals'
    level."""
    for option in (
        _CONFIDENCE,
        _OUT,
        _SCHEDULER,
        _WORKERS,
        _TIME_LIMIT,
        _PRECISION,
        _SEED,
        _BOTS,
        _PLAYERS,
    ):
        command = option(command)
    return command


@click.command()
@PROFILE_OPTION
@_games_option(SIMULATE_GAMES)
@_where
@JSON_OPTION
@CSV_OPTION
def simulate(
    profile_name: str,
    games: int | None,
    players: int | None,
    bots: str,
    seed: int,
    precision: float | None,
    time_limit: float | None,
    workers: int,
    scheduler: str | None,
    out: str | None,
    confidence: float,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Play seeded games of one profile between bots and sum them up.

    Every mean and share is printed with its confidence interval. --json writes the summary
    (each figure with its interval's bounds) and every game; --csv writes one row per game.
    """
    form = output_format(as_json, as_csv)
    profile = profile_option(profile_name)
    comparison = _run_simulation(
        [profile],
        games=games,
        default_games=SIMULATE_GAMES,
        players=players,
        bots=_bots(bots),
        seed=seed,
        workers=workers,
        scheduler=scheduler,
        out=out,
        precision=precision,
        time_limit=time_limit,
        confidence=confidence,
    )
    report = comparison.reports[0]
    if form == "json":
        summary = summary_json(report, confidence)
        summary["stopped"] = comparison.stopped
        write_json({"summary": summary, "games": report.to_records()})
    elif form == "csv":
        write_csv(report.to_records())
    else:
        console = make_console()
        console.print(settings_line([report], confidence, comparison.stopped), markup=False)
        console.print(results_table([report], f"{profile.name}: {profile.title}", confidence))


@click.command()
@click.argument("profile_names", nargs=-1, metavar="[PROFILE]...")
@click.option(
    "--profiles",
    "profile_options",
    multiple=True,
    help="Profiles to compare, comma-separated or repeated (default: online, pagat, rami_voleur, standard_rummy).",
)
@_games_option(COMPARE_GAMES)
@click.option(
    "--baseline",
    metavar="PROFILE",
    default=None,
    help="The profile the others are compared with, game by game [default: the first].",
)
@_where
@JSON_OPTION
@CSV_OPTION
def compare(
    profile_names: tuple[str, ...],
    profile_options: tuple[str, ...],
    games: int | None,
    baseline: str | None,
    players: int | None,
    bots: str,
    seed: int,
    precision: float | None,
    time_limit: float | None,
    workers: int,
    scheduler: str | None,
    out: str | None,
    confidence: float,
    as_json: bool,
    as_csv: bool,
) -> None:
    """Compare rule profiles game by game over the same seeded deals.

    Prints each profile's paired difference from the baseline (the first profile unless
    --baseline names another) for every figure, with its confidence interval, and in words
    those the games detect; then each profile's figures with their intervals (turns per
    game, the first opening, how games end, win rates by seat, scores, penalties), and the
    rules on which the profiles differ. --json and --csv carry the same numbers.
    """
    form = output_format(as_json, as_csv)
    names = [*profile_names, *_names(profile_options, "--profiles")] or list(BUILT_IN)
    chosen = [profile_option(name, "PROFILE") for name in names]
    if baseline is not None:
        baseline = profile_option(baseline, "'--baseline'").name
    # the names as given: the library names a profile given twice under two aliases
    comparison = _run_simulation(
        names,
        games=games,
        default_games=COMPARE_GAMES,
        players=players,
        bots=_bots(bots),
        seed=seed,
        workers=workers,
        scheduler=scheduler,
        out=out,
        precision=precision,
        time_limit=time_limit,
        confidence=confidence,
        baseline=baseline,
    )
    ordered = list(comparison.reports)
    if form == "json":
        write_json(
            {
                "baseline": comparison.baseline,
                "confidence": comparison.confidence,
                "stopped": comparison.stopped,
                "profiles": [summary_json(report, confidence) for report in ordered],
                "paired": [difference.to_dict() for difference in comparison.differences],
                "differences": [
                    {
                        "option": option,
                        "meaning": meaning,
                        "values": {
                            report.profile: json_value(getattr(profile, option))
                            for report, profile in zip(ordered, chosen, strict=True)
                        },
                    }
                    for option, _values, meaning in rule_differences(chosen)
                ],
            }
        )
        return
    if form == "csv":
        write_csv(comparison.rows())
        return
    console = make_console()
    console.print(settings_line(ordered, confidence, comparison.stopped), markup=False)
    if len(ordered) > 1:
        console.print(paired_table(comparison))
        for line in statement_lines(comparison):
            console.print(line, markup=False)
        console.print()
    console.print(results_table(ordered, "Figures of each profile", confidence))
    if len(chosen) > 1:
        console.print(differences_table(chosen))
