"""What marks a record as rummikit's: its format and version, written first and checked first.

A game record and a match record share their top fields (format, version, profile,
players); :func:`read_top` and :func:`read_players` check them for both readers, so that a
record of the wrong kind is refused with a hint at the reader it needs.
"""

from __future__ import annotations

from collections.abc import Mapping

from rummikit._json import read_field, read_int, read_object, show
from rummikit.errors import InvalidRecord
from rummikit.profile import RuleProfile

FORMAT = "rummikit.game"
"""A game record's ``format`` field; public as :data:`rummikit.record.FORMAT`."""

MATCH_FORMAT = "rummikit.match"
"""A match record's ``format`` field; public as :data:`rummikit.record.MATCH_FORMAT`."""

VERSION = 1
"""The version written, and the newest one read; public as :data:`rummikit.record.VERSION`."""

MAX_ROUNDS = 1_000
"""The most rounds a match record holds, written or read; public as
:data:`rummikit.record.MAX_ROUNDS`."""


def read_top(record: object, expected: str) -> Mapping[str, object]:
    """The top object of a parsed record of format ``expected``, its version checked."""
    if not isinstance(record, Mapping):
        raise InvalidRecord("malformed", "a record is a JSON object")
    top = read_object(record, "")
    kind = "game" if expected == FORMAT else "match"
    if "format" not in top:
        raise InvalidRecord("missing_field", f"not a rummikit {kind} record", where="format")
    if top["format"] != expected:
        given = top["format"]
        other = (
            {FORMAT: "loads", MATCH_FORMAT: "loads_match"}.get(given, "")
            if isinstance(given, str)
            else ""
        )
        hint = f"; read it with {other}" if other else ""
        raise InvalidRecord(
            "wrong_format",
            f"expected a {expected!r} record, not {show(top['format'])}{hint}",
            where="format",
        )
    version = read_int(read_field(top, "version", ""), "version")
    if version != VERSION:
        newer = " (written by a newer rummikit)" if version > VERSION else ""
        raise InvalidRecord(
            "unsupported_version",
            f"this rummikit reads version {VERSION} records, not {show(version)}{newer}",
            where="version",
        )
    return top


def read_players(top: Mapping[str, object], profile: RuleProfile) -> int:
    """The number of players of the record ``top``, one that ``profile`` is played by."""
    players = read_int(top["players"], "players")
    if not profile.min_players <= players <= profile.max_players:
        raise InvalidRecord(
            "bad_field",
            f"{profile.name!r} is played by {profile.min_players} to {profile.max_players} "
            f"players, not {show(players)}",
            where="players",
        )
    return players
