"""Simulation reports: what a report sums up, replaying a result, plain records and pandas
frames, statistics, and reports and results built by hand."""

from __future__ import annotations

import json
import sys
import types

import attrs
import pytest

import rummikit as rk
from rummikit import bots as rb
from rummikit.simulation import GameResult, Report, Stats, bot_rng, game_seed, play_game, simulate
from tests.helpers import code_of
from tests.simulation.runs import ARGS


@pytest.fixture(scope="module")
def report() -> Report:
    return simulate("online", players=3, games=3, seed=7, bots=["greedy", "random", "strategic"])


def test_report_sums_up_its_games(report):
    assert report.profile == "online"
    assert report.games == 3
    assert report.players == 3
    assert report.bots == ("greedy", "random", "strategic")
    results = report.results
    assert [r.seed for r in results] == [game_seed(7, i) for i in range(3)]
    assert report.went_out + report.blocked + report.stock_exhausted + report.turn_limit == 3
    assert sum(report.win_rate) + report.no_winner_share == pytest.approx(1)
    assert report.turns == Stats.of([r.turns for r in results])
    assert report.turns.min <= report.turns.median <= report.turns.max
    openings = [r.first_opening_turn for r in results if r.first_opening_turn is not None]
    assert report.no_opening_share == (3 - len(openings)) / 3
    assert report.first_opening_turn == Stats.of(openings)
    assert [s.mean for s in report.scores] == [
        pytest.approx(sum(r.scores[seat] for r in results) / 3) for seat in range(3)
    ]
    assert report.all_scores.count == 9
    assert 0 <= report.first_player_win_rate <= 1


def test_a_result_replays_from_its_seed(report):
    result = report.results[0]
    bots = [rb.make_bot(name, bot_rng(result.seed, seat)) for seat, name in enumerate(result.bots)]
    game = play_game(result.profile, bots, seed=result.seed)
    assert game.outcome is not None
    assert game.outcome.scores == result.scores
    assert game.turn + 1 == result.turns
    assert game.start is not None
    assert game.start.current_player == result.first_player


def test_play_game_stops_when_asked(report):
    for result in report.results[:2]:
        bots = [
            rb.make_bot(name, bot_rng(result.seed, seat)) for seat, name in enumerate(result.bots)
        ]
        game = play_game("online", bots, seed=result.seed, stop=lambda game: any(game.opened))
        assert game.outcome is None
        assert game.turn == result.first_opening_turn


def test_records_are_plain_and_json_ready(report):
    records = report.to_records()
    assert len(records) == 3
    first = records[0]
    assert set(first) == {
        "profile",
        "seed",
        "players",
        "bots",
        "first_player",
        "turns",
        "termination",
        "winners",
        "scores",
        "first_opening_turn",
        "penalties",
    }
    assert first["termination"] in {t.value for t in rk.Termination}
    assert json.loads(json.dumps(records)) == records
    summary = report.summary()
    assert summary["games"] == 3
    assert "win_rate_2" in summary
    assert "score_mean_0" in summary
    assert json.loads(json.dumps(summary)) == summary


def test_to_pandas_without_pandas_says_how_to_install(report, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(rk.InvalidArgument) as info:
        report.to_pandas()
    assert info.value.code == "missing_dependency"
    assert "pip install pandas" in info.value.message


def test_to_pandas_builds_a_frame_from_the_records(report, monkeypatch):
    fake = types.ModuleType("pandas")

    class DataFrame:
        @classmethod
        def from_records(cls, records):
            frame = cls()
            frame.records = records
            return frame

    fake.DataFrame = DataFrame  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pandas", fake)
    assert report.to_pandas().records == report.to_records()


def test_stats():
    assert Stats.of([]) is None
    assert Stats.of([5]) == Stats(count=1, mean=5.0, median=5.0, stdev=0.0, min=5, max=5)
    stats = Stats.of([1, 2, 3, 10])
    assert stats is not None
    assert stats.median == 2.5
    assert stats.mean == 4.0


def test_a_report_needs_games():
    with pytest.raises(rk.InvalidArgument) as info:
        Report.from_results("pagat", ("greedy",), 1, [])
    assert info.value.code == "bad_games"


def test_game_results_are_values(report):
    result = report.results[0]
    assert isinstance(result, GameResult)
    assert attrs.evolve(result) == result
    assert hash(result) == hash(attrs.evolve(result))


# -- reports and results built by hand -------------------------------------------------------


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


def test_regression_hand_built_results_are_checked() -> None:
    # Report.from_results trusted every GameResult: a winner outside the seats or missing
    # scores failed with IndexError, and results of another profile were summed up under
    # the report's name.
    import pytest

    from rummikit.simulation import GameResult, Report

    report = rk.simulate("online", players=2, games=1, bots="random", seed=1)
    result = report.results[0]
    for changes in ({"winners": (5,)}, {"scores": ()}, {"turns": None}, {"termination": "x"}):
        with pytest.raises(rk.InvalidArgument) as info:
            attrs.evolve(result, **changes)
        assert info.value.code == "bad_results"
    with pytest.raises(rk.InvalidArgument) as info:
        Report.from_results("pagat", report.bots, 1, [result])
    assert info.value.code == "bad_results"
    assert isinstance(result, GameResult)
    with pytest.raises(rk.InvalidArgument) as info:
        rk.profiles.get("pagat").differences("online")  # type: ignore[arg-type]
    assert info.value.code == "not_a_profile"


def test_regression_games_ended_by_the_turn_limit_are_counted() -> None:
    """Standard rummy's rounds may end at the turn limit (``Termination.TURN_LIMIT``); a
    report counted only went out, blocked and stock exhausted, so those games were missing
    from its endings (and from ``rummikit compare``)."""
    short = rk.profiles.get("standard_rummy").evolve(name="rummy_short", turn_limit=3)
    report = simulate(short, players=2, games=3, seed=1, bots="random")
    assert report.turn_limit == 3
    assert report.went_out + report.blocked + report.stock_exhausted + report.turn_limit == 3
    assert report.summary()["turn_limit"] == 3
