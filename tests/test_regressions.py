"""Regression tests: each one failed before the fix it is named for."""

from __future__ import annotations

import subprocess
import sys

import attrs

import rummikit as rk

RAMI = rk.profiles.get("rami_voleur")


def test_regression_joker_stands_for_the_high_ace() -> None:
    # Matrix row 3 (Q-K-A) and section 4.6: a joker after the king stands for the high ace.
    # The reader used to reread "Qh Kh j" as J-Q-K, moving the joker below the queen.
    reading = RAMI.read_meld("Qh Kh j")
    assert reading.layout == tuple(rk.parse_tiles("Qh Kh j"))
    assert reading.jokers[0].tile == rk.Tile(rk.Suit.HEARTS, 1)
    assert reading.ranks == (12, 13, 14)


def test_regression_high_ace_joker_under_the_adjacent_joker_ban() -> None:
    # "j Kh j" is Q-K-A with no two jokers side by side (D9 variant); it used to be refused
    # as adjacent_jokers because the only run considered was J-Q-K.
    profile = attrs.evolve(RAMI, forbid_adjacent_jokers=True)
    reading = profile.read_meld("run: j Kh j")
    assert [sub.tile for sub in reading.jokers] == rk.parse_tiles("Qh Ah")


def test_import_rummikit_leaves_the_heavy_modules_for_later():
    """``import rummikit`` stays light (the issue asks for under 100 ms; timing lives in
    benchmarks/bench_import.py): games, records, the solver and simulation load on first use."""
    code = "import sys, rummikit; print(' '.join(sorted(sys.modules)))"
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    for module in ("rummikit.game", "rummikit.record", "rummikit.solver", "rummikit.simulation"):
        assert module not in loaded
    assert "importlib.metadata" not in loaded
