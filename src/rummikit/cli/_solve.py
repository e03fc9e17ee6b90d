"""The ``solve`` command: the best play for a rack on a table, by :func:`rummikit.solve`.

It prints the pieces played and the table after the play, and says no with exit code 1
when there is no legal play (or none within ``--budget``). On a terminal it draws the table
and the rack before and after the play, in colour, the pieces played underlined.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import click

from rummikit import solver
from rummikit.cli._formats import terminal_console
from rummikit.cli._inputs import (
    PROFILE_OPTION,
    Count,
    family_hint,
    notation_message,
    profile_option,
    table_argument,
    usage,
)
from rummikit.errors import NotationError, RummikitError
from rummikit.notation import parse_tiles
from rummikit.pieces import Tile
from rummikit.solver import Objective
from rummikit.table import TableState

if TYPE_CHECKING:
    from rich.console import Console


@click.command()
@PROFILE_OPTION
@click.option("--table", "table_text", default="", help="The table in notation ('' = empty).")
@click.option("--rack", "rack_text", required=True, help="The rack in notation.")
@click.option("--not-opened", is_flag=True, help="The player has not opened yet (default: opened).")
@click.option(
    "--objective",
    type=click.Choice(["tiles", "points"]),
    default="tiles",
    show_default=True,
    help="Lay the most tiles, or shed the most penalty points.",
)
@click.option(
    "--budget",
    type=Count(min=1),
    default=None,
    help="Bound the search, in steps (about 3 µs each, at least 1,000); the play found is then maybe not the best.",
)
@click.pass_context
def solve(
    ctx: click.Context,
    profile_name: str,
    table_text: str,
    rack_text: str,
    not_opened: bool,
    objective: Objective,
    budget: int | None,
) -> None:
    """The best play for a rack on a table.

    Prints the tiles played and the table after the play. Exits 1 when there is no legal
    play.
    """
    profile = profile_option(profile_name)
    table = table_argument(table_text, "'--table'")
    try:
        rack = parse_tiles(rack_text)
    except NotationError as error:
        raise click.BadParameter(
            notation_message(error, rack_text), param_hint="'--rack'"
        ) from None
    try:
        solution = solver.solve(
            profile, table, rack, opened=not not_opened, objective=objective, budget=budget
        )
    except RummikitError as error:
        where = {
            "too_many_copies": "--table and --rack together",
            "not_in_deck": "--table or --rack",
            "invalid_table": "--table",
        }.get(error.code)
        message = error.message
        if error.code == "not_in_deck":
            message += family_hint(profile, [*table.tiles.elements(), *rack])
        usage(message if where is None else f"{where}: {message}", ctx)
    if solution is None:
        if budget is None:
            click.echo("no legal play: draw")
        else:
            click.echo(
                f"no play found within the budget of {budget} step{'' if budget == 1 else 's'} "
                "(there may be one: raise --budget or leave it out)"
            )
        ctx.exit(1)
    after: TableState = solution.table
    played = after.tiles - table.tiles
    console = terminal_console()
    if console is not None:
        _draw(console, table, rack, after, played, solution.optimal)
        return
    laid = " ".join(str(tile) for tile in sorted(played.elements()))
    count = sum(played.values())
    click.echo(f"play {count} tile{'' if count == 1 else 's'}: {laid}")
    if not solution.optimal:
        click.echo("(the best play found within the budget; not proven optimal)")
    click.echo("table after the play:")
    for meld in after:
        click.echo(f"  {meld}")


def _draw(
    console: Console,
    table: TableState,
    rack: list[Tile],
    after: TableState,
    played: Counter[Tile],
    optimal: bool,
) -> None:
    """The play on a terminal: the lines written into a pipe, in colour, with the table and
    the rack before the play and after it; the pieces played underlined."""
    from rich.text import Text

    from rummikit.terminal import table_text, tiles_text

    def say(*parts: str | tuple[str, str] | Text) -> None:
        console.print(Text.assemble(*parts), soft_wrap=True)  # the terminal wraps, not rich

    laid = sorted(played.elements())
    unplayed = Counter(played)
    left = [tile for tile in rack if not _take(unplayed, tile)]  # in the order given
    count = len(laid)
    say(f"play {count} tile{'' if count == 1 else 's'}: ", tiles_text(laid))
    if not optimal:
        say(("(the best play found within the budget; not proven optimal)", "dim"))
    for when, melds, on_table, pieces, on_rack in (
        ("before", table, [], rack, laid),
        ("after", after, laid, left, []),
    ):
        say((f"table {when} the play:", "bold"))
        for line in table_text(melds, laid=on_table).split("\n"):
            say("  ", line)
        shown = tiles_text(pieces, laid=on_rack) if pieces else Text("(empty)", "dim italic")
        say((f"rack {when} the play:", "bold"), " ", shown)


def _take(counts: Counter[Tile], tile: Tile) -> bool:
    """Whether ``counts`` holds ``tile``, taking one copy of it if so."""
    if counts[tile] <= 0:
        return False
    counts[tile] -= 1
    return True
