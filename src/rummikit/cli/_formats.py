"""The forms a command's output takes: tables on a console, pictures, JSON or CSV.

Tables are drawn by rich on a console as wide as the terminal (or ``COLUMNS``), and 100
columns wide into a pipe or a file, so that saved output does not depend on the terminal it
was made in. On a terminal, ``check`` and ``solve`` draw their pieces in colour
(:mod:`rummikit.terminal`); into a pipe or a file they write plain text, the same whatever
the terminal. JSON and CSV are written whole, for programs. A simulation's tables are laid
out in :mod:`rummikit.cli._reports`.
"""

from __future__ import annotations

import csv
import enum
import io
import json
import os
import sys
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING

import click

from rummikit import _output
from rummikit._output import FAILED
from rummikit.cli._inputs import usage
from rummikit.simulation._records import csv_row

if TYPE_CHECKING:
    from rich.console import Console

_PIPE_WIDTH = 100
"""The width of tables written into a pipe or a file, unless ``COLUMNS`` says otherwise."""

JSON_OPTION = click.option("--json", "as_json", is_flag=True, help="Write JSON instead of a table.")
"""The ``--json`` option (see :func:`output_format`)."""
CSV_OPTION = click.option("--csv", "as_csv", is_flag=True, help="Write CSV instead of a table.")
"""The ``--csv`` option (see :func:`output_format`)."""


def make_console(*, stderr: bool = False) -> Console:
    """A rich console on the standard output (or error): as wide as ``COLUMNS`` says, else
    as the terminal (80 when it cannot tell), else :data:`_PIPE_WIDTH` into a pipe or a file.
    A closed pipe ends the command quietly."""
    console = _console_type()(stderr=stderr, highlight=False, soft_wrap=False)
    columns = os.environ.get("COLUMNS", "")
    if not (columns.isdigit() and int(columns) > 0):  # unset, or no usable width
        if console.is_terminal:
            stream = sys.stderr if stderr else sys.stdout
            try:
                console.width = os.get_terminal_size(stream.fileno()).columns or 80
            except (OSError, ValueError):
                console.width = 80
        else:
            console.width = _PIPE_WIDTH
    return console


def terminal_console() -> Console | None:
    """A console on the standard output when that is a terminal, for pictures in colour;
    None into a pipe or a file, where the command writes plain text.

    Whether it is a terminal is rich's call: a tty, unless ``TTY_COMPATIBLE`` says otherwise
    (``1`` or ``0``) or ``FORCE_COLOR`` is set (non-empty: a terminal). On a terminal,
    ``NO_COLOR`` leaves the pictures without colours (rich's ``no_color``), and ``TERM=dumb``
    without any style.
    """
    console = make_console()
    return console if console.is_terminal else None


@cache
def _console_type() -> type[Console]:
    """The console class, made on first use so that rich loads only for commands that
    draw tables."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            """A closed pipe ends the command quietly, with exit code FAILED (rich's own
            handler exits with 1, which here means "the answer is no")."""
            _output.silence_stdout()
            raise SystemExit(FAILED)

    return _Console


def output_format(as_json: bool, as_csv: bool) -> str:
    """The output format the flags ask for: "json", "csv" or "table"; both flags are a
    usage error."""
    if as_json and as_csv:
        usage("choose one of --json and --csv")
    return "json" if as_json else "csv" if as_csv else "table"


def write_json(value: object) -> None:
    """Write ``value`` as indented JSON, non-ASCII text as it is rather than escaped."""
    click.echo(json.dumps(value, indent=2, ensure_ascii=False))


def write_csv(rows: Sequence[Mapping[str, object]]) -> None:
    """Write ``rows`` as CSV with a header: every key of any row, in order of appearance; a
    list in a cell is joined with commas."""
    columns: list[str] = []
    for row in rows:
        columns.extend(key for key in row if key not in columns)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(csv_row(row))  # the convention of simulate(out="games.csv")
    click.echo(buffer.getvalue(), nl=False)


def json_value(value: object) -> object:
    """An option's value as JSON holds it: an enum by its text; a number, flag or None as
    it is."""
    return value.value if isinstance(value, enum.Enum) else value
