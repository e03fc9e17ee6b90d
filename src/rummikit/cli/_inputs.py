"""Reading the command line's arguments: counts, profile names and notation.

Every command reads some of them. A mistake becomes click's usage error (exit code 2) that
names the argument to fix and says how: an unknown profile lists the known ones, bad notation
is echoed with a caret under the offending token, pieces of the wrong family name the profiles
that play them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any, NoReturn

import click

from rummikit import profiles as _profiles
from rummikit.errors import NotationError, RummikitError, brief
from rummikit.game import MAX_SEED_DIGITS
from rummikit.notation import parse_table
from rummikit.pieces import Tile
from rummikit.profile import RuleProfile
from rummikit.table import TableState

_ECHO_MARGIN = 30
"""The most characters of the input echoed on each side of the offending token."""
_ECHO_TOKEN = 40
"""The most characters of an offending token echoed under a notation error."""

PROFILE_OPTION = click.option(
    "--profile",
    "-p",
    "profile_name",
    default="pagat",
    show_default=True,
    help="Rule profile (see `rummikit rules`).",
)
"""The ``--profile`` option of the commands that play under one profile."""


class Count(click.IntRange):
    """A whole number in a range; 'abc' is "not a valid integer", not "integer range"."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        # click echoes the value whole, and Python reads no more than 4,300 digits
        if isinstance(value, str) and len(value) > 40:
            text = value.strip()
            if not text.isdigit():
                self.fail(f"{brief(value)} is not a valid integer.", param, ctx)
            if len(text) > MAX_SEED_DIGITS:  # no option takes more
                self.fail(
                    f"{brief(value)} has {len(text):,} digits; at most {MAX_SEED_DIGITS:,}.",
                    param,
                    ctx,
                )
        number: int = super().convert(value, param, ctx)
        return number


def usage(message: str, ctx: click.Context | None = None) -> NoReturn:
    """Stop the command with a usage error (exit code 2) saying ``message``."""
    raise click.UsageError(message, ctx)


def profile_option(name: str, hint: str = "'--profile'") -> RuleProfile:
    """The profile called ``name``; an unknown name is a usage error about ``hint``."""
    try:
        return _profiles.get(name)
    except RummikitError as error:
        raise click.BadParameter(error.message, param_hint=hint) from None


def notation_message(error: NotationError, text: str) -> str:
    """The parser's message, the input and a caret under the offending token.

    The input is echoed as a terminal shows it: tabs and other control characters become
    spaces and '?', and wide characters take two columns under the caret too.
    """
    lines = [f"bad notation: {error.message}"]
    if "\n" in text or error.position >= len(text) + 1 or error.code == "too_long":
        return lines[0]
    token = min(len(error.token), _ECHO_TOKEN)  # a huge token is shown by its start
    start = max(0, error.position - _ECHO_MARGIN)
    end = min(len(text), error.position + token + _ECHO_MARGIN)
    before = "..." if start else ""
    after = "..." if end < len(text) else ""
    shown = _shown(text[start:end])
    ahead = _columns(shown[: error.position - start])
    under = _columns(shown[error.position - start : error.position - start + token])
    caret = " " * (len(before) + ahead) + "^" * max(1, under)
    lines += [f"  {before}{shown}{after}", f"  {caret}"]
    return "\n".join(lines)


def _shown(text: str) -> str:
    """``text`` with whitespace as spaces and other unprintable characters as '?'."""
    return "".join(char if char.isprintable() else " " if char.isspace() else "?" for char in text)


def _columns(text: str) -> int:
    """The terminal columns ``text`` takes (wide characters take two, combining ones none)."""
    return sum(
        0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in "WF" else 1
        for char in text
    )


def table_argument(text: str, what: str) -> TableState:
    """The table written in ``text``; bad notation is a usage error about ``what``."""
    try:
        return parse_table(text)
    except NotationError as error:
        raise click.BadParameter(notation_message(error, text), param_hint=what) from None


def family_hint(profile: RuleProfile, tiles: Sequence[Tile]) -> str:
    """Where pieces of another family than the profile's were given (cards to a tile
    game, or tiles to a card game), which profiles play them, and how to choose one."""
    other = next((t.piece_set for t in tiles if t.piece_set not in (None, profile.piece_set)), None)
    if other is None:
        return ""
    names = [name for name in _profiles.names() if _profiles.get(name).piece_set == other]
    played = ", ".join(names) if names else "no registered profile"
    return f" (pieces of {other.value} are played under {played}: choose one with -p)"
