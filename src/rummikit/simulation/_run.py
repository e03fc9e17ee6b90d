"""Playing the games of a simulation lazily, in game order, through an executor in bounded
batches: :func:`play_games`.

The games of a run are taken in *game-major* order: game 0 of every profile, then game 1 of
every profile, and so on. A run stopped early has played the same deals for every profile,
and its games pair up across profiles by seed.

With an executor the games travel in *chunks*: a few consecutive games of that order, sent
as one call, so that a profile is pickled once a chunk rather than once a game (pickle
writes an object once per call however many games refer to it). Chunks grow from one game
to :data:`CHUNK_GAMES`, so that the first game comes back at once and later ones pay for
their travel; they shrink again at the end of the run, so that no worker is left alone with
a long chunk. At most a *window* of chunks is out at a time (:func:`window_for`): submitted
and not yet handed to the consumer. Nothing else is built ahead, whatever the number of
games, so that memory stays flat and the first game starts at once.

The consumer gets the games in order whatever order the chunks finish in, and an error
raised by a game is raised after the games before it, so that a run ends the same way
whichever executor plays it. Closing the generator cancels every chunk not yet started
(:func:`play_games` says when it waits for those already running).
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing.context
import pickle
import signal
import traceback
from collections import deque
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import Executor, Future

import attrs

from rummikit.errors import InvalidArgument, brief
from rummikit.profile import RuleProfile
from rummikit.simulation._play import GameResult, Task, run_task
from rummikit.simulation._seats import BotSpec, bot_name, game_seed

ProgressCallback = Callable[[int, int], None]
"""Called as ``progress(done, total)`` each time a game is done."""

CHUNK_GAMES = 8
"""The most games one chunk holds. A game takes 20 ms to a few seconds and a profile about
4 KB pickled, so that eight games make a call's cost (pickling, a round trip to a worker or a
Dask scheduler) negligible, while a chunk stays short enough for a progress bar to move."""

WINDOW_PER_WORKER = 3
"""Chunks out per worker, when the executor tells how many workers it has: one running, and
two waiting their turn, so that no worker idles while the consumer takes a result."""

WINDOW = 16
"""Chunks out at a time when the executor does not tell how many workers it has."""

Play = tuple[RuleProfile, int, tuple[BotSpec, ...]]
"""A profile of the run as its games are played: the profile, its players and seats' bots."""


@attrs.frozen
class ChunkOutcome:
    """What a chunk came to: the results of its games in order, up to the first that raised
    an error, and that error with its traceback as text (which does not travel with an
    exception sent from another process)."""

    results: tuple[GameResult, ...]
    error: Exception | None = None
    trace: str = ""


def run_chunk(tasks: tuple[Task, ...]) -> ChunkOutcome:
    """Play the games of ``tasks`` one after another (in whichever process the executor
    chooses), stopping at the first that raises an error."""
    results: list[GameResult] = []
    for task in tasks:
        try:
            results.append(run_task(task))
        except Exception as error:  # the consumer raises it, after the games before it
            return ChunkOutcome(tuple(results), error, traceback.format_exc())
    return ChunkOutcome(tuple(results))


class WorkerTraceback(Exception):
    """The traceback of an error raised by a game in another process, as the cause of that
    error (as :mod:`concurrent.futures` shows an error raised in a worker)."""

    def __init__(self, trace: str) -> None:
        super().__init__(trace)
        self.trace = trace

    def __str__(self) -> str:
        return f'\n"""\n{self.trace}"""'


class _QuietProcess(multiprocessing.context.SpawnProcess):
    """A spawned process that leaves Ctrl-C to its parent: it starts with SIGINT blocked,
    which it keeps (a signal mask survives fork and exec), so that a Ctrl-C sent to the
    terminal's whole process group neither stops it nor makes it print a traceback, even
    while it is still starting up."""

    def start(self) -> None:
        if not hasattr(signal, "pthread_sigmask"):  # Windows: no process groups to fear
            super().start()
            return
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            super().start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)


class QuietSpawnContext(multiprocessing.context.SpawnContext):
    """The ``spawn`` start method, whose processes leave Ctrl-C to their parent: the
    ``mp_context`` of a process pool sharing a terminal with its parent, which stops it
    itself (the command line's)."""

    Process = _QuietProcess


# -- the executor -----------------------------------------------------------------------------


def check_executor(executor: object) -> Executor | None:
    """``executor``, None or a :class:`concurrent.futures.Executor` (``bad_executor``)."""
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise InvalidArgument(
            "bad_executor", f"expected a concurrent.futures.Executor, not {brief(executor)}"
        )
    return executor


def worker_count(executor: Executor) -> int | None:
    """How many games ``executor`` plays at once, when it tells: the ``max_workers`` of a
    process or thread pool, the threads of a Dask client's workers; None otherwise."""
    count = getattr(executor, "_max_workers", None)  # concurrent.futures' pools
    if type(count) is int and count > 0:
        return count
    client = getattr(executor, "_client", None)  # distributed's ClientExecutor
    threads = getattr(client, "nthreads", None)
    if callable(threads):
        try:
            total = sum(threads().values())
        except Exception:  # a cluster that cannot say: the fixed window
            return None
        if type(total) is int and total > 0:
            return total
    return None


def window_for(executor: Executor) -> int:
    """The most chunks :func:`play_games` keeps out on ``executor`` at a time:
    :data:`WINDOW_PER_WORKER` per worker when it tells how many, else :data:`WINDOW`."""
    workers = worker_count(executor)
    return WINDOW if workers is None else WINDOW_PER_WORKER * workers


def chunk_size(number: int, remaining: int, window: int) -> int:
    """The games of chunk ``number`` (from 0) of a run with ``remaining`` games still to
    send: 1, 2, 4, then :data:`CHUNK_GAMES`; but no more than a window's share of what
    remains, so that the last chunks are short and the workers finish together."""
    growing = 1 << min(number, CHUNK_GAMES.bit_length())
    return max(1, min(CHUNK_GAMES, growing, remaining // window))


def _check_picklable(plays: Sequence[Play]) -> None:
    """A process pool pickles the bot factories: refuse one it cannot send before any game
    is submitted (a lambda or a class defined in a function, say)."""
    for _, _, specs in plays:
        for spec in specs:
            try:
                pickle.dumps(spec)
            except Exception as error:  # PicklingError, AttributeError, TypeError: all one
                raise InvalidArgument(
                    "bad_bots",
                    f"a process pool cannot send the bot factory {bot_name(spec)} to its "
                    f"workers ({type(error).__name__}); define it at the top of a module, or "
                    "use executor=None",
                ) from error


# -- the games ----------------------------------------------------------------------------------


def play_games(
    profile_list: Sequence[RuleProfile],
    players: Sequence[int],
    bots: Sequence[tuple[BotSpec, ...]],
    seed: int,
    games: int,
    executor: Executor | None,
    progress: ProgressCallback | None,
) -> Generator[tuple[GameResult, ...], None, None]:
    """The games of a run, one tuple per game index (0, 1, 2, ...): the result of that game
    under each profile of ``profile_list``, in its order, played by ``players[i]`` seats
    whose bots are ``bots[i]``. Game ``i`` is dealt from ``game_seed(seed, i)`` under every
    profile.

    The arguments are taken as checked (:func:`~rummikit.simulate` checks them), except
    that ``executor`` must be None (play here) or an executor (``bad_executor``), and a
    process pool must be able to send the bots (``bad_bots``): both raised by this call,
    before any game. Each profile is copied once (a plain copy: no
    :attr:`~rummikit.RuleProfile.modified_from` to pickle along) and not checked again.

    The games are played lazily: no more than the window of :func:`window_for` ahead of
    what has been taken, none at all without an executor. ``progress(done, total)`` is
    called for each game of a tuple once the consumer has taken it (``total`` counting every
    profile's games), so that ``done`` games have been handed over when it is called.

    An error raised by a game is raised after the tuples of the games before it. Closing
    the generator cancels the chunks not started; when the consumer closes it (a ``break``,
    ``close()``), the chunks already running are waited for, so that nothing of the run is
    left running; when an error or KeyboardInterrupt ends it, raised inside or thrown in
    (``throw``), they are left to finish on their own, and the executor stays usable.
    """
    if len(players) != len(profile_list):
        raise InvalidArgument("bad_players", "give the players of each profile, in its order")
    if len(bots) != len(profile_list):
        raise InvalidArgument("bad_bots", "give the bots of each profile, in its order")
    plays = tuple(
        (attrs.evolve(profile), count, tuple(specs))  # one plain copy a profile a run
        for profile, count, specs in zip(profile_list, players, bots, strict=True)
    )
    if check_executor(executor) is None:
        return _played_here(plays, seed, games, progress)
    assert executor is not None
    if isinstance(executor, concurrent.futures.ProcessPoolExecutor):
        _check_picklable(plays)
    return _played_by(executor, window_for(executor), plays, seed, games, progress)


def _advance(progress: ProgressCallback | None, done: int, count: int, total: int) -> int:
    """Report ``count`` more games done; the new count."""
    for _ in range(count):
        done += 1
        if progress is not None:
            progress(done, total)
    return done


def _played_here(
    plays: tuple[Play, ...], seed: int, games: int, progress: ProgressCallback | None
) -> Generator[tuple[GameResult, ...], None, None]:
    """The games played here, one game index at a time as the consumer asks."""
    total = games * len(plays)
    done = 0
    for game in range(games):
        deal = game_seed(seed, game)
        row = tuple(run_task(Task(profile, count, deal, specs)) for profile, count, specs in plays)
        yield row
        done = _advance(progress, done, len(row), total)


def _tasks(plays: tuple[Play, ...], seed: int, start: int, size: int) -> tuple[Task, ...]:
    """The tasks of the games ``start`` to ``start + size`` of the run in game-major order
    (game ``k // len(plays)`` of profile ``k % len(plays)``)."""
    tasks = []
    deal_of: tuple[int, int] = (-1, 0)
    for number in range(start, start + size):
        game, which = divmod(number, len(plays))
        if deal_of[0] != game:
            deal_of = (game, game_seed(seed, game))
        profile, count, specs = plays[which]
        tasks.append(Task(profile, count, deal_of[1], specs))
    return tuple(tasks)


def _submit(executor: Executor, tasks: tuple[Task, ...]) -> Future[ChunkOutcome]:
    """``tasks`` sent to ``executor`` as one chunk (``bad_executor`` when it takes no more
    work or gives no future; a broken pool's own error as it is)."""
    try:
        future = executor.submit(run_chunk, tasks)
    except concurrent.futures.BrokenExecutor:  # its workers died: not the caller's argument
        raise
    except RuntimeError as error:  # shut down (concurrent.futures, distributed)
        raise InvalidArgument(
            "bad_executor", f"the executor takes no more work ({error}); give one still running"
        ) from error
    if not isinstance(future, Future):
        raise InvalidArgument(
            "bad_executor",
            f"the executor's submit gave {brief(future)}, not a concurrent.futures.Future; "
            "give a concurrent.futures.Executor",
        )
    return future


def _outcome(future: Future[ChunkOutcome]) -> ChunkOutcome:
    """What the chunk of ``future`` came to, waiting for it (``bad_executor`` when the
    executor answered something else)."""
    outcome = future.result()
    if not isinstance(outcome, ChunkOutcome):
        raise InvalidArgument(
            "bad_executor",
            f"the executor answered a chunk of games with {brief(outcome)}, not the result "
            "of running the function it was given; give a concurrent.futures.Executor",
        )
    return outcome


def _raise(outcome: ChunkOutcome) -> None:
    """Raise the error of ``outcome``, with its traceback when it came from another process."""
    error = outcome.error
    assert error is not None
    if error.__traceback__ is None and error.__cause__ is None and outcome.trace:
        error.__cause__ = WorkerTraceback(outcome.trace)
    raise error


def _cancel(pending: deque[Future[ChunkOutcome]], *, wait: bool) -> None:
    """Cancel the chunks not started; with ``wait``, wait for those already running."""
    running = [future for future in pending if not future.cancel()]
    if wait and running:
        concurrent.futures.wait(running)
    pending.clear()


def _played_by(
    executor: Executor,
    window: int,
    plays: tuple[Play, ...],
    seed: int,
    games: int,
    progress: ProgressCallback | None,
) -> Generator[tuple[GameResult, ...], None, None]:
    """The games played by ``executor`` in chunks, at most ``window`` of them out at a
    time, handed over in game order."""
    count = len(plays)
    total = games * count
    pending: deque[Future[ChunkOutcome]] = deque()  # out, in game order
    ready: deque[GameResult] = deque()  # back, in game order, not yet handed over
    failed: ChunkOutcome | None = None
    sent = chunks = done = 0
    try:
        while True:
            while len(ready) >= count:
                row = tuple(ready.popleft() for _ in range(count))
                yield row
                done = _advance(progress, done, count, total)
            if failed is not None:
                _raise(failed)
            if not pending and sent == total:
                return
            while len(pending) < window and sent < total:
                size = chunk_size(chunks, total - sent, window)
                pending.append(_submit(executor, _tasks(plays, seed, sent, size)))
                sent += size
                chunks += 1
            outcome = _outcome(pending.popleft())
            ready.extend(outcome.results)
            if outcome.error is not None:  # the first error in game order: nothing after it
                failed = outcome
                _cancel(pending, wait=False)
    except GeneratorExit:  # the consumer is done: leave nothing of the run running
        _cancel(pending, wait=True)
        raise
    finally:
        _cancel(pending, wait=False)
