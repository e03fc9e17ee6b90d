"""``check`` and ``solve`` on a terminal: the pieces in colour, the table before and after;
plain text, as before, into a pipe."""

from __future__ import annotations

from click.testing import CliRunner
from rich.text import Text

from rummikit.cli import cli
from rummikit.terminal import PALETTE
from tests.cli.runner import PIPE, run, run_on_terminal

RED = "38;2;" + ";".join(str(int(PALETTE["red"][at : at + 2], 16)) for at in (1, 3, 5))
"""The escape code's part for the red of :data:`PALETTE` in true colour."""
UNDERLINED_RED = f"\x1b[1;4;{RED};"
"""A red piece drawn underlined: laid by the play."""


def plain(output: str) -> str:
    """``output`` without its escape codes."""
    return Text.from_ansi(output).plain


def test_check_on_a_terminal_draws_the_melds_in_colour_on_the_lines_of_a_pipe():
    args = ("check", "--profile", "online", "r9 r9 b9 | r11 j r13", "--opening")
    piped, shown = run(*args), run_on_terminal(*args)
    assert shown.exit_code == piped.exit_code == 1
    assert "\x1b" not in piped.output
    assert RED in shown.output
    assert shown.output.startswith("\x1b[1;31minvalid\x1b[0m  ")  # bold red
    assert "\x1b[1;32mvalid\x1b[0m    " in shown.output  # bold green
    assert plain(shown.output) == piped.output


def test_check_on_a_terminal_writes_cards_with_their_suit_symbols():
    shown = run_on_terminal("check", "-p", "rami_voleur", "Qh Kh Ah")
    assert shown.exit_code == 0
    assert plain(shown.output) == "valid    run: Q♥ K♥ A♥ (value 39)\n"
    assert (
        run("check", "-p", "rami_voleur", "Qh Kh Ah").output
        == "valid    run: Qh Kh Ah (value 39)\n"
    )


def test_solve_on_a_terminal_shows_the_table_and_the_rack_before_and_after_the_play():
    shown = run_on_terminal("solve", "--table", "r7 r8 r9", "--rack", "r10 b2 k5")
    assert shown.exit_code == 0
    assert plain(shown.output).splitlines() == [
        "play 1 tile: r10",
        "table before the play:",
        "  r7 r8 r9",
        "rack before the play: r10 b2 k5",
        "table after the play:",
        "  r7 r8 r9 r10",
        "rack after the play: b2 k5",
    ]
    before, after = shown.output.split("table after the play:")
    assert before.count(UNDERLINED_RED) == 1  # r10 in the rack
    assert after.count(UNDERLINED_RED) == 1  # r10 on the table
    assert run("solve", "--table", "r7 r8 r9", "--rack", "r10 b2 k5").output == (
        "play 1 tile: r10\ntable after the play:\n  r7 r8 r9 r10\n"
    )


def test_solve_on_a_terminal_from_an_empty_table_to_an_empty_rack():
    shown = plain(run_on_terminal("solve", "--rack", "r10 r11 r12", "--not-opened").output)
    assert "table before the play:\n  (empty table)\n" in shown
    assert shown.endswith("rack after the play: (empty)\n")


def test_no_play_reads_the_same_on_a_terminal():
    shown = run_on_terminal("solve", "--rack", "r1 r2 r3 b4", "--not-opened")
    assert shown.exit_code == 1
    assert shown.output == "no legal play: draw\n"


def test_no_color_keeps_the_pictures_without_colours():
    shown = run_on_terminal("solve", "--table", "r7 r8 r9", "--rack", "r10 b2 k5", NO_COLOR="1")
    assert shown.exit_code == 0
    assert "38;2" not in shown.output
    assert "48;2" not in shown.output
    assert "\x1b[1;4m" in shown.output  # r10 still underlined, and bold
    assert "table before the play:" in plain(shown.output)


def test_clicks_colour_flag_does_not_make_a_pipe_a_terminal():
    for color in (True, False):
        result = CliRunner(env=PIPE).invoke(cli, ["check", "r7", "r8", "j"], color=color)
        assert result.output == "valid    run: r7 r8 j=r9 (value 24)\n"
