"""Playing a run's games (:func:`rummikit.simulation._run.play_games`): lazily, within a
bounded window of chunks, in game-major order, handed over in game order whatever the
executor, each profile copied once, and ending cleanly when the consumer stops or a game
fails.
"""

from __future__ import annotations

import concurrent.futures
import pickle
import random
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from types import SimpleNamespace

import attrs
import pytest

import rummikit as rk
from rummikit.simulation import GameResult, _run, game_seed
from rummikit.simulation._play import Task
from rummikit.simulation._run import (
    CHUNK_GAMES,
    WINDOW,
    WINDOW_PER_WORKER,
    chunk_size,
    play_games,
    window_for,
)
from tests.simulation.runs import IDLE2, Idle
from tests.simulation.test_simulate import spawn_pool

PAGAT = rk.profiles.get("pagat")
ONLINE = rk.profiles.get("online")


class Counting(Executor):
    """An executor passing its work on to ``inner``, which keeps the tasks it was given and
    counts the most chunks out (submitted and not done) at once; it tells ``workers`` as
    its worker count when given."""

    def __init__(self, inner: Executor, workers: int | None = None) -> None:
        self.inner = inner
        if workers is not None:
            self._max_workers = workers
        self.futures: list[Future[object]] = []
        self.tasks: list[Task] = []
        self.most_out = 0

    def submit(
        self, fn: Callable[..., object], /, *args: object, **kwargs: object
    ) -> Future[object]:
        out = sum(1 for future in self.futures if not future.done()) + 1
        self.most_out = max(self.most_out, out)
        (tasks,) = args
        self.tasks.extend(tasks)  # type: ignore[call-overload]
        future = self.inner.submit(fn, *args, **kwargs)
        self.futures.append(future)
        return future


def test_chunks_grow_from_one_game_and_shrink_at_the_end() -> None:
    sizes = []
    remaining = 100
    while remaining:
        sizes.append(chunk_size(len(sizes), remaining, 6))
        remaining -= sizes[-1]
    assert sizes[:5] == [1, 2, 4, CHUNK_GAMES, CHUNK_GAMES]
    assert sizes[-3:] == [1, 1, 1]
    assert chunk_size(10**6, 10**6, 6) == CHUNK_GAMES  # no huge number along the way


def test_the_window_follows_the_workers_when_the_executor_tells() -> None:
    with ThreadPoolExecutor(2) as pool:
        assert window_for(pool) == 2 * WINDOW_PER_WORKER
        assert window_for(Counting(pool)) == WINDOW


def test_games_are_played_lazily_within_the_window_and_a_consumer_may_stop() -> None:
    """A run of a million games plays no further than the window ahead of what its consumer
    took; when the consumer stops, what was not started is cancelled, what was running is
    waited for, and the executor goes on working."""
    with ThreadPoolExecutor(2) as pool:
        counting = Counting(pool, workers=2)
        window = window_for(counting)
        rows = play_games([PAGAT], [2], [IDLE2], 1, rk.simulation.MAX_GAMES, counting, None)
        assert counting.tasks == []  # nothing before the first game is asked for
        for taken in range(1, 13):
            next(rows)
            assert len(counting.tasks) <= taken + window * CHUNK_GAMES
        assert counting.most_out <= window
        rows.close()
        assert all(future.done() for future in counting.futures)  # cancelled or finished
        sent = len(counting.tasks)
        assert pool.submit(sum, [1, 2]).result() == 3
        assert len(counting.tasks) == sent


def test_games_are_played_in_game_major_order() -> None:
    """Game i of every profile before game i + 1: the chunks hold the games in that order,
    and a run stopped early has played the same deals for every profile."""
    profiles = [rk.profiles.get(name) for name in ("online", "pagat", "rami_voleur")]
    bots = [IDLE2, IDLE2 * 2, IDLE2]
    with ThreadPoolExecutor(2) as pool:
        counting = Counting(pool)
        rows = list(play_games(profiles, [2, 4, 2], bots, 7, 5, counting, None))
    expected = [(p.name, game_seed(7, game)) for game in range(5) for p in profiles]
    assert [(task.profile.name, task.seed) for task in counting.tasks] == expected
    assert [tuple(r.profile for r in row) for row in rows] == [
        ("online", "pagat", "rami_voleur")
    ] * 5
    assert [{r.seed for r in row} for row in rows] == [{game_seed(7, g)} for g in range(5)]
    assert [[r.players for r in row] for row in rows] == [[2, 4, 2]] * 5


def test_played_here_in_game_major_order_too(monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[str, int]] = []
    real = _run.run_task

    def recording(task: Task) -> GameResult:
        played.append((task.profile.name, task.seed))
        return real(task)

    monkeypatch.setattr(_run, "run_task", recording)
    rows = play_games([ONLINE, PAGAT], [2, 2], [IDLE2] * 2, 3, 10**6, None, None)
    first = [next(rows) for _ in range(3)]
    rows.close()
    assert played == [(name, game_seed(3, g)) for g in range(3) for name in ("online", "pagat")]
    assert [row[0].seed for row in first] == [game_seed(3, g) for g in range(3)]


def test_each_profile_is_copied_once_a_run_and_travels_once_a_chunk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A profile used to be copied (and checked again) for every game, and pickled with
    every game. Now one plain copy a run (no modified_from mark to carry along), shared by
    every game of a chunk, which pickle writes once."""
    house = rk.profiles.get("pagat").evolve(opening_min_points=25)
    assert house.modified_from is not None
    copies = []

    def counting(instance: object, **changes: object) -> object:
        copies.append(instance)
        return attrs.evolve(instance, **changes)

    monkeypatch.setattr(_run, "attrs", SimpleNamespace(evolve=counting))
    with ThreadPoolExecutor(2) as pool:
        executor = Counting(pool)
        rows = list(play_games([house], [2], [IDLE2], 1, 20, executor, None))
    assert len(rows) == 20
    assert copies == [house]
    shared = {id(task.profile) for task in executor.tasks}
    assert len(shared) == 1
    assert executor.tasks[0].profile == house
    assert executor.tasks[0].profile.modified_from is None
    chunk = tuple(executor.tasks[7:15])  # a chunk of eight games
    alone = len(pickle.dumps(executor.tasks[0].profile))
    assert len(pickle.dumps(chunk)) < alone + 8 * 200


def flaky(rng: random.Random) -> Idle:
    """A factory that fails in about one game of ten, the same games wherever it runs (it
    reads the generator seeded for the game and the seat): first in game 16 of seed 3."""
    if rng.random() < 0.1:
        raise ValueError("flaky factory")
    return Idle(rng)


def _take(rows: Iterator[tuple[GameResult, ...]], taken: list[tuple[GameResult, ...]]) -> None:
    taken.extend(rows)  # what was handed over stays in taken when an error ends the run


def _until_error(executor: Executor | None) -> int:
    """The games handed over before the run fails."""
    rows = play_games([ONLINE], [2], [(flaky, Idle)], 3, 200, executor, None)
    taken: list[tuple[GameResult, ...]] = []
    with pytest.raises(ValueError, match="flaky factory"):
        _take(rows, taken)
    return len(taken)


def test_an_error_is_raised_after_the_games_before_it_on_any_executor() -> None:
    assert _until_error(None) == 16
    with ThreadPoolExecutor(3) as pool:
        assert _until_error(pool) == 16
    with spawn_pool() as pool:
        assert _until_error(pool) == 16
        rows = play_games([ONLINE], [2], [(flaky, Idle)], 3, 200, pool, None)
        with pytest.raises(ValueError, match="flaky factory") as caught:
            list(rows)
        # the worker's traceback comes along, as concurrent.futures shows it
        assert isinstance(caught.value.__cause__, _run.WorkerTraceback)
        assert "flaky" in str(caught.value.__cause__)


def test_keyboard_interrupt_cancels_what_is_pending_and_leaves_the_executor_usable() -> None:
    def interrupt(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    with ThreadPoolExecutor(2) as pool:
        counting = Counting(pool, workers=2)
        rows = play_games([PAGAT], [2], [IDLE2], 1, 10**6, counting, interrupt)
        taken: list[tuple[GameResult, ...]] = []
        with pytest.raises(KeyboardInterrupt):
            _take(rows, taken)
        assert len(taken) == 3
        assert len(counting.tasks) <= 3 + window_for(counting) * CHUNK_GAMES
        concurrent.futures.wait(counting.futures)  # those running finish on their own
        assert rk.simulate("pagat", games=2, bots=Idle, seed=1, executor=pool).games == 2


def test_play_games_checks_what_it_must_before_any_game() -> None:
    for executor in ("pool", 5):
        with pytest.raises(rk.InvalidArgument) as caught:
            play_games([PAGAT], [2], [IDLE2], 1, 1, executor, None)  # type: ignore[arg-type]
        assert caught.value.code == "bad_executor"
    with pytest.raises(rk.InvalidArgument) as caught:
        play_games([PAGAT, ONLINE], [2], [IDLE2] * 2, 1, 1, None, None)
    assert caught.value.code == "bad_players"
    with pytest.raises(rk.InvalidArgument) as caught:
        play_games([PAGAT], [2], [IDLE2] * 2, 1, 1, None, None)
    assert caught.value.code == "bad_bots"
