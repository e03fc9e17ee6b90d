"""Hostile values given to pieces, melds, tables, scoring, openings, matches, options and the
hypothesis strategies: each is refused with a documented :class:`rummikit.RummikitError` and a
stable code, never a bare TypeError, AttributeError or ValueError, and never with a message
that repeats a huge value.

Every test here failed before the fix it is named for.
"""

from __future__ import annotations

import pytest

import rummikit as rk
from rummikit import bots
from rummikit.testing import tables

PAGAT = rk.profiles.get("pagat")
H = 10**5000
"""Too long for Python to print (over 4,300 digits): a message that shows it raises."""
SHORT = 200
"""The longest message allowed when the input held a huge number."""


def ident(value: object) -> str | None:
    """A test id that does not print a huge integer (pytest would raise)."""
    return "huge" if value is H else None


def refused(call: object, code: str, kind: type[rk.RummikitError] = rk.InvalidArgument) -> str:
    """The message of the error ``call`` raises, checked for its class, ``code`` and length."""
    with pytest.raises(kind) as caught:
        call()  # type: ignore[operator]
    assert caught.value.code == code, caught.value
    assert len(caught.value.message) < SHORT
    return caught.value.message


# -- 3. huge integers in messages ------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda: rk.Tile(rk.Suit.RED, H), "bad_rank"),
        (lambda: rk.Tile(H, 1), "bad_suit"),
        (lambda: rk.Tile(None, H), "bad_rank"),
        (lambda: rk.Meld([H]), "not_a_tile"),
        (lambda: rk.Meld([], kind=H), "bad_kind"),
        (lambda: rk.MeldKind.coerce(H), "bad_kind"),
        (lambda: rk.TableState([H]), "not_a_meld"),
        (lambda: rk.Match.new("pagat", 2, -H), "bad_seed"),
        (lambda: rk.Match.new("pagat", 2, [H]), "bad_seed"),
        (lambda: PAGAT.score_round({0: "", 1: "r5"}, winner=H), "unknown_player"),
        (lambda: tables("pagat", max_melds=H), "bad_bounds"),
    ],
)
def test_a_huge_integer_is_not_printed(call, code):
    refused(call, code)


# -- found by a review of bad input (each raised a bare Python error or misled) -------------


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda: rk.format_table(None), "not_a_table"),
        (lambda: rk.format_table(5), "not_a_table"),
        (lambda: rk.format_tiles(None), "not_tiles"),
        (lambda: rk.format_tiles([1, 2]), "not_a_tile"),
        (lambda: PAGAT.check_in_deck([1]), "not_a_tile"),
        (lambda: PAGAT.check_in_deck(None), "not_tiles"),
        (lambda: rk.pieces.tile_from_code(-1), "bad_code"),
        (lambda: rk.pieces.tile_from_code("x"), "bad_code"),
        (lambda: rk.pieces.sort_tiles([1]), "not_a_tile"),
        (lambda: rk.pieces.sort_tiles(None), "not_tiles"),
        (lambda: bots.register_bot("a,b", bots.RandomBot), "bad_bot_name"),
        (lambda: bots.register_bot("mine", bots.RandomBot, replace="y"), "bad_replace"),
        (lambda: bots.make_bot("x" * 10**5), "unknown_bot"),
        (lambda: rk.simulate({"pagat": 1}, games=1), "not_a_profile"),
        (lambda: rk.simulate(b"pagat", games=1), "not_a_profile"),
        (lambda: PAGAT.score_round({"a": "r5", "b": ""}, winner="a"), "winner_not_out"),
    ],
)
def test_bad_input_found_by_a_review_is_refused(call, code):
    refused(call, code)


# -- the module-level rule functions take what the profile methods take ---------------------


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda: rk.Solution(rk.TableState(), None, 0), "bad_solution"),
        (lambda: rk.Solution("x", (), "x", optimal="no"), "bad_solution"),
        (lambda: rk.Outcome(rk.Termination.BLOCKED, None, ()), "bad_outcome"),
        (lambda: rk.Outcome(rk.Termination.WENT_OUT, (2,), (1, -1)), "bad_outcome"),
        (lambda: rk.Verdict(("not_your_turn",)), "bad_verdict"),
        (lambda: rk.Violation(1, 2), "bad_verdict"),
        (lambda: rk.IllegalAction("x"), "bad_verdict"),
    ],
)
def test_result_values_built_by_hand_are_checked(call, code):
    """Regression (a review): these built fine and failed later with TypeError or
    AttributeError (``Verdict(("not_your_turn",)).codes``, ``IllegalAction("x").codes``)."""
    refused(call, code)


def test_unknown_profile_built_without_its_list_of_names():
    assert "known profiles" in str(rk.UnknownProfile("x", None))  # type: ignore[arg-type]
