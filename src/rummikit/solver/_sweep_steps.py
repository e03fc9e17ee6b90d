"""One value of the general sweep: every successor of a state, with the budget spent.

Each suit's lane takes the value's pieces one of the ways :class:`~rummikit.solver._dp.Lanes`
lists (cached per state and value); :func:`_combine` joins the suits' ways, best gain first,
and :func:`_successor` checks that the naturals sent to groups split into groups (with
jokers, freed jokers and the kept group blocks of that value), records the state reached
and drops the choices an exact reduction rules out. The budget is spent per successor, as a
value may have millions.
"""

from __future__ import annotations

import itertools

from rummikit.solver._budget import SWEEP_SPLIT_STEPS, SWEEP_VALUE_STEPS, SWEEP_WAY_STEPS
from rummikit.solver._dp import FRestriction, MeldShape, groups_for
from rummikit.solver._lanes import LaneContext, LaneOption, Lanes
from rummikit.solver._sweep_problem import BLOCK_JOKER_SHIFT, GroupBlock, Problem, State, Step


class _Budget:
    """The sweep's steps so far, against the most it may spend (None: no bound); the
    search stops once they are spent. Charged to the solve's budget when it ends."""

    def __init__(self, nodes: int | None) -> None:
        self.left = nodes
        self.spent = 0
        self.exhausted = False

    def spend(self, count: int) -> None:
        self.spent += count
        if self.left is not None and self.spent > self.left:
            self.exhausted = True


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
    outs, ins = gout.get(key, ()), gin.get(key, ())
    in_blocks, out_blocks = gin_blocks.get(key, ()), gout_blocks.get(key, ())
    base = LaneContext(v, t, r, jav, fav, outs, ins, in_blocks, out_blocks, essential, fin)
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
            # built whole: a named tuple's _replace is slow Python, and this loop is hot
            ctx0 = LaneContext(
                v, t, r - k, jav, fav, outs, ins, in_blocks, out_blocks, essential, fin
            )
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
            # the groups checked for this successor, beyond the one counted by the loop
            # that reached it (a value may have millions of successors)
            budget.spend(
                SWEEP_SPLIT_STEPS
                * _successor(
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
            )
            return
        limit = need - best_after[s + 1]
        for gain, choice in scored[s]:
            if partial + gain < limit:
                break
            budget.spend(SWEEP_WAY_STEPS)  # one per way of a suit tried
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
    budget.spend(SWEEP_VALUE_STEPS)


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
) -> int:
    """Record the successor the suits' ways ``combo`` lead to, if the value's groups split
    with them (the best per state reached, in ``found``). Returns the ways of splitting the
    groups checked beyond the first (each costs
    :data:`~rummikit.solver._budget.SWEEP_SPLIT_STEPS`)."""
    shape = problem.shape
    layers = problem.layers
    nsuits = shape.nsuits
    jleft = jav - jr
    fleft = fav & ~fr
    g_layers = [tuple(combo[s][layer].g for s in range(nsuits)) for layer in range(layers)]
    if at_top_ace and any(any(g) for g in g_layers):
        return 0
    if not block_here and not fleft:
        # most combinations fail here: the naturals sent to groups do not split (without
        # kept groups to extend or freed jokers to help, each layer on its own jokers)
        for g in g_layers:
            if any(g) and not _layer_choices(shape, g, jleft, (), (), essential):
                return 0
    work = -1  # the ways of splitting the groups checked, and the states built, but one
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
            work += 1
            for (jg0, ng0), rest_layers in _group_options(
                problem, v, g0, g_layers[1:], jleft - jb, fmask, essential
            ):
                work += 1
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
    return max(0, work)


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
