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
    "SWEEP_STEPS",
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


MICROSECONDS_PER_STEP = 5
"""About how long a step takes on a typical machine (see :doc:`/solver`)."""

MIN_BUDGET = 64
"""The fewest steps a bounded solve may spend: a smaller budget counts as this many."""

# What each kind of work costs, in steps: measured in instructions against a step of the
# fast core, over the positions of real games (see docs/design.rst).

SEARCH_STEPS = 15
"""Setting up a search of the fast core (its tables of bounds, its two directions)."""

LIVE_STEPS = 28
"""Finding the rack pieces that can join no meld (:func:`~rummikit.solver._fast.live_rack`)."""

PLAY_STEPS = 14
"""Building a play's solution from its table (the pieces played, its score)."""

MELD_STEPS = 2
"""Each meld of a play built from a search's answer."""

SWEEP_STEPS = 2
"""One step of the general sweep: a suit's way of taking a value's pieces tried, a
successor's groups checked, a state looked up, a suit's ways listed."""

SWEEP_SEARCH_STEPS = 60
"""Setting up a search of the general sweep."""

PROBLEM_STEPS = 60
"""Building the general sweep's problem for one setup."""

REBUILD_STEPS = 90
"""Rebuilding the melds of the general sweep's answer."""

SETUP_STEPS = 45
"""Building one setup: a way of keeping or freeing the frozen jokers, a tierce franche
laid as a block, a way of growing the kept frozen groups."""

CASE_STEPS = 5
"""Building one case of the tierce franche, or ranking one minimal opening."""

JUDGE_STEPS = 30
"""One judgement of a play by the turn judge (the solver has the judge check the plays
that free a joker, the openings, and the fast core's plays on frozen tables)..."""

JUDGED_PIECE_STEPS = 3
"""... and each piece on the table judged."""

CHECK_STEPS = 4
"""One check of the tie step besides its search (the pool of pieces, the melds near it)."""

RESPLIT_STEPS = 11
"""One meld tried by the re-split for the judge (built and read)."""
