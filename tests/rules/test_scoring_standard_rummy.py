"""Standard rummy's scoring (source 004, "Décompte des points", lines 40-46 and 50): card
values, the penalty scoring, winner takes all and the "rummy" bonus, with the properties
the issue asks for: penalty scores are never negative, and winner takes all pays the
winner exactly what the others hold.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit.profiles import STANDARD_RUMMY
from rummikit.testing import player_racks
from tests.helpers import H, ident, refused

WITH_JOKERS = STANDARD_RUMMY.evolve(name="standard_rummy_jokers", jokers=2)
WTA = STANDARD_RUMMY.evolve(
    name="standard_rummy_wta", scoring="winner_takes_all", match_elimination=False, jokers=2
)
WTA_BONUS = WTA.evolve(name="standard_rummy_wta_bonus", rummy_bonus=True)
RACKS = player_racks(WITH_JOKERS, min_players=2, max_players=4, min_size=1, max_size=10)


def _total(profile: rk.RuleProfile, rack: list[rk.Tile]) -> int:
    """The hand's value as source 004 l. 43 gives it: A 1, 2-10 face, J Q K 10, joker 15."""
    return sum(15 if t.is_joker else 1 if t.rank == 1 else min(t.rank, 10) for t in rack)


# -- examples, each citing the source --------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "value"),
    [("Ah", 1), ("2c", 2), ("9s", 9), ("10d", 10), ("Jc", 10), ("Qh", 10), ("Ks", 10), ("j", 15)],
)
def test_source_004_l43_card_values(card: str, value: int) -> None:
    # "A = 1 ; 2-10 = valeur nominale ; V, D, R = 10 chacun ; jokers (si utilisés) = 15"
    assert WITH_JOKERS.piece_value(card) == value


def test_source_004_l44_standard_winner_zero_others_their_hand() -> None:
    # "Chaque joueur non gagnant note son total de pénalité comme score positif, et le
    # gagnant enregistre 0 pour cette donne"
    racks = {"Ana": "", "Ben": "Kh Qh Ah", "Cleo": "7c j"}
    assert WITH_JOKERS.score_round(racks) == {"Ana": 0, "Ben": 21, "Cleo": 22}


def test_source_004_l45_winner_takes_all_the_winner_collects_the_others_hands() -> None:
    # "Le gagnant encaisse la somme des valeurs de pénalité de tous ses adversaires"
    racks = {"Ana": "", "Ben": "Kh Qh Ah", "Cleo": "7c j"}
    assert WTA.score_round(racks) == {"Ana": 43, "Ben": 0, "Cleo": 0}
    assert WTA.round_winners(racks) == ("Ana",)


def test_source_004_l46_a_rummy_doubles_under_winner_takes_all() -> None:
    # "il marque un «Rummy» et des pénalités doublées sont perçues auprès des adversaires
    # dans le décompte «le gagnant rafle tout»"
    racks = {"Ana": "", "Ben": "Kh Qh Ah", "Cleo": "7c j"}
    assert WTA_BONUS.score_round(racks, rummy=True) == {"Ana": 86, "Ben": 0, "Cleo": 0}
    assert WTA_BONUS.score_round(racks) == {"Ana": 43, "Ben": 0, "Cleo": 0}


def test_a_rummy_changes_nothing_without_the_bonus_or_under_penalty_scoring() -> None:
    racks = {"Ana": "", "Ben": "Kh"}
    assert WTA.score_round(racks, rummy=True) == {"Ana": 10, "Ben": 0}
    assert STANDARD_RUMMY.score_round(racks, rummy=True) == {"Ana": 0, "Ben": 10}


def test_a_named_winner_may_have_made_a_rummy() -> None:
    assert WTA_BONUS.score_round({"Ana": "2c", "Ben": "Kh"}, "Ana", rummy=True) == {
        "Ana": 20,
        "Ben": 0,
    }


def test_source_004_l50_a_blocked_hand_under_winner_takes_all() -> None:
    # "Une donne sans gagnant ... est résolue en déclarant gagnant de la donne le joueur
    # ayant le total de cartes en main le plus bas": that winner collects the others' hands
    # in full, as a winner who went out (l. 45), not the difference to its own
    racks = {"Ana": "3c", "Ben": "Kh 2c", "Cleo": "Ad j"}
    assert WTA.round_winners(racks) == ("Ana",)
    assert WTA.score_round(racks) == {"Ana": 28, "Ben": 0, "Cleo": 0}
    # the same hand under the standard scoring: the blocked winner scores 0
    assert WITH_JOKERS.score_round(racks) == {"Ana": 0, "Ben": 12, "Cleo": 16}


def test_a_shared_blocked_win_under_winner_takes_all_pays_each_winner_the_losers() -> None:
    racks = {"Ana": "3c", "Ben": "3d", "Cleo": "Kh"}
    assert WTA.round_winners(racks) == ("Ana", "Ben")
    assert WTA.score_round(racks) == {"Ana": 10, "Ben": 10, "Cleo": 0}


def test_winner_takes_all_without_a_winner_scores_nothing() -> None:
    nobody = WTA.evolve(stock_end="end_no_winner")
    assert nobody.score_round({"Ana": "3c", "Ben": "Kh"}) == {"Ana": 0, "Ben": 0}


# -- refused ---------------------------------------------------------------------------------


def test_a_rummy_needs_a_round_won_by_going_out() -> None:
    refused(lambda: WTA_BONUS.score_round({"Ana": "3c", "Ben": "Kh"}, rummy=True), "rummy_not_out")
    nobody = WTA_BONUS.evolve(stock_end="end_no_winner")
    refused(lambda: nobody.score_round({"Ana": "3c", "Ben": "Kh"}, rummy=True), "rummy_not_out")


@pytest.mark.parametrize("rummy", [1, 0, None, "yes", H], ids=ident)
def test_rummy_is_a_bool(rummy: object) -> None:
    refused(lambda: WTA_BONUS.score_round({"Ana": "", "Ben": "Kh"}, rummy=rummy), "bad_rummy")


# -- properties ------------------------------------------------------------------------------


@given(racks=RACKS, data=st.data())
def test_standard_scores_are_never_negative(
    racks: dict[int, list[rk.Tile]], data: st.DataObject
) -> None:
    if data.draw(st.booleans(), label="someone went out"):
        racks[data.draw(st.sampled_from(sorted(racks)), label="winner")] = []
    scores = WITH_JOKERS.score_round(racks)
    assert all(points >= 0 for points in scores.values())
    winners = WITH_JOKERS.round_winners(racks)
    assert len(winners) >= 1  # reshuffles end blocked, never without a winner
    assert all(
        scores[p] == (0 if p in winners else _total(WITH_JOKERS, r)) for p, r in racks.items()
    )


@given(racks=RACKS, data=st.data())
def test_winner_takes_all_pays_the_winner_exactly_what_the_others_hold(
    racks: dict[int, list[rk.Tile]], data: st.DataObject
) -> None:
    winner = data.draw(st.sampled_from(sorted(racks)), label="winner")
    racks[winner] = []
    rummy = data.draw(st.booleans(), label="rummy")
    others = sum(_total(WTA, rack) for player, rack in racks.items() if player != winner)
    for profile, factor in ((WTA, 1), (WTA_BONUS, 2 if rummy else 1)):
        scores = profile.score_round(racks, rummy=rummy)
        assert scores[winner] == factor * others
        assert all(scores[p] == 0 for p in racks if p != winner)
