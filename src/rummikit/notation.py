"""Text notation for tiles, cards, melds and tables.

Tokens are separated by spaces or commas; case does not matter.

* **Tiles**: a colour letter and a number 1-13, without leading zeros: ``r7`` (red), ``b13`` (blue), ``k1`` (black),
  ``o12`` (orange; ``y`` for yellow is read as orange, since editions differ only in ink).
* **Cards**: a rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` and a suit ``s h d c``, or the symbols
  ``♠ ♥ ♦ ♣`` (outline symbols too): ``7h``, ``Qs``, ``10♦``, ``Ad``.
* **Joker**: ``j``. On its own it is always the joker; a jack is always followed by its suit.
* **Melds**: tiles in order, optionally preceded by a declared kind, ``run:`` or ``group:``,
  for melds that could be read either way (``group: j j r5``).
* **Tables**: melds separated by ``|`` or by line breaks (blank lines are ignored):
  ``r7 r8 r9 | b5 k5 o5``.

``str()`` of a tile, meld or table gives its canonical form, and parsing that gives the same
value back. Parsing is linear in the length of the text, and text longer than
:data:`MAX_TEXT_LENGTH` characters is refused before any work is done.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, TypeVar

from rummikit.errors import InvalidArgument, NotationError, brief
from rummikit.meld import Meld, MeldKind
from rummikit.pieces import JOKER, Suit, Tile
from rummikit.table import TableState

if TYPE_CHECKING:
    from rummikit.profile import RuleProfile

_T = TypeVar("_T")

__all__ = [
    "MAX_TEXT_LENGTH",
    "MeldLike",
    "TableLike",
    "TilesLike",
    "as_meld",
    "as_table",
    "as_tiles",
    "format_table",
    "format_tiles",
    "parse_meld",
    "parse_table",
    "parse_tile",
    "parse_tiles",
]

TilesLike = Iterable[Tile | str] | str
"""Tiles given as an iterable of :class:`~rummikit.Tile` (or of their notation, one piece
each) or as notation (``"r7 r8 j"``)."""
MeldLike = Meld | Iterable[Tile | str] | str
"""A meld given as a :class:`~rummikit.Meld`, an iterable of tiles, or notation."""
TableLike = TableState | Iterable[MeldLike] | str
"""A table given as a :class:`~rummikit.TableState`, an iterable of melds, or notation."""

MAX_TEXT_LENGTH = 20_000
"""The longest text a parser accepts, in characters (a full deck in notation is under 500)."""

_EXPECTED_TILE = (
    "a tile such as r7 (colour r, b, k or o and a number 1-13), "
    "a card such as 7h, Qs or 10♦ (rank A, 2-10, J, Q, K and suit s, h, d, c), or j for the joker"
)
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
_COLOURS = {"r": Suit.RED, "b": Suit.BLUE, "k": Suit.BLACK, "o": Suit.ORANGE, "y": Suit.ORANGE}
_CARD_RANKS = {"a": 1, "j": 11, "q": 12, "k": 13}
_TILE_RE = re.compile(r"([rbkoy])([0-9]+)")
_CARD_RE = re.compile(r"([0-9]+|[ajqk])([shdc♠♤♥♡♦♢♣♧])")
_TOKEN_RE = re.compile(r"\||\n|[^\s,|]+")
_KIND_RE = re.compile(r"(run|group):", re.IGNORECASE)


def _fail(code: str, what: str, token: str, position: int, expected: str) -> NotationError:
    shown = brief(token)  # a huge token is not repeated in full; ``token`` keeps it whole
    where = f"{shown} at position {position}" if token else f"position {position}"
    return NotationError(
        code,
        f"{what}: {where}; expected {expected}",
        token=token,
        position=position,
        expected=expected,
    )


def _check_text(text: object) -> str:
    if not isinstance(text, str):
        raise InvalidArgument("not_text", f"notation is a str, not {type(text).__name__}")
    if len(text) > MAX_TEXT_LENGTH:
        raise NotationError(
            "too_long",
            f"the text is {len(text)} characters long; notation is limited to {MAX_TEXT_LENGTH}",
            token="",
            position=MAX_TEXT_LENGTH,
            expected=f"at most {MAX_TEXT_LENGTH} characters",
        )
    return text


def _read_token(token: str, position: int) -> Tile:
    key = token.translate(_VARIATION_SELECTORS).lower()
    if key == "j":
        return JOKER
    if match := _TILE_RE.fullmatch(key):
        digits = match[2]
        if digits.startswith("0") and digits.strip("0"):
            problem = "tile number with a leading zero"
            raise _fail("bad_rank", problem, token, position, "a number 1-13 without leading zeros")
        rank = int(digits) if len(digits) <= 2 else 0
        if not 1 <= rank <= 13:
            raise _fail("bad_rank", "tile number out of range", token, position, "a number 1-13")
        return Tile(_COLOURS[match[1]], rank)
    if match := _CARD_RE.fullmatch(key):
        rank_text = match[1]
        if rank_text.startswith("0") and rank_text.strip("0"):
            problem = "card rank with a leading zero"
            raise _fail("bad_rank", problem, token, position, "a rank A, 2-10, J, Q or K")
        rank = _CARD_RANKS.get(rank_text) or (int(rank_text) if len(rank_text) <= 2 else 0)
        if not (rank_text in _CARD_RANKS or 2 <= rank <= 10):
            raise _fail(
                "bad_rank", "card rank out of range", token, position, "a rank A, 2-10, J, Q or K"
            )
        return Tile(_SUIT_SYMBOLS[match[2]], rank)
    raise _fail("bad_token", "unrecognised token", token, position, _EXPECTED_TILE)


def _tokens(text: str) -> Iterator[tuple[str, int]]:
    for match in _TOKEN_RE.finditer(text):
        yield match[0], match.start()


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
    declarations are refused here: use :func:`parse_meld` or :func:`parse_table` for those.
    """
    tiles: list[Tile] = []
    for token, position in _tokens(_check_text(text)):
        if token in ("|", "\n"):
            raise _fail(
                "unexpected_separator",
                "meld separator in a list of tiles",
                token.replace("\n", "\\n"),
                position,
                _EXPECTED_TILE + " (a list of tiles, such as a rack, holds no melds)",
            )
        tiles.append(_read_token(token, position))
    return tiles


def _read_meld(tokens: list[tuple[str, int]], end: int) -> Meld:
    kind: MeldKind | None = None
    tiles: list[Tile] = []
    for index, (token, position) in enumerate(tokens):
        if index == 0 and (match := _KIND_RE.match(token)):
            kind = MeldKind(match[1].lower())
            rest = token[match.end() :]
            if rest:
                tiles.append(_read_token(rest, position + match.end()))
            continue
        if token.endswith(":"):
            raise _fail(
                "bad_kind",
                "unknown or misplaced kind declaration",
                token,
                position,
                "'run:' or 'group:' at the start of a meld",
            )
        tiles.append(_read_token(token, position))
    if not tiles:
        position = tokens[0][1] if tokens else end
        raise _fail("empty_meld", "meld with no tiles", "", position, "at least one tile")
    return Meld(tiles, kind)


def parse_meld(text: str) -> Meld:
    """Read one meld, such as ``"r7 r8 r9"`` or ``"group: j j r5"``."""
    tokens = list(_tokens(_check_text(text)))
    for token, position in tokens:
        if token in ("|", "\n"):
            raise _fail(
                "unexpected_separator",
                "meld separator in a single meld",
                token.replace("\n", "\\n"),
                position,
                _EXPECTED_TILE + " (several melds make a table)",
            )
    return _read_meld(tokens, len(text))


def parse_table(text: str) -> list[Meld]:
    """Read a table: melds separated by ``|`` or line breaks, such as ``"r7 r8 r9 | b5 k5 o5"``.

    The empty string (or only whitespace) is the empty table. A ``|`` with no tiles on one
    side is refused; blank lines are not.
    """
    melds: list[Meld] = []
    current: list[tuple[str, int]] = []
    after_bar = False
    bar_position = 0
    for token, position in _tokens(_check_text(text)):
        if token == "|":
            if not current:
                raise _fail("empty_meld", "meld with no tiles", "|", position, "at least one tile")
            melds.append(_read_meld(current, position))
            current, after_bar, bar_position = [], True, position
        elif token == "\n":
            if current:
                melds.append(_read_meld(current, position))
                current, after_bar = [], False
            elif after_bar:
                raise _fail(
                    "empty_meld", "meld with no tiles", "|", bar_position, "at least one tile"
                )
        else:
            current.append((token, position))
    if current:
        melds.append(_read_meld(current, len(text)))
    elif after_bar:
        raise _fail("empty_meld", "meld with no tiles", "|", bar_position, "at least one tile")
    return melds


def format_tiles(tiles: TilesLike, *, unicode: bool = False) -> str:
    """Tiles in canonical notation, separated by spaces; ``unicode=True`` shows ``7♥`` for cards.

    Notation is read first, so ``format_tiles("R7  r8")`` is ``"r7 r8"``."""
    spec = "u" if unicode else ""
    return " ".join(format(tile, spec) for tile in as_tiles(tiles))


def format_table(melds: TableLike, *, unicode: bool = False) -> str:
    """A table (a :class:`~rummikit.TableState`, melds, or notation) in canonical notation:
    melds separated by ``|`` with a space on each side."""
    parts = []
    for meld in as_table(melds).melds:
        body = format_tiles(meld.tiles, unicode=unicode)
        parts.append(body if meld.kind is None else f"{meld.kind.value}: {body}")
    return " | ".join(parts)


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


def as_profile(profile: RuleProfile | str) -> RuleProfile:
    """``profile`` itself, or the registered profile it names (see
    :func:`rummikit.profiles.get`): what the module-level rule functions take."""
    from rummikit import profiles  # at call time: the registry sits above this module

    return profiles.get(profile)


def as_tiles(tiles: TilesLike) -> list[Tile]:
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


def as_meld(meld: MeldLike) -> Meld:
    """``meld`` as a :class:`~rummikit.Meld`, reading notation if given a string."""
    if isinstance(meld, Meld):
        return meld
    if isinstance(meld, str):
        return parse_meld(meld)
    return Meld(as_tiles(meld))


def as_table(table: TableLike) -> TableState:
    """``table`` as a :class:`~rummikit.TableState`, reading notation if given a string."""
    if isinstance(table, TableState):
        return table
    if isinstance(table, str):
        return TableState(parse_table(table))
    if isinstance(table, Meld):
        raise InvalidArgument("not_a_table", "a table is a sequence of melds, not one meld")
    melds = as_items(table, "not_a_table", "melds or notation")
    if any(isinstance(meld, Tile) for meld in melds):
        raise InvalidArgument(
            "not_a_table",
            "a table is a sequence of melds, not of single tiles: group the tiles into melds "
            "(a list of tiles each), or give notation such as 'r1 r2 r3 | b5 k5 o5'",
        )
    return TableState(as_meld(meld) for meld in melds)
