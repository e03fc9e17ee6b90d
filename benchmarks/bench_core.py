"""The fast core alone, on the solver benchmark's positions, against another revision.

Run: ``python benchmarks/bench_core.py --against HEAD~1`` (``--positions N``, ``--seed S``,
``--repeat R``). It records the fast core's first call for each position of
``bench_solver.positions`` (an opened player under the online rules, objective ``tiles``:
the call that finds the best play), then times that call with this checkout's core and with
the core of the ``--against`` revision (its ``_fast*.py`` modules, read with ``git show``),
interleaved position by position, best of ``--repeat``. It prints median, p90, max and total
per core, the number of positions each wins, the search nodes (states entered) per core, and
checks that both give the same scores.

The two cores run in one process, side by side, so the ratio holds even on a noisy machine;
the absolute times do not. Without ``--against`` only this checkout's core is timed.
"""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import bench_solver

from rummikit.solver import _fast, solve

Call = tuple[tuple[Any, ...], dict[str, Any]]


def record(count: int, seed: int) -> list[Call]:
    """The fast core's first call for each benchmark position."""
    calls: list[Call] = []
    real = _fast.solve_counts

    def spy(*args: Any, **kwargs: Any) -> _fast.Plan | None:
        calls.append((args, kwargs))
        return real(*args, **kwargs)

    found = []
    _fast.solve_counts = spy
    try:
        for table, rack in bench_solver.positions(count, seed):
            calls.clear()
            solve(bench_solver.PROFILE, table, rack, opened=True, keep_table=False)
            found.append(calls[0])
    finally:
        _fast.solve_counts = real
    return found


def load_revision(revision: str) -> ModuleType:
    """The fast core as it was at ``revision`` (``_fast.py`` and the ``_fast_*.py`` modules
    it imports, where it had them), loaded as a package of its own, ``fast_against``."""

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout

    folder = "src/rummikit/solver/"
    names = [
        name.rpartition("/")[2]
        for name in git("ls-tree", "--name-only", revision, folder).split()
        if name.rpartition("/")[2].startswith("_fast")
    ]
    package = Path(tempfile.mkdtemp()) / "fast_against"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name in names:
        source = git("show", f"{revision}:{folder}{name}")
        (package / name).write_text(source.replace("rummikit.solver._fast", "fast_against._fast"))
    sys.path.insert(0, str(package.parent))
    try:
        return importlib.import_module("fast_against._fast")
    except ImportError as error:
        raise SystemExit(f"cannot load the fast core of {revision}: {error}") from None
    finally:
        sys.path.remove(str(package.parent))


def nodes(core: ModuleType, call: Call) -> int:
    """How many states the core's search enters on ``call``."""
    count = 0
    # the search's class, named _Search before it was renamed _FastCoreSearch
    search: Any = getattr(core, "_FastCoreSearch", None) or core._Search
    real: Callable[..., None] = search._value

    def counted(self: Any, *args: Any) -> None:
        nonlocal count
        count += 1
        real(self, *args)

    search._value = counted
    try:
        core.solve_counts(*call[0], **call[1])
    finally:
        search._value = real
    return count


def summary(times: Sequence[float]) -> str:
    median, p90, top = bench_solver.quantiles(times)
    return f"median {median:6.2f}  p90 {p90:6.2f}  max {top:7.1f}  total {sum(times):7.0f} ms"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--against", help="a git revision whose fast core to compare with")
    args = parser.parse_args(argv)
    calls = record(args.positions, args.seed)
    cores: list[tuple[str, ModuleType]] = [("this checkout", _fast)]
    if args.against:
        cores.append((args.against, load_revision(args.against)))
    for _, core in cores:  # warm the caches of lane steps
        for call in calls[:30]:
            core.solve_counts(*call[0], **call[1])
    times: list[list[float]] = [[] for _ in cores]
    scores: list[list[int | None]] = [[] for _ in cores]
    for call in calls:
        best = [float("inf")] * len(cores)
        for _ in range(args.repeat):
            for index, (_, core) in enumerate(cores):
                start = time.perf_counter()
                core.solve_counts(*call[0], **call[1])
                best[index] = min(best[index], time.perf_counter() - start)
        for index, (_, core) in enumerate(cores):
            times[index].append(best[index] * 1000)
            plan = core.solve_counts(*call[0], **call[1])
            scores[index].append(None if plan is None else plan.score)
    print(f"{len(calls)} positions, seed {args.seed}, best of {args.repeat}")
    for index, (name, core) in enumerate(cores):
        total_nodes = sum(nodes(core, call) for call in calls)
        print(f"  {name:>14}: {summary(times[index])}  nodes {total_nodes:,}")
    if len(cores) == 2:
        wins = sum(1 for a, b in zip(times[0], times[1], strict=True) if a < b)
        ratio = sum(times[1]) / sum(times[0])
        print(f"  this checkout faster on {wins} of {len(calls)}; total time ratio {ratio:.2f}x")
        if scores[0] != scores[1]:
            differ = [i for i, (a, b) in enumerate(zip(*scores, strict=True)) if a != b]
            print(f"  DISAGREEMENT on positions {differ}")
            sys.exit(1)
        print("  same scores on every position")


if __name__ == "__main__":
    main()
