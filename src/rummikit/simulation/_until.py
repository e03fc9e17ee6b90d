"""When a run may stop before its last game: once its headline figure is known well enough
(a precision), or once its time is up.

The headline figure is turns per game. A run asked for a ``precision`` of ``p`` turns stops
at the first check at which the confidence interval of every profile's mean turns, and in a
comparison of every paired difference of turns from the baseline, is no wider than ``± p``.
Checks come every :data:`CHECK_EVERY` games, so where a run stops depends on the seed alone
and it repeats. A ``time_limit`` stops the run once that many seconds have passed since it
began, whatever it has played: that depends on the machine.

The figures are kept as running moments (:class:`~rummikit.simulation._estimate.Moments`),
so that a check costs the same after a million games as after fifty.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from rummikit.errors import InvalidArgument, brief
from rummikit.simulation._estimate import Moments, mean_estimate
from rummikit.simulation._play import GameResult

CHECK_EVERY = 50
"""Games between two checks of the precision reached."""


def check_precision(value: object) -> float | None:
    """``value``: None, or a positive number of turns (``bad_precision``)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise InvalidArgument(
            "bad_precision",
            "precision is the widest interval of turns per game to stop at, a number of "
            f"turns above 0 (such as 0.5 for ± 0.5 turns), not {brief(value)}",
        )
    if not math.isfinite(value):
        raise InvalidArgument("bad_precision", f"precision is a finite number, not {value}")
    return float(value)


def check_time_limit(value: object) -> float | None:
    """``value``: None, or a positive number of seconds (``bad_time_limit``)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
        raise InvalidArgument(
            "bad_time_limit",
            f"time_limit is a number of seconds above 0 (such as 60), not {brief(value)}",
        )
    return float(value)


class Until:
    """The stopping rule of one run: told each game as it comes, says whether to stop."""

    def __init__(
        self,
        profiles: int,
        *,
        precision: float | None,
        time_limit: float | None,
        confidence: float,
        baseline: int | None,
    ) -> None:
        self.precision = precision
        self.confidence = confidence
        self.baseline = baseline
        self.deadline = None if time_limit is None else time.monotonic() + time_limit
        self.turns = [Moments() for _ in range(profiles)]
        self.differences = [Moments() for _ in range(profiles)]
        self.played = 0
        self.reason = ""
        """Why the run stopped early: ``"precision"``, ``"time_limit"``, or '' if it did not."""

    def stop(self, row: Sequence[GameResult]) -> bool:
        """Count the game ``row`` (its result under each profile); whether to stop now."""
        self.played += 1
        if self.precision is not None:
            for moments, result in zip(self.turns, row, strict=True):
                moments.add(result.turns)
            if self.baseline is not None:
                base = row[self.baseline].turns
                for moments, result in zip(self.differences, row, strict=True):
                    moments.add(result.turns - base)
            if self.played % CHECK_EVERY == 0 and self._precise(self.precision):
                self.reason = "precision"
                return True
        if self.deadline is not None and time.monotonic() >= self.deadline:
            self.reason = "time_limit"
            return True
        return False

    def _precise(self, precision: float) -> bool:
        found = list(self.turns)
        if self.baseline is not None:
            found += [m for index, m in enumerate(self.differences) if index != self.baseline]
        for moments in found:
            estimate = mean_estimate(moments, self.confidence)
            if estimate is None or not estimate.margin <= precision:
                return False
        return True
