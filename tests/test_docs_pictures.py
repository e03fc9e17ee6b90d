"""The docs' pictures extension: the code of a picture gives one picture or a sequence."""

from __future__ import annotations

import importlib.util
import pathlib
import xml.etree.ElementTree as ET
from types import ModuleType

import pytest

EXTENSION = pathlib.Path(__file__).parent.parent / "docs" / "_ext" / "rummikit_pictures.py"


@pytest.fixture(scope="module")
def pictures() -> ModuleType:
    for needed in ("sphinx", "docutils"):
        pytest.importorskip(needed)
    spec = importlib.util.spec_from_file_location("rummikit_pictures", EXTENSION)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_last_line_gives_the_picture_and_names_are_kept(pictures: ModuleType) -> None:
    names = pictures.names()
    assert {"rk", "svg", "attrs", "small", "small_cards"} <= set(names)
    drawn = pictures.run_picture('table = "r1 r2 r3"\nsvg.table(table, style=small)', names)
    assert len(drawn) == 1
    assert drawn[0].startswith("<svg")
    assert names["table"] == "r1 r2 r3"  # the later pictures of the page see it


def test_a_tuple_gives_a_sequence_with_arrows_between(pictures: ModuleType) -> None:
    drawn = pictures.run_picture(
        'svg.piece("r1"), svg.piece("r2"), svg.piece("r3")', pictures.names()
    )
    assert len(drawn) == 3
    text = pictures.figure_html(drawn, "one, two & three")
    assert text.count(pictures.ARROW) == 2
    root = ET.fromstring(text)  # well-formed: it goes into the page as it is
    assert root.tag == "figure"
    assert root[0].get("class") == "rummikit-sequence"
    assert root[-1].text == "one, two & three"
    assert pictures.figure_html(drawn[:1]).count(pictures.ARROW) == 0


@pytest.mark.parametrize("code", ['"r1 r2"', "[]", "x = 1", 'svg.piece("r1"), 7'])
def test_anything_else_fails(pictures: ModuleType, code: str) -> None:
    with pytest.raises(ValueError, match="last line"):
        pictures.run_picture(code, pictures.names())
