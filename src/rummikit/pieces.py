"""Tiles, cards and jokers: the pieces every rule talks about.

One piece type serves both families. A tile is a :class:`Tile` whose suit is one of the
four tile colours; a card is a :class:`Tile` whose suit is one of the four card suits; the
joker is the :data:`JOKER` value of either. Ranks are integers 1 to 13: for cards the ace is
1 and the jack, queen and king are 11, 12 and 13. The two copies of a tile are the same
value: rules never need to tell them apart, so racks, tables and stocks are multisets.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, TypeVar

import attrs

from rummikit._lexer import (
    EMPTY_TABLE,
    EXPECTED_TILE,
    SEPARATORS,
    check_text,
    notation_error,
    separator_error,
    tokens,
)
from rummikit.errors import InvalidArgument, NotationError, brief
from rummikit.options import OptionEnum

if TYPE_CHECKING:  # rich, of the cli extra, is imported when a picture is drawn
    from rich.text import Text

_T = TypeVar("_T")

__all__ = [
    "CARD_SUITS",
    "JOKER",
    "MAX_COPIES",
    "MAX_JOKERS",
    "RANKS",
    "TILE_COLOURS",
    "PieceSet",
    "Suit",
    "Tile",
    "build_deck",
    "sort_tiles",
    "suits_of",
    "tile_from_code",
]

RANKS = range(1, 14)
"""The ranks of natural tiles and cards, 1 to 13 (ace = 1, jack = 11, queen = 12, king = 13)."""


class PieceSet(OptionEnum):
    """Which family of pieces a profile plays with."""

    TILES = "tiles"
    """Numbered tiles in four colours (Rummikub-style games)."""
    CARDS = "cards"
    """Playing cards in four suits (rami voleur, standard rummy)."""


class Suit(enum.Enum):
    """A tile colour or a card suit. The value is the letter used in notation."""

    RED = "r"
    BLUE = "b"
    BLACK = "k"
    ORANGE = "o"
    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @classmethod
    def _missing_(cls, value: object) -> Suit:
        """``Suit("R")`` and ``Suit("hearts")``: the letter or the name, in any case; else
        :class:`~rummikit.InvalidArgument` (``bad_suit``) rather than a bare ValueError."""
        if isinstance(value, str):
            text = value.strip()
            for suit in cls:
                if text.lower() == suit.value or text.upper() == suit.name:
                    return suit
        raise InvalidArgument(
            "bad_suit",
            "a suit is a letter (r, b, k, o for tiles; s, h, d, c for cards) or its name, "
            f"not {brief(value)}",
        )

    @property
    def piece_set(self) -> PieceSet:
        """The family this suit belongs to."""
        return PieceSet.TILES if self in TILE_COLOURS else PieceSet.CARDS

    @property
    def symbol(self) -> str:
        """A one-character display symbol, as the unicode notation writes it: a coloured
        circle for tiles (``🔴 🔵 ⚫ 🟠``), ``♠ ♥ ♦ ♣`` for cards."""
        return _SYMBOLS[self]


TILE_COLOURS: tuple[Suit, ...] = (Suit.RED, Suit.BLUE, Suit.BLACK, Suit.ORANGE)
"""The four tile colours, in notation order."""
CARD_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The four card suits, in notation order."""

_SYMBOLS = {
    Suit.RED: "\N{LARGE RED CIRCLE}",
    Suit.BLUE: "\N{LARGE BLUE CIRCLE}",
    Suit.BLACK: "\N{MEDIUM BLACK CIRCLE}",
    Suit.ORANGE: "\N{LARGE ORANGE CIRCLE}",
    Suit.SPADES: "♠",
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
}
_SUIT_ORDER = {suit: index for index, suit in enumerate(TILE_COLOURS + CARD_SUITS)}
_CARD_RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_JOKER_CODE = len(_SUIT_ORDER) * 16


def _check_rank(instance: Tile, attribute: attrs.Attribute[int], rank: int) -> None:
    # ``type(...) is int``: a bool or a float (False, 0.0) is no rank, even if it equals one.
    if instance.suit is None:
        if type(rank) is not int or rank != 0:
            raise InvalidArgument("bad_rank", f"a joker has rank 0, not {brief(rank)}")
    elif type(rank) is not int or not 1 <= rank <= 13:
        raise InvalidArgument(
            "bad_rank", f"a natural piece has a rank from 1 to 13, not {brief(rank)}"
        )


def _check_suit(instance: Tile, attribute: attrs.Attribute[Suit | None], suit: Suit | None) -> None:
    if suit is not None and not isinstance(suit, Suit):
        raise InvalidArgument("bad_suit", f"a suit is a rummikit.Suit or None, not {brief(suit)}")


@attrs.frozen(order=False, repr=False, cache_hash=True)
class Tile:
    """A tile, a card, or the joker (``suit is None``, ``rank == 0``).

    Build one with ``Tile(Suit.RED, 7)``, :meth:`Tile.parse` or :data:`JOKER`.
    ``str()`` gives the canonical notation (``r7``, ``7h``, ``j``). Tiles sort by family,
    suit and rank, with the joker last.
    """

    suit: Suit | None = attrs.field(validator=_check_suit)
    rank: int = attrs.field(validator=_check_rank)
    code: int = attrs.field(init=False, eq=False, hash=False, repr=False)
    """A small integer naming the piece, in sort order (suit, then rank; the joker last).

    Hot paths use it for multisets of pieces; :func:`tile_from_code` turns it back."""

    def __attrs_post_init__(self) -> None:
        code = _JOKER_CODE if self.suit is None else _SUIT_ORDER[self.suit] * 16 + self.rank
        object.__setattr__(self, "code", code)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read one tile or card in notation, such as ``"r7"``, ``"Qs"``, ``"10♥"`` or ``"j"``."""
        return parse_tile(text)

    @property
    def is_joker(self) -> bool:
        """Whether this is the joker."""
        return self.suit is None

    @property
    def piece_set(self) -> PieceSet | None:
        """The family of this piece, or None for the joker, which belongs to both."""
        return None if self.suit is None else self.suit.piece_set

    @property
    def sort_key(self) -> int:
        """The key tiles sort by: suit (tile colours, then card suits), then rank; joker last."""
        return self.code

    def __lt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.sort_key < other.sort_key

    def __le__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.sort_key <= other.sort_key

    def __gt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.sort_key > other.sort_key

    def __ge__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.sort_key >= other.sort_key

    def __str__(self) -> str:
        suit = self.suit
        if suit is None:
            return "j"
        if suit.piece_set is PieceSet.TILES:
            return f"{suit.value}{self.rank}"
        return f"{_CARD_RANK_NAMES.get(self.rank, str(self.rank))}{suit.value}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        """``format(tile, "u")`` writes the unicode notation: card suits as symbols
        (``7♥``), tile colours as coloured circles (``🔴7``), which read back; a string format
        specification may come before the ``u`` (``f"{card:>4u}"``) or stand alone, for
        ``str(tile)``. Any other specification raises :class:`~rummikit.InvalidArgument`
        (``bad_format``)."""
        text = str(self)
        if spec.endswith("u"):
            spec = spec[:-1]
            suit = self.suit
            if suit is not None and suit.piece_set is PieceSet.CARDS:
                text = f"{_CARD_RANK_NAMES.get(self.rank, str(self.rank))}{suit.symbol}"
            elif suit is not None:
                text = f"{suit.symbol}{self.rank}"
        try:
            return format(text, spec)
        except ValueError:
            raise InvalidArgument(
                "bad_format",
                f"{spec!r} is no format of a tile: a string format (such as '>4'), optionally "
                "followed by 'u' for the unicode form (suit symbols, coloured circles)",
            ) from None

    def _repr_svg_(self) -> str:
        """The piece as a picture, which notebooks show for a tile in a cell (see
        :func:`rummikit.svg.piece`)."""
        from rummikit import svg  # pictures sit above the values they draw

        return str(svg.piece(self))

    def __rich__(self) -> Text:
        """The piece in colour, for rich: see :mod:`rummikit.terminal`."""
        from rummikit.terminal import tile_text

        return tile_text(self)


JOKER = Tile(None, 0)
"""The joker. It belongs to every deck that has jokers."""


MAX_COPIES = 16
"""The most copies of each piece :func:`build_deck` makes."""
MAX_JOKERS = 64
"""The most jokers :func:`build_deck` makes."""


def build_deck(piece_set: PieceSet | str, *, copies: int = 2, jokers: int = 2) -> tuple[Tile, ...]:
    """Every piece of a deck, sorted: ``copies`` of each suit and rank, then ``jokers`` jokers.

    ``piece_set`` may be given as its text (``"tiles"``, ``"cards"``). The counts are capped
    (:data:`MAX_COPIES`, :data:`MAX_JOKERS`) far above any game, so that a mistyped huge
    number is refused instead of filling the memory.
    """
    if type(copies) is not int or not 1 <= copies <= MAX_COPIES:
        raise InvalidArgument(
            "bad_copies", f"copies is a whole number from 1 to {MAX_COPIES}, not {brief(copies)}"
        )
    if type(jokers) is not int or not 0 <= jokers <= MAX_JOKERS:
        raise InvalidArgument(
            "bad_jokers", f"jokers is a whole number from 0 to {MAX_JOKERS}, not {brief(jokers)}"
        )
    naturals = [
        Tile(suit, rank) for suit in suits_of(piece_set) for rank in RANKS for _ in range(copies)
    ]
    return (*naturals, *([JOKER] * jokers))


def sort_tiles(tiles: Iterable[Tile]) -> list[Tile]:
    """The tiles in canonical order: by suit, then rank, jokers last."""
    if isinstance(tiles, str) or not isinstance(tiles, Iterable):
        raise InvalidArgument(
            "not_tiles",
            f"sort_tiles expects rummikit.Tile values, not {brief(tiles)} "
            "(rummikit.parse_tiles reads notation)",
        )
    found = list(tiles)
    try:  # the items are checked only when they fail: sorting is on the solver's path
        return sorted(found, key=_code)
    except (TypeError, AttributeError):
        odd = next((tile for tile in found if not isinstance(tile, Tile)), found)
        raise InvalidArgument(
            "not_a_tile", f"expected rummikit.Tile values, not {brief(odd)}"
        ) from None


def _code(tile: Tile) -> int:
    return tile.code


def suits_of(piece_set: PieceSet | str) -> tuple[Suit, ...]:
    """The four suits of a family, in notation order; ``piece_set`` may be given as its text."""
    return TILE_COLOURS if PieceSet(piece_set) is PieceSet.TILES else CARD_SUITS


# -- notation ---------------------------------------------------------------------------------

_VARIATION_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")
_SUIT_SYMBOLS = {
    "s": Suit.SPADES,
    "h": Suit.HEARTS,
    "d": Suit.DIAMONDS,
    "c": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
}
_COLOURS = {
    "r": Suit.RED,
    "b": Suit.BLUE,
    "k": Suit.BLACK,
    "o": Suit.ORANGE,
    "y": Suit.ORANGE,
    # the circles of the unicode notation; a yellow one is orange, as ``y`` is
    "\N{LARGE RED CIRCLE}": Suit.RED,
    "\N{LARGE BLUE CIRCLE}": Suit.BLUE,
    "\N{MEDIUM BLACK CIRCLE}": Suit.BLACK,
    "\N{LARGE ORANGE CIRCLE}": Suit.ORANGE,
    "\N{LARGE YELLOW CIRCLE}": Suit.ORANGE,
}
_CARD_RANKS = {"a": 1, "j": 11, "q": 12, "k": 13}
_TILE_RE = re.compile(
    "([rbkoy\N{LARGE RED CIRCLE}\N{LARGE BLUE CIRCLE}\N{MEDIUM BLACK CIRCLE}"
    "\N{LARGE ORANGE CIRCLE}\N{LARGE YELLOW CIRCLE}])([0-9]+)"
)
_CARD_RE = re.compile(r"([0-9]+|[ajqk])([shdc♠♤♥♡♦♢♣♧])")


def tile_from_token(token: str, position: int) -> Tile:
    """The piece one token of notation names (``r7``, ``Qs``, ``10♦``, ``j``), or a
    :class:`~rummikit.NotationError` placing the token at ``position`` in the text."""
    key = token.translate(_VARIATION_SELECTORS).lower()
    if key == "j":
        return JOKER
    if match := _TILE_RE.fullmatch(key):
        digits = match[2]
        if digits.startswith("0") and digits.strip("0"):
            problem = "tile number with a leading zero"
            raise notation_error(
                "bad_rank", problem, token, position, "a number 1-13 without leading zeros"
            )
        rank = int(digits) if len(digits) <= 2 else 0
        if not 1 <= rank <= 13:
            raise notation_error(
                "bad_rank", "tile number out of range", token, position, "a number 1-13"
            )
        return Tile(_COLOURS[match[1]], rank)
    if match := _CARD_RE.fullmatch(key):
        rank_text = match[1]
        if rank_text.startswith("0") and rank_text.strip("0"):
            problem = "card rank with a leading zero"
            raise notation_error("bad_rank", problem, token, position, "a rank A, 2-10, J, Q or K")
        rank = _CARD_RANKS.get(rank_text) or (int(rank_text) if len(rank_text) <= 2 else 0)
        if not (rank_text in _CARD_RANKS or 2 <= rank <= 10):
            raise notation_error(
                "bad_rank", "card rank out of range", token, position, "a rank A, 2-10, J, Q or K"
            )
        return Tile(_SUIT_SYMBOLS[match[2]], rank)
    if token == EMPTY_TABLE:
        raise notation_error(
            "bad_token",
            f"{EMPTY_TABLE!r} among pieces",
            token,
            position,
            f"{EXPECTED_TILE} ({EMPTY_TABLE!r}, the empty table, stands alone between melds)",
        )
    raise notation_error("bad_token", "unrecognised token", token, position, EXPECTED_TILE)


def parse_tile(text: str) -> Tile:
    """Read exactly one tile, card or joker, such as ``"r7"``, ``"Qs"`` or ``"j"``."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise NotationError(
            "not_one_tile",
            f"expected exactly one tile, found {len(tiles)} in {text!r}",
            token=text,
            position=0,
            expected="exactly one tile",
        )
    return tiles[0]


def parse_tiles(text: str) -> list[Tile]:
    """Read a list of tiles or cards separated by spaces or commas, such as ``"r7 r8 j"``.

    The empty string gives the empty list. Meld separators (``|``, line breaks) and kind
    declarations are refused here: use :func:`~rummikit.parse_meld` or
    :func:`~rummikit.parse_table` for those.
    """
    tiles: list[Tile] = []
    for token, position in tokens(check_text(text)):
        if token in SEPARATORS:
            hint = "a list of tiles, such as a rack, holds no melds"
            raise separator_error(token, position, "in a list of tiles", hint)
        tiles.append(tile_from_token(token, position))
    return tiles


# -- what callers give -------------------------------------------------------------------------


def as_items(value: Iterable[_T], code: str, expected: str) -> list[_T]:
    """``value`` as a list of its items, or :class:`~rummikit.InvalidArgument` ``code``.

    Bytes and mappings are refused with the rest: iterating them gives numbers or keys,
    never the tiles or melds the caller meant.
    """
    if isinstance(value, bytes | bytearray | memoryview | Mapping):
        hint = " (decode it to str first)" if not isinstance(value, Mapping) else ""
        raise InvalidArgument(code, f"expected {expected}, not {type(value).__name__}{hint}")
    try:
        return list(value)
    except TypeError:
        raise InvalidArgument(code, f"expected {expected}, not {type(value).__name__}") from None


def as_tile(tile: Tile | str) -> Tile:
    """``tile`` as a :class:`Tile`, reading notation if given a string (``"Qs"``)."""
    if isinstance(tile, Tile):
        return tile
    if isinstance(tile, str):
        return parse_tile(tile)
    raise InvalidArgument(
        "not_a_tile", f"expected a rummikit.Tile or its notation, not {brief(tile)}"
    )


def as_tiles(tiles: Iterable[Tile | str] | str) -> list[Tile]:
    """``tiles`` as a list, reading notation if given a string (``"r7 r8 j"``) or strings
    (``["r7", "r8", "j"]``, one piece each)."""
    if isinstance(tiles, str):
        return parse_tiles(tiles)
    result: list[Tile] = []
    for tile in as_items(tiles, "not_tiles", "tiles or notation"):
        if isinstance(tile, str):
            tile = parse_tile(tile)
        elif not isinstance(tile, Tile):
            raise InvalidArgument(
                "not_a_tile", f"expected rummikit.Tile values or their notation, not {brief(tile)}"
            )
        result.append(tile)
    return result


# -- codes --------------------------------------------------------------------------------------

_BY_CODE = {tile.code: tile for piece_set in PieceSet for tile in build_deck(piece_set, copies=1)}


def tile_from_code(code: int) -> Tile:
    """The piece whose :attr:`Tile.code` is ``code``."""
    found = _BY_CODE.get(code) if type(code) is int else None
    if found is None:
        raise InvalidArgument(
            "bad_code", f"no piece has the code {brief(code)}: codes are those of Tile.code"
        )
    return found
