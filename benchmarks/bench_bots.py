"""How often the strategic bot beats the greedy one, per profile.

Run: ``python benchmarks/bench_bots.py`` (``--quick`` for a short, low-budget run). Plays
seeded two-player games of each profile between :class:`~rummikit.bots.StrategicBot` and
:class:`~rummikit.bots.GreedyBot` with :func:`rummikit.simulation.simulate`, every deal
twice with the seats swapped, and prints the strategic bot's win rate with a rough 95%
interval (normal approximation; a shared win counts half, a game without winner counts
for neither) and the command line that reproduces the run.

``--set name=value`` changes a :class:`~rummikit.bots.StrategicBot` keyword (repeatable),
to try other settings. Results depend only on the arguments, not on the machine or on
``--workers``. How long the bots take per choice is ``bench_choices.py``'s business.
"""

from __future__ import annotations

import argparse
import functools
import math
import shlex
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor

from rummikit.bots import DEFAULT_BUDGET, GreedyBot, StrategicBot
from rummikit.simulation import Report, simulate

PROFILES = ("online", "pagat", "rami_voleur")


def _value(text: str) -> int | None:
    return None if text.lower() == "none" else int(text)


def _settings(items: Sequence[str]) -> dict[str, int | None]:
    settings = {}
    for item in items:
        name, _, value = item.partition("=")
        settings[name.strip()] = _value(value.strip())
    return settings


def strategic_rate(first: Report, second: Report) -> tuple[float, float, int]:
    """The strategic bot's win share, its 95% half-width, and the games it counts.

    ``first`` has the strategic bot in seat 0, ``second`` in seat 1. Games without a
    winner are left out; a shared win counts half.
    """
    wins = 0.0
    games = 0
    for report, seat in ((first, 0), (second, 1)):
        for result in report.results:
            if not result.winners:
                continue
            games += 1
            if seat in result.winners:
                wins += 1 / len(result.winners)
    if not games:
        return 0.0, 1.0, 0
    rate = wins / games
    return rate, 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / games), games


def run(
    profile: str,
    games: int,
    seed: int,
    budget: int | None,
    settings: dict[str, int | None],
    executor: Executor | None,
) -> tuple[Report, Report]:
    """Strategic against greedy on ``games`` deals, once in each seat."""
    # the settings come from the command line: StrategicBot checks their names and values
    strategic = functools.partial(StrategicBot, budget=budget, **settings)  # type: ignore[arg-type]
    greedy = functools.partial(GreedyBot, budget=budget)
    common = {"players": 2, "games": games, "seed": seed, "executor": executor}
    first = simulate(profile, bots=[strategic, greedy], **common)  # type: ignore[arg-type]
    second = simulate(profile, bots=[greedy, strategic], **common)  # type: ignore[arg-type]
    return first, second


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profiles", default=",".join(PROFILES), help="comma-separated")
    parser.add_argument("--games", type=int, default=200, help="deals per profile (x2 seats)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=_value, default=DEFAULT_BUDGET, help="or 'none'")
    parser.add_argument("--workers", type=int, default=2, help="processes (1: none)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--quick", action="store_true", help="--games 10 --budget 300")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.budget = 10, 300
    settings = _settings(args.set)
    command = ["python", "benchmarks/bench_bots.py", "--profiles", args.profiles]
    command += ["--games", str(args.games), "--seed", str(args.seed), "--budget", str(args.budget)]
    for item in args.set:
        command += ["--set", item]
    print("reproduce:", shlex.join(command))
    print(f"strategic {settings or '(defaults)'} vs greedy, 2 players, budget {args.budget}")
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for profile in args.profiles.split(","):
            start = time.perf_counter()
            first, second = run(profile, args.games, args.seed, args.budget, settings, pool)
            rate, half, counted = strategic_rate(first, second)
            turns = (first.turns.mean + second.turns.mean) / 2
            print(
                f"{profile:12} strategic wins {rate:6.1%} ± {half:5.1%} "
                f"of {counted} decided games ({2 * args.games} played, seats alternated); "
                f"{turns:.0f} turns/game; {time.perf_counter() - start:.0f} s",
                flush=True,
            )
    finally:
        if pool is not None:
            pool.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
