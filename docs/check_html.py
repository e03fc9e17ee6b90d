"""Fail when the built HTML docs show an error or warning box that ``sphinx-build -W`` missed.

Usage: ``python docs/check_html.py docs/_build/html`` (any number of folders or files).

``sphinx-build -W`` turns the warnings Sphinx logs into errors, but some problems reach the
page without a log line, and a reader then sees a red or yellow box. This check reads every
``.html`` file and reports, with the file and line:

* a docutils system message (an element of class ``system-message``) or a piece of markup
  docutils could not resolve (class ``problematic``);
* the text ``ERROR:`` or ``WARNING:`` inside a rendered admonition or system message;
* a ``.. contents::`` block (class ``contents``), which the furo theme paints as a red
  "ERROR: Adding a table of contents ... is unnecessary" box with CSS alone, so the text is
  in no HTML file, unless the block carries furo's escape-hatch class.

It exits with 1 when it finds any, 0 otherwise. Only the standard library is used.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser
from pathlib import Path

__all__ = ["find_problems", "main"]

FURO_ESCAPE = "this-will-duplicate-information-and-it-is-still-useful-here"
BOX_CLASSES = frozenset({"admonition", "system-message"})
ALARMS = ("ERROR:", "WARNING:")
# Elements with no end tag: they never hold text, so they are not put on the stack.
VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    ]
)


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[tuple[int, str]] = []
        self._stack: list[tuple[str, bool]] = []  # (tag, opens a box)
        self._boxes = 0  # how many open elements are admonitions or system messages

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = set()
        for name, value in attrs:
            if name == "class" and value:
                classes.update(value.split())
        line = self.getpos()[0]
        if "system-message" in classes:
            self.problems.append((line, "a docutils system message"))
        if "problematic" in classes:
            self.problems.append((line, "markup docutils could not resolve (problematic)"))
        if "contents" in classes and FURO_ESCAPE not in classes:
            self.problems.append((line, "a contents block, which furo shows as an ERROR box"))
        if tag in VOID:
            return
        box = bool(classes & BOX_CLASSES)
        self._stack.append((tag, box))
        self._boxes += box

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        # Close up to the matching tag; an end tag with no matching start is ignored.
        if not any(open_tag == tag for open_tag, _ in self._stack):
            return
        while self._stack:
            open_tag, box = self._stack.pop()
            self._boxes -= box
            if open_tag == tag:
                return

    def handle_data(self, data: str) -> None:
        if self._boxes and any(alarm in data for alarm in ALARMS):
            text = " ".join(data.split())
            self.problems.append((self.getpos()[0], f"a box that says {text[:80]!r}"))


def find_problems(html: str) -> list[tuple[int, str]]:
    """The error and warning boxes of one page, as (line, what) pairs, in page order."""
    checker = _Checker()
    checker.feed(html)
    checker.close()
    return checker.problems


def _pages(paths: Iterable[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            yield from sorted(path.rglob("*.html"))
        else:
            yield path


def main(argv: list[str] | None = None) -> int:
    """Check the pages under each argument; print each problem; 1 if there were any."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print("usage: python docs/check_html.py HTML_DIR_OR_FILE...", file=sys.stderr)
        return 2
    pages = list(_pages(Path(arg) for arg in args))
    if not pages:
        print(f"no .html files under {' '.join(args)}", file=sys.stderr)
        return 2
    found = 0
    for page in pages:
        for line, what in find_problems(page.read_text(encoding="utf-8")):
            print(f"{page}:{line}: {what}")
            found += 1
    if found:
        print(f"{found} error or warning box(es) in the built HTML", file=sys.stderr)
        return 1
    print(f"checked {len(pages)} HTML page(s): no error or warning boxes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
