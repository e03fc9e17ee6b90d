"""Bots and simulations: legal play under every profile, reproducible reports, executors."""

from __future__ import annotations

import json
import multiprocessing
import random
import sys
import types
from collections import Counter
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
from tests.helpers import position

PROFILES = ("online", "pagat", "rami_voleur")


def spawn_pool(workers: int = 2) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))


# -- bots ------------------------------------------------------------------------------------


class Watcher:
    """Wraps a bot, checks it only ever gets its own view, and counts its choices."""

    def __init__(self, inner: rb.Bot, seat: int) -> None:
        self.inner, self.seat, self.choices = inner, seat, Counter[str]()

    def choose(self, view: rk.PlayerView) -> rk.Action:
        assert isinstance(view, rk.PlayerView)
        assert view.player == self.seat == view.current_player
        assert view.phase is not rk.Phase.OVER
        action = self.inner.choose(view)
        self.choices[type(action).__name__] += 1
        return action


@pytest.mark.parametrize("name", rb.bot_names())
@pytest.mark.parametrize("profile", PROFILES)
def test_built_in_bots_choose_only_legal_actions(profile, name):
    # The first 30 turns of a three-player game: every action chosen must be legal as it is.
    seats = [Watcher(rb.make_bot(name, random.Random(seat)), seat) for seat in range(3)]
    game = rk.Game.new(profile, 3, seed=11)
    for _ in range(30):
        if game.outcome is not None:
            break
        seat = seats[game.current_player]
        action = seat.choose(game.view(game.current_player))
        assert game.check(action).ok, (action, game.check(action))
        game = game.apply(action)
    assert any(watcher.choices["Play"] for watcher in seats)


def test_a_whole_game_between_bots_ends_without_penalties():
    bots = [
        Watcher(rb.make_bot(name, random.Random(1)), seat)
        for seat, name in enumerate(rb.bot_names())
    ]
    game = play_game("online", bots, seed=3)
    assert game.outcome is not None
    assert not any(isinstance(action, rk.GiveUp) for action in game.history)
    assert sum(game.penalties) == 0
    assert rk.loads(rk.dumps(game)) == game


def test_bots_are_reproducible_from_their_generator():
    def play(seed: int) -> rk.Game:
        return play_game("pagat", [rb.RandomBot(random.Random(seed + s)) for s in range(2)], seed=4)

    assert play(1).history == play(1).history
    assert play(1).history != play(50).history


def test_bot_protocol_and_registry():
    assert rb.bot_names()[:3] == ("random", "greedy", "strategic")
    for name in rb.bot_names():
        assert isinstance(rb.make_bot(name), rb.Bot)
    assert isinstance(rb.make_bot(" Greedy "), rb.GreedyBot)
    with pytest.raises(rk.InvalidArgument) as info:
        rb.make_bot("clever")
    assert info.value.code == "unknown_bot"
    assert "greedy" in info.value.message
    with pytest.raises(rk.InvalidArgument) as info:
        rb.register_bot("greedy", rb.RandomBot)
    assert info.value.code == "name_taken"
    with pytest.raises(rk.InvalidArgument) as info:
        rb.register_bot("", rb.RandomBot)
    assert info.value.code == "bad_bot_name"
    with pytest.raises(rk.InvalidArgument) as info:
        rb.register_bot("thing", "not callable")  # type: ignore[arg-type]
    assert info.value.code == "not_a_bot_factory"


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


def test_strategic_bot_holds_a_small_opening_and_takes_a_big_one():
    small = position(
        "pagat", "r10 r11 r12 b1 b3 b5 b7 b9 k2 k4 k6 k8 o1 o3", opened=False, opponent_opened=False
    )
    view = small.view(0)
    assert isinstance(rb.GreedyBot().choose(view), rk.Play)
    assert isinstance(rb.StrategicBot().choose(view), rk.Draw)
    assert isinstance(rb.StrategicBot(open_min_tiles=3).choose(view), rk.Play)
    big = position(
        "pagat",
        "r10 r11 r12 r13 b5 k5 o5 b1 b3 b7 b9 k2 k4 o1",
        opened=False,
        opponent_opened=False,
    )
    action = rb.StrategicBot().choose(big.view(0))
    assert isinstance(action, rk.Play)
    assert big.check(action).ok


def test_strategic_bot_opens_when_waiting_gets_costly():
    small = position(
        "pagat", "r10 r11 r12 b1 b3 b5 b7 b9 k2 k4 k6 k8 o1 o3", opened=False, opponent_opened=False
    )
    late = attrs.evolve(
        small, stock=small.stock[:10], racks=(small.racks[0], small.racks[1] + small.stock[10:])
    )
    assert isinstance(rb.StrategicBot().choose(late.view(0)), rk.Play)


def test_strategic_bot_sheds_points_once_open():
    game = position(
        "pagat", "r1 r2 r3 r4 k13", table="o13 b13 r13", opened=True, opponent_opened=False
    )
    profile, table, rack = game.profile, game.table, game.rack(0)

    def laid(after: rk.TableState | None) -> Counter[rk.Tile]:
        assert after is not None
        assert profile.check_turn(before=table, rack=rack, after=after, opened=True).ok
        return after.tiles - table.tiles

    def points(tiles: Counter[rk.Tile]) -> int:
        return sum(profile.piece_value(tile) * n for tile, n in tiles.items())

    most = laid(rb.best_play(profile, table, rack, opened=True))
    highest = laid(rb.best_play(profile, table, rack, opened=True, objective="points"))
    assert sum(most.values()) >= sum(highest.values())
    assert points(highest) >= max(points(most), 13)
    action = rb.StrategicBot().choose(game.view(0))
    assert isinstance(action, rk.Play)
    assert rk.parse_tile("k13") in laid(action.table)
    with pytest.raises(rk.InvalidArgument) as info:
        rb.best_play(game.profile, game.table, game.rack(0), opened=True, objective="most")  # type: ignore[arg-type]
    assert info.value.code == "bad_objective"


def test_bots_draw_or_pass_when_nothing_can_be_played():
    game = position(
        "pagat",
        "r1 b3 k5 o7 r9 b11 k13 o2 r4 b6 k8 o10 r12 b2",
        opened=False,
        opponent_opened=False,
    )
    for name in rb.bot_names():
        assert isinstance(rb.make_bot(name).choose(game.view(0)), rk.Draw)
    rami = rk.Game.new("rami_voleur", 2, seed=1)
    assert isinstance(rb.make_bot("greedy").choose(rami.view(rami.current_player)), rk.Draw)


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
