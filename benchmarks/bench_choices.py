"""How long bots think, and how long a budgeted solve takes against its documented time.

Run: ``python benchmarks/bench_choices.py`` (``--per-rules N`` games per rule set,
``--repeat R``, ``--budgets 1000,5000,20000,100000``, ``--every K``). It collects the
positions where bots decide in seeded games of every built-in profile and house-rule
variant (``game_positions.py``), with the issue's positions, and prints

* each built-in bot's time per choice at its defaults, per rule set and overall: median,
  p99 and max, and the slowest positions (the target of issue 24: p99 under 100 ms, none
  over 500 ms);
* for each budget N, ``solve(..., budget=N)`` on every ``--every``-th position and the
  issue's (``keep_table`` both ways, the objective the position was asked with): its time
  over the documented time of N steps (N, at least
  :data:`~rummikit.solver._budget.MIN_BUDGET`, times
  :data:`~rummikit.solver._budget.MICROSECONDS_PER_STEP`): median, p99 and max, the target
  being about 2 at most; and the time per step of the solves that spent their budget (the
  steps read through the solver's private way in).

Times are CPU time (:func:`time.process_time`), each the best of ``--repeat`` runs: on the
project's shared two-core machine the clock swings threefold with the other work on it,
CPU time far less; on an idle machine they agree. Before timing, each rule set is warmed up
(the solver fills tables per set of meld rules once per process) and the positions are
frozen out of the garbage collector's way (:func:`gc.freeze`). The figures come from one
run on one machine: compare ratios.
"""

from __future__ import annotations

import argparse
import functools
import gc
import math
import os
import shlex
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence

import game_positions

import rummikit as rk
from rummikit.bots import Bot, GreedyBot, RandomBot, SimpleBot, StrategicBot
from rummikit.game import PlayerView
from rummikit.solver import Objective, _dispatch
from rummikit.solver._budget import MICROSECONDS_PER_STEP, MIN_BUDGET, Budget
from rummikit.solver._position import checked_position

ALL = "all"


def quantiles(values: Sequence[float]) -> tuple[float, float, float]:
    """Median, p99 and max."""
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]
    return statistics.median(ordered), p99, ordered[-1]


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """The least CPU time of ``repeat`` runs, in seconds."""
    best = math.inf
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


Labelled = tuple[str, str, PlayerView]  # rule set, position, view


def views(per_rules: int, seed: int) -> list[Labelled]:
    """The views where bots decided, and the issue's."""
    found: list[Labelled] = [
        (d.rules, f"{d.rules} seed {d.seed} action {d.action}", d.view)
        for d in game_positions.collect(games=per_rules, seed=seed)
    ]
    found += [("issue", label, view) for label, view in game_positions.ISSUE_VIEWS]
    return found


def bots() -> dict[str, Bot]:
    """The built-in bots at their defaults."""
    return {
        "greedy": GreedyBot(),
        "strategic": StrategicBot(),
        "simple": SimpleBot(),
        "random": RandomBot(),
    }


def warm_up(found: Sequence[Labelled], players: dict[str, Bot]) -> None:
    """A few choices per rule set, untimed: the solver's tables are built once per
    process and set of meld rules, which a host pays once."""
    done: defaultdict[str, int] = defaultdict(int)
    for rules, _label, view in found:
        if done[rules] < 3:
            done[rules] += 1
            for bot in players.values():
                bot.choose(view)


def choices(found: Sequence[Labelled], repeat: int) -> None:
    """Each bot's time per choice, per rule set and overall."""
    players = bots()
    warm_up(found, players)
    times: dict[str, list[tuple[float, str, str]]] = {name: [] for name in players}
    for rules, label, view in found:
        for name, bot in players.items():
            elapsed = best_of(repeat, functools.partial(bot.choose, view))
            times[name].append((elapsed * 1000, rules, label))
    rule_sets = sorted({rules for rules, _l, _v in found}, key=_rules_order)
    print(f"\nchoice time per bot at its defaults, CPU ms: median / p99 / max ({len(found)})")
    print(f"  {'rules':<24} {'n':>5}  " + "  ".join(f"{name:^20}" for name in players))
    for rules in [*rule_sets, ALL]:
        cells = []
        count = 0
        for name in players:
            values = [t for t, at, _l in times[name] if rules in (at, ALL)]
            count = len(values)
            med, p99, top = quantiles(values)
            cells.append(f"{med:5.1f} /{p99:6.1f} /{top:6.1f}")
        print(f"  {rules:<24} {count:>5}  " + "  ".join(cells))
    for name, timed in times.items():
        slow = ", ".join(f"{label} {t:.0f}" for t, _r, label in sorted(timed)[-3:][::-1])
        print(f"  slowest {name}: {slow}")
    for name, timed in times.items():
        _med, p99, top = quantiles([t for t, _r, _l in timed])
        met = "met" if p99 < 100 and top < 500 else "NOT met"
        print(f"  target p99 < 100 ms, max < 500 ms, {name}: {met}")


def _rules_order(rules: str) -> tuple[int, str]:
    order = [profile.name for profile in game_positions.RULE_SETS]
    return (order.index(rules) if rules in order else len(order), rules)


Solve = tuple[str, rk.RuleProfile, rk.TableState, tuple[rk.Tile, ...], bool, Objective]


def solves(found: Sequence[Labelled], every: int) -> list[Solve]:
    """Every ``every``-th position as its bot asked it (objective ``tiles``), and the
    issue's positions."""
    tiles: Objective = "tiles"
    chosen: list[Solve] = [
        (label, view.profile, view.table, view.rack, view.opened[view.player], tiles)
        for index, (rules, label, view) in enumerate(found)
        if index % every == 0 or rules == "issue"
    ]
    chosen += [
        (name, profile, rk.TableState.parse(table), tuple(rk.parse_tiles(rack)), opened, goal)
        for name, profile, table, rack, opened, goal in game_positions.ISSUE_POSITIONS
    ]
    return chosen


def budget_ratios(positions: Sequence[Solve], repeat: int, budgets: Sequence[int]) -> None:
    """``solve(..., budget=N)`` on each position, over N steps' documented time."""
    print(
        f"\nsolve(..., budget=N) on {len(positions)} positions, keep_table True and False: "
        f"CPU time over max(N, {MIN_BUDGET}) x {MICROSECONDS_PER_STEP} us"
    )
    for budget in budgets:
        ratios: list[tuple[float, str]] = []
        per_step: list[float] = []  # us per step of the solves that spent their budget
        for label, profile, table, rack, opened, objective in positions:
            for keep in (True, False):
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
                spent = _spent(profile, table, rack, opened, objective, budget, keep)
                elapsed = best_of(repeat, run)
                planned = max(budget, MIN_BUDGET) * MICROSECONDS_PER_STEP * 1e-6
                ratios.append((elapsed / planned, f"{label} keep={keep}"))
                if spent >= max(budget, MIN_BUDGET):
                    per_step.append(elapsed * 1e6 / spent)
        med, p99, top = quantiles([ratio for ratio, _ in ratios])
        worst = max(ratios)[1]
        cut = ""
        if per_step:
            cut_med, cut_p99, cut_top = quantiles(per_step)
            cut = (
                f"; {len(per_step)} spent it: us/step {cut_med:.1f} / {cut_p99:.1f} / {cut_top:.1f}"
            )
        print(
            f"  N={budget:>6}: ratio median {med:.2f}, p99 {p99:.2f}, max {top:.2f} ({worst}){cut}"
            f"; at most about 2: {'yes' if top <= 2.5 else 'NO'}"
        )


def _spent(
    profile: rk.RuleProfile,
    table: rk.TableState,
    rack: tuple[rk.Tile, ...],
    opened: bool,
    objective: Objective,
    budget: int,
    keep: bool,
) -> int:
    """The steps ``solve(..., budget=budget)`` spends, read through the private way in."""
    checked, before, pieces = checked_position(profile, table, rack, opened)
    steps = Budget(max(budget, MIN_BUDGET))
    _dispatch._solve_counted(checked, before, pieces, opened, objective, steps, keep)
    return steps.spent


def _load() -> str:
    try:
        return " ".join(f"{value:.1f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-rules", type=int, default=3, help="games per rule set")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="best of")
    parser.add_argument("--budgets", default="1000,5000,20000,100000")
    parser.add_argument("--every", type=int, default=4, help="budgets: every k-th position")
    parser.add_argument("--skip-bots", action="store_true", help="budgets only")
    args = parser.parse_args(argv)
    print("reproduce:", shlex.join(["python", "benchmarks/bench_choices.py", *sys.argv[1:]]))
    start = time.perf_counter()
    found = views(args.per_rules, args.seed)
    gc.collect()
    gc.freeze()
    rule_sets = sorted({rules for rules, _l, _v in found}, key=_rules_order)
    print(
        f"{len(found)} positions from {args.per_rules} games of each of {len(rule_sets) - 1} "
        f"rule sets and the issue's, collected in {time.perf_counter() - start:.0f} s; "
        f"load average {_load()}; best of {args.repeat}"
    )
    if not args.skip_bots:
        choices(found, args.repeat)
    budgets = [int(text) for text in args.budgets.split(",")]
    budget_ratios(solves(found, args.every), args.repeat, budgets)
    print(f"\nload average {_load()}; {time.perf_counter() - start:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
