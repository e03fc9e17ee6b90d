"""The steps a solve may spend: one budget, shared by every search and phase of the solve.

A :class:`Budget` counts the work of one solve in *steps*, a unit of roughly constant cost
(see :doc:`/solver`): a step of the fast core (one way of taking one value's pieces from
one state, where the value's groups split) is one step, and every other piece of work whose
amount depends on the position is charged in the same unit at what it costs, measured
against that step (the constants below). Every search takes what is left (or a share of
it, at most its own cap) and charges what it spent; work outside the searches is charged
as it is done. A solve with a budget spends at most about that many steps, so its time is
about proportional to the budget, whatever the engine; without one, the steps are counted
all the same (the tests and the benchmarks read them).

The count depends on the position and the options alone, never on the clock or on what
earlier solves left in the caches, so the same budget gives the same play on every machine.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "CASE_STEPS",
    "CHECK_STEPS",
    "JUDGED_PIECE_STEPS",
    "JUDGE_STEPS",
    "LIVE_STEPS",
    "MELD_STEPS",
    "MICROSECONDS_PER_STEP",
    "MIN_BUDGET",
    "PLAY_STEPS",
    "PROBLEM_STEPS",
    "REBUILD_STEPS",
    "RESPLIT_STEPS",
    "SEARCH_STEPS",
    "SETUP_STEPS",
    "SWEEP_SEARCH_STEPS",
    "SWEEP_SPLIT_STEPS",
    "SWEEP_STATE_STEPS",
    "SWEEP_VALUE_STEPS",
    "SWEEP_WAY_STEPS",
    "Budget",
]


class Budget:
    """The steps one solve has spent, against its limit (None: no limit, the solve is
    exact). Shared by every search and phase of the solve, which charge it as they work."""

    __slots__ = ("limit", "spent")

    def __init__(self, limit: int | None = None) -> None:
        self.limit = limit
        self.spent = 0

    @property
    def bounded(self) -> bool:
        """Whether the solve has a limit (and so may be cut short)."""
        return self.limit is not None

    @property
    def out(self) -> bool:
        """Whether the limit is spent: a bounded solve does no more optional work."""
        return self.limit is not None and self.spent >= self.limit

    def left(self, cap: int | None = None) -> int | None:
        """The steps a search may spend now: what is left of the limit, at most ``cap``
        (None: no bound at all)."""
        if self.limit is None:
            return cap
        left = max(0, self.limit - self.spent)
        return left if cap is None else min(left, cap)

    def spend(self, steps: int) -> None:
        """Charge ``steps`` steps of work done."""
        self.spent += steps

    def __repr__(self) -> str:
        return f"Budget(limit={self.limit}, spent={self.spent})"


MICROSECONDS_PER_STEP: Final = 3
"""About how long a step takes, in CPU time, on the project's two-core test machine (see
:doc:`/solver`): what a host plans with, times the machine's speed relative to it."""

MIN_BUDGET: Final = 1_000
"""The fewest steps a bounded solve may spend: a smaller budget counts as this many. Below
it the costs no budget bounds (checking the input, setting the searches up, finishing and
judging the play found) would be most of a solve's time; it still answers small positions."""

# What each kind of work costs, in steps of the fast core: fitted by
# ``benchmarks/calibrate_budget.py`` (CPU time over the positions where bots decide in
# seeded games of every profile and house-rule variant), each rounded so that a step costs
# about the same wherever it is spent.

SEARCH_STEPS: Final = 12
"""Setting up a search of the fast core (its tables of bounds, its two directions)."""

LIVE_STEPS: Final = 24
"""Finding the rack pieces that can join no meld (:func:`~rummikit.solver._fast.live_rack`)."""

PLAY_STEPS: Final = 16
"""Building a play's solution from its table (the pieces played, its score)."""

MELD_STEPS: Final = 1
"""Each meld of a play built from a search's answer."""

SWEEP_STATE_STEPS: Final = 4
"""A state the general sweep enters: looked up among the states seen (and those that could
dominate it), its successors sorted."""

SWEEP_WAY_STEPS: Final = 1
"""A suit's way of taking a value's pieces tried by the general sweep, or listed."""

SWEEP_SPLIT_STEPS: Final = 3
"""A way of splitting a value's groups checked by the general sweep for one successor."""

SWEEP_VALUE_STEPS: Final = 2
"""The general sweep's successors of one state at one value gathered."""

SWEEP_SEARCH_STEPS: Final = 10
"""Setting up a search of the general sweep."""

PROBLEM_STEPS: Final = 10
"""Building the general sweep's problem for one setup."""

REBUILD_STEPS: Final = 80
"""Rebuilding the melds of the general sweep's answer."""

SETUP_STEPS: Final = 20
"""Building one setup: a way of keeping or freeing the frozen jokers, a tierce franche
laid as a block, a way of growing the kept frozen groups."""

CASE_STEPS: Final = 5
"""Building one case of the tierce franche, or ranking one minimal opening."""

JUDGE_STEPS: Final = 40
"""One judgement of a play by the turn judge (the solver has the judge check the plays
that free a joker, the openings, and the fast core's plays on frozen tables)..."""

JUDGED_PIECE_STEPS: Final = 3
"""... and each piece on the table judged."""

CHECK_STEPS: Final = 8
"""One check of the tie step besides its search (the pool of pieces; looking for the melds
near it costs a step more per meld on the table)."""

RESPLIT_STEPS: Final = 11
"""One meld tried by the re-split for the judge (built and read)."""
