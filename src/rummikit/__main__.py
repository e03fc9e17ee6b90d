"""``python -m rummikit``: compare rule profiles side by side.

With the ``cli`` extra installed (click and rich), this is ``rummikit compare``: the profiles
over seeded games, with their rule differences (``python -m rummikit check r7 r8 j`` runs any
other command). Without it, it prints a dependency-free comparison: the options on which the
profiles differ, then a few figures computed from the rules themselves: how many distinct
three-piece melds each deck allows and how many of them open the game on their own.
"""

from __future__ import annotations

import argparse
import difflib
import itertools
import sys
from collections.abc import Sequence

from rummikit import profiles
from rummikit._output import unwritable
from rummikit.errors import RummikitError
from rummikit.meld import Meld, MeldKind
from rummikit.profile import RuleProfile


def _three_piece_figures(profile: RuleProfile) -> tuple[int, int]:
    """Distinct valid three-piece melds (each reading counted once) and how many open alone."""
    pieces = sorted(set(profile.deck))
    valid = opening = 0
    for combo in itertools.combinations_with_replacement(pieces, 3):
        for kind in (MeldKind.RUN, MeldKind.GROUP):
            meld = Meld(combo, kind)
            if profile.is_valid_meld(meld):
                valid += 1
                opening += profile.check_opening([meld]).ok
    return valid, opening


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
        for row in [header, *rows]
    ]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(line.rstrip() for line in lines)


def compare(names: Sequence[str]) -> str:
    """The comparison report for the profiles called ``names``, as text."""
    chosen = [profiles.get(name) for name in names]
    values = [{row.option: row.value for row in profile.describe()} for profile in chosen]
    options = [row.option for row in chosen[0].describe() if row.option not in ("name", "title")]
    differing = [o for o in options if len({v[o] for v in values}) > 1]
    header = ["option", *(p.name for p in chosen)]
    rows = [[option, *(v[option] for v in values)] for option in differing]
    figures = [_three_piece_figures(profile) for profile in chosen]
    rows.append(["valid 3-piece melds", *(str(f[0]) for f in figures)])
    rows.append(["3-piece melds that open", *(str(f[1]) for f in figures)])
    titles = "\n".join(f"{p.name}: {p.title}" for p in chosen)
    return f"{titles}\n\n{_table(header, rows)}"


_COMMANDS = ("check", "solve", "simulate", "rules", "compare")
_PASSED_ON = (*_COMMANDS, "--help", "-h", "--version")


_NEEDS_EXTRA = "the rummikit command line needs the cli extra: pip install 'rummikit[cli]'"


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m rummikit``: ``rummikit compare`` if click is installed."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not _has_cli():  # no cli extra: the plain comparison
        if args and args[0] in _COMMANDS:
            print(f"error: {_NEEDS_EXTRA}", file=sys.stderr)
            return 2
        return plain_main(args)
    from rummikit import cli

    command = args if args and _is_command(args[0]) else ["compare", *args]
    return cli.main(command, prog_name="python -m rummikit")


def command() -> int:
    """Entry point of the ``rummikit`` script: the command line, or what to install for it."""
    if not _has_cli():
        print(f"error: {_NEEDS_EXTRA}", file=sys.stderr)
        return 2
    from rummikit import cli

    return cli.main()


def _has_cli() -> bool:
    try:
        import click  # noqa: F401
        import rich  # noqa: F401
    except ImportError:
        return False
    return True


def _is_command(word: str) -> bool:
    """Whether ``word`` is a command, or a misspelt one rather than a profile (so that the
    command line says which command was meant)."""
    if word in _PASSED_ON:
        return True
    if word.startswith("-") or _is_profile(word):
        return False
    return bool(difflib.get_close_matches(word, _COMMANDS, n=1, cutoff=0.7))


def _is_profile(name: str) -> bool:
    try:
        profiles.get(name)
    except RummikitError:
        return False
    return True


def plain_main(argv: Sequence[str] | None = None) -> int:
    """The dependency-free comparison: rule differences and figures derived from the rules."""
    parser = argparse.ArgumentParser(
        prog="python -m rummikit",
        description="Compare rule profiles: the options that differ and a few derived figures.",
    )
    parser.add_argument(
        "profiles", nargs="*", help="profile names (default: every registered profile)"
    )
    args = parser.parse_args(argv)
    try:
        report = compare(args.profiles or profiles.names())
    except RummikitError as error:
        print(f"error: {error.message}", file=sys.stderr)
        return 2
    try:
        print(report, flush=True)
    except (UnicodeEncodeError, OSError) as error:  # a pipe closed early, a full disk
        return unwritable(error)
    return 0


if __name__ == "__main__":
    sys.exit(main())
