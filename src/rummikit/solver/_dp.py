"""The general sweep's dynamic program: its codes, the meld shapes, and groups.

Everything here works on small integers: suits are 0..3, values 1..13 (14 is the high ace),
and a run still open is a *run code*. This module holds what every part of the program
reads: the run codes' bit fields, the meld shapes that decide validity (:class:`MeldShape`),
where a freed joker may not go (:class:`FRestriction`), and the split of one value's
naturals into groups (:func:`groups_for`, cached). The steps of one suit's open runs live
in :mod:`rummikit.solver._lanes`; the solver's documentation page describes the model.

Run codes (bit fields):

* bits 0-4: the length so far, capped at the minimum meld length ``min_len`` (``min_len``
  means the run could close here);
* bit 5: the last place holds a joker (tracked only when adjacent jokers are forbidden);
* bit 6: the run holds the low ace (tracked only with ace high: it may not reach 14);
* bit 9: the last place holds a joker the run did not need for its length, so a natural
  must follow (only jokers that fill a gap or make up the length are placed by the sweep;
  the others are added to finished melds afterwards);
* bit 10: the run began with jokers, which it needs only if it ends at the top value;
* bits 11 + 2i and 12 + 2i: freed joker ``i`` sits in this run / the run so far holds every
  natural of the meld that joker left (pagat's rule that a freed joker never goes back).
"""

from __future__ import annotations

import itertools
from typing import Final, NamedTuple

LEN_MASK: Final = 0x1F
LJ: Final = 1 << 5
LOW: Final = 1 << 6
PEND: Final = 1 << 9
TOPREQ: Final = 1 << 10
F_SHIFT: Final = 11
JOKER_END: Final = 1
CAPPED: Final = 2
"""In a block's glue entry (:class:`LaneContext` ``gout``/``gin``): bit 0, the block's end
place holds a joker; bit 1, with ace high, the run through the block holds the low ace
(``gin``: what extends it above may not reach the high ace) or may not take it (``gout``:
no run holding the low ace may extend it below)."""


def has_f(i: int) -> int:
    return 1 << (F_SHIFT + 2 * i)


def cov_f(i: int) -> int:
    return 1 << (F_SHIFT + 2 * i + 1)


class MeldShape(NamedTuple):
    """What the program needs of a profile's melds and deck: the suits, the top value, the
    shortest meld, the largest group, whether a group's suits differ, whether jokers may lie
    side by side, the copies of a piece and whether aces are high. Plain values (hashable: a
    cache key), not a rule profile."""

    nsuits: int
    top: int  # 13, or 14 with ace high
    min_len: int
    max_group: int
    distinct: bool
    forbid_adj: bool
    copies: int
    ace_high: bool


class FRestriction(NamedTuple):
    """Where freed joker ``i`` may not go: a meld holding every natural of the meld it left.

    ``run_suit``/``ranks``: the left meld's naturals as a run pattern (a run of that suit with
    naturals at every one of ``ranks`` holds them all), or ``run_suit`` -1 when no run can.
    ``group_value``/``group_suits``: a group at that value holding all those suits holds them
    all, or ``group_value`` 0 when no group can. ``block``: the kept block it left, or -1.
    """

    run_suit: int
    ranks: tuple[int, ...]
    group_value: int
    group_suits: tuple[int, ...]
    block: int


# ---------------------------------------------------------------------------------------
# groups


def _group_partitions(
    counts: tuple[int, ...],
    jokers: int,
    fjokers: tuple[int, ...],
    forbidden: tuple[tuple[int, ...] | None, ...],
    shape: MeldShape,
) -> list[tuple[tuple[int, ...], int, tuple[int, ...]]] | None:
    """One partition of the pieces into groups, or None.

    ``counts`` per suit, ``jokers`` plain jokers, ``fjokers`` freed-joker indexes that must be
    placed, ``forbidden[k]`` the suits that fjokers[k]'s group may not all hold (or None).
    Each group is (suits, plain jokers, freed jokers).
    """
    total = sum(counts)
    if total == 0:
        return [] if jokers == 0 and not fjokers else None
    first = next(s for s, c in enumerate(counts) if c)
    others = [s for s in range(shape.nsuits) if s != first and counts[s]]
    # choose the other naturals of the group that holds a piece of suit `first`
    choices: list[tuple[int, ...]] = []
    if shape.distinct:
        for size in range(min(len(others), shape.max_group - 1) + 1):
            choices.extend(itertools.combinations(others, size))
    else:
        pool: list[int] = []
        for s in range(shape.nsuits):
            pool.extend([s] * (counts[s] - (1 if s == first else 0)))
        seen: set[tuple[int, ...]] = set()
        for size in range(min(len(pool), shape.max_group - 1) + 1):
            for combo in itertools.combinations(pool, size):
                if combo not in seen:
                    seen.add(combo)
                    choices.append(combo)
    for rest in choices:
        suits = (first, *rest)
        naturals = len(suits)
        left = list(counts)
        for s in suits:
            left[s] -= 1
        room = shape.max_group - naturals
        for nf in range(min(room, len(fjokers)) + 1):
            for fsel in itertools.combinations(range(len(fjokers)), nf):
                if any(
                    forbidden[k] is not None and set(forbidden[k] or ()) <= set(suits) for k in fsel
                ):
                    continue
                for nj in range(min(room - nf, jokers) + 1):
                    if naturals + nf + nj < shape.min_len:
                        continue
                    remaining_f = tuple(f for k, f in enumerate(fjokers) if k not in fsel)
                    remaining_forbidden = tuple(x for k, x in enumerate(forbidden) if k not in fsel)
                    sub = _group_partitions(
                        tuple(left), jokers - nj, remaining_f, remaining_forbidden, shape
                    )
                    if sub is not None:
                        chosen = tuple(fjokers[k] for k in fsel)
                        return [(suits, nj, chosen), *sub]
    return None


_GROUP_CACHE: dict[
    tuple[MeldShape, tuple[int, ...], int, tuple[int, ...], tuple[tuple[int, ...] | None, ...]],
    list[tuple[tuple[int, ...], int, tuple[int, ...]]] | None,
] = {}


def groups_for(
    shape: MeldShape,
    counts: tuple[int, ...],
    jokers: int,
    fjokers: tuple[int, ...] = (),
    forbidden: tuple[tuple[int, ...] | None, ...] = (),
) -> list[tuple[tuple[int, ...], int, tuple[int, ...]]] | None:
    """A partition into groups (cached), or None when there is none."""
    key = (shape, counts, jokers, fjokers, forbidden)
    try:
        return _GROUP_CACHE[key]
    except KeyError:
        pass
    found = _group_partitions(counts, jokers, fjokers, forbidden or (None,) * len(fjokers), shape)
    if len(_GROUP_CACHE) > 200_000:
        _GROUP_CACHE.clear()
    _GROUP_CACHE[key] = found
    return found
