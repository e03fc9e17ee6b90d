"""The turns of draw-and-discard games (standard rummy): the discard pile's rules, as checks
and steps the :class:`~rummikit.Game` calls.

A turn there is three steps: draw one piece, from the stock (:class:`~rummikit.Draw`) or
the top of the discard pile (:class:`~rummikit.TakeDiscard`); lay melds and lay off pieces
if wanted (one :class:`~rummikit.Play`, its final table judged like any other); discard
one piece (:class:`~rummikit.Discard`), which ends the turn. A piece taken from the pile may
not go back on it in the same turn: with two decks, a copy of it is the same card, since
nobody can tell them apart (:source:`rummy` names the card, not the copy). A hand that empties,
by a play or by the discard, wins the round at once.

When the stock runs out, the pile but its top piece is shuffled into a new stock (at most
``reshuffles`` times, seeded from the game's seed and the number of the reshuffle), so the
same seed deals the same new stock on every machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummikit.meld import Meld
from rummikit.options import StockEnd
from rummikit.pieces import Tile, sort_tiles
from rummikit.profile import RuleProfile
from rummikit.table import TableState
from rummikit.verdict import Violation

__all__ = [
    "auto_discard",
    "discard_problems",
    "kept_for_discard",
    "lays_off_all",
    "no_pile",
    "refilled",
    "take_problems",
    "without_one",
]


def no_pile(profile: RuleProfile) -> Violation:
    """The refusal of a discard action under rules without a discard pile."""
    return Violation(
        "no_discard_pile",
        f"the rules of {profile.name!r} have no discard pile: turns do not end with a discard",
    )


def take_problems(
    profile: RuleProfile,
    drawn: bool,
    discards: Sequence[Tile],
    rack: Sequence[Tile],
    table: TableState,
) -> list[Violation]:
    """Why taking the top discard is refused now (nothing when it is allowed): also when
    ``rack`` holds only copies of it and they cannot all be laid off on ``table`` with it,
    as nothing could then be discarded and the turn could not end."""
    if not profile.has_discard_pile:
        return [no_pile(profile)]
    if drawn:
        return [Violation("wrong_phase", "you have drawn this turn; lay melds or discard")]
    if not discards:
        return [Violation("discard_pile_empty", "the discard pile is empty: draw from the stock")]
    top = discards[-1]
    if all(tile == top for tile in rack) and not lays_off_all(profile, table, len(rack) + 1, top):
        return [
            Violation(
                "no_discard_left",
                f"taking {top} would leave you nothing to discard and no way to lay every "
                "card off: draw from the stock",
            )
        ]
    return []


def discard_problems(
    profile: RuleProfile, drawn: bool, rack: Sequence[Tile], taken: Tile | None, tile: Tile
) -> list[Violation]:
    """Why discarding ``tile`` is refused now (nothing when it is allowed)."""
    if not profile.has_discard_pile:
        return [no_pile(profile)]
    if not drawn:
        return [Violation("wrong_phase", "draw first: from the stock or the discard pile")]
    problems = []
    if tile not in rack:
        problems.append(Violation("not_in_hand", f"you hold no {tile} to discard"))
    elif tile == taken:
        problems.append(
            Violation(
                "discard_just_taken",
                f"{tile} was taken from the discard pile this turn: discard another card",
            )
        )
    return problems


def lays_off_all(profile: RuleProfile, table: TableState, count: int, tile: Tile) -> bool:
    """Whether ``count`` copies of ``tile`` can all be laid off on the melds of ``table``,
    each meld taking some of them and staying valid: how a hand of nothing but the top
    discard's copies can still go out after taking it (:source:`rummy` lets a player go out by
    laying off the last card). Copies of one face are few (at most the deck's copies and
    the one taken), so trying each meld's share is cheap."""
    reachable = {0}  # how many copies the melds seen so far can take together
    for meld in table:
        takes = [
            extra
            for extra in range(1, count + 1)
            if profile.is_valid_meld(Meld((*meld.tiles, *(tile,) * extra), meld.kind))
        ]
        reachable |= {
            done + extra for done in reachable for extra in takes if done + extra <= count
        }
        if count in reachable:
            return True
    return False


def kept_for_discard(rack: Sequence[Tile], taken: Tile | None) -> Violation | None:
    """The refusal of a play that leaves ``rack`` holding only the piece taken from the pile
    (it could not be discarded, and the turn could not end), or None."""
    if rack and all(tile == taken for tile in rack):
        return Violation(
            "no_discard_left",
            f"keep a card other than {taken}, taken from the discard pile this turn, to "
            "discard, or lay every card",
        )
    return None


def auto_discard(profile: RuleProfile, rack: Sequence[Tile], taken: Tile | None) -> Tile:
    """The piece discarded for a player whose turn the host ends (a time-out, or giving up):
    the most costly piece of ``rack`` but the one taken from the pile, the last in sort
    order among equals; the taken piece only when it is all the rack holds."""
    allowed = [tile for tile in sort_tiles(rack) if tile != taken] or list(rack)
    return max(reversed(allowed), key=profile.piece_value)


def without_one(rack: Sequence[Tile], tile: Tile) -> tuple[Tile, ...]:
    """``rack`` (sorted) less one copy of ``tile``, still sorted."""
    index = rack.index(tile)
    return (*rack[:index], *rack[index + 1 :])


def refilled(
    profile: RuleProfile,
    discards: tuple[Tile, ...],
    reshuffled: int,
    seed: int | None,
) -> tuple[tuple[Tile, ...], tuple[Tile, ...]] | None:
    """The new stock and pile when the stock has run out: the pile but its top piece
    shuffled, the top piece left alone. None when the rules or the pile allow no more
    reshuffles (the round then ends).

    The shuffle is seeded by the game's seed (none: a game from a position) and the number
    of the reshuffle, as text: Python seeds a generator from text through SHA-512, the same
    in every process and on every machine.
    """
    if profile.stock_end is not StockEnd.RESHUFFLE or reshuffled >= profile.reshuffles:
        return None
    if len(discards) < 2:
        return None
    stock = list(discards[:-1])
    random.Random(f"rummikit reshuffle {seed} {reshuffled + 1}").shuffle(stock)
    return tuple(stock), discards[-1:]
