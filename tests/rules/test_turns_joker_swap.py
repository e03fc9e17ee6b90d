"""The joker swap of standard rummy with jokers (source 004, "Variantes courantes", l. 59:
"Un joueur détenant la vraie carte que représente un joker peut l'échanger pendant son
tour"; matrix row 18, column D): the natural goes in the joker's place, the joker to the
hand. Everything else that takes a piece from the table stays refused.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import rummikit as rk
from rummikit.judge import swapped_jokers
from rummikit.pieces import JOKER
from rummikit.profiles import STANDARD_RUMMY
from rummikit.testing import melds

SWAPS = STANDARD_RUMMY.evolve(name="standard_rummy_swaps", jokers=2, joker_swap=True)
NO_SWAPS = STANDARD_RUMMY.evolve(name="standard_rummy_jokers", jokers=2)


def codes(before: str, rack: str, after: str, profile: rk.RuleProfile = SWAPS) -> tuple[str, ...]:
    return profile.check_turn(before=before, rack=rack, after=after, opened=True).codes


# -- accepted --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "rack", "after", "jokers"),
    [
        ("5h j 7h", "6h Kc", "5h 6h 7h", 1),  # the natural in the joker's place
        ("5h 6h j", "7h", "5h 6h 7h", 1),  # a joker at the end of a run
        ("j 2h 3h", "Ah", "Ah 2h 3h", 1),  # the low ace
        ("5h j 7h", "6h 8h 4h", "4h 5h 6h 7h 8h", 1),  # and cards laid off at both ends
        ("5h j j 8h", "6h 7h", "5h 6h 7h 8h", 2),  # both jokers of one run
        ("5h j j 8h", "7h", "5h j 7h 8h", 1),  # one of them
        ("7s 7h j", "7d", "7s 7h 7d", 1),  # a group: any seven (suits ignored)
        ("7s 7h j", "7s", "7s 7h 7s", 1),  # even a second seven of spades (two decks)
        ("7s 7h 7d j", "7c", "7s 7h 7d 7c", 1),  # a group of four
        ("5h j 7h | Ks Kh Kd", "6h Kc", "5h 6h 7h | Ks Kh Kd Kc", 1),  # and a lay-off elsewhere
        ("5h j 7h", "6h 2c 3c 4c", "5h 6h 7h | 2c 3c 4c", 1),  # and a new meld from the hand
    ],
)
def test_a_joker_swapped_for_its_card_goes_to_the_hand(
    before: str, rack: str, after: str, jokers: int
) -> None:
    assert codes(before, rack, after) == ()
    assert swapped_jokers(before, after) == (JOKER,) * jokers


def test_a_rack_joker_laid_while_a_swapped_one_comes_back_leaves_the_hand_one() -> None:
    # jokers look alike: the table keeps one, the hand keeps one
    assert codes("5h j 7h | 8s 8h 8d", "6h j", "5h 6h 7h | 8s 8h 8d j") == ()
    assert swapped_jokers("5h j 7h | 8s 8h 8d", "5h 6h 7h | 8s 8h 8d j") == ()


def test_lay_offs_alone_and_jokers_laid_off_are_still_fine() -> None:
    assert codes("7s 7h j", "7d", "7s 7h 7d j") == ()
    assert codes("5h 6h 7h", "j", "5h 6h 7h j") == ()
    assert swapped_jokers("7s 7h j", "7s 7h 7d j") == ()


def test_an_unchanged_table_takes_no_joker() -> None:
    assert codes("5h j 7h", "6h", "5h j 7h") == ()
    assert swapped_jokers("5h j 7h", "5h j 7h") == ()


# -- refused ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "rack", "after", "expected"),
    [
        # a wrong card in the joker's place
        (
            "5h j 7h",
            "6d",
            "5h 6d 7h",
            ("invalid_meld", "rearrangement_forbidden", "table_tile_to_rack"),
        ),
        (
            "7s 7h j",
            "8d",
            "7s 7h 8d",
            ("invalid_meld", "rearrangement_forbidden", "table_tile_to_rack"),
        ),
        (
            "Jh Qh j",
            "Ah",
            "Jh Qh Ah",
            ("invalid_meld", "rearrangement_forbidden", "table_tile_to_rack"),
        ),
        # the joker taken without its card: the meld moved instead
        ("5h 6h j", "4h", "4h 5h 6h", ("rearrangement_forbidden", "table_tile_to_rack")),
        (
            "7s 7h 7d j",
            "",
            "7s 7h 7d",
            ("no_rack_tile", "rearrangement_forbidden", "table_tile_to_rack"),
        ),
        # the joker swapped but kept on the table, in another meld
        ("5h j 7h | 8s 8h 8d", "6h", "5h 6h 7h | 8s 8h 8d j", ("rearrangement_forbidden",)),
        ("5h j 7h", "6h 2c 3c", "5h 6h 7h | 2c 3c j", ("rearrangement_forbidden",)),
        # the joker pushed to the other end by its own card
        ("5h j 7h", "6h", "5h 6h 7h j", ("rearrangement_forbidden",)),
        # a swap and a rearrangement
        (
            "5h j 7h | 8s 8h 8d 8c",
            "6h",
            "5h 6h 7h 8c | 8s 8h 8d",
            ("invalid_meld", "rearrangement_forbidden", "table_tile_to_rack"),
        ),
        (
            "5h j 7h 8h 9h",
            "6h",
            "5h 6h 7h | 8h 9h 10h",
            ("unknown_tile", "rearrangement_forbidden", "table_tile_to_rack"),
        ),
        # a table card to the hand, joker swap or not
        ("5h j 7h 8h", "6h", "5h 6h 7h", ("table_tile_to_rack", "rearrangement_forbidden")),
    ],
)
def test_everything_else_is_refused(
    before: str, rack: str, after: str, expected: tuple[str, ...]
) -> None:
    assert sorted(codes(before, rack, after)) == sorted(expected)


def test_without_the_option_the_swap_is_refused() -> None:
    assert "table_tile_to_rack" in codes("5h j 7h", "6h", "5h 6h 7h", NO_SWAPS)


def test_a_table_card_and_an_unswapped_joker_are_one_violation() -> None:
    verdict = SWAPS.check_turn(before="5h j 7h 8h", rack="6h", after="5h 6h 7h", opened=True)
    (back,) = [v for v in verdict.violations if v.code == "table_tile_to_rack"]
    assert sorted(map(str, back.tiles)) == ["8h", "j"]


def test_the_swap_needs_jokers_and_a_table_only_extended() -> None:
    with pytest.raises(rk.InvalidOption) as info:
        SWAPS.evolve(table_manipulation=True)
    assert info.value.option == "joker_swap"
    with pytest.raises(rk.InvalidOption):
        SWAPS.evolve(jokers=0)
    # where the table may be rearranged, a joker still never goes back to a rack
    free = rk.profiles.get("rami_voleur")
    assert (
        "table_tile_to_rack"
        in free.check_turn(before="5h j 7h", rack="6h", after="5h 6h 7h", opened=True).codes
    )


# -- properties ------------------------------------------------------------------------------


@given(meld=melds(SWAPS), data=st.data())
def test_any_joker_swapped_for_a_card_it_stands_for_is_accepted(
    meld: rk.Meld, data: st.DataObject
) -> None:
    reading = SWAPS.read_meld(meld)
    places = [i for i, sub in enumerate(reading.stands_for) if sub is not None]
    assume(places)
    place = data.draw(st.sampled_from(places), label="joker")
    substitute = reading.stands_for[place]
    assert substitute is not None
    card = data.draw(st.sampled_from(substitute.tiles), label="card")
    assume(reading.layout.count(card) < 2)  # two decks at most
    layout = list(reading.layout)
    layout[place] = card
    after = rk.TableState([rk.Meld(layout, reading.kind)])
    before = rk.TableState([rk.Meld(reading.layout, reading.kind)])
    verdict = SWAPS.check_turn(before=before, rack=[card], after=after, opened=True)
    assert verdict.ok, verdict.codes
    assert swapped_jokers(before, after) == (JOKER,)


@given(meld=melds(SWAPS), data=st.data())
def test_a_natural_never_leaves_the_table(meld: rk.Meld, data: st.DataObject) -> None:
    naturals = [i for i, tile in enumerate(meld.tiles) if not tile.is_joker]
    gone = data.draw(st.sampled_from(naturals), label="natural taken")
    rest = [tile for i, tile in enumerate(meld.tiles) if i != gone]
    after = rk.TableState([rk.Meld(rest, meld.kind)])
    verdict = SWAPS.check_turn(before=[meld], rack=[], after=after, opened=True)
    assert "table_tile_to_rack" in verdict.codes
