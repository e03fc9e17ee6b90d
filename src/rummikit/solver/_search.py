"""The sweep over values: states, transitions, bounds, budget and rebuilding the melds."""

from __future__ import annotations

import itertools
from typing import NamedTuple

from rummikit.solver._dp import (
    CAPPED,
    FRestriction,
    LaneContext,
    LaneOption,
    Lanes,
    MeldShape,
    groups_for,
    lanes_for,
)
from rummikit.solver._fast import FIRST_PLAY_STEPS

SCALE = 1
"""Scores are ``gain * SCALE``; fewer melds is settled when the melds are rebuilt."""


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


BLOCK_JOKER_SHIFT = 8
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


class _Budget:
    """Transitions examined so far, against the limit.

    The limit stops the search once a play has been found; until then the search goes on
    for up to ``_GRACE`` times the limit, and at least
    :data:`~rummikit.solver._fast.FIRST_PLAY_STEPS`, so that a small budget still returns a
    play.
    """

    def __init__(self, nodes: int | None) -> None:
        self.left = nodes
        self.spent = 0
        self.exhausted = False
        self.found = False

    def spend(self, count: int) -> None:
        self.spent += count
        over = self.left is not None and self.spent > self.left
        if over and (self.found or self.spent > max((self.left or 0) * _GRACE, FIRST_PLAY_STEPS)):
            self.exhausted = True


_GRACE = 20


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
        self.budget.found = True
        if self.budget.left is not None and self.budget.spent > self.budget.left:
            self.budget.exhausted = True
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
        seen = self.seen[v]
        if self.essential:
            # spare jokers are a resource: a state seen with as many left and as good a
            # score dominates this one
            key = state._replace(jokers=0)
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
            per_suit.append(ranked)
        # the least gain a successor needs to beat the best play found
        need = self.best - score - self.rest[v] * SCALE - self.bonus + 1
        found: dict[State, tuple[int, State, Step]] = {}
        _combine(problem, state, v, jav, fav, per_suit, found, self.budget, need, self.essential)
        return list(found.values())


def search(
    problem: Problem,
    budget: int | None = None,
    lower: int | None = None,
    essential: bool = True,
    ceiling: int | None = None,
) -> SweepResult | None:
    """The best final state of the sweep (exact unless the budget runs out), or None.

    Only plays scoring more than ``lower`` are looked for; a play scoring ``ceiling``, known
    to be the most any play can, ends the search at once.
    """
    return search_proven(problem, budget, lower, essential, ceiling)[0]


def search_proven(
    problem: Problem,
    budget: int | None = None,
    lower: int | None = None,
    essential: bool = True,
    ceiling: int | None = None,
) -> tuple[SweepResult | None, bool]:
    """:func:`search`, and whether it finished: a None it finished is proven (no play
    beats ``lower``); one the budget cut short proves nothing."""
    engine = _GeneralSweep(problem, budget, essential)
    engine.ceiling = ceiling
    engine.budget.found = lower is not None  # a play scoring ``lower`` is known: no grace
    engine.run(-(1 << 60) if lower is None else lower)
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


def _fin(problem: Problem, s: int, v: int) -> tuple[tuple[int, int, int, int, int], ...]:
    found = []
    for f in problem.freed:
        if f.run_suit == s and f.ranks:
            found.append((1, int(v in f.ranks), f.ranks[0], f.ranks[-1], f.block))
        else:
            found.append((0, 0, 0, 0, f.block))
    return tuple(found)


def _suit_options(
    problem: Problem,
    lanes: Lanes,
    state: State,
    s: int,
    v: int,
    jav: int,
    fav: int,
    gout: dict[tuple[int, int], tuple[int, ...]],
    gin: dict[tuple[int, int], tuple[int, ...]],
    gout_blocks: dict[tuple[int, int], tuple[int, ...]],
    gin_blocks: dict[tuple[int, int], tuple[int, ...]],
    essential: bool,
) -> list[tuple[LaneOption, ...]]:
    shape = problem.shape
    if shape.ace_high and v == 14:
        t = r = 0
    else:
        t = problem.table[s][v]
        r = problem.rack[s][v]
    key = (s, v)
    fin = _fin(problem, s, v) if problem.freed else ()
    base = LaneContext(
        v,
        t,
        r,
        jav,
        fav,
        gout.get(key, ()),
        gin.get(key, ()),
        gin_blocks.get(key, ()),
        gout_blocks.get(key, ()),
        essential,
        fin,
    )
    lane0 = state.lanes[s]
    if problem.layers == 1:
        return [(o,) for o in lanes.options(lane0, base)]
    lane1 = state.lanes[shape.nsuits + s]
    found: dict[tuple[int, int, int, int, int, int, int, int], tuple[LaneOption, ...]] = {}
    for k in range(r + 1):
        if shape.ace_high and v == 14:
            ctx0, ctx1 = (
                base,
                base._replace(fav=0, gout=(), gin=(), gin_blocks=(), gout_blocks=(), fin=()),
            )
        else:
            ctx0 = base._replace(r=r - k)
            ctx1 = LaneContext(v, 0, k, jav, 0, (), (), (), (), essential, ())
        for o0 in lanes.options(lane0, ctx0):
            for o1 in lanes.options(lane1, ctx1):
                if o0.jr + o1.jr > jav:
                    continue
                fkey = (o0.lane, o1.lane, o0.g, o1.g, o0.jr, o1.jr, o0.fr, o1.x)
                old = found.get(fkey)
                if old is None or o0.used + o1.used > old[0].used + old[1].used:
                    found[fkey] = (o0, o1)
    return list(found.values())


def _combine(
    problem: Problem,
    state: State,
    v: int,
    jav: int,
    fav: int,
    per_suit: list[list[tuple[int, tuple[LaneOption, ...]]]],
    found: dict[State, tuple[int, State, Step]],
    budget: _Budget,
    need: int,
    essential: bool,
) -> None:
    """Every successor of ``state`` at value ``v`` gaining at least ``need`` (best per state)."""
    shape = problem.shape
    nsuits = shape.nsuits
    at_top_ace = shape.ace_high and v == 14
    block_here = [
        (index, block) for index, block in enumerate(problem.group_blocks) if block.value == v
    ]
    scored = per_suit
    best_after = [0] * (nsuits + 1)
    for s in range(nsuits - 1, -1, -1):
        best_after[s] = best_after[s + 1] + (scored[s][0][0] if scored[s] else -(1 << 40))
    combo: list[tuple[LaneOption, ...]] = [()] * nsuits

    def rec(s: int, partial: int, jr: int, fr: int) -> None:
        if s == nsuits:
            budget.spend(1)  # one per successor: a value may have millions
            _successor(
                problem,
                state,
                v,
                jav,
                fav,
                tuple(combo),
                partial,
                jr,
                fr,
                found,
                need,
                essential,
                block_here,
                at_top_ace,
            )
            return
        limit = need - best_after[s + 1]
        for gain, choice in scored[s]:
            if partial + gain < limit:
                break
            cjr = jr
            cfr = fr
            clash = False
            for o in choice:
                cjr += o.jr
                if cfr & o.fr:
                    clash = True
                cfr |= o.fr
            if clash or cjr > jav:
                continue
            combo[s] = choice
            rec(s + 1, partial + gain, cjr, cfr)
            if budget.exhausted:
                return

    rec(0, 0, 0, 0)
    budget.spend(1)


def _gain_of(item: tuple[int, tuple[LaneOption, ...]]) -> int:
    return item[0]


def _successor(
    problem: Problem,
    state: State,
    v: int,
    jav: int,
    fav: int,
    combo: tuple[tuple[LaneOption, ...], ...],
    gain: int,
    jr: int,
    fr: int,
    found: dict[State, tuple[int, State, Step]],
    need: int,
    essential: bool,
    block_here: list[tuple[int, GroupBlock]],
    at_top_ace: bool,
) -> None:
    shape = problem.shape
    layers = problem.layers
    nsuits = shape.nsuits
    jleft = jav - jr
    fleft = fav & ~fr
    g_layers = [tuple(combo[s][layer].g for s in range(nsuits)) for layer in range(layers)]
    if at_top_ace and any(any(g) for g in g_layers):
        return
    if not block_here and not fleft:
        # most combinations fail here: the naturals sent to groups do not split (without
        # kept groups to extend or freed jokers to help, each layer on its own jokers)
        for g in g_layers:
            if any(g) and not _layer_choices(shape, g, jleft, (), (), essential):
                return
    used = 0
    for choice in combo:
        for o in choice:
            used += o.used
    fill_groups = shape.distinct and shape.max_group >= nsuits and not block_here
    f_choices = [0]
    if fleft and any(g_layers[0]):
        f_choices = [m for m in range(fleft + 1) if m & fleft == m]
    for fmask in f_choices:
        # jokers join kept groups only where spare jokers are placed in the sweep
        block_jokers = 0 if essential else jleft
        for ext, g0, jb in _block_extensions(problem, block_here, g_layers[0], block_jokers):
            for (jg0, ng0), rest_layers in _group_options(
                problem, v, g0, g_layers[1:], jleft - jb, fmask, essential
            ):
                jg_total = jg0 + sum(j for j, _n in rest_layers) + jb
                if jg_total > jleft:
                    continue
                new_gain = gain
                if new_gain < need:
                    continue
                # a rack piece left aside could join a group of this value that lacks its
                # suit, when the groups still split with it and the same jokers (a group of
                # the most pieces, a joker in it, has no room: the joker would be left over)
                if (
                    ng0
                    and fill_groups
                    and not ext
                    and any(
                        combo[s][0].spare
                        and g0[s] < ng0
                        and _takes_one_more(problem, v, g0, s, jg0, fmask, essential)
                        for s in range(nsuits)
                    )
                ):
                    continue
                pure_j = state.pure_jokers
                acc = state.acc
                if layers == 2:
                    o_pure = [combo[s][1] for s in range(nsuits)]
                    pj_here = sum(o.jr for o in o_pure) + rest_layers[0][0]
                    pure_j += pj_here
                    if problem.acc_layer == 1:
                        xs = sum(o.x for o in o_pure)
                        acc += v * (xs + (pj_here if problem.acc_jokers else 0))
                elif problem.acc_layer == 0:
                    xs = sum(c[0].x for c in combo)
                    acc += v * (xs + ((jr + jg_total) if problem.acc_jokers else 0))
                new_state = State(
                    tuple(combo[s][layer].lane for layer in range(layers) for s in range(nsuits)),
                    state.jokers + jr + jg_total,
                    pure_j,
                    state.freed | fr | fmask,
                    min(acc, problem.acc_target),
                    min(problem.need, state.placed + used),
                )
                old = found.get(new_state)
                if old is None or new_gain > old[0]:
                    groups = ((jg0, fmask, ext), *tuple((j, 0, ()) for j, _n in rest_layers))
                    found[new_state] = (new_gain, new_state, Step(combo, groups))


def _takes_one_more(
    problem: Problem,
    v: int,
    g0: tuple[int, ...],
    s: int,
    jokers: int,
    fmask: int,
    essential: bool,
) -> bool:
    """Whether the naturals ``g0`` and one more of suit ``s`` split into groups with the same
    freed jokers and the same plain jokers (or fewer, where spare jokers are placed at the
    end), so that leaving that piece aside is never better."""
    shape = problem.shape
    more = tuple(c + 1 if k == s else c for k, c in enumerate(g0))
    fj = tuple(i for i in range(len(problem.freed)) if fmask >> i & 1)
    forbidden = tuple(_group_forbidden(problem.freed[i], v) for i in fj)
    counts = range(jokers + 1) if essential else (jokers,)
    return any(groups_for(shape, more, j, fj, forbidden) is not None for j in counts)


def _block_extensions(
    problem: Problem, blocks: list[tuple[int, GroupBlock]], g: tuple[int, ...], jokers: int
) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """Ways the kept groups at this value take naturals and up to ``jokers`` jokers: (per
    block the suits taken and jokers, see :data:`BLOCK_JOKER_SHIFT`; the naturals left;
    the jokers taken)."""
    if not blocks:
        return [((), g, 0)]
    results: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []

    def rec(k: int, left: list[int], taken: tuple[int, ...], jokers_left: int) -> None:
        if k == len(blocks):
            results.append((taken, tuple(left), jokers - jokers_left))
            return
        index, block = blocks[k]
        room = problem.shape.max_group - block.size
        allowed = [s for s in problem.group_block_rooms[index] if left[s]]
        for size in range(min(room, len(allowed)) + 1):
            most = min(room - size, jokers_left) if block.takes_jokers else 0
            for chosen in itertools.combinations(allowed, size):
                for s in chosen:
                    left[s] -= 1
                mask = 0
                for s in chosen:
                    mask |= 1 << s
                for added in range(most + 1):
                    rec(
                        k + 1,
                        left,
                        (*taken, mask | added << BLOCK_JOKER_SHIFT),
                        jokers_left - added,
                    )
                for s in chosen:
                    left[s] += 1

    rec(0, list(g), (), jokers)
    return results


def _group_options(
    problem: Problem,
    v: int,
    g0: tuple[int, ...],
    others: list[tuple[int, ...]],
    jleft: int,
    fmask: int,
    essential: bool,
) -> list[tuple[tuple[int, int], list[tuple[int, int]]]]:
    """Per layer, the (jokers, groups formed) choices that split its naturals into groups."""
    shape = problem.shape
    fj: tuple[int, ...] = tuple(i for i in range(len(problem.freed)) if fmask >> i & 1)
    forbidden = tuple(_group_forbidden(problem.freed[i], v) for i in fj)
    first = _layer_choices(shape, g0, jleft, fj, forbidden, essential)
    if not others:
        return [(c, []) for c in first]
    second = _layer_choices(shape, others[0], jleft, (), (), essential)
    return [(c0, [c1]) for c0 in first for c1 in second if c0[0] + c1[0] <= jleft]


def _group_forbidden(f: FRestriction, v: int) -> tuple[int, ...] | None:
    if f.group_value == v and f.group_suits:
        return f.group_suits
    return None


def _layer_choices(
    shape: MeldShape,
    g: tuple[int, ...],
    jleft: int,
    fj: tuple[int, ...],
    forbidden: tuple[tuple[int, ...] | None, ...],
    essential: bool,
) -> list[tuple[int, int]]:
    """(plain jokers, groups formed) for the naturals ``g`` and the freed jokers ``fj``."""
    if not any(g):
        return [(0, 0)] if not fj else []
    key = (shape, g, jleft, fj, forbidden, essential)
    found = _CHOICES.get(key)
    if found is not None:
        return found
    found = []
    for j in range(jleft + 1):
        partition = groups_for(shape, g, j, fj, forbidden)
        if partition is not None:
            found.append((j, len(partition)))
            if essential:
                break  # the fewest jokers; more would be spare jokers, placed at the end
    if len(_CHOICES) > 100_000:
        _CHOICES.clear()
    _CHOICES[key] = found
    return found


_CHOICES: dict[
    tuple[
        MeldShape, tuple[int, ...], int, tuple[int, ...], tuple[tuple[int, ...] | None, ...], bool
    ],
    list[tuple[int, int]],
] = {}
