"""The docs' paired-difference chart: each variant's difference from the baseline with its
interval, drawn the same way every build."""

from __future__ import annotations

import importlib.util
import pathlib
import sys
import xml.etree.ElementTree as ET
from types import ModuleType

import pytest

from rummikit.game import Termination
from rummikit.simulation import Comparison, GameResult, Report

EXTENSIONS = pathlib.Path(__file__).parent.parent / "docs" / "_ext"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def pairplot() -> ModuleType:
    for needed in ("matplotlib", "sphinx", "docutils"):
        pytest.importorskip(needed)
    sys.path.insert(0, str(EXTENSIONS))  # it borrows the first-opening chart's style
    try:
        spec = importlib.util.spec_from_file_location(
            "rummikit_pairplot", EXTENSIONS / "rummikit_pairplot.py"
        )
        assert spec is not None
        assert spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(EXTENSIONS))
    return module


def _report(profile: str, turns: list[int], blocked: int) -> Report:
    results = [
        GameResult(
            profile=profile,
            seed=seed,
            players=2,
            bots=("simple", "simple"),
            first_player=0,
            turns=count,
            termination=Termination.BLOCKED if seed < blocked else Termination.WENT_OUT,
            winners=(seed % 2,),
            scores=(5, -5),
            first_opening_turn=2,
            penalties=(0, 0),
        )
        for seed, count in enumerate(turns)
    ]
    return Report.from_results(profile, ("simple", "simple"), 1, results)


COMPARISON = Comparison.of(
    [
        _report("online", [30, 32, 34, 36], 0),
        _report("longer", [40, 42, 44, 46], 2),
        _report("same", [31, 31, 35, 35], 0),
    ]
)


def test_the_chart_is_the_same_bytes_every_time(pairplot):
    assert pairplot.svg_chart(COMPARISON) == pairplot.svg_chart(COMPARISON)


def test_the_chart_is_an_inline_svg_with_a_title_and_both_variants(pairplot):
    svg = pairplot.svg_chart(COMPARISON)
    assert svg.startswith("<svg")
    root = ET.fromstring(svg)
    assert root.get("role") == "img"
    title = root.find(f"{SVG}title")
    assert title is not None
    assert title.text == "Paired differences from online with their 95% confidence intervals"
    assert "currentColor" in svg
    assert pairplot._INK not in svg
    texts = "".join(root.itertext())
    for text in ("longer", "same", "turns per game", "games ended blocked", "percentage points"):
        assert text in texts


def test_options_read_as_json_where_they_can(pairplot):
    assert pairplot._option_value("25") == 25
    assert pairplot._option_value("true") is True
    assert pairplot._option_value("represented") == "represented"
