"""Reading pictures back: parse the SVG text and find its parts by class."""

from __future__ import annotations

import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def parse(picture: str) -> ET.Element:
    """The root of ``picture``, which must be well-formed XML: an ``<svg>`` whose first
    child is a ``<title>`` with words in it."""
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    first = root[0]
    assert first.tag == f"{NS}title"
    assert first.text
    assert first.text.strip()
    return root


def title(picture: str) -> str:
    """The words of the picture's ``<title>``."""
    return parse(picture)[0].text or ""


def parts(root: ET.Element, kind: str) -> list[ET.Element]:
    """The groups of ``root`` whose class list holds ``kind`` (``piece``, ``meld``, ...)."""
    return [g for g in root.iter(f"{NS}g") if kind in (g.get("class") or "").split()]


def pieces(picture: str) -> list[ET.Element]:
    """The pieces drawn face up in ``picture``, each checked to carry its own title."""
    found = parts(parse(picture), "piece")
    for piece in found:
        assert piece[0].tag == f"{NS}title"
        assert piece[0].text
    return found


def piece_titles(picture: str) -> list[str]:
    """The titles of the pieces drawn face up, in drawing order."""
    return [piece[0].text or "" for piece in pieces(picture)]
