"""The exact solver: the best legal play for a table and a rack, under a rule profile.

:func:`solve` returns the play that places the most rack pieces (``objective="tiles"``) or
sheds the most penalty points (``objective="points"``, jokers at the profile's joker
penalty), as a :class:`Solution` whose table passes :meth:`rummikit.RuleProfile.check_turn`;
or None when no legal play places a piece. Two exact dynamic programs over the values
share the work: a fast core for the common positions and a general sweep for every other
rule. What the solver guarantees, and how it works, is told in :doc:`/solver`. A
``budget`` bounds a solve's work in steps of roughly constant cost
(:data:`MICROSECONDS_PER_STEP`, :data:`MIN_BUDGET`).
"""

from __future__ import annotations

from rummikit.solver import _budget, _position
from rummikit.solver._dispatch import solve as solve
from rummikit.solver._dispatch import solve_checked as solve_checked
from rummikit.solver._position import Solution as Solution
from rummikit.solver._position import check_options as check_options
from rummikit.solver._position import checked_position as checked_position

__all__ = ["MICROSECONDS_PER_STEP", "MIN_BUDGET", "Objective", "Solution", "solve"]

Objective = _position.Objective
"""What :func:`solve` maximises: rack pieces placed, or penalty points shed."""

MICROSECONDS_PER_STEP = _budget.MICROSECONDS_PER_STEP
"""About how long a step of a ``budget`` takes, in microseconds of CPU time on the
project's two-core test machine: ``solve(..., budget=N)`` takes about N times this, and at
most about twice that (see :doc:`/solver`). Scale it by your machine's speed."""

MIN_BUDGET = _budget.MIN_BUDGET
"""The fewest steps a bounded solve spends: a smaller ``budget`` counts as this many."""
