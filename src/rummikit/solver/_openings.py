"""Openings answered by the fast core: the online opening, and openings followed by table play.

A rack that holds no opening of rack-only melds worth the threshold is told at once
(:func:`_rack_points`). The online opening (rack-only melds worth 30 with jokers at 0, the
table untouched) is the fast core's (:func:`_solve_opening`). An opening that the same turn
may follow with table play (pagat's 30, rami voleur's tierce franche) starts from
:func:`_opening_guess`: the open player's best play bounds it, and is the answer when it
opens; else a good opening built by the fast core is the guess.

An opening worth points splits into its opening, a set of new melds of rack pieces alone
worth the threshold together, and the rest, which is a play a player already open could
make with the other rack pieces. Dropping opening melds while the others still reach the
threshold moves them to the rest (a meld of rack pieces is a play too), so only *minimal*
openings matter: sets of rack-only melds reaching the threshold where dropping any one meld
falls short. The best opening play is then the best, over the minimal openings, of the
opening plus the open player's best play with what is left of the rack
(:func:`_by_minimal_openings`). :func:`minimal_openings` lists them, each once per multiset
of pieces (the score of an opening play depends on which pieces it lays, not on how they
are grouped). Racks with many of them are left to the general sweep: listing stops at a
limit.

The open player's best play comes from the dispatch, which calls these functions: it is
passed in (:data:`OpenPlay`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final

import attrs

from rummikit.meld import Meld, MeldKind
from rummikit.opening import opening_value
from rummikit.options import OpeningJokerValue, OpeningRule
from rummikit.pieces import JOKER, Tile, suits_of
from rummikit.profile import RuleProfile
from rummikit.reading import MAX_RUN
from rummikit.solver import _fast
from rummikit.solver._budget import CASE_STEPS, Budget
from rummikit.solver._fast_io import (
    _arranged,
    _counts,
    _live_worth,
    _plain,
    _plain_melds,
    _weights,
)
from rummikit.solver._fast_moves import MAX_QUOTA
from rummikit.solver._position import Solution, _opens, _tiles_of_table, _worth
from rummikit.solver._tie import _finish
from rummikit.solver._tierces import _tierces
from rummikit.table import TableState

OpenPlay = Callable[[RuleProfile, TableState, list[Tile], str, Budget, bool], Solution | None]
"""The best play of a player already open, for a profile, a table, the rack pieces, an
objective, the solve's budget and whether to keep the table (the dispatch's own, passed
in)."""


class TooMany(Exception):
    """The rack has more minimal openings (or rack-only melds) than the limit."""


def rack_only_melds(profile: RuleProfile, pieces: Sequence[Tile], limit: int) -> list[Meld]:
    """Every valid meld of ``pieces`` alone (values 1..13, no ace high): each run of each
    suit with jokers in any of its places (needed in the gaps, or standing in for a natural
    the rack also holds), each group of distinct suits with jokers. Raises
    :class:`TooMany` past ``limit`` melds."""
    have = Counter(pieces)
    jokers = have[JOKER]
    found: list[Meld] = []

    def add(tiles: list[Tile], kind: MeldKind) -> None:
        meld = Meld.read_as(tiles, kind)
        if profile.is_valid_meld(meld):
            found.append(meld)
            if len(found) > limit:
                raise TooMany

    suits = suits_of(profile.piece_set)
    for suit in suits:
        for start in range(1, 13 - profile.min_meld_length + 2):
            for end in range(start + profile.min_meld_length - 1, min(13, start + MAX_RUN - 1) + 1):
                places = [Tile(suit, rank) for rank in range(start, end + 1)]
                missing = [i for i, tile in enumerate(places) if not have[tile]]
                if len(missing) > jokers:
                    continue
                held = [i for i, tile in enumerate(places) if have[tile]]
                for extra in range(jokers - len(missing) + 1):
                    for stand_in in itertools.combinations(held, extra):
                        joker_at = {*missing, *stand_in}
                        add(
                            [JOKER if i in joker_at else t for i, t in enumerate(places)],
                            MeldKind.RUN,
                        )
    for rank in range(1, 14):
        naturals = [Tile(suit, rank) for suit in suits if have[Tile(suit, rank)]]
        for size in range(profile.min_meld_length, profile.max_group_size + 1):
            for used in range(min(jokers, size - 1) + 1):
                for chosen in itertools.combinations(naturals, size - used):
                    add([*chosen, *[JOKER] * used], MeldKind.GROUP)
    return found


def minimal_openings(
    profile: RuleProfile, pieces: Sequence[Tile], limit: int
) -> list[tuple[Meld, ...]]:
    """The minimal openings of ``pieces`` (see the module's docstring), one per multiset of
    pieces. Raises :class:`TooMany` past ``limit`` openings, or when the search for them
    runs longer than a few hundred steps per opening allowed."""
    need = profile.opening_min_points
    melds = rack_only_melds(profile, pieces, 8 * limit)
    worth = [opening_value(profile, profile.read_meld(meld)) for meld in melds]
    counts = [Counter(meld.tiles) for meld in melds]
    order = sorted(range(len(melds)), key=lambda i: -worth[i])
    found: dict[frozenset[tuple[Tile, int]], tuple[Meld, ...]] = {}
    steps = 0

    def extend(start: int, chosen: list[int], total: int, left: Counter[Tile]) -> None:
        nonlocal steps
        steps += 1
        if steps > 256 * limit:
            raise TooMany
        if total >= need:
            # melds are added most valuable first, so dropping any of them falls short
            laid = frozenset(sum((counts[i] for i in chosen), Counter()).items())
            found.setdefault(laid, tuple(melds[i] for i in chosen))
            if len(found) > limit:
                raise TooMany
            return
        for at in range(start, len(order)):
            index = order[at]
            if not counts[index] - left:
                extend(at, [*chosen, index], total + worth[index], left - counts[index])

    extend(0, [], 0, Counter(pieces))
    return list(found.values())


def _rack_points(profile: RuleProfile, pieces: list[Tile], budget: Budget | None = None) -> int:
    """The most that melds of rack pieces alone count toward an opening, each joker at 13
    (the most it can stand for), by the fast core; a number above any threshold where the
    fast core does not apply (ace high, other meld shapes, more copies and jokers on the
    rack than it holds) or does not finish within :data:`_OPENING_CHECK` steps (and half
    of what is left of the solve's ``budget``: the solve still has to find its play)."""
    unknown = 1 << 30
    rack, jokers, _ = _counts(profile, pieces)
    copies = max((n for row in rack for n in row), default=0)
    if profile.ace_high or not _plain_melds(profile, copies, jokers):
        return unknown  # the fast core would not know these melds
    empty = _fast.no_counts()
    live = _fast.live_rack(13, empty, rack, jokers, budget)
    joker = 0 if profile.opening_joker_value is OpeningJokerValue.ZERO else 13
    weights = [0, *range(1, 14), 1]
    left = None if budget is None else budget.left()
    cap = _OPENING_CHECK if left is None else min(_OPENING_CHECK, left // 2)
    plan = _fast.solve_counts(13, empty, live, 0, jokers, weights, joker, budget, cap=cap)
    return plan.score if plan is not None and plan.optimal else unknown


_OPENING_CHECK: Final = 20_000
"""Steps for :func:`_rack_points`: racks alone are small, so this is rarely reached."""


def _plain_opening(profile: RuleProfile) -> bool:
    """Whether the fast core answers an opening: melds of rack pieces only, worth a number
    of points with jokers at zero, the table untouched (the online profile)."""
    return (
        profile.opening_rule is OpeningRule.POINTS
        and profile.opening_joker_value is OpeningJokerValue.ZERO
        and not profile.opening_table_play
        and 0 < profile.opening_min_points <= MAX_QUOTA
        and not profile.ace_high
        and _plain(profile, TableState(()), True)
    )


def _solve_opening(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    objective: str,
    budget: Budget,
) -> Solution | None:
    rack, rack_jokers, suits = _counts(profile, pieces)
    empty = _fast.no_counts()
    live = _fast.live_rack(13, empty, rack, rack_jokers, budget)
    weights, joker_weight = _weights(profile, objective)
    plan = _fast.solve_counts(
        13,
        empty,
        live,
        0,
        rack_jokers,
        weights,
        joker_weight,
        budget,
        quota=profile.opening_min_points,
        points=list(range(15)),
    )
    if plan is None or plan.score <= 0:
        return None
    after = TableState((*before.melds, *_arranged(plan, suits, 13)))
    return _finish(profile, before, pieces, after, objective, plan.optimal, None, budget)


def _opening_guess(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    objective: str,
    budget: Budget,
    keep_table: bool,
    opened_best: OpenPlay,
) -> tuple[Solution | None, int | None]:
    """A good opening fast, when the opening may be followed by table play (pagat, rami
    voleur), and the most any opening can score (None when unknown).

    The best play of a player already open bounds any opening (the ceiling), and is the
    answer when the judge accepts it as an opening. Otherwise the opening melds come first:
    the fast core's best rack-only opening worth the points with jokers at zero, or each
    tierce franche of the rack laid alone; then the open player's solver plays the rest of
    the rack on the table (when the opening turn may touch it). The guess is flagged optimal
    when it reaches the ceiling; else the general sweep looks only for better, and stops
    at the ceiling.
    """
    rule = profile.opening_rule
    openings: list[Sequence[Meld]] = []
    if rule is OpeningRule.POINTS and profile.opening_min_points <= MAX_QUOTA:
        if not profile.ace_high:
            first = _solve_opening(profile, TableState(()), pieces, objective, budget)
            if first is not None:
                openings.append(first.table.melds)
    elif rule is OpeningRule.PURE_RUN:
        openings.extend([Meld(run)] for run in _tierces(profile, pieces))
    bound = opened_best(profile, before, pieces, objective, budget, keep_table)
    if bound is None:
        # no play at all for a player already open: none opens either (unless the budget
        # cut that search short)
        return None, (None if budget.bounded else 0)
    ceiling = bound.score if bound.optimal else None
    if _opens(budget, profile, before, pieces, bound.table):
        return bound, ceiling
    if not openings:
        return None, ceiling
    play_on = profile.opening_table_play and profile.table_manipulation
    best: Solution | None = None
    for melds in openings:
        candidate, more = _opening_and_rest(
            profile,
            before,
            pieces,
            melds,
            objective,
            budget,
            keep_table,
            opened_best,
            play_on=play_on,
        )
        if candidate is None or (best is not None and candidate.score <= best.score):
            continue
        if (
            more is not None
            and not _plain(profile, before, True)
            and not _opens(budget, profile, before, pieces, candidate.table)
        ):
            continue  # the judge has the last word on tables the fast core does not know
        best = candidate
    if best is None:
        return None, ceiling
    return attrs.evolve(best, optimal=best.score == ceiling), ceiling


def _by_minimal_openings(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    objective: str,
    budget: Budget,
    keep_table: bool,
    guess: Solution | None,
    ceiling: int,
    opened_best: OpenPlay,
) -> tuple[bool, Solution | None]:
    """The best opening worth points followed by table play, from the rack's minimal
    openings (:func:`minimal_openings`): each one plus the open player's best play
    with the rest of the rack. Returns (answered, best); not answered when the rack has too
    many minimal openings, or when the judge refuses the best of them (the general sweep
    then decides).

    Openings are tried most promising first; one stops mattering once its pieces and the
    live pieces left (or the ceiling, the open player's best score) cannot beat the best
    opening found.
    """
    if not (
        profile.opening_rule is OpeningRule.POINTS
        and profile.opening_table_play
        and profile.table_manipulation
        and not profile.ace_high
    ):
        return False, None
    try:
        openings = minimal_openings(profile, pieces, _OPENINGS_LIMIT)
    except TooMany:
        return False, None
    budget.spend(CASE_STEPS * len(openings))
    table, table_jokers, _ = _counts(profile, _tiles_of_table(before))
    weights, joker_weight = _weights(profile, objective)
    ranked = []
    for melds in openings:
        laid = [t for meld in melds for t in meld.tiles]
        rack, rack_jokers, _ = _counts(profile, _rest(pieces, melds))
        live = _fast.live_rack(13, table, rack, table_jokers + rack_jokers, budget)
        reach = _worth(profile, laid, objective) + _live_worth(
            live, rack_jokers, weights, joker_weight
        )
        ranked.append((min(reach, ceiling), melds))
    ranked.sort(key=lambda item: -item[0])
    best = guess
    proven = True  # every open player's play it relied on was proven best
    for reach, melds in ranked:
        if best is not None and reach <= best.score:
            break
        candidate, more = _opening_and_rest(
            profile, before, pieces, melds, objective, budget, keep_table, opened_best
        )
        proven = proven and (more is None or more.optimal)
        if candidate is None or (best is not None and candidate.score <= best.score):
            continue
        if not _opens(budget, profile, before, pieces, candidate.table):
            return False, None
        best = candidate
    return True, None if best is None else attrs.evolve(best, optimal=proven)


_OPENINGS_LIMIT: Final = 256
"""Minimal openings past which :func:`_by_minimal_openings` leaves a rack to the sweep."""


def _opening_and_rest(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    melds: Sequence[Meld],
    objective: str,
    budget: Budget,
    keep_table: bool,
    opened_best: OpenPlay,
    *,
    play_on: bool = True,
) -> tuple[Solution | None, Solution | None]:
    """The opening ``melds`` laid, then (with ``play_on``) the open player's best play with
    the rest of the rack: that whole play (not flagged optimal), and the rest's play (None
    when there was none)."""
    rest = _rest(pieces, melds)
    more = (
        opened_best(profile, before, rest, objective, budget, keep_table)
        if rest and play_on
        else None
    )
    after = TableState((*(before if more is None else more.table).melds, *melds))
    candidate = _finish(profile, before, pieces, after, objective, False, None, budget)
    return candidate, more


def _rest(pieces: list[Tile], melds: Sequence[Meld]) -> list[Tile]:
    """The rack ``pieces`` left once ``melds`` are laid."""
    return list((Counter(pieces) - Counter(t for meld in melds for t in meld.tiles)).elements())
