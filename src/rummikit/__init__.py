"""rummikit: the rules of rummy games with a shared, rearrangeable table.

Rummikub-style tile games and rami voleur with two card decks, as typed immutable values:
pieces and their notation, melds read under a rule profile, openings and scoring.

>>> import rummikit as rk
>>> pagat = rk.profiles.get("pagat")
>>> pagat.read_meld("r7 r8 j")
<MeldReading run: r7 r8 j=r9 value=24>
"""

from typing import TYPE_CHECKING

from rummikit import profiles
from rummikit._build import BUILD
from rummikit.errors import (
    IndexOutOfRange,
    InvalidArgument,
    InvalidMeld,
    InvalidOption,
    InvalidRecord,
    NotationError,
    RummikitError,
    UnknownProfile,
)
from rummikit.meld import Meld, MeldKind
from rummikit.notation import (
    format_table,
    format_tiles,
    parse_meld,
    parse_table,
    parse_tile,
    parse_tiles,
)
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
from rummikit.pieces import CARD_SUITS, JOKER, TILE_COLOURS, PieceSet, Suit, Tile, build_deck
from rummikit.profile import OptionRow, RuleProfile
from rummikit.reading import MeldReading, Substitute
from rummikit.table import TableState
from rummikit.verdict import IllegalAction, Verdict, Violation

if TYPE_CHECKING:
    from rummikit.actions import Action, Discard, Draw, GiveUp, Pass, Play, TakeDiscard, Timeout
    from rummikit.game import Game, Outcome, Phase, PlayerView, Position, Termination
    from rummikit.match import Match
    from rummikit.record import dumps, loads, loads_match
    from rummikit.simulation import Comparison, Report, compare, simulate
    from rummikit.solver import Solution, solve

__version__ = "0.1.0.dev0"

# BUILD ("pure" or "compiled", from rummikit._build) says which build answers; the two give
# the same answers, the compiled one faster (see the solver page of the documentation).

_LAZY = {
    **dict.fromkeys(
        ("Action", "Discard", "Draw", "GiveUp", "Pass", "Play", "TakeDiscard", "Timeout"),
        "rummikit.actions",
    ),
    **dict.fromkeys(
        ("Game", "Outcome", "Phase", "PlayerView", "Position", "Termination"), "rummikit.game"
    ),
    "Match": "rummikit.match",
    "dumps": "rummikit.record",
    "loads": "rummikit.record",
    "loads_match": "rummikit.record",
    "solve": "rummikit.solver",
    "Solution": "rummikit.solver",
    "simulate": "rummikit.simulation",
    "compare": "rummikit.simulation",
    "Comparison": "rummikit.simulation",
    "Report": "rummikit.simulation",
}
"""Names imported on first use, to keep ``import rummikit`` fast (under 100 ms): games,
saved records, the solver and the simulation harness load only when a program asks for
them; checking melds and openings needs none of them."""


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'rummikit' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """Every name of the package, the ones loaded on first use included (for completion
    in shells and editors), without loading them."""
    return sorted({*globals(), *_LAZY})


__all__ = [
    "BUILD",
    "CARD_SUITS",
    "JOKER",
    "TILE_COLOURS",
    "Action",
    "BlockedWinner",
    "Comparison",
    "DealSize",
    "Discard",
    "Draw",
    "FirstPlayer",
    "FreedJoker",
    "Game",
    "GiveUp",
    "IllegalAction",
    "IndexOutOfRange",
    "InvalidArgument",
    "InvalidMeld",
    "InvalidOption",
    "InvalidRecord",
    "JokerPolicy",
    "Match",
    "Meld",
    "MeldKind",
    "MeldReading",
    "NotationError",
    "OpeningJokerValue",
    "OpeningRule",
    "OptionRow",
    "Outcome",
    "Pass",
    "Phase",
    "PieceSet",
    "PieceValues",
    "Play",
    "PlayerView",
    "Position",
    "Report",
    "RuleProfile",
    "RummikitError",
    "Scoring",
    "Solution",
    "StockEnd",
    "Substitute",
    "Suit",
    "TableState",
    "TakeDiscard",
    "Termination",
    "Tile",
    "Timeout",
    "TurnStructure",
    "UnknownProfile",
    "Verdict",
    "Violation",
    "__version__",
    "build_deck",
    "compare",
    "dumps",
    "format_table",
    "format_tiles",
    "loads",
    "loads_match",
    "parse_meld",
    "parse_table",
    "parse_tile",
    "parse_tiles",
    "profiles",
    "simulate",
    "solve",
]
