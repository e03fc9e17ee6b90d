"""Running the ``rummikit`` command line in the tests, through click's CliRunner."""

from __future__ import annotations

from click.testing import CliRunner

from rummikit.cli import cli

# Small, fast runs: random bots need no solver.
FAST = ["--games", "2", "--players", "2", "--bots", "random", "--workers", "1"]
ONE = ["--games", "1", "--players", "2", "--bots", "random", "--workers", "1"]


def run(*args: str):
    return CliRunner().invoke(cli, list(args))
