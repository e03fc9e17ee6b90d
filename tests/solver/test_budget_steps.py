"""The budget's steps: counted alike every time, and a bounded solve spends about its budget.

A host plans with a budget because a step costs about the same time wherever the solve
spends it (docs/solver.rst); that rests on every engine charging the solve's one
:class:`~rummikit.solver._budget.Budget` as it works. These tests read the steps spent
through the private way in, :func:`~rummikit.solver._dispatch._solve_counted`, which takes
the budget object (no timing: the count is what is checked).
"""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit.bots import GreedyBot
from rummikit.game import Game, Phase
from rummikit.solver import _dispatch
from rummikit.solver._budget import (
    JUDGE_STEPS,
    JUDGED_PIECE_STEPS,
    MIN_BUDGET,
    PLAY_STEPS,
    REBUILD_STEPS,
    Budget,
)
from rummikit.solver._position import checked_position

from ._brute import PROFILES, SMALL, _position, _variants

Position = tuple[rk.RuleProfile, rk.TableState, tuple[rk.Tile, ...], bool]


def _counted(
    position: Position, limit: int | None, *, objective: str = "tiles", keep: bool = False
) -> tuple[Budget, rk.Solution | None]:
    """The budget after solving ``position`` with ``limit`` steps, and the answer."""
    profile, table, rack, opened = position
    checked, before, pieces = checked_position(profile, table, rack, opened)
    budget = Budget(limit)
    found = _dispatch._solve_counted(checked, before, pieces, opened, objective, budget, keep)
    return budget, found


def _overshoot(position: Position) -> int:
    """The most a solve may spend past its limit: once the limit is spent, no search goes
    on, but the plays already found are finished: built and tidied (a play, its melds), a
    sweep's answer rebuilt, and each judged (twice at most: the play, and an opening's
    table re-split by the tie step), a piece each of the table and the rack."""
    _profile, table, rack, _opened = position
    pieces = len(table.tiles) + len(rack)
    return (
        2 * (JUDGE_STEPS + JUDGED_PIECE_STEPS * pieces) + REBUILD_STEPS + 2 * (PLAY_STEPS + pieces)
    )


@functools.cache
def _game_positions() -> tuple[Position, ...]:
    """Positions from the first turns of seeded games of every profile and two house rules
    that send positions to the general sweep, as the greedy bot sees them."""
    found: list[Position] = []
    rules = [rk.profiles.get(name) for name in PROFILES]
    rules += [
        rk.profiles.get("pagat").evolve(table_manipulation=False),
        rk.profiles.get("rami_voleur").evolve(forbid_adjacent_jokers=True),
    ]
    for profile in rules:
        game = Game.new(profile, 2, seed=3)
        bot = GreedyBot(budget=2_000)
        for _ in range(60):
            if game.outcome is not None:
                break
            view = game.view(game.current_player)
            if view.phase is not Phase.DRAW:
                found.append((profile, view.table, view.rack, view.opened[view.player]))
            game = game.apply(bot.choose(view))
    return tuple(found)


def test_game_positions_reach_several_engines() -> None:
    """The positions below are worth checking: openings and opened plays of each rule set."""
    positions = _game_positions()
    assert len(positions) > 100
    assert {opened for *_rest, opened in positions} == {False, True}


@pytest.mark.parametrize("limit", [1, 50, 400, 3_000])
def test_a_bounded_solve_spends_about_its_budget(limit: int) -> None:
    """Every engine charges the one budget and stops once it is spent, so a solve spends
    at most its limit and the finishing of the plays it found (:func:`_overshoot`)."""
    for position in _game_positions():
        for keep in (False, True):
            budget, _found = _counted(position, limit, keep=keep)
            assert budget.spent <= limit + _overshoot(position), (position, keep)


@pytest.mark.parametrize("name", PROFILES)
@SMALL
@given(data=st.data(), limit=st.sampled_from([1, 20, 100, 500]))
def test_a_bounded_solve_spends_about_its_budget_under_variants(
    name: str, limit: int, data: st.DataObject
) -> None:
    """Likewise on small positions under random house rules (openings, frozen and freed
    jokers, tables that may not be rearranged: each engine and phase)."""
    profile = data.draw(st.one_of(st.just(rk.profiles.get(name)), _variants(name)), label="rules")
    table, rack = _position(data, profile, max_melds=3, max_tiles=9, max_rack=6)
    opened = data.draw(st.booleans(), label="opened")
    objective = data.draw(st.sampled_from(["tiles", "points"]), label="objective")
    keep = data.draw(st.booleans(), label="keep_table")
    position = (profile, rk.TableState(table), tuple(rack), opened)
    budget, _found = _counted(position, limit, objective=objective, keep=keep)
    assert budget.spent <= limit + _overshoot(position)


def test_the_steps_do_not_depend_on_what_was_solved_before() -> None:
    """The count depends on the position and the options alone: not on the caches that
    earlier solves filled (the lanes, the fast core's moves), nor on the order of solves.
    So a budget gives the same play in a fresh process as in a warm one."""
    positions = list(_game_positions())
    first = [_counted(position, None) for position in positions[::7]]
    random.Random(5).shuffle(positions)
    for position in positions[:40]:
        _counted(position, 5_000, keep=True)
    again = [_counted(position, None) for position in _game_positions()[::7]]
    assert [(b.spent, found) for b, found in first] == [(b.spent, found) for b, found in again]
    bounded = [_counted(position, 300) for position in _game_positions()[::5]]
    bounded_again = [_counted(position, 300) for position in _game_positions()[::5]]
    assert [(b.spent, found) for b, found in bounded] == [
        (b.spent, found) for b, found in bounded_again
    ]


def test_a_budget_under_the_least_counts_as_the_least() -> None:
    """``solve(..., budget=1)`` runs as ``budget=MIN_BUDGET``: the same play."""
    for profile, table, rack, opened in _game_positions()[::9]:
        small = rk.solve(profile, table, rack, opened=opened, budget=1)
        least = rk.solve(profile, table, rack, opened=opened, budget=MIN_BUDGET)
        assert small == least


def test_an_exact_solve_is_counted_too() -> None:
    """Without a limit the steps are counted all the same (the benchmarks read them), and
    a limit above what the exact solve spends finds as good a play."""
    for position in _game_positions()[::11]:
        exact, found = _counted(position, None)
        assert exact.spent > 0
        _roomy, same = _counted(position, exact.spent + 1)
        assert (same is None) == (found is None)
        assert same is None or found is None or same.score == found.score


ISSUE_HOUSE = rk.profiles.get("pagat").evolve(
    freed_joker="new_meld_2_rack",
    joker_group3_both_colours=True,
    joker_replacement_from_table=True,
    forbid_adjacent_jokers=True,
    blocked_winner="fewest_tiles",
)


@pytest.mark.parametrize("limit", [1, 2_000, 20_000])
def test_the_issues_slow_opening_spends_about_its_budget(limit: int) -> None:
    """Issue 24: this opening under pagat house rules took six seconds exactly, and a budget
    of 10,000 seconds too on a similar one (each search took the whole budget again, and
    until it found a play went on for twenty times it)."""
    rack = "o8 k8 o1 k4 b5 b10 o9 b10 b7 k3 o6 k8 k9 b13 k6 b11 r2 r9 k5 j o7 k11 j b9"
    position = (ISSUE_HOUSE, rk.TableState(()), tuple(rk.parse_tiles(rack)), False)
    budget, found = _counted(position, limit, objective="points")
    assert budget.spent <= max(limit, MIN_BUDGET) + _overshoot(position)
    if found is not None:
        verdict = ISSUE_HOUSE.check_turn(before="", rack=rack, after=found.table, opened=False)
        assert verdict.ok
