"""Every option of a rule profile: its type, its default, its check, what it means and the
row of the :ref:`rules matrix <rules>` it answers.

:class:`~rummikit.RuleProfile` is these options plus what follows from them (the checks of
how they combine, the deck, meld reading, the rules' face); the options alone are kept here,
as one list a reader can scan, in the order :meth:`~rummikit.RuleProfile.describe` shows
them. Each field's metadata holds its meaning (``doc``) and its row (``row``), which the
rules page shows with the sources and defaults behind it. The
defaults are Pagat's rules.
"""

from __future__ import annotations

import attrs

from rummikit._option_checks import flag, int_between, name_check, optional_int, title_check
from rummikit.options import (
    BlockedWinner,
    DealSize,
    FirstPlayer,
    FreedJoker,
    JokerPolicy,
    OpeningJokerValue,
    OpeningRule,
    PieceValues,
    Scoring,
    StockEnd,
    TurnStructure,
)
from rummikit.pieces import PieceSet


@attrs.frozen(repr=False)
class Options:
    """The options of a rule profile, each checked alone (a
    :class:`~rummikit.RuleProfile` checks how they combine)."""

    name: str = attrs.field(
        validator=name_check,
        metadata={
            "doc": "Registry name: ASCII letters, digits, '_', '-' and '.'.",
            "row": 0,
        },
    )
    title: str = attrs.field(
        default="",
        validator=title_check,
        metadata={"doc": "Human-readable title of the variant, one printable line.", "row": 0},
    )
    piece_set: PieceSet = attrs.field(
        default=PieceSet.TILES,
        converter=PieceSet,
        metadata={"doc": "Tiles in four colours, or cards in four suits.", "row": 1},
    )
    copies: int = attrs.field(
        default=2,
        validator=int_between(1, 4),
        metadata={"doc": "Copies of each natural piece in the deck.", "row": 4},
    )
    extra_deck_from: int | None = attrs.field(
        default=None,
        validator=optional_int(2),
        metadata={
            "doc": "From this many players on, one more copy of each natural piece (a second "
            "deck of cards), or none.",
            "row": 1,
        },
    )
    jokers: int = attrs.field(
        default=2, validator=int_between(0, 8), metadata={"doc": "Jokers in the deck.", "row": 5}
    )
    ace_high: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={
            "doc": "An ace may also end a run above the king (Q-K-A); runs never wrap (K-A-2).",
            "row": 3,
        },
    )
    min_players: int = attrs.field(
        default=2, validator=int_between(1, 8), metadata={"doc": "Fewest players.", "row": 6}
    )
    max_players: int = attrs.field(
        default=4, validator=int_between(1, 8), metadata={"doc": "Most players.", "row": 6}
    )
    default_players: int = attrs.field(
        default=4,
        validator=int_between(1, 8),
        metadata={"doc": "Players in a game when none is given.", "row": 6},
    )
    hand_size: int = attrs.field(
        default=14,
        validator=int_between(1, 60),
        metadata={"doc": "Pieces dealt to each player (deal_size 'fixed').", "row": 7},
    )
    deal_size: DealSize = attrs.field(
        default=DealSize.FIXED,
        converter=DealSize,
        metadata={"doc": "How many pieces each player is dealt.", "row": 7},
    )
    first_player: FirstPlayer = attrs.field(
        default=FirstPlayer.HIGHEST_DRAW,
        converter=FirstPlayer,
        metadata={"doc": "How the first player is chosen.", "row": 8},
    )
    turn_structure: TurnStructure = attrs.field(
        default=TurnStructure.PLAY_OR_DRAW,
        converter=TurnStructure,
        metadata={
            "doc": "Play or draw; always draw, then optionally play; or draw, optionally "
            "lay, then discard.",
            "row": 9,
        },
    )
    opening_rule: OpeningRule = attrs.field(
        default=OpeningRule.POINTS,
        converter=OpeningRule,
        metadata={"doc": "What a player's first play must contain.", "row": 11},
    )
    opening_min_points: int = attrs.field(
        default=30,
        validator=int_between(0, 1000),
        metadata={"doc": "Points the first melds must reach (points opening).", "row": 11},
    )
    opening_joker_value: OpeningJokerValue = attrs.field(
        default=OpeningJokerValue.REPRESENTED,
        converter=OpeningJokerValue,
        metadata={"doc": "What a joker counts for in the opening points.", "row": 12},
    )
    opening_table_play: bool = attrs.field(
        default=True,
        validator=flag,
        metadata={
            "doc": "Table tiles may be used or rearranged in the turn of the opening.",
            "row": 14,
        },
    )
    table_manipulation: bool = attrs.field(
        default=True,
        validator=flag,
        metadata={"doc": "Melds on the table may be split, merged and rearranged.", "row": 15},
    )
    min_rack_tiles_per_play: int = attrs.field(
        default=1,
        validator=int_between(1, 14),
        metadata={"doc": "Rack pieces a play must add to the table.", "row": 16},
    )
    joker_policy: JokerPolicy = attrs.field(
        default=JokerPolicy.FROZEN,
        converter=JokerPolicy,
        metadata={"doc": "Whether melds holding a joker can be rearranged.", "row": 17},
    )
    joker_group3_both_colours: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={
            "doc": "Freeing a joker from a group of three needs both missing colours.",
            "row": 19,
        },
    )
    joker_replacement_from_table: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={"doc": "The tile replacing a joker may come from the table.", "row": 20},
    )
    freed_joker: FreedJoker = attrs.field(
        default=FreedJoker.ANYWHERE,
        converter=FreedJoker,
        metadata={"doc": "Where a freed joker must be played in the same turn.", "row": 21},
    )
    joker_swap: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={
            "doc": "A player holding the natural piece a table joker stands for may put it "
            "in the joker's place and take the joker into the hand.",
            "row": 18,
        },
    )
    forbid_adjacent_jokers: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={"doc": "Two jokers may not stand side by side in a run.", "row": 23},
    )
    min_meld_length: int = attrs.field(
        default=3,
        validator=int_between(2, 13),
        metadata={"doc": "Fewest pieces in a meld.", "row": 24},
    )
    max_group_size: int = attrs.field(
        default=4,
        validator=int_between(2, 16),
        metadata={"doc": "Most pieces in a group.", "row": 25},
    )
    group_distinct_suits: bool = attrs.field(
        default=True,
        validator=flag,
        metadata={"doc": "The pieces of a group must all be of different suits.", "row": 26},
    )
    failure_penalty: int = attrs.field(
        default=3,
        validator=int_between(0, 20),
        metadata={
            "doc": "Pieces drawn after giving up with an invalid table (the table is restored); "
            "at least 1 when turns are play or draw.",
            "row": 28,
        },
    )
    timeout_penalty: int = attrs.field(
        default=3,
        validator=int_between(0, 20),
        metadata={
            "doc": "Pieces drawn when time runs out with the table changed; at least 1 "
            "when turns are play or draw.",
            "row": 29,
        },
    )
    timeout_penalty_untouched: int = attrs.field(
        default=1,
        validator=int_between(0, 20),
        metadata={
            "doc": "Pieces drawn when time runs out with the table unchanged; at least 1 "
            "when turns are play or draw.",
            "row": 29,
        },
    )
    time_limit: int | None = attrs.field(
        default=120,
        validator=optional_int(1),
        metadata={"doc": "Seconds per turn, or none. The host keeps the clock.", "row": 30},
    )
    stock_end: StockEnd = attrs.field(
        default=StockEnd.PLAY_UNTIL_BLOCKED,
        converter=StockEnd,
        metadata={"doc": "What happens when the stock is empty.", "row": 32},
    )
    reshuffles: int = attrs.field(
        default=1,
        validator=int_between(0, 100),
        metadata={
            "doc": "Times the discard pile may become a new stock (stock_end 'reshuffle').",
            "row": 32,
        },
    )
    turn_limit: int | None = attrs.field(
        default=None,
        validator=optional_int(1, 3000),
        metadata={
            "doc": "Turns after which the round ends, won as a blocked round, or none. "
            "Draw-and-discard games need one: a discard can be taken back and forth forever.",
            "row": 32,
        },
    )
    blocked_winner: BlockedWinner = attrs.field(
        default=BlockedWinner.LOWEST_POINTS,
        converter=BlockedWinner,
        metadata={"doc": "Who wins when the round ends with nobody out.", "row": 33},
    )
    scoring: Scoring = attrs.field(
        default=Scoring.ZERO_SUM,
        converter=Scoring,
        metadata={"doc": "How a round is scored.", "row": 34},
    )
    rummy_bonus: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={
            "doc": "Winner-takes-all scoring: a winner who goes out in one turn, having laid "
            "nothing before, collects double (a rummy).",
            "row": 34,
        },
    )
    piece_values: PieceValues = attrs.field(
        default=PieceValues.FACE,
        converter=PieceValues,
        metadata={"doc": "What a natural piece left in hand costs.", "row": 34},
    )
    joker_penalty: int = attrs.field(
        default=30,
        validator=int_between(0, 1000),
        metadata={"doc": "What a joker left in hand costs.", "row": 35},
    )
    match_rounds: int | None = attrs.field(
        default=1,
        validator=optional_int(1),
        metadata={"doc": "Rounds in a match, or none to play to the target.", "row": 36},
    )
    match_target: int | None = attrs.field(
        default=None,
        validator=optional_int(1),
        metadata={
            "doc": "Cumulative score that ends a match (a win in zero-sum and winner-takes-all "
            "scoring; the end in penalty scoring, fewest points winning), or none.",
            "row": 36,
        },
    )
    match_elimination: bool = attrs.field(
        default=False,
        validator=flag,
        metadata={
            "doc": "Penalty scoring: a player whose total passes match_target leaves the "
            "match, and the last one left wins.",
            "row": 36,
        },
    )
