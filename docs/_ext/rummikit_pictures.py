"""A Sphinx extension for the rummikit docs: pictures drawn by :mod:`rummikit.svg` at build time.

``.. rummikit-picture::`` runs the Python code it holds and puts the picture its last line
gives inline in the HTML, so a page shows what the library draws now, never a stored image::

    .. rummikit-picture::
       :caption: The joker stands for r8.

       svg.meld("r7 j r9", profile="pagat")

The code sees ``rk`` (:mod:`rummikit`), ``svg`` (:mod:`rummikit.svg`), ``attrs``, and
``small`` and ``small_cards``, the :class:`~rummikit.svg.Style` values of the pictures that
stand beside a worked example: tiles 36 pixels high and tables wrapped at 9 pieces, so that
a turn's two tables fit side by side in the width of a page; cards larger (46 pixels, rows of
8), since the rank in a card's corner is smaller than a tile's number::

    .. rummikit-picture::
       :caption: The red 8 leaves the group for a run; the orange 8 from the rack keeps
                 the group whole.

       svg.turn("r8 b8 k8", "r6 r7 r8 | b8 k8 o8", rack="r6 r7 o8", profile="pagat", style=small)

The last line may also give a tuple or a list of pictures: they are set side by side, an
arrow before each but the first (a view before a turn and after it, say); where the page is
too narrow, a picture goes under the one before with its arrow, so no arrow is left pointing
at the edge of the page. The caption is under them all.

Statements before the last line may set names (a game played a few turns, say), which the
later pictures of the same page see too, as the examples of a doctest page share theirs. A
picture that cannot be drawn fails the build, naming the page and the error. A picture
wider than the page shrinks to fit it (``rummikit_pictures_static/rummikit_pictures.css``),
and its caption, if any, is set under it in small print.

``.. rummikit-gallery:: pagat`` shows a registered profile's pieces (one row per suit, then
the jokers) and a few melds of each kind read under the profile, each joker labelled with
what it stands for; the melds are kept only where the profile finds them valid, so the
gallery of any profile (a plug-in's too) shows only what it allows.

Builders other than HTML skip the pictures: only HTML holds inline SVG.
"""

from __future__ import annotations

import ast
import html
from pathlib import Path
from typing import Any

import attrs
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util.docutils import SphinxDirective

import rummikit as rk
from rummikit import svg
from rummikit.pieces import RANKS, suits_of

__all__ = [
    "SMALL",
    "SMALL_CARDS",
    "Gallery",
    "Picture",
    "figure_html",
    "gallery_pictures",
    "names",
    "run_picture",
    "setup",
]

SMALL = svg.Style(size=36, row_length=9)
"""The style of the pictures of tiles beside worked examples: ``small`` in their code."""
SMALL_CARDS = svg.Style(size=46, row_length=8)
"""The style of the pictures of cards beside worked examples: ``small_cards``."""
STATIC = Path(__file__).parent / "rummikit_pictures_static"

_TILE_MELDS = (
    "r3 r4 r5 r6",
    "b9 k9 o9",
    "k11 j k13",
    "o1 o2 j",
    "r10 b10 j",
    "group: j j k5",
)
_CARD_MELDS = (
    "5h 6h 7h 8h",
    "Qs Qd Qc",
    "Jd Qd Kd Ad",
    "9c j Jc",
    "7s 7h j",
    "As 2s 3s",
)
_REFUSED = {rk.PieceSet.TILES: "r9 r9 b9", rk.PieceSet.CARDS: "7h 8s 9d"}


def names() -> dict[str, Any]:
    """The names the code of a page's first picture starts with."""
    return {"rk": rk, "svg": svg, "attrs": attrs, "small": SMALL, "small_cards": SMALL_CARDS}


def run_picture(code: str, namespace: dict[str, Any]) -> list[str]:
    """The pictures the last line of ``code`` gives (one, or a tuple or list of them), after
    running the lines before it, all in ``namespace``."""
    tree = ast.parse(code, mode="exec")
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        raise ValueError("the last line must be an expression giving the picture")
    last = ast.Expression(tree.body.pop().value)
    exec(compile(tree, "<rummikit-picture>", "exec"), namespace)
    value = eval(compile(last, "<rummikit-picture>", "eval"), namespace)
    pictures = list(value) if isinstance(value, tuple | list) else [value]
    for picture in pictures:
        if not isinstance(picture, str) or not picture.startswith("<svg"):
            raise ValueError(f"the last line gives {type(picture).__name__}, not a picture")
    if not pictures:
        raise ValueError("the last line gives no picture")
    return pictures


ARROW = '<span class="rummikit-arrow" aria-hidden="true">\u2192</span>'
"""What stands between two pictures of a sequence: an arrow, which a screen reader skips
(each picture's title says what it shows)."""


def figure_html(pictures: list[str], caption: str = "") -> str:
    """The HTML of a figure: one picture, or several side by side, each after the first
    in a step with its arrow, and the caption under them."""
    below = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
    if len(pictures) == 1:
        body = pictures[0]
    else:
        steps = [
            f'<div class="rummikit-step">\n{ARROW}\n{picture}\n</div>' for picture in pictures[1:]
        ]
        body = "\n".join(['<div class="rummikit-sequence">', pictures[0], *steps, "</div>"])
    return f'<figure class="rummikit-picture">\n{body}\n{below}</figure>'


def _figure(pictures: list[str], caption: str = "") -> nodes.raw:
    return nodes.raw("", figure_html(pictures, caption), format="html")


class Picture(SphinxDirective):
    """Draw a picture with :mod:`rummikit.svg` while the docs build."""

    has_content = True
    option_spec = {"caption": directives.unchanged}  # noqa: RUF012 (docutils API)

    def run(self) -> list[nodes.Node]:
        if self.env.app.builder.format != "html":
            return []
        try:
            namespace = self.env.temp_data.setdefault("rummikit-picture-names", names())
            pictures = run_picture("\n".join(self.content), namespace)
        except Exception as error:  # any failure of the code shown: fail the build
            raise self.error(f"rummikit-picture: {type(error).__name__}: {error}") from error
        return [_figure(pictures, self.options.get("caption", ""))]


def gallery_pictures(profile: rk.RuleProfile) -> list[tuple[str, str]]:
    """The pictures of a profile's gallery, each with its caption."""
    family = profile.piece_set
    rows = [" ".join(str(rk.Tile(suit, rank)) for rank in RANKS) for suit in suits_of(family)]
    if profile.jokers:
        rows.append(" ".join(["j"] * profile.jokers))
    style = svg.Style(size=40, row_length=13)
    pieces = svg.table(
        " | ".join(rows), style=style, title=f"The pieces of {profile.name}: {' | '.join(rows)}"
    )
    jokers = f", {profile.jokers} jokers" if profile.jokers else ", no joker"
    then = ", then its jokers" if profile.jokers else ""
    caption = (
        f"The pieces of {profile.name}, each natural piece once{then}: the deck holds "
        f"{len(profile.deck)} ({profile.copies} of each natural piece{jokers})."
    )
    examples = _CARD_MELDS if family is rk.PieceSet.CARDS else _TILE_MELDS
    valid = [meld for meld in examples if profile.is_valid_meld(meld)]
    melds = svg.table(" | ".join(valid), profile=profile, style=svg.Style(row_length=16))
    labels = ", each joker labelled with what it stands for" if profile.jokers else ""
    pictures = [(pieces, caption), (melds, f"Melds {profile.name} allows{labels}.")]
    refused = _REFUSED[family]
    try:
        profile.read_meld(refused)
    except rk.InvalidMeld as error:
        text = f"A meld {profile.name} refuses, outlined: {error.message}."
        pictures.append((svg.meld(refused, profile=profile), text))
    return pictures


class Gallery(SphinxDirective):
    """A registered profile's pieces and a few of its melds, drawn while the docs build."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        if self.env.app.builder.format != "html":
            return []
        try:
            profile = rk.profiles.get(self.arguments[0])
        except rk.RummikitError as error:
            raise self.error(f"rummikit-gallery: {error.message}") from error
        return [_figure([picture], caption) for picture, caption in gallery_pictures(profile)]


def _add_static(app: Sphinx, config: Config) -> None:
    if str(STATIC) not in config.html_static_path:
        config.html_static_path.append(str(STATIC))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives and their stylesheet with Sphinx."""
    app.add_directive("rummikit-picture", Picture)
    app.add_directive("rummikit-gallery", Gallery)
    app.connect("config-inited", _add_static)
    app.add_css_file("rummikit_pictures.css")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
