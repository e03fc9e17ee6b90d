"""Table melds kept as blocks, and every way to keep or free pagat's frozen joker melds.

A meld that may only grow (a frozen joker meld kept, or any meld where the table may not be
rearranged) is a block around the sweep: a run grows at its ends, a group takes missing
suits. A frozen joker meld is either kept, or released: the exact piece each joker stands
for is played (from the rack, or from the table where the profile allows), the meld's
naturals rejoin the sweep and the freed joker must go elsewhere, never into a meld holding
every natural of the meld it left (:class:`~rummikit.solver._dp.FRestriction`).
:func:`_frozen_variants` lists every such choice as a setup.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

from rummikit.judge import releases_in_order, replacements
from rummikit.meld import Meld, MeldKind
from rummikit.options import JokerPolicy
from rummikit.pieces import JOKER, Tile
from rummikit.profile import RuleProfile
from rummikit.reading import MeldReading
from rummikit.solver._dp import FRestriction
from rummikit.solver._setup import _Setup
from rummikit.solver._sweep_problem import GroupBlock, RunBlock


def _frozen_group(profile: RuleProfile, layout: Sequence[Tile]) -> bool:
    """Whether a kept group takes no joker: Pagat's frozen joker group. Where the table is
    only extended (standard rummy) the frozen rule asks nothing more, as in the judge, and a
    group holding a joker may take another."""
    return (
        profile.joker_policy is JokerPolicy.FROZEN
        and profile.table_manipulation
        and JOKER in layout
    )


def _run_block(setup: _Setup, reading: MeldReading, layout: Sequence[Tile]) -> RunBlock:
    suit = setup.suits.index(reading.suit)
    return RunBlock(
        suit,
        reading.ranks[0],
        reading.ranks[-1],
        int(layout[0].suit is None),
        int(layout[-1].suit is None),
    )


def _keep(setup: _Setup, meld: Meld, reading: MeldReading, layout: tuple[Tile, ...]) -> None:
    """Keep ``meld`` as a block (``layout`` may hold released places filled)."""
    original = meld if layout == reading.layout else None
    if reading.kind is MeldKind.RUN:
        setup.run_blocks.append(_run_block(setup, reading, layout))
        setup.run_block_tiles.append(layout)
        setup.run_block_melds.append(original)
    else:
        naturals = [setup.suits.index(t.suit) for t in layout if t.suit is not None]
        value = reading.ranks[0]
        if setup.profile.group_distinct_suits:
            rooms = tuple(s for s in range(4) if s not in naturals)
        else:
            rooms = tuple(range(4))
        setup.group_blocks.append(
            GroupBlock(
                value, tuple(naturals), len(layout), not _frozen_group(setup.profile, layout)
            )
        )
        setup.group_block_rooms.append(rooms)
        setup.group_block_tiles.append(layout)
        setup.group_block_melds.append(original)


def _restriction(setup: _Setup, reading: MeldReading, block: int) -> FRestriction:
    naturals = [t for t in reading.layout if t.suit is not None]
    if reading.kind is MeldKind.RUN:
        suit = setup.suits.index(reading.suit)
        ranks = tuple(
            r for r, t in zip(reading.ranks, reading.layout, strict=True) if t.suit is not None
        )
        if len(ranks) == 1:
            return FRestriction(suit, ranks, ranks[0], (suit,), block)
        return FRestriction(suit, ranks, 0, (), block)
    suits = tuple(sorted(setup.suits.index(t.suit) for t in naturals))
    value = reading.ranks[0]
    if len(suits) == 1:
        return FRestriction(suits[0], (value,), value, suits, block)
    return FRestriction(-1, (), value, suits, block)


def _frozen_variants(setup: _Setup, frozen: list[tuple[Meld, MeldReading]]) -> list[_Setup]:
    """Every choice of keep, partial release or release for the frozen melds.

    A meld sharing a natural with another frozen meld may also have every joker released
    and still be kept as a block: the other meld's freed joker may then join it, a meld
    holding the naturals of the one it left besides those of the meld kept there (from
    ``j b2 b3 | j b2 b3`` with ``b1 b1``, ``b1 b2 b3 j | b1 b2 b3 j``: the jokers swap).
    """
    free = Counter(t for meld in setup.free_melds for t in meld.tiles)  # free from the start
    variants = [setup]
    for k, (meld, reading) in enumerate(frozen):
        grown: list[_Setup] = []
        joker_places = [i for i, t in enumerate(reading.layout) if t.suit is None]
        # released: every joker replaced (dissolved), or some (kept, the rest in place)
        counts = [(n, n == len(joker_places) and n > 0) for n in range(len(joker_places) + 1)]
        if joker_places and any(
            _shelters(reading, other) for j, (_, other) in enumerate(frozen) if j != k
        ):
            counts.append((len(joker_places), False))  # every joker replaced, the meld kept
        for base in variants:
            for count, dissolve in counts:
                for chosen in itertools.combinations(joker_places, count):
                    choice_lists = [replacements(setup.profile, reading, p) for p in chosen]
                    for picks in itertools.product(*choice_lists):
                        paid = [t for pick in picks for t in pick]
                        placed = dict(zip(chosen, picks, strict=True))
                        grown.extend(
                            variant
                            for variant, taken in _payments(base, paid, kept=not dissolve)
                            if _release(variant, meld, reading, placed, taken, dissolve)
                        )
        variants = grown
    # a frozen meld gives no piece up before its own jokers are replaced: the releases must
    # follow one another (no two melds freeing each other's jokers)
    return [
        variant
        for variant in variants
        if _settle(variant) and releases_in_order(free, variant.releases)
    ]


def _release(
    variant: _Setup,
    meld: Meld,
    reading: MeldReading,
    picks: dict[int, tuple[Tile, ...]],
    taken: Counter[Tile],
    dissolve: bool,
) -> bool:
    """Record a frozen meld with the jokers at ``picks`` (place: pieces) replaced: kept as
    a block, or dissolved into the sweep (its naturals become table pieces). False when
    the kept meld cannot hold the pieces (``joker_group3_both_colours``: both missing
    colours for each joker of ``j j k6`` make a group of five)."""
    if picks:  # a kept meld gives up nothing; a dissolved one its naturals
        gives = Counter(t for t in reading.layout if dissolve and t.suit is not None)
        variant.releases.append((gives, taken))
    if dissolve:
        variant.add_table([t for t in reading.layout if t.suit is not None])
        variant.free_melds.append(meld)
        for _ in picks:
            variant.freed.append(_restriction(variant, reading, -1))
        return True
    layout = list(reading.layout)
    for place, pick in picks.items():
        layout[place] = pick[0]
        layout.extend(pick[1:])  # a group: the other missing colours join it
    if reading.kind is MeldKind.GROUP:
        if len(layout) > variant.profile.max_group_size:
            return False
        suits = [t.suit for t in layout if t.suit is not None]
        if variant.profile.group_distinct_suits and len(set(suits)) < len(suits):
            return False  # two jokers replaced by the same piece: b2 b2 in j j o2 r2
    index = (
        len(variant.run_blocks) if reading.kind is MeldKind.RUN else -10 - len(variant.group_blocks)
    )
    _keep(variant, meld, reading, tuple(layout))
    for _ in picks:
        variant.freed.append(_restriction(variant, reading, index))
    return True


def _shelters(home: MeldReading, other: MeldReading) -> bool:
    """Whether the freed joker of ``other`` may join ``home`` kept in place where the sweep,
    ``home`` dissolved, would refuse it: a meld like ``home`` may hold every natural of
    ``other`` and the two share one, which then counts as ``home``'s."""
    naturals = [t for t in other.layout if t.suit is not None]
    if not set(naturals) & {t for t in home.layout if t.suit is not None}:
        return False
    if home.kind is MeldKind.RUN:
        return all(t.suit == home.suit for t in naturals)
    return all(t.rank == home.ranks[0] for t in naturals)


def _payments(
    setup: _Setup, tiles: list[Tile], *, kept: bool
) -> Iterator[tuple[_Setup, Counter[Tile]]]:
    """Every way to play the pieces that replace jokers: each from the rack, or from the
    table where allowed (a copy on the table now, or one a frozen meld released later
    gives up). Yields a copy of ``setup`` with the pieces paid, and the pieces taken from
    the table.

    In a kept meld the piece takes the joker's place in the block; in a released meld it
    joins the sweep like any table piece. Both sources are tried when both hold a copy:
    which one pays decides what is left for the rest of the play.
    """
    if not tiles:
        yield setup.copy(), Counter()
        return
    *rest, tile = tiles
    from_table = setup.profile.joker_replacement_from_table
    for paid, taken in _payments(setup, rest, kept=kept):
        s, v = paid.value_of(tile)
        if from_table:
            table = paid.copy()
            # one piece replaces one joker: those already standing for one are not free
            if table.table[s][v] - table.replacing.count((s, v)) > 0:
                if kept:
                    table.table[s][v] -= 1  # it moves from the sweep into the block
                else:
                    table.replacing.append((s, v))  # it stays in the sweep, where it replaced
            else:  # another frozen meld, released later, may hold it: settled by _settle
                table.owed.append((tile, kept))
            yield table, taken + Counter([tile])
        if paid.take_from_rack(tile):
            paid.forced.append(tile)
            if not kept:
                paid.table[s][v] += 1
                paid.swept.append(tile)
                paid.replacing.append((s, v))
            yield paid, taken


def _settle(setup: _Setup) -> bool:
    """Take the replacements :func:`_payments` owed from the table, now that every released
    frozen meld's pieces are on it; False when one is missing."""
    for tile, kept in setup.owed:
        s, v = setup.value_of(tile)
        if setup.table[s][v] - setup.replacing.count((s, v)) <= 0:
            return False
        if kept:
            setup.table[s][v] -= 1  # it moves from the sweep into the block
        else:
            setup.replacing.append((s, v))  # it stays in the sweep, where it replaced
    setup.owed = []
    return True
