"""The ``rummikit`` command line (``pip install rummikit[cli]``): click and rich.

Commands: ``check`` a meld or a table, ``solve`` a position, ``simulate`` games, ``rules``
(a profile's options or two profiles' differences) and ``compare`` (rule profiles side by
side over seeded games: the main job, ``rummikit compare`` with no arguments). See
:doc:`/cli` for every option.

Exit codes: 0 when all went well; 1 when a check says no (an invalid meld, no legal play);
2 for a usage error (bad notation, an unknown profile or bot, a value out of range), with
the message saying what to fix; 3 when the command could not finish (the output could not
be written, the worker processes stopped).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

import rummikit
from rummikit import _output
from rummikit._output import FAILED
from rummikit.cli._check import check
from rummikit.cli._games import BUILT_IN, COMPARE_GAMES, compare, simulate
from rummikit.cli._games import COMPARE_PLAYERS as COMPARE_PLAYERS
from rummikit.cli._games import MAX_WORKERS as MAX_WORKERS
from rummikit.cli._games import SIMULATE_GAMES as SIMULATE_GAMES
from rummikit.cli._rules import rules
from rummikit.cli._solve import solve
from rummikit.errors import InvalidArgument, brief

__all__ = [
    "BUILT_IN",
    "COMPARE_GAMES",
    "check",
    "cli",
    "compare",
    "main",
    "rules",
    "simulate",
    "solve",
]


class _Commands(click.Group):
    """The command group: a pipe closed early ends a command quietly with :data:`FAILED`
    (click's own handler exits with 1, which here means "the answer is no")."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        # the group's own --help and --version are written while its context is made
        try:
            return super().make_context(info_name, args, parent, **extra)
        except BrokenPipeError:
            _output.silence_stdout()
            raise SystemExit(FAILED) from None

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            _output.silence_stdout()
            raise SystemExit(FAILED) from None


@click.group(
    name="rummikit", cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]}
)
@click.version_option(rummikit.__version__, prog_name="rummikit")
def cli() -> None:
    """Rules of rummy games with a shared table: check melds, solve positions, compare rules.

    Start with `rummikit compare`: the built-in rule profiles side by side over seeded games.
    """


cli.add_command(check)
cli.add_command(solve)
cli.add_command(rules)
cli.add_command(simulate)
cli.add_command(compare)


def main(argv: Sequence[str] | None = None, *, prog_name: str = "rummikit") -> int:
    """Run the command line with ``argv`` (default: the process's arguments); the exit code.

    An output that cannot be written (a full disk, an encoding that cannot show the text)
    ends the command with a one-line message and exit code :data:`FAILED`; so does a closed
    pipe (``rummikit compare | head -1``), quietly. ``argv`` is a list of arguments, as
    :data:`sys.argv` holds them after the program's name (``["check", "r7 r8 j"]``); one
    string, or anything but strings, raises :class:`~rummikit.InvalidArgument`
    (``bad_argv``).
    """
    if argv is not None and (
        isinstance(argv, str | bytes)
        or not isinstance(argv, Sequence)
        or not all(isinstance(arg, str) for arg in argv)
    ):
        hint = " (split it: shlex.split(text))" if isinstance(argv, str) else ""
        raise InvalidArgument(
            "bad_argv", f"argv is a list of str arguments{hint}, not {brief(argv)}"
        )
    if not isinstance(prog_name, str):
        raise InvalidArgument("bad_argv", f"prog_name is a str, not {brief(prog_name)}")
    try:
        cli.main(args=None if argv is None else list(argv), prog_name=prog_name)
    except SystemExit as stop:
        code = stop.code
        return code if isinstance(code, int) else 0 if code is None else 1
    except (UnicodeEncodeError, OSError) as error:
        return _output.unwritable(error)
    return 0
