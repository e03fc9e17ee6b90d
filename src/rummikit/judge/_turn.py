"""The judge proper: a turn's final table against the sound table and rack it started from.

:func:`check_turn`, which checks its arguments first, is in ``_check``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummikit.judge._common import (
    codes_of,
    listing,
    meld_identities,
    minus,
    read_declared,
    tiles_from_codes,
)
from rummikit.judge._extensions import check_extensions_only
from rummikit.judge._jokers import check_frozen_jokers
from rummikit.judge._opening import check_opening_turn
from rummikit.judge._swaps import check_swaps
from rummikit.options import JokerPolicy, TurnStructure
from rummikit.pieces import JOKER, Tile
from rummikit.profile import RuleProfile
from rummikit.reading import MeldReading
from rummikit.table import TableState
from rummikit.verdict import Verdict, Violation


def judge_turn(
    profile: RuleProfile, before: TableState, rack: Sequence[Tile], after: TableState, opened: bool
) -> Verdict:
    """:func:`check_turn` of a position already known to be sound: the profile a value,
    ``before`` a valid table and ``rack`` pieces that, with it, fit in the profile's deck;
    ``opened`` a bool. What a game calls, its own state being sound by construction; the
    proposed table ``after`` is the only input judged here."""
    held = Counter(tile.code for tile in rack)
    violations: list[Violation] = []
    on_table_before = codes_of(before.melds)
    on_table_after = codes_of(after.melds)
    taken = minus(on_table_before, on_table_after)
    played = minus(on_table_after, on_table_before)
    # with the joker swap, a joker may go to the hand: check_swaps counts those that may not
    jokers_taken = taken.pop(JOKER.code, 0) if profile.joker_swap else 0
    if not profile.joker_swap:
        violations.extend(_back_to_rack(taken, swap=False))
    not_held = minus(played, held)
    if not_held:
        violations.append(
            Violation(
                "unknown_tile",
                f"tiles appear that were neither on the table nor on the rack: {listing(not_held)}",
                tiles=tuple(tiles_from_codes(not_held).elements()),
            )
        )
    readings: list[MeldReading | None] = []
    for meld in after.melds:
        found = read_declared(profile, meld)
        if isinstance(found, MeldReading):
            readings.append(found)
        else:  # a tile outside the deck included
            readings.append(None)
            violations.append(
                Violation("invalid_meld", f"{meld}: {found[1]}", melds=(meld,), tiles=meld.tiles)
            )
    from_rack = tiles_from_codes(played & held)
    count = sum(from_rack.values())
    identities = None
    must_play = True  # play-or-draw: a play always lays tiles (the alternative is drawing)
    if profile.turn_structure is not TurnStructure.PLAY_OR_DRAW or not opened:
        identities = (meld_identities(profile, before), meld_identities(profile, after))
        if profile.turn_structure is not TurnStructure.PLAY_OR_DRAW:
            must_play = Counter(k for _, k in identities[0]) != Counter(k for _, k in identities[1])
    needed = profile.min_rack_tiles_per_play
    if must_play and count < needed:
        violations.append(
            Violation(
                "no_rack_tile",
                f"a play must add at least {needed} tile(s) from the rack; "
                + (
                    "draw instead"
                    if profile.turn_structure is TurnStructure.PLAY_OR_DRAW
                    else "leave the table as it was to end the turn without playing"
                ),
            )
        )
    if profile.joker_swap:  # (never with table manipulation: the profile refuses it)
        swaps, unswapped = check_swaps(profile, before, after, readings, held[JOKER.code])
        taken[JOKER.code] = min(jokers_taken, unswapped)
        violations[:0] = _back_to_rack(+taken, swap=True)  # first, where it always stands
        violations.extend(swaps)
    elif not profile.table_manipulation:
        violations.extend(check_extensions_only(profile, before, after, readings))
    frozen: list[Violation] = []
    # Pagat's rule for melds holding a joker asks nothing more of a table that is only
    # extended: its melds keep every joker in place already, and the one way a joker leaves
    # them (the swap) takes it to the hand, where Pagat's rule would want it played again
    frozen_rule = profile.joker_policy is JokerPolicy.FROZEN and profile.table_manipulation
    if frozen_rule:
        frozen = check_frozen_jokers(profile, before, after, readings, from_rack)
    if identities is not None and not opened and must_play:
        # (an unchanged table after a mandatory draw opens nothing)
        fits = None
        if frozen_rule and not frozen:
            # the opening's melds are made of rack tiles and rack jokers: a joker's
            # replacement comes from the other rack tiles, and a freed joker needs a place
            # outside them (tiles and jokers look alike, so both rules must hold for one
            # reading)
            def fits(taken: frozenset[int]) -> list[Violation]:
                laid = sum((Counter(after.melds[i].tiles) for i in taken), Counter())
                claimed = frozenset(i for i in taken if JOKER in after.melds[i].tiles)
                return check_frozen_jokers(
                    profile, before, after, readings, from_rack - laid, claimed, laid
                )

        violations.extend(
            check_opening_turn(profile, before, after, identities, readings, from_rack, fits)
        )
    violations.extend(frozen)
    return Verdict(tuple(violations))


def _back_to_rack(taken: Counter[int], *, swap: bool) -> list[Violation]:
    """The violation of table pieces gone back to the hand, if any (``taken``, by code)."""
    if not taken:
        return []
    rule = (
        "a joker only in exchange for the card it stands for, put in its place"
        if swap
        else "jokers included"
    )
    return [
        Violation(
            "table_tile_to_rack",
            f"tiles left the table: {listing(taken)}; no tile on the table may go back "
            f"to a rack, {rule}",
            tiles=tuple(tiles_from_codes(taken).elements()),
        )
    ]
