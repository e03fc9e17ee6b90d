"""The rule profile in a record: every option written by name, and read back into a
:class:`~rummikit.RuleProfile`.

A record carries the whole profile rather than its name, so that a house rule loads even
where it is not registered. The options and the JSON each takes are read off
:class:`~rummikit.RuleProfile`'s fields once, at import: a new option is saved and read
without a change here, and one whose type JSON cannot carry fails at import.

A profile read is compared with the registered profile its name stands for: it is that
profile when equal, and marked as modified (:func:`~rummikit.profile.mark_modified`) when it
differs. A reader asked for a profile (:func:`required_profile`, :func:`require`) refuses a
record saved under other rules.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable

import attrs

from rummikit import profiles
from rummikit._json import at, bad_field, check_fields, read_object, read_str, show
from rummikit.errors import InvalidArgument, InvalidRecord, RummikitError, brief
from rummikit.profile import RuleProfile, mark_modified

_NAMED_DIFFERENCES = 3
"""The most differing options a ``profile_mismatch`` message names; the others are counted."""

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
            f"the profile is called {show(name)} but its name option is {show(values.get('name'))}",
            where="profile.name",
        )
    build = typing.cast(Callable[..., RuleProfile], RuleProfile)
    try:
        profile = build(**values)
    except RummikitError as error:
        option = getattr(error, "option", None)
        place = at(where, option) if isinstance(option, str) and option in _OPTIONS else where
        raise InvalidRecord("bad_profile", error.message, where=place) from error
    return _as_registered(profile)


def _as_registered(profile: RuleProfile) -> RuleProfile:
    """``profile`` beside the registered profile its name (or alias) stands for: that
    profile itself when they are equal, ``profile`` marked as modified when another option
    than the name differs, ``profile`` as it is when its name is not registered."""
    try:
        registered = profiles.get(profile.name)
    except RummikitError:  # not registered: the name is the record's own
        return profile
    if profile == registered:
        return registered
    return mark_modified(profile, registered)


# -- a required profile ----------------------------------------------------------------------


def required_profile(profile: object) -> RuleProfile | None:
    """The ``profile`` argument of the readers: None, a :class:`~rummikit.RuleProfile`, or
    the name of a registered one (:class:`~rummikit.UnknownProfile` if there is none);
    anything else raises :class:`~rummikit.InvalidArgument` (``not_a_profile``). Checked
    before the record is read: it is the host's argument, not the record's."""
    if profile is None or isinstance(profile, RuleProfile):
        return profile
    if isinstance(profile, str):
        return profiles.get(profile)
    raise InvalidArgument(
        "not_a_profile",
        f"profile is a RuleProfile, the name of a registered one, or None, not {brief(profile)}",
    )


def require(profile: RuleProfile, required: RuleProfile | None) -> RuleProfile:
    """The profile a record's game is rebuilt with: ``required`` itself when given and the
    record's ``profile`` has its rules (every option but the name and the title), else
    ``profile``; a record saved under other rules is refused (``profile_mismatch``, naming
    a few of the options that differ and counting the rest)."""
    if required is None:
        return profile
    differing = profile.differences(required)
    if not differing:
        return required
    named = [
        f"{option} is {mine}, not {theirs}"
        for option, mine, theirs in differing[:_NAMED_DIFFERENCES]
    ]
    rest = len(differing) - len(named)
    if rest:
        named.append(f"{rest} more options differ" if rest > 1 else "1 more option differs")
    raise InvalidRecord(
        "profile_mismatch",
        f"the game was saved under other rules than {required.name!r}: " + "; ".join(named),
        where="profile",
    )


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
