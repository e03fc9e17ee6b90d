"""The values draw themselves in notebooks (``_repr_svg_``), through ``rummikit.svg``."""

from __future__ import annotations

import attrs

import rummikit as rk
from rummikit import svg
from tests.svg.helpers import parse, piece_titles, pieces, title


def test_a_tile_a_meld_and_a_table_show_as_pictures() -> None:
    tile, meld = rk.parse_tile("Qh"), rk.parse_meld("r9 j r7")
    table = rk.parse_table("r1 r2 r3 | b5 k5 o5 j")
    assert tile._repr_svg_() == svg.piece(tile)
    assert rk.JOKER._repr_svg_() == svg.piece("j")
    assert meld._repr_svg_() == svg.meld(meld)
    assert piece_titles(meld._repr_svg_()) == ["red 9", "joker", "red 7"]  # no profile: as given
    assert table._repr_svg_() == svg.table(table)
    for value in (tile, meld, table):
        parse(value._repr_svg_())
        assert type(value._repr_svg_()) is str


def test_a_view_shows_what_its_player_may_see() -> None:
    game = rk.Game.new("pagat", 3, seed=8)
    view = game.view(2)
    picture = view._repr_svg_()
    assert picture == svg.view(view)
    assert len(pieces(picture)) == len(game.rack(2))  # the table is empty at the start
    assert title(picture).startswith("What player 2 sees of a game of pagat, turn 0: player ")


def test_a_game_shows_only_what_anyone_may_see() -> None:
    game = rk.Game.new("rami_voleur", 2, seed=8)
    picture = game._repr_svg_()
    assert picture == svg.game(game)
    assert not pieces(picture)  # neither rack nor stock is drawn face up
    assert title(picture).startswith("A game of rami_voleur as anyone may see it, turn 0:")
    for rack in game.racks:
        assert rk.format_tiles(rack, unicode=True) not in title(picture)


def test_a_view_that_cannot_be_drawn_falls_back_to_its_repr() -> None:
    view = attrs.evolve(rk.Game.new("online", 2, seed=1).view(0), rack_sizes="junk")
    assert view._repr_svg_() is None
    assert repr(view).startswith("<PlayerView")
