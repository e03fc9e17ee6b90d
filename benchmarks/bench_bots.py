"""How often the strategic bot beats the greedy one, per profile; and how long bots think.

Run: ``python benchmarks/bench_bots.py`` (``--quick`` for a short, low-budget run). Plays
seeded two-player games of each profile between :class:`~rummikit.bots.StrategicBot` and
:class:`~rummikit.bots.GreedyBot` with :func:`rummikit.simulation.simulate`, every deal
twice with the seats swapped, and prints the strategic bot's win rate with a rough 95%
interval (normal approximation; a shared win counts half, a game without winner counts
for neither) and the command line that reproduces the run.

``--set name=value`` changes a :class:`~rummikit.bots.StrategicBot` keyword (repeatable),
to try other settings. Results depend only on the arguments, not on the machine or on
``--workers``.

``--timing`` measures time instead: it collects the positions where bots decide in seeded
games of every profile and house-rule variant (``game_positions.py``), with the issue's
positions, and prints

* each built-in bot's time per choice at its defaults: median, p99 and max, and the
  slowest positions;
* for each ``--budgets`` value N, ``solve(..., budget=N)`` on every one of those positions
  (with and without ``keep_table``): its time over the documented time of N steps
  (N times :data:`~rummikit.solver._budget.MICROSECONDS_PER_STEP`), the p99 and the worst
  ratio, and the time per step on this machine (the median over the solves the budget cut
  short, which spent it all).

Each time is the best of ``--repeat`` runs, the bots (and budgets) taken in turn on each
position, so that the machine's load weighs on all alike; the figures come from one run on
one machine, whose load the output shows.
"""

from __future__ import annotations

import argparse
import functools
import math
import os
import shlex
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor

import game_positions

import rummikit as rk
from rummikit.bots import DEFAULT_BUDGET, Bot, GreedyBot, RandomBot, SimpleBot, StrategicBot
from rummikit.game import PlayerView
from rummikit.simulation import Report, simulate
from rummikit.solver import Objective
from rummikit.solver._budget import MICROSECONDS_PER_STEP

PROFILES = ("online", "pagat", "rami_voleur")
TILES: Objective = "tiles"


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
    parser.add_argument("--timing", action="store_true", help="time choices and budgets")
    parser.add_argument("--per-rules", type=int, default=3, help="--timing: games per rules")
    parser.add_argument("--repeat", type=int, default=3, help="--timing: best of")
    parser.add_argument("--budgets", default="200,1000,5000,20000", help="--timing")
    args = parser.parse_args(argv)
    if args.timing:
        budgets = [int(text) for text in args.budgets.split(",")]
        timing(args.per_rules, args.seed, args.repeat, budgets)
        return 0
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


# -- timing ---------------------------------------------------------------------------------


def quantiles(values: Sequence[float]) -> tuple[float, float, float]:
    """Median, p99 and max."""
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return statistics.median(ordered), p99, ordered[-1]


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """The shortest of ``repeat`` runs, in seconds."""
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def timing(per_rules: int, seed: int, repeat: int, budgets: Sequence[int]) -> None:
    """Bots' choices and budgeted solves, timed on positions from real games."""
    start = time.perf_counter()
    decisions = game_positions.collect(games=per_rules, seed=seed)
    views: list[tuple[str, PlayerView]] = [
        (f"{d.rules} seed {d.seed} action {d.action}", d.view) for d in decisions
    ]
    views += list(game_positions.ISSUE_VIEWS)
    rules = sorted({d.rules for d in decisions})
    print(
        f"{len(views)} positions from {per_rules} games of each of {len(rules)} rule sets "
        f"({', '.join(rules)}) and the issue's, collected in "
        f"{time.perf_counter() - start:.0f} s; load average {_load()}; best of {repeat}"
    )
    bots: dict[str, Bot] = {
        "greedy": GreedyBot(),
        "strategic": StrategicBot(),
        "simple": SimpleBot(),
        "random": RandomBot(),
    }
    choices: dict[str, list[tuple[float, str]]] = {name: [] for name in bots}
    for label, view in views:
        for name, bot in bots.items():
            choices[name].append((best_of(repeat, functools.partial(bot.choose, view)), label))
    print(f"\nchoice time per bot at its defaults, ms (median / p99 / max); {len(views)} choices")
    for name, timed in choices.items():
        med, p99, top = quantiles([t * 1000 for t, _ in timed])
        slow = ", ".join(f"{label} {t * 1000:.0f}" for t, label in sorted(timed)[-3:][::-1])
        print(f"  {name:>9}: {med:6.1f} / {p99:6.1f} / {top:6.1f}   slowest: {slow}")
    for label, _ in game_positions.ISSUE_VIEWS:
        cells = ", ".join(
            f"{name} {t * 1000:.0f} ms" for name in bots for t, at in choices[name] if at == label
        )
        print(f"  {label}: {cells}")
    budget_ratios(views, repeat, budgets)
    print(f"load average {_load()}; {time.perf_counter() - start:.0f} s in all")


def budget_ratios(
    views: Sequence[tuple[str, PlayerView]], repeat: int, budgets: Sequence[int]
) -> None:
    """``solve(..., budget=N)`` on each position as the bots see it, over N steps' time."""
    positions = [
        (label, view.profile, view.table, view.rack, view.opened[view.player], TILES)
        for label, view in views
    ]
    positions += [
        (name, profile, rk.TableState.parse(table), tuple(rk.parse_tiles(rack)), opened, objective)
        for name, profile, table, rack, opened, objective in game_positions.ISSUE_POSITIONS
    ]
    print(
        f"\nsolve(..., budget=N) on {len(positions)} positions, keep_table True and False: "
        f"time over N x {MICROSECONDS_PER_STEP} us (the documented time per step)"
    )
    ratios: dict[int, list[tuple[float, str]]] = {budget: [] for budget in budgets}
    per_step: list[float] = []  # seconds per step of the solves that spent their budget
    for label, profile, table, rack, opened, objective in positions:
        for keep in (True, False):
            for budget in budgets:
                run = functools.partial(
                    rk.solve,
                    profile,
                    table,
                    rack,
                    opened=opened,
                    objective=objective,
                    budget=budget,
                    keep_table=keep,
                )
                elapsed = best_of(repeat, run)
                found = run()
                ratios[budget].append((elapsed / (budget * MICROSECONDS_PER_STEP * 1e-6), label))
                if found is not None and not found.optimal:
                    per_step.append(elapsed / budget)
    for budget, timed in ratios.items():
        values = [ratio for ratio, _ in timed]
        med, p99, top = quantiles(values)
        worst = max(timed)[1]
        print(f"  N={budget:>6}: ratio median {med:.2f}, p99 {p99:.2f}, max {top:.2f} ({worst})")
    if per_step:
        med, p99, top = quantiles([t * 1e6 for t in per_step])
        print(
            f"  time per step on this machine, over the {len(per_step)} solves cut short: "
            f"median {med:.1f} us, p99 {p99:.1f}, max {top:.1f}"
        )


def _load() -> str:
    try:
        return " ".join(f"{value:.1f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


if __name__ == "__main__":
    sys.exit(main())
