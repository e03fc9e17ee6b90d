"""The errors every layer raises, checked across the package.

Errors pickle whole (a worker process sends them back pickled), and bad input anywhere in
the package is refused with a documented :class:`rummikit.RummikitError` and a code, never
a bare Python error and never with a message that repeats a huge value. Each test failed
before the fix it is named for; the cases of one test span several layers (pieces,
profiles, games, bots, simulations, the solver), so they are checked here rather than in
one layer's folder.
"""

from __future__ import annotations

import attrs
import pytest

import rummikit as rk
from rummikit import bots
from rummikit.testing import tables
from tests.helpers import PAGAT, H, refused


def test_regression_errors_pickle_whole() -> None:
    # An error raised in a worker process comes back pickled; the errors' constructors take
    # more than the message, so they did not unpickle (and broke a process pool).
    import pickle

    from rummikit.verdict import Verdict, Violation

    errors: list[rk.RummikitError] = [
        rk.InvalidArgument("bad_seed", "a seed is a whole number >= 0"),
        rk.IndexOutOfRange("a meld of 3 tiles has no index 5"),
        rk.UnknownProfile("gin", ("online", "pagat")),
        rk.InvalidOption("copies", "is 1 to 4", code="out_of_range"),
        rk.InvalidRecord("does_not_replay", "the play is illegal", where="actions[3]"),
        rk.NotationError("bad_token", "no tile", token="x9", position=3, expected="a tile"),
        rk.IllegalAction(Verdict((Violation("cannot_pass", "play or draw"),))),
    ]
    for error in errors:
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error)
        assert vars(back) == vars(error)
        assert str(back) == str(error)


def test_unknown_profile_built_without_its_list_of_names():
    assert "known profiles" in str(rk.UnknownProfile("x", None))  # type: ignore[arg-type]


def test_regression_no_error_message_repeats_a_huge_number_or_reads_bytes() -> None:
    # A profile option of 5,000 digits made Python's own ValueError (it cannot print such
    # an int); bytes given as a rack were read as numbers ("not 114").
    import pytest

    pagat = rk.profiles.get("pagat")
    with pytest.raises(rk.InvalidOption, match="not a very large integer"):
        attrs.evolve(pagat, hand_size=10**5000)
    with pytest.raises(rk.InvalidArgument, match="not bytes") as info:
        pagat.check_turn(before="", rack=b"r1 r2 r3", after="", opened=True)  # type: ignore[arg-type]
    assert info.value.code == "not_tiles"
    with pytest.raises(rk.InvalidArgument, match="not dict"):
        rk.TableState(rk.notation.as_table({"r1 r2 r3": 1}))  # type: ignore[arg-type]


def test_regression_huge_numbers_in_bot_simulation_and_solver_arguments() -> None:
    # Python cannot print an int of more than 4,300 digits: messages that quoted the value
    # raised its own ValueError instead of the rummikit error.
    import pytest

    from rummikit.bots import GreedyBot, StrategicBot, best_play, make_bot

    huge = 10**5000
    calls = [
        lambda: GreedyBot(budget=-huge),
        lambda: StrategicBot(patience=-huge),
        lambda: make_bot("greedy", huge),  # type: ignore[arg-type]
        lambda: best_play("online", "", "r1", opened=huge),  # type: ignore[arg-type]
        lambda: rk.simulate("online", players=huge),
        lambda: rk.simulate("online", players=2, games=huge),
        lambda: rk.simulate("online", players=2, games=1, bots=[huge, huge]),  # type: ignore[list-item]
        lambda: rk.solve(huge, "", "r1", opened=True),  # type: ignore[arg-type]
        lambda: rk.solve("online", "", "r1", opened=huge),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(rk.RummikitError, match=r"very large integer|at most"):
            call()


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
