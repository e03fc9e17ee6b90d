"""The ``rules`` command: the registered profiles, one profile's options, or the options on
which two profiles differ.

The differences are worked out here for ``compare`` too, which prints them under its
results and writes them into its JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from rummikit import profiles as _profiles
from rummikit.cli._formats import make_console
from rummikit.cli._inputs import profile_option, usage
from rummikit.profile import RuleProfile

if TYPE_CHECKING:
    from rich.table import Table


def rule_differences(chosen: Sequence[RuleProfile]) -> list[tuple[str, list[str], str]]:
    """Options whose values differ among ``chosen``: (option, values, meaning)."""
    described = [{row.option: row for row in profile.describe()} for profile in chosen]
    found = []
    for row in chosen[0].describe():
        if row.option in ("name", "title"):
            continue
        values = [rows[row.option].value for rows in described]
        if len(set(values)) > 1:
            found.append((row.option, values, row.meaning))
    return found


def differences_table(chosen: Sequence[RuleProfile]) -> Table:
    """The options on which ``chosen`` differ, one column per profile (no meanings)."""
    from rich.table import Table

    table = Table(title="Rule differences", title_justify="left")
    table.add_column("option", no_wrap=True)
    for profile in chosen:
        table.add_column(profile.name, overflow="fold")
    for option, values, _meaning in rule_differences(chosen):
        table.add_row(option, *values)
    return table


@click.command()
@click.argument("profile_names", nargs=-1, metavar="[PROFILE [OTHER]]")
def rules(profile_names: tuple[str, ...]) -> None:
    """A profile's options as a table, or the differences between two profiles.

    With no profile, lists the registered profiles.
    """
    console = make_console()
    from rich.table import Table

    if len(profile_names) > 2:
        usage("give at most two profiles: `rummikit rules pagat` or `rummikit rules pagat online`")
    if not profile_names:
        table = Table(title="Rule profiles", title_justify="left")
        table.add_column("name")
        table.add_column("title")
        for name in _profiles.names():
            table.add_row(name, _profiles.get(name).title)
        console.print(table)
        return
    chosen = [profile_option(name, "PROFILE") for name in profile_names]
    if len(chosen) == 1:
        (profile,) = chosen
        table = Table(title=f"{profile.name}: {profile.title}", title_justify="left")
        for header in ("option", "value", "meaning", "row"):
            table.add_column(header)
        for row in profile.describe():
            if row.option in ("name", "title"):
                continue
            table.add_row(row.option, row.value, row.meaning, str(row.row))
        console.print(table)
        return
    first, second = chosen
    differences = rule_differences(chosen)
    if not differences:
        console.print(f"{first.name} and {second.name} have the same rules", markup=False)
        return
    table = Table(title=f"{first.name} vs {second.name}", title_justify="left")
    for header in ("option", first.name, second.name, "meaning"):
        table.add_column(header)
    for option, values, meaning in differences:
        table.add_row(option, *values, meaning)
    console.print(table)
