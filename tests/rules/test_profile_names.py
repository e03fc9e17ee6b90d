"""What a profile's name says: names and titles bounded and printable wherever a profile is
made (construction, ``evolve``, ``attrs.evolve``, registry aliases), and the mark of a house
rule that keeps its parent's name (``modified_from`` and the repr)."""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit.profile import (
    MAX_NAME_LENGTH,
    MAX_TITLE_LENGTH,
    mark_modified,
    name_key,
    name_problem,
)
from rummikit.profiles import ProfileRegistry
from tests.fuzzing import attempt
from tests.helpers import ONLINE, PAGAT, RAMI

MAKERS: dict[str, Callable[..., rk.RuleProfile]] = {
    "constructor": lambda **option: rk.RuleProfile(**{"name": "house", **option}),
    "evolve": lambda **option: PAGAT.evolve(**option),
    "attrs.evolve": lambda **option: attrs.evolve(RAMI, **option),
}
"""Every way a program makes a profile (the record readers are tested with the records)."""

HOSTILE_NAMES: list[object] = [
    "",
    "x" * (MAX_NAME_LENGTH + 1),
    "x" * 500_000,
    "\x1b[31m",
    "pagat\x1b[0m",
    "\ud800",
    "pagat\udfff",
    "a b|c\n",
    "pagat\n",
    "pagat ",
    " pagat",
    "pa gat",
    "pagat,online",
    "pagat|online",
    "-pagat",
    ".pagat",
    "_pagat",
    "pag/at",
    "pag\\at",
    "pag'at",
    "p\u0430gat",  # a Cyrillic a: it looks like pagat
    "pagat\u200b",  # a zero-width space
    "pagat\u202e",  # a right-to-left override
    "r\u00e8gles",
    "\u0661\u0662",  # Arabic-Indic digits
    "pagat\x00",
    None,
    5,
    b"pagat",
    ["pagat"],
]

HOSTILE_TITLES: list[object] = [
    "x" * (MAX_TITLE_LENGTH + 1),
    "x" * 1_000_000,
    "\x1b[31mred",
    "Rules\ud800",
    "line\nbreak",
    "tab\there",
    "carriage\r",
    "\u202eright to left",
    "zero\u200bwidth",
    "no\u00a0break",
    "para\u2029graph",
    "private \ue000",
    "nul\x00",
    None,
    5,
    ["title"],
]


def _assert_short_and_printable(error: rk.RummikitError) -> None:
    """A message about a hostile value never repeats it whole or prints it raw."""
    assert len(error.message) < 400, error.message
    assert error.message.isprintable(), error.message


@pytest.mark.parametrize("maker", list(MAKERS))
@pytest.mark.parametrize("name", HOSTILE_NAMES, ids=lambda value: repr(value)[:30])
def test_a_hostile_name_is_refused_wherever_a_profile_is_made(maker: str, name: object) -> None:
    with pytest.raises(rk.InvalidOption) as refused:
        MAKERS[maker](name=name)
    assert (refused.value.option, refused.value.code) == ("name", "invalid_option")
    _assert_short_and_printable(refused.value)


@pytest.mark.parametrize("maker", list(MAKERS))
@pytest.mark.parametrize("title", HOSTILE_TITLES, ids=lambda value: repr(value)[:30])
def test_a_hostile_title_is_refused_wherever_a_profile_is_made(maker: str, title: object) -> None:
    with pytest.raises(rk.InvalidOption) as refused:
        MAKERS[maker](title=title)
    assert (refused.value.option, refused.value.code) == ("title", "invalid_option")
    _assert_short_and_printable(refused.value)


@pytest.mark.parametrize(
    "name", ["pagat", "a", "7", "x" * MAX_NAME_LENGTH, "Club_rules-2.1", "rami_voleur.v2"]
)
def test_names_of_letters_digits_and_separators_are_accepted(name: str) -> None:
    assert PAGAT.evolve(name=name).name == name


@pytest.mark.parametrize(
    "title", ["", "x" * MAX_TITLE_LENGTH, "R\u00e8gles de la maison \u2014 \u00e9t\u00e9", "A & B"]
)
def test_titles_of_printable_text_are_accepted(title: str) -> None:
    assert PAGAT.evolve(title=title).title == title


def test_the_builtin_names_aliases_and_titles_follow_the_rules() -> None:
    aliases = ("rummi", "online_rummi", "classic", "sabra", "rummikub", "rami", "ramio")
    for name in aliases:
        assert rk.profiles.get(name) in (ONLINE, PAGAT, RAMI)
        assert name_problem(name) is None
    for profile in (ONLINE, PAGAT, RAMI):
        assert name_problem(profile.name) is None
        assert len(profile.title) <= MAX_TITLE_LENGTH
        assert profile.title.isprintable()


NAME_RULE = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_.-]{{0,{MAX_NAME_LENGTH - 1}}}")


@given(st.text(max_size=MAX_NAME_LENGTH + 2) | st.from_regex(NAME_RULE, fullmatch=True))
def test_a_name_is_accepted_exactly_when_it_follows_the_rule(name: str) -> None:
    follows = NAME_RULE.fullmatch(name) is not None
    assert (name_problem(name) is None) is follows
    made = attempt(lambda: PAGAT.evolve(name=name))
    if isinstance(made, rk.RummikitError):
        assert not follows
        assert isinstance(made, rk.InvalidOption)
        assert made.option == "name"
        _assert_short_and_printable(made)
    else:
        assert follows
        assert made.name == name


@given(st.text(max_size=MAX_TITLE_LENGTH + 2))
def test_a_title_is_accepted_exactly_when_it_is_a_short_printable_line(title: str) -> None:
    fits = len(title) <= MAX_TITLE_LENGTH and title.isprintable()
    made = attempt(lambda: PAGAT.evolve(title=title))
    if isinstance(made, rk.RummikitError):
        assert not fits
        assert isinstance(made, rk.InvalidOption)
        assert made.option == "title"
        _assert_short_and_printable(made)
    else:
        assert fits
        assert made.title == title


@pytest.mark.parametrize("alias", [a for a in HOSTILE_NAMES if isinstance(a, str)])
def test_an_alias_follows_the_rule_of_names(alias: str) -> None:
    registry = ProfileRegistry()
    with pytest.raises(rk.InvalidArgument) as refused:
        registry.register(PAGAT, aliases=[alias])
    assert refused.value.code == "bad_profile_name"
    _assert_short_and_printable(refused.value)
    assert registry.names() == ()


def test_the_registry_compares_names_by_their_key() -> None:
    assert name_key("Rami-Voleur") == name_key("rami voleur") == "rami_voleur"
    assert name_key("a--b__c") == "a_b_c"
    assert rk.profiles.get("RAMI voleur") is RAMI


# -- the mark of a modified profile ----------------------------------------------------------


def test_a_registered_profile_and_an_equal_house_rule_are_not_marked() -> None:
    for profile in (ONLINE, PAGAT, RAMI):
        assert profile.modified_from is None
        assert repr(profile) == f"<RuleProfile {profile.name!r}>"
    same = PAGAT.evolve(opening_min_points=30)
    assert same.modified_from is None
    assert repr(same) == "<RuleProfile 'pagat'>"


def test_a_house_rule_keeping_its_parents_name_is_marked() -> None:
    edited = PAGAT.evolve(opening_min_points=1, joker_policy="free")
    assert edited.modified_from is PAGAT
    assert repr(edited) == "<RuleProfile 'pagat' (modified: opening_min_points, joker_policy)>"
    assert edited.differences(edited.modified_from) == (
        ("opening_min_points", "1", "30"),
        ("joker_policy", "free", "frozen"),
    )
    # the root is kept through further changes, and going back removes the mark
    further = edited.evolve(time_limit=30)
    assert further.modified_from is PAGAT
    assert "time_limit" in repr(further)
    back = further.evolve(opening_min_points=30, joker_policy="frozen", time_limit=120)
    assert back.modified_from is None
    assert back == PAGAT


def test_the_mark_follows_the_name_as_the_registry_compares_it() -> None:
    assert PAGAT.evolve(name="Pagat", hand_size=10).modified_from is PAGAT
    assert PAGAT.evolve(name="Pagat").modified_from is None  # the spelling alone
    kitchen = PAGAT.evolve(name="kitchen", hand_size=10)
    assert kitchen.modified_from is None
    assert repr(kitchen) == "<RuleProfile 'kitchen'>"
    assert kitchen.evolve(hand_size=12).modified_from is kitchen
    assert PAGAT.evolve(hand_size=10).evolve(name="kitchen").modified_from is None


def test_a_title_counts_and_a_long_list_is_counted() -> None:
    assert repr(PAGAT.evolve(title="Our pagat")) == "<RuleProfile 'pagat' (modified: title)>"
    many = PAGAT.evolve(copies=3, jokers=4, hand_size=10, time_limit=30, joker_penalty=50)
    assert repr(many) == "<RuleProfile 'pagat' (modified: copies, jokers, hand_size and 2 more)>"


def test_the_mark_changes_no_equality_hash_or_reading() -> None:
    edited = PAGAT.evolve(opening_min_points=1)
    built = attrs.evolve(PAGAT, opening_min_points=1)  # knows no parent
    assert built.modified_from is None
    assert edited == built
    assert hash(edited) == hash(built)
    assert len({edited, built}) == 1
    assert edited.meld_rules == PAGAT.meld_rules
    assert edited.is_valid_meld("r1 r2 j")
    assert rk.Game.new(edited, 2, seed=5) == rk.Game.new(built, 2, seed=5)


def test_the_mark_survives_pickling() -> None:
    edited = PAGAT.evolve(joker_policy="free")
    copied = pickle.loads(pickle.dumps(edited))
    assert copied == edited
    assert copied.modified_from == PAGAT
    assert repr(copied) == repr(edited)


def test_registering_a_marked_profile_registers_it_unmarked() -> None:
    registry = ProfileRegistry()
    registry.register(PAGAT)
    edited = PAGAT.evolve(opening_min_points=25)
    registry.register(edited, replace=True)
    registered = registry.get("pagat")
    assert registered == edited
    assert registered.modified_from is None
    assert repr(registered) == "<RuleProfile 'pagat'>"


def test_mark_modified_marks_against_a_base() -> None:
    loaded = attrs.evolve(PAGAT, opening_min_points=1)
    marked = mark_modified(loaded, PAGAT)
    assert marked == loaded
    assert marked.modified_from is PAGAT
    assert mark_modified(marked, PAGAT) is marked
    assert mark_modified(marked, marked) is marked  # a marked base stands for its root
    equal = mark_modified(attrs.evolve(PAGAT), PAGAT)
    assert equal.modified_from is None
    assert mark_modified(marked, attrs.evolve(PAGAT, opening_min_points=1)).modified_from is None
    for bad in (("pagat", PAGAT), (PAGAT, None)):
        with pytest.raises(rk.InvalidArgument) as refused:
            mark_modified(*bad)  # type: ignore[arg-type]
        assert refused.value.code == "not_a_profile"
