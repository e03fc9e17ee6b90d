"""Running the ``rummikit`` command line in the tests, through click's CliRunner."""

from __future__ import annotations

from click.testing import CliRunner

from rummikit.cli import cli

# Small, fast runs: random bots need no solver.
FAST = ["--games", "2", "--players", "2", "--bots", "random", "--workers", "1"]
ONE = ["--games", "1", "--players", "2", "--bots", "random", "--workers", "1"]


PIPE = {"FORCE_COLOR": None, "TTY_COMPATIBLE": None}
"""The environment of a command writing into a pipe, whatever the tests' own environment
says (rich takes ``FORCE_COLOR`` or ``TTY_COMPATIBLE=1`` for a terminal)."""

TERMINAL = {"FORCE_COLOR": "1", "TTY_COMPATIBLE": None, "COLORTERM": "truecolor", "NO_COLOR": None}
"""The environment of a command writing to a terminal of true colours."""


def run(*args: str):
    return CliRunner(env=PIPE).invoke(cli, list(args))


def run_on_terminal(*args: str, **env: str | None):
    """Run the command as if its output were a terminal (``env`` added to :data:`TERMINAL`)."""
    return CliRunner(env={**TERMINAL, **env}).invoke(cli, list(args))
