"""Pieces and decks (matrix rows 1, 2, 4, 5), and the bad values they refuse."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit.pieces import sort_tiles
from tests.helpers import H, refused


def test_row01_tile_deck_has_106_tiles():
    deck = rk.profiles.get("pagat").deck
    assert len(deck) == 106
    assert Counter(deck)[rk.JOKER] == 2


def test_row01_card_deck_is_two_52_card_decks_and_two_jokers():
    deck = rk.profiles.get("rami_voleur").deck
    assert len(deck) == 106
    assert sum(1 for tile in deck if tile.suit is not None) == 104
    assert Counter(deck)[rk.JOKER] == 2


def test_row01_rami_voleur_without_jokers_has_104_cards():
    import attrs

    profile = attrs.evolve(rk.profiles.get("rami_voleur"), jokers=0)
    assert len(profile.deck) == 104
    assert rk.JOKER not in profile.deck


@pytest.mark.parametrize("name", ["online", "pagat", "rami_voleur"])
def test_row05_two_jokers_and_a_deck_without_them_refuses_them(name: str) -> None:
    """Row 5: two jokers in every profile (optional in rami voleur); a house deck without
    jokers has none, and a joker in a meld is then not in the deck."""
    profile = rk.profiles.get(name)
    assert Counter(profile.deck)[rk.JOKER] == profile.jokers == 2
    bare = profile.evolve(jokers=0)
    assert rk.JOKER not in bare.deck
    meld = "j r5 r6" if name != "rami_voleur" else "j 5h 6h"
    assert profile.is_valid_meld(meld)
    with pytest.raises(rk.InvalidMeld) as caught:
        bare.read_meld(meld)
    assert caught.value.code == "not_in_deck"


def test_row02_tile_colours_and_card_suits():
    assert {tile.suit for tile in rk.profiles.get("online").deck} - {None} == set(rk.TILE_COLOURS)
    assert {tile.suit for tile in rk.profiles.get("rami_voleur").deck} - {None} == set(
        rk.CARD_SUITS
    )


def test_row04_two_copies_of_each_piece_are_the_same_value():
    deck = rk.profiles.get("online").deck
    counts = Counter(deck)
    assert counts[rk.Tile(rk.Suit.RED, 7)] == 2
    assert rk.Tile(rk.Suit.RED, 7) == rk.parse_tile("r7")
    assert hash(rk.Tile(rk.Suit.RED, 7)) == hash(rk.parse_tile("R7"))
    assert all(count == 2 for tile, count in counts.items())


def test_tiles_are_frozen():
    import attrs

    tile = rk.parse_tile("r7")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        tile.rank = 8  # type: ignore[misc]


@pytest.mark.parametrize(
    ("suit", "rank"),
    [(rk.Suit.RED, 0), (rk.Suit.RED, 14), (None, 3), (rk.Suit.HEARTS, -1), ("r", 7)],
)
def test_bad_pieces_are_refused_with_a_code(suit, rank):
    with pytest.raises(rk.InvalidArgument) as info:
        rk.Tile(suit, rank)
    assert info.value.code in {"bad_rank", "bad_suit"}


def test_sorting_puts_suits_in_order_and_jokers_last():
    tiles = rk.parse_tiles("j o1 r13 b2 r2 Qs 7h")
    assert [str(t) for t in sort_tiles(tiles)] == ["r2", "r13", "b2", "o1", "Qs", "7h", "j"]
    assert rk.parse_tile("r2") < rk.parse_tile("r3") < rk.JOKER


def test_piece_set_of_pieces():
    assert rk.parse_tile("r7").piece_set is rk.PieceSet.TILES
    assert rk.parse_tile("7h").piece_set is rk.PieceSet.CARDS
    assert rk.JOKER.piece_set is None
    assert rk.JOKER.is_joker


def test_suits_and_meld_kinds_read_any_case_and_refuse_the_rest():
    """Regression (a review): ``Suit("R")`` and ``MeldKind("Run")`` raised a bare
    ValueError; they read a letter or name in any case, else raise documented errors."""
    assert rk.Suit("R") is rk.Suit.RED
    assert rk.Suit(" hearts ") is rk.Suit.HEARTS
    assert rk.MeldKind("Run") is rk.MeldKind.RUN
    for value in ("x", 5, None, "reds"):
        with pytest.raises(rk.InvalidArgument) as caught:
            rk.Suit(value)
        assert caught.value.code == "bad_suit"
        with pytest.raises(rk.InvalidArgument) as caught:
            rk.MeldKind(value)
        assert caught.value.code == "bad_kind"


@pytest.mark.parametrize(
    ("code", "spec", "shown"),
    [
        ("7h", "u", "7♥"),
        ("Qs", ">4u", "  Q♠"),
        ("10d", "^5u", " 10♦ "),
        ("7h", "", "7h"),
        ("7h", ">4", "  7h"),
        ("r7", ">4u", "  \N{LARGE RED CIRCLE}7"),
        ("r7", ">4", "  r7"),
        ("j", "<3u", "j  "),
    ],
)
def test_format_takes_a_string_spec_before_the_unicode_flag(
    code: str, spec: str, shown: str
) -> None:
    """Regression (a review): ``format(tile, ">4u")`` raised ValueError; the ``u`` flag now
    combines with a string format specification."""
    assert format(rk.parse_tile(code), spec) == shown


# -- bad values, refused with a code ---------------------------------------------------------


def test_build_deck_reads_the_piece_set_as_text():
    assert rk.build_deck("tiles") == rk.build_deck(rk.PieceSet.TILES)
    assert rk.build_deck("Cards", jokers=0)[0] == rk.Tile.parse("As")
    assert rk.pieces.suits_of("tiles") == rk.pieces.TILE_COLOURS


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"copies": -1}, "bad_copies"),
        ({"copies": 0}, "bad_copies"),
        ({"copies": "2"}, "bad_copies"),
        ({"copies": True}, "bad_copies"),
        ({"copies": H}, "bad_copies"),
        ({"jokers": -3}, "bad_jokers"),
        ({"jokers": 1.0}, "bad_jokers"),
        ({"jokers": None}, "bad_jokers"),
    ],
)
def test_build_deck_refuses_bad_counts(kwargs, code):
    refused(lambda: rk.build_deck(rk.PieceSet.TILES, **kwargs), code)


def test_build_deck_refuses_an_unknown_piece_set():
    refused(lambda: rk.build_deck("dominoes"), "invalid_option", rk.InvalidOption)
    refused(lambda: rk.pieces.suits_of(H), "invalid_option", rk.InvalidOption)


@pytest.mark.parametrize("rank", [False, 0.0, None, "0"])
def test_the_joker_rank_is_the_integer_0(rank):
    refused(lambda: rk.Tile(None, rank), "bad_rank")


@given(st.integers())
def test_tile_ranks_never_raise_bare_errors(rank):
    if 1 <= rank <= 13:
        assert rk.Tile(rk.Suit.RED, rank).rank == rank
    else:
        refused(lambda: rk.Tile(rk.Suit.RED, rank), "bad_rank")


def test_regression_a_bad_tile_format_is_a_rummikit_error() -> None:
    """``format(tile, "x")`` raised Python's bare ValueError (found by a review); it is
    ``bad_format`` now, an InvalidArgument (still a ValueError), saying what formats are."""
    card = rk.parse_tile("7h")
    assert f"{card:>4u}" == "  7\u2665"
    with pytest.raises(rk.InvalidArgument) as caught:
        format(card, "x")
    assert caught.value.code == "bad_format"
    assert isinstance(caught.value, ValueError)
