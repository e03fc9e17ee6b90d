"""The general sweep: a depth-first branch and bound over the values.

:class:`_GeneralSweep` walks the values 1..top (14 with ace high), each state's successors
given by :mod:`rummikit.solver._sweep_steps`, best gain first. A branch is cut when what was
gained plus every rack piece still to come cannot beat the best play found, and each state
remembers the best score it was reached with (where spare jokers are placed afterwards, a
state reached with as many jokers left and as good a score, or runs that can do as much,
dominates it). The search is complete, so the play it ends with is optimal unless the
budget stopped it.
"""

from __future__ import annotations

from typing import Final

from rummikit.solver._budget import (
    SWEEP_SEARCH_STEPS,
    SWEEP_STATE_STEPS,
    SWEEP_WAY_STEPS,
    Budget,
)
from rummikit.solver._lanes import LaneOption, lanes_for
from rummikit.solver._sweep_problem import Problem, State, Step, SweepResult, _glue_tables
from rummikit.solver._sweep_steps import _Budget, _combine, _gain_of, _suit_options

SCALE: Final = 1
"""Scores are ``gain * SCALE``; fewer melds is settled when the melds are rebuilt."""


class _GeneralSweep:
    """Depth-first branch and bound over the values, with a memo of the best score per state."""

    def __init__(self, problem: Problem, budget: int | None, essential: bool) -> None:
        self.problem = problem
        self.essential = essential
        shape = problem.shape
        self.shape = shape
        self.lanes = lanes_for(shape)
        self.budget = _Budget(budget)
        self.plain_total = problem.table_jokers + problem.rack_jokers
        self.all_freed = (1 << len(problem.freed)) - 1
        self.glue = _glue_tables(problem)
        top = shape.top
        rest = [0] * (top + 2)
        for v in range(top, 0, -1):
            rest[v - 1] = rest[v] + _here(problem, v)
        self.rest = rest
        # jokers: in essential mode every joker is placed in the end (see docs/solver.rst),
        # so their gain is a constant added outside the sweep
        self.joker_gain = 0 if essential else problem.joker_weight * SCALE
        # the most the jokers can still add: every rack joker (their gain is counted at the
        # end, so jokers already placed are part of it)
        self.bonus = self.joker_gain * problem.rack_jokers
        self.best = -(1 << 60)
        self.ceiling: int | None = None  # no play scores more: reaching it ends the search
        self.done = False
        self.best_path: list[Step] = []
        self.best_state: State | None = None
        self.seen: list[dict[State, int]] = [{} for _ in range(top + 2)]
        self.seen_jokers: list[dict[State, list[tuple[int, int]]]] = [{} for _ in range(top + 2)]
        self.path: list[Step] = []
        self.suit_cache: dict[
            tuple[int, int, tuple[int, int], int, int],
            list[tuple[int, tuple[LaneOption, ...]]],
        ] = {}

    def run(self, lower: int) -> None:
        self.best = lower
        nsuits = self.shape.nsuits
        start = State(tuple([self.lanes.empty] * (nsuits * self.problem.layers)), 0, 0, 0, 0, 0)
        self._dfs(1, start, 0)

    def _final(self, state: State, score: int) -> None:
        problem = self.problem
        lanes = self.lanes
        if not all(lanes.closable(lane) for lane in state.lanes):
            return
        if self.essential:
            rack_jokers = problem.rack_jokers
            if state.pure_jokers > rack_jokers:
                return
        else:
            if state.jokers < problem.table_jokers or state.freed != self.all_freed:
                return
            rack_jokers = state.jokers - problem.table_jokers
            if state.pure_jokers > rack_jokers:
                return
        if problem.acc_layer >= 0 and state.acc < problem.acc_target:
            return
        if min(problem.need, state.placed + rack_jokers) < problem.need:
            return
        total = score + self.joker_gain * rack_jokers
        if total > self.best:
            self.best = total
            self.best_path = list(self.path)
            self.best_state = state
            self.done = self.ceiling is not None and total >= self.ceiling

    def _dfs(self, v: int, state: State, score: int) -> None:
        if v > self.shape.top:
            self._final(state, score)
            return
        if self.budget.exhausted or self.done:
            return
        bound = self.rest[v - 1] * SCALE + self.bonus
        if score + bound <= self.best:
            return
        # a state looked up (and, where spare jokers are placed later, checked against the
        # states seen that could dominate it), its successors sorted
        self.budget.spend(SWEEP_STATE_STEPS)
        seen = self.seen[v]
        if self.essential:
            # spare jokers are a resource: a state seen with as many left and as good a
            # score dominates this one
            # (built whole: a named tuple's _replace is slow Python)
            key = State(state.lanes, 0, state.pure_jokers, state.freed, state.acc, state.placed)
            table = self.seen_jokers[v]
            if self._dominated(table, key, state.jokers, score):
                return
            entries = table.get(key)
            if entries is None:
                self.seen_jokers[v][key] = [(state.jokers, score)]
            else:
                for jokers, earlier in entries:
                    if jokers <= state.jokers and earlier >= score:
                        return
                entries.append((state.jokers, score))
        else:
            old = seen.get(state)
            if old is not None and old >= score:
                return
            seen[state] = score
        successors = self._successors(v, state, score)
        lanes = self.lanes
        successors.sort(
            key=lambda item: item[0] * 64 - lanes.burden(item[1].lanes) - item[1].jokers,
            reverse=True,
        )
        rest_after = self.rest[v] * SCALE
        for gain, new_state, step in successors:
            if score + gain + rest_after + self.bonus <= self.best:
                break
            self.path.append(step)
            self._dfs(v + 1, new_state, score + gain)
            self.path.pop()
            if self.budget.exhausted or self.done:
                return

    def _dominated(
        self,
        table: dict[State, list[tuple[int, int]]],
        key: State,
        jokers: int,
        score: int,
    ) -> bool:
        """Whether a state seen at this value dominates ``key`` (one suit's runs better)."""
        lanes = key.lanes
        for index, lane in enumerate(lanes):
            for better in self.lanes.dominators(lane):
                other = key._replace(lanes=(*lanes[:index], better, *lanes[index + 1 :]))
                entries = table.get(other)
                if entries is not None:
                    for seen_jokers, seen_score in entries:
                        if seen_jokers <= jokers and seen_score >= score:
                            return True
        return False

    def _successors(self, v: int, state: State, score: int) -> list[tuple[int, State, Step]]:
        problem = self.problem
        jav = self.plain_total - state.jokers
        fav = self.all_freed & ~state.freed
        gout, gin, gout_blocks, gin_blocks = self.glue
        weight = problem.weights[v] * SCALE
        layers = problem.layers
        nsuits = self.shape.nsuits
        cache = self.suit_cache
        per_suit: list[list[tuple[int, tuple[LaneOption, ...]]]] = []
        for s in range(nsuits):
            lanes_here = (state.lanes[s], state.lanes[nsuits + s] if layers == 2 else -1)
            key = (s, v, lanes_here, jav, fav)
            ranked = cache.get(key)
            if ranked is None:
                options = _suit_options(
                    problem,
                    self.lanes,
                    state,
                    s,
                    v,
                    jav,
                    fav,
                    gout,
                    gin,
                    gout_blocks,
                    gin_blocks,
                    self.essential,
                )
                ranked = [(sum(o.used for o in choice) * weight, choice) for choice in options]
                ranked.sort(key=_gain_of, reverse=True)
                cache[key] = ranked
                # a suit's ways listed, once per search
                self.budget.spend(SWEEP_WAY_STEPS * (1 + len(ranked)))
            per_suit.append(ranked)
        # the least gain a successor needs to beat the best play found
        need = self.best - score - self.rest[v] * SCALE - self.bonus + 1
        found: dict[State, tuple[int, State, Step]] = {}
        _combine(problem, state, v, jav, fav, per_suit, found, self.budget, need, self.essential)
        return list(found.values())


def search(
    problem: Problem,
    budget: Budget | None = None,
    lower: int | None = None,
    essential: bool = True,
    ceiling: int | None = None,
    cap: int | None = None,
) -> SweepResult | None:
    """The best final state of the sweep (exact unless the budget runs out), or None.

    Only plays scoring more than ``lower`` are looked for; a play scoring ``ceiling``, known
    to be the most any play can, ends the search at once. The sweep's work is charged to
    ``budget``, the solve's, in its steps (:data:`~rummikit.solver._budget.SWEEP_STATE_STEPS`
    a state, and so on); it spends at most what is left of it, and at most ``cap`` steps
    (None: no limit).
    """
    budget = Budget() if budget is None else budget
    return search_proven(problem, budget, lower, essential, ceiling, cap)[0]


def search_proven(
    problem: Problem,
    budget: Budget,
    lower: int | None = None,
    essential: bool = True,
    ceiling: int | None = None,
    cap: int | None = None,
) -> tuple[SweepResult | None, bool]:
    """:func:`search`, and whether it finished: a None it finished is proven (no play
    beats ``lower``); one the budget cut short proves nothing."""
    budget.spend(SWEEP_SEARCH_STEPS)
    allowed = budget.left(cap)
    if allowed is not None and allowed < SWEEP_STATE_STEPS:
        return None, False
    engine = _GeneralSweep(problem, allowed, essential)
    engine.ceiling = ceiling
    try:
        engine.run(-(1 << 60) if lower is None else lower)
    finally:
        budget.spend(engine.budget.spent)
    if engine.best_state is None:
        return None, not engine.budget.exhausted
    total = engine.best
    gain = (total + SCALE - 1) // SCALE if total > 0 else 0
    outcome = SweepResult(
        total,
        gain,
        engine.best_path,
        engine.best_state,
        not engine.budget.exhausted,
        engine.budget.spent,
    )
    return outcome, outcome.optimal


def _here(problem: Problem, v: int) -> int:
    """The most the rack pieces of value ``v`` can add (the aces again at 14)."""
    value = 1 if problem.shape.ace_high and v == 14 else v
    return sum(problem.rack[s][value] for s in range(problem.shape.nsuits)) * problem.weights[v]
