"""Fuzz tests: whatever the input, rummikit answers or raises one of its own errors.

Parsers, meld readers, scoring and profile options are fed random and hostile input; each
must either give a well-formed result or raise the documented :class:`rummikit.RummikitError`
subclass, never a TypeError, KeyError, IndexError or the like.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit.options import OptionEnum

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


MELD_CODES = {
    "too_short",
    "too_long",
    "group_too_large",
    "mixed_suits",
    "mixed_ranks",
    "not_consecutive",
    "repeated_rank",
    "repeated_suit",
    "wraps_around",
    "no_natural_tile",
    "adjacent_jokers",
    "ambiguous",
    "not_in_deck",
    "too_many_copies",
    "not_a_meld",
}
"""The codes :class:`rummikit.InvalidMeld` documents."""

# -- text ------------------------------------------------------------------------------------

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


# -- melds -----------------------------------------------------------------------------------

ALL_PIECES = [rk.Tile(suit, rank) for suit in rk.Suit for rank in range(1, 14)] + [rk.JOKER]
any_piece = st.sampled_from(ALL_PIECES)
kinds = st.one_of(
    st.none(),
    st.sampled_from(list(rk.MeldKind)),
    st.sampled_from(["run", "group", "RUN", " Group ", "runs", "", "meld", "run:", "grp"]),
    st.text(max_size=6),
    st.integers(),
    st.just(b"run"),
)


def _kind_is_bad(kind: object) -> bool:
    if kind is None or isinstance(kind, rk.MeldKind):
        return False
    return not (isinstance(kind, str) and kind.strip().lower() in ("run", "group"))


@by_profile
@given(
    pieces=st.lists(any_piece, max_size=20),
    kind=kinds,
    form=st.sampled_from(["meld", "list", "tuple", "text"]),
)
def test_read_meld_reads_or_refuses(name: str, pieces: list[rk.Tile], kind: Any, form: str) -> None:
    profile = PROFILES[name]
    meld: Any = {
        "meld": rk.Meld(pieces),
        "list": pieces,
        "tuple": tuple(pieces),
        "text": rk.format_tiles(pieces),
    }[form]
    if form == "text" and not pieces:
        meld = "r1 r2 r3"
        pieces = rk.parse_tiles(meld)
    reading = attempt(lambda: profile.read_meld(meld, kind))
    if isinstance(reading, rk.InvalidArgument):
        assert _kind_is_bad(kind)
        assert reading.code == "bad_kind"
        with pytest.raises(rk.InvalidArgument):
            profile.is_valid_meld(meld, kind)
        return
    if isinstance(reading, rk.RummikitError):
        assert isinstance(reading, rk.InvalidMeld), repr(reading)
        assert not _kind_is_bad(kind)
        assert reading.code in MELD_CODES
        assert profile.is_valid_meld(meld, kind) is False
        return
    assert not _kind_is_bad(kind)
    assert profile.is_valid_meld(meld, kind) is True
    assert Counter(reading.layout) == Counter(pieces)
    assert len(reading.stands_for) == len(reading.ranks) == len(pieces)
    for tile, substitute in zip(reading.layout, reading.stands_for, strict=True):
        assert (substitute is not None) == tile.is_joker
    if kind is not None:
        assert reading.kind is rk.MeldKind.coerce(kind)


# -- scoring ---------------------------------------------------------------------------------

players = st.one_of(st.integers(-2, 8), st.text(max_size=3), st.tuples(st.integers(0, 2)))
rack_values = st.one_of(
    st.lists(any_piece, max_size=30),
    st.lists(st.sampled_from(ALL_PIECES[-3:]), min_size=3, max_size=8),  # too many copies
    st.lists(any_piece, max_size=10).map(tuple),
    st.lists(any_piece, max_size=10).map(rk.format_tiles),
    st.lists(st.sampled_from(TOKENS), max_size=5).map(" ".join),
)
rack_maps = st.one_of(
    st.dictionaries(players, rack_values, max_size=6),
    st.lists(rack_values, max_size=3),
)


@by_profile
@given(racks=rack_maps, winner=st.none() | players, use_player=st.booleans())
def test_scoring_scores_or_refuses(name: str, racks: Any, winner: Any, use_player: bool) -> None:
    profile = PROFILES[name]
    if use_player and isinstance(racks, dict) and racks:
        winner = next(iter(racks))
    scores = attempt(lambda: profile.score_round(racks, winner))
    if isinstance(scores, rk.RummikitError):
        return
    assert set(scores) == set(racks)
    assert all(type(score) is int for score in scores.values())
    winners = profile.round_winners(racks, winner)
    assert set(winners) <= set(racks)


@pytest.mark.parametrize(
    "call",
    [
        lambda p: p.score_round({"ann": 5}),
        lambda p: p.score_round({"ann": None}),
        lambda p: p.read_meld(7),
        lambda p: p.is_valid_meld(None),
    ],
    ids=["rack_int", "rack_none", "meld_int", "meld_none"],
)
def test_a_piece_container_that_is_not_iterable_is_refused(
    call: Callable[[rk.RuleProfile], object],
) -> None:
    with pytest.raises(rk.RummikitError):
        call(PROFILES["pagat"])


# -- profile options -------------------------------------------------------------------------

OPTION_FIELDS = {field.name: field for field in attrs.fields(rk.RuleProfile) if field.init}
ENUM_MEMBERS: list[enum.Enum] = [
    member for enum_class in (*OptionEnum.__subclasses__(), rk.MeldKind) for member in enum_class
]
option_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 1200),
    st.integers(),
    st.floats(),
    st.text(max_size=12),
    st.sampled_from(ENUM_MEMBERS),
    st.sampled_from([str(m.value) for m in ENUM_MEMBERS]),
    st.sampled_from([str(m.value).upper() for m in ENUM_MEMBERS]),
    st.lists(st.integers(), max_size=2),
    st.just(object()),
    st.just({"a": 1}),
)


def _expected_type(name: str) -> tuple[type, ...]:
    """The type an option of the profile holds once validated, from its annotation."""
    annotation = str(OPTION_FIELDS[name].type)
    found: list[type] = []
    for text, kind in (("int", int), ("bool", bool), ("str", str), ("None", type(None))):
        if text in annotation.replace("|", " ").split():
            found.append(kind)
    for enum_class in OptionEnum.__subclasses__():
        if enum_class.__name__ in annotation:
            found.append(enum_class)
    return tuple(found)


@by_profile
@given(changes=st.dictionaries(st.sampled_from(list(OPTION_FIELDS)), option_values, max_size=4))
def test_evolve_gives_a_valid_profile_or_invalid_option(name: str, changes: dict[str, Any]) -> None:
    profile = PROFILES[name]
    evolved = attempt(lambda: attrs.evolve(profile, **changes))
    if isinstance(evolved, rk.RummikitError):
        assert isinstance(evolved, rk.InvalidOption), repr(evolved)
        assert evolved.option in OPTION_FIELDS
        return
    for option in changes:
        value = getattr(evolved, option)
        assert isinstance(value, _expected_type(option)), (option, value)
        assert type(value) is not bool or bool in _expected_type(option)
    assert len(evolved.deck) == 52 * evolved.copies + evolved.jokers
    assert len(evolved.describe()) == len(OPTION_FIELDS)
    evolved.is_valid_meld(evolved.deck[:3])
    evolved.score_round({0: evolved.deck[:2], 1: []})


@pytest.mark.parametrize("title", [None, 5, ["x"]])
def test_a_title_must_be_text(title: object) -> None:
    with pytest.raises(rk.InvalidOption):
        attrs.evolve(PROFILES["pagat"], title=title)
