"""Simulation reports as tables: each profile's figures with their confidence intervals, and
the paired differences of a comparison, for ``rummikit simulate`` and ``rummikit compare``.

Every mean and share is printed with its interval in brackets, ``33.8 [32.5, 35.1]``; a
standard deviation has its own row, labelled ``sd``, so that a spread is never read as an
interval. A difference the games detect (its interval leaves out zero) is marked ``*``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rummikit.simulation import Comparison, Estimate, Report
from rummikit.simulation._estimate import level_text
from rummikit.simulation._figures import Figure, figures

if TYPE_CHECKING:
    from rich.table import Table


def summary_json(report: Report, confidence: float) -> dict[str, object]:
    """A report's summary for JSON: as :meth:`~rummikit.Report.summary`, with the bots as
    a list, as each game's record has them (the flat summary joins them for CSV)."""
    return {**report.summary(confidence), "bots": list(report.bots)}


def settings_line(reports: Sequence[Report], confidence: float, stopped: str) -> str:
    """The lines above the tables: games, players, bots and seed (the same for all; the
    players of each profile when they differ), why the run stopped early if it did, and the
    intervals' level and methods."""
    first = reports[0]
    bots = first.bots[0] if len(set(first.bots)) == 1 else ", ".join(first.bots)
    games = f"{first.games:,} seeded game{'' if first.games == 1 else 's'}"
    why = {
        "precision": " (stopped there: the precision asked for was reached)",
        "time_limit": " (stopped there: the time limit was reached)",
    }.get(stopped, "")
    if len({report.players for report in reports}) == 1:
        line = f"{games} per profile{why}, {first.players} players, bots: {bots}, seed {first.seed}"
    else:  # the players last, where a long list may wrap
        players = ", ".join(f"{report.profile} {report.players}" for report in reports)
        line = f"{games} per profile{why}, bots: {bots}, seed {first.seed}; players: {players}"
    methods = "Student's t for means, Wilson for shares"
    if len(reports) > 1:
        methods += "; differences: t, Newcombe for yes-or-no shares"
    return f"{line}\nIntervals: {level_text(confidence)} confidence; {methods}"


def _bound(value: float, sign: str) -> str:
    """A bound with one decimal, or as many more (up to four) as it takes not to read as
    zero when it is not: an interval that leaves out zero must show it."""
    if not math.isfinite(value):
        return "?"
    digits = 1
    while digits < 4 and value != 0 and round(value, digits) == 0:
        digits += 1
    return f"{value:{sign}.{digits}f}"


def interval_text(
    estimate: Estimate | None, percent: bool, *, signed: bool = False, stacked: bool = False
) -> str:
    """An estimate as a cell: a mean with one decimal, a share as a percentage, then its
    interval in brackets (on a line of its own when ``stacked``, for narrow columns); ``-``
    when there is none. ``signed`` writes a difference (a share's in percentage points)."""
    if estimate is None:
        return "-"
    scale = 100.0 if percent else 1.0
    sign = "+" if signed else ""
    unit = "%" if percent and not signed else ""
    value = f"{estimate.value * scale:{sign}.1f}{unit}"
    interval = f"[{_bound(estimate.low * scale, sign)}, {_bound(estimate.high * scale, sign)}]"
    return f"{value}\n{interval}" if stacked else f"{value} {interval}"


def _figure_rows(reports: Sequence[Report], confidence: float) -> list[tuple[str, list[str]]]:
    """A row per figure of the reports (a seat's figures up to the most seats): the estimate
    of each report, blank where a report has no such seat; beyond two reports, each
    interval under its figure, so that four profiles fit in 100 columns."""
    players = max(report.players for report in reports)
    stacked = len(reports) > 2
    found = [report.estimates(confidence) for report in reports]
    # a report's own figures: a seat it does not have is left blank, a figure no game had
    # (nobody opened) is shown as "-"
    own = [{figure.name for figure in figures(report.players)} for report in reports]
    rows = []
    for figure in figures(players):
        cells = [
            interval_text(estimates.get(figure.name), figure.percent, stacked=stacked)
            if figure.name in names
            else ""
            for names, estimates in zip(own, found, strict=True)
        ]
        rows.append((figure.label, cells))
    return rows


def results_table(reports: Sequence[Report], title: str, confidence: float) -> Table:
    """The reports' figures side by side, one column per profile, each with its interval at
    ``confidence``; spreads (standard deviations) and extremes in rows of their own."""
    from rich.table import Table

    table = Table(
        title=f"{title} (mean or share [{level_text(confidence)} CI])", title_justify="left"
    )
    table.add_column("", no_wrap=True)
    for report in reports:
        table.add_column(report.profile, justify="right", overflow="fold")
    table.add_row("games", *[f"{report.games:,}" for report in reports])
    for label, cells in _figure_rows(reports, confidence):
        table.add_row(label, *cells)
        if label == "turns per game":  # the spread, an sd: never an interval
            table.add_row("turns: sd", *[f"{r.turns.stdev:.1f}" for r in reports])
            table.add_row(
                "turns: median / max", *[f"{r.turns.median:g} / {r.turns.max}" for r in reports]
            )
    table.add_row("scores, all seats: sd", *[f"{r.all_scores.stdev:.1f}" for r in reports])
    table.add_row(
        "scores, all seats: min / max",
        *[f"{r.all_scores.min} / {r.all_scores.max}" for r in reports],
    )
    return table


def _difference_rows(comparison: Comparison) -> list[tuple[Figure, list[str]]]:
    others = [r for r in comparison.reports if r.profile != comparison.baseline]
    players = max(report.players for report in comparison.reports)
    found = {(d.profile, d.figure): d for d in comparison.differences}
    rows = []
    for figure in figures(players):
        cells = []
        for report in others:
            difference = found.get((report.profile, figure.name))
            if difference is None:
                cells.append("")
                continue
            mark = " *" if difference.detected else "  "
            cells.append(interval_text(difference.estimate, figure.percent, signed=True) + mark)
        if any(cells):
            rows.append((figure, cells))
    return rows


def paired_table(comparison: Comparison) -> Table:
    """Each profile's paired difference from the baseline, one column per profile, a row per
    figure (a share's in percentage points); ``*`` marks a difference the games detect."""
    from rich.table import Table

    table = Table(
        title=(
            f"Differences, profile - {comparison.baseline}, game by game on the same seeds "
            f"[{level_text(comparison.confidence)} CI] (* detected; shares in percentage "
            "points)"
        ),
        title_justify="left",
    )
    table.add_column("", overflow="fold", max_width=28)
    for report in comparison.reports:
        if report.profile != comparison.baseline:
            table.add_column(report.profile, justify="right", no_wrap=True)
    for figure, cells in _difference_rows(comparison):
        table.add_row(figure.label, *cells)
    return table


def statement_lines(comparison: Comparison) -> list[str]:
    """The differences the games detect in words, a line naming how many they do not, and
    what so many intervals imply: some show a difference by chance alone."""
    detected = [d.statement for d in comparison.differences if d.detected]
    count = len(comparison.differences)
    quiet = count - len(detected)
    lines = [f"- {statement}" for statement in detected]
    games = min(report.games for report in comparison.reports)
    if quiet:
        lines.append(
            f"- no detectable difference in the {quiet} other figure"
            f"{'' if quiet == 1 else 's'} at {games:,} games (see --json for each)"
        )
    unpaired = sorted({d.profile for d in comparison.differences if not d.paired})
    if unpaired:
        lines.append(
            f"Not the same deals: {', '.join(unpaired)} seat other players than "
            f"{comparison.baseline}, so their games share only the seeds (intervals stay "
            "honest, only wider) and the seats' figures are not compared; --players sets one "
            "number for all."
        )
    chance = count * (1 - comparison.confidence)
    if chance >= 1:
        lines.append(
            f"Of {count} intervals at {level_text(comparison.confidence)}, about "
            f"{chance:.0f} leave out zero by chance alone when nothing differs: check a "
            "lone * with another --seed or more --games."
        )
    return lines
