"""The ``check`` command: a meld's reading under a profile, or every way a meld, a table or
an opening breaks the profile's rules.

It answers no with exit code 1: an invalid meld, pieces the deck does not hold (more copies
than it has, or pieces of another family, with the profiles that play them), or an opening
that falls short. On a terminal the lines are the same, with the melds drawn in colour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from rummikit.cli._formats import terminal_console
from rummikit.cli._inputs import PROFILE_OPTION, family_hint, notation_message, profile_option
from rummikit.errors import InvalidArgument, InvalidMeld, NotationError
from rummikit.meld import Meld
from rummikit.notation import parse_meld, parse_table
from rummikit.options import OpeningRule
from rummikit.reading import MeldReading

if TYPE_CHECKING:
    from rich.console import Console

_LABELS = {"valid": "bold green", "invalid": "bold red", "opening": "bold", "": ""}
"""How a line's label is styled on a terminal."""


def _say(console: Console | None, label: str, *parts: str | Meld | MeldReading) -> None:
    """One line: ``label`` in a column of 9, then ``parts``, melds and readings in their
    notation; on a terminal the label styled and the melds drawn in colour."""
    if console is None:
        click.echo(f"{label:<9}{''.join(map(str, parts))}")
        return
    from rich.text import Text

    line = Text.assemble((label, _LABELS[label]), " " * (9 - len(label)))
    for part in parts:
        line.append_text(Text(part) if isinstance(part, str) else part.__rich__())
    console.print(line, soft_wrap=True)


@click.command()
@PROFILE_OPTION
@click.option(
    "--table", "-t", "as_table", is_flag=True, help="Read the text as a table even without '|'."
)
@click.option("--opening", is_flag=True, help="Also check that the melds make a valid opening.")
@click.argument("notation", nargs=-1, required=True)
@click.pass_context
def check(
    ctx: click.Context,
    profile_name: str,
    as_table: bool,
    opening: bool,
    notation: tuple[str, ...],
) -> None:
    """Check a meld or a table under a profile: its reading, or every violation.

    NOTATION is a meld (r7 r8 j) or a table with melds separated by '|'
    ('r7 r8 r9 | b5 k5 o5'). Exits 1 when something is invalid.
    """
    profile = profile_option(profile_name)
    text = " ".join(notation)
    try:
        melds: list[Meld] = (
            list(parse_table(text))
            if as_table or "|" in text or "\n" in text
            else [parse_meld(text)]
        )
    except NotationError as error:
        raise click.BadParameter(notation_message(error, text), param_hint="NOTATION") from None
    if not melds:
        raise click.BadParameter(
            "the table is empty: give at least one meld", param_hint="NOTATION"
        )
    console = terminal_console()
    ok = True
    deck: InvalidArgument | None = None  # a piece not in the deck, or more copies than it has
    pieces = [tile for meld in melds for tile in meld.tiles]
    try:
        profile.check_in_deck(pieces)
    except InvalidArgument as error:
        ok = False
        deck = error
    deck_line = "" if deck is None else f"{deck.code}: {deck.message}"
    if deck is not None and deck.code == "not_in_deck":
        deck_line += family_hint(profile, pieces)
    if deck is not None and len(melds) > 1:
        _say(console, "invalid", deck_line)
    for meld in melds:
        try:
            reading = profile.read_meld(meld)
        except InvalidMeld as error:
            ok = False
            _say(console, "invalid", meld)
            hint = family_hint(profile, meld.tiles) if error.code == "not_in_deck" else ""
            _say(console, "", f"{error.code}: {error.message}{hint}")
            # a reading says what the deck lacks only for jokers; copies are told apart
            if deck is not None and len(melds) == 1 and deck.code != error.code:
                _say(console, "", deck_line)
        else:
            _say(console, "valid", reading, f" (value {reading.value})")
            if deck is not None and len(melds) == 1:
                _say(console, "invalid", deck_line)
    if opening and deck is None:  # an opening of pieces the deck does not hold is no question
        verdict = profile.check_opening(melds)
        if verdict.ok and profile.opening_rule is OpeningRule.POINTS:
            points = profile.opening_points(melds)
            _say(console, "opening", f"ok under {profile.name}: {points} points")
        elif verdict.ok:
            _say(console, "opening", f"ok under {profile.name}")
        else:
            ok = False
            for violation in verdict.violations:
                _say(console, "opening", f"{violation.code}: {violation.message}")
    if not ok:
        ctx.exit(1)
