"""A Sphinx extension for the rummikit docs: the ``first-opening-plot`` directive.

``.. first-opening-plot:: online`` simulates seeded games of a profile and of a variant of it
(``:variant: opening_joker_value=represented``, named by ``:name:``) while the docs build, and
renders, inline in the HTML, an SVG chart drawn with matplotlib (in the ``docs`` extra) of
the share of games in which somebody has opened by each turn, followed by a table of the
numbers. Nothing is stored: the figures always
come from the code being documented. Other builders (doctest, text) get a short note instead,
so only the HTML build pays for the simulation.

The games are those :func:`rummikit.simulate` plays (the same deals from
:func:`~rummikit.simulation.game_seed`, the same bots seeded by
:func:`~rummikit.simulation.bot_rng`), each stopped at its first opening: nothing after it
changes the first opening turn, and stopping there keeps the build fast.

Options: ``:games:`` (default 200), ``:players:`` (4), ``:bots:`` (``simple``), ``:seed:``
(1), ``:turns:`` (the last turn shown, 12).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import attrs
import matplotlib
from docutils import nodes
from docutils.parsers.rst import directives
from matplotlib import cycler
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import rummikit as rk
from rummikit.bots import make_bot
from rummikit.simulation import bot_rng, game_seed, play_game

matplotlib.use("Agg")  # no display: the chart is only ever written to SVG

Openings = dict[str, list[int | None]]

__all__ = ["SIMULATION_OPTIONS", "FirstOpeningPlot", "placeholder", "setup", "svg_chart"]

_INK = "#010203"  # drawn as currentColor: the page's text colour
_STYLE = {
    "svg.hashsalt": "rummikit",  # the same ids in every build
    "svg.fonttype": "none",  # text stays text, in the page's font
    "font.family": "sans-serif",
    "font.size": 10,
    "text.color": _INK,
    "axes.edgecolor": _INK,
    "axes.labelcolor": _INK,
    "xtick.color": _INK,
    "ytick.color": _INK,
    "grid.color": _INK,
    "axes.prop_cycle": cycler(color=["#1f6fb4", "#d1495b", "#2a9d8f", "#e9a03b"]),
    "figure.facecolor": "none",
    "axes.facecolor": "none",
    "savefig.transparent": True,
}


def first_openings(
    profile: rk.RuleProfile, *, games: int, players: int, bots: str, seed: int
) -> list[int | None]:
    """The first opening turn of each game ``simulate`` would play (None: no opening)."""
    found: list[int | None] = []
    for index in range(games):
        deal = game_seed(seed, index)
        seats = [make_bot(bots, bot_rng(deal, seat)) for seat in range(players)]
        game = play_game(profile, seats, seed=deal, stop=lambda game: any(game.opened))
        if not any(game.opened):
            found.append(None)
        else:  # the opening turn was the last one played
            found.append(game.turn + (1 if game.outcome is not None else 0))
    return found


def _opened_by(turns: Sequence[int | None], turn: int) -> float:
    return sum(1 for first in turns if first is not None and first <= turn) / len(turns)


def svg_chart(openings: Openings, last_turn: int) -> str:
    """A step chart: for each profile, the share of games with an opening by each turn.

    The same figures give the same bytes (fixed hash salt, no date in the metadata). Text,
    axes and grid are drawn in ``currentColor``, so that the chart follows the page's light
    or dark theme once inlined.
    """
    edges = [turn + 0.5 for turn in range(last_turn + 1)]
    with matplotlib.rc_context(_STYLE):
        figure = Figure(figsize=(7.6, 3.4))
        axes = figure.add_subplot()
        for index, (name, turns) in enumerate(openings.items()):
            shares = [_opened_by(turns, turn) for turn in range(1, last_turn + 1)]
            style = "--" if index % 2 else "-"
            axes.stairs(shares, edges, baseline=None, label=name, linewidth=2.5, linestyle=style)
        axes.set(xlim=(edges[0], edges[-1]), ylim=(0, 1), xticks=range(1, last_turn + 1))
        axes.yaxis.set_major_formatter(PercentFormatter(1.0))
        axes.set_xlabel("turn of the first opening (turns of all players, from 1)")
        axes.set_ylabel("games with an opening")
        axes.legend(loc="lower right", frameon=False)
        axes.grid(axis="y", alpha=0.3)
        axes.spines[["top", "right"]].set_visible(False)
        out = io.StringIO()
        figure.savefig(
            out, format="svg", bbox_inches="tight", metadata={"Date": None, "Creator": None}
        )
    svg = out.getvalue().replace(_INK, "currentColor")
    svg = svg[svg.index("<svg") :]  # inlined in HTML: no XML declaration or doctype
    head = svg.index(">")
    title = "<title>Share of games with an opening by each turn</title>"
    return f'{svg[:head]} role="img" style="max-width:100%;height:auto">{title}{svg[head + 1 :]}'


def _cell(text: str) -> nodes.entry:
    entry = nodes.entry()
    entry += nodes.paragraph(text, text)
    return entry


def _mean(turns: Sequence[int | None]) -> str:
    known = [turn for turn in turns if turn is not None]
    return f"{sum(known) / len(known):.2f}" if known else "-"


def _median(turns: Sequence[int | None]) -> str:
    import statistics

    known = [turn for turn in turns if turn is not None]
    return f"{statistics.median(known):g}" if known else "-"


def _table(openings: Openings) -> nodes.table:
    names = list(openings)
    base, other = openings[names[0]], openings[names[1]]
    later = sum(
        1 for ours, theirs in zip(base, other, strict=True) if (ours or 10**9) > (theirs or 10**9)
    )
    rows = [
        ("games", [str(len(turns)) for turns in openings.values()]),
        ("first opening turn: mean", [_mean(turns) for turns in openings.values()]),
        ("first opening turn: median", [_median(turns) for turns in openings.values()]),
        ("opened on turn 1", [f"{_opened_by(t, 1):.0%}" for t in openings.values()]),
        ("opened by turn 4", [f"{_opened_by(t, 4):.0%}" for t in openings.values()]),
        ("no opening at all", [f"{t.count(None)}" for t in openings.values()]),
        (f"first opening later than in {names[1]}", [f"{later} games", "-"]),
    ]
    table = nodes.table(classes=["simulation-figures"])
    group = nodes.tgroup(cols=1 + len(names))
    table += group
    for width in [30] + [16] * len(names):
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    header = nodes.row()
    for text in ["", *names]:
        header += _cell(text)
    head += header
    body = nodes.tbody()
    group += body
    for label, cells in rows:
        row = nodes.row()
        for text in [label, *cells]:
            row += _cell(text)
        body += row
    return table


SIMULATION_OPTIONS = {
    "games": directives.positive_int,
    "players": directives.positive_int,
    "bots": directives.unchanged_required,
    "seed": directives.nonnegative_int,
}
"""The options of a directive that simulates games (this one and the paired-difference
chart's)."""


def placeholder(directive: SphinxDirective) -> list[nodes.Node] | None:
    """What a chart simulated for the HTML pages leaves in other builds (doctest, text),
    so that only the HTML build pays for the games; None in the HTML build."""
    if directive.env.app.builder.format == "html":
        return None
    text = "(A chart simulated while the HTML documentation builds goes here.)"
    return [nodes.paragraph(text, text)]


class FirstOpeningPlot(SphinxDirective):
    """Simulate a profile and a variant of it; chart when the first opening comes."""

    required_arguments = 1
    has_content = False
    option_spec = {  # noqa: RUF012 (docutils API)
        "variant": directives.unchanged_required,
        "name": directives.unchanged_required,
        **SIMULATION_OPTIONS,
        "turns": directives.positive_int,
    }

    def run(self) -> list[nodes.Node]:
        elsewhere = placeholder(self)
        if elsewhere is not None:
            return elsewhere
        try:
            base = rk.profiles.get(self.arguments[0])
            changes = dict(item.split("=", 1) for item in self.options.get("variant", "").split())
            name = self.options.get("name", f"{base.name}_variant")
            variant = attrs.evolve(base, name=name, **changes)
        except (rk.RummikitError, TypeError, ValueError) as error:
            raise self.error(f"first-opening-plot: {error}") from error
        settings = {
            "games": self.options.get("games", 200),
            "players": self.options.get("players", 4),
            "bots": self.options.get("bots", "simple"),
            "seed": self.options.get("seed", 1),
        }
        openings = {rules.name: first_openings(rules, **settings) for rules in (base, variant)}
        chart = nodes.raw("", svg_chart(openings, self.options.get("turns", 12)), format="html")
        return [chart, _table(openings)]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive with Sphinx."""
    app.add_directive("first-opening-plot", FirstOpeningPlot)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
