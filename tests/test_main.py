"""``python -m rummikit``: the profile comparison."""

import subprocess
import sys

from rummikit.__main__ import compare, main


def test_compare_shows_differing_options_and_figures():
    report = compare(["online", "pagat"])
    lines = report.splitlines()
    assert any(line.startswith("opening_joker_value") and "zero" in line for line in lines)
    assert not any(line.startswith("hand_size") for line in lines)
    # Derived from the rules: 3 runs of 30+ per colour and 4 groups of 10+ per rank range.
    assert any(line.split()[:4] == ["3-piece", "melds", "that", "open"] for line in lines)
    (opening_row,) = [line for line in lines if line.startswith("3-piece melds that open")]
    assert opening_row.split()[-2:] == ["28", "116"]


def test_unknown_profile_exits_2_with_a_message(capsys):
    assert main(["pagat", "gin"]) == 2
    assert "known profiles" in capsys.readouterr().err


def test_module_runs():
    # A tiny job: one game of two simple bots (no solver), played here.
    tiny = ["--games", "1", "--players", "2", "--bots", "simple", "--workers", "1"]
    result = subprocess.run(
        [sys.executable, "-m", "rummikit", "online", *tiny],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "online" in result.stdout
