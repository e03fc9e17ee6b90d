"""Random and hostile input shared by the fuzz tests.

Parsers, meld readers, scoring and profile options are fed random and hostile input; each
must either give a well-formed result or raise the documented :class:`rummikit.RummikitError`
subclass, never a TypeError, KeyError, IndexError or the like. The fuzzed profiles are the
built-in ones and two variants.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import attrs
import pytest
from hypothesis import strategies as st

import rummikit as rk

PROFILES = {name: rk.profiles.get(name) for name in ("online", "pagat", "rami_voleur")} | {
    "pagat_no_adjacent_jokers": attrs.evolve(
        rk.profiles.get("pagat"), name="pagat_no_adjacent_jokers", forbid_adjacent_jokers=True
    ),
    "rami_no_jokers": attrs.evolve(rk.profiles.get("rami_voleur"), name="rami_no_jokers", jokers=0),
}
by_profile = pytest.mark.parametrize("name", list(PROFILES))

T = TypeVar("T")


def attempt(call: Callable[[], T]) -> T | rk.RummikitError:
    """What ``call`` returns, or the rummikit error it raises (anything else propagates)."""
    try:
        return call()
    except rk.RummikitError as error:
        return error


TOKENS = [
    *[
        "r7",
        "b13",
        "k1",
        "o12",
        "y5",
        "r0",
        "r14",
        "r007",
        "b99",
        "🔴7",
        "🟡5",
        "⚫️1",
        "🔵14",
        "7h",
        "Qs",
        "10♦",
        "Ad",
        "Kc",
        "1s",
        "11h",
        "0c",
        "10♥️",
        "7♤",
        "J♧",
        "j",
        "J",
        "Js",
        "jh",
    ],
    *[
        "run:",
        "group:",
        "RUN:r7",
        "group:j",
        "run::",
        "kind:",
        ":",
        "|",
        "||",
        "♠",
        "♥",
        "♦",
        "♣",
        "♡",
        "-",
        "+",
        "10",
        "A",
        "a",
    ],
    " ",
    ",",
    "\n",
    "\r\n",
    "\t",
    "\u2028",
    "\x00",
    "\ufe0f",
    "\u0130",
    "\u212a1",
]


ALL_PIECES = [rk.Tile(suit, rank) for suit in rk.Suit for rank in range(1, 14)] + [rk.JOKER]
any_piece = st.sampled_from(ALL_PIECES)
