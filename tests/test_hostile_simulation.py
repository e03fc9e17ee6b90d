"""Hostile input to simulations and bots: every bad argument is a RummikitError with a code.

Each case used to escape as a bare TypeError, AttributeError or IndexError (or, for bad
bot factories in a process pool, to break the pool).
"""

from __future__ import annotations

import multiprocessing
import random
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import rummikit as rk
from rummikit import bots as rb
from rummikit.simulation import Report, play_game, simulate

ARGS = {"players": 2, "games": 1, "seed": 1}


def code_of(call, *args, **kwargs) -> str:
    with pytest.raises(rk.RummikitError) as info:
        call(*args, **kwargs)
    assert info.value.message
    return info.value.code


def no_bot(rng: random.Random) -> None:
    """A factory that makes nothing (top level, so a process pool can run it)."""
    del rng


# -- simulate --------------------------------------------------------------------------------


@pytest.mark.parametrize("profiles", [5, None, [5], ["pagat", None], b"pagat", 2.5])
def test_a_profile_of_the_wrong_kind_is_refused(profiles):
    assert code_of(simulate, profiles, **ARGS) == "not_a_profile"


def test_any_iterable_of_profiles_is_read():
    report = simulate(iter(["pagat"]), bots="simple", **ARGS)
    assert list(report) == ["pagat"]


def test_progress_is_checked_before_any_game_is_played():
    made: list[int] = []

    def factory(rng: random.Random) -> rb.Bot:
        made.append(1)
        return rb.SimpleBot(rng)

    # regression (a review): a function of the wrong arity raised TypeError after a game
    for progress in (5, "log", [print], lambda done: None, lambda: None):
        assert code_of(simulate, "pagat", bots=factory, progress=progress, **ARGS) == (
            "bad_progress"
        )
    assert made == []


def test_a_process_pool_is_refused_a_factory_it_cannot_send():
    """Regression (a review): a lambda factory with a process pool let the pickling error
    escape (a class defined in a function broke the pool)."""
    from concurrent.futures import ProcessPoolExecutor

    class Local(rb.SimpleBot):
        pass

    with ProcessPoolExecutor(1) as pool:
        for bots in (lambda rng: rb.SimpleBot(rng), Local):
            assert code_of(simulate, "pagat", bots=bots, executor=pool, **ARGS) == "bad_bots"
        assert simulate("pagat", bots="simple", executor=pool, **ARGS).games == ARGS["games"]


@pytest.mark.parametrize(
    "bots",
    [lambda rng: None, [str, str], int, [rb.SimpleBot, lambda rng: rb.SimpleBot], dict],
    ids=["none", "str", "int", "a-class", "dict"],
)
def test_a_factory_that_makes_no_bot_is_refused_when_the_game_starts(bots):
    with pytest.raises(rk.InvalidArgument) as info:
        simulate("pagat", bots=bots, **ARGS)
    assert info.value.code == "bad_bots"
    assert "seat" in info.value.message


def test_errors_in_a_process_pool_come_back_as_they_are_and_the_pool_survives():
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        with pytest.raises(rk.InvalidArgument) as info:
            simulate("pagat", bots=no_bot, executor=pool, **ARGS)
        assert info.value.code == "bad_bots"
        assert "no_bot" in info.value.message
        assert simulate("pagat", bots="simple", executor=pool, **ARGS).games == 1


def test_a_shut_down_executor_is_refused():
    pool = ThreadPoolExecutor(1)
    pool.shutdown()
    with pytest.raises(rk.InvalidArgument) as info:
        simulate("pagat", executor=pool, **ARGS)
    assert info.value.code == "bad_executor"
    assert "shut" in info.value.message or "running" in info.value.message


class _AnswersNothing(Executor):
    """An executor that runs nothing: every future holds None."""

    def submit(self, fn: object, /, *args: object, **kwargs: object) -> Future[object]:
        future: Future[object] = Future()
        future.set_result(None)
        return future


class _GivesText(Executor):
    """An executor whose submit gives no future at all."""

    def submit(self, fn: object, /, *args: object, **kwargs: object) -> Future[object]:
        return "queued"  # type: ignore[return-value]


@pytest.mark.parametrize("executor", [_AnswersNothing(), _GivesText()])
def test_an_executor_that_does_not_run_the_games_is_refused(executor: Executor) -> None:
    """Regression (a code review): an executor answering None tripped a bare assert, and
    one whose submit gave no future raised AttributeError from the clean-up."""
    with pytest.raises(rk.InvalidArgument) as info:
        simulate("pagat", executor=executor, **ARGS)
    assert info.value.code == "bad_executor"


# -- play_game -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bots",
    [[1, 2], 5, None, "greedy", ["greedy", "greedy"], [rb.GreedyBot, rb.GreedyBot]],
)
def test_play_game_needs_one_bot_per_seat(bots):
    assert code_of(play_game, "pagat", bots, seed=1) == "bad_bots"


def test_play_game_stop_is_a_function():
    bots = [rb.SimpleBot(), rb.SimpleBot()]
    assert code_of(play_game, "pagat", bots, seed=1, stop=5) == "bad_stop"
    assert code_of(play_game, "pagat", bots, seed=1, stop=lambda: True) == "bad_stop"
    assert code_of(play_game, 5, bots, seed=1) == "bad_profile_name"
    assert code_of(play_game, "pagat", bots[:1], seed=1) == "bad_players"
    assert code_of(play_game, "pagat", bots, seed="1") == "bad_seed"


# -- Report.from_results ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def results() -> tuple:
    two = simulate("pagat", players=2, games=2, seed=1, bots="simple").results
    three = simulate("pagat", players=3, games=1, seed=1, bots="simple").results
    return two, three


def test_from_results_refuses_what_is_not_results_of_one_kind(results):
    two, three = results
    assert code_of(Report.from_results, "x", (), 1, [1]) == "bad_results"
    assert code_of(Report.from_results, "x", (), 1, 5) == "bad_results"
    assert code_of(Report.from_results, "pagat", ("a",) * 2, 1, [*two, *three]) == "bad_results"
    assert code_of(Report.from_results, "pagat", (), 1, two) == "bad_bots"
    assert code_of(Report.from_results, "pagat", (1, 2), 1, two) == "bad_bots"
    assert code_of(Report.from_results, "pagat", ("a", "b"), -1, two) == "bad_seed"
    assert code_of(Report.from_results, None, ("a", "b"), 1, two) == "bad_profile_name"
    report = Report.from_results("pagat", ("a", "b"), 1, iter(two))
    assert report.games == 2
    assert report.bots == ("a", "b")
    # each message names what is wrong (a review found them garbled or off the point)
    messages = {
        "profile": ("online", ("a", "b"), two),
        "players": ("pagat", ("a", "b"), (*two, *three)),
        "bots": ("pagat", ("a", "b", "c"), two),
    }
    expected = {
        "profile": "results[0] is a game of 'pagat', not of the report's profile 'online'",
        "players": "results[2] is a game of 3 players, results[0] of 2",
        "bots": "bots is a list of 2 bot names, one per seat, not",
    }
    for key, (profile, bots, games) in messages.items():
        with pytest.raises(rk.InvalidArgument) as caught:
            Report.from_results(profile, bots, 1, games)
        assert expected[key] in caught.value.message


# -- bot constructors ------------------------------------------------------------------------


def test_regression_a_seed_too_long_to_write_is_a_bad_seed():
    """Found by a review: a seed of 5,000 digits let Python's ``ValueError`` out of
    ``simulate`` (the seeds of the games are derived through its text). Seeds of a
    simulation stop at 4,000 digits, the most a saved game holds."""
    from rummikit.simulation import bot_rng, game_seed

    huge = 10**4000
    for call in (
        lambda: simulate("pagat", players=2, games=1, bots="simple", seed=huge),
        lambda: game_seed(huge, 0),
        lambda: bot_rng(huge, 0),
    ):
        with pytest.raises(rk.InvalidArgument) as caught:
            call()
        assert caught.value.code == "bad_seed"
        assert "4,000 digits" in caught.value.message
    assert game_seed(huge - 1, 0) == game_seed(huge - 1, 0)


@pytest.mark.parametrize(
    "change",
    [
        {"bots": None},
        {"bots": ("greedy",)},
        {"profile": 3},
        {"first_player": 7},
        {"turns": -5},
        {"first_opening_turn": 0},
        {"first_opening_turn": 99},
    ],
)
def test_regression_a_hand_built_result_is_checked_whole(change):
    """Found by a review: a GameResult built by hand with ``bots=None`` made
    ``Report.to_records`` raise Python's TypeError, and a first player out of the seats or
    a negative count of turns gave a report quietly wrong. Each is ``bad_results`` now."""
    from rummikit.simulation import GameResult

    fields = {
        "profile": "pagat",
        "seed": 1,
        "players": 2,
        "bots": ("greedy", "simple"),
        "first_player": 0,
        "turns": 10,
        "termination": rk.Termination.WENT_OUT,
        "winners": (0,),
        "scores": (5, -5),
        "first_opening_turn": 3,
        "penalties": (0, 0),
    }
    GameResult(**fields)
    with pytest.raises(rk.InvalidArgument) as caught:
        GameResult(**{**fields, **change})
    assert caught.value.code == "bad_results"


@pytest.mark.parametrize(
    "changes",
    [{"games": 0}, {"results": None}, {"bots": None}, {"scores": ()}, {"profile": None}],
)
def test_a_report_built_by_hand_is_checked(changes):
    """Regression (a review): ``attrs.evolve(report, games=0).summary()`` raised
    ZeroDivisionError, ``bots=None`` TypeError."""
    import attrs

    report = simulate("pagat", bots="simple", **ARGS)
    assert code_of(attrs.evolve, report, **changes) == "not_a_report"


@pytest.mark.parametrize("values", ["abc", None, [1.5], (True,)])
def test_stats_of_takes_whole_numbers(values):
    from rummikit.simulation import Stats

    assert code_of(Stats.of, values) == "bad_values"
    if isinstance(values, list):
        with pytest.raises(rk.InvalidArgument, match=r"values\[0\] is 1\.5, not a whole number"):
            Stats.of(values)
