"""The ``rummikit`` command group, and :func:`main`, which runs it for a program.

The group holds the commands of the package's other modules. It and :func:`main` turn
whatever stops a command into its exit code: a closed pipe or an output that cannot be
written ends it with :data:`FAILED` (3), quietly for a pipe, rather than with a traceback.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

import rummikit
from rummikit import _output
from rummikit._output import FAILED
from rummikit.cli._check import check
from rummikit.cli._games import compare, simulate
from rummikit.cli._rules import rules
from rummikit.cli._solve import solve
from rummikit.errors import InvalidArgument, brief


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
@click.version_option(
    rummikit.__version__,
    prog_name="rummikit",
    message=f"%(prog)s, version %(version)s ({rummikit.BUILD} build)",
)
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
