"""The rule profile in a record: every option written by name, and read back into a
:class:`~rummikit.RuleProfile`.

A record carries the whole profile rather than its name, so that a house rule loads even
where it is not registered. The options and the JSON each takes are read off
:class:`~rummikit.RuleProfile`'s fields once, at import: a new option is saved and read
without a change here, and one whose type JSON cannot carry fails at import.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable

import attrs

from rummikit.errors import InvalidRecord, RummikitError
from rummikit.profile import RuleProfile
from rummikit.record._json import at, bad_field, check_fields, read_object, read_str, show

_MAX_OPTION = 10**19
"""Whole-number options are refused from this size on (no option is valid there), so that
no message from :class:`~rummikit.RuleProfile` repeats a huge number."""


@attrs.frozen
class _OptionKind:
    """What JSON an option takes: its base type, and whether it may be null."""

    base: type
    nullable: bool


def _option_kinds() -> dict[str, _OptionKind]:
    """Every option of :class:`RuleProfile` (its ``init`` fields) with the JSON it takes."""
    hints = typing.get_type_hints(RuleProfile)
    kinds = {}
    for field in attrs.fields(RuleProfile):
        if not field.init:
            continue
        hint = hints[field.name]
        members = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
        nullable = type(None) in members
        bases = [member for member in members if member is not type(None)]
        if len(bases) != 1 or not (
            bases[0] in (str, int, bool)
            or (isinstance(bases[0], type) and issubclass(bases[0], enum.Enum))
        ):
            raise TypeError(f"rummikit.record cannot save the option {field.name!r} ({hint})")
        kinds[field.name] = _OptionKind(bases[0], nullable)
    return kinds


_OPTIONS = _option_kinds()


# -- writing ---------------------------------------------------------------------------------


def profile_record(profile: RuleProfile) -> dict[str, object]:
    """``profile`` as a record's ``profile`` field: its name and every option."""
    return {
        "name": profile.name,
        "options": {name: _option_json(getattr(profile, name)) for name in _OPTIONS},
    }


def _option_json(value: object) -> object:
    return value.value if isinstance(value, enum.Enum) else value


# -- reading ---------------------------------------------------------------------------------


def read_profile(value: object) -> RuleProfile:
    """The profile of a record's ``profile`` field, every option checked for its JSON and
    the whole checked by :class:`~rummikit.RuleProfile`."""
    where = "profile"
    obj = read_object(value, where)
    check_fields(obj, where, ("name", "options"))
    name = read_str(obj["name"], "profile.name")
    where = "profile.options"
    options = read_object(obj["options"], where)
    check_fields(options, where, tuple(_OPTIONS))
    values = {
        key: _read_option(options[key], at(where, key), kind) for key, kind in _OPTIONS.items()
    }
    if values.get("name") != name:
        raise InvalidRecord(
            "bad_profile",
            f"the profile is called {name!r} but its name option is {show(values.get('name'))}",
            where="profile.name",
        )
    build = typing.cast(Callable[..., RuleProfile], RuleProfile)
    try:
        return build(**values)
    except RummikitError as error:
        option = getattr(error, "option", None)
        place = at(where, option) if isinstance(option, str) and option in _OPTIONS else where
        raise InvalidRecord("bad_profile", error.message, where=place) from error


def _read_option(value: object, where: str, kind: _OptionKind) -> object:
    if value is None:
        if kind.nullable:
            return None
        raise bad_field(where, f"a {_json_kind(kind.base)}", value)
    base = kind.base
    accepted = (
        isinstance(value, str)
        if base is str or issubclass(base, enum.Enum)
        else type(value) is base
    )
    if not accepted:
        described = _json_kind(base) + (" or null" if kind.nullable else "")
        raise bad_field(where, f"a {described}", value)
    if base is int and not -_MAX_OPTION < typing.cast(int, value) < _MAX_OPTION:
        # No option takes such a number; refused here so that no message repeats it.
        raise bad_field(where, "a whole number of at most 19 digits", value)
    return value


def _json_kind(base: type) -> str:
    if base is bool:
        return "boolean"
    if base is int:
        return "whole number"
    if issubclass(base, enum.Enum):
        return "text: " + ", ".join(repr(member.value) for member in base)
    return "text"
