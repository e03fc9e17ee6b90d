"""Which engine answers a position: the entry points, then each case to its engine.

:func:`solve` checks its input; :func:`solve_checked` picks the engine. A rack that plainly
holds no opening is answered at once; the online opening and a free table go to the fast
core; pagat's frozen tables, openings followed by table play and the tierce franche start
from the fast core's bounds and guesses (:mod:`rummikit.solver._fast_plays`,
:mod:`rummikit.solver._openings`, :mod:`rummikit.solver._tierces`). What is left goes to
:func:`_solve_general`, which solves every setup of the position (frozen melds kept or
freed, each tierce laid), each by the fast core where it applies, else by the general
sweep, has the judge check the plays that free a joker or open, and keeps the best.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

import attrs

from rummikit.meld import Meld
from rummikit.notation import TableLike, TilesLike
from rummikit.options import FreedJoker, JokerPolicy, OpeningJokerValue, OpeningRule
from rummikit.pieces import JOKER, Tile
from rummikit.profile import RuleProfile
from rummikit.reading import MAX_RUN, MeldReading
from rummikit.solver._budget import (
    MIN_BUDGET,
    PROBLEM_STEPS,
    REBUILD_STEPS,
    SETUP_STEPS,
    Budget,
)
from rummikit.solver._fast_io import _plain, _TooLong
from rummikit.solver._fast_moves import MAX_RUNS
from rummikit.solver._fast_plays import (
    _frozen_bounds,
    _frozen_left,
    _groups_laid,
    _solve_laid,
    _solve_plain,
)
from rummikit.solver._frozen import _frozen_variants, _keep
from rummikit.solver._openings import (
    _by_minimal_openings,
    _opening_guess,
    _plain_opening,
    _rack_points,
    _solve_opening,
)
from rummikit.solver._position import (
    Objective,
    Solution,
    _judged,
    _worth,
    check_options,
    checked_position,
)
from rummikit.solver._rebuild import _absorb, _rebuild
from rummikit.solver._resplit import _resplit_for_judge
from rummikit.solver._search import search_proven
from rummikit.solver._setup import _base_setup, _problem, _Setup
from rummikit.solver._sweep_problem import Problem, SweepResult
from rummikit.solver._tie import _finish
from rummikit.solver._tierces import _by_tierces, _tierce_setups, _tierces
from rummikit.table import TableState


def solve(
    profile: RuleProfile | str,
    table: TableLike,
    rack: TilesLike,
    *,
    opened: bool,
    objective: Objective = "tiles",
    budget: int | None = None,
    keep_table: bool = True,
) -> Solution | None:
    """The best legal play on ``table`` with ``rack`` under ``profile``, or None.

    ``profile`` is a :class:`~rummikit.RuleProfile` or a registered name; ``table`` and
    ``rack`` are values or notation (``"r7 r8 r9 | b5 k5 o5"``, ``"r10 j k3"``). ``opened``
    says whether the player has already opened; if not, the play must be an opening by the
    profile's rule. It has no default, as in :meth:`~rummikit.RuleProfile.check_turn`: a
    hint computed for an opened player can be illegal for one who has not. ``objective`` is
    ``"tiles"`` (most rack pieces placed) or ``"points"`` (most penalty points shed, jokers
    at the profile's joker penalty). ``budget`` bounds the work, in steps of roughly
    constant cost wherever the solve spends them: about 3 µs of CPU time each on the
    project's two-core machine (:data:`~rummikit.solver.MICROSECONDS_PER_STEP`, measured
    over positions of real games of every profile, see :doc:`/solver`), so that
    ``budget=N`` takes about 3N µs there and at most about twice that. The solve spends at
    most about that many steps (at least :data:`~rummikit.solver.MIN_BUDGET`, 1,000), the
    same count on every machine; when they run out the best play found is returned with
    ``optimal=False``. Without a budget the solve is exact, and None means that no legal
    play exists; with one, that none was found within it, so a play may still exist. Where a play frees a joker, None may also mean
    that every play found was refused by the judge (see :doc:`/solver`). Between equally
    good plays, ``keep_table=True`` (the default) picks one that leaves as much of the table
    as it was as it cheaply can (see :doc:`/solver`); ``keep_table=False`` skips that step
    and returns the first best play found, which may rearrange more of the table: faster,
    and all a bot needs.

    Raises :class:`~rummikit.InvalidArgument` (or a notation error) for bad input.
    """
    profile, before, pieces = checked_position(profile, table, rack, opened)
    objective = check_options(objective, budget, keep_table)
    return solve_checked(
        profile,
        before,
        pieces,
        opened=opened,
        objective=objective,
        budget=budget,
        keep_table=keep_table,
    )


def solve_checked(
    profile: RuleProfile,
    before: TableState,
    pieces: Sequence[Tile],
    *,
    opened: bool,
    objective: str,
    budget: int | None,
    keep_table: bool,
) -> Solution | None:
    """:func:`solve` for a position :func:`checked_position` accepted, with valid options:
    the bots' way in, which does not check a position twice. ``budget`` is in steps, as
    :func:`solve` takes it; less than :data:`~rummikit.solver._budget.MIN_BUDGET` counts as
    that many."""
    steps = Budget(None if budget is None else max(budget, MIN_BUDGET))
    return _solve_counted(profile, before, pieces, opened, objective, steps, keep_table)


def _solve_counted(
    profile: RuleProfile,
    before: TableState,
    pieces: Sequence[Tile],
    opened: bool,
    objective: str,
    budget: Budget,
    keep_table: bool,
) -> Solution | None:
    """:func:`solve_checked`, its steps charged to ``budget`` (the solve's, shared by every
    search and phase of it, see :mod:`rummikit.solver._budget`)."""
    profile = _profile_in_play(profile, before, pieces)
    found = _solve_position(profile, before, pieces, opened, objective, budget, keep_table)
    if found is None and objective == "points" and profile.joker_penalty == 0 and JOKER in pieces:
        # jokers worth nothing: a play may shed no points and still be a play; the one
        # laying the most pieces is then as good as any
        found = _solve_position(profile, before, pieces, opened, "tiles", budget, keep_table)
        if found is not None:
            found = attrs.evolve(found, score=_worth(profile, found.played, objective))
    return found


def _profile_in_play(
    profile: RuleProfile, before: TableState, pieces: Sequence[Tile]
) -> RuleProfile:
    """``profile`` as far as the pieces in play can tell, where only what is out of play kept
    the fast core out: a deck with more jokers than its state holds (a house rule with
    five) counts those in play, and a house rule forbidding jokers side by side means
    nothing with one joker in play. Nothing else the solver or the judge reads changes."""
    extra = profile.copies + profile.jokers > MAX_RUNS
    if not extra and not profile.forbid_adjacent_jokers:
        return profile
    in_play = sum(1 for tile in pieces if tile.suit is None) + sum(
        meld.tiles.count(JOKER) for meld in before.melds
    )
    changes: list[tuple[str, object]] = []
    if extra and in_play < profile.jokers:
        changes.append(("jokers", in_play))
    if profile.forbid_adjacent_jokers and in_play <= 1:
        changes.append(("forbid_adjacent_jokers", False))
    return _evolved(profile, tuple(changes)) if changes else profile


@lru_cache(maxsize=32)
def _evolved(profile: RuleProfile, changes: tuple[tuple[str, object], ...]) -> RuleProfile:
    """``profile`` with ``changes`` (option, value), built once."""
    return profile.evolve(**dict(changes))


def _solve_position(
    profile: RuleProfile,
    before: TableState,
    pieces: Sequence[Tile],
    opened: bool,
    objective: str,
    budget: Budget,
    keep_table: bool,
) -> Solution | None:
    """The best play by whichever search the position needs; the fast core leaves out
    plays worth nothing (see :func:`solve_checked`)."""
    pieces = list(pieces)
    if not opened and _cannot_open(profile, pieces, budget):
        return None
    if not opened and _plain_opening(profile):
        return _solve_opening(profile, before, pieces, objective, budget)
    if _plain(profile, before, opened):
        try:
            return _solve_plain(profile, before, pieces, objective, budget, keep_table=keep_table)
        except _TooLong:
            pass  # rare: the general search knows runs of 14 are not melds
    elif opened and profile.min_rack_tiles_per_play > 1:
        # a house rule asking more rack pieces a play: the best play without it is the
        # answer when it places enough (on a free table, none at all means none with it)
        anyhow = _evolved(profile, (("min_rack_tiles_per_play", 1),))
        if _plain(anyhow, TableState(()), True):
            found = _solve_position(anyhow, before, pieces, True, objective, budget, keep_table)
            if (
                found is not None
                and (found.optimal or budget.bounded)  # a budget is spent once
                and len(found.played) >= profile.min_rack_tiles_per_play
            ):
                return found
            if found is None and not budget.bounded and _plain(anyhow, before, True):
                return None
    guess: Solution | None = None
    ceiling: int | None = None
    frozen = (
        opened
        and profile.joker_policy is JokerPolicy.FROZEN
        and any(JOKER in meld.tiles for meld in before.melds)
        and _plain(profile, TableState(()), True)
    )
    if frozen:
        # only pagat's frozen joker melds keep the fast core out: it bounds the play
        guess, ceiling = _frozen_bounds(profile, before, pieces, objective, budget, keep_table)
    elif not opened and _plain(profile, TableState(()), True):
        guess, ceiling = _opening_guess(
            profile, before, pieces, objective, budget, keep_table, _opened_best
        )
    if (guess is not None and guess.optimal) or ceiling == 0:
        return guess
    if not opened and not budget.bounded and ceiling is not None:
        answered, best = _by_minimal_openings(
            profile, before, pieces, objective, budget, keep_table, guess, ceiling, _opened_best
        )
        if answered:
            return best
    if not opened:
        answered, best = _by_tierces(
            profile, before, pieces, objective, budget, keep_table, guess, ceiling
        )
        if answered:
            return best
    found = _solve_general(
        profile, before, pieces, opened, objective, budget, guess, keep_table, ceiling=ceiling
    )
    if guess is not None and (found is None or found.score <= guess.score):
        if frozen and keep_table:  # the guess's table was not tidied (see _frozen_bounds)
            guess = _frozen_left(profile, before, pieces, objective, budget, True) or guess
        return attrs.evolve(guess, optimal=not budget.bounded and (found is None or found.optimal))
    return found


def _cannot_open(profile: RuleProfile, pieces: list[Tile], budget: Budget | None = None) -> bool:
    """Whether the rack plainly holds no opening: less than the threshold in all, melds of
    rack pieces worth less than it even with every joker at 13, or no three naturals of a
    suit in a row for a tierce franche. Saves a search that could only fail, which is the
    slowest kind (minutes, on a rack rich in points that make no melds)."""
    rule = profile.opening_rule
    if rule is OpeningRule.POINTS:
        joker = 0 if profile.opening_joker_value is OpeningJokerValue.ZERO else 14
        most = sum(
            joker if t.suit is None else (14 if t.rank == 1 and profile.ace_high else t.rank)
            for t in pieces
        )
        need = profile.opening_min_points
        return most < need or _rack_points(profile, pieces, budget) < need
    if rule is OpeningRule.PURE_RUN:
        return not _tierces(profile, pieces)
    return False


def _opened_best(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    objective: str,
    budget: Budget,
    keep_table: bool,
) -> Solution | None:
    """The best play of a player already open: the fast core's where it applies, else the
    general sweep's (the :data:`~rummikit.solver._openings.OpenPlay` that openings take),
    on the solve's ``budget``."""
    return _solve_counted(profile, before, pieces, True, objective, budget, keep_table)


def _modes(profile: RuleProfile, opened: bool) -> tuple[bool, int, int, bool]:
    """(rack only, layers, opening layer, tierce) for this profile and opening state."""
    rule = profile.opening_rule
    if opened or rule is OpeningRule.NONE:
        return False, 1, -1, False
    if rule is OpeningRule.POINTS:
        if not profile.opening_table_play:
            return True, 1, 0, False
        return False, 2, 1, False
    return (not profile.opening_table_play), 1, -1, True


def _candidates(
    profile: RuleProfile, before: TableState, pieces: list[Tile], opened: bool
) -> tuple[list[_Setup], int, int]:
    """The setups to solve (frozen melds kept or freed, each tierce franche laid), the
    layers of the sweep and the layer counting toward an opening (-1: none)."""
    rack_only, layers, acc_layer, tierce = _modes(profile, opened)
    setup = _base_setup(profile, pieces)
    if rack_only:
        setup.untouched = list(before.melds)
        setups = [setup]
    else:
        frozen: list[tuple[Meld, MeldReading]] = []
        for meld in before.melds:
            reading = profile.read_meld(meld)
            if not profile.table_manipulation:
                _keep(setup, meld, reading, reading.layout)
            elif profile.joker_policy is JokerPolicy.FROZEN and reading.jokers:
                frozen.append((meld, reading))
            else:
                setup.add_table(meld.tiles)
                setup.free_melds.append(meld)
        setups = _frozen_variants(setup, frozen) if frozen else [setup]
    if tierce:
        setups = [laid for base in setups for laid in _tierce_setups(base, pieces)]
    return setups, layers, acc_layer


def _solve_general(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    opened: bool,
    objective: str,
    budget: Budget | None,
    guess: Solution | None,
    keep_table: bool,
    fast: bool = True,
    ceiling: int | None = None,
) -> Solution | None:
    """The sweep for every rule the fast core does not know; with a ``guess``, only plays
    scoring more than it are looked for (None when there is none; the guess, flagged not
    optimal, when plays the sweep found were dropped for a stricter ``freed_joker`` variant
    and none was left). A ``ceiling`` (no play scores more) ends the search as soon as a
    play reaches it.

    Each setup (which frozen jokers are freed, and how) after the first looks only for plays
    beating the best found so far. With ``fast``, an opened player's setups go to the fast
    core first (:func:`_core_answers`: its frozen groups laid aside, its kept frozen runs
    as the core's kept runs); where the judge refuses that play, the fast core's score
    still bounds the setup's sweep. The setups share the solve's ``budget``: once it is
    spent, the setups left are not searched and the answer is not proven (None: no limit).
    """
    budget = Budget() if budget is None else budget
    if budget.out:  # nothing more is searched: the guess, unproven
        return None if guess is None else attrs.evolve(guess, optimal=False)
    setups, layers, acc_layer = _candidates(profile, before, pieces, opened)
    budget.spend(SETUP_STEPS * len(setups))
    # setups the fast core answers come first, then those freeing most jokers (they place
    # the most pieces): their best play is then the score to beat
    quick_first = sorted(
        ((fast and opened and _core_answers(profile, setup, acc_layer), setup) for setup in setups),
        key=lambda pair: (not pair[0], -len(pair[1].freed)),
    )
    best: tuple[int, Solution] | None = None
    inexact = False
    dropped = 0  # the best score of the plays the judge refused
    for in_core, setup in quick_first:
        if ceiling is not None and best is not None and best[0] >= ceiling:
            break
        if budget.out:
            inexact = True  # the setups left were not searched
            break
        top_score = ceiling  # no play of this setup scores more
        known = max(
            (found.score for found in (guess, None if best is None else best[1]) if found),
            default=None,
        )
        if in_core:
            answered, quick, most = _solve_in_core(
                profile, before, pieces, setup, objective, budget, keep_table, known
            )
            if answered:
                if quick is not None and (best is None or quick.score > best[0]):
                    best = (quick.score, quick)
                if quick is not None and not quick.optimal:
                    inexact = True  # the budget cut that search short
                continue
            if most is not None:  # the fast core's wider problem bounds the setup
                top_score = most if top_score is None else min(top_score, most)
        budget.spend(PROBLEM_STEPS)
        problem = _problem(setup, objective, layers, acc_layer)
        # where jokers count their value toward an opening, a spare joker may be what
        # reaches the threshold: place every joker in the sweep
        essential = not (acc_layer >= 0 and problem.acc_jokers)
        # the sweep leaves out the pieces played to free jokers, and in the essential mode
        # the rack jokers' worth
        unseen = _worth(profile, setup.forced, objective)
        spare = problem.joker_weight * problem.rack_jokers if essential else 0
        lower = None if known is None else known - unseen - spare
        cap = None if top_score is None else top_score - unseen - spare
        outcome, problem, proven = _search_one_ace(setup, problem, budget, lower, essential, cap)
        melds: list[Meld] | None = None
        unchecked = False  # the play comes from the first sweep alone (see below)
        if outcome is None:
            if not proven:
                inexact = True  # the budget ran out before this setup was searched through
        else:
            freed_left = [
                f for i, f in enumerate(problem.freed) if not outcome.final.freed >> i & 1
            ]
            if essential:
                rebuilt = _rebuilt(budget, setup, problem, outcome)
                melds = _absorb(setup, before, rebuilt, freed_left)
        if not essential:
            if outcome is not None:
                melds = [m for m, _t in _rebuilt(budget, setup, problem, outcome)]
        elif (
            outcome is not None
            and melds is None
            and (setup.table_jokers or setup.rack_jokers or setup.freed)
        ):
            # the spare jokers did not all fit: solve again placing every joker in the sweep
            lower = None if known is None else known - unseen
            cap = None if top_score is None else top_score - unseen
            first = (outcome, problem, _rebuilt(budget, setup, problem, outcome))
            outcome, problem, proven = _search_one_ace(setup, problem, budget, lower, False, cap)
            if outcome is None and not proven:
                inexact = True  # cut short by the budget: nothing proven
            if outcome is not None:
                melds = [m for m, _tag in _rebuilt(budget, setup, problem, outcome)]
            else:
                # no play placing the jokers it must beats the best known: keep the first
                # play with the rack jokers that fit, which should not beat it either
                outcome, problem, rebuilt = first
                melds = _absorb(setup, before, rebuilt, freed_left, every_rack_joker=False)
                unchecked = True
        if outcome is None or melds is None:
            continue
        after = TableState((*setup.untouched, *melds))
        solution = _finish(
            profile,
            before,
            pieces,
            after,
            objective,
            outcome.optimal,
            setup if keep_table else None,
            budget,
        )
        if solution is None:
            continue
        if unchecked and len(solution.played) < profile.min_rack_tiles_per_play:
            continue  # a rack joker left aside was one of the pieces the play needed
        if unchecked and (known is None or solution.score > known):
            inexact = True  # it does: that sweep missed a play, so nothing is proven
        # the tie step re-splits melds without the opening's rule (rack-only melds worth the
        # threshold, a tierce franche): keep its table only if it still opens
        if (
            not opened
            and setup.free_melds
            and solution.table != after
            and not _judged(budget, profile, before, pieces, solution.table, False)
        ):
            solution = attrs.evolve(solution, table=after)
        if setup.freed or not opened:
            # the sweep models a freed joker going anywhere else; the stricter variants
            # (a new meld, with two rack pieces) are checked here and such plays dropped
            # (under the default rule a refusal would be a sweep bug: the answer is then
            # flagged not optimal rather than illegal); openings are checked alike, their
            # rules being spread between the sweep and the joker placement after it
            refused = not _judged(budget, profile, before, pieces, solution.table, opened)
            if refused and opened and profile.freed_joker is not FreedJoker.ANYWHERE:
                # the same pieces split another way may put the joker where the variant
                # wants it (r2 b2 k2 j | o2 o3 o4 rather than o3 o4 j | r2 b2 k2 o2)
                mended = _resplit_for_judge(profile, before, pieces, solution.table, budget)
                if mended is not None:
                    solution = attrs.evolve(solution, table=mended)
                    refused = False
            if refused:
                # the sweep's best in this setup: no legal play of it scores more, unless
                # the budget cut the sweep short
                dropped = max(dropped, solution.score)
                inexact = inexact or not solution.optimal
                continue
        key = solution.score
        if best is None or key > best[0]:
            best = (key, solution)
    if dropped > (0 if best is None else best[0]):
        inexact = True  # a legal play between the best kept and the best dropped may exist
    if best is None:
        # with plays dropped for the stricter freed-joker variants, "nothing beats the
        # guess" is not proven: the guess comes back flagged so
        return attrs.evolve(guess, optimal=False) if inexact and guess is not None else None
    if inexact:
        return attrs.evolve(best[1], optimal=False)
    return best[1]


def _rebuilt(
    budget: Budget, setup: _Setup, problem: Problem, outcome: SweepResult
) -> list[tuple[Meld, str]]:
    """The melds of the sweep's ``outcome`` (:func:`_rebuild`), charged to ``budget``."""
    budget.spend(REBUILD_STEPS)
    return _rebuild(setup, problem, outcome)


def _core_answers(profile: RuleProfile, setup: _Setup, acc_layer: int) -> bool:
    """Whether the fast core answers ``setup`` of an opened player's table, its kept frozen
    groups laid aside and its kept frozen runs left to the core, which lets them grow at
    their ends (:data:`~rummikit.solver._fast.Block`; values 1..13, and room in its state
    for them): no melds outside the sweep, no opening rule, a freed joker allowed anywhere
    else, the usual meld shapes."""
    if setup.run_blocks:
        if profile.ace_high:
            return False
        jokers = setup.table_jokers + setup.rack_jokers + len(setup.freed)
        per_suit = Counter(block.suit for block in setup.run_blocks)
        if profile.copies + jokers + max(per_suit.values()) > MAX_RUNS:
            return False
    return (
        acc_layer < 0
        and not setup.tierce
        and not any(block.takes_jokers for block in setup.group_blocks)
        and not setup.untouched
        and profile.freed_joker is FreedJoker.ANYWHERE
        and _plain(profile, TableState(()), True)
    )


def _solve_in_core(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    setup: _Setup,
    objective: str,
    budget: Budget,
    keep_table: bool,
    beat: int | None,
) -> tuple[bool, Solution | None, int | None]:
    """A :func:`_core_answers` setup by the fast core: (answered, its best play scoring more
    than ``beat`` or None, the most its plays can score or None when unknown).

    The freed jokers are table jokers to the fast core, which does not know that one may
    not go back into the meld it left; the judge checks that, and when the play breaks it
    (or the fast core joins a run of 14 where aces are high) the setup is not answered
    here and the general sweep takes it. A legal play is the setup's best: the fast core
    solved a wider problem, whose best score bounds the setup's even when its play is not
    legal. Kept frozen groups are laid aside, once per way each can grow
    (:func:`_groups_laid`), and the best of those plays is the setup's; where the budget
    runs out before every way is tried, that best is not proven (not answered, when there
    is none).
    """
    best: Solution | None = None
    answered = True
    most: int | None = 0
    variants = _groups_laid(setup)
    budget.spend(SETUP_STEPS * len(variants))
    for laid in variants:
        if budget.out:
            if best is None:
                return False, None, None
            return answered, attrs.evolve(best, optimal=False) if answered else None, None
        done, found, reach = _solve_laid(
            profile, before, pieces, laid, objective, budget, keep_table, beat
        )
        answered = answered and done
        most = None if most is None or reach is None else max(most, reach)
        if found is not None and (best is None or found.score > best.score):
            best = found
            beat = found.score
    return answered, best if answered else None, most


def _search_one_ace(
    setup: _Setup,
    problem: Problem,
    budget: Budget,
    lower: int | None,
    essential: bool,
    ceiling: int | None = None,
) -> tuple[SweepResult | None, Problem, bool]:
    """:func:`search`, where a kept run never holds both aces; the problem solved; and
    whether the search finished (a None it did not finish proves nothing).

    The sweep tracks the low ace in its own runs, but not through a kept run (a block): a
    run holding the low ace may join a block below while another run extends it above, up
    to the high ace. When the best play does that, each legal play either keeps the low ace
    out from below or the high ace out from above: both are searched, the better is kept.
    """
    outcome, proven = search_proven(problem, budget, lower, essential, ceiling)
    if outcome is None or not problem.shape.ace_high or not problem.run_blocks:
        return outcome, problem, proven
    long_suits = {
        next(tile.suit for tile in meld.tiles if tile.suit is not None)
        for meld, tag in _rebuilt(budget, setup, problem, outcome)
        if tag == "run" and len(meld.tiles) > MAX_RUN
    }
    open_blocks = [
        index
        for index, block in enumerate(problem.run_blocks)
        if setup.suits[block.suit] in long_suits
        and not (block.low_below or block.no_low_glue)
        and block.lo > 1
        and block.hi < problem.shape.top
    ]
    if not long_suits or not open_blocks:
        return outcome, problem, proven
    index = open_blocks[0]
    block = problem.run_blocks[index]
    best: tuple[SweepResult | None, Problem] = (None, problem)
    nodes = outcome.nodes
    optimal = outcome.optimal
    for fixed in (block._replace(no_low_glue=True), block._replace(low_below=True)):
        blocks = (*problem.run_blocks[:index], fixed, *problem.run_blocks[index + 1 :])
        found, solved, finished = _search_one_ace(
            setup, problem._replace(run_blocks=blocks), budget, lower, essential, ceiling
        )
        if found is None:
            optimal = optimal and finished
            continue
        nodes += found.nodes
        optimal = optimal and found.optimal
        if best[0] is None or found.score > best[0].score:
            best = (found, solved)
    if best[0] is None:
        return None, problem, optimal
    return best[0]._replace(nodes=nodes, optimal=optimal), best[1], optimal
