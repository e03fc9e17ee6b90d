"""Bots and simulations: legal play under every profile, reproducible reports, executors."""

from __future__ import annotations

import json
import multiprocessing
import random
import sys
import types
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import attrs
import pytest

import rummikit as rk
from rummikit import bots as rb
from rummikit.simulation import (
    SIMULATE_PLAYERS,
    GameResult,
    Report,
    Stats,
    bot_rng,
    game_seed,
    play_game,
    simulate,
)


def spawn_pool(workers: int = 2) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))


# -- bots ------------------------------------------------------------------------------------


def test_a_registered_bot_plays_in_simulations(monkeypatch):
    monkeypatch.setattr(rb, "_REGISTRY", dict(rb._REGISTRY))
    rb.register_bot("drawer", lambda rng: Drawer())
    report = simulate("rami_voleur", players=2, games=1, seed=1, bots=["drawer", "random"])
    assert report.bots == ("drawer", "random")


class Drawer:
    """Never plays."""

    def choose(self, view: rk.PlayerView) -> rk.Action:
        return rb.no_play(view)


class Cheater:
    """Plays tiles it does not have, which is illegal: the simulation makes it give up."""

    def __init__(self, rng: random.Random) -> None:
        del rng

    def choose(self, view: rk.PlayerView) -> rk.Action:
        if view.phase is rk.Phase.DRAW:
            return rk.Draw()
        return rk.Play([*view.table.melds, rk.parse_meld("r1 r2 r3")])


class Confused:
    def __init__(self, rng: random.Random) -> None:
        del rng

    def choose(self, view: rk.PlayerView) -> rk.Action:
        return "draw"  # type: ignore[return-value]


def test_an_illegal_play_is_a_give_up_with_the_failure_penalty():
    report = simulate("pagat", players=2, games=2, seed=3, bots=[Cheater, "random"])
    assert report.bots == ("Cheater", "random")
    assert report.penalties[0] > 0
    assert report.penalties[1] == 0
    assert report.penalties_per_game == sum(report.penalties) / 2


def test_a_bot_returning_no_action_is_an_error():
    with pytest.raises(rk.InvalidArgument) as info:
        simulate("pagat", players=2, games=1, seed=3, bots=Confused)
    assert info.value.code == "bad_bot_action"


# -- reports ---------------------------------------------------------------------------------


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
    assert report.went_out + report.blocked + report.stock_exhausted == 3
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


# -- simulate ---------------------------------------------------------------------------------


def test_same_seed_same_report_and_several_profiles_share_seeds():
    house = attrs.evolve(rk.profiles.get("rami_voleur"), name="rami_house", joker_penalty=25)
    args = {"players": 2, "games": 2, "seed": 5, "bots": "random"}
    first = simulate(["rami_voleur", house], **args)
    assert list(first) == ["rami_voleur", "rami_house"]
    assert first == simulate(["rami_voleur", house], **args)
    seeds = [[r.seed for r in report.results] for report in first.values()]
    assert seeds[0] == seeds[1]
    other = simulate("rami_voleur", **{**args, "seed": 6})
    assert other.results != first["rami_voleur"].results
    assert isinstance(simulate(house, **args), Report)


def test_seed_defaults_to_a_fresh_one_kept_in_the_report():
    report = simulate("rami_voleur", players=2, games=1, bots="random")
    assert report == simulate("rami_voleur", players=2, games=1, bots="random", seed=report.seed)


def test_progress_is_reported_per_game():
    seen: list[tuple[int, int]] = []
    simulate(
        ["rami_voleur", "online"],
        players=2,
        games=2,
        seed=1,
        bots="random",
        progress=lambda *a: seen.append(a),
    )
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_a_thread_pool_gives_the_serial_report():
    args = {"players": 3, "games": 2, "seed": 9, "bots": "random"}
    serial = simulate(["pagat", "rami_voleur"], **args)
    with ThreadPoolExecutor(3) as pool:
        assert simulate(["pagat", "rami_voleur"], executor=pool, **args) == serial


def test_a_process_pool_gives_the_serial_report():
    fast = {"players": 4, "games": 3, "seed": 2, "bots": "random"}
    # Solver-backed bots too: worker processes hash strings differently, and the report
    # must not depend on it.
    solved = {"players": 2, "games": 2, "seed": 2, "bots": ["greedy", "random"]}
    serial = simulate(["online", "rami_voleur"], **fast)
    serial_solved = simulate("pagat", **solved)
    seen: list[int] = []
    with spawn_pool() as pool:
        parallel = simulate(
            ["online", "rami_voleur"],
            executor=pool,
            progress=lambda done, _: seen.append(done),
            **fast,
        )
        assert simulate("pagat", executor=pool, **solved) == serial_solved
    assert parallel == serial
    assert seen == list(range(1, 7))


def test_a_dask_cluster_gives_the_serial_report():
    distributed = pytest.importorskip("distributed")
    args = {"players": 4, "games": 2, "seed": 4, "bots": "random"}
    serial = simulate(["pagat", "rami_voleur"], **args)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        parallel = simulate(["pagat", "rami_voleur"], executor=client.get_executor(), **args)
    assert parallel == serial


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"profiles": "gin"}, "unknown_profile"),
        ({"profiles": ["pagat", "gin"]}, "unknown_profile"),
        ({"profiles": []}, "no_profiles"),
        ({"profiles": ["pagat", "Pagat"]}, "duplicate_profile"),
        ({"bots": "clever"}, "unknown_bot"),
        ({"bots": ["greedy", "clever"]}, "unknown_bot"),
        ({"bots": ["greedy"] * 3}, "bad_bots"),
        ({"bots": [3, "greedy"]}, "bad_bots"),
        ({"bots": rb.GreedyBot()}, "bad_bots"),
        ({"players": 1}, "bad_players"),
        ({"players": 5}, "bad_players"),
        ({"players": 0}, "bad_players"),
        ({"players": "2"}, "bad_players"),
        ({"games": 0}, "bad_games"),
        ({"games": 2.5}, "bad_games"),
        ({"seed": -1}, "bad_seed"),
        ({"seed": "1"}, "bad_seed"),
        ({"executor": "pool"}, "bad_executor"),
    ],
)
def test_bad_input_is_refused_with_a_code(kwargs, code):
    args = {"profiles": "pagat", "players": 2, "games": 1, "seed": 1, **kwargs}
    with pytest.raises(rk.RummikitError) as info:
        simulate(**args)
    assert info.value.code == code


def test_a_report_needs_games():
    with pytest.raises(rk.InvalidArgument) as info:
        Report.from_results("pagat", ("greedy",), 1, [])
    assert info.value.code == "bad_games"


def test_game_results_are_values(report):
    result = report.results[0]
    assert isinstance(result, GameResult)
    assert attrs.evolve(result) == result
    assert hash(result) == hash(attrs.evolve(result))


def test_a_partial_bot_factory_is_named_after_its_bot():
    """Regression (a review): ``functools.partial(GreedyBot, budget=50)`` was reported as
    the bot "partial"."""
    import functools

    from rummikit.bots import GreedyBot, SimpleBot

    report = rk.simulate(
        "online",
        players=2,
        games=1,
        bots=[functools.partial(GreedyBot, budget=50), SimpleBot],
        seed=1,
        executor=None,
    )
    assert report.to_records()[0]["bots"] == ["GreedyBot", "SimpleBot"]


def test_regression_the_default_players_suit_every_profile_or_say_so() -> None:
    """Found by a review: ``simulate`` plays four players unless told otherwise, whatever
    a profile's ``default_players``; a profile four cannot play failed with "not 4" though
    no number was given. The message now says the 4 is the default and to give
    ``players=``; given, the number is used for every profile."""
    trio = rk.profiles.get("pagat").evolve(name="trio", max_players=3, default_players=3)
    with pytest.raises(rk.InvalidArgument) as caught:
        rk.simulate(trio, games=1, bots="simple", seed=1)
    assert caught.value.code == "bad_players"
    assert "not 4 (the default; give players=)" in caught.value.message
    with pytest.raises(rk.InvalidArgument) as caught:
        rk.simulate(trio, players=4, games=1, bots="simple", seed=1)
    assert "default" not in caught.value.message
    assert rk.simulate(trio, players=3, games=1, bots="simple", seed=1).players == 3
    assert rk.simulate("online", games=1, bots="simple", seed=1).players == SIMULATE_PLAYERS
