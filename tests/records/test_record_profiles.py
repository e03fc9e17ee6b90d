"""The profile of a saved game: records from an earlier release load as before, byte for
byte; a loaded profile bearing a registered name but other options is marked; a reader
asked for a profile refuses a record saved under other rules; hostile names and titles are
refused as bad profiles."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit import record
from tests.records.saved import HOUSE, edited, game_of, load_error, small_record

PAGAT = rk.profiles.get("pagat")
SAVED = Path(__file__).parent / "saved_v1"
"""Records written by the release before names were bounded and loaded profiles marked."""


def _saved(name: str) -> str:
    return (SAVED / name).read_text(encoding="utf-8").removesuffix("\n")


def _indent(text: str) -> int | None:
    return 2 if "\n  " in text else None


def _text(saved: dict[str, object]) -> str:
    return json.dumps(saved)


def _options(**changes: object) -> Callable[[dict[str, object]], object]:
    """An edit of the small (pagat) record's profile options."""

    def change(saved: dict[str, object]) -> object:
        saved["profile"]["options"].update(changes)  # type: ignore[index]
        if "name" in changes:
            saved["profile"]["name"] = changes["name"]  # type: ignore[index]
        return None

    return change


# -- records of an earlier release -----------------------------------------------------------


@pytest.mark.parametrize("name", ["pagat_game.json", "rami_voleur_game.json"])
def test_an_earlier_game_record_loads_and_saves_byte_for_byte(name: str) -> None:
    text = _saved(name)
    game = record.loads(text)
    assert record.dumps(game, indent=_indent(text)) == text
    assert game.profile is rk.profiles.get(game.profile.name)  # the registered profile
    assert game.profile.modified_from is None
    assert record.loads(text, profile=game.profile.name) == game


def test_an_earlier_match_record_of_a_house_rule_loads_and_saves_byte_for_byte() -> None:
    text = _saved("kitchen_match.json")
    match = record.loads_match(text)
    assert record.dumps(match) == text
    assert repr(match.profile) == "<RuleProfile 'kitchen'>"  # not registered: its own name
    kitchen = PAGAT.evolve(name="kitchen", title="Kitchen table rules", opening_min_points=20)
    assert record.loads_match(text, profile=kitchen).profile is kitchen


@pytest.mark.parametrize("name", ["online", "pagat", "rami_voleur", "house"])
def test_a_loaded_profile_is_the_registered_one_or_the_records_own(name: str) -> None:
    game = game_of(name, "dealt", "mid")
    loaded = record.loads(record.dumps(game))
    assert loaded == game
    assert loaded.profile.modified_from is None
    if name == "house":
        assert loaded.profile == HOUSE
    else:
        assert loaded.profile is rk.profiles.get(name)


# -- a loaded profile that differs from the registered one ------------------------------------


def test_a_record_edited_to_other_rules_is_marked() -> None:
    text = _text(edited(_options(opening_min_points=1, joker_policy="free")))
    game = record.loads(text)
    assert game.profile.name == "pagat"
    assert game.profile.modified_from is PAGAT
    assert (
        repr(game.profile) == "<RuleProfile 'pagat' (modified: opening_min_points, joker_policy)>"
    )
    assert game.profile.differences(PAGAT) == (
        ("opening_min_points", "1", "30"),
        ("joker_policy", "free", "frozen"),
    )
    assert record.dumps(game) == text  # the mark is not saved: the record is unchanged


@pytest.mark.parametrize(
    ("name", "changes", "marked"),
    [
        ("sabra", {"time_limit": 30}, True),  # an alias of pagat
        ("Rummikub", {"time_limit": 30}, True),
        ("PAGAT", {"title": "Ours"}, True),
        ("sabra", {}, False),  # pagat's rules under an alias: nothing to say
        ("PAGAT", {}, False),
        ("not_registered", {"time_limit": 30}, False),
    ],
)
def test_the_mark_follows_the_registrys_names(
    name: str, changes: dict[str, object], marked: bool
) -> None:
    text = _text(edited(_options(name=name, **changes)))
    profile = record.loads(text).profile
    assert profile.name == name
    assert (profile.modified_from is PAGAT) is marked
    assert ("(modified:" in repr(profile)) is marked
    assert record.dumps(record.loads(text)) == text


def test_a_match_record_edited_to_other_rules_is_marked() -> None:
    match = rk.Match.new("pagat", 2, seed=4).apply(rk.Draw())
    saved = record.to_record(match)
    saved["profile"]["options"]["timeout_penalty"] = 5  # type: ignore[index]
    loaded = record.match_from_record(saved)
    assert loaded.profile.modified_from is PAGAT
    assert loaded.game.profile.modified_from is PAGAT


# -- requiring a profile ---------------------------------------------------------------------


@pytest.mark.parametrize("required", ["pagat", "Sabra", PAGAT])
def test_a_record_under_the_required_rules_loads_with_that_profile(
    required: str | rk.RuleProfile,
) -> None:
    text = record.dumps(game_of("pagat", "dealt", "mid"))
    game = record.loads(text, profile=required)
    assert game == record.loads(text)
    assert game.profile is PAGAT
    assert record.from_record(json.loads(text), profile=required) == game


def test_a_record_under_other_rules_is_refused_when_a_profile_is_required() -> None:
    text = _text(edited(_options(opening_min_points=1, joker_policy="free")))
    for required in ("pagat", PAGAT, "classic"):
        with pytest.raises(rk.InvalidRecord) as refused:
            record.loads(text, profile=required)
        error = refused.value
        assert (error.code, error.where) == ("profile_mismatch", "profile")
        assert "'pagat'" in error.message
        assert "opening_min_points is 1, not 30" in error.message
        assert "joker_policy is free, not frozen" in error.message
    with pytest.raises(rk.InvalidRecord) as refused:
        record.from_record(json.loads(text), profile="pagat")
    assert refused.value.code == "profile_mismatch"


def test_the_mismatch_names_a_few_options_and_counts_the_rest() -> None:
    text = record.dumps(game_of("house", "dealt", "mid"))
    with pytest.raises(rk.InvalidRecord) as refused:
        record.loads(text, profile="pagat")
    message = refused.value.message
    differing = HOUSE.differences(PAGAT)
    assert len(differing) == 6
    for option, _, _ in differing[:3]:
        assert f"{option} is " in message
    for option, _, _ in differing[3:]:
        assert option not in message
    assert message.endswith("3 more options differ")
    four = _text(
        edited(_options(opening_min_points=25, time_limit=60, joker_penalty=50, timeout_penalty=2))
    )
    with pytest.raises(rk.InvalidRecord) as refused:
        record.loads(four, profile="pagat")
    assert refused.value.message.endswith("; 1 more option differs")
    assert record.loads(text, profile=HOUSE).profile is HOUSE


def test_a_required_profile_compares_rules_not_names_or_titles() -> None:
    """The game loaded holds the required profile: a record of its rules under another
    name or title loads, and saving it again writes the host's name and title."""
    for changes in ({"name": "our_pagat"}, {"title": "Pagat, as we play it"}):
        text = _text(edited(_options(**changes)))
        game = record.loads(text, profile="pagat")
        assert game.profile is PAGAT
        assert record.dumps(game) == _text(small_record())


def test_the_rules_are_checked_before_any_action_is_replayed() -> None:
    saved = edited(_options(hand_size=10))
    saved["actions"][0] = {"type": "pass", "player": 0}  # type: ignore[index]
    assert load_error(saved).code == "does_not_replay"
    with pytest.raises(rk.InvalidRecord) as refused:
        record.loads(_text(saved), profile="pagat")
    assert refused.value.code == "profile_mismatch"


def test_a_match_record_under_other_rules_is_refused_when_a_profile_is_required() -> None:
    match = rk.Match.new("rami_voleur", 2, seed=3).apply(rk.Draw())
    text = record.dumps(match)
    assert record.loads_match(text, profile="rami").profile is rk.profiles.get("rami_voleur")
    for load in (
        lambda: record.loads_match(text, profile="pagat"),
        lambda: record.match_from_record(json.loads(text), profile=PAGAT),
    ):
        with pytest.raises(rk.InvalidRecord) as refused:
            load()
        assert (refused.value.code, refused.value.where) == ("profile_mismatch", "profile")


READERS: dict[str, Callable[[object], object]] = {
    "loads": lambda profile: record.loads("not even json", profile=profile),  # type: ignore[arg-type]
    "loads_match": lambda profile: record.loads_match("[", profile=profile),  # type: ignore[arg-type]
    "from_record": lambda profile: record.from_record({}, profile=profile),  # type: ignore[arg-type]
    "match_from_record": lambda profile: record.match_from_record({}, profile=profile),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("reader", list(READERS))
@pytest.mark.parametrize("profile", [5, b"pagat", ["pagat"], True, rk.profiles])
def test_a_required_profile_that_is_no_profile_is_refused_before_reading(
    reader: str, profile: object
) -> None:
    with pytest.raises(rk.InvalidArgument) as refused:
        READERS[reader](profile)
    assert refused.value.code == "not_a_profile"


@pytest.mark.parametrize("reader", list(READERS))
@pytest.mark.parametrize("name", ["gin", "", "\x1b[31m", "x" * 100_000])
def test_a_required_profile_nobody_registered_is_refused_before_reading(
    reader: str, name: str
) -> None:
    with pytest.raises(rk.UnknownProfile) as refused:
        READERS[reader](name)
    assert refused.value.code == "unknown_profile"
    assert len(refused.value.message) < 300
    assert refused.value.message.isprintable()


OPTION_CHANGES = st.lists(
    st.sampled_from(
        [  # changes that leave the record's actions legal
            ("opening_min_points", 25),
            ("opening_min_points", 30),
            ("time_limit", 60),
            ("time_limit", 120),
            ("joker_penalty", 50),
            ("title", "Ours"),
            ("title", PAGAT.title),
            ("name", "sabra"),
            ("name", "PAGAT"),
            ("name", "pagat"),
            ("name", "our_pagat"),
        ]
    ),
    max_size=4,
).map(dict)


@given(OPTION_CHANGES)
def test_a_required_profile_loads_a_record_exactly_when_its_rules_match(
    changes: dict[str, object],
) -> None:
    saved = edited(_options(**changes))
    loaded = record.from_record(saved)
    differs = bool(loaded.profile.differences(PAGAT))
    try:
        required: rk.Game | rk.InvalidRecord = record.from_record(saved, profile="pagat")
    except rk.InvalidRecord as error:
        required = error
    if differs:
        assert isinstance(required, rk.InvalidRecord)
        assert required.code == "profile_mismatch"
    else:
        assert isinstance(required, rk.Game)
        assert required.profile is PAGAT
    # marked when bearing pagat's name (or an alias) with another option than the name
    bears = rk.profiles.get(loaded.profile.name) if loaded.profile.name != "our_pagat" else None
    other = attrs.evolve(loaded.profile, name="pagat") != PAGAT
    assert (loaded.profile.modified_from is not None) is (bears is PAGAT and other)


# -- hostile names and titles ----------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    ["\x1b[31m", "\ud800", "a b|c\n", "pagat\u202e", "", "x" * 65, "x" * 500_000],
    ids=lambda value: repr(value)[:20],
)
def test_a_hostile_name_in_a_record_is_a_bad_profile(value: str) -> None:
    error = load_error(edited(_options(name=value)))
    assert (error.code, error.where) == ("bad_profile", "profile.options.name")
    assert len(error.message) < 400
    assert error.message.isprintable()
    # the outer name alone, its option intact: refused without repeating it
    error = load_error(edited(lambda saved: saved["profile"].update(name=value)))  # type: ignore[union-attr]
    assert (error.code, error.where) == ("bad_profile", "profile.name")
    assert len(error.message) < 400
    assert error.message.isprintable()


@pytest.mark.parametrize(
    "value",
    ["\x1b[31mred", "Rules\ud800", "two\nlines", "\u202eright to left", "x" * 101, "x" * 1_000_000],
    ids=lambda value: repr(value)[:20],
)
def test_a_hostile_title_in_a_record_is_a_bad_profile(value: str) -> None:
    error = load_error(edited(_options(title=value)))
    assert (error.code, error.where) == ("bad_profile", "profile.options.title")
    assert len(error.message) < 400
    assert error.message.isprintable()
