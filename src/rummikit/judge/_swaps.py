"""The joker swap (``joker_swap``, standard rummy with jokers): a table only extended, except
that a joker may go to the hand in exchange for the natural it stands for, put in its place.

:source:`The standard Rummy write-up <rummy>`: "Un joueur détenant la vraie carte que
représente un joker peut l'échanger pendant son tour"; the joker then goes to the player's
hand (:rule:`18`, standard rummy). So each old meld needs a meld of its own after the turn
that keeps it in place with pieces only added, where a joker's place may now hold the
natural it stood for (:func:`extends` reports such a joker as released). A released joker
leaves the table: the jokers on the table after the turn are those before, less the released
ones, plus any the rack laid. A joker that left the table without being replaced is a table
piece back in the hand (``table_tile_to_rack``); one replaced but still on the table, in
another meld, is a rearrangement (``rearrangement_forbidden``): the swap takes the joker
into the hand, not elsewhere.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

from rummikit.judge._common import codes_of, read_declared
from rummikit.judge._extensions import extends
from rummikit.meld import Meld, MeldKind
from rummikit.notation import TableLike, as_table
from rummikit.pieces import JOKER, Tile
from rummikit.profile import RuleProfile
from rummikit.reading import MeldReading
from rummikit.table import TableState
from rummikit.verdict import Violation

_Home = tuple[int, int]
"""A meld after the turn that keeps an old meld in place, and how many of the old meld's
jokers it replaces by their naturals."""


def swapped_jokers(before: TableLike, after: TableLike) -> tuple[Tile, ...]:
    """The jokers a turn takes from the table into the player's hand: those on ``before``
    and not on ``after`` (values or notation).

    Meant for a turn the judge accepted under ``joker_swap``: each such joker was swapped
    for the natural it stood for, and goes to the hand (a game adds them to the rack, as it
    takes the pieces laid from it). Where the rack also laid a joker, the two cancel out:
    jokers look alike, so the hand keeps one either way. Any other accepted turn takes none.
    """
    before, after = as_table(before), as_table(after)
    left = codes_of(before.melds)[JOKER.code] - codes_of(after.melds)[JOKER.code]
    return (JOKER,) * max(0, left)


def check_swaps(
    profile: RuleProfile,
    before: TableState,
    after: TableState,
    readings: list[MeldReading | None],
    held_jokers: int,
) -> tuple[list[Violation], int]:
    """The extension rule with joker swaps: each old meld extended in place by a meld of
    its own, jokers replaced by their naturals going to the hand. Returns the violations
    and how many jokers left the table without a swap (the caller reports them with the
    other table pieces gone back to the hand, as ``table_tile_to_rack``).

    Every choice of home for the old melds holding a joker is tried (a few: the deck holds
    at most eight jokers), the others matched by augmenting paths; the choice judged is the
    one leaving fewest melds without a home, then the fewest jokers unaccounted for.
    """
    olds = [
        (
            meld,
            reading if isinstance(reading := read_declared(profile, meld), MeldReading) else None,
        )
        for meld in before.melds
    ]
    homes = [_homes(meld, reading, after, readings) for meld, reading in olds]
    jokers_before = codes_of(before.melds)[JOKER.code]
    jokers_after = codes_of(after.melds)[JOKER.code]
    least = jokers_before - jokers_after  # the jokers that left the table were all swapped
    most = least + held_jokers  # and those still there, beyond the rack's, were not
    holding = [old for old, (meld, _) in enumerate(olds) if JOKER in meld.tiles]
    plain = [old for old in range(len(olds)) if old not in holding]
    best: tuple[tuple[int, int], list[int], int] | None = None
    for choice in _choices([homes[old] for old in holding]):
        taken = {home for home, _ in choice if home is not None}
        homeless = [old for old, (home, _) in zip(holding, choice, strict=True) if home is None]
        homeless += _unmatched(plain, homes, taken)
        released = sum(count for _, count in choice)
        short = max(0, least - released) + max(0, released - most)
        key = (len(homeless), short)
        if best is None or key < best[0]:
            best = (key, homeless, released)
        if key == (0, 0):
            break
    assert best is not None  # the choice of no home at all is always there
    _, homeless, released = best
    problems: list[Violation] = []
    if homeless:
        melds = tuple(before.melds[old] for old in sorted(homeless))
        problems.append(
            Violation(
                "rearrangement_forbidden",
                "melds on the table may only be extended in this profile (a joker may be "
                "swapped for the card it stands for, put in its place): "
                + "; ".join(map(str, melds)),
                melds=melds,
            )
        )
    if released > most:
        problems.append(
            Violation(
                "rearrangement_forbidden",
                f"{released - most} joker(s) swapped for their cards stayed on the table in "
                "another meld: a swapped joker goes to the hand",
                tiles=(JOKER,) * (released - most),
            )
        )
    return problems, max(0, least - released)


def _homes(
    old: Meld, reading: MeldReading | None, after: TableState, readings: list[MeldReading | None]
) -> list[_Home]:
    """Each meld after the turn that keeps ``old`` in place, with the jokers it swaps.

    An invalid meld (reported as such) keeps an old one by its pieces alone, as does any
    meld for an old one that was invalid: no joker is swapped there.
    """
    found: list[_Home] = []
    for index, new in enumerate(readings):
        if new is None or reading is None:
            if not Counter(old.tiles) - Counter(after.melds[index].tiles):
                found.append((index, 0))
            continue
        swapped = _swapped_in(reading, new)
        if swapped is not None:
            found.append((index, swapped))
    return found


def _swapped_in(old: MeldReading, new: MeldReading) -> int | None:
    """How many of ``old``'s jokers ``new`` replaces by their naturals while keeping it in
    place with pieces only added; None when ``new`` does not keep ``old``.

    A run keeps its places (:func:`extends`). A group has no places: it keeps its rank and
    its naturals, may take more pieces, jokers included, and holds fewer jokers only where as
    many naturals came in to take their places.
    """
    if old.kind is MeldKind.RUN:
        kept, released = extends(old, new)
        return len(released) if kept else None
    if new.kind is not MeldKind.GROUP or old.ranks[0] != new.ranks[0]:
        return None
    naturals = Counter(tile for tile in old.layout if tile.suit is not None)
    pieces = Counter(new.layout)
    if naturals - pieces:
        return None
    freed = max(0, old.layout.count(JOKER) - pieces[JOKER])
    added = sum((pieces - naturals).values()) - pieces[JOKER]
    return freed if added >= freed else None


def _choices(options: list[list[_Home]]) -> Iterator[tuple[tuple[int | None, int], ...]]:
    """Each way to give the melds holding a joker distinct homes or none (no home last)."""
    widened: list[list[tuple[int | None, int]]] = [[*found, (None, 0)] for found in options]
    for choice in itertools.product(*widened):
        homes = [home for home, _ in choice if home is not None]
        if len(homes) == len(set(homes)):
            yield choice


def _unmatched(plain: list[int], homes: list[list[_Home]], taken: set[int]) -> list[int]:
    """The old melds of ``plain`` left without a home of their own among the melds not
    ``taken``: a maximum matching by augmenting paths, so that the verdict does not depend
    on the order of the melds."""
    owner: dict[int, int] = {}

    def settle(old: int, seen: set[int]) -> bool:
        for home, _ in homes[old]:
            if home not in taken and home not in seen:
                seen.add(home)
                if home not in owner or settle(owner[home], seen):
                    owner[home] = old
                    return True
        return False

    return [old for old in plain if not settle(old, set())]
