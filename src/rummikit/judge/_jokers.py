"""Pagat's joker rule: a meld holding a joker is extended in place, or its joker is freed.

Each old meld holding a joker gets a home after the turn (a meld keeping it in place) or
none; every choice of homes is tried, fewest freed jokers first, and the one with fewest
violations is judged (:mod:`rummikit.judge._releases` checks each freed joker).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

from rummikit.judge._common import holds_joker, meld_identities, minus, tiles_of, unmatched
from rummikit.judge._extensions import extends
from rummikit.judge._releases import (
    Stock,
    judge_releases,
    keeps_an_old_meld,
    release_choices,
    replacements,
)
from rummikit.meld import Meld, MeldKind
from rummikit.options import FreedJoker
from rummikit.pieces import JOKER, Tile
from rummikit.profile import RuleProfile
from rummikit.reading import MeldReading
from rummikit.table import TableState
from rummikit.verdict import Violation


def check_frozen_jokers(
    profile: RuleProfile,
    before: TableState,
    after: TableState,
    readings: list[MeldReading | None],
    from_rack: Counter[Tile],
    claimed: frozenset[int] = frozenset(),
    opening: Counter[Tile] | None = None,
) -> list[Violation]:
    """Pagat's rule: a meld holding a joker is extended in place, or its joker is released.

    Each meld that held a joker gets a home: a meld after the turn that keeps it in place,
    or none. Two old melds share a home only if it holds the tiles both keep; of the possible
    choices, the one with fewest violations is judged. A meld equal to an old one may be that
    meld left alone or a new meld beside it, the old one having moved (copies are
    interchangeable, so the reading in the player's favour stands). The jokers of the melds
    ``claimed`` (by index in ``after``) are rack jokers: no freed joker there; the tiles
    of the ``opening``'s melds are the rack's, so none replaces a joker, even where the
    replacement may come from the table.
    """
    if not any(holds_joker(meld) for meld in before.melds):
        return []
    identities = (
        meld_identities(profile, before, jokers_only=True),
        # a claimed meld is the rack's, even one equal to an old meld: that one then left
        [
            (index, key)
            for index, key in meld_identities(profile, after, jokers_only=True)
            if index not in claimed
        ],
    )
    gone, _ = unmatched(before, identities)
    if not gone:
        return []  # every meld holding a joker is still on the table as it was
    # in an order of their own, not the listing's: the replacements are shared out in that
    # order, and the verdict must not depend on how the table was listed
    olds = sorted(
        ((meld, profile.read_meld(meld)) for meld in before.melds if holds_joker(meld)),
        key=lambda item: (item[0].key, repr(item[1].jokers)),
    )
    # the old melds' tiles that are free to move from the start of the turn
    steady = tiles_of(meld for meld in before.melds if not holds_joker(meld))
    fresh: set[int] = set()  # melds that keep no old meld: needed by the new-meld variants
    if profile.freed_joker is not FreedJoker.ANYWHERE:
        # a twin of an old meld still on the table unchanged keeps nothing
        left, _ = unmatched(
            before, (meld_identities(profile, before), meld_identities(profile, after))
        )
        fresh = {
            index for index, _ in identities[1] if not keeps_an_old_meld(left, after.melds[index])
        }
    best: list[Violation] | None = None
    # a claimed meld holds rack tiles only: the home of no old meld
    for homes in _home_choices(olds, after, readings, set(claimed)):
        problems = _judge_homes(
            profile, olds, homes, after, fresh, from_rack, claimed, opening or Counter(), steady
        )
        if best is None or fewer(problems, best):
            best = problems
        if not best:
            break
    return best or []


def fewer(problems: list[Violation], best: list[Violation]) -> bool:
    """Whether ``problems`` should be judged rather than ``best``: fewer violations, and
    between as many, the first in an order that does not depend on how the tables were
    listed (their codes, then the melds they name)."""
    return (len(problems), _order_free(problems)) < (len(best), _order_free(best))


def _order_free(problems: list[Violation]) -> list[tuple[str, list[tuple[int, ...]]]]:
    """``problems`` as the same value however the tables were listed."""
    return sorted((v.code, sorted(meld.key for meld in v.melds)) for v in problems)


_Home = tuple[list[int], int | None]
"""The places of the jokers an old meld released, and the index of the meld keeping it."""


def _home_choices(
    olds: list[tuple[Meld, MeldReading]],
    after: TableState,
    readings: list[MeldReading | None],
    claimed: set[int],
) -> Iterator[tuple[_Home, ...]]:
    """Every way to give each old meld a home, fewest released jokers first.

    A meld ``claimed`` holds rack tiles only: it is the home of no old meld.
    """
    options = [_homes(old, readings, claimed) for _, old in olds]
    choices = sorted(itertools.product(*options), key=lambda homes: sum(len(r) for r, _ in homes))
    for homes in choices:
        kept: dict[int, Counter[Tile]] = {}
        stood: dict[int, Counter[tuple[Tile, ...]]] = {}  # what the kept jokers stand for
        for (_, old), (released, home) in zip(olds, homes, strict=True):
            if home is not None:
                tiles = Counter(t for i, t in enumerate(old.layout) if i not in released)
                kept[home] = kept.get(home, Counter()) + tiles
                stood[home] = stood.get(home, Counter()) + Counter(
                    sub.tiles
                    for i, sub in enumerate(old.stands_for)
                    if sub is not None and i not in released
                )
        if all(not tiles - Counter(after.melds[i].tiles) for i, tiles in kept.items()) and all(
            _jokers_stay(readings[i], need) for i, need in stood.items()
        ):
            yield homes


def _jokers_stay(reading: MeldReading | None, need: Counter[tuple[Tile, ...]]) -> bool:
    """Whether a run holds a joker standing for each tile ``need`` counts: two old melds
    kept in one run cannot both keep a joker standing for the same tile (from
    ``k5 k6 j | j k8 k9``, ``k3 j k5 k6 j k8 k9`` moves one of them to k4)."""
    if reading is None or reading.kind is not MeldKind.RUN:
        return True
    return not need - Counter(sub.tiles for sub in reading.stands_for if sub is not None)


def _homes(old: MeldReading, readings: list[MeldReading | None], claimed: set[int]) -> list[_Home]:
    """Each meld after the turn that keeps ``old`` in place, with the jokers it releases.

    The last choice is no home at all: then every joker of ``old`` must have been released.
    """
    homes: list[_Home] = []
    for index, reading in enumerate(readings):
        if reading is not None and index not in claimed:
            kept, released = extends(old, reading)
            if kept:
                homes.append((released, index))
    homes.append(([i for i, tile in enumerate(old.layout) if tile.suit is None], None))
    return homes


def _judge_homes(
    profile: RuleProfile,
    olds: list[tuple[Meld, MeldReading]],
    homes: tuple[_Home, ...],
    after: TableState,
    fresh: set[int],
    from_rack: Counter[Tile],
    claimed: frozenset[int],
    opening: Counter[Tile],
    steady: Counter[Tile],
) -> list[Violation]:
    """The violations of the joker rule when each old meld has the home given.

    A joker of a group of three may be replaced by either missing colour, and two jokers may
    want one tile: every choice of colour and (up to four released jokers) every order of
    taking the tiles is tried, as one piece replaces one joker and an early choice could
    take the piece a later joker needs. The choice with fewest violations is judged."""
    spare = [Counter(meld.tiles)[JOKER] for meld in after.melds]
    for index in claimed:
        spare[index] = 0  # a claimed meld holds the rack's jokers
    homed: dict[int, Counter[Tile]] = {}  # per meld after: naturals of old melds kept in it
    for (_, old), (released, home) in zip(olds, homes, strict=True):
        if home is not None:
            naturals = Counter(t for t in old.layout if t.suit is not None)
            homed[home] = homed.get(home, Counter()) + naturals
            spare[home] -= len(old.jokers) - len(released)
    # per meld after, the tiles it adds to the old melds it keeps: where replacements stand
    added = {home: minus(Counter(after.melds[home].tiles), kept) for home, kept in homed.items()}
    # the table's tiles not kept in place by an old meld: each replaces one joker at most
    loose = minus(minus(tiles_of(after.melds), sum(homed.values(), Counter())), opening)
    releases = [
        (k, meld, old, place, home, [Counter(way) for way in replacements(profile, old, place)])
        for k, ((meld, old), (released, home)) in enumerate(zip(olds, homes, strict=True))
        for place in released
    ]
    # where a replacement may come from before any frozen meld gives a tile up (with an
    # opening, ``from_rack`` is already without the opening's tiles)
    free = steady + from_rack
    best: list[Violation] | None = None
    for ordered, picks in release_choices(releases):
        problems = judge_releases(
            profile,
            ordered,
            picks,
            after,
            fresh,
            homed,
            Stock(Counter(from_rack), Counter(loose), {h: Counter(c) for h, c in added.items()}),
            list(spare),
            free,
        )
        if best is None or fewer(problems, best):
            best = problems
        if not best:
            break
    return best or []
