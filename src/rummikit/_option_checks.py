"""The checks of a profile's options: whole numbers in a range, flags, and the rules for a
profile's name and title.

The validators raise :class:`~rummikit.InvalidOption` naming the option; they serve
:class:`~rummikit.RuleProfile`'s fields. The name and title rules are public as
:data:`rummikit.profile.MAX_NAME_LENGTH`, :func:`rummikit.profile.name_key` and the rest.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from rummikit.errors import InvalidOption, brief


def int_between(low: int, high: int | None) -> Any:
    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"of at least {low}"
            raise InvalidOption(
                attribute.name, f"expected a whole number {bound}, not {brief(value)}"
            )

    return check


def optional_int(low: int) -> Any:
    def check(instance: object, attribute: attrs.Attribute[int | None], value: int | None) -> None:
        if value is not None and (type(value) is not int or value < low):
            raise InvalidOption(
                attribute.name,
                f"expected None or a whole number of at least {low}, not {brief(value)}",
            )

    return check


def flag(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise InvalidOption(attribute.name, f"expected True or False, not {brief(value)}")


MAX_NAME_LENGTH = 64
"""The longest profile name (the reason is at :data:`rummikit.profile.MAX_NAME_LENGTH`)."""

MAX_TITLE_LENGTH = 100
"""The longest profile title (:data:`rummikit.profile.MAX_TITLE_LENGTH`)."""

_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
"""A profile name: ASCII letters, digits, ``_``, ``-`` and ``.``, starting with a letter or a
digit (the length is checked apart, against :data:`MAX_NAME_LENGTH`)."""


def name_key(name: str) -> str:
    """``name`` as the registry compares names: lower case, ``_`` for each run of spaces,
    ``-`` and ``_``, none at either end (``"Rami-Voleur"`` and ``"rami voleur"`` are
    ``"rami_voleur"``). Two profiles whose names have one key share a name."""
    return "_".join(name.strip().lower().replace("-", " ").replace("_", " ").split())


def name_problem(name: object) -> str | None:
    """What keeps ``name`` from being a profile's name (or a registry alias), or None.

    A name is 1 to :data:`MAX_NAME_LENGTH` ASCII letters, digits, ``_``, ``-`` and ``.``,
    starting with a letter or a digit. The message never repeats a long or unprintable
    name: it is shortened and escaped.
    """
    if not isinstance(name, str):
        return f"a name is text, not {brief(name)}"
    if not name:
        return "a name cannot be empty"
    if len(name) > MAX_NAME_LENGTH:
        return f"a name is at most {MAX_NAME_LENGTH} characters long, not {len(name):,}"
    if _NAME.fullmatch(name):
        return None
    if not _NAME.fullmatch(name[0]):
        return f"a name starts with a letter or a digit (ASCII), not {name[0]!r}"
    bad = next(char for char in name if not _NAME.fullmatch("a" + char))
    hint = " (write '_' or '-' for a space)" if bad == " " else ""
    return (
        f"a name holds only ASCII letters, digits, '_', '-' and '.'; {brief(name)} holds "
        f"{bad!r}{hint}"
    )


def name_check(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    problem = name_problem(value)
    if problem is not None:
        raise InvalidOption(attribute.name, problem)


def title_check(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str):
        raise InvalidOption(attribute.name, f"expected text, not {brief(value)}")
    if len(value) > MAX_TITLE_LENGTH:
        raise InvalidOption(
            attribute.name,
            f"a title is at most {MAX_TITLE_LENGTH} characters long, not {len(value):,}",
        )
    for index, char in enumerate(value):
        if not char.isprintable():
            raise InvalidOption(
                attribute.name,
                f"a title is printable text, not {char!r} (at {index}): no control or "
                "format characters, line breaks, spaces other than ' ', unassigned code "
                "points or lone surrogates",
            )
