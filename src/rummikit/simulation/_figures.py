"""The figures a simulation estimates: one value per game for each, so that a report can
give each figure with its confidence interval and a comparison can pair two profiles' values
game by game.

A :class:`Figure` is either a mean (turns per game, a seat's score: Student's t interval) or
a share of games (how often games end blocked, a seat's win rate: Wilson score interval). Its
name is the key it has in :meth:`Report.summary <rummikit.Report.summary>`, in
:meth:`Report.estimates <rummikit.Report.estimates>` and in a comparison's differences: one
name for one figure everywhere.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

import attrs

from rummikit.game import Termination
from rummikit.simulation._estimate import Estimate, mean_estimate, share_estimate
from rummikit.simulation._play import GameResult

MEAN = "mean"
"""A figure averaged over games (:data:`Figure.kind`)."""
SHARE = "share"
"""A share of games, from 0 to 1 (:data:`Figure.kind`)."""


@attrs.frozen
class Figure:
    """One figure of a simulation, read off each game."""

    name: str
    """Its key in summaries, estimates and differences (``"turns_mean"``)."""
    label: str
    """What it is, for people (``"turns per game"``)."""
    kind: str
    """:data:`MEAN` or :data:`SHARE`."""
    unit: str
    """The unit of a difference (``"turns"``); ``"percentage points"`` for a share."""
    more: str
    """How a profile whose value is higher is described (``"longer"``)."""
    less: str
    """How a profile whose value is lower is described (``"shorter"``)."""
    of: Callable[[GameResult], float | None] = attrs.field(eq=False, repr=False)
    """The figure's value in one game; None when the game has none (nobody opened)."""
    by_seat: bool = False
    """Whether it depends on the seats a game has (a seat's win rate, the first player's):
    two profiles played at different numbers of players are not compared on it."""

    @property
    def percent(self) -> bool:
        """Whether it is shown in percent (a share, or a difference of shares)."""
        return self.unit == "percentage points"


def _ended(termination: Termination) -> Callable[[GameResult], float | None]:
    def of(result: GameResult) -> float:
        return 1.0 if result.termination is termination else 0.0

    return of


def _first_opening(result: GameResult) -> float | None:
    return None if result.first_opening_turn is None else float(result.first_opening_turn)


def _won_by(result: GameResult, seat: int) -> float:
    """The part of the game won by ``seat``: 1, a share of a shared win, or 0."""
    return 1 / len(result.winners) if seat in result.winners else 0.0


def _win_rate(seat: int) -> Callable[[GameResult], float | None]:
    def of(result: GameResult) -> float:
        return _won_by(result, seat)

    return of


def _score(seat: int) -> Callable[[GameResult], float | None]:
    def of(result: GameResult) -> float:
        return float(result.scores[seat])

    return of


_OFTEN = ("more often", "less often")
_WINS = ("higher", "lower")


def figures(players: int) -> tuple[Figure, ...]:
    """Every figure of a report of games of ``players`` seats, in the order they are shown."""
    rows = [
        Figure(
            "turns_mean",
            "turns per game",
            MEAN,
            "turns",
            "longer",
            "shorter",
            lambda r: float(r.turns),
        ),
        Figure(
            "first_opening_mean",
            "first opening turn",
            MEAN,
            "turns",
            "later",
            "earlier",
            _first_opening,
        ),
        Figure(
            "no_opening_share",
            "games with no opening",
            SHARE,
            "percentage points",
            *_OFTEN,
            lambda r: 1.0 if r.first_opening_turn is None else 0.0,
        ),
        Figure(
            "went_out_share",
            "games ended going out",
            SHARE,
            "percentage points",
            *_OFTEN,
            _ended(Termination.WENT_OUT),
        ),
        Figure(
            "blocked_share",
            "games ended blocked",
            SHARE,
            "percentage points",
            *_OFTEN,
            _ended(Termination.BLOCKED),
        ),
        Figure(
            "stock_exhausted_share",
            "games ended stock exhausted",
            SHARE,
            "percentage points",
            *_OFTEN,
            _ended(Termination.STOCK_EXHAUSTED),
        ),
        Figure(
            "turn_limit_share",
            "games ended at turn limit",
            SHARE,
            "percentage points",
            *_OFTEN,
            _ended(Termination.TURN_LIMIT),
        ),
        Figure(
            "no_winner_share",
            "games nobody won",
            SHARE,
            "percentage points",
            *_OFTEN,
            lambda r: 0.0 if r.winners else 1.0,
        ),
        Figure(
            "first_player_win_rate",
            "first player's win rate",
            SHARE,
            "percentage points",
            *_WINS,
            lambda r: _won_by(r, r.first_player),
            by_seat=True,
        ),
        Figure(
            "first_player_edge",
            "first player's edge",
            MEAN,
            "percentage points",
            *_WINS,
            lambda r: _won_by(r, r.first_player) - 1 / r.players,
        ),
    ]
    rows += [
        Figure(
            f"win_rate_{seat}",
            f"seat {seat}'s win rate",
            SHARE,
            "percentage points",
            *_WINS,
            _win_rate(seat),
            by_seat=True,
        )
        for seat in range(players)
    ]
    rows += [
        Figure(
            f"score_mean_{seat}",
            f"seat {seat}'s score",
            MEAN,
            "points",
            *_WINS,
            _score(seat),
            by_seat=True,
        )
        for seat in range(players)
    ]
    rows += [
        Figure(
            "score_mean",
            "score per seat",
            MEAN,
            "points",
            *_WINS,
            lambda r: sum(r.scores) / len(r.scores),
        ),
        Figure(
            "score_spread_mean",
            "score spread",
            MEAN,
            "points",
            "wider",
            "narrower",
            lambda r: float(max(r.scores) - min(r.scores)),
        ),
        Figure(
            "penalties_per_game",
            "penalty pieces per game",
            MEAN,
            "pieces",
            "more",
            "fewer",
            lambda r: float(sum(r.penalties)),
        ),
    ]
    return tuple(rows)


def estimate(figure: Figure, values: Sequence[float], confidence: float) -> Estimate | None:
    """The figure's estimate from its values in the games that have one, at ``confidence``:
    Student's t interval of a mean, Wilson's interval of a share; None without values."""
    if figure.kind == SHARE:
        return share_estimate(math.fsum(values), len(values), confidence)
    return mean_estimate(values, confidence)


def values(figure: Figure, results: Iterable[GameResult]) -> list[float]:
    """The figure's value in each of ``results`` that has one, in game order."""
    return [value for result in results if (value := figure.of(result)) is not None]
