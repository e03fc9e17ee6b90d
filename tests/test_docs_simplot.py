"""The docs' first-opening chart: the games simulate plays, drawn the same way every build."""

from __future__ import annotations

import importlib.util
import pathlib
import xml.etree.ElementTree as ET
from types import ModuleType

import pytest

import rummikit as rk

EXTENSION = pathlib.Path(__file__).parent.parent / "docs" / "_ext" / "rummikit_simplot.py"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def simplot() -> ModuleType:
    for needed in ("matplotlib", "sphinx", "docutils"):
        pytest.importorskip(needed)
    spec = importlib.util.spec_from_file_location("rummikit_simplot", EXTENSION)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


OPENINGS = {"online": [1, 2, 2, None, 5, 3], "online_joker_value": [1, 1, 2, 3, 4, None]}


def test_the_chart_is_the_same_bytes_every_time(simplot):
    assert simplot.svg_chart(OPENINGS, 8) == simplot.svg_chart(OPENINGS, 8)
    assert simplot.svg_chart(OPENINGS, 8) != simplot.svg_chart(OPENINGS, 9)


def test_the_chart_is_an_inline_svg_with_a_title_and_no_date(simplot):
    svg = simplot.svg_chart(OPENINGS, 8)
    assert svg.startswith("<svg")  # no XML declaration or doctype inside the HTML page
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.find(f"{SVG}title").text == "Share of games with an opening by each turn"
    assert "<dc:date>" not in svg
    assert "Matplotlib v" not in svg  # no version in the metadata either
    assert "currentColor" in svg  # the text follows the page's light or dark theme
    assert simplot._INK not in svg
    texts = "".join(root.itertext())
    assert "online_joker_value" in texts
    assert "100%" in texts


def test_first_openings_are_those_of_the_games_simulate_plays(simplot):
    settings = {"games": 5, "players": 4, "bots": "simple", "seed": 1}
    report = rk.simulate("online", **settings)
    expected = [result.first_opening_turn for result in report.results]
    assert simplot.first_openings(rk.profiles.get("online"), **settings) == expected
