"""``python -m rummikit``: the profile comparison, through the command line when the cli
extra is installed and plain without it."""

from __future__ import annotations

import io
import subprocess
import sys

from rummikit import __main__ as module_main
from rummikit import _output as output_module
from rummikit.__main__ import compare, main
from rummikit.cli import _games as cli_module
from tests.cli.runner import FAST


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


def test_python_m_rummikit_runs_compare(capsys):
    assert module_main.main(["online", *FAST]) == 0
    out = capsys.readouterr().out
    assert "Figures of each profile" in out
    assert "online" in out
    assert module_main.main(["check", "r1 r2 r3"]) == 0
    assert module_main.main(["--profiles", "gin"]) == 2
    capsys.readouterr()
    assert module_main.main(["chek", "r1"]) == 2  # a misspelt command, not a profile
    assert "Did you mean 'check'?" in capsys.readouterr().err


def test_python_m_rummikit_without_click_prints_the_plain_comparison(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "click", None)
    assert module_main.main(["online", "pagat"]) == 0
    out = capsys.readouterr().out
    assert "3-piece melds that open" in out
    assert module_main.main(["gin"]) == 2
    assert module_main.main(["check", "r1 r2 r3"]) == 2
    assert "needs the cli extra: pip install 'rummikit[cli]'" in capsys.readouterr().err
    assert module_main.command() == 2


def test_regression_the_plain_comparison_exits_3_quietly_on_a_closed_pipe(monkeypatch, capsys):
    """Without the cli extra, ``python -m rummikit | true`` printed a BrokenPipeError
    traceback and exited 1 (found by a review); cli.rst promises exit 3 and no traceback,
    as the click command line does. A full disk says so in one line."""

    class Closed(io.StringIO):
        def __init__(self, error: OSError) -> None:
            super().__init__()
            self.error = error

        def write(self, text):
            raise self.error

    monkeypatch.setattr(output_module, "silence_stdout", lambda: None)
    monkeypatch.setattr(sys, "stdout", Closed(BrokenPipeError(32, "Broken pipe")))
    assert module_main.plain_main(["online"]) == cli_module.FAILED
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(sys, "stdout", Closed(OSError(28, "No space left on device")))
    assert module_main.plain_main(["online"]) == cli_module.FAILED
    assert "No space left on device" in capsys.readouterr().err
