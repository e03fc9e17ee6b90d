"""Profiles: the registry, each profile's options (matrix rows 1-36) and their validation."""

import attrs
import pytest

import rummikit as rk
from rummikit.profiles import ProfileRegistry

ONLINE = rk.profiles.get("online")
PAGAT = rk.profiles.get("pagat")
RAMI = rk.profiles.get("rami_voleur")


# -- registry ------------------------------------------------------------------------------


def test_builtin_names():
    assert rk.profiles.names()[:3] == ("online", "pagat", "rami_voleur")


@pytest.mark.parametrize(
    ("name", "profile"),
    [
        ("PAGAT", PAGAT),
        ("Rami-Voleur", RAMI),
        ("rami voleur", RAMI),
        (" rami_chinois ", RAMI),
        ("rummi", ONLINE),
        ("Rummikub", PAGAT),
    ],
)
def test_names_and_aliases_are_case_insensitive(name, profile):
    assert rk.profiles.get(name) is profile


def test_unknown_profile_lists_the_known_ones():
    with pytest.raises(rk.UnknownProfile) as info:
        rk.profiles.get("gin")
    assert info.value.code == "unknown_profile"
    assert "pagat" in info.value.message
    assert "online" in info.value.known
    assert isinstance(info.value, ValueError)


def test_get_passes_profiles_through_and_refuses_other_types():
    assert rk.profiles.get(PAGAT) is PAGAT
    with pytest.raises(rk.InvalidArgument):
        rk.profiles.get(3)  # type: ignore[arg-type]


def test_third_party_registration():
    registry = ProfileRegistry()
    house = attrs.evolve(PAGAT, name="house", opening_min_points=25)
    registry.register(house, aliases=["our house"])
    assert registry.get("Our-House") is house
    assert registry.names() == ("house",)
    with pytest.raises(rk.InvalidArgument) as info:
        registry.register(attrs.evolve(house, opening_min_points=20))
    assert info.value.code == "name_taken"
    registry.register(attrs.evolve(house, opening_min_points=20), replace=True)
    assert registry.get("house").opening_min_points == 20
    with pytest.raises(rk.InvalidArgument):
        registry.register("house")  # type: ignore[arg-type]


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
        (PAGAT, {"scoring": "winner_takes_all"}, "scoring"),
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


class FakeEntryPoint:
    """Stands in for an installed package's ``rummikit.profiles`` entry point."""

    def __init__(self, name, loaded):
        self.name = name
        self._loaded = loaded

    def load(self):
        if isinstance(self._loaded, Exception):
            raise self._loaded
        return self._loaded


def test_entry_point_profiles_are_loaded_on_demand(monkeypatch):
    third_party = attrs.evolve(PAGAT, name="club_rules", opening_min_points=40)
    seen = []

    def entry_points(group):
        seen.append(group)
        return [FakeEntryPoint("club", third_party), FakeEntryPoint("lazy", lambda: ONLINE)]

    monkeypatch.setattr("importlib.metadata.entry_points", entry_points)
    registry = ProfileRegistry()
    assert registry.get("Club-Rules") is third_party
    assert seen == ["rummikit.profiles"]
    assert registry.names() == ("club_rules", "online")
    assert seen == ["rummikit.profiles"]  # loaded once


def test_a_broken_entry_point_warns_and_does_not_break_the_registry(monkeypatch):
    def entry_points(group):
        return [FakeEntryPoint("broken", ImportError("no module named club"))]

    monkeypatch.setattr("importlib.metadata.entry_points", entry_points)
    registry = ProfileRegistry()
    registry.register(PAGAT)
    with pytest.warns(RuntimeWarning, match="broken") as caught:
        assert registry.names() == ("pagat",)
    # regression (a review): the warning pointed inside rummikit, not at the caller
    assert caught[0].filename == __file__


def test_regression_names_are_the_profiles_own():
    """Found by a review: ``names()`` (and the names an unknown profile's error lists) gave
    the lookup key, "my_house", for a profile called "My House"."""
    registry = ProfileRegistry()
    registry.register(PAGAT.evolve(name="My House"), aliases=["Ours"])
    assert registry.names() == ("My House",)
    assert registry.aliases("my-house") == ("My House", "ours")
    with pytest.raises(rk.UnknownProfile) as caught:
        registry.get("nope")
    assert caught.value.known == ("My House",)
    assert "known profiles: My House" in caught.value.message
