"""Hostile arguments to actions and games: each is refused with a documented
:class:`rummikit.InvalidArgument` and a stable code, never a TypeError, AttributeError or
ValueError from deeper down, and never with a message that repeats a huge value.

Every test here failed before the fix it is named for (records: see test_record.py).
"""

from __future__ import annotations

import attrs
import pytest

import rummikit as rk

HUGE = 10**5000
"""Too long for Python to print (over 4,300 digits): a message that shows it raises."""
BIG = 10**4000
"""Printable, but 4,001 characters: a message that shows it is useless."""
SHORT = 200
"""The longest message allowed when the input held a huge number."""


def refused(call: object, code: str) -> rk.InvalidArgument:
    """The InvalidArgument ``call`` raises, checked for ``code`` and a short message."""
    with pytest.raises(rk.InvalidArgument) as caught:
        call()  # type: ignore[operator]
    assert caught.value.code == code, caught.value
    assert len(caught.value.message) < SHORT
    return caught.value


# -- actions: Timeout.changed, and Play given bytes or a mapping -----------------------------


@pytest.mark.parametrize("changed", [1, 0, "no", None, 1.0, [True]])
def test_timeout_changed_must_be_a_boolean(changed: object) -> None:
    # Was: attrs' instance_of validator raised a raw TypeError naming <class 'bool'>.
    error = refused(lambda: rk.Timeout(changed), "bad_changed")  # type: ignore[arg-type]
    assert "True" in error.message
    refused(lambda: rk.Timeout(changed=changed), "bad_changed")  # type: ignore[arg-type]
    refused(lambda: attrs.evolve(rk.Timeout(), changed=changed), "bad_changed")


def test_timeout_still_takes_booleans() -> None:
    assert rk.Timeout(changed=False).changed is False
    assert rk.Timeout().changed is True


@pytest.mark.parametrize(
    ("table", "code", "named"),
    [
        (b"r1 r2 r3", "not_a_table", "bytes"),
        (bytearray(b"r1 r2 r3"), "not_a_table", "bytearray"),
        (memoryview(b"r1 r2 r3"), "not_a_table", "memoryview"),
        ({"r1 r2 r3": 1}, "not_a_table", "dict"),
        ({"a": 1}, "not_a_table", "dict"),
        ([b"r1 r2 r3"], "not_tiles", "bytes"),
        (["r1 r2 r3", {"b1 b2 b3": 1}], "not_tiles", "dict"),
    ],
)
def test_play_refuses_bytes_and_mappings_by_name(table: object, code: str, named: str) -> None:
    # Was: bytes were iterated as numbers ("not int") and a dict's keys read as notation.
    error = refused(lambda: rk.Play(table), code)  # type: ignore[arg-type]
    assert f"not {named}" in error.message


def test_play_still_reads_notation_melds_and_tables() -> None:
    expected = rk.Play("r1 r2 r3 | b5 k5 o5")
    melds = ["r1 r2 r3", rk.parse_tiles("b5 k5 o5")]
    assert rk.Play(melds) == expected
    assert rk.Play(iter(melds)) == expected
    assert rk.Play(expected.table) == expected
    assert rk.Play(rk.parse_table("r1 r2 r3 | b5 k5 o5")) == expected


def test_a_huge_player_number_is_refused_with_a_short_message() -> None:
    # Was: _check_player repeated the number in full, and past 4,300 digits raised
    # ValueError, since Python refuses to print such a number.
    refused(lambda: rk.Draw(player=-HUGE), "bad_player")
    refused(lambda: rk.Pass(player=-BIG), "bad_player")
