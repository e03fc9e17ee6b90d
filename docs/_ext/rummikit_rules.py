"""A Sphinx extension for the rummikit docs: the rules page and the links into it.

The rules page (``rules.rst``) sets every rule against every built-in profile. Its facts
come from two places and from nowhere else: the values are the live profiles' options
(:meth:`rummikit.RuleProfile.describe`, whose ``row`` says which rule an option answers),
and the rest (each row's title, the sources each profile follows and the defaults chosen
where they disagree) from :mod:`rummikit._matrix`. So the page cannot drift from the code.

Directives, for the rules page:

``.. rules-matrix::``
   The table: one row per rule (anchor ``rules-row-<n>``), one column per built-in profile.
``.. rules-defaults::``
   The defaults chosen where the sources disagree or say nothing (anchor ``rules-d<n>``).
``.. rules-sources::``
   The sources, each named by what it is (anchor ``rules-source-<key>``).

Roles, for every page and docstring:

``:rule:`12```, ``:rule:`11-13```, ``:rule:`9, 16```, ``:rule:`D3```, ``:rule:`text <D3>```
   "row 12", "rows 11-13", "rows 9, 16", "default D3" or the text given, linked to the row
   or default on the rules page. An unknown row or default is an error.
``:source:`ramio```, ``:source:`~ramio```, ``:source:`text <ramio>```
   The source's name ("Ramio's rami voleur rules"), its short name ("Ramio") or the text
   given, linked to it.

And a check: a page other than the rules page that names a row, a default, a source file
number or the matrix in text that links nowhere gets a warning, so ``sphinx-build -W`` fails
(``tests/test_docs_links.py`` reads the sources for the same mentions without a build).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import split_explicit_title

import rummikit as rk
from rummikit import _matrix, _profile_options

__all__ = ["setup"]

logger = logging.getLogger(__name__)

RULES_DOC = "rules"
"""The docname of the rules page."""

_ITEM = re.compile(r"(?:D(?P<default>\d+)|(?P<first>\d+)(?:-(?P<last>\d+))?)")


def row_label(number: int) -> str:
    return f"rules-row-{number}"


def default_label(number: int) -> str:
    return f"rules-d{number}"


def source_label(key: str) -> str:
    return f"rules-source-{key}"


# -- roles ---------------------------------------------------------------------------------


def _xref(label: str, text: str, rawtext: str) -> addnodes.pending_xref:
    ref = addnodes.pending_xref(
        rawtext, refdomain="std", reftype="ref", reftarget=label, refexplicit=True, refwarn=True
    )
    ref += nodes.inline(text, text, classes=["rules-link"])
    return ref


def _item_label(item: str) -> tuple[str, bool] | None:
    """The label an item of a ``:rule:`` role links to, and whether it is a default."""
    match = _ITEM.fullmatch(item)
    if match is None:
        return None
    if match["default"]:
        number = int(match["default"])
        return (default_label(number), True) if 1 <= number <= len(_matrix.DEFAULTS) else None
    numbers = [int(match["first"])] + ([int(match["last"])] if match["last"] else [])
    if not all(1 <= number <= len(_matrix.ROWS) for number in numbers) or numbers != sorted(
        numbers
    ):
        return None
    return row_label(numbers[0]), False


def rule_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, Any] | None = None,
    content: Sequence[str] = (),
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:rule:`12```: a link to row 12 of the rules page; ``:rule:`D3```, to default D3."""
    has_title, title, target = split_explicit_title(text)
    items = [item.strip() for item in target.split(",")]
    labels = [_item_label(item) for item in items]
    if not items or None in labels or (has_title and len(items) > 1):
        message = inliner.reporter.error(
            f":rule: takes a row (12), a range of rows (11-13), a default (D3) or a list of "
            f"one kind (9, 16), with an optional text (text <12>); got {text!r}",
            line=lineno,
        )
        problem = inliner.problematic(rawtext, rawtext, message)
        return [problem], [message]
    found = [label for label in labels if label is not None]
    if has_title:
        return [_xref(found[0][0], title, rawtext)], []
    kinds = {is_default for _, is_default in found}
    if len(kinds) > 1:
        message = inliner.reporter.error(
            f":rule: lists rows or defaults, not both: {text!r}", line=lineno
        )
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    plural = len(items) > 1 or "-" in items[0]
    word = (
        ("defaults " if plural else "default ")
        if kinds == {True}
        else ("rows " if plural else "row ")
    )
    if len(items) == 1:  # the whole "row 12" is the link
        return [_xref(found[0][0], word + items[0], rawtext)], []
    result: list[nodes.Node] = [nodes.Text(word)]
    for index, (item, (label, _)) in enumerate(zip(items, found, strict=True)):
        if index:
            result.append(nodes.Text(", "))
        result.append(_xref(label, item, rawtext))
    return result, []


def source_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, Any] | None = None,
    content: Sequence[str] = (),
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:source:`ramio```: the source's name, linked to it on the rules page."""
    has_title, title, key = split_explicit_title(text)
    short = key.startswith("~")
    key = key.removeprefix("~")
    try:
        source = _matrix.source(key)
    except KeyError:
        keys = ", ".join(source.key for source in _matrix.SOURCES)
        message = inliner.reporter.error(f":source: names one of {keys}; got {key!r}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    shown = title if has_title else source.short if short else source.name
    return [_xref(source_label(key), shown, rawtext)], []


# -- the rules page ------------------------------------------------------------------------


class _RulesDirective(SphinxDirective):
    has_content = False
    required_arguments = 0
    optional_arguments = 0

    def depend(self) -> None:
        """Rebuild the page when the matrix or the profiles change."""
        for module in (_matrix, _profile_options, rk.profiles):
            self.env.note_dependency(str(module.__file__))

    def label(self, node: nodes.Element, label: str, title: str) -> None:
        """Give ``node`` the anchor ``label``, which ``:ref:`` and the roles link to."""
        node["ids"].append(label)
        self.env.domains.standard_domain.note_hyperlink_target(
            label, self.env.docname, label, title
        )

    def rst(self, text: str) -> list[nodes.Node]:
        """``text``, reStructuredText, parsed as the body of a cell or definition."""
        return self.parse_text_to_nodes(text)

    def inline(self, text: str) -> list[nodes.Node]:
        parsed, messages = self.parse_inline(text, lineno=self.lineno)
        return [*parsed, *messages]


def _paragraph(*children: nodes.Node, classes: Sequence[str] = ()) -> nodes.paragraph:
    paragraph = nodes.paragraph(classes=list(classes))
    paragraph.extend(children)
    return paragraph


def _joined(parts: Sequence[list[nodes.Node]], separator: str = ", ") -> list[nodes.Node]:
    result: list[nodes.Node] = []
    for index, part in enumerate(parts):
        if index:
            result.append(nodes.Text(separator))
        result.extend(part)
    return result


def _options_by_row() -> dict[int, list[str]]:
    """The options answering each row, in :meth:`~rummikit.RuleProfile.describe` order."""
    found: dict[int, list[str]] = {}
    for option in rk.RuleProfile(name="rows").describe():
        if option.row:
            found.setdefault(option.row, []).append(option.option)
    return found


class RulesMatrix(_RulesDirective):
    """Every rule against every built-in profile: value, sources followed, default chosen.

    Each rule is a group of table lines: its title across the table (the anchor), one line
    per option answering it with each profile's value, and a line with each profile's note,
    default and sources.
    """

    def run(self) -> list[nodes.Node]:
        self.depend()
        values = {
            name: {row.option: row.value for row in rk.profiles.get(name).describe()}
            for name in _matrix.PROFILES
        }
        options = _options_by_row()

        table = nodes.table(classes=["rules-matrix", "colwidths-given"])
        group = nodes.tgroup(cols=1 + len(_matrix.PROFILES))
        table += group
        for width in [24] + [19] * len(_matrix.PROFILES):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        header = nodes.row()
        header += nodes.entry("", _paragraph(nodes.Text("Rule, option")))
        for name in _matrix.PROFILES:
            header += nodes.entry("", _paragraph(*self.inline(f":doc:`{name} <profiles/{name}>`")))
        head += header
        body = nodes.tbody()
        group += body
        for row in _matrix.ROWS:
            body.extend(self.lines(row, options.get(row.number, []), values))
        self.set_source_info(table)
        return [table]

    def lines(
        self, row: _matrix.Row, options: list[str], values: dict[str, dict[str, str]]
    ) -> list[nodes.row]:
        title = nodes.row(classes=["rules-title"])
        self.label(title, row_label(row.number), f"Row {row.number}: {row.title}")
        entry = nodes.entry(morecols=len(_matrix.PROFILES))
        heading = f"{row.number}. {row.title}"
        entry += _paragraph(nodes.strong(heading, heading))
        for text in (row.rule, row.differ):
            if text:
                entry.extend(self.rst(text))
        if row.defaults:
            listed = ", ".join(f"D{number}" for number in row.defaults)
            entry.extend(self.rst(f"Chosen: :rule:`{listed}`."))
        title += entry
        lines = [title]

        for option in options:
            line = nodes.row(classes=["rules-option"])
            line += nodes.entry("", _paragraph(nodes.literal(option, option)))
            for name in _matrix.PROFILES:
                value = values[name][option]
                line += nodes.entry("", _paragraph(nodes.literal(value, value)))
            lines.append(line)

        notes = nodes.row(classes=["rules-notes"])
        first = "No option" if not options else "Notes, sources"
        notes += nodes.entry("", _paragraph(nodes.emphasis(first, first)))
        for cell in row.cells:
            entry = nodes.entry()
            note = cell.note
            if cell.default:
                note = f"{note} :rule:`Default D{cell.default} <D{cell.default}>`.".strip()
            if note:
                entry.extend(self.rst(note))
            if cell.sources:
                cited = ", ".join(f":source:`~{key}`" for key in cell.sources)
                entry.extend(self.rst(f"*Follows* {cited}."))
            notes += entry
        lines.append(notes)
        return lines


def _definitions(classes: list[str]) -> nodes.definition_list:
    return nodes.definition_list(classes=classes)


class RulesDefaults(_RulesDirective):
    """The defaults chosen where the sources disagree or say nothing."""

    def run(self) -> list[nodes.Node]:
        self.depend()
        listing = _definitions(["rules-defaults"])
        for default in _matrix.DEFAULTS:
            item = nodes.definition_list_item()
            term_text = f"D{default.number}. {default.title}"
            item += nodes.term(term_text, term_text)
            self.label(item, default_label(default.number), term_text)
            definition = nodes.definition()
            definition.extend(self.rst(default.text))
            rows = [row for row in _matrix.ROWS if default.number in row.defaults]
            profiles = [
                name
                for index, name in enumerate(_matrix.PROFILES)
                if any(row.cells[index].default == default.number for row in rows)
            ]
            listed = ", ".join(str(row.number) for row in rows)
            where = ", ".join(f":doc:`{name} <profiles/{name}>`" for name in profiles)
            definition.extend(self.rst(f"For {where}: :rule:`{listed}`."))
            item += definition
            listing += item
        self.set_source_info(listing)
        return [listing]


class RulesSources(_RulesDirective):
    """The sources, each named by what it is, with the rows that cite it."""

    def run(self) -> list[nodes.Node]:
        self.depend()
        listing = _definitions(["rules-sources"])
        for source in _matrix.SOURCES:
            item = nodes.definition_list_item()
            name = source.name[0].upper() + source.name[1:]
            term = nodes.term(name, name)
            item += term
            self.label(item, source_label(source.key), source.name)
            definition = nodes.definition()
            definition.extend(self.rst(source.about))
            if source.url:
                definition += _paragraph(
                    nodes.Text("Read at "),
                    nodes.reference(source.url, source.url, refuri=source.url),
                    nodes.Text("."),
                )
            rows = [row.number for row in _matrix.ROWS if _cites(row, source.key)]
            if rows:
                definition.extend(self.rst(f"Cited in :rule:`{', '.join(map(str, rows))}`."))
            item += definition
            listing += item
        self.set_source_info(listing)
        return [listing]


def _cites(row: _matrix.Row, key: str) -> bool:
    role = f":source:`{key}`"
    texts = [row.differ, row.rule, *(cell.note for cell in row.cells)]
    return any(key in cell.sources for cell in row.cells) or any(role in t for t in texts)


# -- the check -----------------------------------------------------------------------------

_SKIP = (
    nodes.reference,
    nodes.literal,
    nodes.literal_block,
    nodes.doctest_block,
    nodes.raw,
    nodes.comment,
    nodes.target,
    nodes.system_message,
    addnodes.pending_xref,
)


def _texts(node: nodes.Node) -> Iterator[nodes.Text]:
    if isinstance(node, _SKIP):
        return
    if isinstance(node, nodes.Text):
        yield node
        return
    for child in node.children:
        yield from _texts(child)


def check_mentions(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Warn on a mention of the rules matrix that links nowhere."""
    if docname == RULES_DOC:
        return
    for text in _texts(doctree):
        for match in _matrix.MENTION.finditer(text.astext()):
            logger.warning(
                "%r names the rules matrix without a link; use :rule: or :source: "
                "(see docs/_ext/rummikit_rules.py)",
                match.group(),
                location=text.parent,
                type="rummikit",
                subtype="rules-link",
            )


def add_titles(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Give each link into the rules page the title of what it points to, as a tooltip."""
    titles = {row_label(row.number): row.title for row in _matrix.ROWS}
    titles.update({default_label(d.number): d.title for d in _matrix.DEFAULTS})
    titles.update({source_label(s.key): s.name for s in _matrix.SOURCES})
    for reference in doctree.findall(nodes.reference):
        anchor = reference.get("refid") or reference.get("refuri", "").rpartition("#")[2]
        if anchor in titles and not reference.get("reftitle"):
            reference["reftitle"] = titles[anchor]


STATIC = Path(__file__).parent / "rummikit_rules_static"
"""The page's style sheet: a small type and top-aligned cells for the wide table."""


def _add_static(app: Sphinx, config: Config) -> None:
    if str(STATIC) not in config.html_static_path:
        config.html_static_path.append(str(STATIC))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the roles, the directives, the style and the check with Sphinx."""
    app.connect("config-inited", _add_static)
    app.add_css_file("rummikit_rules.css")
    app.add_role("rule", rule_role)
    app.add_role("source", source_role)
    app.add_directive("rules-matrix", RulesMatrix)
    app.add_directive("rules-defaults", RulesDefaults)
    app.add_directive("rules-sources", RulesSources)
    app.connect("doctree-resolved", check_mentions)
    app.connect("doctree-resolved", add_titles)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
