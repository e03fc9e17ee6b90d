"""Running code in other interpreters, with a hash seed of the test's choosing.

A seed must fix a game in any process: Python salts the hash of every string (and so of
every suit, tile and meld) with a seed of its own per process, so an order that follows
hashes differs from one interpreter to the next. These helpers start fresh interpreters on
the rummikit under test, each with a given ``PYTHONHASHSEED``, for the determinism tests
of every layer.
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

import rummikit

ROOT = Path(__file__).resolve().parents[1]
"""The folder holding the ``tests`` package."""

HASH_SEEDS = ("2", "3")
"""Two hash seeds under which the same seeded games came out differently, before every
choice was put in an order of its own."""


def _environment(hash_seed: str) -> dict[str, str]:
    """This process's environment, with ``hash_seed`` and the rummikit under test first."""
    source = str(Path(rummikit.__file__).resolve().parents[1])
    path = os.pathsep.join([source, str(ROOT), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": path}


def start_python(arguments: Sequence[str], hash_seed: str) -> subprocess.Popen[str]:
    """``python *arguments`` started under ``hash_seed``; :func:`output` waits for it."""
    return subprocess.Popen(
        [sys.executable, *arguments],
        cwd=ROOT,
        env=_environment(hash_seed),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def output(run: subprocess.Popen[str]) -> str:
    """What ``run`` printed, once it ended well."""
    out, err = run.communicate()
    assert run.returncode == 0, err
    return out


def run_python(arguments: Sequence[str], hash_seeds: Sequence[str] = HASH_SEEDS) -> list[str]:
    """What ``python *arguments`` prints under each of ``hash_seeds``, all started at once."""
    runs = [start_python(arguments, seed) for seed in hash_seeds]
    return [output(run) for run in runs]


def other_hash_seed() -> str:
    """A hash seed other than this process's, where the environment fixes it."""
    return "5" if os.environ.get("PYTHONHASHSEED") != "5" else "6"


@contextmanager
def spawn_pool(hash_seed: str, workers: int = 2) -> Iterator[ProcessPoolExecutor]:
    """A pool of fresh interpreters (the ``spawn`` start method) run with ``hash_seed``
    (workers start as work comes: the environment stays set until the pool is shut)."""
    with pytest.MonkeyPatch.context() as patch:
        for name, value in _environment(hash_seed).items():
            patch.setenv(name, value)
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            yield pool
