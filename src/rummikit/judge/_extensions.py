"""Profiles without table manipulation: every old meld must be extended in place."""

from __future__ import annotations

from collections import Counter

from rummikit.judge._common import read_declared
from rummikit.meld import Meld, MeldKind
from rummikit.pieces import JOKER
from rummikit.profile import RuleProfile
from rummikit.reading import MeldReading
from rummikit.table import TableState
from rummikit.verdict import Violation


def check_extensions_only(
    profile: RuleProfile,
    before: TableState,
    after: TableState,
    readings: list[MeldReading | None],
) -> list[Violation]:
    """Each old meld needs a meld of its own after the turn that keeps it in place with
    tiles only added: its tiles where they were, each joker still standing for the same
    tile (so a tile may not take a joker's place and push it to the other end). Found as a
    matching of old melds to new ones, by augmenting paths: a first-fit choice could take
    the home another meld needed and make the verdict depend on the order of the melds."""
    homes = [
        [i for i, new in enumerate(readings) if _kept_in_place(profile, meld, new, after.melds[i])]
        for meld in before.melds
    ]
    owner: dict[int, int] = {}  # meld after -> the old meld it is the home of

    def settle(old: int, seen: set[int]) -> bool:
        for home in homes[old]:
            if home not in seen:
                seen.add(home)
                if home not in owner or settle(owner[home], seen):
                    owner[home] = old
                    return True
        return False

    problems = [meld for old, meld in enumerate(before.melds) if not settle(old, set())]
    if not problems:
        return []
    return [
        Violation(
            "rearrangement_forbidden",
            "melds on the table may only be extended in this profile: "
            + "; ".join(map(str, problems)),
            melds=tuple(problems),
        )
    ]


def _kept_in_place(
    profile: RuleProfile, old: Meld, new: MeldReading | None, new_meld: Meld
) -> bool:
    """Whether ``new_meld`` (read as ``new``) extends ``old`` without moving anything in it.

    An invalid meld (``new`` None; reported as such) is judged by its tiles alone.
    """
    if new is None:
        return not Counter(old.tiles) - Counter(new_meld.tiles)
    found = read_declared(profile, old)
    if not isinstance(found, MeldReading):  # an invalid table before: judged by the tiles
        return not Counter(old.tiles) - Counter(new_meld.tiles)
    if found.kind is MeldKind.GROUP:  # a group has no places: its tiles all stay
        return new.kind is MeldKind.GROUP and not Counter(old.tiles) - Counter(new_meld.tiles)
    return extends(found, new) == (True, [])


def extends(old: MeldReading, new: MeldReading) -> tuple[bool, list[int]]:
    """Whether ``new`` keeps ``old`` in place, with tiles only added; and which jokers left.

    Returns (kept, released): ``released`` lists the places in ``old.layout`` of jokers that
    ``new`` holds replaced by a tile they stood for.
    """
    if old.kind is not new.kind:
        return False, []
    if old.kind is MeldKind.RUN:
        if old.suit is not new.suit:
            return False, []
        places = dict(zip(new.ranks, new.layout, strict=True))
        released = []
        for index, (rank, tile) in enumerate(zip(old.ranks, old.layout, strict=True)):
            there = places.get(rank)
            if there is None:
                return False, []
            if tile.suit is None and there.suit is not None:
                released.append(index)
            elif there != tile:
                return False, []
        return True, released
    if old.ranks[0] != new.ranks[0]:
        return False, []
    old_naturals = Counter(t for t in old.layout if t.suit is not None)
    new_counts = Counter(new.layout)
    if old_naturals - new_counts:
        return False, []
    old_jokers = [i for i, t in enumerate(old.layout) if t.suit is None]
    kept = new_counts[JOKER]
    added = sum((new_counts - old_naturals).values()) - kept
    released = old_jokers[kept:]
    if kept > len(old_jokers) or added < len(released):
        return False, []  # a joker may leave a group only for a natural taking its place
    return True, released
