"""Check that the pure and the compiled build give the same answers.

Run: ``python benchmarks/check_builds.py --compiled PYTHON``, where ``PYTHON`` imports the
compiled build (a virtual environment it was installed in). The pure build is this
checkout's sources, run by this interpreter with ``PYTHONPATH=src``. Each build, in a fresh
process, answers

* the solver benchmark's positions (``bench_solver.py``: seeded tables of 0 to 60 tiles and
  racks of 14 or 20-30), solved under the online rules with the tie step on (the plays and
  table a host would show) and off (what the bots ask), and under pagat's rules, where the
  melds holding a joker are frozen;
* a few seeded simulations of every built-in profile (greedy bots, and strategic ones);

and the two sets of answers must be equal: the same tables, scores and optimal flags, the
same game reports. It also checks that the compiled process runs the compiled build, every
module listed for compiling (``pyproject.toml``) loaded as an extension module. ``.ci/run``
runs it; ``--positions`` and ``--games`` make it longer.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PROFILES = ("online", "pagat", "rami_voleur", "standard_rummy")


def compiled_modules() -> list[str]:
    """The modules the compiled build compiles, as dotted names."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    paths = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["compile"]
    return [path.removesuffix(".py").replace("/", ".") for path in paths]


def answers(count: int, seed: int, games: int) -> dict[str, object]:
    """This process's answers: its build, solves of the benchmark's positions, reports."""
    import importlib
    from importlib.machinery import EXTENSION_SUFFIXES

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_solver import positions

    import rummikit as rk
    from rummikit.simulation import simulate
    from rummikit.solver import solve

    loaded = {
        name: (importlib.import_module(name).__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
        for name in compiled_modules()
    }
    solves = []
    for table, rack in positions(count, seed):
        for profile, keep_table in (("online", True), ("online", False), ("pagat", True)):
            found = solve(profile, table, rack, opened=True, keep_table=keep_table)
            solves.append(None if found is None else [str(found.table), found.score, found.optimal])
    reports = {}
    for bots in ("greedy", "strategic"):
        for name in PROFILES:
            profile = rk.profiles.get(name)
            report = simulate(
                profile, players=profile.default_players, games=games, seed=seed, bots=bots
            )
            reports[f"{name} {bots}"] = json.loads(json.dumps(report.to_records(), default=str))
    return {"build": rk.BUILD, "compiled": loaded, "solves": solves, "reports": reports}


def _run(python: str, pure: bool, count: int, seed: int, games: int) -> dict[str, Any]:
    env = dict(os.environ)
    if pure:
        env["PYTHONPATH"] = os.pathsep.join(
            filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")])
        )
    options = ["--positions", str(count), "--seed", str(seed), "--games", str(games)]
    done = subprocess.run(
        [python, __file__, "--answers", *options],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if done.returncode:
        sys.exit(f"{python} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def compare(compiled: str, count: int, seed: int, games: int) -> int:
    pure = _run(sys.executable, True, count, seed, games)
    fast = _run(compiled, False, count, seed, games)
    problems = []
    if pure["build"] != "pure":
        problems.append(f"the pure run ran the {pure['build']} build")
    if fast["build"] != "compiled":
        problems.append(f"{compiled} runs the {fast['build']} build, not the compiled one")
    modules = fast["compiled"]
    problems.extend(f"{name} is not compiled" for name, ok in modules.items() if not ok)
    pure_solves, fast_solves = pure["solves"], fast["solves"]
    differ = [i for i, (a, b) in enumerate(zip(pure_solves, fast_solves, strict=True)) if a != b]
    problems.extend(
        f"solve {i} (position {i // 3}) differs: {pure_solves[i]} != {fast_solves[i]}"
        for i in differ[:10]
    )
    pure_reports, fast_reports = pure["reports"], fast["reports"]
    problems.extend(
        f"the reports of {key} differ"
        for key in pure_reports
        if pure_reports[key] != fast_reports[key]
    )
    print(
        f"pure and compiled builds: {len(pure_solves)} solves of {count} positions "
        f"(seed {seed}), {len(pure_reports)} simulations of {games} games"
    )
    for problem in problems:
        print(f"  MISMATCH: {problem}")
    if not problems:
        print(f"  the same answers; {len(modules)} modules compiled")
    return 1 if problems else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--compiled", metavar="PYTHON", help="the interpreter of the compiled build"
    )
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--answers", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.answers:
        print(json.dumps(answers(args.positions, args.seed, args.games)))
        return 0
    if not args.compiled:
        parser.error("give --compiled PYTHON")
    return compare(args.compiled, args.positions, args.seed, args.games)


if __name__ == "__main__":
    sys.exit(main())
