"""Estimates with their confidence intervals: the statistics core of simulation reports.

A figure read off simulated games (the mean number of turns, a seat's share of wins) is an
estimate: the same games on other seeds would give another figure. An :class:`Estimate`
carries the figure with a confidence interval, so that a report can say how far to trust it
and whether two profiles differ at all. Three standard methods, computed with the standard
library alone:

* a mean, and the mean of paired differences (each game played under two profiles from the
  same seed), takes **Student's t interval**, ``mean ± t * s / sqrt(n)`` with ``t`` the
  ``(1 + confidence) / 2`` quantile of Student's t with ``n - 1`` degrees of freedom and
  ``s`` the sample standard deviation (:func:`mean_estimate`). It is exact for normal
  figures and, by the central limit theorem, close for the sums and counts games produce;
* a share (of wins, of games nobody opened) takes the **Wilson score interval**
  (:func:`share_estimate`). The textbook normal ("Wald") interval ``p ± z * sqrt(p(1 - p)
  / n)`` is centred on ``p`` with a width that vanishes as ``p`` nears 0 or 1: a seat that
  won none of 30 games would get the interval [0, 0], as if it could never win, and a share
  near the edge gets bounds outside [0, 1]. Wilson's interval inverts the score test
  instead: it stays inside [0, 1], is never of zero width, and keeps its coverage close to
  the level asked for near 0 and 1 as well as in the middle (Brown, Cai and DasGupta,
  "Interval estimation for a binomial proportion", Statistical Science 16, 2001);
* the difference of two shares measured on the same games takes **Newcombe's hybrid score
  interval for paired data** (:func:`paired_share_estimate`), built from the two Wilson
  intervals: the t interval on per-game differences would collapse to [0, 0] when no game
  differs.

The t quantile is computed here rather than taken from a dependency (``t_quantile``):
the t distribution function through the regularised incomplete beta function, evaluated by
its continued fraction, and inverted by Newton's method.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable
from statistics import NormalDist

import attrs

from rummikit.errors import InvalidArgument, brief

__all__ = [
    "CONFIDENCE",
    "NEWCOMBE",
    "STUDENT_T",
    "WILSON",
    "Estimate",
    "Moments",
    "check_confidence",
    "level_text",
    "mean_estimate",
    "paired_share_estimate",
    "share_estimate",
    "t_quantile",
]

CONFIDENCE = 0.95
"""The confidence level of an interval when none is given: 95%."""

STUDENT_T = "student_t"
"""The :attr:`Estimate.method` of a mean: Student's t interval."""

WILSON = "wilson"
"""The :attr:`Estimate.method` of a share: Wilson's score interval."""

NEWCOMBE = "newcombe"
"""The :attr:`Estimate.method` of the difference of two shares over the same games:
Newcombe's hybrid score interval for paired data."""


def check_confidence(value: object) -> float:
    """``value`` as a confidence level: a number strictly between 0 and 1 (0.95 for 95%).

    Raises :class:`~rummikit.InvalidArgument` ``bad_confidence`` for anything else: a bool,
    a string, a percentage such as 95, NaN, and the levels 0 and 1 themselves (no interval
    is certain to hold the true figure, and none is sure to miss it).
    """
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < 1:
        raise InvalidArgument(
            "bad_confidence",
            f"confidence is a number strictly between 0 and 1 (0.95 for 95%), not {brief(value)}",
        )
    return float(value)


@attrs.frozen
class Estimate:
    """A figure estimated from games, with its confidence interval.

    Built by :func:`mean_estimate` (a mean, Student's t interval) or :func:`share_estimate`
    (a share, Wilson's score interval). At the level :attr:`confidence`, the interval from
    :attr:`low` to :attr:`high` holds the true figure in that share of simulations: a
    narrow interval says more games would hardly move the figure.
    """

    value: float
    """The point estimate: a mean, or a share from 0 to 1."""
    low: float
    """The lower bound of the interval; ``-inf`` when it cannot be bounded (the mean of one
    game)."""
    high: float
    """The upper bound of the interval; ``inf`` when it cannot be bounded."""
    confidence: float
    """The confidence level of the interval, such as 0.95."""
    method: str
    """How the interval was computed: ``"student_t"`` (Student's t, for a mean or a
    difference of means), ``"wilson"`` (Wilson's score, for a share) or ``"newcombe"``
    (Newcombe's, for the difference of two shares over the same games)."""
    count: int
    """The number of observations (games, or seats over games) behind the estimate."""

    @property
    def margin(self) -> float:
        """Half the width of the interval, the ``x`` of "value ± x" (``inf`` when
        unbounded; not symmetric about :attr:`value` for a share)."""
        return (self.high - self.low) / 2

    def excludes(self, value: float = 0.0) -> bool:
        """Whether ``value`` lies outside the interval. For an estimated difference, whether
        it is told apart from 0 at the level :attr:`confidence`.

        Raises :class:`~rummikit.InvalidArgument` ``bad_values`` when ``value`` is not a
        number.
        """
        number = _real(value, "value", finite=False)
        return not self.low <= number <= self.high

    def __str__(self) -> str:
        level = level_text(self.confidence)
        if math.isfinite(self.low) and math.isfinite(self.high):
            return f"{self.value:.2f} ({level} CI {self.low:.2f} to {self.high:.2f})"
        if self.count == 1:
            return f"{self.value:.2f} (no {level} CI from one game)"
        return f"{self.value:.2f} ({level} CI unbounded)"

    def to_dict(self) -> dict[str, float | int | str | None]:
        """The estimate as a JSON-ready dict; a bound that is infinite is ``None``, as JSON
        has no infinity."""
        return {
            "value": self.value,
            "low": self.low if math.isfinite(self.low) else None,
            "high": self.high if math.isfinite(self.high) else None,
            "confidence": self.confidence,
            "method": self.method,
            "count": self.count,
        }


def level_text(confidence: float) -> str:
    """A confidence level as people write it: ``0.95`` as ``"95%"``, ``0.975`` as
    ``"97.5%"``."""
    return f"{confidence * 100:g}%"


def _real(value: object, what: str, *, finite: bool = True) -> float:
    """``value`` as a float, or ``bad_values`` saying what ``what`` should be."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InvalidArgument("bad_values", f"{what} is {brief(value)}, not a number")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf  # a Fraction beyond floats: outside any finite interval
    if math.isnan(number) or (finite and math.isinf(number)):
        raise InvalidArgument("bad_values", f"{what} is {brief(value)}: give a finite number")
    return number


@attrs.define
class Moments:
    """The count, mean and spread of numbers added one at a time, without keeping them.

    Welford's method (1962): each :meth:`add` updates the mean and the sum of squared
    deviations from it. Summing values and their squares instead would lose every digit
    of the spread when it is small next to the mean (turns of 40 ± 0.1), as the two sums
    cancel. Internal to the simulation package: a report gathers a figure per game with it,
    and :func:`mean_estimate` takes it in place of the values.
    """

    count: int = 0
    """How many values were added."""
    mean: float = 0.0
    """Their mean (0.0 before any)."""
    squares: float = 0.0
    """The sum of their squared deviations from :attr:`mean`."""

    def add(self, value: float) -> None:
        """Count ``value`` in. Raises :class:`~rummikit.InvalidArgument` ``bad_values``
        when it is not a finite number."""
        number = _real(value, "value")
        self.count += 1
        delta = number - self.mean
        self.mean += delta / self.count
        self.squares += delta * (number - self.mean)

    @property
    def variance(self) -> float:
        """The sample variance (divided by ``count - 1``); 0.0 below two values."""
        return self.squares / (self.count - 1) if self.count > 1 else 0.0


def mean_estimate(
    values: Iterable[float] | Moments, confidence: float = CONFIDENCE
) -> Estimate | None:
    """The mean of ``values`` (numbers, or the running moments of them the simulation keeps) with Student's t
    interval at the level ``confidence``; None when there are no values.

    The interval is ``mean ± t * s / sqrt(n)``, ``t`` the ``(1 + confidence) / 2``
    quantile of Student's t with ``n - 1`` degrees of freedom (computed here) and
    ``s`` the sample standard deviation. The t quantile, wider than the normal one for few
    values, accounts for ``s`` being estimated too. For a paired comparison (each game
    played under two profiles from one seed), give the differences game by game: their
    interval is far narrower than comparing two separate means, as the luck of the deal
    cancels. One value gives the interval ``-inf`` to ``inf`` (no spread can be estimated
    from it); values all equal give the interval ``[mean, mean]``.

    Raises :class:`~rummikit.InvalidArgument`: ``bad_confidence``; ``bad_values`` for
    values that are not an iterable of finite numbers, or so large their spread overflows.
    """
    level = check_confidence(confidence)
    if isinstance(values, Moments):
        moments = values
    elif isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise InvalidArgument(
            "bad_values", f"values is a list of numbers or a Moments, not {brief(values)}"
        )
    else:
        moments = Moments()
        for index, value in enumerate(values):
            moments.add(_real(value, f"values[{index}]"))
    count, mean, variance = moments.count, moments.mean, moments.variance
    if count < 1:
        return None
    if not (math.isfinite(mean) and math.isfinite(variance)):
        raise InvalidArgument(
            "bad_values", "values so large that their mean or spread overflows: scale them down"
        )
    if count == 1:
        low, high = -math.inf, math.inf
    else:
        half = -t_quantile((1 - level) / 2, count - 1) * math.sqrt(variance / count)
        low, high = mean - half, mean + half
    return Estimate(mean, low, high, level, STUDENT_T, count)


def share_estimate(successes: float, count: int, confidence: float = CONFIDENCE) -> Estimate | None:
    """The share ``successes / count`` with Wilson's score interval at the level
    ``confidence``; None when ``count`` is 0.

    ``successes`` may be fractional: a win shared by two seats counts 1/2 to each. The
    interval holds the shares ``p`` that a two-sided score test would not reject,
    ``|successes / count - p| <= z * sqrt(p * (1 - p) / count)`` with ``z`` the normal
    ``(1 + confidence) / 2`` quantile. Unlike the textbook normal interval ``p ± z *
    sqrt(p (1 - p) / count)``, it stays within [0, 1] and keeps its coverage near 0 and
    1, where the normal interval collapses to a width of zero: a seat that won none of 30
    games would get [0, 0], as if it could never win, where Wilson's interval is [0,
    0.114] at 95%. It starts at exactly 0 when there is no success and ends at exactly 1
    when all are.

    Raises :class:`~rummikit.InvalidArgument`: ``bad_confidence``; ``bad_values`` for a
    ``count`` that is not a whole number from 0, or ``successes`` that is not a number
    from 0 to ``count``.
    """
    level = check_confidence(confidence)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise InvalidArgument(
            "bad_values", f"count is a whole number of games from 0, not {brief(count)}"
        )
    share = _real(successes, "successes")
    if not 0 <= share <= count:
        raise InvalidArgument(
            "bad_values",
            f"successes is {brief(successes)}: give a number from 0 to count ({count})",
        )
    if count == 0:
        return None
    z = -NormalDist().inv_cdf((1 - level) / 2)
    if share <= count / 2:
        low, high = _wilson(share, count, z)
    else:  # the mirror image, so that the small side is computed without cancellation
        failures_low, failures_high = _wilson(count - share, count, z)
        low, high = 1 - failures_high, 1 - failures_low
    value = share / count
    return Estimate(value, min(low, value), max(high, value), level, WILSON, count)


def paired_share_estimate(
    pairs: Iterable[tuple[bool, bool]], confidence: float = CONFIDENCE
) -> Estimate | None:
    """The difference of two shares measured on the same games, ``share(first) -
    share(second)``, with Newcombe's hybrid score interval for paired data; None without
    pairs.

    Each pair says whether the event happened in one game under the first profile and under
    the second (the game dealt from the same seed). The mean of the per-game differences
    with Student's t interval would do for most figures, but not for rare events: when no
    game differs (neither profile ever ended blocked), every difference is 0 and the t
    interval is [0, 0], as if the games proved the profiles equal. Newcombe's interval
    ("Improved confidence intervals for the difference between binomial proportions based
    on paired data", Statistics in Medicine 17, 1998, method 10) combines the Wilson
    intervals of the two shares, allowing for their correlation (its positive part reduced
    by half the number of games, as Newcombe does), and keeps a width that
    honestly shrinks with the number of games: no difference in 100 games gives about
    [-3.7, +3.7] percentage points at 95%.

    Raises :class:`~rummikit.InvalidArgument`: ``bad_confidence``; ``bad_values`` unless
    every pair is two flags.
    """
    level = check_confidence(confidence)
    if isinstance(pairs, str | bytes) or not isinstance(pairs, Iterable):
        raise InvalidArgument(
            "bad_values", f"pairs is a list of pairs of flags (True, False), not {brief(pairs)}"
        )
    both = first_only = second_only = neither = 0
    for pair in pairs:
        if (
            not isinstance(pair, tuple)
            or len(pair) != 2
            or not all(isinstance(flag, bool) for flag in pair)
        ):
            raise InvalidArgument(
                "bad_values", f"each pair is two flags (True, False), not {brief(pair)}"
            )
        if pair[0] and pair[1]:
            both += 1
        elif pair[0]:
            first_only += 1
        elif pair[1]:
            second_only += 1
        else:
            neither += 1
    count = both + first_only + second_only + neither
    if count == 0:
        return None
    first = share_estimate(both + first_only, count, level)
    second = share_estimate(both + second_only, count, level)
    assert first is not None
    assert second is not None
    margins = (
        (both + first_only)
        * (second_only + neither)
        * (both + second_only)
        * (first_only + neither)
    )
    # the correlation of the two shares, its positive part reduced by n / 2 as Newcombe
    # does: without it, games that never differ make the correlation 1 and the interval
    # collapse to [0, 0] (two games, both gone out under both profiles)
    covariance = float(both * neither - first_only * second_only)
    if covariance > 0:
        covariance = max(covariance - count / 2, 0.0)
    phi = covariance / math.sqrt(margins) if margins else 0.0
    below_first, above_first = first.value - first.low, first.high - first.value
    below_second, above_second = second.value - second.low, second.high - second.value
    down = math.sqrt(
        max(below_first**2 - 2 * phi * below_first * above_second + above_second**2, 0.0)
    )
    up = math.sqrt(
        max(above_first**2 - 2 * phi * above_first * below_second + below_second**2, 0.0)
    )
    value = (first_only - second_only) / count
    return Estimate(value, max(value - down, -1.0), min(value + up, 1.0), level, NEWCOMBE, count)


def _wilson(successes: float, count: int, z: float) -> tuple[float, float]:
    """Wilson's bounds for at most half successes. They are the roots of ``(n + z²) p² -
    (2 s + z²) p + s² / n``: the upper one by the formula, with no cancellation on this
    side, and the lower one as the product of the roots over it (exactly 0 for ``s = 0``)."""
    n, z2 = float(count), z * z
    share = successes / n
    centre = (successes + z2 / 2) / (n + z2)
    half = z * math.sqrt(n) / (n + z2) * math.sqrt(share * (1 - share) + z2 / (4 * n))
    high = min(centre + half, 1.0)
    return successes * share / (n + z2) / high, high


# Student's t quantile. With a = df / 2, x = df / (df + t²) and y = 1 - x, the two tails of
# t > 0 are P(T > t) = I_x(a, 1/2) / 2 and P(0 < T < t) = I_y(1/2, a) / 2, I the regularised
# incomplete beta function. Everything is computed in logarithms of t, so that neither a
# quantile far in the tail (t = 1e300 for df 1) nor one near 0 loses its digits.

_LOG_HALF = math.log(0.5)
_LOG_SQRT_PI = 0.5 * math.log(math.pi)
_LOG_MAX = math.log(1.7976931348623157e308)  # beyond it the quantile is no float
_FRACTION_EPSILON = 2.0**-51  # two units in the last place of 1
_FRACTION_TERMS = 1_000  # the t distribution needs at most about 60
_NEWTON_STEPS = 100
_NEWTON_TOLERANCE = 1e-14


def t_quantile(probability: float, df: int) -> float:
    """The ``probability`` quantile of Student's t distribution with ``df`` degrees of
    freedom: the ``t`` with ``P(T <= t) = probability``.

    Accurate to about 1e-13 relative for every ``df`` from 1 and ``probability`` strictly
    between 0 and 1 (``inf`` or ``-inf`` where the quantile is beyond the largest float,
    from ``probability`` below about 1e-308 with df 1). The distribution function is
    computed through the regularised incomplete beta function, and inverted by Newton's
    method on ``log t`` from the normal quantile (:class:`statistics.NormalDist`) with
    the first corrections of its expansion in ``1 / df``.

    Raises :class:`~rummikit.InvalidArgument` ``bad_values`` for ``probability`` not
    strictly between 0 and 1 or ``df`` not a whole number from 1.
    """
    p = _real(probability, "probability")
    if not 0 < p < 1:
        raise InvalidArgument(
            "bad_values",
            f"probability is {brief(probability)}: give a number strictly between 0 and 1",
        )
    if isinstance(df, bool) or not isinstance(df, int) or df < 1:
        raise InvalidArgument(
            "bad_values", f"df is a whole number of degrees of freedom from 1, not {brief(df)}"
        )
    if p == 0.5:
        return 0.0
    sign = 1.0 if p > 0.5 else -1.0
    # Aim at the smaller of the two parts of the half-distribution, whose log is steep in
    # log t there: the centre (0, t) near the median, the tail (t, inf) beyond the quartiles.
    central = 0.25 <= p <= 0.75
    target = abs(p - 0.5) if central else min(p, 1 - p)  # both exact in floating point
    log_target = math.log(target)
    ratio = _log_gamma_ratio(df / 2)
    constants = (df, 0.5 * math.log(df), ratio - _LOG_SQRT_PI, _LOG_SQRT_PI - ratio)

    s = math.log(_start(p, target, central, df))
    low, high = -math.inf, math.inf  # a bracket of log t, narrowed at every step
    for _ in range(_NEWTON_STEPS):
        log_tail, log_centre, log_density = _t_logs(s, constants)
        if central:
            error, slope = log_centre - log_target, math.exp(log_density - log_centre)
        else:
            error, slope = log_target - log_tail, math.exp(log_density - log_tail)
        if error == 0:
            break
        if error > 0:
            high = s
        else:
            low = s
        # The slope is positive, so the step heads into the bracket; t moves by a factor
        # of at most e^64 at once.
        step = max(-64.0, min(-error / slope, 64.0)) if slope > 0 else math.copysign(64, -error)
        s += step
        if abs(step) <= _NEWTON_TOLERANCE * max(1.0, abs(s)):  # the next step is its square
            break
        if not low < s < high:  # Newton overshot the other end of the bracket: bisect it
            s = (low + high) / 2
        if high - low <= _NEWTON_TOLERANCE * max(1.0, abs(s)):  # down to rounding noise
            break
    if s > _LOG_MAX:
        return sign * math.inf
    return sign * math.exp(s)


def _start(p: float, target: float, central: bool, df: int) -> float:
    """A first t > 0 for Newton: the normal quantile with the first two terms of the
    Cornish-Fisher expansion of t in 1 / df (Abramowitz and Stegun, 26.7.5)."""
    z = abs(NormalDist().inv_cdf(p if p < 0.5 else 1 - p))
    if central and z < 1e-8:  # so near the median that z lost its digits: P is linear
        z = target * math.sqrt(2 * math.pi)
    z2 = z * z
    return z * (1 + (z2 + 1) / (4 * df) + (5 * z2 * z2 + 16 * z2 + 3) / (96 * df * df))


def _t_logs(s: float, constants: tuple[int, float, float, float]) -> tuple[float, float, float]:
    """At ``t = e^s``: the logs of ``P(T > t)``, ``P(0 < T < t)`` and ``t * density(t)``."""
    df, half_log_df, log_norm, log_beta = constants
    a = df / 2
    u = 2 * (s - half_log_df)  # log(t² / df)
    soft = _log1p_exp(u)  # log(1 + t² / df)
    log_x, log_y = -soft, u - soft
    log_density = s + log_norm - half_log_df - (a + 0.5) * soft
    front = a * log_x + 0.5 * log_y - log_beta  # log(x^a y^(1/2) / B(a, 1/2))
    x, y = math.exp(log_x), math.exp(log_y)
    if x < (a + 1) / (a + 2.5):  # (a + 1) / (a + b + 2) for b = 1/2: see _beta_fraction
        log_tail = front - math.log(a) - math.log(_beta_fraction(x, y, a, 0.5))
        log_centre = _log1m_exp(log_tail)
    else:
        log_centre = front - math.log(0.5) - math.log(_beta_fraction(y, x, 0.5, a))
        log_tail = _log1m_exp(log_centre)
    return _LOG_HALF + log_tail, _LOG_HALF + log_centre, log_density


def _beta_fraction(x: float, y: float, a: float, b: float) -> float:
    """The continued fraction ``K`` of ``I_x(a, b) = x^a y^b / (a B(a, b) K)``, ``y = 1 - x``.

    DLMF 8.17.22 gives ``K = 1 + d1 / (1 + d2 / (1 + ...))`` with ``d(2m) = m (b - m) x /
    ((a + 2m - 1)(a + 2m))`` and ``d(2m + 1) = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m +
    1))``. It converges fast for ``x < (a + 1) / (a + b + 2)`` (the caller takes the other
    tail beyond), but with ``x`` near 1 and ``a`` large (a far tail of many degrees of
    freedom) each ``1 + d(2m + 1)`` is a small difference of two numbers near 1. So the
    fraction is taken in its odd contraction, ``K = e1 - d1 d2 / (e3 + d2 - d3 d4 / (e5 +
    d4 - ...))`` with ``e(2m + 1) = 1 + d(2m + 1)``, and for ``b <= 1`` each ``e`` is
    written over ``y`` as a sum of terms that are all positive. The fraction is evaluated
    from the front by the modified Lentz method.
    """

    def odd(m: int) -> tuple[float, float]:  # d(2m + 1) and e(2m + 1)
        below = (a + 2 * m) * (a + 2 * m + 1)
        term = -(a + m) * (a + b + m) * x / below
        if b > 1:
            return term, 1 + term
        return term, (a * (2 * m + 1 - b) + m * (3 * m + 2 - b) + (a + m) * (a + b + m) * y) / below

    tiny = 1e-300
    first, fraction = odd(0)
    fraction = fraction if abs(fraction) > tiny else tiny
    c, d = fraction, 0.0
    for m in range(1, _FRACTION_TERMS):
        even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        following, e = odd(m)
        numerator, denominator = -first * even, e + even
        d = denominator + numerator * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = denominator + numerator / c
        c = c if abs(c) > tiny else tiny
        delta = c * d
        fraction *= delta
        if abs(delta - 1) <= _FRACTION_EPSILON:
            return fraction
        first = following
    raise ArithmeticError(f"the incomplete beta fraction of {(x, a, b)} does not converge")


def _log_gamma_ratio(a: float) -> float:
    """``log(Γ(a + 1/2) / Γ(a))`` for ``a >= 1/2``. For large ``a`` the difference of two
    nearly equal ``lgamma`` would lose digits, so the Stirling series of both is subtracted
    term by term."""
    if a < 20:
        return math.lgamma(a + 0.5) - math.lgamma(a)
    return a * math.log1p(0.5 / a) + 0.5 * math.log(a) - 0.5 + _stirling(a + 0.5) - _stirling(a)


def _stirling(z: float) -> float:
    """``lgamma(z) - ((z - 1/2) log z - z + log(2π) / 2)``, to 1e-18 from ``z = 20``."""
    w = 1 / (z * z)
    return (1 / 12 - w * (1 / 360 - w * (1 / 1260 - w / 1680))) / z


def _log1p_exp(u: float) -> float:
    """``log(1 + e^u)`` without overflow."""
    return u + math.log1p(math.exp(-u)) if u > 0 else math.log1p(math.exp(u))


def _log1m_exp(v: float) -> float:
    """``log(1 - e^v)`` for ``v < 0``, accurate both near 0 and far below."""
    if v >= 0:
        return -math.inf
    return math.log(-math.expm1(v)) if v > -math.log(2) else math.log1p(-math.exp(v))
