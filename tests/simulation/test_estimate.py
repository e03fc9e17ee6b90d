"""Estimates and their confidence intervals: known cases worked by hand, the t quantile
against published values, coverage by seeded simulation, properties, and bad input."""

from __future__ import annotations

import json
import math
import pickle
import random
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit.simulation as rs
from rummikit.errors import InvalidArgument
from rummikit.simulation._estimate import (
    STUDENT_T,
    WILSON,
    Estimate,
    Moments,
    check_confidence,
    mean_estimate,
    paired_share_estimate,
    share_estimate,
    t_quantile,
)
from tests.helpers import code_of

# -- known cases ----------------------------------------------------------------------------


def test_the_mean_of_one_to_five():
    # mean 3, sample variance 2.5, t(0.975, 4) = 2.776445 from any table
    estimate = mean_estimate([1, 2, 3, 4, 5])
    assert estimate is not None
    margin = 2.776445 * math.sqrt(2.5 / 5)
    assert estimate.value == 3
    assert estimate.low == pytest.approx(3 - margin, abs=1e-6)
    assert estimate.high == pytest.approx(3 + margin, abs=1e-6)
    assert estimate.margin == pytest.approx(margin, abs=1e-6)
    assert (estimate.confidence, estimate.method, estimate.count) == (0.95, STUDENT_T, 5)


@pytest.mark.parametrize(
    ("confidence", "t"),
    [(0.90, 2.131847), (0.99, 4.604095)],  # t(0.95, 4) and t(0.995, 4), from any table
)
def test_the_mean_at_other_levels(confidence, t):
    estimate = mean_estimate([1, 2, 3, 4, 5], confidence)
    assert estimate is not None
    assert estimate.confidence == confidence
    assert estimate.low == pytest.approx(3 - t * math.sqrt(0.5), abs=1e-6)
    assert estimate.high == pytest.approx(3 + t * math.sqrt(0.5), abs=1e-6)


def test_no_values_one_value_and_no_spread():
    assert mean_estimate([]) is None
    assert mean_estimate(iter(())) is None
    assert mean_estimate(Moments()) is None
    one = mean_estimate([7])
    assert one == Estimate(7.0, -math.inf, math.inf, 0.95, STUDENT_T, 1)
    assert one.margin == math.inf
    assert not one.excludes(0)
    assert not one.excludes(1e300)
    flat = mean_estimate([4, 4, 4])
    assert flat is not None
    assert (flat.low, flat.value, flat.high, flat.margin) == (4, 4, 4, 0)
    assert flat.excludes(3.9)
    assert not flat.excludes(4)


@pytest.mark.parametrize(
    ("successes", "count", "confidence", "low", "high"),
    [
        # Wilson's bounds from its formula, (p + z²/2n ± z sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)
        (8, 10, 0.95, 0.4902, 0.9433),
        (8, 10, 0.90, 0.5408, 0.9314),
        (8, 10, 0.99, 0.4008, 0.9599),
        (3, 7, 0.95, 0.1582, 0.7495),
        (0, 10, 0.95, 0.0, 0.2775),  # z² / (n + z²)
        (0, 30, 0.95, 0.0, 0.1135),
        (10, 10, 0.95, 0.7225, 1.0),
    ],
)
def test_wilson_by_hand(successes, count, confidence, low, high):
    estimate = share_estimate(successes, count, confidence)
    assert estimate is not None
    assert estimate.value == successes / count
    assert estimate.low == pytest.approx(low, abs=1e-4)
    assert estimate.high == pytest.approx(high, abs=1e-4)
    assert (estimate.method, estimate.count, estimate.confidence) == (WILSON, count, confidence)


def test_a_share_at_the_edges_is_exact_and_never_empty():
    none, every = share_estimate(0, 10), share_estimate(10, 10)
    assert none is not None
    assert every is not None
    assert none.low == 0.0  # exactly
    assert none.high > 0.2  # the normal interval would be [0, 0]
    assert every.high == 1.0
    assert every.low < 0.8
    assert none.high == pytest.approx(1 - every.low, abs=1e-15)
    assert share_estimate(0, 0) is None


def test_a_shared_win_counts_a_fraction():
    half = share_estimate(2.5, 5)
    assert half is not None
    assert half.value == 0.5
    assert half.low == pytest.approx(1 - half.high, abs=1e-12)  # symmetric about 1/2


def test_str_and_to_dict():
    estimate = Estimate(33.8, 32.54, 35.06, 0.95, STUDENT_T, 200)
    assert str(estimate) == "33.80 (95% CI 32.54 to 35.06)"
    assert str(Estimate(1.0, 0.5, 1.5, 0.999, STUDENT_T, 9)) == "1.00 (99.9% CI 0.50 to 1.50)"
    assert str(mean_estimate([12])) == "12.00 (no 95% CI from one game)"
    record = mean_estimate([12]).to_dict()  # type: ignore[union-attr]
    assert record == {
        "value": 12.0,
        "low": None,
        "high": None,
        "confidence": 0.95,
        "method": "student_t",
        "count": 1,
    }
    json.dumps(record, allow_nan=False)
    assert estimate.to_dict()["low"] == 32.54
    assert pickle.loads(pickle.dumps(estimate)) == estimate


def test_excludes():
    estimate = Estimate(1.0, 0.5, 1.5, 0.95, STUDENT_T, 10)
    assert estimate.excludes()  # 0 by default: a difference told apart from none
    assert estimate.excludes(2)
    assert estimate.excludes(-math.inf)
    assert not estimate.excludes(0.5)
    assert not estimate.excludes(1.5)


def test_the_package_exports():
    assert rs.CONFIDENCE == 0.95
    assert rs.Estimate is Estimate
    assert rs.mean_estimate is mean_estimate
    assert rs.share_estimate is share_estimate
    assert {"CONFIDENCE", "Estimate", "mean_estimate", "share_estimate"} <= set(rs.__all__)
    assert "Moments" not in rs.__all__


# -- the t quantile ---------------------------------------------------------------------------

PUBLISHED = [
    # (probability, df, quantile): the usual tables, to the digits they give
    (0.975, 1, 12.706205),
    (0.975, 2, 4.302653),
    (0.975, 5, 2.570582),
    (0.975, 10, 2.228139),
    (0.975, 30, 2.042272),
    (0.975, 100, 1.983972),
    (0.975, 1000, 1.962339),
    (0.995, 3, 5.840909),
    (0.95, 1, 6.313752),
    (0.025, 10, -2.228139),
]

COMPUTED = [
    # (probability, df, quantile): computed with scipy 1.17.1 (scipy.stats.t.ppf) and
    # checked against mpmath at 40 digits; the test does not need either
    (0.975, 1, 12.706204736174694),
    (0.975, 2, 4.302652729749462),
    (0.975, 5, 2.5705818356363146),
    (0.975, 10, 2.228138851986274),
    (0.975, 30, 2.0422724563012378),
    (0.975, 100, 1.9839715185235518),
    (0.975, 1000, 1.9623390808264083),
    (0.995, 3, 5.840909309733355),
    (0.95, 1, 6.313751514675037),
    (0.025, 10, -2.2281388519862753),
    (0.95, 4, 2.1318467863266495),
    (0.995, 4, 4.604094871349992),
    (0.9, 7, 1.4149239276505086),
    (0.999, 2, 22.327124770119866),
    (0.9995, 60, 3.460200469196392),
    (0.6, 15, 0.25788530093726125),
    (0.75, 3, 0.7648923284043444),
    (0.55, 1, 0.15838444032453658),
    (1e-10, 3, -2225.769284683093),
    (1e-10, 1000, -6.427876283134213),
    (0.999999, 25, 6.1458649844189965),
    (0.975, 1_000_000, 1.959966356814107),
    (0.01, 50, -2.403271916674172),
]


@pytest.mark.parametrize(("probability", "df", "quantile"), PUBLISHED)
def test_t_quantile_matches_the_tables(probability, df, quantile):
    assert t_quantile(probability, df) == pytest.approx(quantile, abs=5e-7)


@pytest.mark.parametrize(("probability", "df", "quantile"), COMPUTED)
def test_t_quantile_to_many_digits(probability, df, quantile):
    assert t_quantile(probability, df) == pytest.approx(quantile, rel=1e-12)


@given(st.floats(1e-6, 1 - 1e-6).filter(lambda p: p != 0.5))
def test_t_quantile_of_one_and_two_degrees(p):
    # closed forms: Cauchy's tan(pi (p - 1/2)) for df 1, (2p - 1) / sqrt(2p(1 - p)) for df 2
    if p < 0.25:
        cauchy = -1 / math.tan(math.pi * p)
    elif p > 0.75:
        cauchy = 1 / math.tan(math.pi * (1 - p))
    else:
        cauchy = math.tan(math.pi * (p - 0.5))
    assert t_quantile(p, 1) == pytest.approx(cauchy, rel=1e-11)
    assert t_quantile(p, 2) == pytest.approx((2 * p - 1) / math.sqrt(2 * p * (1 - p)), rel=1e-11)


@given(st.floats(1e-300, 0.5, exclude_max=True), st.integers(1, 10**7))
def test_t_quantile_is_symmetric_and_ordered(p, df):
    low = t_quantile(p, df)
    assert low < 0
    if p > 1e-6:  # 1 - p keeps the digits of p
        assert t_quantile(1 - p, df) == pytest.approx(-low, rel=1e-9)
    assert t_quantile(p / 2, df) < low  # a smaller tail lies further out
    assert t_quantile(0.5, df) == 0


def test_t_quantile_at_the_ends():
    assert t_quantile(1e-308, 1) == pytest.approx(-1 / (math.pi * 1e-308), rel=1e-9)
    assert t_quantile(5e-324, 1) == -math.inf  # beyond the largest float
    assert t_quantile(0.5 + 2**-53, 1) == pytest.approx(math.pi * 2**-53, rel=1e-9)
    assert t_quantile(0.025, 10**15) == pytest.approx(-1.959963984540054, rel=1e-12)


# -- coverage, by seeded simulation (deterministic: it cannot flake) --------------------------


def _coverage(draw, mean, n, confidence, seed, samples=2000):
    rng = random.Random(seed)
    covered = 0
    for _ in range(samples):
        estimate = mean_estimate([draw(rng) for _ in range(n)], confidence)
        assert estimate is not None
        covered += estimate.low <= mean <= estimate.high
    return covered / samples


def test_the_mean_interval_covers_as_it_says():
    assert 0.93 <= _coverage(lambda rng: rng.gauss(10, 3), 10, 20, 0.95, seed=1) <= 0.97
    assert 0.88 <= _coverage(lambda rng: rng.gauss(10, 3), 10, 20, 0.90, seed=2) <= 0.92
    # skewed (gamma of shape 4, skewness 1): 94.5% over 40,000 samples, a little below 95%
    skewed = _coverage(lambda rng: rng.gammavariate(4, 1), 4, 30, 0.95, seed=3)
    assert 0.93 <= skewed <= 0.97


def test_the_wilson_interval_covers_a_rare_event():
    rng = random.Random(4)
    covered = 0
    for _ in range(2000):
        successes = sum(rng.random() < 0.1 for _ in range(50))
        estimate = share_estimate(successes, 50)
        assert estimate is not None
        covered += estimate.low <= 0.1 <= estimate.high
    assert covered / 2000 >= 0.93  # exactly 0.970 by the binomial sum


def test_the_paired_share_interval_covers_as_it_says():
    """Newcombe's interval for paired shares, on correlated pairs of rare and common events
    (the second event copies the first's draw in 70% of the games)."""
    rng = random.Random(5)
    for first, second, games in ((0.1, 0.05, 50), (0.3, 0.3, 100), (0.02, 0.0, 200)):
        covered = 0
        for _ in range(1000):
            pairs = []
            for _ in range(games):
                draw = rng.random()
                copied = rng.random() < 0.7
                pairs.append((draw < first, draw < second if copied else rng.random() < second))
            estimate = paired_share_estimate(pairs)
            assert estimate is not None
            covered += estimate.low <= first - second <= estimate.high
        assert covered / 1000 >= 0.93, (first, second, games)


def test_no_game_differing_still_leaves_an_interval():
    """Regression: paired differences of a share with no game differing got [0, 0] from the
    t interval, as if the games proved two profiles equal."""
    estimate = paired_share_estimate([(False, False)] * 100)
    assert estimate is not None
    assert estimate.value == 0
    assert estimate.method == "newcombe"
    assert -0.05 < estimate.low < -0.03  # about 3.7 percentage points either way
    assert 0.03 < estimate.high < 0.05
    assert paired_share_estimate([]) is None
    # regression: two games that both ended the same way under both profiles, once yes and
    # once no, made the correlation 1 and the interval [0, 0]
    both_ways = paired_share_estimate([(True, True), (False, False)])
    assert both_ways is not None
    assert both_ways.low < -0.5
    assert both_ways.high > 0.5


# -- properties -------------------------------------------------------------------------------

LEVELS = st.sampled_from([0.5, 0.8, 0.9, 0.95, 0.99, 0.999])
NUMBERS = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)


@st.composite
def shares(draw):
    count = draw(st.integers(1, 10**6))
    successes = draw(st.one_of(st.integers(0, count), st.floats(0, count)))
    return successes, count


@given(st.lists(NUMBERS, min_size=1, max_size=50), LEVELS)
def test_a_mean_lies_inside_its_interval(values, confidence):
    estimate = mean_estimate(values, confidence)
    assert estimate is not None
    assert estimate.low <= estimate.value <= estimate.high
    assert estimate.count == len(values)


@given(shares(), LEVELS)
def test_a_share_lies_inside_its_interval_inside_zero_to_one(share, confidence):
    successes, count = share
    estimate = share_estimate(successes, count, confidence)
    assert estimate is not None
    assert 0 <= estimate.low <= estimate.value <= estimate.high <= 1
    assert estimate.high > estimate.low


@given(st.lists(NUMBERS, min_size=2, max_size=50), shares(), LEVELS, LEVELS)
def test_the_interval_widens_with_the_level(values, share, first, second):
    narrow, wide = sorted((first, second))
    for estimate in (
        lambda level: mean_estimate(values, level),
        lambda level: share_estimate(*share, level),
    ):
        inner, outer = estimate(narrow), estimate(wide)
        assert inner is not None
        assert outer is not None
        slack = 1e-12 * (1 + abs(inner.value))
        assert outer.low <= inner.low + slack
        assert outer.high >= inner.high - slack


@given(st.lists(NUMBERS, max_size=50))
def test_moments_agree_with_statistics(values):
    moments = Moments()
    for value in values:
        moments.add(value)
    assert moments.count == len(values)
    if values:
        scale = max(map(abs, values))
        assert moments.mean == pytest.approx(statistics.fmean(values), abs=1e-12 * scale)
    if len(values) > 1:
        expected = statistics.variance(values)
        assert moments.variance == pytest.approx(expected, rel=1e-9, abs=1e-12 * scale**2)
    else:
        assert moments.variance == 0.0


@given(st.lists(NUMBERS, max_size=50), LEVELS)
def test_a_list_and_its_moments_give_one_interval(values, confidence):
    moments = Moments()
    for value in values:
        moments.add(value)
    assert mean_estimate(moments, confidence) == mean_estimate(values, confidence)
    assert mean_estimate(iter(values), confidence) == mean_estimate(values, confidence)


# -- bad input -------------------------------------------------------------------------------

BAD_LEVELS = [0, 1, 1.5, -0.5, 95, True, False, "0.95", None, math.nan, math.inf]


@pytest.mark.parametrize("confidence", BAD_LEVELS)
def test_bad_confidence(confidence):
    assert code_of(check_confidence, confidence) == "bad_confidence"
    assert code_of(mean_estimate, [1, 2], confidence) == "bad_confidence"
    assert code_of(share_estimate, 1, 2, confidence) == "bad_confidence"


def test_a_good_confidence_is_a_float():
    assert check_confidence(0.9) == 0.9
    assert type(check_confidence(0.9)) is float


@pytest.mark.parametrize(
    ("call", "args"),
    [
        (mean_estimate, ("12345",)),
        (mean_estimate, (5,)),
        (mean_estimate, (None,)),
        (mean_estimate, ([1, "2"],)),
        (mean_estimate, ([1, None],)),
        (mean_estimate, ([1, True],)),
        (mean_estimate, ([1, math.nan],)),
        (mean_estimate, ([1, math.inf],)),
        (mean_estimate, ([1e308, -1e308],)),  # the spread overflows
        (share_estimate, (-1, 10)),
        (share_estimate, (11, 10)),
        (share_estimate, (math.nan, 10)),
        (share_estimate, ("1", 10)),
        (share_estimate, (None, 10)),
        (share_estimate, (1, -1)),
        (share_estimate, (1, 2.0)),
        (share_estimate, (1, True)),
        (share_estimate, (0.5, 0)),
        (Moments().add, ("1",)),
        (Moments().add, (math.nan,)),
        (Estimate(0, -1, 1, 0.95, STUDENT_T, 3).excludes, (math.nan,)),
        (Estimate(0, -1, 1, 0.95, STUDENT_T, 3).excludes, ("0",)),
        (t_quantile, (0, 5)),
        (t_quantile, (1, 5)),
        (t_quantile, (math.nan, 5)),
        (t_quantile, (0.5, 0)),
        (t_quantile, (0.5, 1.5)),
        (t_quantile, (0.5, True)),
        (paired_share_estimate, ([(1, 0)],)),
        (paired_share_estimate, ([(True,)],)),
        (paired_share_estimate, ([None],)),
        (paired_share_estimate, (None,)),  # regression (a review): a bare TypeError
    ],
)
def test_bad_values(call, args):
    assert code_of(call, *args) == "bad_values"


def test_messages_say_what_to_give():
    with pytest.raises(InvalidArgument, match=r"values\[1\] is nan: give a finite number"):
        mean_estimate([1, math.nan])
    with pytest.raises(InvalidArgument, match=r"from 0 to count \(10\)"):
        share_estimate(11, 10)
    with pytest.raises(InvalidArgument, match=r"strictly between 0 and 1 \(0.95 for 95%\)"):
        mean_estimate([1, 2], 95)


@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=300), LEVELS)
def test_a_paired_share_difference_lies_inside_its_interval(pairs, confidence):
    estimate = paired_share_estimate(pairs, confidence)
    assert estimate is not None
    assert -1 <= estimate.low <= estimate.value <= estimate.high <= 1
    assert estimate.value == pytest.approx(
        (sum(a for a, _ in pairs) - sum(b for _, b in pairs)) / len(pairs)
    )
