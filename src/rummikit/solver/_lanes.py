"""One lane's steps in the general sweep: the open runs of one suit, in one layer.

The open runs of a lane (their run codes, see :mod:`rummikit.solver._dp`) are interned into
a *lane id*; :class:`Lanes` lists, for a lane id and what a value brings
(:class:`LaneContext`), every way the lane can take that value's pieces
(:class:`LaneOption`): each open run closes (into a kept block, too), takes a natural, a
joker or a freed joker; new runs start, after leading jokers; the rest of the naturals go to
groups. The steps are cached per meld shape, so most of the sweep's work is look-ups.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Final, NamedTuple

from rummikit.solver._dp import (
    CAPPED,
    JOKER_END,
    LEN_MASK,
    LJ,
    LOW,
    PEND,
    TOPREQ,
    MeldShape,
    cov_f,
    has_f,
)


class LaneContext(NamedTuple):
    """What one lane's step at one value needs besides its state (hashable)."""

    v: int
    t: int  # table pieces at this value (must be used)
    r: int  # rack pieces at this value (may be used)
    jav: int  # plain jokers still available
    fav: int  # bit mask of freed jokers still to place (layer with the table only)
    gout: tuple[int, ...]  # blocks starting at v: JOKER_END | CAPPED bits (see CAPPED)
    gin: tuple[int, ...]  # blocks ending at v-1: JOKER_END | CAPPED bits
    gin_blocks: tuple[int, ...]  # the block indexes of gin
    gout_blocks: tuple[int, ...]  # the block indexes of gout
    essential: bool  # place jokers only where a meld needs them
    fin: tuple[tuple[int, int, int, int, int], ...]
    # per freed joker: (active in this lane, v among its ranks, first rank, last rank, own block)


class LaneOption(NamedTuple):
    """One way a lane can take the pieces of one value."""

    lane: int  # the new lane id
    g: int  # naturals sent to groups
    jr: int  # plain jokers placed in runs
    fr: int  # freed jokers placed in runs (bit mask)
    used: int  # rack naturals used
    x: int  # naturals used in all
    starts: int  # runs started (for the meld count)
    spare: int  # rack naturals left aside
    detail: tuple[object, ...]  # how, for rebuilding the melds


class Lanes:
    """Interning of lane states and the cache of lane steps, one per meld shape."""

    def __init__(self, shape: MeldShape) -> None:
        self.shape = shape
        self.ids: dict[tuple[int, tuple[int, ...]], int] = {}
        self.states: list[tuple[int, tuple[int, ...]]] = []
        self.steps: dict[tuple[int, LaneContext], tuple[LaneOption, ...]] = {}
        self.burdens: dict[int, int] = {}
        self.dominated_by: dict[int, tuple[int, list[int]]] = {}
        self.empty = self.intern((0, ()))

    def intern(self, state: tuple[int, tuple[int, ...]]) -> int:
        found = self.ids.get(state)
        if found is None:
            found = len(self.states)
            self.ids[state] = found
            self.states.append(state)
        return found

    def burden(self, lanes: tuple[int, ...]) -> int:
        """How many open runs still need pieces (a rough measure of a state's risk)."""
        total = 0
        cache = self.burdens
        min_len = self.shape.min_len
        for lane in lanes:
            found = cache.get(lane)
            if found is None:
                found = sum(1 for c in self.states[lane][1] if (c & LEN_MASK) < min_len or c & PEND)
                cache[lane] = found
            total += found
        return total

    def dominators(self, lane: int) -> list[int]:
        """Interned lane states at least as good as ``lane`` for every future, itself excluded.

        One run upgraded (longer, or with an obligation lifted: a pending joker, leading
        jokers, a joker last, the low ace), or one complete run more (it may close at once).
        """
        known = len(self.states)
        cached = self.dominated_by.get(lane)
        if cached is not None and cached[0] == known:
            return cached[1]
        res, runs = self.states[lane]
        min_len = self.shape.min_len
        lifted = PEND | TOPREQ | LJ | LOW
        variants: set[tuple[int, tuple[int, ...]]] = set()
        for index, code in enumerate(runs):
            length = code & LEN_MASK
            flags = code & lifted
            rest = code & ~(LEN_MASK | lifted)
            for better_len in range(length, min_len + 1):
                for better_flags in _subsets_of(flags):
                    better = rest | better_len | better_flags
                    if better != code:
                        changed = (*runs[:index], better, *runs[index + 1 :])
                        variants.add((res, tuple(sorted(changed))))
        variants.add((res, tuple(sorted((*runs, min_len)))))
        found = [self.ids[v] for v in variants if v in self.ids]
        self.dominated_by[lane] = (known, found)
        return found

    def closable(self, lane: int) -> bool:
        res, runs = self.states[lane]
        return res == 0 and all((c & LEN_MASK) >= self.shape.min_len and not c & PEND for c in runs)

    def options(self, lane: int, ctx: LaneContext) -> tuple[LaneOption, ...]:
        key = (lane, ctx)
        found = self.steps.get(key)
        if found is None:
            if len(self.steps) > 400_000:
                self.steps.clear()
            found = tuple(self._enumerate(lane, ctx))
            self.steps[key] = found
        return found

    # -- enumeration -----------------------------------------------------------------

    def _enumerate(self, lane: int, ctx: LaneContext) -> Iterator[LaneOption]:
        shape = self.shape
        res, runs = self.states[lane]
        v = ctx.v
        if shape.ace_high and v == 1 and (ctx.t or ctx.r):
            reservations = [(rt, rr) for rt in range(ctx.t + 1) for rr in range(ctx.r + 1)]
        else:
            reservations = [(-1, -1)]
        best: dict[tuple[int, int, int, int, int], LaneOption] = {}
        for rt, rr in reservations:
            if rt >= 0:
                t, r, new_res = ctx.t - rt, ctx.r - rr, rt * 8 + rr
            elif shape.ace_high and v == 14:
                t, r, new_res = res // 8, res % 8, 0
            else:
                t, r, new_res = ctx.t, ctx.r, res
            for option in self._runs_step(runs, ctx, t, r, new_res, (rt, rr)):
                k = (option.lane, option.g, option.jr, option.fr, option.x)
                old = best.get(k)
                if old is None or (option.used, -option.starts) > (old.used, -old.starts):
                    best[k] = option
        yield from best.values()

    def _runs_step(
        self,
        runs: tuple[int, ...],
        ctx: LaneContext,
        t: int,
        r: int,
        new_res: int,
        reservation: tuple[int, int],
    ) -> Iterator[LaneOption]:
        shape = self.shape
        v = ctx.v
        min_len = shape.min_len
        a = t + r
        at_top_ace = shape.ace_high and v == 14
        nf = len(ctx.fin)
        fbits = [1 << i for i in range(nf)]
        # decisions per run: 'C' close, 'G' close into a block, 'N' natural, 'J' joker,
        # ('F', i) freed joker i.
        per_run: list[list[object]] = []
        ess = ctx.essential
        for code in runs:
            choices: list[object] = []
            length = code & LEN_MASK
            if length >= min_len and not code & (PEND | TOPREQ):
                choices.append("C")
            if ctx.gout and not code & TOPREQ:
                choices.append("G")
            if not (at_top_ace and code & LOW):
                choices.append("N")
                joker_ok = not (shape.forbid_adj and code & LJ)
                if ess and length >= min_len and v == shape.top:
                    joker_ok = False  # a joker past the last natural is never needed
                if joker_ok:
                    choices.append("J")
                    choices.extend(("F", i) for i in range(nf))
            per_run.append(choices)
        for decisions in _run_products(runs, per_run):
            n_nat = decisions.count("N")
            if n_nat > a:
                continue
            n_j = decisions.count("J")
            if n_j > ctx.jav:
                continue
            fr = 0
            ok = True
            for d in decisions:
                if isinstance(d, tuple):
                    bit = fbits[d[1]]
                    if fr & bit or not ctx.fav & bit:
                        ok = False
                        break
                    fr |= bit
            if not ok:
                continue
            n_g = decisions.count("G")
            if n_g > len(ctx.gout):
                continue
            # closing a complete run and starting a fresh natural run at the same value is
            # never better than continuing it (see docs/solver.rst); skip it. Not
            # where a freed joker may not go back among its old meld's naturals: from
            # b2 b3 j b5 freed by b4, b2 b3 b4 | b5 j b7 is legal, b2 b3 b4 b5 j b7 is not
            freed_here = any(entry[0] for entry in ctx.fin)
            closed_complete = not freed_here and any(
                d == "C" and not (shape.ace_high and code & LOW)
                for d, code in zip(decisions, runs, strict=True)
            )
            closes_complete = "C" in decisions and not at_top_ace and not freed_here
            # glue assignment: runs closing into blocks
            glue_sets = _glue_assignments(decisions, runs, ctx, shape)
            for glue in glue_sets:
                yield from self._starts(
                    runs,
                    decisions,
                    glue,
                    ctx,
                    t,
                    r,
                    a - n_nat,
                    ctx.jav - n_j,
                    ctx.fav & ~fr,
                    fr,
                    n_nat,
                    n_j,
                    new_res,
                    reservation,
                    closed_complete,
                    closes_complete,
                )

    def _starts(
        self,
        runs: tuple[int, ...],
        decisions: tuple[object, ...],
        glue: tuple[int, ...],
        ctx: LaneContext,
        t: int,
        r: int,
        nat_left: int,
        jav: int,
        fav: int,
        fr: int,
        n_nat: int,
        n_j: int,
        new_res: int,
        reservation: tuple[int, int],
        closed_complete: bool,
        closes_complete: bool,
    ) -> Iterator[LaneOption]:
        shape = self.shape
        v = ctx.v
        at_top_ace = shape.ace_high and v == 14
        max_pre = v - 1
        if shape.forbid_adj:
            max_pre = min(max_pre, 1)
        nf = len(ctx.fin)
        # each new run: (plain pre-jokers, freed pre-joker mask); any of the freed jokers
        # may lead a run (two freed jokers before o12 o13 make a run of four)
        kinds: list[tuple[int, int]] = []
        freed_here = [1 << i for i in range(nf) if fav >> i & 1]
        if ctx.essential and not shape.forbid_adj:
            # leading jokers only make up the length of a run that ends at the top value
            needed = max(0, shape.min_len - (shape.top - v + 1))
            pres = [0] + ([needed] if 0 < needed <= max_pre else [])
        else:
            pres = list(range(max_pre + 1))
        for pre in pres:
            for count in range(min(pre, len(freed_here)) + 1):
                if pre - count > jav:
                    continue
                for chosen in itertools.combinations(freed_here, count):
                    kinds.append((pre - count, sum(chosen)))
        # glue-in extensions: per block ending at v-1, None / 'N' / 'J' / ('F', i)
        gin_choices: list[list[object]] = []
        for entry in ctx.gin:
            if shape.ace_high and v == 14 and entry & CAPPED:
                gin_choices.append([None])  # the run holds the low ace: not the high one
                continue
            options: list[object] = [None, "N"]
            if not (shape.forbid_adj and entry & JOKER_END):
                options.append("J")
                options.extend(("F", i) for i in range(nf))
            gin_choices.append(options)
        leads = self._leads(ctx, glue, jav, fav)
        for gin in itertools.product(*gin_choices):
            gin_nat = sum(1 for d in gin if d == "N")
            gin_j = sum(1 for d in gin if d == "J")
            gin_f = 0
            bad = False
            for d in gin:
                if isinstance(d, tuple):
                    bit = 1 << d[1]
                    if gin_f & bit or not fav & bit:
                        bad = True
                    gin_f |= bit
            if bad or gin_nat > nat_left or gin_j > jav:
                continue
            left_nat = nat_left - gin_nat
            for lead in leads:
                lead_j = sum(p for p, _ in lead)
                lead_f = 0
                clash = False  # one freed joker in front of two blocks, or also after one
                for _p, m in lead:
                    clash = clash or bool(m & (lead_f | gin_f))
                    lead_f |= m
                if clash or gin_j + lead_j > jav:
                    continue
                left_j = jav - gin_j - lead_j
                left_f = fav & ~gin_f & ~lead_f
                for starts in _start_multisets(kinds, left_nat, left_j, left_f):
                    if closed_complete and any(p == 0 and m == 0 for p, m in starts):
                        continue
                    k_nat = n_nat + gin_nat + len(starts)
                    jr = n_j + gin_j + lead_j + sum(p for p, _ in starts)
                    f_all = fr | gin_f | lead_f
                    for _p, m in starts:
                        f_all |= m
                    if at_top_ace:
                        xs = [k_nat] if k_nat >= t else []
                    else:
                        xs = list(range(max(t, k_nat), t + r + 1))
                    for x in xs:
                        if x < t + r and closes_complete:
                            # a rack piece left aside could have ended a run that closes here
                            continue
                        option = self._finish(
                            runs,
                            decisions,
                            glue,
                            gin,
                            starts,
                            lead,
                            ctx,
                            t,
                            x,
                            k_nat,
                            jr,
                            f_all,
                            new_res,
                            reservation,
                            t + r - x,
                        )
                        if option is not None:
                            yield option

    def _leads(
        self, ctx: LaneContext, glue: tuple[int, ...], jav: int, fav: int
    ) -> list[tuple[tuple[int, int], ...]]:
        """Jokers alone before each block starting at this value (plain ones, and a freed
        one or none), where no run closes into it: every choice, one entry per block.

        Only the sweep that places every joker needs them: the other one adds spare jokers
        to the melds afterwards, in front of blocks too."""
        shape = self.shape
        nf = len(ctx.fin)
        choices: list[list[tuple[int, int]]] = []
        for slot, entry in enumerate(ctx.gout):
            here = [(0, 0)]
            if not ctx.essential and slot not in glue:
                # with ace high a capped block may not reach down to the low ace
                room = ctx.v - (2 if entry & CAPPED else 1)
                if shape.forbid_adj:
                    room = 0 if entry & JOKER_END else min(room, 1)
                for pre in range(1, room + 1):
                    if pre <= jav:
                        here.append((pre, 0))
                    for i in range(nf):
                        own = ctx.fin[i][4] == ctx.gout_blocks[slot]  # not back where it was
                        if fav & (1 << i) and pre - 1 <= jav and not own:
                            here.append((pre - 1, 1 << i))
            choices.append(here)
        return list(itertools.product(*choices))

    def _finish(
        self,
        runs: tuple[int, ...],
        decisions: tuple[object, ...],
        glue: tuple[int, ...],
        gin: tuple[object, ...],
        starts: tuple[tuple[int, int], ...],
        lead: tuple[tuple[int, int], ...],
        ctx: LaneContext,
        t: int,
        x: int,
        k_nat: int,
        jr: int,
        f_all: int,
        new_res: int,
        reservation: tuple[int, int],
        spare: int,
    ) -> LaneOption | None:
        shape = self.shape
        v = ctx.v
        min_len = shape.min_len
        new_runs: list[int] = []
        fin = ctx.fin

        def f_update(code: int, natural: bool, fmask: int) -> int | None:
            for i, (active, in_ranks, _a1, ak, _own) in enumerate(fin):
                hb, cb = has_f(i), cov_f(i)
                if fmask & (1 << i):
                    code |= hb
                if not active:
                    code &= ~(hb | cb)
                    continue
                if in_ranks and not natural:
                    code &= ~cb
                if code & hb and code & cb and v >= ak:
                    return None
                if not code & cb:
                    code &= ~hb
            return code

        for code, d in zip(runs, decisions, strict=True):
            if d in ("C", "G"):
                continue
            was_complete = (code & LEN_MASK) >= min_len
            length = min(min_len, (code & LEN_MASK) + 1)
            base = (code & ~(LEN_MASK | LJ | PEND)) | length
            if d == "N":
                new = f_update(base, True, 0)
            else:
                if shape.forbid_adj:
                    base |= LJ
                if ctx.essential and was_complete:
                    base |= PEND
                fmask = (1 << d[1]) if isinstance(d, tuple) else 0
                new = f_update(base, False, fmask)
            if new is None:
                return None
            new_runs.append(new)
        for d, block, flags in zip(gin, ctx.gin_blocks, ctx.gin, strict=True):
            if d is None:
                continue
            code = min_len | (LOW if flags & CAPPED else 0)
            if d != "N" and shape.forbid_adj:
                code |= LJ
            if d != "N" and ctx.essential:
                code |= PEND
            fmask = (1 << d[1]) if isinstance(d, tuple) else 0
            for i, entry in enumerate(fin):
                if entry[4] == block:
                    if fmask & (1 << i):
                        return None  # a freed joker never goes back into its own meld
                    code |= cov_f(i)
                else:
                    if fmask & (1 << i):
                        code |= has_f(i)
                    if entry[0] and v <= entry[2]:
                        # as for a run starting here: from b6 b7 j freed by b8, the run
                        # grown from a block below by b6 b7 b8 holds its naturals
                        code |= cov_f(i)
            new = f_update(code, d == "N", 0)
            if new is None:
                return None
            new_runs.append(new)
        for p, m in starts:
            length = min(min_len, p + m.bit_count() + 1)
            code = length
            if ctx.essential and (p or m) and not shape.forbid_adj:
                code |= TOPREQ
            if shape.ace_high and v - p - m.bit_count() == 1:
                code |= LOW
            # freed-joker cover: a run starting here holds the ranks below it as jokers
            for i, (active, _in_ranks, a1, _ak, _own) in enumerate(fin):
                if active and v <= a1:
                    code |= cov_f(i)
            new = f_update(code, True, m)
            if new is None:
                return None
            new_runs.append(new)
        lane = self.intern((new_res, tuple(sorted(new_runs))))
        used = x - t
        detail = (decisions, glue, gin, starts, reservation, x, t, tuple(new_runs), lead)
        return LaneOption(lane, x - k_nat, jr, f_all, used, x, len(starts), spare, detail)


def _subsets_of(mask: int) -> list[int]:
    """Every sub-mask of ``mask``."""
    found = []
    sub = mask
    while True:
        found.append(sub)
        if sub == 0:
            return found
        sub = (sub - 1) & mask


def _run_products(
    runs: tuple[int, ...], per_run: list[list[object]]
) -> Iterator[tuple[object, ...]]:
    """Decision tuples, one choice per run; identical runs take choices in a fixed order."""
    if not runs:
        yield ()
        return
    orders = [{c: k for k, c in enumerate(choices)} for choices in per_run]
    for combo in itertools.product(*per_run):
        ok = True
        for k in range(1, len(runs)):
            if runs[k] == runs[k - 1] and orders[k][combo[k]] < orders[k - 1][combo[k - 1]]:
                ok = False
                break
        if ok:
            yield combo


def _glue_assignments(
    decisions: tuple[object, ...], runs: tuple[int, ...], ctx: LaneContext, shape: MeldShape
) -> list[tuple[int, ...]]:
    """Which block each run closing into a block joins (indexes into ctx.gout)."""
    closing = [k for k, d in enumerate(decisions) if d == "G"]
    if not closing:
        return [()]
    found: list[tuple[int, ...]] = []
    for chosen in itertools.permutations(range(len(ctx.gout)), len(closing)):
        ok = True
        for k, slot in zip(closing, chosen, strict=True):
            code = runs[k]
            if shape.forbid_adj and code & LJ and ctx.gout[slot] & JOKER_END:
                ok = False
            if code & LOW and ctx.gout[slot] & CAPPED:
                ok = False  # the run would hold both aces
            for i, entry in enumerate(ctx.fin):
                if code & has_f(i) and ctx.gout_blocks[slot] == entry[4]:
                    ok = False
        if ok:
            found.append(chosen)
            break  # the first assignment the flags allow: blocks meeting here differ only in
            # their far ends, which the sweep does not tell apart (the ace split covers that)
    return found


def _start_multisets(
    kinds: list[tuple[int, int]], naturals: int, jokers: int, fav: int
) -> Iterator[tuple[tuple[int, int], ...]]:
    """Multisets of new runs (each a kind) fitting the naturals, jokers and freed jokers."""

    def rec(
        index: int, nat: int, jok: int, fmask: int, acc: tuple[tuple[int, int], ...]
    ) -> Iterator[tuple[tuple[int, int], ...]]:
        yield acc
        if nat == 0:
            return
        for k in range(index, len(kinds)):
            p, m = kinds[k]
            if p > jok or m & ~fmask:
                continue
            yield from rec(k if not m else k + 1, nat - 1, jok - p, fmask & ~m, (*acc, (p, m)))

    yield from rec(0, naturals, jokers, fav, ())


_LANES: Final[dict[MeldShape, Lanes]] = {}


def lanes_for(shape: MeldShape) -> Lanes:
    found = _LANES.get(shape)
    if found is None or len(found.states) > 200_000:
        found = Lanes(shape)
        _LANES[shape] = found
    return found
