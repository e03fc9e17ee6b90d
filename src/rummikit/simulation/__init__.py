"""Simulations: play many seeded games between bots and sum up what a rule profile does.

:func:`simulate` plays ``games`` rounds of each profile given, every seat played by a bot
(:mod:`rummikit.bots`), and returns a :class:`Report` per profile: how long games last, when
the first opening comes, how games end, who wins by seat, the score distribution and the
penalties taken. Each game is also kept as a :class:`GameResult`, exportable as records
(:meth:`Report.to_records`) or a pandas data frame (:meth:`Report.to_pandas`).

Reproducible by construction. Game ``i`` of every profile is dealt from a seed derived from
``seed`` and ``i`` alone, so two profiles are compared on the same seeds, and the bots of a
seat get a generator derived from the game's seed and the seat. Results are gathered in game
order, so a report is the same whether the games ran one after another or through any
:class:`concurrent.futures.Executor`:

* serially (``executor=None``, the default);
* on local processes::

      from concurrent.futures import ProcessPoolExecutor
      with ProcessPoolExecutor(max_workers=4) as pool:
          reports = rk.simulate(["online", "pagat"], games=2000, seed=1, executor=pool)

* on a Dask cluster (``pip install rummikit[dask]``)::

      from distributed import Client
      with Client("tcp://scheduler:8786") as client:      # or Client() for a local cluster
          report = rk.simulate("pagat", games=100_000, seed=1, executor=client.get_executor())

Only plain values travel to the workers (a copy of the profile, the seeds, bot names or
picklable bot factories), and each worker plays its game from scratch.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, TypedDict, cast, overload

import attrs

from rummikit import game as _game
from rummikit import profiles as _profiles
from rummikit.actions import Draw, GiveUp, Pass, Play, Timeout
from rummikit.bots import Bot
from rummikit.errors import InvalidArgument, RummikitError, brief
from rummikit.game import Game, Termination, check_seed
from rummikit.profile import RuleProfile
from rummikit.simulation._seats import BotSpec as BotSpec
from rummikit.simulation._seats import bot_name, bot_rng, bot_specs, game_seed, seat_bot

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from pandas import DataFrame  # type: ignore[import-not-found, import-untyped, unused-ignore]

__all__ = [
    "MAX_ACTIONS",
    "SIMULATE_PLAYERS",
    "GameRecord",
    "GameResult",
    "Report",
    "Stats",
    "bot_rng",
    "game_seed",
    "play_game",
    "simulate",
]

MAX_ACTIONS = _game.MAX_ACTIONS
"""The most actions one simulated game may take (:data:`rummikit.game.MAX_ACTIONS`); no legal
game comes near it."""


ProgressCallback = Callable[[int, int], None]
"""Called as ``progress(done, total)`` each time a game finishes."""


SIMULATE_PLAYERS = 4
"""Players per game of :func:`simulate` when ``players`` is not given: the same for every
profile compared, whatever each one's ``default_players``."""


# -- one game -------------------------------------------------------------------------------


@attrs.frozen
class GameResult:
    """What one simulated game came to."""

    profile: str
    """The profile's name."""
    seed: int
    """The deal seed (:func:`game_seed`); ``rk.Game.new(profile, players, seed)`` deals it again."""
    players: int
    bots: tuple[str, ...]
    """The bot of each seat."""
    first_player: int
    turns: int
    """Turns played, the last one included."""
    termination: Termination
    winners: tuple[int, ...]
    """The winning seats: none, one, or several sharing a win."""
    scores: tuple[int, ...]
    first_opening_turn: int | None
    """The turn (from 1) on which somebody first opened, or None if nobody did."""
    penalties: tuple[int, ...]
    """Pieces each seat drew as penalties."""

    def __attrs_post_init__(self) -> None:
        # results are also built by hand (to sum up games played elsewhere): a report must
        # be able to count on them
        problem = _result_problem(self)
        if problem:
            raise InvalidArgument("bad_results", f"a GameResult {problem}")


def _result_problem(result: GameResult) -> str:
    """What is wrong with ``result``, or ''."""
    if type(result.players) is not int or result.players < 1:
        return f"has players a whole number from 1, not {brief(result.players)}"
    seats = result.players
    for name in ("scores", "penalties"):
        values = getattr(result, name)
        if not isinstance(values, tuple) or len(values) != seats:
            return f"holds {name} for each of its {seats} seats, not {brief(values)}"
        if not all(type(value) is int for value in values):
            return f"holds whole numbers as {name}"
    if not isinstance(result.winners, tuple) or not all(
        type(seat) is int and 0 <= seat < seats for seat in result.winners
    ):
        return f"names winners among seats 0 to {seats - 1}, not {brief(result.winners)}"
    if not isinstance(result.termination, Termination):
        return f"ends with a Termination, not {brief(result.termination)}"
    if not isinstance(result.profile, str):
        return f"names its profile by a str, not {brief(result.profile)}"
    if (
        not isinstance(result.bots, tuple)
        or len(result.bots) != seats
        or not all(isinstance(bot, str) for bot in result.bots)
    ):
        return f"names the bot of each of its {seats} seats, not {brief(result.bots)}"
    for name in ("turns", "first_player", "seed"):
        if type(getattr(result, name)) is not int or getattr(result, name) < 0:
            return f"has {name} a whole number from 0, not {brief(getattr(result, name))}"
    if result.first_player >= seats:
        return f"has first_player a seat from 0 to {seats - 1}, not {result.first_player}"
    opening = result.first_opening_turn
    if opening is not None and (type(opening) is not int or not 1 <= opening <= result.turns):
        return f"has first_opening_turn None or a turn from 1 to turns, not {brief(opening)}"
    return ""


class GameRecord(TypedDict):
    """One game as a plain dict (:meth:`Report.to_records`): JSON-ready values only."""

    profile: str
    seed: int
    players: int
    bots: list[str]
    first_player: int
    turns: int
    termination: str
    winners: list[int]
    scores: list[int]
    first_opening_turn: int | None
    penalties: list[int]


MAX_GAMES = 1_000_000
"""The most games :func:`simulate` plays per profile: every game's result is kept."""


def _check_callback(function: object, code: str, expected: str, arguments: int) -> None:
    """Refuse up front a callback that is not callable with ``arguments`` positional
    arguments (read off its signature where it has one), rather than mid-run."""
    if function is None:
        return
    if not callable(function):
        raise InvalidArgument(code, f"{expected}, not {brief(function)}")
    try:
        inspect.signature(function).bind(*[None] * arguments)
    except TypeError:
        name = getattr(function, "__qualname__", type(function).__name__)
        raise InvalidArgument(
            code, f"{expected}; {name} cannot be called with {arguments} argument(s)"
        ) from None
    except ValueError:  # no signature to read (some built-ins): the call will tell
        pass


def _check_stop(stop: object) -> None:
    _check_callback(stop, "bad_stop", "stop is None or a function stop(game) returning a bool", 1)


def _turn(game: Game, bot: Bot) -> Game:
    """The game after ``bot`` takes the current player's turn; an illegal action gives up."""
    action = bot.choose(game.view(game.current_player))
    if not isinstance(action, Play | Draw | Pass | Timeout | GiveUp):
        raise InvalidArgument(
            "bad_bot_action",
            f"bot {brief(bot)} returned {brief(action)}, which is not a rummikit action",
        )
    try:
        allowed = game.check(action).ok
    except RummikitError:
        allowed = False
    return game.apply(action if allowed else GiveUp())


def _play(
    profile: RuleProfile,
    bots: Sequence[Bot],
    seed: int,
    stop: Callable[[Game], bool] | None = None,
) -> tuple[Game, int | None]:
    game = Game.new(profile, len(bots), seed)
    first_opening: int | None = None
    for _ in range(MAX_ACTIONS):
        if game.outcome is not None or (stop is not None and stop(game)):
            return game, first_opening
        turn = game.turn
        was_open = any(game.opened)
        game = _turn(game, bots[game.current_player])
        if first_opening is None and not was_open and any(game.opened):
            first_opening = turn + 1
    raise InvalidArgument(
        "game_too_long", f"a game of {profile.name!r} took more than {MAX_ACTIONS} actions"
    )


def play_game(
    profile: RuleProfile | str,
    bots: Sequence[Bot],
    *,
    seed: int,
    stop: Callable[[Game], bool] | None = None,
) -> Game:
    """Play one game, seat ``i`` played by ``bots[i]``; returns the game at its end.

    Each bot sees only its own :class:`~rummikit.PlayerView`. An illegal action is replaced
    by :class:`~rummikit.GiveUp`, so the seat takes the profile's failure penalty. ``stop``,
    if given, is asked after every action and ends the play early when it returns true
    (``stop=lambda game: any(game.opened)`` plays up to the first opening).

    Bad input raises :class:`~rummikit.RummikitError` with a code: ``unknown_profile``,
    ``bad_profile_name``, ``bad_bots`` (not a sequence of bots), ``bad_players``,
    ``bad_seed``, ``bad_stop``.
    """
    rules = _profiles.get(profile)
    if isinstance(bots, str) or not isinstance(bots, Iterable):
        raise InvalidArgument("bad_bots", f"give one bot per seat, in a list, not {brief(bots)}")
    seats = list(bots)
    for seat, bot in enumerate(seats):
        if isinstance(bot, type):
            raise InvalidArgument(
                "bad_bots",
                f"seat {seat} is given the class {bot.__name__}: give a bot, such as "
                f"{bot.__name__}()",
            )
        if not isinstance(bot, Bot):
            raise InvalidArgument(
                "bad_bots", f"seat {seat} is given {brief(bot)}, not a bot (no choose(view) method)"
            )
    _check_stop(stop)
    game, _ = _play(rules, seats, seed, stop)
    return game


@attrs.frozen
class _Task:
    """One game to play, as plain picklable values."""

    profile: RuleProfile
    players: int
    seed: int
    bots: tuple[BotSpec, ...]


def _run_task(task: _Task) -> GameResult:
    """Play one game (in whichever process the executor chooses)."""
    bots = [seat_bot(spec, bot_rng(task.seed, seat), seat) for seat, spec in enumerate(task.bots)]
    game, first_opening = _play(task.profile, bots, task.seed)
    outcome = game.outcome
    assert outcome is not None
    start = game.start
    return GameResult(
        profile=task.profile.name,
        seed=task.seed,
        players=task.players,
        bots=tuple(bot_name(spec) for spec in task.bots),
        first_player=start.current_player if start is not None else 0,
        turns=game.turn + 1,
        termination=outcome.termination,
        winners=outcome.winners,
        scores=outcome.scores,
        first_opening_turn=first_opening,
        penalties=game.penalties,
    )


# -- reports --------------------------------------------------------------------------------


@attrs.frozen
class Stats:
    """Summary statistics of whole numbers (turns, scores)."""

    count: int
    mean: float
    median: float
    stdev: float
    """Sample standard deviation; 0.0 for a single value."""
    min: int
    max: int

    @classmethod
    def of(cls, values: Sequence[int]) -> Stats | None:
        """The statistics of ``values`` (whole numbers), or None when there are none."""
        if not isinstance(values, Sequence) or isinstance(values, str):
            raise InvalidArgument(
                "bad_values", f"values is a list of whole numbers, not {brief(values)}"
            )
        for index, value in enumerate(values):
            if type(value) is not int:
                raise InvalidArgument(
                    "bad_values", f"values[{index}] is {brief(value)}, not a whole number"
                )
        if not values:
            return None
        import statistics

        return cls(
            count=len(values),
            mean=statistics.fmean(values),
            median=float(statistics.median(values)),
            stdev=statistics.stdev(values) if len(values) > 1 else 0.0,
            min=min(values),
            max=max(values),
        )


def _required(stats: Stats | None) -> Stats:
    assert stats is not None
    return stats


@attrs.frozen
class Report:
    """What ``games`` simulated games of one profile came to. Build it with :func:`simulate`."""

    profile: str
    players: int
    bots: tuple[str, ...]
    """The bot of each seat."""
    seed: int
    games: int
    turns: Stats
    """Turns per game."""
    first_opening_turn: Stats | None
    """The turn (from 1) of the first opening, over the games where somebody opened."""
    no_opening_share: float
    """The share of games in which nobody opened."""
    went_out: int
    """Games that ended with a player laying their last piece."""
    blocked: int
    """Games that ended after a full round without play (the stock empty)."""
    stock_exhausted: int
    """Games that ended on a draw from the empty stock (no winner)."""
    win_rate: tuple[float, ...]
    """The share of games each seat won; a shared win is split between its winners."""
    no_winner_share: float
    """The share of games nobody won."""
    first_player_win_rate: float
    """The share of games won by the seat that played first (shared wins split)."""
    scores: tuple[Stats, ...]
    """Each seat's score per game."""
    all_scores: Stats
    """Every seat's score per game, together."""
    penalties: tuple[int, ...]
    """Pieces each seat drew as penalties, over all games."""
    results: tuple[GameResult, ...] = attrs.field(repr=False)
    """Every game, in game order."""

    def __attrs_post_init__(self) -> None:
        # cheap checks of the shape, for reports built or evolved by hand: the summary and
        # the exports would otherwise fail on them with bare Python errors
        seats = self.players

        def per_seat(values: object, kind: type | tuple[type, ...]) -> bool:
            return (
                isinstance(values, tuple)
                and len(values) == seats
                and all(isinstance(value, kind) for value in values)
            )

        shape = (
            isinstance(self.profile, str)
            and type(seats) is int
            and seats >= 1
            and per_seat(self.bots, str)
            and type(self.seed) is int
            and isinstance(self.results, tuple)
            and type(self.games) is int
            and self.games == len(self.results) >= 1
            and all(isinstance(result, GameResult) for result in self.results)
            and isinstance(self.turns, Stats)
            and (self.first_opening_turn is None or isinstance(self.first_opening_turn, Stats))
            and per_seat(self.win_rate, (int, float))
            and per_seat(self.scores, Stats)
            and isinstance(self.all_scores, Stats)
            and per_seat(self.penalties, int)
            and all(
                type(count) is int for count in (self.went_out, self.blocked, self.stock_exhausted)
            )
        )
        if not shape:
            raise InvalidArgument(
                "not_a_report",
                "a report holds its profile's name, one bot name and figure per seat, and "
                "one GameResult per game; build one with simulate or Report.from_results",
            )

    @classmethod
    def from_results(
        cls, profile: str, bots: tuple[str, ...], seed: int, results: Sequence[GameResult]
    ) -> Report:
        """Sum up the games ``results`` (all of one profile with the same players).

        Raises :class:`~rummikit.InvalidArgument`: ``bad_games`` without results,
        ``bad_results`` for results that are not :class:`GameResult` values of one profile
        and one number of players, ``bad_bots`` unless ``bots`` names each seat.
        """
        if not isinstance(profile, str):
            raise InvalidArgument(
                "bad_profile_name", f"profile is a name (a str), not {brief(profile)}"
            )
        if isinstance(results, str) or not isinstance(results, Iterable):
            raise InvalidArgument(
                "bad_results", f"results is a list of GameResult, not {brief(results)}"
            )
        results = tuple(results)
        if not results:
            raise InvalidArgument("bad_games", "a report needs at least one game")
        for number, result in enumerate(results):
            if not isinstance(result, GameResult):
                raise InvalidArgument(
                    "bad_results", f"results[{number}] is {brief(result)}, not a GameResult"
                )
            if result.profile != profile:
                raise InvalidArgument(
                    "bad_results",
                    f"results[{number}] is a game of {brief(result.profile)}, not of the "
                    f"report's profile {brief(profile)}: a report sums up games of one profile",
                )
            if result.players != results[0].players:
                raise InvalidArgument(
                    "bad_results",
                    f"results[{number}] is a game of {result.players} players, results[0] of "
                    f"{results[0].players}: a report sums up games of one number of players",
                )
        if (
            not isinstance(bots, tuple | list)
            or len(bots) != results[0].players
            or not all(isinstance(bot, str) for bot in bots)
        ):
            raise InvalidArgument(
                "bad_bots",
                f"bots is a list of {results[0].players} bot names, one per seat, not "
                f"{brief(bots)}",
            )
        check_seed(seed)
        count = len(results)
        players = results[0].players
        openings = [r.first_opening_turn for r in results if r.first_opening_turn is not None]
        wins = [0.0] * players
        for result in results:
            for winner in result.winners:
                wins[winner] += 1 / len(result.winners)
        endings = [result.termination for result in results]
        return cls(
            profile=profile,
            players=players,
            bots=tuple(bots),
            seed=seed,
            games=count,
            turns=_required(Stats.of([r.turns for r in results])),
            first_opening_turn=Stats.of(openings),
            no_opening_share=(count - len(openings)) / count,
            went_out=endings.count(Termination.WENT_OUT),
            blocked=endings.count(Termination.BLOCKED),
            stock_exhausted=endings.count(Termination.STOCK_EXHAUSTED),
            win_rate=tuple(won / count for won in wins),
            no_winner_share=sum(1 for r in results if not r.winners) / count,
            first_player_win_rate=sum(
                1 / len(r.winners) for r in results if r.first_player in r.winners
            )
            / count,
            scores=tuple(
                _required(Stats.of([r.scores[seat] for r in results])) for seat in range(players)
            ),
            all_scores=_required(Stats.of([score for r in results for score in r.scores])),
            penalties=tuple(sum(r.penalties[seat] for r in results) for seat in range(players)),
            results=tuple(results),
        )

    @property
    def penalties_per_game(self) -> float:
        """Penalty pieces drawn per game, all seats together."""
        return sum(self.penalties) / self.games

    def summary(self) -> dict[str, str | int | float | None]:
        """The report as one flat dict of plain values (a row for JSON or CSV).

        Per-seat figures get one key per seat: ``win_rate_0``, ``score_mean_0``, ...
        """
        opening = self.first_opening_turn
        row: dict[str, str | int | float | None] = {
            "profile": self.profile,
            "players": self.players,
            "bots": ",".join(self.bots),
            "seed": self.seed,
            "games": self.games,
            "turns_mean": self.turns.mean,
            "turns_median": self.turns.median,
            "turns_max": self.turns.max,
            "first_opening_mean": None if opening is None else opening.mean,
            "first_opening_median": None if opening is None else opening.median,
            "no_opening_share": self.no_opening_share,
            "went_out": self.went_out,
            "blocked": self.blocked,
            "stock_exhausted": self.stock_exhausted,
            "no_winner_share": self.no_winner_share,
            "first_player_win_rate": self.first_player_win_rate,
        }
        row.update({f"win_rate_{seat}": rate for seat, rate in enumerate(self.win_rate)})
        for seat, stats in enumerate(self.scores):
            row[f"score_mean_{seat}"] = stats.mean
            row[f"score_stdev_{seat}"] = stats.stdev
            row[f"score_min_{seat}"] = stats.min
            row[f"score_max_{seat}"] = stats.max
        row["score_mean"] = self.all_scores.mean
        row["score_stdev"] = self.all_scores.stdev
        row.update({f"penalties_{seat}": count for seat, count in enumerate(self.penalties)})
        row["penalties_per_game"] = self.penalties_per_game
        return row

    def to_records(self) -> list[GameRecord]:
        """One plain dict per game, in game order (see :class:`GameRecord`)."""
        return [
            GameRecord(
                profile=r.profile,
                seed=r.seed,
                players=r.players,
                bots=list(r.bots),
                first_player=r.first_player,
                turns=r.turns,
                termination=r.termination.value,
                winners=list(r.winners),
                scores=list(r.scores),
                first_opening_turn=r.first_opening_turn,
                penalties=list(r.penalties),
            )
            for r in self.results
        ]

    def to_pandas(self) -> DataFrame:
        """The records as a :class:`pandas.DataFrame`, one row per game.

        Raises :class:`~rummikit.InvalidArgument` (``missing_dependency``) when pandas is
        not installed.
        """
        try:
            import pandas
        except ImportError as error:
            raise InvalidArgument(
                "missing_dependency",
                "Report.to_pandas needs pandas: pip install pandas (to_records needs nothing)",
            ) from error
        frame: DataFrame = pandas.DataFrame.from_records(self.to_records())
        return frame


# -- simulate -------------------------------------------------------------------------------


def _check_count(name: str, value: object, low: int) -> int:
    if type(value) is not int or value < low:
        raise InvalidArgument(
            f"bad_{name}", f"{name} is a whole number from {low}, not {brief(value)}"
        )
    return value


def _rule_profiles(
    profiles: RuleProfile | str | Sequence[RuleProfile | str],
) -> list[RuleProfile]:
    if isinstance(profiles, RuleProfile | str):
        items: list[object] = [profiles]
    elif isinstance(profiles, Iterable) and not isinstance(profiles, Mapping | bytes | bytearray):
        items = list(profiles)
    else:
        items = [profiles]  # refused below
    if not items:
        raise InvalidArgument("no_profiles", "give at least one profile")
    for item in items:
        if not isinstance(item, RuleProfile | str):
            raise InvalidArgument(
                "not_a_profile",
                "profiles is a RuleProfile, a profile name, or a list of them; "
                f"{brief(item)} is none of these",
            )
    rules = [_profiles.get(cast(RuleProfile | str, item)) for item in items]
    for index, (item, rule) in enumerate(zip(items, rules, strict=True)):
        for earlier_item, earlier in zip(items, rules[:index], strict=False):
            if earlier.name != rule.name:
                continue
            if isinstance(item, str) and isinstance(earlier_item, str):  # a name, an alias
                same = "" if item == earlier_item else f" ({item!r} and {earlier_item!r})"
                message = f"{rule.name!r} is given twice{same}; give each profile once"
            else:
                message = (
                    f"two profiles are named {rule.name!r}; give each its own name "
                    "(profile.evolve(name=...))"
                )
            raise InvalidArgument("duplicate_profile", message)
    return rules


def _run(
    tasks: Sequence[_Task], executor: Executor | None, progress: ProgressCallback | None
) -> list[GameResult]:
    total = len(tasks)
    if executor is None:
        results = []
        for done, task in enumerate(tasks, 1):
            results.append(_run_task(task))
            if progress is not None:
                progress(done, total)
        return results
    import concurrent.futures

    if not isinstance(executor, concurrent.futures.Executor):
        raise InvalidArgument(
            "bad_executor", f"expected a concurrent.futures.Executor, not {brief(executor)}"
        )
    if isinstance(executor, concurrent.futures.ProcessPoolExecutor) and tasks:
        _check_picklable(tasks[0].bots)
    futures: list[concurrent.futures.Future[GameResult]] = []
    try:
        for task in tasks:
            future = executor.submit(_run_task, task)
            if not isinstance(future, concurrent.futures.Future):
                raise InvalidArgument(
                    "bad_executor",
                    f"the executor's submit gave {brief(future)}, not a "
                    "concurrent.futures.Future; give a concurrent.futures.Executor",
                )
            futures.append(future)
    except concurrent.futures.BrokenExecutor:  # its workers died: not the caller's argument
        for future in futures:
            future.cancel()
        raise
    except RuntimeError as error:  # shut down (concurrent.futures, distributed)
        for future in futures:
            future.cancel()
        raise InvalidArgument(
            "bad_executor", f"the executor takes no more work ({error}); give one still running"
        ) from error
    index = {future: position for position, future in enumerate(futures)}
    slots: list[GameResult | None] = [None] * total
    try:
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            result = future.result()
            if not isinstance(result, GameResult):
                raise InvalidArgument(
                    "bad_executor",
                    f"the executor answered a game with {brief(result)}, not the result of "
                    "running the task it was given; give a concurrent.futures.Executor",
                )
            slots[index[future]] = result
            if progress is not None:
                progress(done, total)
    finally:
        for future in futures:
            future.cancel()
    return [slot for slot in slots if slot is not None]


def _check_picklable(specs: Sequence[BotSpec]) -> None:
    """A process pool pickles each game's bot factories: refuse one it cannot send before
    any game is submitted (a lambda or a class defined in a function, say)."""
    import pickle

    for spec in specs:
        try:
            pickle.dumps(spec)
        except Exception as error:  # PicklingError, AttributeError, TypeError: all one here
            raise InvalidArgument(
                "bad_bots",
                f"a process pool cannot send the bot factory {bot_name(spec)} to its workers "
                f"({type(error).__name__}); define it at the top of a module, or use "
                "executor=None",
            ) from error


@overload
def simulate(  # type: ignore[overload-overlap]  # a str is also a Sequence; this one wins
    profiles: RuleProfile | str,
    *,
    players: int | None = ...,
    games: int = ...,
    bots: BotSpec | Sequence[BotSpec] = ...,
    seed: int | None = ...,
    executor: Executor | None = ...,
    progress: ProgressCallback | None = ...,
) -> Report: ...


@overload
def simulate(
    profiles: Sequence[RuleProfile | str],
    *,
    players: int | None = ...,
    games: int = ...,
    bots: BotSpec | Sequence[BotSpec] = ...,
    seed: int | None = ...,
    executor: Executor | None = ...,
    progress: ProgressCallback | None = ...,
) -> dict[str, Report]: ...


def simulate(
    profiles: RuleProfile | str | Sequence[RuleProfile | str],
    *,
    players: int | None = None,
    games: int = 100,
    bots: BotSpec | Sequence[BotSpec] = "greedy",
    seed: int | None = None,
    executor: Executor | None = None,
    progress: ProgressCallback | None = None,
) -> Report | dict[str, Report]:
    """Play ``games`` seeded games of each profile between bots; a report per profile.

    ``profiles`` is one profile (a :class:`~rummikit.RuleProfile` or a registered name),
    which returns one :class:`Report`, or a sequence of them, which returns a dict of
    reports by profile name in the order given. ``bots`` is one bot for every seat or one
    per seat: registered names (``"random"``, ``"greedy"``, ``"strategic"``) or bot
    factories. ``players`` is the same for every profile: :data:`SIMULATE_PLAYERS` (4)
    unless given, not each profile's ``default_players``, so that the reports compare.
    ``seed`` defaults to a fresh random seed, kept in :attr:`Report.seed`; the same seed
    gives the same report. ``executor`` runs the games (any
    :class:`concurrent.futures.Executor`; None plays them here, one after another).
    ``progress(done, total)`` is called as games finish.

    Bad input raises :class:`~rummikit.RummikitError` with a code: ``unknown_profile``,
    ``not_a_profile``, ``no_profiles``, ``duplicate_profile``, ``unknown_bot``,
    ``bad_bots`` (also when a bot factory makes no bot, as the first game starts),
    ``bad_players``, ``bad_games``, ``bad_seed``, ``bad_progress``, ``bad_executor`` (not an
    executor, or one shut down). An error raised while the games are played (such as
    ``bad_bot_action``) is raised as it is, even from another process.
    """
    rules = _rule_profiles(profiles)
    _check_count("games", games, 1)
    if games > MAX_GAMES:
        raise InvalidArgument(
            "bad_games", f"games is at most {MAX_GAMES:,} per profile (every result is kept)"
        )
    count = SIMULATE_PLAYERS if players is None else players
    _check_count("players", count, 1)
    for rule in rules:
        if not rule.min_players <= count <= rule.max_players:
            default = " (the default; give players=)" if players is None else ""
            raise InvalidArgument(
                "bad_players",
                f"{rule.name!r} is played by {rule.min_players} to {rule.max_players} players, "
                f"not {brief(count)}{default}",
            )
    specs = bot_specs(bots, count)
    _check_callback(
        progress, "bad_progress", "progress is None or a function progress(done, total)", 2
    )
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    check_seed(seed)
    seeds = [game_seed(seed, index) for index in range(games)]
    tasks = [_Task(attrs.evolve(rule), count, game, specs) for rule in rules for game in seeds]
    results = _run(tasks, executor, progress)
    names = tuple(bot_name(spec) for spec in specs)
    reports = {
        rule.name: Report.from_results(
            rule.name, names, seed, results[number * games : (number + 1) * games]
        )
        for number, rule in enumerate(rules)
    }
    if isinstance(profiles, RuleProfile | str):
        return reports[rules[0].name]
    return reports
