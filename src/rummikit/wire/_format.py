"""What marks a wire message as rummikit's: its format and version, written first and
checked first, and the limits every message keeps.

Each kind of message has its own format and version, so that one kind can change without
the others: a new profile option changes the view, and not the action a client sends.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from rummikit._json import bad_field, read_field, read_int, read_object, show
from rummikit.errors import InvalidArgument, InvalidRecord
from rummikit.pieces import MAX_COPIES, MAX_JOKERS
from rummikit.record import FORMAT as GAME_FORMAT
from rummikit.record import MATCH_FORMAT

VIEW = "rummikit.view"
"""The ``format`` of a :class:`~rummikit.PlayerView` message; public as
:data:`rummikit.wire.VIEW`."""
ACTION = "rummikit.action"
"""The ``format`` of an action message; public as :data:`rummikit.wire.ACTION`."""
VERDICT = "rummikit.verdict"
"""The ``format`` of a :class:`~rummikit.Verdict` message; public as
:data:`rummikit.wire.VERDICT`."""
OUTCOME = "rummikit.outcome"
"""The ``format`` of an :class:`~rummikit.Outcome` message; public as
:data:`rummikit.wire.OUTCOME`."""

VERSIONS: Mapping[str, int] = MappingProxyType({VIEW: 1, ACTION: 1, VERDICT: 1, OUTCOME: 1})
"""The version of each format written, and the newest one read; public as
:data:`rummikit.wire.VERSIONS`."""

MAX_MESSAGE_LENGTH = 500_000
"""The longest message read as text, in characters (bytes, for bytes input), and the longest
:func:`rummikit.wire.dumps` writes; public as :data:`rummikit.wire.MAX_MESSAGE_LENGTH`."""

MAX_PIECES = MAX_COPIES * 52 + MAX_JOKERS
"""The most pieces a message counts anywhere (the table of a play, a rack, the stock): the
largest deck :func:`~rummikit.build_deck` builds; public as :data:`rummikit.wire.MAX_PIECES`."""

MAX_INT = 2**53 - 1
"""The largest whole number a message holds (a score; a player named in an action): the
largest integer every JSON reader holds exactly, JavaScript's included; public as
:data:`rummikit.wire.MAX_INT`."""

_READERS = {
    GAME_FORMAT: "a saved game: read it with rummikit.loads",
    MATCH_FORMAT: "a saved match: read it with rummikit.loads_match",
}


def header(kind: str) -> dict[str, object]:
    """The first two fields of a message of format ``kind``."""
    return {"format": kind, "version": VERSIONS[kind]}


def read_top(message: object, expected: tuple[str, ...]) -> tuple[str, Mapping[str, object]]:
    """The format of ``message`` (one of ``expected``) and its top object, the version
    checked; the fields are left to the reader of that format."""
    if not isinstance(message, Mapping):
        raise InvalidRecord("malformed", f"a message is a JSON object, not {show(message)}")
    top = read_object(message, "")
    if "format" not in top:
        raise InvalidRecord("missing_field", "not a rummikit message", where="format")
    given = top["format"]
    if not isinstance(given, str) or given not in expected:
        hint = _READERS.get(given, "") if isinstance(given, str) else ""
        wanted = " or ".join(repr(kind) for kind in expected)
        raise InvalidRecord(
            "wrong_format",
            f"expected a {wanted} message, not {show(given)}" + (f" ({hint})" if hint else ""),
            where="format",
        )
    version = read_int(read_field(top, "version", ""), "version")
    newest = VERSIONS[given]
    if version != newest:
        newer = " (written by a newer rummikit)" if version > newest else ""
        raise InvalidRecord(
            "unsupported_version",
            f"this rummikit reads version {newest} {given!r} messages, not {show(version)}{newer}",
            where="version",
        )
    return given, top


def read_whole(value: object, where: str, low: int = 0, high: int = MAX_INT) -> int:
    """``value``, a whole number from ``low`` to ``high`` (true and false are not numbers)."""
    if type(value) is not int or not low <= value <= high:
        raise bad_field(where, f"a whole number from {low:,} to {high:,}", value)
    return value


def is_whole(value: object, low: int = 0, high: int = MAX_INT) -> bool:
    """Whether ``value`` is a whole number from ``low`` to ``high``, as :func:`read_whole`
    reads it: what the writers check before they write one."""
    return type(value) is int and low <= value <= high


def check_length(text: str) -> str:
    """``text``, a message written, no longer than what the readers read."""
    if len(text) > MAX_MESSAGE_LENGTH:
        raise InvalidArgument(
            "message_too_long",
            f"the message would be {len(text):,} characters long, more than a reader reads "
            f"({MAX_MESSAGE_LENGTH:,})",
        )
    return text
