"""Turn rules (matrix rows 9-23 and section 4) and every worked example of the sources.

Each test is named after the matrix row it checks. Scenarios that apply to every profile are
written once in tile notation; :func:`judge` translates them to cards for rami voleur (red
hearts, blue diamonds, black spades, orange clubs; 1 the ace, 11-13 the jack, queen, king).
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import rummikit as rk
from rummikit.testing import runs, tables

ONLINE = rk.profiles.get("online")
PAGAT = rk.profiles.get("pagat")
RAMI = rk.profiles.get("rami_voleur")
ALL = [ONLINE, PAGAT, RAMI]
TILES = [ONLINE, PAGAT]
FREE_JOKERS = [ONLINE, RAMI]

_SUITS = {"r": "h", "b": "d", "k": "s", "o": "c"}
_FACES = {1: "A", 11: "J", 12: "Q", 13: "K"}


def name(profile: rk.RuleProfile) -> str:
    return profile.name


def cards(text: str) -> str:
    """Tile notation as cards: ``r11 j r13 | b1 k1 o1`` becomes ``Jh j Kh | Ad As Ac``."""
    out = []
    for token in text.split():
        if token[0] in _SUITS and token[1:].isdigit():
            rank = int(token[1:])
            out.append(f"{_FACES.get(rank, rank)}{_SUITS[token[0]]}")
        else:
            out.append(token)
    return " ".join(out)


def judge(
    profile: rk.RuleProfile, before: str, rack: str, after: str, opened: bool = True
) -> rk.Verdict:
    """The verdict on a play written in tile notation, translated for a card profile."""
    if profile.piece_set is rk.PieceSet.CARDS:
        before, rack, after = cards(before), cards(rack), cards(after)
    return profile.check_turn(before=before, rack=rack, after=after, opened=opened)


def codes(
    profile: rk.RuleProfile, before: str, rack: str, after: str, opened: bool = True
) -> tuple[str, ...]:
    return judge(profile, before, rack, after, opened).codes


def test_cards_translates_tile_notation():
    assert cards("r11 j r13 | b1 k1 o1 | group: j j r5") == "Jh j Kh | Ad As Ac | group: j j 5h"


# -- section 4.1: what moved -------------------------------------------------------------


@pytest.mark.parametrize("profile", ALL, ids=name)
def test_row16_section4_no_table_tile_goes_back_to_a_rack(profile):
    verdict = judge(profile, "r5 r6 r7 r8 | b1 b2 b3", "b4", "r5 r6 r7 | b1 b2 b3 b4")
    assert verdict.codes == ("table_tile_to_rack",)
    assert verdict.violations[0].tiles == (rk.parse_tile(cards("r8") if profile is RAMI else "r8"),)


def test_row16_d5_online_a_joker_never_goes_back_to_a_rack():
    # [000] only asks for a valid table; D5: no table tile, joker included, returns to a rack.
    assert codes(ONLINE, "r11 j r13 | b1 b2 b3", "r12", "r11 r12 r13 | b1 b2 b3") == (
        "table_tile_to_rack",
    )


def test_row16_row21_pagat_a_freed_joker_never_goes_back_to_a_rack():
    # [P-r]: "A joker released in this way cannot be taken into the player's hand".
    assert codes(PAGAT, "r11 j r13 | b1 b2 b3", "r12", "r11 r12 r13 | b1 b2 b3") == (
        "table_tile_to_rack",
        "freed_joker_misplaced",
    )


def test_row18_source_003_rami_voleur_joker_never_returns_even_against_its_card():
    # [003]: "on ne le reprend jamais en main, même en apportant la carte qu'il remplace".
    verdict = RAMI.check_turn(
        before="Jd Js j | 8h 9h 10h", rack="Jc", after="Jd Js Jc | 8h 9h 10h", opened=True
    )
    assert verdict.codes == ("table_tile_to_rack",)
    assert verdict.violations[0].tiles == (rk.JOKER,)


@pytest.mark.parametrize("profile", ALL, ids=name)
def test_section4_a_tile_from_nowhere_is_unknown(profile):
    verdict = judge(profile, "r5 r6 r7", "r8", "r4 r5 r6 r7 r8")
    assert verdict.codes == ("unknown_tile",)
    assert len(verdict.violations[0].tiles) == 1


@pytest.mark.parametrize("profile", ALL, ids=name)
def test_section4_the_second_copy_of_a_tile_comes_from_the_rack(profile):
    assert judge(profile, "r5 r6 r7", "r5 r6 r7", "r5 r6 r7 | r7 r6 r5").ok


def test_section4_inputs_that_do_not_fit_the_deck_are_refused():
    with pytest.raises(rk.InvalidArgument) as error:
        PAGAT.check_turn(before="r5 r6 r7 | r5 b5 k5", rack="r5", after="", opened=True)
    assert error.value.code == "too_many_copies"
    with pytest.raises(rk.InvalidArgument) as error:
        PAGAT.check_turn(before="r5 r6 r7", rack="Kh", after="r5 r6 r7", opened=True)
    assert error.value.code == "not_in_deck"
    with pytest.raises(rk.InvalidArgument) as error:
        PAGAT.check_turn(before="", rack="", after="", opened=1)
    assert error.value.code == "bad_opened"


@pytest.mark.parametrize("profile", ALL, ids=name)
def test_section4_2_every_meld_after_the_turn_must_be_valid(profile):
    verdict = judge(profile, "r5 r6 r7", "r9 b9 b9", "r5 r6 r7 | r9 b9 b9")
    assert verdict.codes == ("invalid_meld",)
    wrong = cards("r9 b9 b9") if profile is RAMI else "r9 b9 b9"
    assert verdict.violations[0].melds == (rk.parse_meld(wrong),)


# -- rows 9, 10 and 16: what a play must add -----------------------------------------------


@pytest.mark.parametrize("profile", TILES, ids=name)
def test_row9_online_pagat_an_unchanged_table_is_no_play_draw_instead(profile):
    verdict = judge(profile, "r7 r8 r9 | b5 k5 o5", "b1", "r7 r8 r9 | b5 k5 o5")
    assert verdict.codes == ("no_rack_tile",)
    assert "draw instead" in verdict.violations[0].message


@pytest.mark.parametrize("profile", TILES, ids=name)
def test_row9_online_pagat_a_rearrangement_without_a_rack_tile_is_no_play(profile):
    assert codes(profile, "r4 r5 r6 r7 | b8 b9 b10", "k1", "r4 r5 r6 | r7 b8 b9 b10") == (
        "invalid_meld",
        "no_rack_tile",
    )
    assert codes(profile, "r4 r5 r6 r7 | r8 r9 r10", "k1", "r4 r5 r6 | r7 r8 r9 r10") == (
        "no_rack_tile",
    )


def test_row9_rami_voleur_an_unchanged_table_is_a_turn_after_the_draw():
    # [003]: the draw is compulsory and playing optional, so the turn may end here.
    assert RAMI.check_turn(
        before="Jd Js j | 8h 9h 10h", rack="3d", after="Jd Js j | 8h 9h 10h", opened=True
    ).ok
    # The same table listed in another order is the same table.
    assert RAMI.check_turn(
        before="Jd Js j | 8h 9h 10h", rack="3d", after="10h 9h 8h | j Js Jd", opened=True
    ).ok


def test_row9_row16_rami_voleur_a_rearrangement_needs_a_card_from_the_hand():
    # [003]: "au moins une carte de votre main rejoint la table".
    verdict = RAMI.check_turn(
        before="4c 5c 6c 7c | 8c 9c 10c", rack="3d", after="4c 5c 6c | 7c 8c 9c 10c", opened=True
    )
    assert verdict.codes == ("no_rack_tile",)
    assert "leave the table as it was" in verdict.violations[0].message
    assert RAMI.check_turn(
        before="4c 5c 6c 7c | 8c 9c 10c",
        rack="3c",
        after="3c 4c 5c 6c | 7c 8c 9c 10c",
        opened=True,
    ).ok


@pytest.mark.parametrize("profile", ALL, ids=name)
def test_row10_a_play_need_not_be_the_biggest_one_possible(profile):
    assert judge(profile, "r7 r8 r9", "r10 r11 r12 b1 b2 b3", "r7 r8 r9 r10").ok


@pytest.mark.parametrize("profile", ALL, ids=name)
def test_row16_min_rack_tiles_per_play_is_an_option(profile):
    two = attrs.evolve(profile, min_rack_tiles_per_play=2)
    assert codes(two, "r5 r6 r7", "r8 r9", "r5 r6 r7 r8") == ("no_rack_tile",)
    assert judge(two, "r5 r6 r7", "r8 r9", "r5 r6 r7 r8 r9").ok


def test_row16_rami_voleur_min_rack_tiles_leaves_an_unchanged_table_alone():
    two = attrs.evolve(RAMI, min_rack_tiles_per_play=2)
    assert codes(two, "r5 r6 r7", "r8", "r5 r6 r7") == ()


# -- rows 11-14: the opening turn -----------------------------------------------------------


@pytest.mark.parametrize("profile", TILES, ids=name)
def test_row11_row13_online_pagat_rack_only_new_melds_worth_30_open(profile):
    # [000]: orange 10-11-12 is worth 33 and opens alone; a group of 3s (9) needs company.
    assert codes(profile, "", "o10 o11 o12", "o10 o11 o12", opened=False) == ()
    assert codes(profile, "", "r3 b3 k3", "r3 b3 k3", opened=False) == (
        "initial_meld_below_threshold",
    )
    assert codes(profile, "", "r3 b3 k3 o10 o11 o12", "r3 b3 k3 | o10 o11 o12", False) == ()
    # Exactly 30 is enough, 29 is not.
    assert codes(profile, "", "r8 r9 r10 r1 b1 k1", "r8 r9 r10 | r1 b1 k1", False) == ()
    assert codes(profile, "", "r7 r8 r9 r1 b1 k1", "r7 r8 r9 | r1 b1 k1", False) == (
        "initial_meld_below_threshold",
    )


@pytest.mark.parametrize("profile", TILES, ids=name)
def test_row11_the_opening_rule_applies_only_before_opening(profile):
    assert codes(profile, "", "r3 b3 k3", "r3 b3 k3", opened=True) == ()


def test_row12_online_joker_counts_zero_in_the_opening_turn():
    # [000]: 11-12-13 with a joker as the 12 credits 24 online and is refused alone.
    verdict = ONLINE.check_turn(before="", rack="r11 j r13", after="r11 j r13", opened=False)
    assert verdict.codes == ("initial_meld_below_threshold",)
    assert "24" in verdict.violations[0].message
    assert codes(ONLINE, "", "r11 j r13 b6 k6 o6", "r11 j r13 | b6 k6 o6", False) == ()


def test_row12_pagat_joker_counts_its_tile_in_the_opening_turn():
    assert codes(PAGAT, "", "r11 j r13", "r11 j r13", opened=False) == ()
    assert codes(PAGAT, "", "r10 b10 j", "r10 b10 j", opened=False) == ()
    zero = attrs.evolve(PAGAT, opening_joker_value="zero")
    assert codes(zero, "", "r11 j r13", "r11 j r13", opened=False) == (
        "initial_meld_below_threshold",
    )


def test_row13_online_the_opening_uses_no_table_tile():
    # [000]: "Interdit d'emprunter une tuile à la table pour compléter ta première combinaison."
    assert codes(ONLINE, "r10 b10 k10 o10", "r11 r12", "r10 r11 r12 | b10 k10 o10", False) == (
        "initial_meld_uses_table",
        "initial_meld_below_threshold",
    )


def test_row13_pagat_table_tiles_never_count_toward_the_30():
    # [P-v]: the first meld is "formed entirely from that player's hand".
    assert codes(PAGAT, "r10 b10 k10 o10", "r11 r12", "r10 r11 r12 | b10 k10 o10", False) == (
        "initial_meld_below_threshold",
    )


def test_row14_d4_online_the_table_stays_untouched_in_the_opening_turn():
    # [000]: "Tu ne peux pas réorganiser la table pour y arriver."
    before = "r5 r6 r7 | k1 k2 k3"
    assert codes(
        ONLINE, before, "b10 k10 o10 r8", "b10 k10 o10 | r5 r6 r7 r8 | k1 k2 k3", False
    ) == ("initial_meld_uses_table",)
    # Listing the untouched table in another order is not touching it.
    assert codes(ONLINE, before, "b10 k10 o10", "k3 k2 k1 | b10 k10 o10 | r7 r6 r5", False) == ()


def test_row14_d4_pagat_table_play_after_30_from_the_rack_in_the_same_turn():
    # [P-v]: "in the same or subsequent turns a player can meld by ... rearranging".
    assert codes(PAGAT, "r5 r6 r7", "b10 k10 o10 r8", "b10 k10 o10 | r5 r6 r7 r8", False) == ()
    assert (
        codes(PAGAT, "r5 r6 r7 r8", "b10 k10 o10 k8 o8", "b10 k10 o10 | r5 r6 r7 | r8 k8 o8", False)
        == ()
    )
    # Without the 30 points the table work does not count.
    assert codes(PAGAT, "r5 r6 r7", "b1 k1 o1 r8", "b1 k1 o1 | r5 r6 r7 r8", False) == (
        "initial_meld_below_threshold",
    )


def test_row13_row14_regression_a_meld_equal_to_an_old_one_may_be_the_racks_copies():
    """Rows 13, 14 (pagat): the player lays their own r6 k6 b6 o6 and moves the table's
    6s into runs. The final table holds one such group, equal to the old one, so the judge
    used to read it as the old group left alone and count only o3 o4 o5 (12). Copies are
    interchangeable and table play is allowed in the opening turn, so the group may be the
    rack's copies: 24 + 12 opens. Found by the solver, whose sweep reads it that way."""
    before = "r6 k6 b6 o6 | r7 r8 r9 | k7 k8 k9 | b7 b8 b9 | o7 o8 o9"
    rack = "r6 k6 b6 o6 o3 o4 o5"
    moved = "r6 k6 b6 o6 | r6 r7 r8 r9 | k6 k7 k8 k9 | b6 b7 b8 b9 | o6 o7 o8 o9 | o3 o4 o5"
    laid_apart = "r6 k6 b6 o6 | r6 k6 b6 o6 | r7 r8 r9 | k7 k8 k9 | b7 b8 b9 | o7 o8 o9 | o3 o4 o5"
    assert codes(PAGAT, before, rack, laid_apart, False) == ()
    assert codes(PAGAT, before, rack, moved, False) == ()
    # Online the table stays untouched before opening, so the table's 6s may not move.
    assert "initial_meld_uses_table" in codes(ONLINE, before, rack, moved, False)
    # A frozen joker meld read as the rack's means the old one left: here its joker moved
    # without being replaced, which the joker rule forbids.
    before = "r10 k10 j | r7 r8 r9 | k7 k8 k9 | b1 b2 b3"
    after = "r10 k10 j | r7 r8 r9 r10 | k7 k8 k9 k10 | b1 b2 b3 j | o1 o2 o3"
    assert codes(PAGAT, before, "r10 k10 j o1 o2 o3", after, False) == ("joker_meld_frozen",)
    # Kept in place and extended by another meld, it may be (found by a review): the rack's
    # r10 b10 j opens with 30, the table's group takes k10.
    before = "r10 b10 j | k10 k11 k12"
    after = "r10 b10 j k10 | r10 b10 j | b11 k11 o11 | b12 k12 o12"
    assert codes(PAGAT, before, "r10 b10 j o11 b11 o12 b12", after, False) == ()


def test_row13_row20_regression_the_opening_and_a_replacement_never_share_a_rack_tile():
    """Rows 13, 14 and 20 (pagat): the opening's melds are made of rack tiles, and a joker's
    replacement comes from the rack too, so one rack tile cannot be both. The judge checked
    each rule against every rack tile, and accepted the rack's r10 as the group's (for the
    30 points) and as the joker's replacement (found by a review; the solver then returned
    such a play as the best opening)."""
    before = "r8 r9 j | r10 b10 k10 | b11 b12 b13 | k11 k12 k13"
    rack = "r10 b10 k10 o1 o2"
    after = "o1 o2 j | r10 b10 k10 | r8 r9 r10 | b10 b11 b12 b13 | k10 k11 k12 k13"
    verdict = judge(PAGAT, before, rack, after, opened=False)
    assert verdict.codes == ("joker_replacement_not_from_rack",)
    assert "the opening needs the rack's copy" in verdict.violations[0].message
    # A new group needs the rack's r10 just the same.
    assert codes(
        PAGAT,
        "r8 r9 j | r10 r11 r12 r13",
        rack,
        "r10 b10 k10 | r8 r9 r10 | o1 o2 j | r11 r12 r13",
        False,
    ) == ("joker_replacement_not_from_rack",)
    # Open already, the group is the table's and the rack's r10 frees the joker.
    assert codes(PAGAT, before, rack, after) == ()
    assert _score_of_best_opening(before, rack) == 3


def _score_of_best_opening(before: str, rack: str) -> int:
    from rummikit.solver import solve

    found = solve(PAGAT, before, rack, opened=False)
    assert found is not None
    assert PAGAT.check_turn(before=before, rack=rack, after=found.table, opened=False).ok
    return found.score


def test_row14_row15_a_meld_equal_to_an_old_one_is_not_read_anew_without_rearranging():
    """With ``table_manipulation`` off, the table's 6s may not leave their group, so the
    group stays the table's and only o3 o4 o5 counts (found by a review)."""
    lay_offs = attrs.evolve(PAGAT, table_manipulation=False)
    before = "r6 k6 b6 o6 | r7 r8 r9 | k7 k8 k9 | b7 b8 b9 | o7 o8 o9"
    moved = "r6 k6 b6 o6 | r6 r7 r8 r9 | k6 k7 k8 k9 | b6 b7 b8 b9 | o6 o7 o8 o9 | o3 o4 o5"
    assert codes(lay_offs, before, "r6 k6 b6 o6 o3 o4 o5", moved, False) == (
        "initial_meld_below_threshold",
    )


def test_row14_d4_online_opening_turn_option_allows_table_play():
    relaxed = attrs.evolve(ONLINE, opening_table_play=True)
    assert codes(relaxed, "r5 r6 r7", "b10 k10 o10 r8", "b10 k10 o10 | r5 r6 r7 r8", False) == ()


def test_row11_source_003_rami_voleur_opens_with_a_tierce_franche():
    # [003]: "Ouvre le jeu 4♣ 5♣ 6♣"; no points minimum.
    assert RAMI.check_turn(before="", rack="4c 5c 6c", after="4c 5c 6c", opened=False).ok
    assert RAMI.check_turn(before="", rack="Ac 2c 3c", after="Ac 2c 3c", opened=False).ok
    assert RAMI.check_turn(before="", rack="Qh Kh Ah", after="Qh Kh Ah", opened=False).ok


def test_row12_source_003_rami_voleur_a_joker_is_not_part_of_the_tierce():
    # [003]: "Ne l'ouvre pas 4♣ Joker 6♣ 9♠ 9♥ 9♦".
    verdict = RAMI.check_turn(
        before="", rack="4c j 6c 9s 9h 9d", after="4c j 6c | 9s 9h 9d", opened=False
    )
    assert verdict.codes == ("initial_meld_needs_pure_run",)
    assert RAMI.check_turn(before="", rack="j 5c 6c", after="j 5c 6c", opened=False).codes == (
        "initial_meld_needs_pure_run",
    )


def test_row12_row14_source_003_rami_voleur_tierce_extended_with_a_joker_then_anything():
    # [003]: "Dans le même tour, vous pouvez prolonger cette suite, même avec un joker,
    # poser d'autres combinaisons et déjà réorganiser la table."
    assert RAMI.check_turn(before="", rack="4c 5c 6c j", after="4c 5c 6c j", opened=False).ok
    assert RAMI.check_turn(
        before="", rack="4c 5c 6c j 9s 9h", after="4c 5c 6c | 9s 9h j", opened=False
    ).ok
    assert RAMI.check_turn(
        before="8h 9h 10h", rack="4c 5c 6c Jh", after="4c 5c 6c | 8h 9h 10h Jh", opened=False
    ).ok
    # The jack-and-joker move in the opening turn.
    assert RAMI.check_turn(
        before="Jd Js j | 8h 9h 10h",
        rack="3c 4c 5c Jc",
        after="3c 4c 5c | Jd Js Jc | 8h 9h 10h j",
        opened=False,
    ).ok


def test_row13_rami_voleur_the_tierce_comes_from_the_hand():
    assert RAMI.check_turn(
        before="7c 8c 9c 10c", rack="5c 6c", after="5c 6c 7c | 8c 9c 10c", opened=False
    ).codes == ("initial_meld_needs_pure_run",)
    assert RAMI.check_turn(
        before="8h 9h 10h", rack="Jh", after="8h 9h 10h Jh", opened=False
    ).codes == ("initial_meld_needs_pure_run",)


def test_section4_4_rami_voleur_a_tierce_from_the_hand_may_join_a_table_run():
    # Matrix 4.4: "a meld containing a natural tierce franche from hand".
    assert RAMI.check_turn(
        before="7c 8c 9c", rack="4c 5c 6c", after="4c 5c 6c 7c 8c 9c", opened=False
    ).ok


# -- row 15: the table after opening --------------------------------------------------------

SOURCE_MANIPULATIONS = {
    # [002] "Décaler une suite": r6 joins r3-r4-r5 and the r3 goes elsewhere.
    "002_shift_a_run": ("r3 r4 r5 | b3 k3 o3", "r6", "r4 r5 r6 | r3 b3 k3 o3"),
    # [002] "Casser une suite": 6-7-8-9-10 takes the second 8.
    "002_break_a_run_with_a_second_8": ("r6 r7 r8 r9 r10", "r8", "r6 r7 r8 | r8 r9 r10"),
    # [002] "Remplacer dans un groupe": b6 k6 o6 takes r6, which frees one of the others.
    "002_replace_in_a_group": ("b6 k6 o6 | b7 b8 b9", "r6", "r6 k6 o6 | b6 b7 b8 b9"),
    # [002] "Retirer une tuile": a group of four gives a tile away.
    "002_take_from_a_group_of_four": ("r6 b6 k6 o6", "r7 r8", "b6 k6 o6 | r6 r7 r8"),
    # [002] ... and a run of four keeps three.
    "002_take_from_a_run_of_four": ("r6 r7 r8 r9", "b9 k9", "r6 r7 r8 | r9 b9 k9"),
    # [001] "couper une suite de six en deux suites de trois", with a rack tile laid too.
    "001_cut_a_run_of_six": ("r1 r2 r3 r4 r5 r6", "b7 k7 o7", "r1 r2 r3 | r4 r5 r6 | b7 k7 o7"),
    # [001] "ajouter une tuile à chaque extrémité d'une suite".
    "001_add_at_each_end": ("r5 r6 r7", "r4 r8", "r4 r5 r6 r7 r8"),
    # [003] the second copy splits a run: 3♣-7♣ plus 5♣.
    "003_split_a_run_with_the_second_copy": ("o3 o4 o5 o6 o7", "o5", "o3 o4 o5 | o5 o6 o7"),
    # [000] the red 8 leaves the group of 8s, which takes the orange 8 from the rack.
    "000_group_of_8_fourth_from_rack": ("r8 b8 k8", "r6 r7 o8", "r6 r7 r8 | b8 k8 o8"),
    # [000] ... or the orange 8 from a meld on the table.
    "000_group_of_8_fourth_from_table": (
        "r8 b8 k8 | o8 o9 o10 o11",
        "r6 r7",
        "r6 r7 r8 | b8 k8 o8 | o9 o10 o11",
    ),
}


@pytest.mark.parametrize("example", SOURCE_MANIPULATIONS, ids=str)
@pytest.mark.parametrize("profile", ALL, ids=name)
def test_row15_source_manipulations_are_legal_after_opening(profile, example):
    before, rack, after = SOURCE_MANIPULATIONS[example]
    assert codes(profile, before, rack, after) == ()


@pytest.mark.parametrize("profile", ALL, ids=name)
def test_row15_source_000_the_group_of_8_needs_the_fourth_8(profile):
    # [000]: "le brelan de 8 ne compte plus que deux tuiles ... ton tour serait refusé".
    verdict = judge(profile, "r8 b8 k8", "r6 r7", "r6 r7 r8 | b8 k8")
    assert verdict.codes == ("invalid_meld",)
    assert [str(meld) for meld in verdict.violations[0].melds] == [
        cards("b8 k8") if profile is RAMI else "b8 k8"
    ]


@pytest.mark.parametrize("profile", ALL, ids=name)
def test_row15_source_002_a_group_of_three_or_run_of_three_gives_nothing_away(profile):
    # [002]: "tant qu'une suite conserve trois jetons ou qu'un groupe en compte quatre".
    assert codes(profile, "r6 b6 k6", "r7 r8", "b6 k6 | r6 r7 r8") == ("invalid_meld",)
    assert codes(profile, "r6 r7 r8", "b8 k8", "r6 r7 | r8 b8 k8") == ("invalid_meld",)


@pytest.mark.parametrize(
    ("profile", "expected"),
    [
        (ONLINE, ("initial_meld_uses_table", "initial_meld_below_threshold")),
        (PAGAT, ("initial_meld_below_threshold",)),
        (RAMI, ("initial_meld_needs_pure_run",)),
    ],
    ids=lambda value: value.name if isinstance(value, rk.RuleProfile) else "",
)
def test_row14_row15_a_manipulation_before_opening_needs_the_opening(profile, expected):
    assert codes(profile, "r6 r7 r8 r9", "b9 k9", "r6 r7 r8 | r9 b9 k9", opened=False) == expected


def test_row15_standard_rummy_option_only_extends_melds():
    # [004]: "Vous ne pouvez pas réorganiser ni diviser les combinaisons existantes".
    layoffs = attrs.evolve(PAGAT, table_manipulation=False, joker_policy="free")
    assert codes(layoffs, "r5 r6 r7 | b1 b2 b3", "r8 b4", "r5 r6 r7 r8 | b1 b2 b3 b4") == ()
    assert codes(layoffs, "r5 r6 r7", "b1 b2 b3", "r5 r6 r7 | b1 b2 b3") == ()
    verdict = judge(layoffs, "r6 r7 r8 r9 r10", "r8", "r6 r7 r8 | r8 r9 r10")
    assert verdict.codes == ("rearrangement_forbidden",)
    assert [str(m) for m in verdict.violations[0].melds] == ["r6 r7 r8 r9 r10"]


# -- rows 17-21: jokers on the table --------------------------------------------------------


def test_row17_joker_meld_frozen_in_pagat_free_online():
    # [000]: online "peut donc être démontée et reconstruite comme n'importe quelle autre";
    # [P-j]: "nothing can be taken from it, nor can it be rearranged in any way".
    before = "r11 j r13 | b11 k11 o11 | b13 k13 o13"
    after = "r11 b11 k11 o11 | r13 b13 k13 o13 | b12 k12 o12 j"
    assert codes(ONLINE, before, "b12 k12 o12", after) == ()
    assert codes(RAMI, before, "b12 k12 o12", after) == ()
    verdict = judge(PAGAT, before, "b12 k12 o12", after)
    assert verdict.codes == ("joker_meld_frozen",)
    assert [str(m) for m in verdict.violations[0].melds] == ["r11 j r13"]
    assert "r12" in verdict.violations[0].message


@pytest.mark.parametrize("profile", ALL, ids=name)
def test_row17_splitting_a_run_with_a_joker_is_frozen_only_in_pagat(profile):
    result = codes(profile, "r1 r2 r3 r4 j r6", "r7", "r1 r2 r3 | r4 j r6 r7")
    assert result == (("joker_meld_frozen",) if profile is PAGAT else ())


@pytest.mark.parametrize("profile", ALL, ids=name)
def test_row17_taking_a_tile_from_a_joker_meld_is_frozen_only_in_pagat(profile):
    before = "r4 r5 r6 j | b4 k4 o4"
    result = codes(profile, before, "k1 k2 k3", "r5 r6 j | r4 b4 k4 o4 | k1 k2 k3")
    assert result == (("joker_meld_frozen",) if profile is PAGAT else ())


def test_row17_regression_two_joker_melds_joined_keep_each_joker_in_place():
    """Row 17 (found by fuzzing the solver against the judged brute force): two frozen runs
    may be joined when each joker keeps standing for its tile. From ``k5 k6 j | j k8 k9``
    both jokers stand for k7, so ``k3 j k5 k6 j k8 k9`` moves one to k4: the judge had
    checked only that the joined run held every tile of both, and accepted it."""
    before = "k5 k6 j | j k8 k9"
    assert codes(PAGAT, before, "o2 k3", "run: k3 j k5 k6 j k8 k9") == ("joker_meld_frozen",)
    assert codes(ONLINE, before, "o2 k3", "run: k3 j k5 k6 j k8 k9") == ()
    joined = "run: k5 k6 j k8 k9 k10 j k12"  # the jokers stay at k7 and k11
    assert codes(PAGAT, "k5 k6 j | k8 k9 k10 j", "k12", joined) == ()


@pytest.mark.parametrize("profile", ALL, ids=name)
def test_row17_section4_5a_a_joker_meld_may_grow(profile):
    # [P-j]: "A combination which contains a joker can have further tiles added to it".
    assert codes(profile, "r5 j r7", "r4 r8", "r4 r5 j r7 r8") == ()
    assert codes(profile, "r9 j k9", "b9", "r9 j k9 b9") == ()
    assert codes(profile, "r9 j k9", "b9", "r9 b9 k9 j") == ()
    # Tiles added from another meld on the table, and a rack tile laid elsewhere.
    assert (
        codes(profile, "r5 j r7 | r8 r9 r10 | b1 b2 b3", "b4", "r5 j r7 r8 r9 r10 | b1 b2 b3 b4")
        == ()
    )
    # Two joker melds merged, each kept in place.
    assert (
        codes(profile, "r5 j r7 | r8 j r10 | b1 b2 b3", "b4", "r5 j r7 r8 j r10 | b1 b2 b3 b4")
        == ()
    )


@pytest.mark.parametrize("profile", FREE_JOKERS, ids=name)
def test_row18_online_rami_a_joker_moves_without_its_tile(profile):
    # [000]: "si tu vois un joker sur la table, il n'est pas hors de portée".
    before = "r10 r11 r12 j | b5 b6 b7"
    assert codes(profile, before, "b8", "r10 r11 r12 | b5 b6 b7 b8 j") == ()
    assert codes(PAGAT, before, "b8", "r10 r11 r12 | b5 b6 b7 b8 j") == ("joker_meld_frozen",)


def test_row18_source_003_rami_voleur_jack_and_joker_move():
    # [003]: the joker leaves the jacks for the end of the hearts; the jack of clubs from the
    # hand mends the group. "le coup est accepté".
    before, rack, after = "Jd Js j | 8h 9h 10h", "Jc 3d 9s", "Jd Js Jc | 8h 9h 10h j"
    assert RAMI.check_turn(before=before, rack=rack, after=after, opened=True).ok
    # Without the jack of clubs the group is left with two cards, and no card was laid.
    verdict = RAMI.check_turn(before=before, rack="3d 9s", after="Jd Js | 8h 9h 10h j", opened=True)
    assert verdict.codes == ("invalid_meld", "no_rack_tile")
    # Under Pagat's rule the move is legal too: the jack of clubs is one of the two suits the
    # joker stood for, so it frees the joker (row 19). Needing both missing suits, it is not.
    as_pagat = attrs.evolve(PAGAT, piece_set="cards", ace_high=True, hand_size=13)
    assert as_pagat.check_turn(before=before, rack=rack, after=after, opened=True).ok
    both = attrs.evolve(as_pagat, joker_group3_both_colours=True)
    assert both.check_turn(before=before, rack=rack, after=after, opened=True).codes == (
        "joker_meld_frozen",
    )


def test_row18_pagat_the_exact_tile_frees_the_joker():
    # [001]: "à condition de le remplacer par la tuile exacte qu'il représentait".
    assert codes(PAGAT, "r11 j r13 | b5 b6 b7", "r12", "r11 r12 r13 | b5 b6 b7 j") == ()
    assert codes(PAGAT, "r11 j r13 | b5 b6 b7", "r12 b8", "r11 r12 r13 | b5 b6 b7 b8 j") == ()
    # Freed, the joker may join a meld laid from the rack in the same turn.
    assert codes(PAGAT, "r11 j r13", "r12 k9 o9", "r11 r12 r13 | k9 o9 j") == ()


def test_row18_pagat_a_joker_meld_destroyed_after_the_exact_tile_frees_it():
    # The exact tile from the rack frees the joker; the meld, now without a joker, may be
    # broken up in the same turn.
    before = "r11 j r13 | b11 k11 o11 | b13 k13 o13"
    after = "r11 b11 k11 o11 | r13 b13 k13 o13 | r12 b12 k12 j"
    assert codes(PAGAT, before, "r12 b12 k12", after) == ()


@pytest.mark.parametrize("colour", ["b9", "o9"])
def test_row19_d6_pagat_either_missing_colour_frees_a_group_joker(colour):
    # [P-r], [001]: "le joker vaut n'importe laquelle des couleurs manquantes".
    assert codes(PAGAT, "r9 j k9 | r1 r2 r3", colour, f"r9 {colour} k9 | r1 r2 r3 j") == ()


def test_row19_d6_both_colours_variant():
    # [P-var]: "tiles of both missing colours must be added to the set".
    both = attrs.evolve(PAGAT, joker_group3_both_colours=True)
    assert codes(both, "r9 j k9 | r1 r2 r3", "b9", "r9 b9 k9 | r1 r2 r3 j") == (
        "joker_meld_frozen",
    )
    assert codes(both, "r9 j k9 | r1 r2 r3", "b9 o9", "r9 b9 o9 k9 | r1 r2 r3 j") == ()
    # Adding one colour and keeping the joker is only an extension.
    assert codes(both, "r9 j k9", "b9", "r9 b9 k9 j") == ()
    # A group of four has one missing colour: the variant changes nothing there.
    assert codes(both, "r9 b9 j k9 | r1 r2 r3", "o9", "r9 b9 o9 k9 | r1 r2 r3 j") == ()


def test_row19_pagat_a_run_joker_takes_only_its_exact_tile():
    assert codes(PAGAT, "r5 j r7 | b1 b2 b3", "r6", "r5 r6 r7 | b1 b2 b3 j") == ()
    # The joker in "r5 r6 j" stands for r7: an r4 cannot take its place.
    assert codes(PAGAT, "r5 r6 j | b1 b2 b3", "r4", "r4 r5 r6 | b1 b2 b3 j") == (
        "joker_meld_frozen",
    )


def test_row20_d7_the_replacing_tile_comes_from_the_rack():
    before = "r11 j r13 | r12 b12 k12 o12 | r5 r6 r7"
    after = "r11 r12 r13 | b12 k12 o12 | r5 r6 r7 r8 j"
    verdict = judge(PAGAT, before, "r8", after)
    assert verdict.codes == ("joker_replacement_not_from_rack",)
    assert [str(m) for m in verdict.violations[0].melds] == ["r11 j r13"]
    lemada = attrs.evolve(PAGAT, joker_replacement_from_table=True)
    assert codes(lemada, before, "r8", after) == ()
    # The variant still wants the exact tile, somewhere on the final table.
    before = "r11 j r13 | b11 k11 o11 | b13 k13 o13"
    after = "r11 b11 k11 o11 | r13 b13 k13 o13 | b12 k12 o12 j"
    assert codes(lemada, before, "b12 k12 o12", after) == ("joker_meld_frozen",)


def test_regression_row20_d7_a_tile_left_in_a_frozen_meld_replaces_no_joker():
    # Rows 17 and 20, variant: the replacement comes from the table, but a tile that stays
    # where it was in a meld holding a joker never left that meld, so it stood in for
    # nothing. The judge once counted the run's k9 as the group's replacement and accepted
    # a group that simply dropped its joker (found by fuzzing the solver against the judged
    # brute force; the solver never made that play).
    lemada = attrs.evolve(PAGAT, joker_replacement_from_table=True)
    before, rack = "b9 o9 r9 j | k9 k10 j k12", "b4 r4"
    assert codes(lemada, before, rack, "r4 b4 j | r9 b9 o9 | k9 k10 j k12") == (
        "joker_meld_frozen",
    )
    # Taking the k9 from the run instead is removing a tile from a frozen meld.
    assert codes(lemada, before, rack, "r4 b4 j | r9 b9 o9 k9 | k10 j k12") == (
        "joker_meld_frozen",
    )
    # A tile added to a frozen meld may have replaced a joker first: k8 frees the group's
    # joker, then leaves the group (free once its joker is gone) to extend the run.
    before = "b8 o8 r8 j | k9 k10 j"
    assert codes(lemada, before, "k8 r4 b4", "k8 k9 k10 j | b8 o8 r8 | r4 b4 j") == ()


def test_regression_rows14_20_an_opening_tile_frees_no_joker_even_from_the_table():
    # Rows 13, 14 and 20, variant: the opening's melds are made only of rack tiles, and
    # one of them cannot also be the tile that frees a joker. The default rule said so
    # already (the opening needs the rack's copy of the replacement); with the table as a
    # source, the r6 of the opening was taken as the table's (found by fuzzing the solver).
    lemada = attrs.evolve(PAGAT, joker_replacement_from_table=True)
    verdict = judge(
        lemada, "j r7 r8 r9", "r7 r9 o8 j r6 o7", "r6 r7 j r9 | r7 r8 r9 | j o7 o8", opened=False
    )
    assert verdict.codes == ("joker_meld_frozen",)
    assert "the opening needs the replacement" in verdict.violations[0].message
    assert codes(
        PAGAT, "j r7 r8 r9", "r7 r9 o8 j r6 o7", "r6 r7 j r9 | r7 r8 r9 | j o7 o8", opened=False
    ) == ("joker_replacement_not_from_rack",)


@pytest.mark.parametrize("lemada", [False, True])
def test_regression_rows19_20_replacements_do_not_depend_on_the_order_of_the_melds(lemada):
    # Rows 19 and 20 (found by a review): a group of three's joker may be replaced by either
    # missing colour, and each joker's was picked in turn, the first colour available. The
    # group's joker took the k9 the run needed (o9 would do for the group), so the play was
    # refused, or accepted, depending on the order the table listed its melds in.
    profile = attrs.evolve(PAGAT, joker_replacement_from_table=lemada)
    if lemada:
        rack, after = (
            "r10 r11 b10 b11 k9",
            "r9 r10 r11 j | b9 b10 b11 j | k7 k8 k9 | o9 o10 o11 o12",
        )
        tables = ("r9 b9 j | k7 k8 j | o9 o10 o11 o12", "k7 k8 j | r9 b9 j | o9 o10 o11 o12")
    else:
        rack, after = "r7 r8 b7 b8 k9 o9 o7 o8", "r7 r8 r9 j | b7 b8 b9 j | k7 k8 k9 | o7 o8 o9"
        tables = ("r9 b9 j | k7 k8 j", "k7 k8 j | r9 b9 j")
    for before in tables:
        assert codes(profile, before, rack, after) == ()


def test_regression_rows17_20_d7_frozen_melds_release_their_jokers_one_after_another():
    # Rows 17 and 20, variant: a meld holding a joker gives no tile up before its joker is
    # replaced, so two melds cannot free each other's jokers (a review found this accepted).
    lemada = attrs.evolve(PAGAT, joker_replacement_from_table=True)
    assert codes(lemada, "b7 k7 j | o7 k7 j", "k8 k9", "b7 k7 o7 | k7 k8 k9 j j") == (
        "joker_meld_frozen",
    )
    # A chain is fine: k11 frees the run's joker, then the run's k9 frees the group's.
    after = "r9 o9 b9 k9 | k10 k11 j | r4 b4 j"
    for before in ("r9 o9 b9 j | k9 k10 j", "k9 k10 j | r9 o9 b9 j"):
        assert codes(lemada, before, "k11 r4 b4", after) == ()
    # Before opening, a rack tile outside the opening melds frees a joker (the check of the
    # order once counted the opening's tiles out twice and refused this).
    assert (
        codes(
            attrs.evolve(lemada, opening_min_points=15),
            "j o9 o10 o11 o12",
            "o9 o8 o8 r5 k6 j",
            "o8 o9 o10 | o11 o12 j | o8 o9 j",
            opened=False,
        )
        == ()
    )


def test_regression_row20_d7_one_table_tile_replaces_one_joker():
    # Two frozen groups both missing k9, one k9 on the table: it frees one joker, not both.
    lemada = attrs.evolve(PAGAT, joker_replacement_from_table=True)
    before = "b9 o9 r9 j | b9 o9 r9 j | k9 k10 k11 k12"
    after = "b9 o9 r9 k9 | b9 o9 r9 | k10 k11 k12 | r4 b4 j | r5 b5 j"
    assert codes(lemada, before, "r4 b4 r5 b5", after) == ("joker_meld_frozen",)
    # With a second k9 from the rack, both are freed.
    after = "b9 o9 r9 k9 | b9 o9 r9 k9 | k10 k11 k12 | r4 b4 j | r5 b5 j"
    assert codes(lemada, before, "r4 b4 r5 b5 k9", after) == ()


def test_row21_d8_pagat_a_freed_joker_goes_anywhere_but_its_own_meld():
    # [P-r]: "use that joker in some combination on the table".
    assert codes(PAGAT, "r11 j r13 | b5 b6 b7", "r12", "r11 r12 r13 | b5 b6 b7 j") == ()


def test_row21_regression_a_freed_joker_and_the_opening_read_the_jokers_alike():
    # Rows 11, 12 and 21: jokers look alike, so one reading must satisfy both rules. Before
    # opening, o12 frees the run's joker; the group b11 k11 j is the opening (33 points, so
    # its joker is the rack's) and the freed joker can then only be the one before o11, in
    # the run it left. The judge once read the group's joker as the freed one for the joker
    # rule and as the rack's for the opening, and accepted this (found by a hypothesis run
    # of the solver's brute force, which then disagreed with the solver: 64 against 52).
    before, rack = "o11 j o13", "r1 b11 k11 o12 j"
    verdict = judge(PAGAT, before, rack, "b11 k11 j | j o11 o12 o13", opened=False)
    assert verdict.codes == ("freed_joker_misplaced",)
    assert "a meld the opening needs" in verdict.violations[0].message
    # Already open, the same table is fine: the freed joker stands in the group.
    assert codes(PAGAT, before, rack, "b11 k11 j | j o11 o12 o13") == ()
    # Not freeing the joker, the group alone opens.
    assert codes(PAGAT, before, rack, "o11 j o13 | b11 k11 j", opened=False) == ()


def test_row21_regression_variant_two_rack_tiles_are_counted_once():
    """Row 21, variant ``freed_joker="new_meld_2_rack"`` (found by a review): the new meld
    of a freed joker needs two rack tiles, and a rack tile counts once, after the
    replacements. Here the rack's r12 frees the joker, so the r12 beside it is the group's:
    one rack tile. With two freed jokers, two new melds need four rack tiles."""
    variant = attrs.evolve(PAGAT, freed_joker="new_meld_2_rack")
    before = "r11 j r13 | r12 b12 k12 o12"
    after = "r11 r12 r13 | b12 k12 o12 | j r12 r13"
    assert codes(variant, before, "r12 r13", after) == ("freed_joker_misplaced",)
    before = "r11 j r13 | k1 j k3 | b5 r5 k5 o5"
    after = "r11 r12 r13 | k1 k2 k3 | r5 k5 o5 | b5 b6 j | b5 o5 j"
    assert codes(variant, before, "r12 k2 b5 b6 o5", after) == ("freed_joker_misplaced",)
    after = "r11 r12 r13 | k1 k2 k3 | b5 r5 k5 o5 | b5 b6 j | o7 o8 j"
    assert codes(variant, before, "r12 k2 b5 b6 o7 o8", after) == ()


def test_row21_regression_variant_new_meld_a_twin_of_an_unchanged_meld_is_new():
    """Row 21, variant ``freed_joker="new_meld"`` (found by a review): the freed joker joins
    the rack's b1 b2 b3 while the table's b1 b2 b3 stays as it was. The new meld holds every
    tile of an old one, but that one is still on the table: it is a new meld. The judge read
    it as the old meld extended and refused it."""
    new_meld = attrs.evolve(PAGAT, freed_joker="new_meld")
    before = "r11 j r13 | b1 b2 b3"
    twin = "r11 r12 r13 | b1 b2 b3 | b1 b2 b3 j"
    assert codes(new_meld, before, "r12 b1 b2 b3", twin) == ()
    assert codes(new_meld, before, "r12", "r11 r12 r13 | b1 b2 b3 j") == ("freed_joker_misplaced",)


def test_row21_pagat_example_a_joker_at_one_end_cannot_move_to_the_other_end():
    # [P-j]: "if a run has a joker at one end the joker cannot be moved to the other end in
    # order to add a tile." The r7 takes the joker's place; the joker would become the r4.
    verdict = judge(PAGAT, "r5 r6 j", "r7", "j r5 r6 r7")
    assert verdict.codes == ("freed_joker_misplaced",)
    assert "never back into the meld it left" in verdict.violations[0].message
    # Nor to make room for a tile at the other end.
    assert codes(PAGAT, "r5 r6 j", "r3", "r3 j r5 r6") == ("joker_meld_frozen",)
    # Online and in rami voleur the joker moves freely.
    assert codes(ONLINE, "r5 r6 j", "r7", "j r5 r6 r7") == ()
    assert codes(RAMI, "r5 r6 j", "r7", "j r5 r6 r7") == ()


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("anywhere", ()),
        ("new_meld", ("freed_joker_misplaced",)),
        ("new_meld_2_rack", ("freed_joker_misplaced",)),
    ],
)
def test_row21_d8_freed_joker_into_an_existing_meld(rule, expected):
    house = attrs.evolve(PAGAT, freed_joker=rule)
    assert codes(house, "r11 j r13 | b5 b6 b7", "r12", "r11 r12 r13 | b5 b6 b7 j") == expected


@pytest.mark.parametrize(
    ("rule", "expected"),
    [("anywhere", ()), ("new_meld", ()), ("new_meld_2_rack", ("freed_joker_misplaced",))],
)
def test_row21_d8_freed_joker_into_a_new_meld_with_one_rack_tile(rule, expected):
    # [001]: "dans une nouvelle combinaison"; [002]: "accompagné d'au moins deux tuiles de son
    # chevalet". The new meld b8 k8 j holds one rack tile (k8) and one table tile (b8).
    house = attrs.evolve(PAGAT, freed_joker=rule)
    before = "r11 j r13 | b5 b6 b7 b8"
    assert codes(house, before, "r12 k8", "r11 r12 r13 | b5 b6 b7 | b8 k8 j") == expected


@pytest.mark.parametrize("rule", ["anywhere", "new_meld", "new_meld_2_rack"])
def test_row21_d8_freed_joker_into_a_new_meld_with_two_rack_tiles(rule):
    house = attrs.evolve(PAGAT, freed_joker=rule)
    assert (
        codes(house, "r11 j r13 | b5 b6 b7", "r12 k9 o9", "r11 r12 r13 | b5 b6 b7 | k9 o9 j") == ()
    )


def test_row21_decision_a_freed_joker_may_join_part_of_its_old_meld():
    # Matrix silent. Once r3 replaces the joker, the run holds no joker and may be split;
    # the joker then joins one of the halves, which is no longer the meld it left.
    assert codes(PAGAT, "r1 r2 j r4 r5 r6", "r3", "r1 r2 r3 | r4 r5 r6 j") == ()


def test_row22_online_no_retrieval_before_opening():
    # [000]: "Tant que tu ne l'as pas faite, tu ne touches à rien."
    before = "r11 j r13"
    after = "r11 r12 r13 | b10 k10 o10 | j b5 k5"
    assert codes(ONLINE, before, "r12 b10 k10 o10 b5 k5", after, opened=False) == (
        "initial_meld_uses_table",
    )


def test_row22_pagat_no_retrieval_without_the_opening_but_in_the_opening_turn():
    # [001]: no retrieval before the first meld; D4: once 30 points of rack-only melds are
    # down, the opening turn may go on with the table (decision: retrieval included).
    before = "r11 j r13"
    assert codes(PAGAT, before, "r12 b5 k5", "r11 r12 r13 | j b5 k5", opened=False) == (
        "initial_meld_below_threshold",
    )
    after = "r11 r12 r13 | b10 k10 o10 | j b5 k5"
    assert codes(PAGAT, before, "r12 b10 k10 o10 b5 k5", after, opened=False) == ()


def test_row22_rami_voleur_the_joker_moves_only_after_the_tierce():
    before = "Jd Js j | 8h 9h 10h"
    assert RAMI.check_turn(
        before=before, rack="Jc", after="Jd Js Jc | 8h 9h 10h j", opened=False
    ).codes == ("initial_meld_needs_pure_run",)


def test_row23_d9_two_jokers_in_a_meld_side_by_side_by_default():
    # [P-2j], [003]: several jokers, as long as a natural tile remains.
    assert codes(PAGAT, "", "r5 j j r8", "r5 j j r8") == ()
    assert codes(RAMI, "", "r5 j j r8", "r5 j j r8") == ()
    adjacent = attrs.evolve(PAGAT, forbid_adjacent_jokers=True)
    verdict = judge(adjacent, "", "r5 j j r8", "r5 j j r8")
    assert verdict.codes == ("invalid_meld",)
    assert "side by side" in verdict.violations[0].message
    assert codes(adjacent, "", "r5 j r7 j", "r5 j r7 j") == ()


def test_row23_d9_an_ambiguous_meld_must_be_declared():
    assert codes(PAGAT, "", "j j r5", "j j r5") == ("invalid_meld",)
    assert codes(PAGAT, "", "j j r5", "run: j j r5") == ()
    assert codes(PAGAT, "", "j j r5", "group: j j r5") == ()


def test_row23_d9_a_meld_needs_a_natural_tile():
    three = attrs.evolve(PAGAT, jokers=3)
    verdict = judge(three, "", "j j j", "j j j")
    assert verdict.codes == ("invalid_meld",)
    assert "natural" in verdict.violations[0].message


# -- section 4.6 and the regressions: what a joker stands for -------------------------------


def test_section4_6_the_joker_position_decides_what_it_stands_for():
    assert str(PAGAT.read_meld("r5 r6 j")) == "run: r5 r6 j=r7"
    assert str(PAGAT.read_meld("j r5 r6")) == "run: j=r4 r5 r6"
    # So a joker relisted inside its run is the same meld when it stands for the same tile.
    assert codes(PAGAT, "r5 j r7 | k1 k2 k3", "k4", "j r5 r7 | k1 k2 k3 k4") == ()


def test_regression_joker_relisted_at_the_other_end_of_its_run():
    # Listing "r5 r6 j" (joker r7) as "j r5 r6" (joker r4) moves the joker to the other end
    # of the run: Pagat's example of what a frozen meld forbids. The judge matched melds by
    # their tiles alone and saw no change.
    assert codes(PAGAT, "r5 r6 j | k1 k2 k3", "k4", "j r5 r6 | k1 k2 k3 k4") == (
        "joker_meld_frozen",
    )
    # Before opening online, moving the joker touches the table.
    assert codes(ONLINE, "r5 r6 j", "o10 o11 o12", "j r5 r6 | o10 o11 o12", opened=False) == (
        "initial_meld_uses_table",
    )
    # In rami voleur, moving the joker is a rearrangement: it needs a card from the hand.
    assert RAMI.check_turn(before="5c 6c j", rack="3d", after="j 5c 6c", opened=True).codes == (
        "no_rack_tile",
    )


def test_regression_rami_voleur_an_unopened_player_may_leave_the_table_unchanged():
    # Matrix 4.3: after the mandatory draw an unchanged table is a valid turn; [003]: "Posez
    # si vous le voulez, et si vous le pouvez". The judge asked an unopened player for a
    # tierce franche even when nothing was laid.
    assert RAMI.check_turn(before="", rack="3d", after="", opened=False).ok
    assert RAMI.check_turn(before="8h 9h 10h", rack="3d", after="10h 9h 8h", opened=False).ok
    # A rearrangement is a play, and still needs a card from the hand and the tierce.
    verdict = RAMI.check_turn(
        before="4c 5c 6c 7c | 8c 9c 10c", rack="3d", after="4c 5c 6c | 7c 8c 9c 10c", opened=False
    )
    assert verdict.codes == ("no_rack_tile", "initial_meld_needs_pure_run")


def test_regression_two_joker_melds_cannot_share_one_home():
    # Two copies of "r5 j r7"; after the turn one is extended in place and the other holds
    # r6 where its joker was. That r6 came from the group of four on the table, not the
    # rack, so the second joker is not freed. The judge let both old melds claim the
    # extended run, which holds r5 and r7 only once.
    before = "r5 j r7 | r5 j r7 | r6 b6 k6 o6"
    after = "r5 j r7 r8 | r5 r6 r7 | b6 k6 o6 j"
    assert codes(PAGAT, before, "r8", after) == ("joker_replacement_not_from_rack",)
    assert codes(PAGAT, "r5 j r7 | r5 j r7 | b6 k6 o6", "r8 r6", after) == ()


# -- every violation at once; order and immutability ---------------------------------------


def test_section4_every_violation_is_reported_at_once():
    verdict = ONLINE.check_turn(
        before="r5 r6 r7 r8 | b1 b2 b3",
        rack="b10 k10",
        after="r5 r6 r7 | b10 k10 o10 | b1 b2",
        opened=False,
    )
    assert verdict.codes == (
        "table_tile_to_rack",
        "unknown_tile",
        "invalid_meld",
        "initial_meld_uses_table",
        "initial_meld_below_threshold",
    )
    assert not verdict
    assert Counter(verdict.violations[0].tiles) == Counter(rk.parse_tiles("r8 b3"))
    assert verdict.violations[1].tiles == (rk.parse_tile("o10"),)
    assert [str(m) for m in verdict.violations[2].melds] == ["b1 b2"]
    assert str(verdict).count(";") >= 4


def test_section4_5_every_joker_violation_is_reported_at_once():
    before = "r11 j r13 | r12 b12 k12 o12 | b5 b6 b7 j | r5 k5 o5 | k1 k2 k3"
    after = "r11 r12 r13 | b12 k12 o12 j | b6 b7 j | r5 k5 o5 b5 | k1 k2 k3 k4"
    verdict = judge(PAGAT, before, "k4", after, opened=False)
    assert verdict.codes == (
        "initial_meld_below_threshold",
        "joker_replacement_not_from_rack",
        "joker_meld_frozen",
    )


ALL_EXAMPLES = [
    *(("every", example) for example in SOURCE_MANIPULATIONS.values()),
    (
        "pagat",
        (
            "r11 j r13 | b11 k11 o11 | b13 k13 o13",
            "b12 k12 o12",
            "r11 b11 k11 o11 | r13 b13 k13 o13 | b12 k12 o12 j",
        ),
    ),
    (
        "pagat",
        (
            "r11 j r13 | r12 b12 k12 o12 | r5 r6 r7",
            "r8",
            "r11 r12 r13 | b12 k12 o12 | r5 r6 r7 r8 j",
        ),
    ),
    ("pagat", ("r9 j k9 | r1 r2 r3", "o9", "r9 o9 k9 | r1 r2 r3 j")),
    ("pagat", ("r5 j r7 | r5 j r7 | r6 b6 k6 o6", "r8", "r5 j r7 r8 | r5 r6 r7 | b6 k6 o6 j")),
    ("pagat", ("r4 r5 r6 j | b4 k4 o4", "k1 k2 k3", "r5 r6 j | r4 b4 k4 o4 | k1 k2 k3")),
    ("every", ("r8 b8 k8", "r6 r7", "r6 r7 r8 | b8 k8")),
    ("every", ("r5 r6 r7 r8 | b1 b2 b3", "b10 k10", "r5 r6 r7 | b10 k10 o10 | b1 b2")),
]


def _reorder(text: str, seed: int) -> str:
    """The table with its melds in another order, natural tiles reversed in joker-free melds."""
    rng = random.Random(seed)
    melds = [meld.split() for meld in text.split("|")] if text else []
    rng.shuffle(melds)
    return " | ".join(" ".join(m if "j" in m else m[::-1]) for m in melds)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(("which", "example"), ALL_EXAMPLES)
def test_section4_meld_and_tile_order_do_not_change_the_verdict(which, example, seed):
    before, rack, after = example
    for profile in ALL if which == "every" else [PAGAT]:
        for opened in (True, False):
            expected = sorted(codes(profile, before, rack, after, opened))
            shuffled = codes(
                profile,
                _reorder(before, seed),
                " ".join(rack.split()[::-1]),
                _reorder(after, seed + 1),
                opened,
            )
            assert sorted(shuffled) == expected


def test_section4_a_verdict_changes_nothing():
    before = rk.TableState.parse("r11 j r13 | b5 b6 b7")
    after = rk.TableState.parse("r11 r12 r13 | b5 b6 b7 j")
    rack = rk.parse_tiles("r12 k1")
    kept = (before, after, list(rack), PAGAT.describe())
    first = PAGAT.check_turn(before=before, rack=rack, after=after, opened=True)
    second = PAGAT.check_turn(before=before, rack=rack, after=after, opened=True)
    assert first == second
    assert (before, after, rack, PAGAT.describe()) == kept
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        first.violations = ()  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        before.melds = ()  # type: ignore[misc]


# -- properties ---------------------------------------------------------------------------

VARIANTS = [
    *ALL,
    attrs.evolve(PAGAT, joker_group3_both_colours=True),
    attrs.evolve(PAGAT, joker_replacement_from_table=True),
    attrs.evolve(PAGAT, freed_joker="new_meld"),
    attrs.evolve(PAGAT, freed_joker="new_meld_2_rack"),
    attrs.evolve(ONLINE, table_manipulation=False),
]


@st.composite
def plays(
    draw: st.DrawFn, profiles: list[rk.RuleProfile] = VARIANTS
) -> tuple[rk.RuleProfile, list[rk.Meld], list[rk.Tile], list[rk.Meld], bool, random.Random]:
    """A profile, a table, a rack and a proposed table: melds laid from the rack, then a
    few tiles moved at random (often making the play illegal, which is the point)."""
    profile = draw(st.sampled_from(profiles))
    table = draw(tables(profile, min_melds=1, max_melds=6))
    laid = draw(st.lists(st.booleans(), min_size=len(table), max_size=len(table)))
    before = [meld for meld, new in zip(table, laid, strict=True) if not new]
    rack = [tile for meld, new in zip(table, laid, strict=True) if new for tile in meld.tiles]
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    after = [list(meld.tiles) for meld in table]
    kinds = [meld.kind for meld in table]
    for _ in range(draw(st.integers(0, 3))):
        source = rng.randrange(len(after))
        if after[source]:
            tile = after[source].pop(rng.randrange(len(after[source])))
            target = rng.randrange(len(after) + 1)
            if target == len(after):
                after.append([])
                kinds.append(None)
            after[target].insert(rng.randrange(len(after[target]) + 1), tile)
    melds = [rk.Meld(tiles, kind) for tiles, kind in zip(after, kinds, strict=True) if tiles]
    return profile, before, rack, melds, draw(st.booleans()), rng


def _shuffled(profile: rk.RuleProfile, meld: rk.Meld, rng: random.Random) -> rk.Meld:
    """``meld`` with its tiles shuffled, unless that changes what a joker stands for."""
    tiles = list(meld.tiles)
    rng.shuffle(tiles)
    other = rk.Meld(tiles, meld.kind)
    valid = profile.is_valid_meld(meld)
    if valid != profile.is_valid_meld(other):
        return meld
    if valid and profile.read_meld(meld).jokers != profile.read_meld(other).jokers:
        return meld
    return other


@given(plays())
def test_property_listing_melds_and_tiles_in_any_order_gives_the_same_verdict(play):
    profile, before, rack, after, opened, rng = play
    verdict = profile.check_turn(before=before, rack=rack, after=after, opened=opened)
    before2 = [_shuffled(profile, meld, rng) for meld in before]
    after2 = [_shuffled(profile, meld, rng) for meld in after]
    rack2 = list(rack)
    for items in (before2, after2, rack2):
        rng.shuffle(items)
    again = profile.check_turn(before=before2, rack=rack2, after=after2, opened=opened)
    assert sorted(again.codes) == sorted(verdict.codes)
    assert again.ok == verdict.ok


@given(plays())
def test_property_a_tile_leaving_the_table_is_always_reported(play):
    profile, before, rack, after, opened, rng = play
    on_table = [tile for meld in before for tile in meld.tiles]
    if not on_table:
        return
    gone = rng.choice(on_table)
    smaller = [rk.Meld([t for t in meld.tiles if t != gone], meld.kind) for meld in after]
    verdict = profile.check_turn(
        before=before, rack=rack, after=[meld for meld in smaller if meld.tiles], opened=opened
    )
    assert "table_tile_to_rack" in verdict.codes
    assert gone in verdict.violations[0].tiles


STRICTER = [
    # (stricter, looser): whatever the stricter rule accepts, the looser one accepts.
    (PAGAT, ONLINE),
    (attrs.evolve(PAGAT, joker_group3_both_colours=True), PAGAT),
    (PAGAT, attrs.evolve(PAGAT, joker_replacement_from_table=True)),
    (
        attrs.evolve(PAGAT, freed_joker="new_meld_2_rack"),
        attrs.evolve(PAGAT, freed_joker="new_meld"),
    ),
    (attrs.evolve(PAGAT, freed_joker="new_meld"), PAGAT),
    (attrs.evolve(ONLINE, table_manipulation=False), ONLINE),
    (attrs.evolve(PAGAT, min_rack_tiles_per_play=2), PAGAT),
]


@given(plays([PAGAT]), st.sampled_from(STRICTER))
def test_property_a_stricter_joker_or_table_rule_never_accepts_more(play, pair):
    _, before, rack, after, _, _ = play
    stricter, looser = pair
    if stricter.check_turn(before=before, rack=rack, after=after, opened=True):
        assert looser.check_turn(before=before, rack=rack, after=after, opened=True)


@given(
    st.sampled_from(ALL).flatmap(
        lambda p: st.tuples(st.just(p), tables(p, min_melds=2, max_melds=6), st.integers(1, 5))
    )
)
def test_property_laying_new_melds_from_the_rack_is_legal_once_opened(case):
    profile, table, split = case
    split = min(split, len(table) - 1)
    before, laid = table[:split], table[split:]
    rack = [tile for meld in laid for tile in meld.tiles]
    verdict = profile.check_turn(before=before, rack=rack, after=table, opened=True)
    assert verdict.ok, verdict


@given(
    st.sampled_from(ALL).flatmap(
        lambda p: st.tuples(st.just(p), tables(p, min_melds=1, max_melds=6), st.integers(0, 5))
    )
)
@example(  # the rack holds the table's run As 2s 3s again: that run may be the rack's copies
    (RAMI, rk.parse_table("As 2s 3s | 2s j 4s | As Ah Ad | 3s 3h 3d"), 1)
)
def test_property_an_opening_turn_on_an_untouched_table_agrees_with_check_opening(case):
    """Laying melds from the rack beside an untouched table opens exactly when
    check_opening accepts those melds, with one exception by design: where the opening turn
    may rearrange the table, a table meld whose tiles the rack also holds may be read as the
    rack's copies (the table's having moved), so it may count toward the opening too."""
    profile, table, split = case
    split = min(split, len(table) - 1)
    before, laid = table[:split], table[split:]
    rack = [tile for meld in laid for tile in meld.tiles]
    verdict = profile.check_turn(before=before, rack=rack, after=table, opened=False)
    alone = profile.check_opening(laid).ok
    if alone or not (profile.opening_table_play and profile.table_manipulation):
        assert verdict.ok == alone, verdict
    elif verdict.ok:
        held = Counter(rack)
        assert any(not Counter(meld.tiles) - held for meld in before), verdict


@given(runs(PAGAT, min_length=3, max_length=12).filter(lambda m: rk.JOKER in m.tiles))
def test_property_pagat_a_frozen_run_grows_and_frees_its_joker_with_the_exact_tile(run):
    reading = PAGAT.read_meld(run)
    suit = reading.suit
    other = next(s for s in rk.TILE_COLOURS if s is not suit)
    side = [rk.Tile(other, 1), rk.Tile(other, 2)]
    # Growing at the top end (or the bottom one when the run reaches 13).
    if reading.ranks[-1] < 13:
        grown = rk.Meld([*run.tiles, rk.Tile(suit, reading.ranks[-1] + 1)], run.kind)
        added = grown.tiles[-1]
    else:
        grown = rk.Meld([rk.Tile(suit, reading.ranks[0] - 1), *run.tiles], run.kind)
        added = grown.tiles[0]
    assert PAGAT.check_turn(before=[run], rack=[added], after=[grown], opened=True).ok
    # The exact tile from the rack frees the first joker, which joins a new meld.
    place = next(i for i, s in enumerate(reading.stands_for) if s is not None)
    exact = reading.stands_for[place].tiles[0]
    freed = list(run.tiles)
    freed[freed.index(rk.JOKER)] = exact
    after = [rk.Meld(freed, run.kind), rk.Meld([*side, rk.JOKER])]
    for rule in ("anywhere", "new_meld", "new_meld_2_rack"):
        house = attrs.evolve(PAGAT, freed_joker=rule)
        assert house.check_turn(before=[run], rack=[exact, *side], after=after, opened=True).ok
    # Taken from the table instead, the exact tile does not free it by default.
    table_tile = rk.Meld(
        [exact, *(rk.Tile(s, exact.rank) for s in rk.TILE_COLOURS if s is not suit)]
    )
    verdict = PAGAT.check_turn(
        before=[run, table_tile],
        rack=side,
        after=[*after, rk.Meld(table_tile.tiles[1:])],
        opened=True,
    )
    assert verdict.codes == ("joker_replacement_not_from_rack",)


def test_regression_a_joker_leaves_a_frozen_group_only_for_a_natural_in_its_place():
    # Pagat: the group r12 b12 j j lost a joker with nothing taking its place.
    pagat = rk.profiles.get("pagat")
    verdict = pagat.check_turn(
        before="group: r12 b12 j j",
        rack="b12 o12",
        after="group: r12 b12 j | group: b12 o12 j",
        opened=True,
    )
    assert not verdict.ok
    assert set(verdict.codes) <= {"joker_meld_frozen", "joker_replacement_not_from_rack"}
    legal = pagat.check_turn(
        before="group: r12 b12 j j", rack="k12 b1 b2", after="r12 b12 k12 j | b1 b2 j", opened=True
    )
    assert legal.ok


def test_regression_a_copy_of_a_frozen_meld_does_not_shelter_its_twin():
    # Pagat, two identical joker groups: one kept, the other lost its joker to r1 b1 j.
    pagat = rk.profiles.get("pagat")
    verdict = pagat.check_turn(
        before="r2 b2 k2 j | r2 b2 k2 j",
        rack="r1 b1",
        after="r1 b1 j | r2 b2 k2 | r2 b2 k2 j",
        opened=True,
    )
    assert not verdict.ok
    assert "joker_meld_frozen" in verdict.codes


def test_row17_row21_regression_a_meld_equal_to_an_old_one_may_be_new():
    """Rows 17 and 21 (found by fuzzing the solver against the judged brute force): r2 frees
    the joker of r1 j r3, r1 joins the frozen r2 r3 j at its free end, and the freed joker
    makes a new r2 r3 j. The judge took the new r2 r3 j for the old one left alone, so the
    freed joker had nowhere to go but back among r1 and r3, and refused the play."""
    pagat = rk.profiles.get("pagat")
    before = "r1 j r3 | r2 r3 j"
    verdict = pagat.check_turn(before=before, rack="r2", after="r2 r3 j | r1 r2 r3 j", opened=True)
    assert verdict.ok, verdict.codes
    # r1 j r3 left alone beside its twin reading changes nothing for the other meld: r4
    # frees its joker, which may not go back into it
    back = pagat.check_turn(before=before, rack="r4", after="r1 j r3 | j r2 r3 r4", opened=True)
    assert back.codes == ("freed_joker_misplaced",)


def test_regression_a_freed_joker_may_join_the_twin_of_the_meld_it_left():
    # Pagat, two copies of j r4 r5: r3 frees the first joker, which extends the twin.
    pagat = rk.profiles.get("pagat")
    verdict = pagat.check_turn(
        before="j r4 r5 | j r4 r5", rack="r3", after="r3 r4 r5 | j r4 r5 j", opened=True
    )
    assert verdict.ok, verdict.codes
    back = pagat.check_turn(before="j r4 r5", rack="r3 r6", after="r3 r4 r5 r6 j", opened=True)
    assert not back.ok


def test_regression_rows11_12_13_an_opening_meld_is_not_its_table_twin_with_the_joker_moved():
    # Pagat with the joker at 0 in the opening (row 12 variant): the rack lays b3 b4 j
    # (the joker as b5) beside the table's frozen j b3 b4 (the joker as b2). Both are worth
    # 7 and hold the same tiles; the judge took them for identical melds and tried only the
    # first as the opening, which left the old meld with its joker moved: the verdict
    # depended on the order of the melds (found by hypothesis).
    zero = PAGAT.evolve(opening_min_points=6, opening_joker_value="zero")
    for after in ("j b3 b4 | b3 b4 j", "b3 b4 j | j b3 b4"):
        verdict = zero.check_turn(before="j b3 b4", rack="b3 b4 j", after=after, opened=False)
        assert verdict.ok, (after, verdict.codes)
    moved = zero.check_turn(
        before="j b3 b4", rack="b3 b4 j", after="b3 b4 j | b3 b4 j", opened=False
    )
    assert moved.codes == ("joker_meld_frozen",)


def test_row21_the_strict_reading_of_copies_does_not_depend_on_the_order_of_the_melds():
    # Row 21 (D8), the stricter reading documented in turns.rst: a freed joker may not join
    # a meld holding every natural of the meld it left, even other copies. From
    # j k2 k3 j | k1 k2 k3 with k4, the freed k4 joker extending k1 k2 k3 is refused; a
    # review found the code depending on the order of the after melds (freed_joker_misplaced
    # one way, joker_replacement_not_from_rack the other): the same code now, both ways.
    seen = {
        codes(PAGAT, before, "k4", after)
        for before in ("j k2 k3 j | k1 k2 k3", "k1 k2 k3 | j k2 k3 j")
        for after in ("j k2 k3 k4 | k1 k2 k3 j", "k1 k2 k3 j | j k2 k3 k4")
    }
    assert len(seen) == 1, seen
    assert not seen & {()}


def test_regression_rows19_21_the_codes_do_not_depend_on_the_order_of_the_melds():
    # Rows 19 and 21: two jokers standing for b6 and one b6 played; the replacements were
    # shared out in the order of the melds before the turn, so a refused play reported one
    # code or two depending on that order (found by a review). Every order of taking the
    # replacements is tried now, and the reading with fewest violations is reported.
    frozen_online = ONLINE.evolve(joker_policy="frozen")
    cases = [
        (PAGAT, ("j b7 b8 b9", "b5 j b7"), "b6 b6", ("j b5 b6 b7 j", "b7 b8 b9")),
        (frozen_online, ("j o2 o3", "k1 b1 j r1"), "o1 o4 o1", ("r1 b1 k1 o1", "o2 o3 j j")),
    ]
    for profile, before, rack, after in cases:
        seen = {
            codes(profile, " | ".join(b), rack, " | ".join(a))
            for b in (before, before[::-1])
            for a in (after, after[::-1])
        }
        assert len(seen) == 1, seen
        assert seen == {("joker_replacement_not_from_rack",)}
