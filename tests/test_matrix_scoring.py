"""Round scoring (matrix rows 31-35, D15), with every scoring example of the sources."""

import attrs
import pytest

import rummikit as rk

ONLINE = rk.profiles.get("online")
PAGAT = rk.profiles.get("pagat")
RAMI = rk.profiles.get("rami_voleur")


def test_row34_source_002_pagat_losers_holding_5_10_and_3_give_the_winner_18():
    # Berenice keeps 5 points, Claude 10, Daniel 3: the winner scores +18.
    racks = {"winner": "", "Berenice": "r5", "Claude": "b4 k6", "Daniel": "o1 o2"}
    assert PAGAT.score_round(racks) == {"winner": 18, "Berenice": -5, "Claude": -10, "Daniel": -3}


def test_row34_source_000_online_winner_zero_others_their_raw_total():
    racks = {0: "", 1: "r13 r12 j", 2: "b1"}
    assert ONLINE.score_round(racks) == {0: 0, 1: 55, 2: 1}


def test_row35_joker_left_in_hand_costs_30_in_tile_games_and_50_in_rami_voleur():
    assert ONLINE.piece_value(rk.JOKER) == PAGAT.piece_value(rk.JOKER) == 30
    assert RAMI.piece_value(rk.JOKER) == 50


@pytest.mark.parametrize(
    ("card", "value"),
    [("2h", 2), ("9s", 9), ("10d", 10), ("Jc", 10), ("Qh", 10), ("Ks", 10), ("Ad", 11), ("j", 50)],
)
def test_row34_source_003_rami_voleur_penalties(card, value):
    assert RAMI.piece_value(rk.parse_tile(card)) == value


def test_row34_tile_penalty_is_the_number():
    assert [PAGAT.piece_value(t) for t in rk.parse_tiles("r1 b7 k13")] == [1, 7, 13]


def test_row34_rami_voleur_winner_zero_others_their_penalties():
    racks = {"A": "", "B": "Ad Kd j 2c", "C": "5h"}
    assert RAMI.score_round(racks) == {"A": 0, "B": 73, "C": 5}


def test_row32_rami_voleur_stock_out_ends_with_no_winner_everyone_pays():
    # [003]: the round stops without a winner; each counts the penalties in hand.
    racks = {"A": "2h", "B": "Ks Qs"}
    assert RAMI.round_winners(racks) == ()
    assert RAMI.score_round(racks) == {"A": 2, "B": 20}


def test_row33_d15_pagat_blocked_end_lowest_total_wins_and_scores_by_differences():
    racks = {"A": "r5 r6", "B": "r10", "C": "r1 r2 r3"}
    assert PAGAT.round_winners(racks) == ("C",)
    assert PAGAT.score_round(racks) == {"A": -5, "B": -4, "C": 9}


def test_row33_d15_ties_on_points_go_to_fewest_tiles():
    racks = {"A": "r1 r2 r3", "B": "r6", "C": "r10"}
    assert PAGAT.round_winners(racks) == ("B",)
    assert PAGAT.score_round(racks) == {"A": 0, "B": 4, "C": -4}


def test_row33_d15_a_tie_that_remains_is_a_shared_win_and_stays_zero_sum():
    racks = {"A": "r6", "B": "b6", "C": "r10", "D": "k13"}
    assert PAGAT.round_winners(racks) == ("A", "B")
    scores = PAGAT.score_round(racks)
    assert scores == {"A": 11, "B": 11, "C": -8, "D": -14}
    assert sum(scores.values()) == 0


def test_row33_online_blocked_end_winner_zero_others_raw():
    racks = {"A": "r5 r6", "B": "r10", "C": "r1 r2 r3"}
    assert ONLINE.score_round(racks) == {"A": 11, "B": 10, "C": 0}


def test_row33_fewest_tiles_variant():
    # [002]'s criterion as a variant: the fewest tiles wins a blocked end.
    fewest = attrs.evolve(PAGAT, blocked_winner="fewest_tiles")
    racks = {"A": "r1 r2 r3", "B": "r13"}
    assert fewest.round_winners(racks) == ("B",)
    # The winner may hold more points than a loser: losers pay their whole rack, as in [002].
    assert fewest.score_round(racks) == {"A": -6, "B": 6}
    # Regression: the difference rule used to make a loser with fewer points gain.
    assert fewest.score_round({"a": "r1 r4", "b": "r13", "c": "k10 k11"}) == {
        "a": -5,
        "b": 26,
        "c": -21,
    }


def test_row31_the_player_who_went_out_wins():
    assert PAGAT.round_winners({"A": "r1", "B": ""}) == ("B",)


def test_explicit_winner_is_taken_as_given_and_scored_as_if_out():
    # Regression: a named winner holding tiles used to lose points to a lower rack.
    assert PAGAT.score_round({"A": "r5", "B": "r2"}, winner="A") == {"A": 2, "B": -2}
    assert ONLINE.score_round({"A": "r5", "B": "r2"}, winner="A") == {"A": 0, "B": 2}


def test_scores_never_depend_on_rack_order():
    racks = {"A": "r5 j", "B": "", "C": "k13"}
    reordered = {key: racks[key] for key in ("C", "A", "B")}
    for profile in (ONLINE, PAGAT):
        assert profile.score_round(racks) == profile.score_round(reordered)


@pytest.mark.parametrize(
    ("racks", "winner", "code"),
    [
        ({}, None, "no_players"),
        ({"A": "", "B": ""}, None, "several_empty_racks"),
        ({"A": "r1", "B": ""}, "Z", "unknown_player"),
        ({"A": "7h", "B": ""}, None, "not_in_deck"),
        ({"A": "r1 r1 r1", "B": ""}, None, "too_many_copies"),
        ({"A": "j j j", "B": ""}, None, "too_many_copies"),
        ({"A": [1], "B": ""}, None, "not_a_tile"),
    ],
)
def test_bad_racks_are_refused_with_a_code(racks, winner, code):
    with pytest.raises(rk.InvalidArgument) as info:
        PAGAT.score_round(racks, winner=winner)
    assert info.value.code == code


def test_racks_must_be_a_mapping():
    with pytest.raises(rk.InvalidArgument) as info:
        PAGAT.score_round([("A", "r1")])  # type: ignore[arg-type]
    assert info.value.code == "bad_racks"


def test_jokers_are_not_in_a_deck_without_jokers():
    with pytest.raises(rk.InvalidArgument) as info:
        attrs.evolve(RAMI, jokers=0).score_round({"A": "j", "B": ""})
    assert info.value.code == "not_in_deck"
