"""The ``solve`` command: the best play for a rack on a table, by :func:`rummikit.solve`.

It prints the pieces played and the table after the play, and says no with exit code 1
when there is no legal play (or none within ``--budget``).
"""

from __future__ import annotations

import click

from rummikit import solver
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
from rummikit.solver import Objective
from rummikit.table import TableState


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
    laid = " ".join(str(tile) for tile in sorted(played.elements()))
    count = sum(played.values())
    click.echo(f"play {count} tile{'' if count == 1 else 's'}: {laid}")
    if not solution.optimal:
        click.echo("(the best play found within the budget; not proven optimal)")
    click.echo("table after the play:")
    for meld in after:
        click.echo(f"  {meld}")
