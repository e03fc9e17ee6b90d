"""The verdict message: every violation with its code, its message, and the melds and tiles
it concerns, so that a client can show the player what to fix.

A code is read as any snake_case name, not only those this release knows, so that a client
reads the verdicts of a newer server (and of a host's own rules) without failing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from rummikit._json import (
    at,
    bad_field,
    check_fields,
    read_array,
    read_object,
    read_str,
    read_tiles,
)
from rummikit.errors import InvalidArgument, InvalidRecord, RummikitError, brief
from rummikit.meld import Meld
from rummikit.notation import format_tiles
from rummikit.pieces import Tile
from rummikit.verdict import Verdict, Violation
from rummikit.wire._format import VERDICT, header

MAX_CODE_LENGTH = 64
"""The longest code a violation may have on the wire, in characters."""

_CODE = re.compile(r"[a-z][a-z0-9_]*")
_FIELDS = ("format", "version", "violations")
_VIOLATION_FIELDS = ("code", "message", "melds", "tiles")


def _is_code(code: str) -> bool:
    return len(code) <= MAX_CODE_LENGTH and _CODE.fullmatch(code) is not None


# -- writing ---------------------------------------------------------------------------------


def verdict_message(verdict: Verdict) -> dict[str, object]:
    """``verdict`` as a message: its violations in order, each with its code, message, melds
    (a list of meld notation) and tiles (tile notation)."""
    return header(VERDICT) | {"violations": [_violation(v) for v in verdict.violations]}


def _violation(violation: Violation) -> dict[str, object]:
    if not _is_code(violation.code):
        raise InvalidArgument(
            "bad_verdict",
            f"a violation's code is snake_case of at most {MAX_CODE_LENGTH} characters, not "
            f"{brief(violation.code)}",
        )
    if not all(isinstance(meld, Meld) and meld.tiles for meld in violation.melds):
        raise InvalidArgument("bad_verdict", "a violation's melds are Meld values with tiles")
    if not all(isinstance(tile, Tile) for tile in violation.tiles):
        raise InvalidArgument("bad_verdict", "a violation's tiles are Tile values")
    return {
        "code": violation.code,
        "message": violation.message,
        "melds": [str(meld) for meld in violation.melds],
        "tiles": format_tiles(violation.tiles),
    }


# -- reading ---------------------------------------------------------------------------------


def read_verdict(top: Mapping[str, object]) -> Verdict:
    """The verdict of the message ``top`` (its format and version checked)."""
    check_fields(top, "", _FIELDS)
    items = read_array(top["violations"], "violations")
    return Verdict(
        tuple(_read_violation(item, f"violations[{index}]") for index, item in enumerate(items))
    )


def _read_violation(item: object, where: str) -> Violation:
    obj = read_object(item, where)
    check_fields(obj, where, _VIOLATION_FIELDS)
    code = read_str(obj["code"], at(where, "code"))
    if not _is_code(code):
        raise bad_field(
            at(where, "code"), f"a snake_case code of at most {MAX_CODE_LENGTH} characters", code
        )
    message = read_str(obj["message"], at(where, "message"))
    where_melds = at(where, "melds")
    melds = tuple(
        _read_meld(meld, f"{where_melds}[{index}]")
        for index, meld in enumerate(read_array(obj["melds"], where_melds))
    )
    tiles = tuple(read_tiles(obj["tiles"], at(where, "tiles")))
    return Violation(code, message, melds, tiles)


def _read_meld(value: object, where: str) -> Meld:
    try:
        return Meld.parse(read_str(value, where))
    except InvalidRecord:
        raise
    except RummikitError as error:
        raise InvalidRecord(
            "bad_field", f"not meld notation: {error.message}", where=where
        ) from error
