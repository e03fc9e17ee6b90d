"""Freeing a frozen joker: which tile replaces it, from where, and where the joker goes next.

Used by the joker rule (:mod:`rummikit.judge._jokers`) once each old meld has a home; the
solver asks :func:`replacements` and :func:`releases_in_order` the same questions.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Final

import attrs

from rummikit.judge._common import tiles_of, within
from rummikit.meld import Meld, MeldKind
from rummikit.options import FreedJoker
from rummikit.pieces import Tile
from rummikit.profile import RuleProfile
from rummikit.reading import MeldReading
from rummikit.table import TableState
from rummikit.verdict import Violation


def release_choices(
    releases: list[Release],
) -> Iterator[tuple[list[Release], tuple[int, ...]]]:
    """Each order in which the released jokers may take their replacements, with each
    choice of replacement per joker. The order matters only where two jokers want one
    tile (the first takes it); then, for a few jokers at most, every order is tried."""
    tiles = [set().union(*(choice.keys() for choice in r[-1])) for r in releases]
    shared = any(tiles[i] & tiles[j] for j in range(len(tiles)) for i in range(j))
    orders: Iterable[tuple[int, ...]] = (
        itertools.permutations(range(len(releases)))
        if shared and len(releases) <= _ORDERED_RELEASES
        else [tuple(range(len(releases)))]  # no tile wanted twice: the order does not matter
    )
    for order in orders:
        ordered = [releases[i] for i in order]
        for picks in itertools.product(*(range(len(wanted)) for *_, wanted in ordered)):
            yield ordered, picks


_ORDERED_RELEASES: Final = 4
"""Up to this many released jokers, every order of taking replacements is tried."""


@attrs.define
class Stock:
    """Where replacements come from, used up as jokers are replaced: the rack tiles played
    (``pool``), the table's tiles no old meld keeps in place (``loose``), and per home the
    tiles it adds to the old melds it keeps (``added``)."""

    pool: Counter[Tile]
    loose: Counter[Tile]
    added: dict[int, Counter[Tile]]


Release = tuple[int, Meld, MeldReading, int, int | None, list[Counter[Tile]]]
"""A released joker: which old meld (an index), the meld, its reading, the joker's place
there, the meld's home, and the ways to replace it (:func:`replacements`)."""


def judge_releases(
    profile: RuleProfile,
    releases: list[Release],
    picks: tuple[int, ...],
    after: TableState,
    fresh: set[int],
    homed: dict[int, Counter[Tile]],
    stock: Stock,
    spare: list[int],
    free: Counter[Tile],
) -> list[Violation]:
    """The violations when each released joker is replaced by its ``picks`` choice."""
    problems: list[Violation] = []
    freed: list[tuple[Meld, int | None]] = []
    # per old meld releasing a joker: its naturals, if it dissolves, and its replacements
    steps: dict[int, tuple[Counter[Tile], Counter[Tile]]] = {}
    for (k, meld, old, place, home, wanted), pick in zip(releases, picks, strict=True):
        problem = _replacement_problem(profile, meld, old, place, after, stock, home, wanted, pick)
        if problem is not None:
            problems.append(problem)
            continue
        freed.append((meld, home))
        if k not in steps:  # a meld kept in place gives up nothing; a dissolved one its naturals
            gives = Counter(t for t in old.layout if home is None and t.suit is not None)
            steps[k] = (gives, Counter())
        steps[k][1].update(wanted[pick])
    if (
        not problems
        and profile.joker_replacement_from_table
        and not releases_in_order(free, list(steps.values()))
    ):
        melds = tuple(dict.fromkeys(meld for meld, _ in freed))
        problems.append(
            Violation(
                "joker_meld_frozen",
                "a meld holding a joker gives no tile up before its joker is replaced, so "
                "these jokers cannot all be freed (each needs a tile another of them holds): "
                + "; ".join(map(str, melds)),
                melds=melds,
            )
        )
    # the rack tiles left once the replacements are taken: the new melds' rack tiles
    if freed and not _place_freed_jokers(profile, freed, after, spare, fresh, stock.pool, homed):
        where = {
            FreedJoker.ANYWHERE: "in another meld",
            FreedJoker.NEW_MELD: "in a new meld",
            FreedJoker.NEW_MELD_2_RACK: "in a new meld with at least two rack tiles",
        }[profile.freed_joker]
        melds = tuple(dict.fromkeys(meld for meld, _ in freed))
        problems.append(
            Violation(
                "freed_joker_misplaced",
                "a freed joker must be played again this turn "
                + where
                + ", never back into the meld it left: "
                + "; ".join(map(str, melds)),
                melds=melds,
            )
        )
    return problems


def keeps_an_old_meld(olds: list[Meld], meld: Meld) -> bool:
    """Whether ``meld`` holds every tile of one of the old melds ``olds``."""
    tiles = Counter(meld.tiles)
    return any(within(Counter(old.tiles), tiles) for old in olds)


def releases_in_order(
    free: Counter[Tile], steps: list[tuple[Counter[Tile], Counter[Tile]]]
) -> bool:
    """Whether frozen melds can release their jokers one after another.

    Each step is (the naturals a meld gives up once its joker is replaced, the replacements
    it takes). A replacement comes from ``free`` (the rack, melds free from the start) or
    from a meld released earlier: a meld holding a joker gives nothing up before. Every
    order is tried, sets of released melds remembered (a few melds at most)."""
    total = (1 << len(steps)) - 1
    stuck: set[int] = set()

    def reach(done: int) -> bool:
        if done == total:
            return True
        if done in stuck:
            return False
        supply = Counter(free)
        for i, (gives, takes) in enumerate(steps):
            if done >> i & 1:
                supply.update(gives)
                supply.subtract(takes)
        for i, (_, takes) in enumerate(steps):
            ready = not done >> i & 1 and all(supply[t] >= n for t, n in takes.items())
            if ready and reach(done | 1 << i):
                return True
        stuck.add(done)
        return False

    return reach(0)


def replacements(profile: RuleProfile, old: MeldReading, place: int) -> list[tuple[Tile, ...]]:
    """The ways to replace the joker at ``place`` of ``old`` (a frozen meld): each the
    pieces it takes. One of the pieces it may stand for, or, in a group of three under
    ``joker_group3_both_colours``, all of them together."""
    substitute = old.stands_for[place]
    assert substitute is not None
    options = substitute.tiles
    both = profile.joker_group3_both_colours and old.kind is MeldKind.GROUP and len(old.layout) == 3
    return [tuple(options)] if both else [(tile,) for tile in options]


def _replacement_problem(
    profile: RuleProfile,
    meld: Meld,
    old: MeldReading,
    place: int,
    after: TableState,
    stock: Stock,
    home: int | None,
    wanted: list[Counter[Tile]],
    pick: int,
) -> Violation | None:
    """Whether the joker at ``place`` was replaced by ``wanted[pick]``, one of the ways to
    replace it (:func:`replacements`); takes it from ``stock``.

    With a ``home`` (the meld keeping ``old`` in place), the replacement must be one of the
    tiles that meld adds, standing where the joker stood; under the default rule it comes
    from the rack (``stock.pool``) as well. Every replacement is also taken from
    ``stock.loose``, the table's tiles no old meld keeps in place: a tile left where it was
    in a meld holding a joker replaces nothing (from ``b9 o9 r9 j | k9 k10 j k12``,
    ``r9 b9 o9 | k9 k10 j k12`` did not free the group's joker with the run's k9), and one
    tile replaces one joker.
    """
    need = wanted[pick]
    in_place = stock.loose if home is None else stock.added[home]
    from_rack = not profile.joker_replacement_from_table
    if (
        within(need, in_place)
        and within(need, stock.loose)
        and (not from_rack or within(need, stock.pool))
    ):
        if from_rack:
            stock.pool.subtract(need)
        in_place.subtract(need)
        if in_place is not stock.loose:
            stock.loose.subtract(need)
        return None
    substitute = old.stands_for[place]
    assert substitute is not None
    options = substitute.tiles
    both = len(wanted) == 1 and len(options) > 1  # every missing colour, together
    what = " and ".join(map(str, options)) if both else " or ".join(map(str, options))
    source = "the rack" if from_rack else "the table or the rack"
    on_table = tiles_of(after.melds)
    if from_rack and any(within(option, on_table) for option in wanted):
        return Violation(
            "joker_replacement_not_from_rack",
            f"{meld}: the joker may be freed only by {what} from the rack, not from the table",
            melds=(meld,),
        )
    return Violation(
        "joker_meld_frozen",
        f"{meld}: a meld holding a joker may only have tiles added, unless the joker is "
        f"replaced in place by {what} from {source}",
        melds=(meld,),
    )


def _place_freed_jokers(
    profile: RuleProfile,
    freed: list[tuple[Meld, int | None]],
    after: TableState,
    spare: list[int],
    new: set[int],
    from_rack: Counter[Tile],
    homed: dict[int, Counter[Tile]],
) -> bool:
    """Whether each freed joker can be the spare joker of a meld the rule allows.

    ``new`` holds the indexes of new melds: melds that do not keep an old meld in place;
    ``homed`` the naturals of the old melds each meld keeps in place; ``from_rack`` the rack
    tiles not taken as replacements. Where each new meld needs two rack tiles, one rack tile
    counts for one meld only.
    """
    slots = [index for index, count in enumerate(spare) for _ in range(max(count, 0))]
    for chosen in itertools.permutations(slots, len(freed)):
        if all(
            _joker_fits(profile, source, home, index, after, new, from_rack, homed)
            for (source, home), index in zip(freed, chosen, strict=True)
        ) and (
            profile.freed_joker is not FreedJoker.NEW_MELD_2_RACK
            or _two_rack_tiles_each([after.melds[i] for i in dict.fromkeys(chosen)], from_rack)
        ):
            return True
    return False


def _two_rack_tiles_each(melds: list[Meld], from_rack: Counter[Tile]) -> bool:
    """Whether each of ``melds`` can be given two rack tiles it holds, no rack tile twice."""
    if not melds:
        return True
    held = Counter(melds[0].tiles) & from_rack
    kinds = list(held)
    pairs = [
        (kinds[i], kinds[j])
        for i in range(len(kinds))
        for j in range(i, len(kinds))
        if i != j or held[kinds[i]] >= 2
    ]
    return any(_two_rack_tiles_each(melds[1:], from_rack - Counter((a, b))) for a, b in pairs)


def _joker_fits(
    profile: RuleProfile,
    source: Meld,
    home: int | None,
    index: int,
    after: TableState,
    new: set[int],
    from_rack: Counter[Tile],
    homed: dict[int, Counter[Tile]],
) -> bool:
    placed = Counter(after.melds[index].tiles)
    naturals = Counter(tile for tile in source.tiles if tile.suit is not None)
    # back into the meld it left: its home, or a meld holding its naturals besides those of
    # the old melds kept there (a twin of the meld it left is another meld)
    if index == home or not naturals - (placed - homed.get(index, Counter())):
        return False
    if profile.freed_joker is FreedJoker.ANYWHERE:
        return True
    if index not in new:
        return False
    if profile.freed_joker is FreedJoker.NEW_MELD:
        return True
    return sum((placed & from_rack).values()) >= 2
