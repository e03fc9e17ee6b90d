"""One simulated game: bots take the seats' turns until the game ends, and what it came to is
kept as a :class:`GameResult`.

:func:`play_game` plays with the bots it is given. A simulation sends each game to its
executor as a :class:`Task` of plain picklable values, and :func:`run_task` plays it from
scratch, in whichever process, with fresh bots.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Sequence
from typing import TypedDict

import attrs

from rummikit import profiles as _profiles
from rummikit.actions import Action, GiveUp
from rummikit.bots import Bot
from rummikit.errors import InvalidArgument, RummikitError, brief
from rummikit.game import MAX_ACTIONS, Game, Termination
from rummikit.profile import RuleProfile
from rummikit.simulation._seats import BotSpec, bot_name, bot_rng, seat_bot


class GameRecord(TypedDict):
    """One game as a plain dict (:meth:`GameResult.to_record`, :meth:`Report.to_records <rummikit.Report.to_records>`): JSON-ready values only."""

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

    def to_record(self) -> GameRecord:
        """The game as a plain dict of JSON-ready values: a row of a report's records and
        of a file of games (``simulate(..., out=...)``)."""
        return GameRecord(
            profile=self.profile,
            seed=self.seed,
            players=self.players,
            bots=list(self.bots),
            first_player=self.first_player,
            turns=self.turns,
            termination=self.termination.value,
            winners=list(self.winners),
            scores=list(self.scores),
            first_opening_turn=self.first_opening_turn,
            penalties=list(self.penalties),
        )


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


# -- playing --------------------------------------------------------------------------------


def check_callback(function: object, code: str, expected: str, arguments: int) -> None:
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
    check_callback(stop, "bad_stop", "stop is None or a function stop(game) returning a bool", 1)


def _turn(game: Game, bot: Bot) -> Game:
    """The game after ``bot`` takes the current player's turn; an illegal action gives up."""
    action = bot.choose(game.view(game.current_player))
    if not isinstance(action, Action):
        raise InvalidArgument(
            "bad_bot_action",
            f"bot {brief(bot)} returned {brief(action)}, which is not a rummikit action",
        )
    try:
        allowed = game.check(action).ok
    except RummikitError:
        allowed = False
    # checked here already: applied without being judged again
    return game._apply_allowed(action) if allowed else game.apply(GiveUp())


def play_out(
    profile: RuleProfile,
    bots: Sequence[Bot],
    seed: int,
    stop: Callable[[Game], bool] | None = None,
) -> tuple[Game, int | None]:
    """The game dealt from ``seed`` played by ``bots`` until it ends (or ``stop`` says so),
    and the turn (from 1) of its first opening, None if nobody opened."""
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
    profile = _profiles.get(profile)
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
    game, _ = play_out(profile, seats, seed, stop)
    return game


@attrs.frozen
class Task:
    """One game to play, as plain picklable values."""

    profile: RuleProfile
    players: int
    seed: int
    bots: tuple[BotSpec, ...]


def run_task(task: Task) -> GameResult:
    """Play one game (in whichever process the executor chooses)."""
    bots = [seat_bot(spec, bot_rng(task.seed, seat), seat) for seat, spec in enumerate(task.bots)]
    game, first_opening = play_out(task.profile, bots, task.seed)
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
