"""Paired comparisons: each figure's difference between two profiles, game by game, with its
interval and its statement; checked on reports built by hand (hand-computed intervals) and on
simulations."""

from __future__ import annotations

import json
import math

import pytest

import rummikit as rk
from rummikit.game import Termination
from rummikit.simulation import (
    Comparison,
    GameResult,
    Report,
    _until,
    compare,
    share_estimate,
    simulate,
)
from rummikit.simulation._until import Until
from tests.helpers import code_of

T_975_2 = 4.302653  # Student's t quantile 0.975 with 2 degrees of freedom (published tables)


def _result(profile: str, seed: int, turns: int, **changes: object) -> GameResult:
    fields: dict[str, object] = {
        "profile": profile,
        "seed": seed,
        "players": 2,
        "bots": ("greedy", "greedy"),
        "first_player": 0,
        "turns": turns,
        "termination": Termination.WENT_OUT,
        "winners": (0,),
        "scores": (10, -10),
        "first_opening_turn": 1,
        "penalties": (0, 0),
    }
    fields.update(changes)
    return GameResult(**fields)  # type: ignore[arg-type]


def _report(profile: str, turns: list[int], **changes: object) -> Report:
    results = [_result(profile, seed, count, **changes) for seed, count in enumerate(turns)]
    return Report.from_results(profile, ("greedy", "greedy"), 1, results)


def test_a_paired_difference_is_the_mean_of_per_game_differences():
    longer = _report("longer", [10, 12, 14])
    base = _report("base", [8, 11, 11])  # differences 2, 1, 3: mean 2, sd 1
    difference = Comparison.of([base, longer]).difference("longer", "turns_mean")
    margin = T_975_2 * 1 / math.sqrt(3)
    assert difference.estimate.value == pytest.approx(2)
    assert difference.estimate.low == pytest.approx(2 - margin, abs=1e-6)
    assert difference.estimate.high == pytest.approx(2 + margin, abs=1e-6)
    assert difference.estimate.count == 3
    assert difference.estimate.method == "student_t"
    assert not difference.detected  # the interval holds zero: three games cannot tell
    assert difference.statement == (
        "turns per game: no detectable difference between longer and base at 3 paired games "
        f"(longer - base = +2.00 turns, 95% CI {2 - margin:+.2f} to {2 + margin:+.2f})"
    )


def test_a_difference_the_games_detect_says_which_way():
    longer = _report("longer", [10, 12, 14, 20])
    base = _report("base", [8, 10, 12, 18])  # every game two turns longer
    comparison = Comparison.of({"base": base, "longer": longer})
    difference = comparison.difference("longer", "turns_mean")
    assert (difference.estimate.low, difference.estimate.high) == (2.0, 2.0)
    assert difference.detected
    assert difference.statement == (
        "turns per game: longer longer than base by 2.00 turns (95% CI +2.00 to +2.00; "
        "4 paired games)"
    )
    shorter = Comparison.of([longer, base]).difference("base", "turns_mean")
    assert shorter.statement.startswith("turns per game: base shorter than longer by 2.00")


def test_shares_are_compared_in_percentage_points():
    blocked = _report("blocked", [5] * 4, termination=Termination.BLOCKED, winners=())
    base = _report("base", [5] * 4)
    difference = Comparison.of([base, blocked]).difference("blocked", "blocked_share")
    assert difference.estimate.value == 1.0
    assert difference.estimate.method == "newcombe"
    # no correlation to allow for (one share is always 1, the other always 0): the bounds
    # are the Wilson margins of 4/4 and 0/4 added in quadrature
    wilson = share_estimate(4, 4)
    assert wilson is not None
    low = 1 - math.sqrt(2) * (1 - wilson.low)
    assert difference.estimate.low == pytest.approx(low)
    assert difference.statement == (
        "games ended blocked: blocked more often than base by 100.0 percentage points "
        f"(95% CI {low * 100:+.1f} to +100.0; 4 paired games)"
    )
    assert Comparison.of([base, blocked]).difference("blocked", "win_rate_0").estimate.value == -1


def test_the_first_opening_is_paired_over_games_where_both_opened():
    late = _report("late", [9, 9, 9])
    base = Report.from_results(
        "base",
        ("greedy", "greedy"),
        1,
        [_result("base", 0, 9, first_opening_turn=None)]
        + [_result("base", seed, 9, first_opening_turn=3) for seed in (1, 2)],
    )
    difference = Comparison.of([base, late]).difference("late", "first_opening_mean")
    assert difference.estimate.count == 2
    assert difference.estimate.value == -2


def test_a_profile_against_itself_differs_in_nothing():
    pagat = rk.profiles.get("pagat")
    comparison = compare(["pagat", pagat.evolve(name="pagat_copy")], games=4, seed=3, bots="simple")
    assert comparison.baseline == "pagat"
    assert [report.profile for report in comparison.reports] == ["pagat", "pagat_copy"]
    assert comparison.differences
    for difference in comparison.differences:
        assert difference.estimate.value == 0
        assert not difference.detected
        assert "no detectable difference" in difference.statement
    assert comparison.statements() == [d.statement for d in comparison.differences]


def test_compare_gives_the_reports_of_simulate():
    args = {"games": 3, "seed": 5, "bots": "simple"}
    comparison = compare(["online", "pagat"], baseline="pagat", confidence=0.9, **args)
    assert comparison.reports == tuple(simulate(["online", "pagat"], **args).values())
    assert comparison.baseline == "pagat"
    assert {d.profile for d in comparison.differences} == {"online"}
    assert {d.estimate.confidence for d in comparison.differences} == {0.9}
    # online seats 2 and pagat 4 by default: the same seeds, not the same deals, and the
    # seats' figures are not compared; the first player's edge is
    figures = {d.figure for d in comparison.differences}
    assert not figures & {"win_rate_0", "score_mean_0", "first_player_win_rate"}
    assert "first_player_edge" in figures
    assert not any(d.paired for d in comparison.differences)
    assert all(
        "games on the same seeds, not the same deals" in d.statement for d in comparison.differences
    )
    same = compare(["online", "pagat"], players=2, **args)
    assert all(d.paired for d in same.differences)
    assert {"win_rate_0", "win_rate_1", "first_player_win_rate"} <= {
        d.figure for d in same.differences
    }


def test_rows_carry_every_estimate_and_difference_as_plain_values():
    comparison = Comparison.of([_report("base", [8, 10, 12]), _report("other", [9, 9, 9])])
    rows = comparison.rows()
    assert {row["kind"] for row in rows} == {"run", "estimate", "difference", "statistic"}
    assert rows[0] == {"kind": "run", "figure": "stopped", "label": ""}
    statistics = {
        (row["profile"], row["figure"]): row["value"] for row in rows if row["kind"] == "statistic"
    }
    assert statistics["base", "turns_stdev"] == 2.0
    assert statistics["other", "turns_max"] == 9
    estimates = [row for row in rows if row["kind"] == "estimate"]
    assert len(estimates) == sum(len(r.estimates()) for r in comparison.reports)
    assert json.loads(json.dumps(rows)) == rows
    differences = [row for row in rows if row["kind"] == "difference"]
    assert [row["figure"] for row in differences] == [d.figure for d in comparison.differences]


def test_reports_estimates_hold_every_mean_and_share():
    report = _report("base", [8, 10, 12])
    found = report.estimates()
    assert found["turns_mean"].value == 10
    assert found["turns_mean"].method == "student_t"
    assert found["went_out_share"].value == 1
    assert found["went_out_share"].method == "wilson"
    assert found["went_out_share"].high == 1
    assert found["blocked_share"].low == 0 < found["blocked_share"].high
    summary = report.summary(confidence=0.9)
    assert summary["confidence"] == 0.9
    assert summary["turns_mean_low"] == pytest.approx(found["turns_mean"].low, rel=0.5)
    assert summary["turns_mean_low"] > found["turns_mean"].low  # a 90% interval is narrower
    assert summary["turns_stdev"] == 2.0
    assert json.loads(json.dumps(summary)) == summary


def test_a_figure_nobody_has_is_left_out_and_one_game_has_no_bounds():
    report = Report.from_results(
        "base", ("greedy", "greedy"), 1, [_result("base", 0, 7, first_opening_turn=None)]
    )
    assert "first_opening_mean" not in report.estimates()
    summary = report.summary()
    assert summary["first_opening_mean"] is None
    assert summary["turns_mean"] == 7
    assert summary["turns_mean_low"] is None
    assert summary["turns_mean_high"] is None
    assert summary["went_out_share_low"] is not None  # a share has an interval from one game


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda: Comparison.of([]), "bad_reports"),
        (lambda: Comparison.of(["pagat"]), "bad_reports"),  # type: ignore[list-item]
        (lambda: Comparison.of([_report("a", [1]), _report("a", [1])]), "duplicate_profile"),
        (lambda: Comparison.of([_report("a", [1])], baseline="b"), "unknown_baseline"),
        (lambda: Comparison.of([_report("a", [1])], confidence=1), "bad_confidence"),
        (lambda: Comparison.of([_report("a", [1, 2]), _report("b", [1])]), "unpaired_reports"),
        (lambda: _report("a", [1]).estimates(confidence=0), "bad_confidence"),
        (lambda: Comparison.of([_report("a", [1])]).report("b"), "unknown_profile"),
        (
            lambda: Comparison.of([_report("a", [1])]).difference("a", "turns_mean"),
            "unknown_figure",
        ),
    ],
)
def test_bad_input_is_refused_with_a_code(call, code):
    assert code_of(call) == code


COPY = rk.profiles.get("online").evolve(name="online_copy")


@pytest.fixture
def check_every_five(monkeypatch):
    """Checks every 5 games rather than 50, so that the tests play few games."""
    from rummikit.simulation import _until

    monkeypatch.setattr(_until, "CHECK_EVERY", 5)


@pytest.mark.usefixtures("check_every_five")
def test_the_default_baseline_counts_in_the_precision():
    """Regression (a review): with the baseline left to its default, a precision checked
    each profile's turns alone, not the paired difference from the first profile."""
    args = {"bots": "simple", "seed": 1, "players": 2, "games": 60, "precision": 5}
    found = compare(["online", "pagat"], **args)
    assert found == compare(["online", "pagat"], baseline="online", **args)
    assert found.stopped == "precision"
    # the rule itself: over five games, each profile's turns are known to +-1.4 turns,
    # their per-game difference (swinging from -2 to +2) only to +-2.7
    until = Until(2, precision=2, time_limit=None, confidence=0.95, baseline=0)
    alone = Until(2, precision=2, time_limit=None, confidence=0.95, baseline=None)
    stops = []
    for game in range(_until.CHECK_EVERY):
        swing = 1 if game % 2 else -1
        row = (_result("a", game, 40 + swing), _result("b", game, 40 - swing))
        stops.append((until.stop(row), alone.stop(row)))
    assert stops[-1] == (False, True)


@pytest.mark.usefixtures("check_every_five")
def test_a_precision_stops_at_a_check_the_seed_decides():
    args = {"bots": "simple", "seed": 2, "players": 2}
    first = compare(["online", COPY], precision=100, **args)  # met at the first check
    assert first.stopped == "precision"
    assert [report.games for report in first.reports] == [5, 5]
    assert compare(["online", COPY], precision=100, **args) == first
    capped = compare(["online", COPY], precision=0.01, games=7, **args)
    assert capped.stopped == ""
    assert [report.games for report in capped.reports] == [7, 7]
    assert capped.reports[0].results[:5] == first.reports[0].results


@pytest.mark.usefixtures("check_every_five")
def test_simulate_takes_a_precision_and_a_time_limit():
    assert simulate("online", precision=100, bots="simple", seed=2).games == 5
    # a time limit already passed when the first game ends: one game, whatever the machine
    assert simulate("online", time_limit=1e-9, bots="simple", seed=2).games == 1
    quick = compare(["online", "pagat"], time_limit=1e-9, bots="simple", seed=2)
    assert quick.stopped == "time_limit"
    assert [report.games for report in quick.reports] == [1, 1]


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"precision": 0}, "bad_precision"),
        ({"precision": -1}, "bad_precision"),
        ({"precision": "1"}, "bad_precision"),
        ({"precision": math.inf}, "bad_precision"),
        ({"precision": True}, "bad_precision"),
        ({"time_limit": 0}, "bad_time_limit"),
        ({"time_limit": math.nan}, "bad_time_limit"),
        ({"time_limit": "60"}, "bad_time_limit"),
        ({"baseline": "gin"}, "unknown_baseline"),
        ({"confidence": 95}, "bad_confidence"),
    ],
)
def test_compare_refuses_bad_arguments_before_any_game(kwargs, code):
    assert code_of(compare, ["online", "pagat"], games=1, **kwargs) == code
