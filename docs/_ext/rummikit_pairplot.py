"""A Sphinx extension for the rummikit docs: the ``paired-difference-plot`` directive.

``.. paired-difference-plot:: online`` compares a profile with variants of it while the docs
build (``:variants:`` lines of ``name: option=value ...``) through :func:`rummikit.compare`,
and renders inline in the HTML an SVG chart, drawn with matplotlib (the ``docs`` extra), of
each variant's paired difference from the profile with its confidence interval: turns on the
left, shares of games in percentage points on the right, a line at zero. The statements of
the comparison follow in a list. Nothing is stored: the figures come from the code being
documented. Other builders get a short note instead, so only the HTML build pays.

Options: ``:variants:`` (required), ``:games:`` (default 200), ``:players:`` (the profile's
default), ``:bots:`` (``greedy``), ``:seed:`` (1).
"""

from __future__ import annotations

import io
import json
from typing import Any

import matplotlib
from docutils import nodes
from docutils.parsers.rst import directives
from matplotlib.figure import Figure
from rummikit_simplot import _INK, _STYLE, SIMULATION_OPTIONS, placeholder
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import rummikit as rk

matplotlib.use("Agg")  # no display: the chart is only ever written to SVG

__all__ = ["PairedDifferencePlot", "setup", "svg_chart"]

TURNS = ("turns_mean", "first_opening_mean")
"""The figures of the left panel, in turns."""
SHARES = ("first_player_win_rate", "no_winner_share", "blocked_share", "no_opening_share")
"""The figures of the right panel, shares of games (in percentage points)."""


def svg_chart(comparison: rk.Comparison) -> str:
    """Each variant's paired difference from the baseline, a point and its interval per
    figure; the same figures give the same bytes, drawn in the page's text colour."""
    others = [r.profile for r in comparison.reports if r.profile != comparison.baseline]
    found = {(d.profile, d.figure): d for d in comparison.differences}
    with matplotlib.rc_context(_STYLE):
        figure = Figure(figsize=(8.4, 3.2))
        panels = figure.subplots(1, 2, gridspec_kw={"width_ratios": [2, 3]})
        for axes, names, scale, unit in (
            (panels[0], TURNS, 1.0, "turns"),
            (panels[1], SHARES, 100.0, "percentage points"),
        ):
            labels = []
            for row, name in enumerate(names):
                for index, profile in enumerate(others):
                    difference = found.get((profile, name))
                    if difference is None:
                        continue
                    estimate = difference.estimate
                    y = row + (index - (len(others) - 1) / 2) * 0.22
                    value = estimate.value * scale
                    axes.errorbar(
                        value,
                        y,
                        xerr=[[value - estimate.low * scale], [estimate.high * scale - value]],
                        fmt="o" if difference.detected else "s",
                        color=f"C{index}",
                        capsize=3,
                        label=profile if row == 0 else None,
                    )
                labels.append(
                    found[(others[0], name)].label if (others[0], name) in found else name
                )
            axes.axvline(0, color=_INK, linewidth=1, alpha=0.6)
            axes.set_yticks(range(len(names)), labels)
            axes.invert_yaxis()
            axes.set_xlabel(f"difference from {comparison.baseline} ({unit})")
            axes.grid(axis="x", alpha=0.3)
            axes.spines[["top", "right"]].set_visible(False)
        panels[0].legend(loc="lower left", bbox_to_anchor=(0, 1.02), frameon=False, ncols=2)
        figure.tight_layout()
        out = io.StringIO()
        figure.savefig(
            out, format="svg", bbox_inches="tight", metadata={"Date": None, "Creator": None}
        )
    svg = out.getvalue().replace(_INK, "currentColor")
    svg = svg[svg.index("<svg") :]  # inlined in HTML: no XML declaration or doctype
    head = svg.index(">")
    title = (
        f"<title>Paired differences from {comparison.baseline} with their "
        f"{comparison.confidence:.0%} confidence intervals</title>"
    )
    return f'{svg[:head]} role="img" style="max-width:100%;height:auto">{title}{svg[head + 1 :]}'


def _statements(comparison: rk.Comparison) -> nodes.bullet_list:
    shown = set(TURNS + SHARES)
    items = nodes.bullet_list()
    for difference in comparison.differences:
        if difference.figure in shown:
            item = nodes.list_item()
            item += nodes.paragraph(difference.statement, difference.statement)
            items += item
    return items


def _option_value(text: str) -> object:
    """An option's value as written in the directive: a number or a flag as JSON reads it
    (``25``, ``true``), anything else as text (an enum's value, such as ``represented``)."""
    try:
        return json.loads(text)
    except ValueError:
        return text


class PairedDifferencePlot(SphinxDirective):
    """Compare a profile with variants of it; chart the paired differences."""

    required_arguments = 1
    has_content = False
    option_spec = {  # noqa: RUF012 (docutils API)
        "variants": directives.unchanged_required,
        **SIMULATION_OPTIONS,
    }

    def run(self) -> list[nodes.Node]:
        elsewhere = placeholder(self)
        if elsewhere is not None:
            return elsewhere
        try:
            base = rk.profiles.get(self.arguments[0])
            variants = []
            for line in self.options["variants"].strip().splitlines():
                name, _, options = line.partition(":")
                changes = {
                    key: _option_value(text)
                    for key, text in (item.split("=", 1) for item in options.split())
                }
                variants.append(base.evolve(name=name.strip(), **changes))
            comparison = rk.compare(
                [base, *variants],
                games=self.options.get("games", 200),
                players=self.options.get("players"),
                bots=self.options.get("bots", "greedy"),
                seed=self.options.get("seed", 1),
            )
        except (KeyError, rk.RummikitError, TypeError, ValueError) as error:
            raise self.error(f"paired-difference-plot: {error}") from error
        chart = nodes.raw("", svg_chart(comparison), format="html")
        return [chart, _statements(comparison)]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive with Sphinx."""
    app.add_directive("paired-difference-plot", PairedDifferencePlot)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
