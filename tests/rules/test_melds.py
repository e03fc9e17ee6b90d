"""Meld rules, one test per rule of the matrix (rows 3, 23-27) and per example of the
sources; the reader's regressions; and ``read_meld`` fuzzed with random pieces and kinds.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from tests.fuzzing import PROFILES, any_piece, attempt, by_profile
from tests.helpers import ALL, ONLINE, PAGAT, RAMI

TILE_PROFILES = [ONLINE, PAGAT]


def code_of(profile, meld, kind=None):
    with pytest.raises(rk.InvalidMeld) as info:
        profile.read_meld(meld, kind)
    assert profile.is_valid_meld(meld, kind) is False
    return info.value.code


# -- sources [000], [001], [002]: the tile examples ----------------------------------------


@pytest.mark.parametrize("profile", TILE_PROFILES, ids=lambda p: p.name)
@pytest.mark.parametrize(
    "meld",
    [
        "b4 b5 b6",  # [000] [002] 4, 5, 6 all blue
        "k9 k10 k11 k12 k13",  # [000] 9 to 13 all black
        "r9 b9 k9",  # [000] group of three
        "r9 b9 k9 o9",  # [000] group of four, the maximum
        "k9 o9 r9",  # [002] 9 black, yellow, red
        "r6 r7 r8 r9",  # [002] run of four
        "r1 r2 r3",  # [000] 1-2-3 is valid
        "o10 o11 o12",  # [000] opening example
    ],
)
def test_source_tile_melds_that_are_valid(profile, meld):
    assert profile.is_valid_meld(meld)


@pytest.mark.parametrize("profile", TILE_PROFILES, ids=lambda p: p.name)
@pytest.mark.parametrize(
    ("meld", "code"),
    [
        ("b4 r5 b6", "mixed_suits"),  # [000] 4, 5, 6 with the 5 red
        ("r7 r8", "too_short"),  # [000] 7, 8 red: three tiles minimum
        ("r9 r9 b9", "repeated_suit"),  # [000] both red 9s exist but a group needs distinct colours
        ("r8 r8 b8", "repeated_suit"),  # [001] [002] two red 8s
        ("r1 r2 r4", "not_consecutive"),  # [002] the numbers skip a value
        ("b5 k6 r7", "mixed_suits"),  # [002] a run keeps one colour
        ("r12 r13 r1", "wraps_around"),  # [000] [001] 12-13-1 is not a run
    ],
)
def test_source_tile_melds_that_are_refused(profile, meld, code):
    assert code_of(profile, meld) == code


# -- source [003]: the card examples -------------------------------------------------------


@pytest.mark.parametrize(
    "meld",
    [
        "10d Jd Qd Kd Ad",  # ace after the king
        "Ah 2h 3h",  # ace before the 2
        "Qh Kh Ah",
        "7h 8h 9h",
        "9s 9h 9d",
        "Ks Kh Kd Kc",
        "Jd Js j",  # the jack group of the reorganisation example, before the move
        "8h 9h 10h j",  # the heart run with the joker at the end, after the move
        "Jd Js Jc",
        "3c 4c 5c",  # splitting 3-7 of clubs with the second 5
        "5c 6c 7c",
    ],
)
def test_source_rami_voleur_melds_that_are_valid(meld):
    assert RAMI.is_valid_meld(meld)


def test_source_rami_voleur_joker_at_the_end_of_the_heart_run_stands_for_the_jack():
    reading = RAMI.read_meld("8h 9h 10h j")
    assert [str(s) for s in reading.jokers] == ["Jh"]


@pytest.mark.parametrize(
    ("meld", "code"),
    [
        ("Kh Ah 2h", "wraps_around"),  # R-A-2 is forbidden
        ("9s 9s 9h", "repeated_suit"),  # two 9 of spades, even with two decks
        ("Jd Js", "too_short"),
    ],
)
def test_source_rami_voleur_melds_that_are_refused(meld, code):
    assert code_of(RAMI, meld) == code


# -- row 3: ranks, the 1 and the ace -------------------------------------------------------


@pytest.mark.parametrize("profile", TILE_PROFILES, ids=lambda p: p.name)
def test_row03_tile_one_is_always_low(profile):
    assert profile.read_meld("r1 r2 r3").ranks == (1, 2, 3)
    assert code_of(profile, "r12 r13 r1") == "wraps_around"
    assert code_of(profile, "r13 r1 r2") == "wraps_around"
    # A joker cannot stand for a 14 either.
    assert profile.read_meld("r12 r13 j").jokers[0].rank == 11


def test_row03_rami_voleur_ace_low_or_high_never_wrapping():
    assert RAMI.read_meld("Ah 2h 3h").ranks == (1, 2, 3)
    assert RAMI.read_meld("Qh Kh Ah").ranks == (12, 13, 14)
    assert code_of(RAMI, "Kh Ah 2h") == "wraps_around"
    assert code_of(RAMI, "Qh Kh Ah 2h") == "wraps_around"


def test_row03_ace_high_is_an_option_of_card_profiles_only():
    low_only = attrs.evolve(RAMI, ace_high=False)
    assert code_of(low_only, "Qh Kh Ah") == "wraps_around"
    with pytest.raises(rk.InvalidOption) as info:
        attrs.evolve(PAGAT, ace_high=True)
    assert info.value.option == "ace_high"


def test_row03_d1_an_ace_takes_one_end_only():
    # A 14-long A..K-A run would need the ace at both ends.
    assert code_of(RAMI, "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah") == "too_long"
    # Two aces in one run: one would have to be low and the other high.
    assert code_of(RAMI, "Ah 2h 3h Ah") in {"repeated_rank", "not_consecutive"}
    # A joker cannot stand for the low ace when the ace is high, nor the reverse.
    assert RAMI.read_meld("j Kh Ah").ranks == (12, 13, 14)
    assert RAMI.read_meld("Ah 2h j").ranks == (1, 2, 3)


def test_row03_joker_run_with_one_ace_reads_by_order():
    assert RAMI.read_meld("Ah j j", kind="run").ranks == (1, 2, 3)
    assert RAMI.read_meld("j j Ah", kind="run").ranks == (12, 13, 14)


# -- row 23: jokers per meld --------------------------------------------------------------


@pytest.mark.parametrize("profile", ALL, ids=lambda p: p.name)
def test_row23_several_jokers_in_one_meld_with_a_natural_tile(profile):
    natural = "7h" if profile is RAMI else "r7"
    reading = profile.read_meld(f"j {natural} j", kind="run")
    assert len(reading.jokers) == 2
    assert profile.read_meld(f"j j {natural}", kind="group").kind is rk.MeldKind.GROUP


@pytest.mark.parametrize("profile", ALL, ids=lambda p: p.name)
def test_row23_a_meld_of_jokers_only_is_refused(profile):
    assert code_of(profile, "j j j") == "no_natural_tile"
    assert code_of(profile, "j j j", "run") == "no_natural_tile"


@pytest.mark.parametrize("profile", ALL, ids=lambda p: p.name)
def test_row23_d9_ambiguous_meld_must_be_declared(profile):
    natural = "5h" if profile is RAMI else "r5"
    assert code_of(profile, f"j j {natural}") == "ambiguous"
    assert profile.read_meld(f"j j {natural}", kind="run").kind is rk.MeldKind.RUN
    assert profile.read_meld(f"group: j j {natural}").kind is rk.MeldKind.GROUP
    assert profile.read_meld(f"j j {natural}", kind=rk.MeldKind.GROUP).kind is rk.MeldKind.GROUP


def test_row23_d9_one_natural_meld_that_reads_only_one_way_needs_no_declaration():
    # Five tiles cannot be a group, so the run is the only reading.
    assert attrs.evolve(PAGAT, jokers=4).read_meld("j j r5 j j").kind is rk.MeldKind.RUN
    assert PAGAT.read_meld("j r5 r6 j r8").kind is rk.MeldKind.RUN


def test_row23_d9_adjacent_joker_ban_is_a_variant():
    banned = attrs.evolve(PAGAT, forbid_adjacent_jokers=True)
    assert PAGAT.is_valid_meld("r5 j j r8")
    assert code_of(banned, "r5 j j r8") == "adjacent_jokers"
    assert banned.is_valid_meld("r5 j r7 j")
    # Validity does not depend on order: the ban picks the reading without neighbours.
    assert banned.read_meld("r5 j j", kind="run").layout == tuple(rk.parse_tiles("j r5 j"))
    assert banned.is_valid_meld("group: j j r5")  # the ban is about runs


def test_row23_jokers_are_not_in_a_deck_without_jokers():
    assert code_of(attrs.evolve(RAMI, jokers=0), "4c j 6c") == "not_in_deck"


def test_row23_a_meld_holds_no_more_jokers_than_the_deck():
    """Regression (a review): ``r1 j j j r5`` read as a valid run with the deck's two jokers."""
    assert code_of(PAGAT, "r1 j j j r5") == "too_many_copies"
    assert PAGAT.is_valid_meld("r1 j j r4 r5")
    assert attrs.evolve(PAGAT, jokers=4).is_valid_meld("r1 j j j r5")


# -- row 24: minimum length ---------------------------------------------------------------


@pytest.mark.parametrize("profile", ALL, ids=lambda p: p.name)
def test_row24_a_meld_has_at_least_three_pieces(profile):
    assert code_of(profile, "j") == "too_short"
    assert code_of(profile, []) == "too_short"
    assert code_of(profile, "j j") == "too_short"


# -- row 25: group size --------------------------------------------------------------------


@pytest.mark.parametrize("profile", TILE_PROFILES, ids=lambda p: p.name)
def test_row25_a_group_of_five_is_always_invalid(profile):
    assert code_of(profile, "r9 b9 k9 o9 j") in {"group_too_large"}
    assert code_of(profile, "r9 b9 k9 o9 j", "group") == "group_too_large"
    assert code_of(profile, "r9 b9 k9 o9 r9") in {"group_too_large", "repeated_suit"}


@pytest.mark.parametrize("profile", ALL, ids=lambda p: p.name)
def test_row25_a_joker_completes_a_group_of_four_as_the_missing_suit(profile):
    meld = "9s 9h 9d j" if profile is RAMI else "r9 b9 k9 j"
    (substitute,) = profile.read_meld(meld).jokers
    assert substitute.tile is not None
    assert substitute.tile.rank == 9


def test_row25_a_joker_in_a_group_of_three_stands_for_either_missing_colour():
    (substitute,) = PAGAT.read_meld("r8 b8 j").jokers
    assert substitute.tile is None
    assert {str(t) for t in substitute.tiles} == {"k8", "o8"}


# -- row 26: distinct suits in groups -----------------------------------------------------


def test_row26_group_suits_differ_even_with_two_decks():
    assert code_of(RAMI, "9s 9s 9h") == "repeated_suit"


def test_row26_suits_may_repeat_when_the_option_says_so():
    loose = attrs.evolve(RAMI, group_distinct_suits=False)
    assert loose.read_meld("9s 9s 9h").kind is rk.MeldKind.GROUP


# -- row 27: maximum run length ----------------------------------------------------------


@pytest.mark.parametrize("profile", TILE_PROFILES, ids=lambda p: p.name)
def test_row27_a_run_may_hold_all_thirteen_ranks_and_no_more(profile):
    full = " ".join(f"r{n}" for n in range(1, 14))
    assert profile.read_meld(full).value == 91
    assert code_of(profile, full + " j") == "too_long"


# -- reading details -----------------------------------------------------------------------


def test_order_given_places_a_joker_that_could_go_at_either_end():
    assert str(PAGAT.read_meld("j o4 o5").jokers[0]) == "o3"
    assert str(PAGAT.read_meld("o4 o5 j").jokers[0]) == "o6"


def test_order_never_decides_validity():
    assert PAGAT.read_meld("r9 r7 r8").layout == tuple(rk.parse_tiles("r7 r8 r9"))
    assert PAGAT.read_meld("b6 j b4").layout == tuple(rk.parse_tiles("b4 j b6"))


def test_reading_values():
    reading = PAGAT.read_meld("r7 r8 j")
    assert reading.kind is rk.MeldKind.RUN
    assert reading.suit is rk.Suit.RED
    assert (reading.value, reading.joker_value) == (24, 9)
    group = PAGAT.read_meld("r10 b10 j")
    assert (group.value, group.joker_value, group.suit) == (30, 10, None)


def test_meld_of_wrong_family_is_not_in_deck():
    assert code_of(PAGAT, "7h 8h 9h") == "not_in_deck"
    assert code_of(RAMI, "r7 r8 r9") == "not_in_deck"


def test_declared_kind_in_the_meld_and_the_argument():
    meld = rk.parse_meld("group: j j r5")
    assert PAGAT.read_meld(meld).kind is rk.MeldKind.GROUP
    assert PAGAT.read_meld(meld, kind="run").kind is rk.MeldKind.RUN
    assert code_of(PAGAT, "r5 r6 r7", "group") == "mixed_ranks"
    assert code_of(PAGAT, "r5 b5 k5", "run") == "mixed_suits"


def test_bad_kind_is_an_invalid_argument():
    with pytest.raises(rk.InvalidArgument) as info:
        PAGAT.read_meld("r5 r6 r7", kind="sequence")
    assert info.value.code == "bad_kind"


def test_melds_are_read_from_tiles_melds_or_text_alike():
    tiles = rk.parse_tiles("r7 r8 r9")
    assert PAGAT.read_meld(tiles) == PAGAT.read_meld(rk.Meld(tiles)) == PAGAT.read_meld("r7 r8 r9")
    assert PAGAT.read_meld(iter(tiles)) == PAGAT.read_meld(tuple(tiles))


def test_non_tiles_in_a_meld_are_refused():
    with pytest.raises(rk.InvalidArgument) as info:
        PAGAT.read_meld([7, 8, 9])
    assert info.value.code == "not_a_tile"
    # a list of notation, one piece per string, is read as its tiles
    assert PAGAT.read_meld(["r7", "r8", "r9"]) == PAGAT.read_meld("r7 r8 r9")


# -- regressions -----------------------------------------------------------------------------


def test_regression_joker_stands_for_the_high_ace() -> None:
    # Matrix row 3 (Q-K-A) and section 4.6: a joker after the king stands for the high ace.
    # The reader used to reread "Qh Kh j" as J-Q-K, moving the joker below the queen.
    reading = RAMI.read_meld("Qh Kh j")
    assert reading.layout == tuple(rk.parse_tiles("Qh Kh j"))
    assert reading.jokers[0].tile == rk.Tile(rk.Suit.HEARTS, 1)
    assert reading.ranks == (12, 13, 14)


def test_regression_high_ace_joker_under_the_adjacent_joker_ban() -> None:
    # "j Kh j" is Q-K-A with no two jokers side by side (D9 variant); it used to be refused
    # as adjacent_jokers because the only run considered was J-Q-K.
    profile = attrs.evolve(RAMI, forbid_adjacent_jokers=True)
    reading = profile.read_meld("run: j Kh j")
    assert [sub.tile for sub in reading.jokers] == rk.parse_tiles("Qh Ah")


# -- fuzzing: whatever the pieces and kind, read_meld reads or refuses -----------------------


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


def test_regression_an_ace_after_the_king_names_the_ace_high_option():
    """Found by a review: under standard rummy's ace low, Q-K-A was refused as turning the
    corner, which it does not; the message now names ``ace_high`` (K-A-2 still wraps)."""
    rummy = rk.profiles.get("standard_rummy")
    with pytest.raises(rk.InvalidMeld) as high:
        rummy.read_meld("Qs Ks As")
    assert high.value.code == "wraps_around"
    assert "ace_high=True" in high.value.message
    with pytest.raises(rk.InvalidMeld) as wrap:
        rummy.read_meld("Ks As 2s")
    assert "turn the corner" in wrap.value.message
