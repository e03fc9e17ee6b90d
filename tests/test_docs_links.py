"""The docs never name the rules matrix without a link into the rules page.

The matrix's rows, its defaults (D1 to D16) and its sources' file numbers mean nothing to a
reader unless they lead to docs/rules.rst. Read from the sources, without building: every
page of docs/ but the rules page itself, the docstrings of the package (which autodoc
renders), the options' meanings (which the profile pages' tables show) and the README. A
mention inside a role (``:rule:`12```, ``:source:`ramio```, ``:ref:`rules```) or inside
inline code is fine; plain text is not. The docs build runs the same check on what it
renders (``rummikit_rules.check_mentions``), docstrings included.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import rummikit as rk
from rummikit._matrix import MENTION

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SOURCE = ROOT / "src" / "rummikit"
HOME = {DOCS / "rules.rst", SOURCE / "_matrix.py", SOURCE / "_matrix_sources.py"}
"""Where the matrix itself lives: the page and its data name rows and defaults freely."""

ROLE = re.compile(r":[\w:+-]+:`[^`]*`")
LITERAL = re.compile(r"``[^`]*``")
MARKDOWN_CODE = re.compile(r"`[^`]*`")
MARKDOWN_RULES_LINK = re.compile(r"\[[^\]]*\]\([^)]*rules[^)]*\)")


def _unlinked(text: str, *, markdown: bool = False) -> list[str]:
    if markdown:
        text = MARKDOWN_CODE.sub("", MARKDOWN_RULES_LINK.sub("", text))
    else:
        text = LITERAL.sub("", ROLE.sub("", text))
    return [match.group() for match in MENTION.finditer(text)]


def _pages() -> list[Path]:
    pages = sorted(DOCS.rglob("*.rst"))
    return [page for page in pages if page not in HOME and "_build" not in page.parts]


def _paragraphs(text: str) -> Iterator[tuple[int, str]]:
    """The blank-line-separated blocks of ``text``, with their first line's number: a role
    may run over two lines."""
    start, block = 1, []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            if not block:
                start = number
            block.append(line)
        elif block:
            yield start, "\n".join(block)
            block = []
    if block:
        yield start, "\n".join(block)


@pytest.mark.parametrize("page", _pages(), ids=lambda page: str(page.relative_to(DOCS)))
def test_a_page_links_its_mentions_of_the_matrix(page: Path):
    found = [
        f"{page.name}:{line}: {mention!r}"
        for line, block in _paragraphs(page.read_text(encoding="utf-8"))
        for mention in _unlinked(block)
    ]
    assert not found, "use :rule: or :source: (docs/_ext/rummikit_rules.py):\n" + "\n".join(found)


def _docstrings(path: Path) -> Iterator[tuple[int, str]]:
    """Every string standing alone as a statement: module, class, function and attribute
    docstrings."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            yield node.lineno, node.value.value


@pytest.mark.parametrize(
    "module",
    [path for path in sorted(SOURCE.rglob("*.py")) if path not in HOME],
    ids=lambda path: str(path.relative_to(SOURCE)),
)
def test_a_docstring_links_its_mentions_of_the_matrix(module: Path):
    found = [
        f"{module.name}:{line}: {mention!r}"
        for line, text in _docstrings(module)
        for mention in _unlinked(text)
    ]
    assert not found, "use :rule: or :source: (docs/_ext/rummikit_rules.py):\n" + "\n".join(found)


def test_option_meanings_name_no_row_or_default():
    """The profile pages show each option's meaning in a table, as plain text: the row
    column links the rule, so the meaning needs no number."""
    found = [
        f"{row.option}: {row.meaning}"
        for row in rk.RuleProfile(name="meanings").describe()
        if MENTION.search(row.meaning)
    ]
    assert not found


def test_the_readme_links_its_mentions_of_the_matrix():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert not _unlinked(text, markdown=True)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("row 12, default D3", ["row 12", "D3"]),
        ("rows 11-13 (source 000)", ["rows 11", "source 000"]),
        ("001 and 002 agree", ["001", "002"]),
        ("the rules matrix, section 4.3", ["matrix", "section 4.3"]),
        ("(:rule:`12`, :rule:`D3`; :source:`rummi`)", []),
        ("``D3`` and :ref:`the matrix <rules>`", []),
        ("1,000 steps, 4,000 digits, 10,000 actions", []),
        ("10_000 tiles, the colour #f0a000, 2000 points", []),
    ],
)
def test_the_check_tells_a_link_from_plain_text(text: str, found: list[str]):
    assert _unlinked(text) == found
