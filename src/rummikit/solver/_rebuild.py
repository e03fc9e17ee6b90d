"""The general sweep's answer read back as melds, and the spare jokers added to them.

:func:`_rebuild` follows the sweep's best path value by value: the runs each lane opened,
grew and closed, the groups each value's naturals split into, what joined the kept blocks.
The sweep places jokers only where a meld needs them; :func:`_absorb` then adds the spare
ones to finished melds (table jokers first, a freed joker never where it came from).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import cast

import attrs

from rummikit.meld import Meld, MeldKind
from rummikit.options import FreedJoker
from rummikit.pieces import JOKER, Tile
from rummikit.profile import RuleProfile
from rummikit.reading import MeldReading
from rummikit.solver._dp import FRestriction, groups_for
from rummikit.solver._fast_moves import ACE_HIGH_TOP
from rummikit.solver._frozen import _frozen_group
from rummikit.solver._setup import _group_meld, _run_meld, _Setup, _tile
from rummikit.solver._sweep_problem import BLOCK_JOKER_SHIFT, Problem, SweepResult, _glue_tables
from rummikit.table import TableState


@attrs.define
class _Run:
    code: int
    suit: int
    tiles: list[Tile]
    left_of: int = -1
    right_of: int = -1
    layer: int = 0


def _rebuild(setup: _Setup, problem: Problem, outcome: SweepResult) -> list[tuple[Meld, str]]:
    """The melds of the best final state, each tagged ``run``, ``group``, ``kept`` (a kept
    group), ``fixed`` (a frozen joker group, which takes no more joker) or ``pure`` (an
    opening meld made only of rack pieces)."""
    shape = problem.shape
    nsuits = shape.nsuits
    layers = problem.layers
    _gout, _gin, gout_blocks, gin_blocks = _glue_tables(problem)
    open_runs: list[list[_Run]] = [[] for _ in range(nsuits * layers)]
    closed: list[_Run] = []
    groups: list[tuple[Meld, str]] = []
    group_ext: dict[int, list[Tile]] = {}
    in_front: dict[int, list[Tile]] = {}  # jokers alone before a run block
    for v, step in zip(range(1, shape.top + 1), outcome.steps, strict=True):
        for s in range(nsuits):
            for layer in range(layers):
                option = step.options[s][layer]
                decisions, glue, gin, starts, _res, _x, _t, new_codes, lead = option.detail
                lane = layer * nsuits + s
                records = sorted(open_runs[lane], key=_code_of)
                kept: list[_Run] = []
                glue_iter = iter(glue)  # type: ignore[call-overload]
                for run, d in zip(records, decisions, strict=True):  # type: ignore[call-overload]
                    if d == "C":
                        closed.append(run)
                    elif d == "G":
                        slot = next(glue_iter)
                        run.left_of = gout_blocks[(s, v)][slot] if layer == 0 else -1
                        closed.append(run)
                    else:
                        run.tiles.append(_tile(setup, s, v) if d == "N" else JOKER)
                        kept.append(run)
                blocks_here = gin_blocks.get((s, v), ()) if layer == 0 else ()
                if layer == 0:
                    fronts = cast("tuple[tuple[int, int], ...]", lead)
                    for slot, (plain, freed) in enumerate(fronts):
                        if plain or freed:  # jokers alone in front of a block
                            count = plain + (1 if freed else 0)
                            in_front[gout_blocks[(s, v)][slot]] = [JOKER] * count
                for d, block in zip(gin, blocks_here, strict=False):  # type: ignore[call-overload]
                    if d is None:
                        continue
                    tile = _tile(setup, s, v) if d == "N" else JOKER
                    kept.append(_Run(0, s, [tile], right_of=block, layer=layer))
                for p, m in starts:  # type: ignore[attr-defined]
                    pre = p + m.bit_count()  # plain jokers, then freed ones
                    kept.append(_Run(0, s, [JOKER] * pre + [_tile(setup, s, v)], layer=layer))
                for run, code in zip(kept, new_codes, strict=True):  # type: ignore[call-overload]
                    run.code = code
                open_runs[lane] = kept
        # groups, per layer
        for layer in range(layers):
            counts = [step.options[s][layer].g for s in range(nsuits)]
            jokers, fmask, ext = step.groups[layer]
            if layer == 0 and ext:
                here = [
                    index for index, block in enumerate(problem.group_blocks) if block.value == v
                ]
                for index, mask in zip(here, ext, strict=True):
                    for s in range(nsuits):
                        if mask >> s & 1:
                            counts[s] -= 1
                            group_ext.setdefault(index, []).append(_tile(setup, s, v))
                    jokers_in = mask >> BLOCK_JOKER_SHIFT
                    group_ext.setdefault(index, []).extend([JOKER] * jokers_in)
            if not any(counts):
                continue
            fj = tuple(i for i in range(len(problem.freed)) if fmask >> i & 1)
            forbidden = tuple(
                problem.freed[i].group_suits if problem.freed[i].group_value == v else None
                for i in fj
            )
            partition = groups_for(shape, tuple(counts), jokers, fj, forbidden)
            assert partition is not None
            for suits, nj, fjs in partition:
                tiles = [_tile(setup, s, v) for s in suits] + [JOKER] * (nj + len(fjs))
                groups.append((_group_meld(tiles), "pure" if layer else "group"))
    for lane_runs in open_runs:
        closed.extend(lane_runs)
    melds: list[tuple[Meld, str]] = []
    left: dict[int, list[Tile]] = {}
    right: dict[int, list[Tile]] = {}
    for run in closed:
        if run.left_of >= 0:
            left[run.left_of] = run.tiles
        elif run.right_of >= 0:
            right[run.right_of] = run.tiles
        else:
            melds.append((_run_meld(run.tiles), "pure" if run.layer else "run"))
    for index, layout in enumerate(setup.run_block_tiles):
        original = setup.run_block_melds[index]
        below, above = left.get(index, in_front.get(index, [])), right.get(index, [])
        # what was joined to the block and makes a run by itself stays a run of its own: a
        # joker freed elsewhere may then lie in the block's other end (r2 j + r4 r5 j, and
        # r7 r8 r9 apart: together they would hold the r7 and r9 the joker left)
        if _run_alone(setup.profile, below):
            melds.append((_run_meld(below), "run"))
            below = []
        if _run_alone(setup.profile, above):
            melds.append((_run_meld(above), "run"))
            above = []
        if not below and not above and original:
            melds.append((original, "run"))
        else:
            melds.append((_run_meld([*below, *layout, *above]), "run"))
    for index, layout in enumerate(setup.group_block_tiles):
        original = setup.group_block_melds[index]
        extra = group_ext.get(index, [])
        # a frozen joker group takes no joker; any other kept group may (table play
        # forbidden: it may only grow)
        tag = "fixed" if _frozen_group(setup.profile, layout) else "kept"
        if not extra and original is not None:
            melds.append((original, tag))
        else:
            melds.append((_group_meld([*layout, *extra]), tag))
    melds.extend(groups)
    return melds


def _run_alone(profile: RuleProfile, tiles: list[Tile]) -> bool:
    """Whether ``tiles``, joined to a run block, make a valid run without it."""
    return len(tiles) >= profile.min_meld_length and profile.is_valid_meld(
        Meld(tuple(tiles), MeldKind.RUN)
    )


def _code_of(run: _Run) -> int:
    return run.code


def _absorb(
    setup: _Setup,
    before: TableState,
    melds: list[tuple[Meld, str]],
    freed_left: list[FRestriction],
    *,
    every_rack_joker: bool = True,
) -> list[Meld] | None:
    """Add the jokers the sweep left aside to finished melds; None if they do not all fit.

    Table jokers (and freed jokers, each away from the meld it left) must all be placed;
    rack jokers are placed too, as each adds to the score (without ``every_rack_joker``,
    those that do not fit stay on the rack).
    """
    profile = setup.profile
    # an opening meld's jokers (``pure``) are the rack's: the table's go elsewhere
    pure = sum(m.tiles.count(JOKER) for m, tag in melds if tag == "pure")
    # (less the rack jokers laid in a tierce's block, see _tierce_windows)
    placed = (
        sum(m.tiles.count(JOKER) for m, tag in melds if tag != "pure")
        + sum(m.tiles.count(JOKER) for m in setup.untouched)
        - setup.forced.count(JOKER)
    )
    on_table = sum(m.tiles.count(JOKER) for m in before.melds)
    mandatory = max(0, on_table - placed)
    optional = setup.rack_jokers - pure - max(0, placed - on_table)
    if mandatory == 0 and optional == 0:
        return [m for m, _tag in melds]
    if optional < 0:
        return None
    old_keys = Counter(m.key for m in before.melds)
    # runs in layout order (a kept meld keeps the order it was given in): jokers join at ends
    work: list[list[object]] = [[_in_order(profile, m), m.kind, tag, m] for m, tag in melds]
    # new melds first, so that old melds are disturbed only when needed
    order = sorted(range(len(work)), key=lambda i: (melds[i][0].key in old_keys, i))
    restricted = list(freed_left)
    plain_mandatory = mandatory - len(restricted)
    if plain_mandatory < 0:
        return None
    # under the stricter variants a freed joker goes into a new meld: one holding every
    # tile of no old meld (the judge has the last word on the rest of those rules)
    olds = (
        []
        if profile.freed_joker is FreedJoker.ANYWHERE
        else [Counter(m.tiles) for m in before.melds]
    )
    for restriction in restricted:
        if not _place_joker(setup, work, order, restriction, table_joker=True, olds=olds):
            return None
    for _ in range(plain_mandatory):
        if not _place_joker(setup, work, order, None, table_joker=True):
            return None
    for _ in range(optional):
        if not _place_joker(setup, work, order, None, table_joker=False):
            if every_rack_joker:
                return None
            break
    result = []
    for tiles, kind, _tag, original in work:
        assert isinstance(tiles, list)
        assert isinstance(original, Meld)
        if tiles == _in_order(profile, original):
            result.append(original)
        elif (
            kind is MeldKind.GROUP
            or _tag in ("group", "fixed", "kept")
            or (_tag == "pure" and profile.read_meld(original).kind is MeldKind.GROUP)
        ):
            result.append(_group_meld(tiles))
        else:
            result.append(_run_meld(tiles))
    return result


def _in_order(profile: RuleProfile, meld: Meld) -> list[Tile]:
    """The tiles of ``meld``, a run's in layout order (low to high)."""
    reading = profile.read_meld(meld)
    return list(reading.layout if reading.kind is MeldKind.RUN else meld.tiles)


def _holds_all(setup: _Setup, tiles: list[Tile], restriction: FRestriction) -> bool:
    """Whether ``tiles`` hold every natural of the meld a freed joker left."""
    present = {setup.value_of(t) for t in tiles if t.suit is not None}
    # a high ace stands at 14 in a run's ranks; a piece is 1 here (the same ace)
    run_held = (
        restriction.run_suit >= 0
        and bool(restriction.ranks)
        and all(
            (restriction.run_suit, 1 if r == ACE_HIGH_TOP else r) in present
            for r in restriction.ranks
        )
    )
    group_held = (
        bool(restriction.group_value)
        and bool(restriction.group_suits)
        and all((s, restriction.group_value) in present for s in restriction.group_suits)
    )
    return run_held or group_held


def _place_joker(
    setup: _Setup,
    work: list[list[object]],
    order: list[int],
    restriction: FRestriction | None,
    table_joker: bool,
    olds: Sequence[Counter[Tile]] = (),
) -> bool:
    """Add one joker to the first meld of ``work`` (in ``order``) that takes it; False when
    none does. A freed joker (``restriction``) avoids melds holding every natural of the
    meld it left and, with ``olds``, melds holding every tile of an old meld (stricter than
    the judge, which counts a twin of an old meld left unchanged as new: the sweep then
    places the joker itself)."""
    profile = setup.profile
    for index in order:
        tiles, _kind, tag, original = work[index]
        assert isinstance(tiles, list)
        assert isinstance(original, Meld)
        if tag == "fixed" or (tag == "pure" and table_joker):
            continue
        if restriction is not None and _holds_all(setup, tiles, restriction):
            continue
        if olds and any(not old - Counter(tiles) for old in olds):
            continue  # not a new meld
        reading = profile.read_meld(original)
        if reading.kind is MeldKind.GROUP:
            if len(tiles) < profile.max_group_size:
                tiles.append(JOKER)
                return True
            continue
        grown = _grow_run(profile, tiles, reading)
        if grown is not None:
            work[index][0] = grown
            return True
    return False


def _grow_run(profile: RuleProfile, tiles: list[Tile], reading: MeldReading) -> list[Tile] | None:
    """``tiles`` (a run in layout order: ``reading``'s layout with jokers added at its ends)
    with one more joker at an end, if it fits."""
    if len(tiles) >= 13:
        return None
    below = _leading_jokers(tiles) - _leading_jokers(reading.layout)
    above = len(tiles) - len(reading.layout) - below
    lo = reading.ranks[0] - below
    hi = reading.ranks[-1] + above
    top = 14 if profile.ace_high else 13
    high_limit = 13 if lo == 1 else top
    low_limit = 2 if hi == 14 else 1
    adjacent = profile.forbid_adjacent_jokers
    if hi < high_limit and not (adjacent and tiles[-1].suit is None):
        return [*tiles, JOKER]
    if lo > low_limit and not (adjacent and tiles[0].suit is None):
        return [JOKER, *tiles]
    return None


def _leading_jokers(tiles: Sequence[Tile]) -> int:
    count = 0
    for tile in tiles:
        if tile.suit is not None:
            break
        count += 1
    return count
