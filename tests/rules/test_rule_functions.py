"""The module-level rule functions (:mod:`rummikit.scoring`, :mod:`rummikit.opening`,
:mod:`rummikit.judge`, :mod:`rummikit.moves`, :mod:`rummikit.table`) take profile names and
notation as the profile's methods do, and refuse bad arguments with a code."""

from __future__ import annotations

import pytest

import rummikit as rk
from rummikit import judge, moves, opening, scoring, table


def test_module_rule_functions_take_profile_names_and_notation():
    """Regression (a review): ``scoring.score_round("pagat", ...)``,
    ``moves.simple_plays(profile, table, "r1 r2 r3", True)`` and ``judge.check_turn`` with
    notation raised AttributeError; they take names and notation as the methods do."""
    pagat = rk.profiles.get("pagat")
    assert scoring.score_round("pagat", {0: "r1 r2", 1: ""}) == pagat.score_round(
        {0: "r1 r2", 1: ""}
    )
    assert scoring.round_winners("pagat", {0: "r1 r2", 1: ""}) == (1,)
    assert scoring.piece_value("pagat", "j") == 30
    plays = list(moves.simple_plays("pagat", "", "r1 r2 r3", True))
    assert plays == [rk.TableState.parse("run: r1 r2 r3")]
    assert moves.rack_melds("pagat", "r1 r2 r3") == [rk.Meld.parse("run: r1 r2 r3")]
    verdict = judge.check_turn("pagat", "", "r1 r2 r3", "r1 r2 r3", True)
    assert verdict.ok
    assert opening.opening_points("pagat", "r10 r11 r12") == 33
    assert opening.check_opening("pagat", "r10 r11 r12").ok
    reading = pagat.read_meld("r10 r11 r12")
    assert opening.opening_value("pagat", reading) == 33
    assert opening.pure_run_length(reading) == 3


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (
            lambda: scoring.score_round(None, {0: ""}),
            "bad_profile_name",
        ),
        (
            lambda: scoring.piece_value("nope", "r1"),
            "unknown_profile",
        ),
        (
            lambda: list(moves.simple_plays("pagat", 5, "", True)),
            "not_a_table",
        ),
        (
            lambda: moves.simple_plays("pagat", "", 5, True),
            "not_tiles",
        ),
        (lambda: moves.simple_plays("pagat", "", "", 1), "bad_opened"),
        (
            lambda: judge.check_turn("pagat", "", [1], "", True),
            "not_a_tile",
        ),
        (
            lambda: opening.pure_run_length(rk.parse_meld("r1 r2 r3")),
            "not_a_reading",
        ),
        (
            lambda: opening.opening_value("pagat", None),
            "not_a_reading",
        ),
        (lambda: table.meld_key("r1 r2 r3"), "not_a_meld"),
    ],
)
def test_module_rule_functions_refuse_bad_arguments(call, code):
    with pytest.raises(rk.RummikitError) as caught:
        call()
    assert caught.value.code == code
