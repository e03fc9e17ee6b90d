"""The text beneath every notation reader: its length limit, its tokens, its errors.

Tiles, melds and tables each have their reader beside their value (:mod:`rummikit.pieces`,
:mod:`rummikit.meld`, :mod:`rummikit.table`), so that ``Tile.parse``, ``Meld.parse`` and
``TableState.parse`` need nothing above them; this module holds what the three share. The
notation itself is described in :mod:`rummikit.notation`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from rummikit.errors import InvalidArgument, NotationError, brief

MAX_TEXT_LENGTH = 20_000
"""The longest text a reader accepts, in characters (a full deck in notation is under 500)."""

EXPECTED_TILE = (
    "a tile such as r7 (colour r, b, k or o and a number 1-13), "
    "a card such as 7h, Qs or 10♦ (rank A, 2-10, J, Q, K and suit s, h, d, c), or j for the joker"
)
"""What a reader expects where a piece should be, for error messages."""

_TOKEN_RE = re.compile(r"\||\n|[^\s,|]+")


def notation_error(code: str, what: str, token: str, position: int, expected: str) -> NotationError:
    """The :class:`~rummikit.NotationError` for ``token`` at ``position``: ``what`` went
    wrong and what was ``expected`` there."""
    shown = brief(token)  # a huge token is not repeated in full; ``token`` keeps it whole
    where = f"{shown} at position {position}" if token else f"position {position}"
    return NotationError(
        code,
        f"{what}: {where}; expected {expected}",
        token=token,
        position=position,
        expected=expected,
    )


EMPTY_TABLE = "-"
"""The notation of the empty table: it stands alone where a meld would, and a table reads it
as no meld, so ``f"{table} | r1 r2 r3"`` reads whatever ``table`` is."""

SEPARATORS = ("|", "\n")
"""The tokens that separate melds: only a table may hold them."""


def separator_error(token: str, position: int, where: str, hint: str) -> NotationError:
    """The error for a meld separator met ``where`` none may stand (``"in a single meld"``),
    ``hint`` saying why (``"several melds make a table"``)."""
    return notation_error(
        "unexpected_separator",
        f"meld separator {where}",
        token.replace("\n", "\\n"),
        position,
        f"{EXPECTED_TILE} ({hint})",
    )


def check_text(text: object) -> str:
    """``text`` itself, once known to be a string no longer than :data:`MAX_TEXT_LENGTH`:
    the check every reader makes before any work."""
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


def tokens(text: str) -> Iterator[tuple[str, int]]:
    """The tokens of ``text`` with their offsets: pieces and kind declarations (separated by
    spaces or commas), and the meld separators ``|`` and line breaks."""
    for match in _TOKEN_RE.finditer(text):
        yield match[0], match.start()
