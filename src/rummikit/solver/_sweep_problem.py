"""The general sweep's problem in counts, its states and steps, and its answer.

A :class:`Problem` is one solve of the sweep: the table's and the rack's pieces as counts per
suit and value, the jokers (plain and freed), what each rack piece is worth, the opening's
rule and the melds kept as blocks around the sweep (:class:`RunBlock`, :class:`GroupBlock`).
Between two values the sweep is in a :class:`State`; a :class:`Step` records how a state was
reached, so that the melds can be rebuilt from the best path (:class:`SweepResult`).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from rummikit.solver._dp import CAPPED, FRestriction, MeldShape
from rummikit.solver._lanes import LaneOption


class RunBlock(NamedTuple):
    """A kept meld that is a run: only extended at its ends (a frozen pagat meld, or any
    run where the table may not be rearranged).

    With ace high a run may not hold both aces: ``low_below`` says the run ends below in the
    low ace (so what extends it above may not reach the high one), ``no_low_glue`` that no
    run holding the low ace may extend it below. The block itself sets them when it holds an
    ace; the solver sets one or the other when a sweep joined both ends.
    """

    suit: int
    lo: int
    hi: int
    first_joker: int
    last_joker: int
    low_below: bool = False
    no_low_glue: bool = False


class GroupBlock(NamedTuple):
    """A kept meld that is a group: it may take naturals of the suits it lacks, and jokers
    unless it is a frozen joker group."""

    value: int
    suits: tuple[int, ...]
    size: int
    takes_jokers: bool = False


BLOCK_JOKER_SHIFT: Final = 8
"""In a group block's extension mask: bits 0-7 the suits it takes, above them its jokers."""


class Problem(NamedTuple):
    """One solve, in counts. Layer 0 holds the table; layer 1, when present, is the opening
    made only of rack pieces (pagat's opening with table play in the same turn)."""

    shape: MeldShape
    layers: int
    table: tuple[tuple[int, ...], ...]  # [suit][value 0..14] pieces that must be used
    rack: tuple[tuple[int, ...], ...]  # [suit][value 0..14] pieces that may be used
    table_jokers: int  # plain jokers on the table (must be used)
    rack_jokers: int
    freed: tuple[FRestriction, ...]  # freed jokers (on the table, must be used elsewhere)
    weights: tuple[int, ...]  # per value 0..14, the gain of one rack natural
    joker_weight: int
    acc_layer: int  # -1: no opening points; else the layer whose melds count
    acc_target: int
    acc_jokers: bool  # jokers count the value they stand for in the opening
    need: int  # fewest rack pieces a play must place
    run_blocks: tuple[RunBlock, ...]
    group_blocks: tuple[GroupBlock, ...]
    group_block_rooms: tuple[tuple[int, ...], ...]  # per group block: suits it may take


class State(NamedTuple):
    lanes: tuple[int, ...]
    jokers: int  # plain jokers used
    pure_jokers: int  # jokers in opening melds
    freed: int  # mask of freed jokers placed
    acc: int  # opening points so far, capped at the target
    placed: int  # rack pieces placed, capped at ``need``


class Step(NamedTuple):
    """How a state was reached: what each lane and the groups did at its value."""

    options: tuple[tuple[LaneOption, ...], ...]  # per suit, one option per layer
    groups: tuple[
        tuple[int, int, tuple[int, ...]], ...
    ]  # per layer: (jokers, freed mask, block ext)


class SweepResult(NamedTuple):
    score: int
    gain: int
    steps: list[Step]  # one per value 1..top
    final: State
    optimal: bool
    nodes: int


def _glue_tables(
    problem: Problem,
) -> tuple[
    dict[tuple[int, int], tuple[int, ...]],
    dict[tuple[int, int], tuple[int, ...]],
    dict[tuple[int, int], tuple[int, ...]],
    dict[tuple[int, int], tuple[int, ...]],
]:
    gout: dict[tuple[int, int], tuple[int, ...]] = {}
    gin: dict[tuple[int, int], tuple[int, ...]] = {}
    gout_b: dict[tuple[int, int], tuple[int, ...]] = {}
    gin_b: dict[tuple[int, int], tuple[int, ...]] = {}
    ace_high = problem.shape.ace_high
    for index, block in enumerate(problem.run_blocks):
        if block.lo > 1:
            key = (block.suit, block.lo)
            capped = ace_high and (block.no_low_glue or block.hi == problem.shape.top)
            gout[key] = (*gout.get(key, ()), block.first_joker | (CAPPED if capped else 0))
            gout_b[key] = (*gout_b.get(key, ()), index)
        if block.hi < problem.shape.top:
            key = (block.suit, block.hi + 1)
            low = ace_high and (block.low_below or block.lo == 1)
            gin[key] = (*gin.get(key, ()), block.last_joker | (CAPPED if low else 0))
            gin_b[key] = (*gin_b.get(key, ()), index)
    return gout, gin, gout_b, gin_b
