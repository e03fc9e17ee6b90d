"""The enumerated values of rule-profile options.

Options whose behaviour differs in kind (how a round is scored, what an opening needs, what
may be done with a joker) take one of these values. An enum rather than a strategy object
keeps a profile plain data: it compares, hashes, prints and saves as text, and a house rule is
``profile.evolve(scoring="penalty")`` with the value's text accepted in place of the
member. The behaviour lives in the module named for the concern (:mod:`rummikit.scoring`,
:mod:`rummikit.opening`, ...), one function per concern dispatching on the value.
"""

from __future__ import annotations

import enum
import re
from typing import Any, cast

from rummikit.errors import InvalidOption, brief

__all__ = [
    "BlockedWinner",
    "DealSize",
    "FirstPlayer",
    "FreedJoker",
    "JokerPolicy",
    "OpeningJokerValue",
    "OpeningRule",
    "OptionEnum",
    "PieceValues",
    "Scoring",
    "StockEnd",
    "TurnStructure",
]


class _OptionEnumType(enum.EnumType):
    """Sends an integer straight to ``_missing_``: no option value is one, and Python's own
    refusal would first try to print it, which fails for a huge integer."""

    def __call__(cls, value: object, *args: Any, **kwargs: Any) -> Any:
        if not args and not kwargs and type(value) is int and cls._member_map_:
            return cast("type[OptionEnum]", cls)._missing_(value)
        return super().__call__(value, *args, **kwargs)


class OptionEnum(enum.Enum, metaclass=_OptionEnumType):
    """An enum whose members are also accepted as their text value, in any case.

    A value that is not a member raises :class:`~rummikit.InvalidOption` naming the option
    (the enum's name in snake_case, which is the name of the profile option it belongs to)
    and listing the accepted values.
    """

    @classmethod
    def _missing_(cls, value: object) -> OptionEnum:
        if isinstance(value, str):
            folded = value.strip().lower()
            for member in cls:
                if member.value == folded:
                    return member
        choices = ", ".join(repr(member.value) for member in cls)
        option = re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()
        raise InvalidOption(option, f"expected one of {choices}, not {brief(value)}")


class FirstPlayer(OptionEnum):
    """How the first player of a game is chosen (:rule:`8`)."""

    HIGHEST_DRAW = "highest_draw"
    """Each player draws a piece; the highest rank starts; ties and jokers draw again
    (:rule:`D2`)."""
    LOT = "lot"
    """Drawn by lot with the game's seeded generator."""
    DEALER_LEFT = "dealer_left"
    """Each player draws a card and the highest deals (ties and jokers draw again); the
    player on the dealer's left starts, and the deal passes left each round (standard
    rummy)."""


class TurnStructure(OptionEnum):
    """What a turn consists of (:rule:`9, 10`)."""

    PLAY_OR_DRAW = "play_or_draw"
    """Play at least one rack tile, or draw one tile, which ends the turn."""
    DRAW_THEN_PLAY = "draw_then_play"
    """Always draw one piece first, then play if you want; never discard."""
    DRAW_MELD_DISCARD = "draw_meld_discard"
    """Draw one piece, from the stock or the top of the discard pile; lay down melds and lay
    off pieces if you want; then discard one piece, which ends the turn (standard rummy)."""


class OpeningRule(OptionEnum):
    """What a player's first play must contain (:rule:`11`)."""

    POINTS = "points"
    """New melds from the rack worth at least ``opening_min_points``."""
    PURE_RUN = "pure_run"
    """A run of three consecutive natural pieces of one suit from the hand (tierce franche)."""
    NONE = "none"
    """No requirement."""


class OpeningJokerValue(OptionEnum):
    """What a joker counts for in the opening points (:rule:`12`)."""

    ZERO = "zero"
    """Nothing (the online rule)."""
    REPRESENTED = "represented"
    """The number of the tile it stands for (Pagat's rule)."""


class JokerPolicy(OptionEnum):
    """What may be done with a meld holding a joker (:rule:`17, 18`)."""

    FREE = "free"
    """Like any other meld: split, merged and rearranged; the joker moves freely on the table."""
    FROZEN = "frozen"
    """Tiles may be added, nothing removed or rearranged, unless the joker is replaced in place
    by the exact tile it stands for (Pagat's rule)."""


class FreedJoker(OptionEnum):
    """Where a joker freed by replacement must be played in the same turn (:rule:`21`)."""

    ANYWHERE = "anywhere"
    """In any meld on the table other than the one it left."""
    NEW_MELD = "new_meld"
    """In a new meld."""
    NEW_MELD_2_RACK = "new_meld_2_rack"
    """In a new meld with at least two tiles from the rack."""


class StockEnd(OptionEnum):
    """What happens when the stock is empty (:rule:`32`)."""

    PLAY_UNTIL_BLOCKED = "play_until_blocked"
    """Play on without drawing; after a full round of passes the round ends blocked
    (:rule:`D14`)."""
    END_NO_WINNER = "end_no_winner"
    """The round ends with no winner when a player must draw from the empty stock (:rule:`D14`);
    where turns end with a discard, at the end of the turn that empties the stock."""
    RESHUFFLE = "reshuffle"
    """At the end of the turn that empties the stock, the discard pile but its top piece is
    shuffled into a new stock, at most ``reshuffles`` times (draw-and-discard turns only);
    when the stock runs out with no reshuffle left, the round ends at the end of that turn,
    won by the blocked-end rule (:rule:`D14`)."""


class BlockedWinner(OptionEnum):
    """Who wins a round that ends with nobody out (:rule:`33`)."""

    LOWEST_POINTS = "lowest_points"
    """The lowest rack total; ties go to the fewest tiles, then the win is shared (:rule:`D15`)."""
    FEWEST_TILES = "fewest_tiles"
    """The fewest tiles; ties go to the lowest rack total, then the win is shared."""


class DealSize(OptionEnum):
    """How many pieces each player is dealt (:rule:`7`)."""

    FIXED = "fixed"
    """``hand_size`` pieces, whatever the number of players."""
    STANDARD_RUMMY = "standard_rummy"
    """Ten cards each for two players, seven for three or four, and for five or six six
    cards from one deck or ten from two (standard rummy)."""


class Scoring(OptionEnum):
    """How a round is scored (:rule:`34`)."""

    ZERO_SUM = "zero_sum"
    """Losers score minus their rack, the winner plus the sum: every round sums to zero."""
    PENALTY = "penalty"
    """The winner scores 0 and the others their rack total; lower is better."""
    WINNER_TAKES_ALL = "winner_takes_all"
    """The winner scores the total of every other rack, the others 0; higher is better."""


class PieceValues(OptionEnum):
    """What a natural piece left in hand is worth at the end of a round (:rule:`34`)."""

    FACE = "face"
    """Its number: 1 to 13."""
    CARDS_ACE_11 = "cards_ace_11"
    """2-10 their number, jack, queen and king 10, ace 11 (rami voleur)."""
    CARDS_ACE_1 = "cards_ace_1"
    """Ace 1, 2-10 their number, jack, queen and king 10 (standard rummy)."""
