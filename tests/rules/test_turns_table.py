"""The turn judge, table manipulation after the opening (matrix row 15): the rearrangements
of the sources, what a meld may give away, and the standard-rummy option of lay-offs only.

Each test is named after the matrix row it checks; scenarios written once in tile notation
are translated to cards for rami voleur (:mod:`tests.rules.judging`).
"""

from __future__ import annotations

import attrs
import pytest

import rummikit as rk
from tests.helpers import ALL, PAGAT, RAMI
from tests.rules.judging import SOURCE_MANIPULATIONS, cards, codes, judge, name


@pytest.mark.parametrize("example", SOURCE_MANIPULATIONS, ids=str)
@pytest.mark.parametrize("profile", ALL, ids=name)
def test_row15_source_manipulations_are_legal_after_opening(profile, example):
    before, rack, after = SOURCE_MANIPULATIONS[example]
    assert codes(profile, before, rack, after) == ()


@pytest.mark.parametrize("profile", ALL, ids=name)
def test_row15_source_000_the_group_of_8_needs_the_fourth_8(profile):
    # [000]: "le brelan de 8 ne compte plus que deux tuiles ... ton tour serait refusé".
    verdict = judge(profile, "r8 b8 k8", "r6 r7", "r6 r7 r8 | b8 k8")
    assert verdict.codes == ("invalid_meld",)
    assert [str(meld) for meld in verdict.violations[0].melds] == [
        cards("b8 k8") if profile is RAMI else "b8 k8"
    ]


@pytest.mark.parametrize("profile", ALL, ids=name)
def test_row15_source_002_a_group_of_three_or_run_of_three_gives_nothing_away(profile):
    # [002]: "tant qu'une suite conserve trois jetons ou qu'un groupe en compte quatre".
    assert codes(profile, "r6 b6 k6", "r7 r8", "b6 k6 | r6 r7 r8") == ("invalid_meld",)
    assert codes(profile, "r6 r7 r8", "b8 k8", "r6 r7 | r8 b8 k8") == ("invalid_meld",)


def test_row15_standard_rummy_option_only_extends_melds():
    # [004]: "Vous ne pouvez pas réorganiser ni diviser les combinaisons existantes".
    layoffs = attrs.evolve(PAGAT, table_manipulation=False, joker_policy="free")
    assert codes(layoffs, "r5 r6 r7 | b1 b2 b3", "r8 b4", "r5 r6 r7 r8 | b1 b2 b3 b4") == ()
    assert codes(layoffs, "r5 r6 r7", "b1 b2 b3", "r5 r6 r7 | b1 b2 b3") == ()
    verdict = judge(layoffs, "r6 r7 r8 r9 r10", "r8", "r6 r7 r8 | r8 r9 r10")
    assert verdict.codes == ("rearrangement_forbidden",)
    assert [str(m) for m in verdict.violations[0].melds] == ["r6 r7 r8 r9 r10"]


# -- regressions: table_manipulation off -----------------------------------------------------


def test_regression_extensions_only_does_not_depend_on_the_order_of_melds() -> None:
    # Row 15 with table_manipulation off: each old meld needs a home of its own; a first-fit
    # choice gave "k1 k2 k3 k4" to the old "k1 k2 k3" when that came first, and then found
    # no home for the old "k1 k2 k3 k4".
    layoffs = attrs.evolve(rk.profiles.get("online"), name="layoffs", table_manipulation=False)
    after = "k1 k2 k3 k4 | k3 k1 k2"
    for before in ("k1 k2 k3 | k1 k2 k3 k4", "k1 k2 k3 k4 | k1 k2 k3"):
        verdict = layoffs.check_turn(before=before, rack="r9", after=after, opened=True)
        assert "rearrangement_forbidden" not in verdict.codes


def test_regression_extending_does_not_move_a_joker_along_its_run() -> None:
    # Row 15 with table_manipulation off: the judge took any meld holding an old meld's
    # tiles as its extension, so r1 could take the place of the joker in "j r2 r3" and push
    # it to the other end, a play the solver (which keeps old melds in place) never found.
    layoffs = attrs.evolve(rk.profiles.get("online"), name="layoffs", table_manipulation=False)
    assert layoffs.check_turn(before="j r2 r3", rack="r1", after="r1 r2 r3 j", opened=True).codes
    assert layoffs.check_turn(before="j r2 r3", rack="r4", after="j r2 r3 r4", opened=True).ok
