"""Openings: what a player's first melds are worth and whether they meet the profile's rule."""

from __future__ import annotations

from collections.abc import Iterable

from rummikit import profiles
from rummikit.errors import InvalidArgument, InvalidMeld, brief
from rummikit.meld import Meld, MeldKind
from rummikit.notation import MeldLike, as_table
from rummikit.options import OpeningJokerValue, OpeningRule
from rummikit.pieces import as_items
from rummikit.profile import RuleProfile
from rummikit.reading import MeldReading
from rummikit.verdict import Verdict, Violation

__all__ = ["check_opening", "opening_points", "opening_value", "pure_run_length"]


def opening_value(profile: RuleProfile | str, reading: MeldReading) -> int:
    """What one read meld counts for in an opening: its value, jokers per the profile."""
    profile = profiles.get(profile)
    _need_reading(reading)
    if profile.opening_joker_value is OpeningJokerValue.ZERO:
        return reading.value - reading.joker_value
    return reading.value


def _melds(profile: RuleProfile, melds: Iterable[MeldLike] | str) -> list[Meld]:
    """Melds given as a list, or as table notation (``"r10 r11 r12 | b5 k5 o5"``).

    A single :class:`~rummikit.Meld` is refused rather than read as an opening of one meld:
    the same call with a list of tiles would mean one meld per tile, so wrap it in a list.
    """
    if isinstance(melds, str):
        return list(as_table(melds).melds)
    if isinstance(melds, Meld):
        raise InvalidArgument(
            "not_melds", "an opening is a list of melds, not one meld: wrap the meld in a list"
        )
    items = as_items(melds, "not_melds", "a list of melds or table notation")
    return [profile.as_meld(item) for item in items]


def _check_copies(profile: RuleProfile, melds: Iterable[Meld]) -> None:
    """Raise InvalidArgument when the melds together need more copies of a piece than the
    deck has: each meld alone may be valid, but they cannot all be laid at once."""
    profile.check_in_deck(tile for meld in melds for tile in meld.tiles)


def opening_points(profile: RuleProfile | str, melds: Iterable[MeldLike] | str) -> int:
    """The total an opening made of ``melds`` is worth; raises InvalidMeld for an invalid meld
    and InvalidArgument (``too_many_copies``) for melds that together do not fit in the deck."""
    profile = profiles.get(profile)
    checked = _melds(profile, melds)
    readings = [profile.read_meld(meld) for meld in checked]
    _check_copies(profile, checked)
    return sum(opening_value(profile, reading) for reading in readings)


def pure_run_length(reading: MeldReading) -> int:
    """The longest stretch of consecutive natural pieces in a run (0 for a group)."""
    _need_reading(reading)
    if reading.kind is not MeldKind.RUN:
        return 0
    best = current = 0
    for substitute in reading.stands_for:
        current = current + 1 if substitute is None else 0
        best = max(best, current)
    return best


def _need_reading(reading: object) -> None:
    if not isinstance(reading, MeldReading):
        raise InvalidArgument(
            "not_a_reading",
            f"expected a MeldReading (profile.read_meld(meld) gives one), not {brief(reading)}",
        )


def check_opening(profile: RuleProfile | str, melds: Iterable[MeldLike] | str) -> Verdict:
    """Whether ``melds``, laid from the rack, make a valid opening under ``profile``.

    Where the tiles come from (only the rack, table untouched) is the turn judge's business;
    this checks the melds themselves: each valid, and together meeting the opening rule.
    Melds that together hold more copies of a piece than the deck has are no question of
    rules but impossible input: InvalidArgument (``too_many_copies``).
    """
    profile = profiles.get(profile)
    violations: list[Violation] = []
    readings: list[MeldReading] = []
    valid: list[Meld] = []
    checked = _melds(profile, melds)
    count = len(checked)
    for meld in checked:
        try:
            readings.append(profile.read_meld(meld))
            valid.append(meld)
        except InvalidMeld as error:
            violations.append(
                Violation(
                    "invalid_meld", f"{meld}: {error.message}", melds=(meld,), tiles=meld.tiles
                )
            )
    # An invalid meld already has its violation (a piece outside the deck included); the
    # valid ones hold only pieces of the deck, so this finds copies beyond the deck's.
    _check_copies(profile, valid)
    if count == 0:
        violations.append(Violation("no_meld", "an opening lays at least one meld"))
    rule = profile.opening_rule
    if rule is OpeningRule.POINTS and count:
        total = sum(opening_value(profile, reading) for reading in readings)
        if total < profile.opening_min_points:
            jokers = (
                "jokers count 0"
                if profile.opening_joker_value is OpeningJokerValue.ZERO
                else "jokers count as the tile they stand for"
            )
            violations.append(
                Violation(
                    "initial_meld_below_threshold",
                    f"the opening is worth {total} points; this profile needs at least "
                    f"{profile.opening_min_points} ({jokers})",
                )
            )
    elif (
        rule is OpeningRule.PURE_RUN
        and count
        and not any(pure_run_length(reading) >= 3 for reading in readings)
    ):
        violations.append(
            Violation(
                "initial_meld_needs_pure_run",
                "the opening needs a run of three consecutive natural pieces of one suit "
                "(a tierce franche); a joker does not count toward it",
            )
        )
    return Verdict(tuple(violations))
