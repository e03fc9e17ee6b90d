"""Pictures of a round for rich: a player's view, and a game as everyone sees it."""

from __future__ import annotations

import io

import attrs
from rich.console import Console

import rummikit as rk
from rummikit import terminal
from tests.helpers import position


def shown(value: object, width: int = 60) -> str:
    """What rich prints for ``value`` on a console without colours, ``width`` columns wide."""
    console = Console(record=True, width=width, color_system=None, file=io.StringIO())
    console.print(value)
    return console.export_text()


def test_a_view_shows_the_table_the_seats_the_rack_and_the_stock():
    game = position("pagat", "r1 r3 b12 j", "r7 r8 r9 | b5 k5 o5", other=3, opponent_opened=False)
    assert shown(game.view(0)) == (
        "pagat, turn 0: player 0 to play or draw\n"
        "table:\n"
        "  r7 r8 r9\n"
        "  b5 k5 o5\n"
        "player 0 (you): 4 pieces, opened\n"
        "player 1: 3 pieces, not opened\n"
        "rack: r1 r3 b12 j\n"
        "stock: 93 pieces\n"
    )


def test_a_game_shows_only_what_every_player_may_see():
    game = position("pagat", "r1 r3 b12 j", "r7 r8 r9 | b5 k5 o5", other=3, opponent_opened=False)
    text = shown(game)
    assert text == (
        "pagat, turn 0: player 0 to play or draw\n"
        "table:\n"
        "  r7 r8 r9\n"
        "  b5 k5 o5\n"
        "player 0: 4 pieces, opened\n"
        "player 1: 3 pieces, not opened\n"
        "stock: 93 pieces\n"
    )
    on_racks = {str(tile) for rack in game.racks for tile in rack}
    assert on_racks.isdisjoint(text.split())
    assert shown(game) == shown(attrs.evolve(game, current_player=1)).replace(
        "player 1 to", "player 0 to"
    )


def test_a_round_over_shows_the_scores_and_the_winner():
    game = position("pagat", "r10 r11 r12", "r7 r8 r9", other=3).apply(
        rk.Play("r7 r8 r9 | r10 r11 r12")
    )
    text = shown(game)
    assert text.startswith("pagat, turn 0: over (went out)\n")
    assert "player 0: 0 pieces, opened, score 4 (won)\n" in text
    assert "player 1: 3 pieces, opened, score -4\n" in text


def test_a_draw_and_discard_game_shows_its_pile_and_the_piece_taken_from_it():
    game = rk.Game.new("standard_rummy", players=2, seed=3)
    top = rk.format_tiles(game.discards, unicode=True)
    assert f"\ndiscard pile: {top} (top last)\n" in shown(game)
    taken = game.apply(rk.TakeDiscard())
    assert f"\ndiscard pile: (empty); taken from it this turn: {top}\n" in shown(taken.view(0))
    assert "table: (empty)\n" in shown(game)
    assert "discard pile" not in shown(rk.Game.new("pagat", players=2, seed=3))


def test_the_pieces_of_a_view_are_in_colour():
    game = position("pagat", "o1 o2 o3", "r7 r8 r9")
    out = io.StringIO()
    Console(file=out, width=60, force_terminal=True, color_system="truecolor").print(game.view(0))
    written = out.getvalue()
    for colour in ("red", "orange"):
        red, green, blue = (int(terminal.PALETTE[colour][at : at + 2], 16) for at in (1, 3, 5))
        assert f"38;2;{red};{green};{blue}" in written


def test_a_view_built_with_odd_fields_is_drawn_as_its_repr():
    game = position("pagat", "r1 r3 b12 j")
    odd = attrs.evolve(game.view(0), table="r1 r2 r3", rack_sizes=(4,))
    assert shown(odd, width=200) == repr(odd) + "\n"
