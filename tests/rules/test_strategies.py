"""``rummikit.testing``: the hypothesis strategies give melds, tables and racks a profile
accepts, and check their arguments."""

from __future__ import annotations

import importlib
import itertools
import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummikit as rk
from rummikit import testing
from rummikit.pieces import suits_of
from rummikit.testing import groups, melds, player_racks, runs, tables
from tests.helpers import PAGAT, RAMI, refused
from tests.rules.reference import GROUP, RUN, _rank_at, _top, reference_kinds
from tests.variants import BY_NAME, by_profile


def test_the_strategies_need_hypothesis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "hypothesis", None)
    monkeypatch.delitem(sys.modules, "rummikit.testing")
    with pytest.raises(ImportError, match=re.escape("pip install rummikit[test]")):
        importlib.import_module("rummikit.testing")


def test_the_strategies_are_exported_and_check_their_bounds() -> None:
    assert set(testing.__all__) <= set(dir(testing))
    assert isinstance(runs("pagat", min_length=5), st.SearchStrategy)  # names are accepted
    with pytest.raises(rk.InvalidArgument):
        runs(PAGAT, min_length=2)  # pagat melds have at least 3 pieces
    with pytest.raises(rk.InvalidArgument):
        runs(PAGAT, min_length=6, max_length=5)
    with pytest.raises(rk.InvalidArgument):
        groups(PAGAT, max_size=5)
    with pytest.raises(rk.UnknownProfile):
        melds("no such game")


@by_profile
@given(data=st.data())
def test_every_generated_run_is_accepted_in_the_layout_given(
    name: str, data: st.DataObject
) -> None:
    profile = BY_NAME[name]
    meld = data.draw(runs(profile))
    reading = profile.read_meld(meld)
    assert reading.kind is RUN
    assert reading.layout == meld.tiles
    start = reading.ranks[0]
    assert reading.ranks == tuple(range(start, start + len(meld)))
    assert start >= 1
    assert reading.ranks[-1] <= _top(profile)
    suit = reading.suit
    for tile, place, substitute in zip(meld.tiles, reading.ranks, reading.stands_for, strict=True):
        if tile.is_joker:
            assert substitute is not None
            assert substitute.tile == rk.Tile(suit, _rank_at(place))
        else:
            assert substitute is None
            assert tile == rk.Tile(suit, _rank_at(place))
    assert reading.value == sum(reading.ranks)
    _respects_deck(profile, meld, RUN)


@by_profile
@given(data=st.data())
def test_every_generated_group_is_accepted(name: str, data: st.DataObject) -> None:
    profile = BY_NAME[name]
    meld = data.draw(groups(profile))
    reading = profile.read_meld(meld)
    assert reading.kind is GROUP
    assert reading.layout == meld.tiles
    present = {tile.suit for tile in meld.tiles if not tile.is_joker}
    rank = next(tile.rank for tile in meld.tiles if not tile.is_joker)
    assert reading.value == rank * len(meld)
    for tile, substitute in zip(meld.tiles, reading.stands_for, strict=True):
        assert (substitute is None) == (not tile.is_joker)
        if substitute is not None:
            assert substitute.rank == rank
            if profile.group_distinct_suits:
                assert set(substitute.suits) == set(suits_of(profile.piece_set)) - present
    _respects_deck(profile, meld, GROUP)


def _respects_deck(profile: rk.RuleProfile, meld: rk.Meld, kind: rk.MeldKind) -> None:
    """The meld is made of pieces of the deck, with the declared kind exactly when needed."""
    profile.check_in_deck(meld.tiles)
    joker_places = [index for index, tile in enumerate(meld.tiles) if tile.is_joker]
    assert len(joker_places) < len(meld)
    assert meld.kind in (None, kind)
    if profile.forbid_adjacent_jokers and kind is RUN:
        assert all(b - a > 1 for a, b in itertools.pairwise(joker_places))
    if meld.kind is None:
        assert len(reference_kinds(meld.tiles, profile)) == 1
    else:
        with pytest.raises(rk.InvalidMeld) as caught:
            profile.read_meld(meld.tiles)
        assert caught.value.code == "ambiguous"


@by_profile
@given(data=st.data())
def test_generated_tables_fit_in_the_deck(name: str, data: st.DataObject) -> None:
    profile = BY_NAME[name]
    table = data.draw(tables(profile, max_melds=8))
    profile.check_in_deck(tile for meld in table for tile in meld.tiles)
    assert all(profile.is_valid_meld(meld) for meld in table)


def test_rami_voleur_runs_include_high_aces_and_never_wrap() -> None:
    seen_high = False

    @given(runs(RAMI, jokers=False))
    def check(meld: rk.Meld) -> None:
        nonlocal seen_high
        ranks = [tile.rank for tile in meld.tiles]
        if ranks[-1] == 1:
            seen_high = True
            assert ranks[-2] == 13
        assert 1 not in ranks[1:-1]

    check()
    assert seen_high


# -- bad arguments ---------------------------------------------------------------------------


@settings(max_examples=100)
@given(racks=player_racks("pagat"))
def test_at_most_one_rack_is_empty(racks):
    assert sum(1 for rack in racks.values() if not rack) <= 1
    PAGAT.round_winners(racks)  # no several_empty_racks


@pytest.mark.parametrize(
    "call",
    [
        lambda: runs("pagat", min_length="3"),
        lambda: runs("pagat", max_length=4.0),
        lambda: tables("pagat", min_melds="1"),
        lambda: player_racks("pagat", min_players="2"),
        lambda: player_racks("pagat", max_size=True),
    ],
)
def test_strategy_bounds_are_whole_numbers(call):
    refused(call, "bad_bounds")


def test_strategy_bounds_name_the_argument_at_fault():
    message = refused(lambda: player_racks("pagat", max_players=8), "bad_bounds")
    assert "max_players" in message
    assert "min_length" in refused(lambda: runs("pagat", min_length=2), "bad_bounds")


@pytest.mark.parametrize("strategy", [runs, tables])
def test_testing_strategies_take_a_bool_for_jokers(strategy):
    refused(lambda: strategy("pagat", jokers="no"), "bad_jokers")
