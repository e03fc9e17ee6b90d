"""Round scoring (matrix rows 31-35, D15), with every scoring example of the sources;
scoring properties over generated racks; the racks, winners and pieces refused; and scoring
fuzzed with random racks and winners.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import assume, event, given
from hypothesis import strategies as st

import rummikit as rk
from rummikit.testing import player_racks
from tests.fuzzing import ALL_PIECES, PROFILES, TOKENS, any_piece, attempt, by_profile
from tests.helpers import ONLINE, PAGAT, RAMI, H, ident, refused
from tests.variants import BY_NAME, by_built_in_profile, by_scoring_profile


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


# -- properties, for every profile -----------------------------------------------------------


def expected_piece_value(profile: rk.RuleProfile, tile: rk.Tile) -> int:
    """Rows 34-35: the joker 30 (tiles) or 50 (rami voleur); tiles at face value; rami voleur
    cards 2-10 face, J/Q/K 10, ace 11."""
    if tile.is_joker:
        return 50 if profile.piece_set is rk.PieceSet.CARDS else 30
    if profile.piece_set is rk.PieceSet.TILES:
        return tile.rank
    return 11 if tile.rank == 1 else min(tile.rank, 10)


@by_built_in_profile
def test_piece_values_follow_the_matrix(name: str) -> None:
    profile = BY_NAME[name]
    for tile in set(profile.deck):
        assert profile.piece_value(tile) == expected_piece_value(profile, tile)


def _totals(profile: rk.RuleProfile, racks: dict[int, list[rk.Tile]]) -> dict[int, int]:
    return {p: sum(expected_piece_value(profile, t) for t in rack) for p, rack in racks.items()}


@by_scoring_profile
@given(data=st.data())
def test_a_round_won_by_going_out(name: str, data: st.DataObject) -> None:
    profile = BY_NAME[name]
    racks = data.draw(player_racks(profile, min_players=2, min_size=1))
    winner = data.draw(st.sampled_from(sorted(racks)))
    racks[winner] = []
    totals = _totals(profile, racks)
    scores = profile.score_round(racks)
    assert scores == profile.score_round(racks, winner=winner)
    assert profile.round_winners(racks) == (winner,)
    if profile.scoring is rk.Scoring.ZERO_SUM:
        assert sum(scores.values()) == 0
        assert scores[winner] == sum(totals.values())
        assert all(scores[p] == -totals[p] for p in racks if p != winner)
    else:
        assert scores[winner] == 0
        assert all(scores[p] == totals[p] >= 0 for p in racks if p != winner)


@by_scoring_profile
@given(data=st.data())
def test_a_blocked_round(name: str, data: st.DataObject) -> None:
    profile = BY_NAME[name]
    racks = data.draw(player_racks(profile, min_players=2, min_size=1))
    if data.draw(st.booleans()):
        # a tie for the lowest rack: give a copy of one rack to another player
        unique = list(dict.fromkeys(racks[0]))
        deck_left = Counter(profile.deck) - Counter(t for r in racks.values() for t in r)
        assume(all(deck_left[t] >= 1 for t in unique))
        racks[0] = unique
        racks[1] = list(unique)
    totals = _totals(profile, racks)
    counts = {p: len(r) for p, r in racks.items()}
    scores = profile.score_round(racks)
    if profile.stock_end is rk.StockEnd.END_NO_WINNER:
        assert profile.round_winners(racks) == ()
        assert scores == totals
        return

    # D15: lowest total, ties to the fewest tiles (or the other way round), then shared
    def rank(p: int) -> tuple[int, int]:
        if profile.blocked_winner is rk.BlockedWinner.LOWEST_POINTS:
            return totals[p], counts[p]
        return counts[p], totals[p]

    winners = [p for p in racks if rank(p) == min(map(rank, racks))]
    assert sorted(profile.round_winners(racks)) == winners
    if len(winners) > 1:
        event("shared win")
    losers = [p for p in racks if p not in winners]
    if profile.scoring is rk.Scoring.ZERO_SUM:
        assert sum(scores.values()) == 0
        assert all(scores[p] >= 0 for p in winners)
        assert all(scores[p] <= 0 for p in losers)
        if profile.blocked_winner is rk.BlockedWinner.LOWEST_POINTS:
            # each loser pays the difference to the lowest rack, to every co-winner
            low = totals[winners[0]]
            assert all(scores[p] == -len(winners) * (totals[p] - low) for p in losers)
            assert all(scores[p] == sum(totals[q] - low for q in losers) for p in winners)
    else:
        assert all(scores[p] == 0 for p in winners)
        assert all(scores[p] == totals[p] >= 0 for p in racks if p not in winners)


@by_scoring_profile
@given(data=st.data())
def test_scores_do_not_depend_on_the_order_of_the_racks(name: str, data: st.DataObject) -> None:
    profile = BY_NAME[name]
    racks = data.draw(player_racks(profile, min_players=2, min_size=1))
    out = [data.draw(st.sampled_from(sorted(racks)))] if data.draw(st.booleans()) else []
    for player in out:
        racks[player] = []
    # a named winner is the one who went out, if anyone did (``winner_not_out``)
    winner = data.draw(st.none() | st.sampled_from(out or sorted(racks)))
    order = data.draw(st.permutations(sorted(racks)))
    reordered = {p: racks[p] for p in order}
    assert profile.score_round(reordered, winner) == profile.score_round(racks, winner)
    assert set(profile.round_winners(reordered, winner)) == set(
        profile.round_winners(racks, winner)
    )


# -- racks, winners and pieces refused -------------------------------------------------------


@pytest.mark.parametrize("winner", [[0], {1}, 1.0, True, "1", H], ids=ident)
def test_a_winner_is_a_key_of_racks(winner):
    racks = {0: "", 1: "r5"}
    refused(lambda: PAGAT.score_round(racks, winner=winner), "unknown_player")
    refused(lambda: PAGAT.round_winners(racks, winner=winner), "unknown_player")


def test_a_named_winner_is_returned_as_the_key():
    assert PAGAT.round_winners({0: "r1", 1: "r5"}, winner=1) == (1,)
    assert PAGAT.score_round({0: "r1", 1: "r5"}, winner=1) == {0: -1, 1: 1}


def test_piece_value_reads_notation():
    assert PAGAT.piece_value("r5") == 5
    assert PAGAT.piece_value("j") == PAGAT.joker_penalty
    refused(lambda: PAGAT.piece_value("r5 r6"), "not_one_tile", rk.NotationError)


@pytest.mark.parametrize("tile", [None, 5, H, [rk.JOKER]], ids=ident)
def test_piece_value_refuses_what_is_no_tile(tile):
    refused(lambda: PAGAT.piece_value(tile), "not_a_tile")


def test_piece_value_refuses_a_piece_outside_the_deck():
    refused(lambda: PAGAT.piece_value(rk.Tile.parse("Kh")), "not_in_deck")
    refused(lambda: rk.profiles.get("rami").piece_value("r5"), "not_in_deck")


# -- fuzzing: whatever the racks, scoring scores or refuses ----------------------------------


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
