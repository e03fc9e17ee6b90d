"""The report of a simulation: what the games of one profile came to, seat by seat.

A :class:`Report` sums up :class:`~rummikit.simulation.GameResult` values (how long games
last, when the first opening comes, how games end, who wins by seat, scores and penalties)
with :class:`Stats` of whole numbers, and exports them: a flat :meth:`~Report.summary`, one
plain :class:`~rummikit.simulation.GameRecord` per game, or a pandas data frame.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from rummikit.errors import InvalidArgument, brief
from rummikit.game import Termination, check_seed
from rummikit.simulation._estimate import CONFIDENCE, Estimate, check_confidence
from rummikit.simulation._figures import estimate, figures, values
from rummikit.simulation._play import GameRecord, GameResult

if TYPE_CHECKING:  # pandas is optional: only Report.to_pandas needs it
    from pandas import DataFrame  # type: ignore[import-not-found, import-untyped, unused-ignore]


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
        return cls(
            count=len(values),
            mean=statistics.fmean(values),
            median=float(statistics.median(values)),
            stdev=statistics.stdev(values) if len(values) > 1 else 0.0,
            min=min(values),
            max=max(values),
        )


def _finite(bound: float) -> float | None:
    """A bound as JSON can hold it: None for an unbounded side (one game gives no interval)."""
    return bound if math.isfinite(bound) else None


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
    """Games that ended because the stock ran out: rami voleur's draw from the empty stock
    (no winner), standard rummy's empty stock with no reshuffle left (the lowest hand
    wins)."""
    turn_limit: int
    """Games that reached the profile's ``turn_limit`` (the lowest hand wins)."""
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
                type(count) is int
                for count in (self.went_out, self.blocked, self.stock_exhausted, self.turn_limit)
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
            turn_limit=endings.count(Termination.TURN_LIMIT),
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

    def estimates(self, confidence: float = CONFIDENCE) -> dict[str, Estimate]:
        """Every mean and share of the report with its confidence interval, by figure name.

        The names are the summary's keys (``"turns_mean"``, ``"blocked_share"``,
        ``"win_rate_0"``, ...). A mean gets Student's t interval, a share of games Wilson's
        score interval, both at ``confidence`` (95% unless given). A figure no game has (the
        first opening, when nobody opened) is left out. ``bad_confidence`` unless
        ``confidence`` is a number strictly between 0 and 1.
        """
        level = check_confidence(confidence)
        found: dict[str, Estimate] = {}
        for figure in figures(self.players):
            estimated = estimate(figure, values(figure, self.results), level)
            if estimated is not None:
                found[figure.name] = estimated
        return found

    def summary(self, confidence: float = CONFIDENCE) -> dict[str, str | int | float | None]:
        """The report as one flat dict of plain values (a row for JSON or CSV).

        Every mean and share comes with the bounds of its confidence interval
        (:meth:`estimates`): ``turns_mean``, ``turns_mean_low``, ``turns_mean_high``, ...,
        at ``confidence``, which the row holds too. Per-seat figures get one key per seat
        (``win_rate_0``, ``score_mean_0``, ...). A spread is a standard deviation and says
        so (``turns_stdev``): it describes the games, it is not an interval. A figure no game
        has, and a bound one game cannot give, is None.
        """
        level = check_confidence(confidence)
        estimates = self.estimates(level)
        opening = self.first_opening_turn
        row: dict[str, str | int | float | None] = {
            "profile": self.profile,
            "players": self.players,
            "bots": ",".join(self.bots),
            "seed": self.seed,
            "games": self.games,
            "confidence": level,
        }
        for figure in figures(self.players):
            found = estimates.get(figure.name)
            row[figure.name] = None if found is None else found.value
            row[f"{figure.name}_low"] = None if found is None else _finite(found.low)
            row[f"{figure.name}_high"] = None if found is None else _finite(found.high)
        row.update(
            {
                "turns_median": self.turns.median,
                "turns_stdev": self.turns.stdev,
                "turns_min": self.turns.min,
                "turns_max": self.turns.max,
                "first_opening_median": None if opening is None else opening.median,
                "went_out": self.went_out,
                "blocked": self.blocked,
                "stock_exhausted": self.stock_exhausted,
                "turn_limit": self.turn_limit,
            }
        )
        for seat, stats in enumerate(self.scores):
            row[f"score_stdev_{seat}"] = stats.stdev
            row[f"score_min_{seat}"] = stats.min
            row[f"score_max_{seat}"] = stats.max
        row["score_stdev"] = self.all_scores.stdev
        row.update({f"penalties_{seat}": count for seat, count in enumerate(self.penalties)})
        return row

    def to_records(self) -> list[GameRecord]:
        """One plain dict per game, in game order (see :class:`~rummikit.simulation.GameRecord`)."""
        return [result.to_record() for result in self.results]

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
