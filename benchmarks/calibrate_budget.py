"""What a budget step costs, per kind of work: the measurement behind the step costs.

Run: ``python benchmarks/calibrate_budget.py`` (``--per-rules N`` games per rule set,
``--repeat R``). It solves the positions where bots decide in seeded games of every profile
and house-rule variant (``game_positions.py``, with the issue's positions), with budgets
and without, both ways of ``keep_table``, and

* counts, for each solve, the units of each kind of work charged to its budget (a step of
  the fast core, a step of the general sweep, a judgement, a piece judged, a meld built,
  ...: one per constant of :mod:`rummikit.solver._budget`), by reading which constant each
  charge names;
* times each solve without counting, in CPU time (:func:`time.process_time`, which the
  machine's other work weighs on less than on the clock), the best of ``--repeat`` runs;
* fits the time of a solve as a sum of a cost per unit of each kind (non-negative least
  squares on relative error, with a fixed cost per call), and prints each kind's cost in
  microseconds and in steps of the fast core, next to the constant the solver uses;
* prints the time per charged step over all solves (median, p90, p99, max) with the
  solver's constants, and the solves whose time per step is highest, where work is not
  charged as it costs.

The fit needs scipy. Figures come from one run on one machine: compare the ratios.
"""

from __future__ import annotations

import argparse
import functools
import linecache
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import game_positions

import rummikit as rk
from rummikit.solver import _budget, _sweep_steps
from rummikit.solver._budget import MICROSECONDS_PER_STEP

KINDS: tuple[tuple[str, str, int], ...] = (
    # (kind, the constant a charge names, steps a unit)
    ("core search", "SEARCH_STEPS", _budget.SEARCH_STEPS),
    ("live rack", "LIVE_STEPS", _budget.LIVE_STEPS),
    ("play", "PLAY_STEPS", _budget.PLAY_STEPS),
    ("meld", "MELD_STEPS", _budget.MELD_STEPS),
    ("sweep search", "SWEEP_SEARCH_STEPS", _budget.SWEEP_SEARCH_STEPS),
    ("problem", "PROBLEM_STEPS", _budget.PROBLEM_STEPS),
    ("rebuild", "REBUILD_STEPS", _budget.REBUILD_STEPS),
    ("setup", "SETUP_STEPS", _budget.SETUP_STEPS),
    ("case", "CASE_STEPS", _budget.CASE_STEPS),
    ("judge", "JUDGE_STEPS", _budget.JUDGE_STEPS),
    ("judged piece", "JUDGED_PIECE_STEPS", _budget.JUDGED_PIECE_STEPS),
    ("tie check", "CHECK_STEPS", _budget.CHECK_STEPS),
    ("resplit meld", "RESPLIT_STEPS", _budget.RESPLIT_STEPS),
)
SWEEP_KINDS = ("sweep state", "sweep listing", "sweep way", "sweep split", "sweep value")
ALL_KINDS = ("core step", *SWEEP_KINDS, *(kind for kind, _c, _s in KINDS), "call")
SWEEP_PER = {
    "sweep state": _budget.SWEEP_STATE_STEPS,
    "sweep listing": _budget.SWEEP_WAY_STEPS,
    "sweep way": _budget.SWEEP_WAY_STEPS,
    "sweep split": _budget.SWEEP_SPLIT_STEPS,
    "sweep value": _budget.SWEEP_VALUE_STEPS,
}


class Counted:
    """Units of each kind charged so far, read from the source line of each charge."""

    def __init__(self) -> None:
        self.units: Counter[str] = Counter()
        self.steps = 0

    def charge(self, steps: int) -> None:
        """A charge of the solve's budget: its kind is the constant its line names."""
        frame = sys._getframe(2)
        line = linecache.getline(frame.f_code.co_filename, frame.f_lineno)
        self.steps += steps
        if "engine.budget.spent" in line:
            return  # the sweep's own steps, counted one by one (sweep_charge)
        named = [(kind, const, per) for kind, const, per in KINDS if _names(line, const)]
        if not named:
            self.units["core step"] += steps  # the fast core's steps: solve_counts(spent)
            return
        if len(named) == 1:
            kind, _const, per = named[0]
            self.units[kind] += steps // per
            return
        # a fixed cost and a cost per item: PLAY + MELD x melds, JUDGE + PIECE x pieces
        (first, _c, fixed), (second, _c2, per) = sorted(named, key=lambda k: -k[2])
        self.units[first] += 1
        self.units[second] += (steps - fixed) // per

    def sweep_charge(self, steps: int) -> None:
        """A charge of the general sweep's own count, by where it comes from."""
        frame = sys._getframe(2)
        kind, per = {
            "_dfs": ("sweep state", _budget.SWEEP_STATE_STEPS),
            "_successors": ("sweep listing", _budget.SWEEP_WAY_STEPS),
            "_combine": ("sweep value", _budget.SWEEP_VALUE_STEPS),
        }.get(frame.f_code.co_name, ("", 0))
        if not kind:  # rec: a way tried, or the groups checked for a successor
            line = linecache.getline(frame.f_code.co_filename, frame.f_lineno)
            if "SWEEP_WAY_STEPS" in line:
                kind, per = "sweep way", _budget.SWEEP_WAY_STEPS
            else:
                kind, per = "sweep split", _budget.SWEEP_SPLIT_STEPS
        self.units[kind] += steps // per


def _names(line: str, constant: str) -> bool:
    at = line.find(constant)
    while at >= 0:
        before = line[at - 1] if at else " "
        if not (before.isalnum() or before == "_"):
            return True
        at = line.find(constant, at + 1)
    return False


def counted(run: Callable[[], object]) -> Counted:
    """The units charged by ``run``, the solver's charges read as they are made."""
    record = Counted()
    spend, sweep_spend = _budget.Budget.spend, _sweep_steps._Budget.spend

    def charged(self: _budget.Budget, steps: int) -> None:
        record.charge(steps)
        spend(self, steps)

    def sweep_charged(self: _sweep_steps._Budget, count: int) -> None:
        record.sweep_charge(count)
        sweep_spend(self, count)

    _budget.Budget.spend = charged  # type: ignore[method-assign]
    _sweep_steps._Budget.spend = sweep_charged  # type: ignore[method-assign]
    try:
        run()
    finally:
        _budget.Budget.spend = spend  # type: ignore[method-assign]
        _sweep_steps._Budget.spend = sweep_spend  # type: ignore[method-assign]
    record.units["call"] = 1
    return record


def best_time(run: Callable[[], object], repeat: int) -> float:
    """The shortest of ``repeat`` runs (each repeated until it takes a millisecond), s."""
    start = time.process_time()
    run()
    once = time.process_time() - start
    inner = max(1, min(50, int(1e-3 / max(once, 1e-7))))
    best = once
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(inner):
            run()
        best = min(best, (time.process_time() - start) / inner)
    return best


Position = tuple[str, rk.RuleProfile, rk.TableState, tuple[rk.Tile, ...], bool, Any]


def positions(per_rules: int, seed: int) -> list[Position]:
    """The positions of the benchmark: where bots decided, and the issue's."""
    found: list[Position] = []
    for d in game_positions.collect(games=per_rules, seed=seed):
        view = d.view
        label = f"{d.rules} seed {d.seed} action {d.action}"
        found.append(
            (label, view.profile, view.table, view.rack, view.opened[view.player], "tiles")
        )
    for label, view in game_positions.ISSUE_VIEWS:
        found.append(
            (label, view.profile, view.table, view.rack, view.opened[view.player], "tiles")
        )
    for name, profile, table, rack, opened, objective in game_positions.ISSUE_POSITIONS:
        found.append(
            (
                name,
                profile,
                rk.TableState.parse(table),
                tuple(rk.parse_tiles(rack)),
                opened,
                objective,
            )
        )
    return found


Row = tuple[str, Counter[str], int, float]


def measure(found: Sequence[Position], budgets: Sequence[int | None], repeat: int) -> list[Row]:
    """Each position solved with each budget and ``keep_table`` both ways: its units, its
    steps and its time. Exact solves only where the largest budget finished."""
    rows: list[Row] = []
    for label, profile, table, rack, opened, objective in found:
        finished = True
        for budget in budgets:
            if budget is None and not finished:
                continue
            for keep in (False, True):
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
                record = counted(run)
                elapsed = best_time(run, repeat)
                rows.append(
                    (f"{label} N={budget} keep={keep}", record.units, record.steps, elapsed)
                )
                if budget == max(b for b in budgets if b is not None):
                    answer = run()
                    finished = finished and (answer is None or answer.optimal)
    return rows


def fit(rows: Sequence[Row]) -> dict[str, float]:
    """Seconds per unit of each kind: non-negative least squares on relative error."""
    import numpy as np
    from scipy.optimize import nnls

    matrix = np.array([[row[1][kind] / row[3] for kind in ALL_KINDS] for row in rows])
    costs, _residual = nnls(matrix, np.ones(len(rows)), maxiter=10_000)
    return dict(zip(ALL_KINDS, (float(c) for c in costs), strict=True))


def report(rows: Sequence[Row], costs: dict[str, float]) -> None:
    """The fitted costs next to the solver's, and the time per charged step."""
    step = costs["core step"] or 1e-9
    print(f"\n{len(rows)} solves; fitted cost per unit (us), and in fast-core steps:")
    per = {kind: per for kind, _const, per in KINDS} | SWEEP_PER
    for kind in ALL_KINDS:
        units = sum(row[1][kind] for row in rows)
        used = per.get(kind, 1 if kind == "core step" else None)
        current = ""
        if used is not None:
            current = f"   solver charges {used} (fit / charge {costs[kind] / step / used:.2f})"
        print(
            f"  {kind:>14}: {costs[kind] * 1e6:8.2f} us = {costs[kind] / step:7.1f} steps"
            f"   ({units} units in all){current}"
        )
    per_step = sorted((row[3] * 1e6 / max(row[2], 1), row[0], row[2], row[3]) for row in rows)
    values = [ratio for ratio, *_ in per_step]
    print(
        f"\ntime per charged step (us): median {statistics.median(values):.2f}, "
        f"p90 {_at(values, 0.9):.2f}, p99 {_at(values, 0.99):.2f}, max {values[-1]:.2f} "
        f"(documented: {MICROSECONDS_PER_STEP})"
    )
    big = [item for item in per_step if item[3] > 2e-3]
    print("highest time per step among solves over 2 ms:")
    for ratio, label, steps, elapsed in big[-12:][::-1]:
        print(f"  {ratio:6.2f} us/step  {steps:>8} steps {elapsed * 1e3:8.1f} ms  {label}")


def _at(ordered: Sequence[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, math.floor(share * len(ordered)))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-rules", type=int, default=2, help="games per rule set")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="best of")
    parser.add_argument("--budgets", default="1000,10000,100000,none")
    args = parser.parse_args(argv)
    budgets = [None if text == "none" else int(text) for text in args.budgets.split(",")]
    start = time.perf_counter()
    found = positions(args.per_rules, args.seed)
    rows = measure(found, budgets, args.repeat)
    report(rows, fit(rows))
    print(f"\n{len(found)} positions; {time.perf_counter() - start:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
