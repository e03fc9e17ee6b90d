"""Rule profiles: each profile's options (matrix rows 1-36) and their validation, the
description of a profile, what its methods read, and its options fuzzed."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit.options import OptionEnum
from tests.fuzzing import PROFILES, attempt, by_profile
from tests.helpers import ONLINE, PAGAT, RAMI, H, refused

# -- the three profiles, row by row ---------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "online", "pagat", "rami"),
    [
        ("piece_set", rk.PieceSet.TILES, rk.PieceSet.TILES, rk.PieceSet.CARDS),  # rows 1-2
        ("ace_high", False, False, True),  # row 3
        ("copies", 2, 2, 2),  # row 4
        ("jokers", 2, 2, 2),  # row 5
        ("min_players", 2, 2, 2),  # row 6
        ("max_players", 4, 4, 4),  # row 6
        ("default_players", 2, 4, 4),  # row 6: online defaults to two
        ("hand_size", 14, 14, 13),  # row 7
        (
            "first_player",
            rk.FirstPlayer.HIGHEST_DRAW,
            rk.FirstPlayer.HIGHEST_DRAW,
            rk.FirstPlayer.LOT,
        ),
        (
            "turn_structure",
            rk.TurnStructure.PLAY_OR_DRAW,
            rk.TurnStructure.PLAY_OR_DRAW,
            rk.TurnStructure.DRAW_THEN_PLAY,
        ),  # rows 9-10
        ("opening_rule", rk.OpeningRule.POINTS, rk.OpeningRule.POINTS, rk.OpeningRule.PURE_RUN),
        ("opening_min_points", 30, 30, 0),  # row 11
        (
            "opening_joker_value",
            rk.OpeningJokerValue.ZERO,
            rk.OpeningJokerValue.REPRESENTED,
            rk.OpeningJokerValue.REPRESENTED,
        ),  # row 12
        ("opening_table_play", False, True, True),  # row 14, D4
        ("table_manipulation", True, True, True),  # row 15
        ("min_rack_tiles_per_play", 1, 1, 1),  # row 16
        ("joker_policy", rk.JokerPolicy.FREE, rk.JokerPolicy.FROZEN, rk.JokerPolicy.FREE),  # 17-18
        ("joker_group3_both_colours", False, False, False),  # row 19, D6
        ("joker_replacement_from_table", False, False, False),  # row 20, D7
        ("freed_joker", rk.FreedJoker.ANYWHERE, rk.FreedJoker.ANYWHERE, rk.FreedJoker.ANYWHERE),
        ("forbid_adjacent_jokers", False, False, False),  # row 23, D9
        ("min_meld_length", 3, 3, 3),  # row 24
        ("max_group_size", 4, 4, 4),  # row 25
        ("group_distinct_suits", True, True, True),  # row 26
        ("failure_penalty", 3, 3, 0),  # row 28, D11
        ("timeout_penalty", 3, 3, 0),  # row 29, D12
        ("timeout_penalty_untouched", 3, 1, 0),  # row 29, D12
        ("time_limit", 60, 120, None),  # row 30, D13
        (
            "stock_end",
            rk.StockEnd.PLAY_UNTIL_BLOCKED,
            rk.StockEnd.PLAY_UNTIL_BLOCKED,
            rk.StockEnd.END_NO_WINNER,
        ),  # row 32, D14
        (
            "blocked_winner",
            rk.BlockedWinner.LOWEST_POINTS,
            rk.BlockedWinner.LOWEST_POINTS,
            rk.BlockedWinner.LOWEST_POINTS,
        ),  # row 33, D15
        ("scoring", rk.Scoring.PENALTY, rk.Scoring.ZERO_SUM, rk.Scoring.PENALTY),  # row 34
        (
            "piece_values",
            rk.PieceValues.FACE,
            rk.PieceValues.FACE,
            rk.PieceValues.CARDS_ACE_11,
        ),  # row 34
        ("joker_penalty", 30, 30, 50),  # row 35
        ("match_rounds", 1, 1, None),  # row 36, D16
        ("match_target", None, None, 100),  # row 36, D16
    ],
)
def test_profile_options_follow_the_matrix(option, online, pagat, rami):
    assert getattr(ONLINE, option) == online
    assert getattr(PAGAT, option) == pagat
    assert getattr(RAMI, option) == rami


# -- options and validation ----------------------------------------------------------------


def test_evolve_makes_a_house_rule_and_accepts_option_text():
    house = attrs.evolve(PAGAT, scoring="PENALTY", match_rounds=3)
    assert house.scoring is rk.Scoring.PENALTY
    assert house.match_rounds == 3
    assert PAGAT.scoring is rk.Scoring.ZERO_SUM
    assert house != PAGAT
    assert attrs.evolve(PAGAT) == PAGAT
    assert hash(attrs.evolve(PAGAT)) == hash(PAGAT)


def test_the_evolve_method_is_attrs_evolve_with_option_names_checked():
    """Regression (a review): a misspelt option in ``attrs.evolve`` is Python's bare
    ``TypeError``; ``RuleProfile.evolve`` names the option and the closest ones."""
    assert PAGAT.evolve(opening_min_points=25) == attrs.evolve(PAGAT, opening_min_points=25)
    assert PAGAT.evolve() == PAGAT
    with pytest.raises(rk.InvalidOption) as caught:
        PAGAT.evolve(opening_points=25)
    assert caught.value.code == "invalid_option"
    assert caught.value.option == "opening_points"
    assert "did you mean 'opening_min_points'" in caught.value.message
    with pytest.raises(rk.InvalidOption) as caught:
        PAGAT.evolve(**{"x" * 1000: 1})
    assert len(caught.value.message) < 200
    with pytest.raises(rk.InvalidOption) as caught:
        PAGAT.evolve(copies=0)  # values are validated as before
    assert caught.value.option == "copies"


@pytest.mark.parametrize(
    "option", ["failure_penalty", "timeout_penalty", "timeout_penalty_untouched"]
)
def test_row28_row29_a_penalty_of_0_needs_a_mandatory_draw(option):
    """Rows 28-29 (D11, D12) with row 9 (found by a review): under play or draw, a give-up
    or time-out drawing nothing passed the turn while the stock held pieces, and a round of
    them ended the round as blocked with a full stock. A penalty of 0 is refused there;
    where every turn starts with a draw (rami voleur) it stays the default."""
    with pytest.raises(rk.InvalidOption) as caught:
        PAGAT.evolve(**{option: 0})
    assert caught.value.option == option
    assert "at least 1" in caught.value.message
    assert getattr(PAGAT.evolve(**{option: 1}), option) == 1
    rami = rk.profiles.get("rami_voleur")
    assert getattr(rami, option) == 0
    assert rami.turn_structure is rk.TurnStructure.DRAW_THEN_PLAY
    with pytest.raises(rk.InvalidOption):
        rami.evolve(turn_structure="play_or_draw")


def test_row36_match_presets():
    assert attrs.evolve(PAGAT, match_rounds=3).match_rounds == 3
    assert attrs.evolve(PAGAT, match_rounds=None, match_target=500).match_target == 500
    assert attrs.evolve(PAGAT, match_rounds=None, match_target=1000).match_target == 1000


def test_row30_time_limits_per_profile_and_as_house_rules() -> None:
    """Row 30 (D13): online 60 s (chosen among 30, 60, 90 and 120), pagat 120 s and
    optional, rami voleur none; any whole number of seconds is a house rule, and a limit
    of no seconds is refused."""
    online = rk.profiles.get("online")
    assert (online.time_limit, PAGAT.time_limit, rk.profiles.get("rami_voleur").time_limit) == (
        60,
        120,
        None,
    )
    for seconds in (30, 60, 90, 120, 45):
        assert online.evolve(time_limit=seconds).time_limit == seconds
    assert PAGAT.evolve(time_limit=None).time_limit is None
    for bad in (0, -30, 1.5, "60"):
        with pytest.raises(rk.InvalidOption) as caught:
            online.evolve(time_limit=bad)
        assert caught.value.option == "time_limit"


@pytest.mark.parametrize(
    ("profile", "changes", "option"),
    [
        (PAGAT, {"hand_size": 0}, "hand_size"),
        (PAGAT, {"hand_size": 27}, "hand_size"),  # 4 x 27 leaves no stock
        (PAGAT, {"copies": 0}, "copies"),
        (PAGAT, {"jokers": -1}, "jokers"),
        (PAGAT, {"jokers": 2.0}, "jokers"),
        (PAGAT, {"min_players": 5}, "min_players"),
        (PAGAT, {"default_players": 6}, "default_players"),
        (PAGAT, {"ace_high": True}, "ace_high"),
        (PAGAT, {"ace_high": 1}, "ace_high"),
        (PAGAT, {"piece_values": "cards_ace_11"}, "piece_values"),
        (PAGAT, {"scoring": "highest_card"}, "scoring"),
        (PAGAT, {"joker_policy": None}, "joker_policy"),
        (PAGAT, {"max_group_size": 5}, "max_group_size"),
        (PAGAT, {"max_group_size": 2}, "max_group_size"),
        (PAGAT, {"opening_min_points": 0}, "opening_min_points"),
        (PAGAT, {"stock_end": "end_no_winner"}, "stock_end"),
        (PAGAT, {"match_rounds": None}, "match_rounds"),
        (PAGAT, {"match_rounds": 0}, "match_rounds"),
        (PAGAT, {"time_limit": 0}, "time_limit"),
        (PAGAT, {"min_rack_tiles_per_play": 0}, "min_rack_tiles_per_play"),
        (PAGAT, {"name": ""}, "name"),
        (PAGAT, {"opening_joker_value": "half"}, "opening_joker_value"),
        (RAMI, {"piece_set": "tiles"}, "ace_high"),
        (RAMI, {"piece_set": "dominoes"}, "piece_set"),
        (PAGAT, {"stock_end": "reshuffle"}, "stock_end"),
        (PAGAT, {"rummy_bonus": True}, "rummy_bonus"),
        (PAGAT, {"extra_deck_from": 2}, "extra_deck_from"),
        (PAGAT, {"joker_swap": True}, "joker_swap"),
        (PAGAT, {"match_elimination": True}, "match_elimination"),
        (PAGAT, {"turn_structure": "draw_meld_discard"}, "stock_end"),
        (RAMI, {"reshuffles": -1}, "reshuffles"),
    ],
)
def test_invalid_options_are_refused_naming_the_option(profile, changes, option):
    with pytest.raises(rk.InvalidOption) as info:
        attrs.evolve(profile, **changes)
    assert info.value.option == option
    assert info.value.code == "invalid_option"
    assert option in info.value.message


def test_options_without_distinct_suits_allow_larger_groups():
    loose = attrs.evolve(RAMI, group_distinct_suits=False, max_group_size=6)
    assert loose.is_valid_meld("9s 9s 9h 9h 9d 9c")


# -- description ---------------------------------------------------------------------------


def test_describe_has_a_row_per_option_with_meaning_and_matrix_row():
    rows = PAGAT.describe()
    names = [row.option for row in rows]
    assert names[0] == "name"
    assert "joker_policy" in names
    assert len(names) == len(set(names))
    assert all(row.meaning for row in rows)
    by_name = {row.option: row for row in rows}
    assert by_name["joker_policy"].value == "frozen"
    assert by_name["time_limit"].value == "120"
    assert by_name["ace_high"].value == "no"
    assert by_name["match_target"].value == "none"
    assert by_name["hand_size"].row == 7


def test_differences_between_profiles():
    diffs = {option: (a, b) for option, a, b in ONLINE.differences(PAGAT)}
    assert diffs["opening_joker_value"] == ("zero", "represented")
    assert diffs["joker_policy"] == ("free", "frozen")
    assert "hand_size" not in diffs
    assert "name" not in diffs
    assert PAGAT.differences(PAGAT) == ()


def test_repr_names_the_profile():
    assert repr(PAGAT) == "<RuleProfile 'pagat'>"


# -- what a profile's methods read -----------------------------------------------------------


def test_a_huge_option_value_is_not_printed():
    refused(lambda: attrs.evolve(PAGAT, piece_set=H), "invalid_option", rk.InvalidOption)


def test_regression_a_profile_carries_no_melds_read_under_it() -> None:
    # A game view holds the profile; the profile held its cache of meld readings, filled
    # with melds built from every player's rack, so pickling a view or turning it into a
    # dict (as a server sending it to a client would) showed other players' tiles.
    import pickle

    profile = attrs.evolve(rk.profiles.get("pagat"), name="private")
    game = rk.Game.new(profile, 2, seed=3)
    before = pickle.dumps(game.view(0))
    profile.is_valid_meld(rk.Meld(game.rack(1)[:3]))  # whatever seat 1 tried
    assert pickle.dumps(game.view(0)) == before
    assert not any("reading" in key for key in attrs.asdict(game.view(0))["profile"])


def test_regression_check_table_counts_copies_and_jokers() -> None:
    """``check_table`` read each meld but never counted the pieces: three copies of r1, or
    three jokers in a deck of two, passed, while ``check_turn`` refused the same table
    (found by a review). It now checks the deck first, as ``check_turn`` does."""
    pagat = rk.profiles.get("pagat")
    for table, code in (
        ("r1 r2 r3 | r1 r2 r3 | r1 r2 r3", "too_many_copies"),
        ("r1 j r3 | r5 j r7 | r9 j r11", "too_many_copies"),
        ("7h 8h 9h", "not_in_deck"),
    ):
        with pytest.raises(rk.InvalidArgument) as caught:
            pagat.check_table(table)
        assert caught.value.code == code
    # a caller that counted the pieces already (the judge, with the rack's) skips the deck
    copies = "r1 r2 r3 | r1 r2 r3 | r1 r2 r3"
    assert pagat.check_table(copies, deck_checked=True) == rk.TableState.parse(copies)


def test_regression_racks_take_lists_of_notation_and_tables_say_what_a_table_is() -> None:
    """Found by a review: a table given as a list of melds in notation was read, but a rack
    given as a list of tiles in notation (``["r6", "r7"]``) was refused; and a table given
    as a flat list of tiles said "expected tiles or notation, not Tile"."""
    found = rk.solve("online", "", ["r6", "r7", "r8"], opened=True)
    assert found is not None
    assert found.table == rk.TableState.parse("r6 r7 r8")
    assert rk.parse_tiles("r6 j") == rk.profiles.get("online").as_tiles(["r6", "j"])
    with pytest.raises(rk.NotationError):
        rk.profiles.get("online").as_tiles(["r6 r7"])  # one piece per string
    with pytest.raises(rk.InvalidArgument) as caught:
        rk.profiles.get("online").check_table(rk.parse_tiles("r8 b8 k8"))
    assert caught.value.code == "not_a_table"
    assert "not of single tiles" in caught.value.message


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


# -- fuzzing: whatever the options, evolve gives a valid profile or InvalidOption ------------


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


def test_regression_winner_takes_all_on_standard_rummy_says_what_else_to_set():
    """Found by a review: evolving standard rummy to winner-takes-all named only
    match_elimination, an option the user had not touched."""
    rummy = rk.profiles.get("standard_rummy")
    with pytest.raises(rk.InvalidOption) as info:
        rummy.evolve(scoring="winner_takes_all")
    assert "set match_elimination=False" in info.value.message
    assert rummy.evolve(scoring="winner_takes_all", match_elimination=False).scoring.value == (
        "winner_takes_all"
    )
