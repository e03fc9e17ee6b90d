"""The ``rummikit`` command as a whole: help and version, ``main`` and its exit codes, and
output that cannot be written."""

from __future__ import annotations

import io
import sys

import pytest

import rummikit as rk
from rummikit import _output as output_module
from rummikit.cli import _games as cli_module
from rummikit.cli import main
from tests.cli.runner import ONE, run


def test_help_and_version():
    result = run("--help")
    assert result.exit_code == 0
    for command in ("check", "solve", "simulate", "rules", "compare"):
        assert command in result.output
    assert (
        run("--version").output.strip() == f"rummikit, version {rk.__version__} ({rk.BUILD} build)"
    )
    assert rk.BUILD in ("pure", "compiled")
    assert run("nothing").exit_code == 2


def test_main_returns_the_exit_code(capsys):
    assert main(["check", "r1 r2 r3"]) == 0
    assert main(["check", "r1 r2 r4"]) == 1
    assert main(["check", "r1 q2"]) == 2
    assert main(["--help"]) == 0
    assert "Usage: rummikit" in capsys.readouterr().out


@pytest.mark.parametrize("argv", ["check r7 r8 j", 5, [None], (b"x",)])
def test_main_refuses_argv_that_is_not_a_list_of_strings(argv):
    """Regression (a review): ``main("check r7 r8 j")`` read each character as an argument
    ("No such command 'c'"), and ``main(5)`` raised TypeError."""
    with pytest.raises(rk.InvalidArgument) as caught:
        main(argv)
    assert caught.value.code == "bad_argv"
    with pytest.raises(rk.InvalidArgument):
        main(["rules"], prog_name=5)


def test_output_that_cannot_be_written_exits_3_with_one_line(monkeypatch, capsys):
    class Full(io.StringIO):
        def write(self, text):
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(output_module, "silence_stdout", lambda: None)
    monkeypatch.setattr(sys, "stdout", Full())
    assert main(["rules"]) == cli_module.FAILED
    assert capsys.readouterr().err == "Error: could not write the output: No space left on device\n"


def test_output_the_encoding_cannot_show_exits_3(monkeypatch, capsys):
    ascii_out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", ascii_out)
    # the tables fall back to ASCII boxes: a line of text beyond ASCII, as a profile's
    # title or a bot's name may be
    monkeypatch.setattr(cli_module, "settings_line", lambda *args: "déjà joué")
    assert main(["compare", "online", *ONE]) == cli_module.FAILED
    err = capsys.readouterr().err
    assert "the ascii encoding cannot write; set PYTHONIOENCODING=utf-8" in err


def test_a_closed_pipe_exits_3_quietly(monkeypatch, capsys):
    class Closed(io.StringIO):
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(output_module, "silence_stdout", lambda: None)
    monkeypatch.setattr(sys, "stdout", Closed())
    assert main(["check", "r1 r2 r3"]) == cli_module.FAILED
    assert main(["rules"]) == cli_module.FAILED
    assert main(["--help"]) == cli_module.FAILED
    assert main(["check", "--help"]) == cli_module.FAILED
