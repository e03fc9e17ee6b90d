"""Reading untrusted JSON: parsing bounded text, and checking the parsed value's fields.

Every reader of a saved record (:mod:`rummikit.record`) or a wire message
(:mod:`rummikit.wire`) goes through these functions, so that anything wrong comes out as
:class:`~rummikit.InvalidRecord` with a stable code and a ``where`` naming the part of the
record at fault (such as ``actions[12].table``), and no message repeats a long value.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from rummikit.errors import InvalidRecord, RummikitError, brief
from rummikit.notation import parse_tiles
from rummikit.pieces import Tile
from rummikit.table import TableState

MAX_INT_DIGITS = 4_300
"""The longest integer literal :func:`parse_json` reads, in digits (Python's default limit,
so that converting one never fails); public as :data:`rummikit.record.MAX_INT_DIGITS`."""


# -- parsing ---------------------------------------------------------------------------------


def parse_json(text: object, limit: int) -> object:
    """The JSON value in ``text``, refused when longer than ``limit`` characters (bytes, for
    bytes input); only :class:`~rummikit.InvalidRecord` escapes."""
    if isinstance(text, bytes | bytearray):
        if len(text) > limit:
            raise _too_long(len(text), "bytes", limit)
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise InvalidRecord("malformed", f"a record is UTF-8 text: {error}") from error
    if not isinstance(text, str):
        raise InvalidRecord("malformed", f"a record is str or bytes, not {type(text).__name__}")
    if len(text) > limit:
        raise _too_long(len(text), "characters", limit)
    try:
        return json.loads(
            text,
            parse_constant=_refuse_constant,
            parse_int=_int_literal,
            object_pairs_hook=_object_without_duplicates,
        )
    except InvalidRecord:
        raise
    except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
        raise InvalidRecord("malformed", f"not valid JSON: {error}") from error


def _too_long(length: int, unit: str, limit: int) -> InvalidRecord:
    return InvalidRecord("too_long", f"the record is {length} {unit} long; the limit is {limit}")


def _refuse_constant(name: str) -> object:
    raise InvalidRecord("malformed", f"{name} is not a JSON number")


def _int_literal(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise InvalidRecord("malformed", f"an integer has more than {MAX_INT_DIGITS} digits")
    return int(digits)


def _object_without_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise InvalidRecord("malformed", f"the key {key!r} appears twice in one object")
        result[key] = value
    return result


# -- fields ----------------------------------------------------------------------------------


def at(where: str, key: str) -> str:
    """The ``where`` of field ``key`` inside the part at ``where``."""
    return f"{where}.{key}" if where else key


def show(value: object) -> str:
    """A short description of a JSON value for messages (never its whole text)."""
    return "a JSON object" if isinstance(value, Mapping) else brief(value)


def bad_field(where: str, expected: str, value: object) -> InvalidRecord:
    """The error for ``value`` at ``where``, which should have been ``expected``."""
    return InvalidRecord("bad_field", f"expected {expected}, not {show(value)}", where=where)


def read_object(value: object, where: str) -> Mapping[str, object]:
    """``value``, a JSON object whose keys are all text."""
    if not isinstance(value, Mapping):
        raise bad_field(where, "a JSON object", value)
    for key in value:
        if not isinstance(key, str):
            raise InvalidRecord("bad_field", f"a key is not text: {show(key)}", where=where)
    return value


def read_field(obj: Mapping[str, object], key: str, where: str) -> object:
    """The value of ``key`` in ``obj`` (the part at ``where``), which must be there."""
    if key not in obj:
        raise InvalidRecord("missing_field", f"{key!r} is missing", where=at(where, key))
    return obj[key]


def check_fields(obj: Mapping[str, object], where: str, fields: Sequence[str]) -> None:
    """Every one of ``fields`` is present and nothing else."""
    for key in fields:
        read_field(obj, key, where)
    for key in obj:
        if key not in fields:
            raise InvalidRecord(
                "unknown_field",
                f"unknown field {show(key)}; expected {', '.join(fields)}",
                where=at(where, key),
            )


def read_int(value: object, where: str, low: int = 0) -> int:
    """``value``, a whole number from ``low`` (true and false are not numbers here)."""
    if type(value) is not int or value < low:
        raise bad_field(where, f"a whole number from {low}", value)
    return value


def read_str(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise bad_field(where, "text", value)
    return value


def read_bool(value: object, where: str) -> bool:
    if type(value) is not bool:
        raise bad_field(where, "true or false", value)
    return value


def read_array(value: object, where: str) -> Sequence[object]:
    if not isinstance(value, list | tuple):
        raise bad_field(where, "a JSON array", value)
    return value


def read_tiles(value: object, where: str) -> list[Tile]:
    """``value``, tiles in notation (``"r1 r2 j"``)."""
    try:
        return parse_tiles(read_str(value, where))
    except InvalidRecord:
        raise
    except RummikitError as error:
        raise InvalidRecord(
            "bad_field", f"not tile notation: {error.message}", where=where
        ) from error


def read_table(value: object, where: str) -> TableState:
    """``value``, a table in notation (``"r1 r2 r3 | b5 k5 o5"``)."""
    try:
        return TableState.parse(read_str(value, where))
    except InvalidRecord:
        raise
    except RummikitError as error:
        raise InvalidRecord(
            "bad_field", f"not table notation: {error.message}", where=where
        ) from error
