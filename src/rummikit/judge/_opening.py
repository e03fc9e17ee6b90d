"""The opening rule within a turn: the new melds made only of rack tiles, and their worth."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable

import attrs

from rummikit.judge._common import Identities, minus, unmatched, within
from rummikit.meld import MeldKind
from rummikit.opening import opening_value, pure_run_length
from rummikit.options import OpeningRule
from rummikit.pieces import Tile
from rummikit.profile import RuleProfile
from rummikit.reading import MeldReading
from rummikit.table import TableState
from rummikit.verdict import Violation


def check_opening_turn(
    profile: RuleProfile,
    before: TableState,
    after: TableState,
    identities: Identities,
    readings: list[MeldReading | None],
    from_rack: Counter[Tile],
    fits: Callable[[frozenset[int]], list[Violation]] | None = None,
) -> list[Violation]:
    """The opening rule; ``fits`` gives the joker rule's violations once the opening has
    taken the given melds (by index in ``after``), their tiles and jokers the rack's."""
    rule = profile.opening_rule
    if rule is OpeningRule.NONE:
        return []
    gone, new = unmatched(before, identities)
    problems = []
    if not profile.opening_table_play and gone:
        problems.append(
            Violation(
                "initial_meld_uses_table",
                "before opening, the table may not be touched: the opening is new melds made "
                "only of rack tiles; changed: " + "; ".join(map(str, gone)),
                melds=tuple(gone),
            )
        )
    if rule is OpeningRule.POINTS:
        need = profile.opening_min_points
        if profile.opening_table_play and profile.table_manipulation:
            # a meld equal to an old one may be the rack's copies laid anew, the table's
            # copies having moved elsewhere (copies are interchangeable): where the opening
            # turn may rearrange the table that reading is legal, so the opening may count
            # it (a frozen joker meld read so must then be kept in place or released by
            # another meld: ``fits`` checks the joker rule with that reading); so every
            # meld may count
            new = list(range(len(after.melds)))
        best = _best_rack_only_value(profile, after, readings, new, from_rack, need)
        if best < need:
            problems.append(
                Violation(
                    "initial_meld_below_threshold",
                    f"the new melds made only of rack tiles are worth {best} points; opening "
                    f"needs at least {need}",
                )
            )
        elif fits is not None:
            refused: list[Violation] = []

            def accepts(taken: frozenset[int]) -> bool:
                found = fits(taken)
                if found:
                    refused[:] = found
                return not found

            if (
                _best_rack_only_value(profile, after, readings, new, from_rack, need, accepts)
                < need
            ):
                problems.extend(_shared_with_the_opening(refused))
    elif not any(
        (reading := readings[index]) is not None and _has_pure_run_from(reading, from_rack)
        for index in (
            # where the opening may rearrange the table, a run kept as it was may hold the
            # rack's copies (the table's having moved elsewhere); where it may not, the
            # tierce is in a new meld
            range(len(after.melds))
            if profile.opening_table_play and profile.table_manipulation
            else new
        )
    ):
        problems.append(
            Violation(
                "initial_meld_needs_pure_run",
                "opening needs three consecutive natural pieces of one suit from the hand "
                "(a tierce franche); a joker does not count toward it",
            )
        )
    return problems


def _shared_with_the_opening(refused: list[Violation]) -> list[Violation]:
    """The joker rule's violations once the opening has taken its rack tiles and jokers."""
    explained = {
        "freed_joker_misplaced": "a freed joker must be played again this turn outside the "
        "meld it left, and the opening's melds must be made only of rack tiles: here the "
        "freed joker can only stand in a meld the opening needs",
        "joker_replacement_not_from_rack": "a joker's replacement must come from the rack, "
        "and the opening's melds must be made only of rack tiles: here the opening needs "
        "the rack's copy of the replacement",
        "joker_meld_frozen": "a joker is freed only by the tile it stands for, and the "
        "opening's melds are made only of rack tiles, none of which also frees a joker: "
        "here the opening needs the replacement",
    }
    return [
        attrs.evolve(violation, message=explained[violation.code])
        if violation.code in explained
        else violation
        for violation in refused
    ]


def _best_rack_only_value(
    profile: RuleProfile,
    after: TableState,
    readings: list[MeldReading | None],
    new: list[int],
    from_rack: Counter[Tile],
    enough: int,
    fits: Callable[[frozenset[int]], bool] | None = None,
) -> int:
    """The most opening points that new melds made only of rack tiles can be worth together,
    or at least ``enough`` when they reach it (the search stops there). With ``fits``, a
    choice reaching ``enough`` counts only if ``fits`` accepts the melds it takes (by index
    in ``after``).

    Two melds may each be made of rack tiles and still not both be, when a tile of one is
    the table's copy of a rack tile: the melds that can stand together are searched for,
    identical melds as one with a count, most valuable first, a branch dropped as soon as
    all that is left could not beat the best found.
    """
    counted: dict[tuple[int, frozenset[tuple[Tile, int]], Hashable], list[int]] = {}
    for index in new:
        reading = readings[index]
        tiles = Counter(after.melds[index].tiles)
        if reading is not None and within(tiles, from_rack):
            # identical: the same tiles, each joker standing for the same tile (``j b3 b4``
            # and ``b3 b4 j`` differ for ``fits``, even where jokers count 0 and both are
            # worth the same)
            key = (opening_value(profile, reading), frozenset(tiles.items()), reading.jokers)
            counted.setdefault(key, []).append(index)
    items = sorted(counted.items(), key=lambda item: -item[0][0])
    ahead = [0] * (len(items) + 1)  # ahead[i]: all that items i and later are worth
    for i in range(len(items) - 1, -1, -1):
        (value, _, _), indexes = items[i]
        ahead[i] = ahead[i + 1] + value * len(indexes)
    best = 0
    taken_melds: list[int] = []

    def accepted(total: int) -> bool:
        return fits is None or total < enough or fits(frozenset(taken_melds))

    def dive(i: int, left: Counter[Tile], total: int) -> None:
        nonlocal best
        if accepted(total):
            best = max(best, total)
        if best >= enough or i == len(items) or total + ahead[i] <= best:
            return
        (value, tiles, _), indexes = items[i]
        most = min([len(indexes), *(left[tile] // need for tile, need in tiles)])
        for times in range(most, -1, -1):
            taken = Counter({tile: need * times for tile, need in tiles})
            taken_melds.extend(indexes[:times])
            dive(i + 1, minus(left, taken), total + value * times)
            del taken_melds[len(taken_melds) - times :]

    dive(0, Counter(from_rack), 0)
    return best


def _has_pure_run_from(reading: MeldReading, from_rack: Counter[Tile]) -> bool:
    """Whether a run has three consecutive natural places filled with tiles from the rack."""
    if reading.kind is not MeldKind.RUN or pure_run_length(reading) < 3:
        return False
    stretch = 0
    for tile, substitute in zip(reading.layout, reading.stands_for, strict=True):
        stretch = stretch + 1 if substitute is None and from_rack[tile] > 0 else 0
        if stretch >= 3:
            return True
    return False
