"""How a huge simulation starts and how much memory it holds while it plays.

Run: ``python benchmarks/bench_scale.py`` (``--seconds 10`` for a short run). Asks
:func:`rummikit.simulate` for 1,000,000 games of pagat (``--games``, ``--profile``), with
simple bots and then greedy ones (``--bots``), played here and then on a pool of two spawned
processes (``--modes``, ``--workers``), each run in a fresh interpreter (so that the caches
one run fills do not count in the next), and stops each run after ``--seconds`` (60) by
raising from its progress callback. For each run it prints the time to the first finished game (the
first call of the progress callback, counted from the start of the call, the pool's start
included), the games played, and the resident memory (VmRSS) sampled four times a second
while it runs: of this process, and of the processes it started together (the pool's
workers, and multiprocessing's resource tracker; psutil when it is installed, /proc
otherwise; pages shared between processes are counted in each). Then
whether the targets hold: the first game in under a second, under 200 MB in all. The
machine's other work slows the games down: run it on a quiet machine.

The script uses only the public API, so it measures any version: ``PYTHONPATH=path/src``
picks the checkout (``--games 100000 --modes serial`` keeps an older version's up-front
tasks within memory).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import AbstractContextManager, nullcontext, suppress
from pathlib import Path

import rummikit as rk

FIRST_GAME_TARGET = 1.0
"""Seconds: the first game should be done within this, however many games are asked for."""
MEMORY_TARGET = 200.0
"""MB: resident memory of the process and its workers together while a run plays."""
SAMPLE_EVERY = 0.25
"""Seconds between two samples of the resident memory."""


class _TimeUp(Exception):
    """Raised from the progress callback to end a run."""


def _status_rss(pid: int) -> int:
    """The resident memory of process ``pid`` in bytes (0 once it is gone)."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    for line in text.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def _descendants(pid: int) -> list[int]:
    """The processes started by ``pid``, and by them, read from /proc."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        parents.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        children = parents.get(todo.pop(), [])
        found.extend(children)
        todo.extend(children)
    return found


def resident() -> tuple[int, int]:
    """The resident memory in bytes of this process, and of its descendants together."""
    try:
        import psutil  # type: ignore[import-untyped, unused-ignore]
    except ImportError:
        own = _status_rss(os.getpid())
        return own, sum(_status_rss(pid) for pid in _descendants(os.getpid()))
    me = psutil.Process()
    workers = 0
    for child in me.children(recursive=True):
        with suppress(psutil.Error):  # gone meanwhile
            workers += child.memory_info().rss
    return me.memory_info().rss, workers


class Sampler:
    """Samples :func:`resident` in a thread until stopped: (seconds, own, workers)."""

    def __init__(self, start: float) -> None:
        self.start = start
        self.samples: list[tuple[float, int, int]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            own, workers = resident()
            self.samples.append((time.perf_counter() - self.start, own, workers))
            self._stop.wait(SAMPLE_EVERY)

    def __enter__(self) -> Sampler:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()


def _mb(value: float) -> str:
    return f"{value / 2**20:.0f} MB"


def run(profile: str, games: int, bots: str, workers: int, seconds: float) -> bool:
    """Play one run for ``seconds``; print its figures; whether the targets held."""
    first: list[float] = []
    done = [0]
    start = time.perf_counter()

    def progress(finished: int, total: int) -> None:
        now = time.perf_counter() - start
        if not first:
            first.append(now)
        done[0] = finished
        if now >= seconds:
            raise _TimeUp

    pool: AbstractContextManager[Executor | None] = nullcontext(None)
    if workers > 1:
        context = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(workers, mp_context=context)
    with pool as executor:  # its shutdown, waiting for the chunks running, is not measured
        with Sampler(start) as sampler, suppress(_TimeUp):
            rk.simulate(
                profile, games=games, bots=bots, seed=1, executor=executor, progress=progress
            )
        played = time.perf_counter() - start
    where = "here" if workers <= 1 else f"on {workers} processes"
    samples = sampler.samples
    peak = max(own + others for _, own, others in samples)
    peak_own = max(own for _, own, _ in samples)
    peak_workers = max(others for _, _, others in samples)
    after_one = next((s for s in samples if s[0] >= 1.0), samples[-1])
    last = samples[-1]
    first_game = first[0] if first else float("inf")
    print(f"{profile}, {games:,} games asked, {bots} bots, {where}:")
    print(f"  first game done after {first_game:.2f} s")
    print(f"  {done[0]:,} games in {played:.0f} s ({done[0] / played:.1f} a second)")
    print(
        f"  resident memory: {_mb(after_one[1] + after_one[2])} after 1 s, "
        f"{_mb(last[1] + last[2])} at {last[0]:.0f} s, at most {_mb(peak)} "
        f"(this process {_mb(peak_own)}, its workers {_mb(peak_workers)}; {len(samples)} samples)"
    )
    fast = first_game < FIRST_GAME_TARGET
    small = peak / 2**20 < MEMORY_TARGET
    print(
        f"  targets: first game < {FIRST_GAME_TARGET:g} s {'held' if fast else 'MISSED'}, "
        f"memory < {MEMORY_TARGET:g} MB {'held' if small else 'MISSED'}"
    )
    return fast and small


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="pagat")
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--bots", default="simple,greedy", help="comma-separated, one run each")
    parser.add_argument("--modes", default="serial,pool", help="serial, pool or both")
    parser.add_argument("--workers", type=int, default=2, help="processes of the pool")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long each run plays")
    parser.add_argument("--here", action="store_true", help=argparse.SUPPRESS)  # one run
    args = parser.parse_args(argv)
    if args.here:
        workers = 1 if args.modes == "serial" else args.workers
        return 0 if run(args.profile, args.games, args.bots, workers, args.seconds) else 1
    print(
        f"rummikit {rk.__version__} from {Path(rk.__file__).parent}, Python "
        f"{platform.python_version()}, {os.cpu_count()} CPUs"
    )
    held = True
    for bots in args.bots.split(","):
        for mode in args.modes.split(","):
            command = [sys.executable, __file__, "--here", "--bots", bots, "--modes", mode]
            command += ["--profile", args.profile, "--games", str(args.games)]
            command += ["--workers", str(args.workers), "--seconds", str(args.seconds)]
            held &= subprocess.run(command, check=False).returncode == 0
            sys.stdout.flush()
    print("all targets held" if held else "some targets MISSED")
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main())
