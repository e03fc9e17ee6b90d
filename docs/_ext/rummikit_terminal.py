"""A Sphinx extension for the rummikit docs: the ``terminal-picture`` directive.

Each line of its content is a Python expression (``rk`` is the package); the directive
prints each value on a rich console of true colours, a blank line between two, as a dark
terminal shows them, and puts the result in the HTML page, drawn at build time by the
library itself::

   .. terminal-picture::

      rk.parse_table("r7 r8 r9 | b5 k5 o5")

``command("solve", "--rack", "r1 r2 r3")`` is the output of a ``rummikit`` command run as
on a terminal. Other builders than HTML leave the picture out: the doctests beside it say
the same in plain text.
"""

from __future__ import annotations

import io
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import rummikit as rk

__all__ = ["TerminalPicture", "setup"]

_FORMAT = (
    '<pre class="rummikit-terminal" style="background:{background};color:{foreground};'
    'padding:0.8em 1em;line-height:1.35;border-radius:0.3em;overflow-x:auto">'
    "<code>{code}</code></pre>"
)


def command(*args: str) -> object:
    """The output of ``rummikit *args`` on a terminal of true colours, as rich text."""
    from click.testing import CliRunner
    from rich.text import Text

    from rummikit.cli import cli

    env = {"FORCE_COLOR": "1", "COLORTERM": "truecolor", "NO_COLOR": None, "COLUMNS": "80"}
    result = CliRunner(env=env).invoke(cli, list(args))
    return Text.from_ansi(result.output.rstrip("\n"))


class TerminalPicture(SphinxDirective):
    """Render values as rich draws them on a terminal, as HTML."""

    has_content = True
    option_spec = {"width": directives.positive_int}  # noqa: RUF012 (docutils API)

    def run(self) -> list[nodes.Node]:
        from rich.console import Console
        from rich.terminal_theme import MONOKAI

        console = Console(
            record=True,
            width=self.options.get("width", 80),
            force_terminal=True,
            color_system="truecolor",
            file=io.StringIO(),
        )
        namespace = {"rk": rk, "command": command}
        for index, line in enumerate(line for line in self.content if line.strip()):
            try:
                value = eval(line, namespace)  # the docs' own source, as a doctest is
            except Exception as error:
                raise self.error(f"terminal-picture: {line!r} failed: {error}") from error
            if index:
                console.print()  # a blank line between two pictures
            console.print(value)
        html = console.export_html(theme=MONOKAI, inline_styles=True, code_format=_FORMAT)
        return [nodes.raw("", html, format="html")]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("terminal-picture", TerminalPicture)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
