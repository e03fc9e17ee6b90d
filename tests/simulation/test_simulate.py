"""Simulations: the same seed gives the same report, on threads, processes or a dask
cluster; bots in simulations; and the arguments ``simulate`` and ``play_game`` refuse.
"""

from __future__ import annotations

import multiprocessing
import random
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor

import attrs
import pytest

import rummikit as rk
from rummikit import bots as rb
from rummikit.simulation import Report, play_game, simulate
from tests.helpers import code_of
from tests.simulation.runs import ARGS


def spawn_pool(workers: int = 2) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))


# -- simulate --------------------------------------------------------------------------------


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
    fast = {"games": 3, "seed": 2, "bots": "random"}  # each at its own default players
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
    """Through a client connected by the scheduler's address, as to a real cluster; the
    profiles at their own default players (online 2, pagat 4)."""
    distributed = pytest.importorskip("distributed")
    from rummikit.simulation._run import WINDOW_PER_WORKER, window_for

    args = {"games": 3, "seed": 4, "bots": "random"}
    serial = simulate(["online", "pagat", "rami_voleur"], **args)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster.scheduler_address) as client,
    ):
        executor = client.get_executor()
        assert window_for(executor) == 2 * WINDOW_PER_WORKER  # it tells its two workers
        parallel = simulate(["online", "pagat", "rami_voleur"], executor=executor, **args)
    assert parallel == serial
    assert [report.players for report in parallel.values()] == [2, 4, 4]


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


def test_regression_each_profile_plays_its_own_default_players() -> None:
    """Found by a review: ``simulate`` seated four players unless told otherwise, whatever a
    profile's ``default_players``, while ``rummikit simulate`` seated the profile's own
    (online: 2 against 4). Now both seat each profile's ``default_players``: a profile of
    at most three plays with no ``players`` given, and profiles whose defaults differ each
    play at their own, on the same seeds."""
    trio = rk.profiles.get("pagat").evolve(name="trio", max_players=3, default_players=3)
    assert rk.simulate(trio, games=1, bots="simple", seed=1).players == 3
    both = rk.simulate(["online", "pagat"], games=2, bots="random", seed=1)
    assert [report.players for report in both.values()] == [2, 4]
    assert [r.seed for r in both["online"].results] == [r.seed for r in both["pagat"].results]
    assert both["online"] == rk.simulate("online", games=2, bots="random", seed=1, players=2)
    with pytest.raises(rk.InvalidArgument) as caught:
        rk.simulate(trio, players=4, games=1, bots="simple", seed=1)
    assert caught.value.code == "bad_players"


def test_one_bot_per_seat_sets_the_players() -> None:
    report = rk.simulate("online", games=1, bots=["simple", "random", "simple"], seed=1)
    assert report.players == 3
    with pytest.raises(rk.InvalidArgument) as caught:
        rk.simulate("online", games=1, bots=["simple"] * 5, seed=1)
    assert caught.value.code == "bad_players"
    assert "one seat per bot given" in caught.value.message
    with pytest.raises(rk.InvalidArgument) as caught:
        rk.simulate("online", players=2, games=1, bots=["simple"] * 3, seed=1)
    assert caught.value.code == "bad_bots"


# -- bots in simulations ---------------------------------------------------------------------


def test_a_registered_bot_plays_in_simulations(monkeypatch):
    monkeypatch.setattr(rb, "_FACTORIES", dict(rb._FACTORIES))
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


# -- bad arguments ---------------------------------------------------------------------------


def no_bot(rng: random.Random) -> None:
    """A factory that makes nothing (top level, so a process pool can run it)."""
    del rng


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


def test_regression_a_broken_pool_is_not_a_bad_executor() -> None:
    # A pool whose workers died raises BrokenProcessPool, a RuntimeError: it was reported as
    # bad_executor ("give one still running"), hiding the CLI's "try --workers 1" advice.
    import concurrent.futures
    from concurrent.futures.process import BrokenProcessPool

    import pytest

    class Broken(concurrent.futures.Executor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
            raise BrokenProcessPool("the workers died")

    with pytest.raises(BrokenProcessPool):
        rk.simulate("online", players=2, games=1, bots="random", executor=Broken())


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
