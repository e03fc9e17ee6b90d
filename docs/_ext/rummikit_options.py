"""A Sphinx extension for the rummikit docs: the ``profile-options`` directive.

``.. profile-options:: pagat`` renders a table of every option of the named rule profile:
the option, its value in that profile, what it means and the row of the rules matrix it
answers, linked to that row on the rules page (``rules-row-<n>``, made by
``rummikit_rules``). The rows come from :meth:`rummikit.RuleProfile.describe`, so the table
can never drift from the code.

With ``:compare: other`` the table gains a column showing the other profile's value, and
``:differences-only:`` keeps only the options whose values differ.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import rummikit as rk

__all__ = ["ProfileOptions", "setup"]


def _text_cell(text: str, *, literal: bool = False) -> nodes.entry:
    entry = nodes.entry()
    paragraph = nodes.paragraph()
    paragraph += nodes.literal(text, text) if literal else nodes.Text(text)
    entry += paragraph
    return entry


def _row_cell(row: int) -> nodes.entry:
    """The row an option answers, linked to it on the rules page; a dash for none."""
    if not row:
        return _text_cell("—")
    text = str(row)
    ref = addnodes.pending_xref(
        "", refdomain="std", reftype="ref", reftarget=f"rules-row-{row}", refexplicit=True
    )
    ref += nodes.inline(text, text)
    entry = nodes.entry()
    paragraph = nodes.paragraph()
    paragraph += ref
    entry += paragraph
    return entry


class ProfileOptions(SphinxDirective):
    """Render the options of a registered rule profile as a table."""

    required_arguments = 1
    optional_arguments = 0
    final_argument_whitespace = False
    has_content = False
    option_spec = {  # noqa: RUF012 (docutils API)
        "compare": directives.unchanged_required,
        "differences-only": directives.flag,
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        try:
            profile = rk.profiles.get(name)
            other = rk.profiles.get(self.options["compare"]) if "compare" in self.options else None
        except rk.RummikitError as error:
            raise self.error(f"profile-options: {error.message}") from error
        theirs = {row.option: row.value for row in other.describe()} if other else {}

        headers = ["Option", "Value"]
        if other is not None:
            headers.append(f"In {other.name}")
        headers += ["Meaning", "Rule"]
        widths = [22, 14] + ([14] if other is not None else []) + [50, 8]

        rows = []
        for row in profile.describe():
            if "differences-only" in self.options and (
                row.option in ("name", "title") or theirs.get(row.option) == row.value
            ):
                continue
            literal = row.option != "title"
            cells = [_text_cell(row.option, literal=True), _text_cell(row.value, literal=literal)]
            if other is not None:
                cells.append(_text_cell(theirs[row.option], literal=literal))
            cells.append(_text_cell(row.meaning))
            cells.append(_row_cell(row.row))
            rows.append(cells)

        table = nodes.table(classes=["profile-options"])
        caption = self.options.get("caption") or f"Options of the {profile.name!r} profile"
        table += nodes.title(caption, caption)
        group = nodes.tgroup(cols=len(headers))
        table += group
        for width in widths:
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        header_row = nodes.row()
        for header in headers:
            header_row += _text_cell(header)
        head += header_row
        body = nodes.tbody()
        group += body
        for cells in rows:
            body_row = nodes.row()
            for cell in cells:
                body_row += cell
            body += body_row
        self.set_source_info(table)
        return [table]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive with Sphinx."""
    app.add_directive("profile-options", ProfileOptions)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
