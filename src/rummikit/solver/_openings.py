"""Openings worth points followed by table play (pagat): the sets of opening melds.

Such an opening play splits into its opening, a set of new melds of rack pieces alone worth
the threshold together, and the rest, which is a play a player already open could make with
the other rack pieces. Dropping opening melds while the others still reach the threshold
moves them to the rest (a meld of rack pieces is a play too), so only *minimal* openings
matter: sets of rack-only melds reaching the threshold where dropping any one meld falls
short. The best opening play is then the best, over the minimal openings, of the opening
plus the open player's best play with what is left of the rack.

This module lists the minimal openings of a rack, each once per multiset of pieces (the
score of an opening play depends on which pieces it lays, not on how they are grouped);
the solver does the rest. Racks with many of them are left to the general sweep: listing
stops at a limit.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from rummikit.meld import Meld, MeldKind
from rummikit.opening import opening_value
from rummikit.pieces import JOKER, Tile, suits_of
from rummikit.profile import RuleProfile
from rummikit.reading import MAX_RUN


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
