"""Properties over random pieces, melds, tables and rounds of every built-in profile: each
picture parses, has a title, draws one element per piece face up, and draws the same text
twice."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit import svg, testing
from rummikit.bots import make_bot
from rummikit.simulation import play_game
from tests.svg.helpers import parse, parts, piece_titles, pieces, title

PROFILES = rk.profiles.names()


def test_every_built_in_profile_is_covered() -> None:
    assert set(PROFILES) >= {"online", "pagat", "rami_voleur", "standard_rummy"}


def _name(tile: rk.Tile) -> str:
    """A piece in the words of its title, found from the notation, not from the drawing."""
    if tile.suit is None:
        return "joker"
    if tile.suit.piece_set is rk.PieceSet.TILES:
        return f"{tile.suit.name.lower()} {tile.rank}"
    ranks = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
    return f"{ranks.get(tile.rank, tile.rank)} of {tile.suit.name.lower()}"


@pytest.mark.parametrize("name", PROFILES)
@given(data=st.data())
def test_any_piece_of_the_deck(name: str, data: st.DataObject) -> None:
    tile = data.draw(testing.tiles(name))
    picture = svg.piece(tile, profile=name)
    assert piece_titles(picture) == [_name(tile)]
    family = rk.profiles.get(name).piece_set.value[:-1]  # "tile" or "card"
    assert pieces(picture)[0].get("class", "").split()[1] == family
    assert svg.piece(tile, profile=name) == picture


@pytest.mark.parametrize("name", PROFILES)
@given(data=st.data())
def test_any_valid_meld(name: str, data: st.DataObject) -> None:
    meld = data.draw(testing.melds(name))
    reading = rk.profiles.get(name).read_meld(meld)
    picture = svg.meld(meld, profile=name)
    assert piece_titles(picture) == [_name(tile) for tile in reading.layout]
    root = parse(picture)
    assert len(parts(root, "stands-for")) == len(reading.jokers)
    assert not parts(root, "invalid")
    plain = svg.meld(meld)
    assert sorted(piece_titles(plain)) == sorted(map(_name, meld))
    assert svg.meld(meld, profile=name) == picture


@pytest.mark.parametrize("name", PROFILES)
@given(data=st.data())
def test_any_pieces_as_a_meld_even_invalid(name: str, data: st.DataObject) -> None:
    tiles = data.draw(st.lists(testing.tiles(name), min_size=1, max_size=8))
    picture = svg.meld(tiles, profile=name)
    assert len(pieces(picture)) == len(tiles)
    valid = rk.profiles.get(name).is_valid_meld(tiles)
    assert bool(parts(parse(picture), "invalid")) is not valid


@pytest.mark.parametrize("name", PROFILES)
@given(data=st.data())
def test_any_table(name: str, data: st.DataObject) -> None:
    table = rk.TableState(data.draw(testing.tables(name)))
    row_length = data.draw(st.integers(3, 30))
    picture = svg.table(table, profile=name, style=svg.Style(row_length=row_length))
    root = parse(picture)
    assert len(parts(root, "meld")) == len(table)
    assert len(pieces(picture)) == table.tile_count
    assert sorted(piece_titles(picture)) == sorted(_name(t) for m in table for t in m)


@pytest.mark.parametrize("name", PROFILES)
@given(data=st.data())
def test_any_rack(name: str, data: st.DataObject) -> None:
    rack = data.draw(testing.racks(name, max_size=40))
    picture = svg.rack(
        rack, profile=name, style=svg.Style(row_length=data.draw(st.integers(3, 20)))
    )
    assert piece_titles(picture) == [_name(tile) for tile in rack]


def _round(name: str, players: int, seed: int, actions: int) -> rk.Game:
    bots = [make_bot("simple", random.Random(seed * 10 + seat)) for seat in range(players)]
    return play_game(name, bots, seed=seed, stop=lambda game: len(game.history) >= actions)


@pytest.mark.parametrize("name", PROFILES)
@given(data=st.data())
def test_any_round_seen_by_a_player_and_by_anyone(name: str, data: st.DataObject) -> None:
    profile = rk.profiles.get(name)
    players = data.draw(st.integers(profile.min_players, profile.max_players))
    game = _round(name, players, data.draw(st.integers(0, 10**6)), data.draw(st.integers(0, 60)))
    shown = min(len(game.discards), svg.DISCARDS_SHOWN) + (game.taken is not None)
    for player in game.players:
        picture = svg.view(game.view(player))
        expected = game.table.tile_count + len(game.rack(player)) + shown
        assert len(pieces(picture)) == expected
        assert len(parts(parse(picture), "seat")) == players
    public = svg.game(game)
    assert len(pieces(public)) == game.table.tile_count + shown
    assert "own rack" not in title(public)  # the spectator's picture holds no rack
    assert game._repr_svg_() == public
    assert svg.game(game) == public
