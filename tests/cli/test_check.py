"""``rummikit check``: melds, tables and openings, and the errors bad notation gets."""

from __future__ import annotations

from tests.cli.runner import run


def test_check_a_valid_meld_prints_its_reading():
    result = run("check", "r7", "r8", "j")
    assert result.exit_code == 0
    assert result.output == "valid    run: r7 r8 j=r9 (value 24)\n"


def test_check_an_invalid_meld_exits_1_with_its_code():
    result = run("check", "--profile", "online", "r9 r9 b9")
    assert result.exit_code == 1
    assert "invalid  r9 r9 b9" in result.output
    assert "repeated_suit:" in result.output


def test_check_a_table_reports_every_meld():
    result = run("check", "r7 r8 r9 | b5 b5 o5 | j j r5 | group: k6 b6 o6")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith("valid    run: r7 r8 r9")
    assert "repeated_suit" in result.output
    assert "ambiguous" in result.output
    assert lines[-1].startswith("valid    group:")


def test_check_reads_one_meld_as_a_table_on_request():
    assert run("check", "--table", "r7 r8 r9").exit_code == 0


def test_check_an_opening():
    ok = run("check", "--opening", "r10 r11 r12")
    assert ok.exit_code == 0
    assert "opening  ok under pagat: 33 points" in ok.output
    online = run("check", "-p", "online", "--opening", "r11 j r13")
    assert online.exit_code == 1
    assert "initial_meld_below_threshold" in online.output
    rami = run("check", "-p", "rami_voleur", "--opening", "7h 8h 9h | Qs Qd Qc")
    assert rami.exit_code == 0


def test_check_a_table_holding_more_copies_than_the_deck_is_invalid():
    """Regression (a review): ``--opening`` ended in a traceback (the opening check raises
    ``too_many_copies``), and without it the table was called valid."""
    for args in (
        ("check", "--opening", "r10 r11 r12 | r10 r11 r12 | r10 b10 k10"),
        ("check", "r10 r11 r12 | r10 r11 r12 | r10 b10 k10"),
        ("check", "-p", "rami_voleur", "--opening", "7h 8h 9h | 7h 8h 9h | 7h 7s 7d"),
    ):
        result = run(*args)
        assert result.exit_code == 1
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert result.output.startswith("invalid  too_many_copies: 3 copies of")
        assert "opening" not in result.output


def test_check_an_invalid_meld_with_more_copies_than_the_deck_says_both():
    """Regression (a review): ``check "r5 r5 r5"`` gave only the reading's reason (a
    repeated suit), not that the deck holds two r5."""
    result = run("check", "r5 r5 r5")
    assert result.exit_code == 1
    assert "repeated_suit" in result.output
    assert "too_many_copies: 3 copies of r5 given; the deck of 'pagat' has 2" in result.output


def test_check_a_meld_with_more_jokers_than_the_deck_is_invalid():
    result = run("check", "r1 j j j r5")
    assert result.exit_code == 1
    assert "too_many_copies: 3 jokers given; the deck has 2" in result.output


def test_check_cards_under_rami_voleur():
    assert run("check", "-p", "rami", "Qh Kh Ah").exit_code == 0
    result = run("check", "-p", "rami_voleur", "r1 r2 r3")
    assert result.exit_code == 1
    assert "not_in_deck" in result.output


def test_bad_notation_gets_the_parser_message_not_a_traceback():
    result = run("check", "r9 x9 b9")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "'x9' at position 3" in result.output
    assert "expected a tile such as r7" in result.output
    assert "  r9 x9 b9\n" in result.output
    assert "     ^^\n" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_long_bad_notation_is_echoed_around_the_token_only():
    text = "r1 " * 30 + "x5 " + "r2 " * 30
    result = run("check", text)
    assert result.exit_code == 2
    assert "'x5' at position 90" in result.output
    echo, caret = result.output.splitlines()[-2:]
    assert echo.startswith("  ...")
    assert echo.endswith("...")
    assert len(echo) < 80
    assert echo[caret.index("^") : caret.index("^") + 2] == "x5"
    huge = run("check", "r1 " * 8000)
    assert huge.exit_code == 2
    assert "notation is limited to 20000" in huge.output
    assert len(huge.output) < 500


def test_unknown_profile_lists_the_known_ones():
    result = run("check", "-p", "gin", "r1 r2 r3")
    assert result.exit_code == 2
    assert "known profiles: online, pagat, rami_voleur" in result.output


def test_check_needs_notation():
    assert run("check").exit_code == 2


def test_an_empty_table_is_not_silently_valid():
    for text in ("", "  ", "\n"):
        result = run("check", "-t", text)
        assert result.exit_code == 2
        assert "the table is empty" in result.output


def test_notation_echo_lines_the_caret_up_with_what_a_terminal_shows():
    tabbed = run("check", "r1\tr2\txx")
    assert "  r1 r2 xx\n        ^^\n" in tabbed.output
    wide = run("check", "日本 r1")
    assert "  日本 r1\n  ^^^^\n" in wide.output
    escape = run("check", "r1 \x1b[31mX r2")
    assert "  r1 ?[31mX r2\n     ^^^^^^\n" in escape.output


def test_regression_check_opening_of_one_meld_outside_the_deck():
    """Found by a review: for one meld the deck was not checked before the opening, so
    ``check --opening "Ac 2c 3c"`` under pagat went on to "the opening is worth 0 points".
    An opening of pieces the deck does not hold is no question, one meld or several; and an
    opening without a points minimum (a tierce franche) is not given in points."""
    for notation in ("Ac 2c 3c", "j j j r5", "Ac 2c 3c | r5 r6 r7"):
        result = run("check", "--opening", notation)
        assert result.exit_code == 1
        assert "opening" not in result.output
    result = run("check", "--profile", "rami_voleur", "--opening", "4h 5h 6h")
    assert result.exit_code == 0
    assert result.output.splitlines()[-1] == "opening  ok under rami_voleur"


def test_regression_cards_under_a_tile_profile_say_which_profile_plays_them():
    """Found by a review: ``rummikit check 7h 8h 9h`` under the default pagat said only
    that 7h is not in the deck; it now names the profiles of cards and the -p option."""
    result = run("check", "7h", "8h", "9h")
    assert result.exit_code == 1
    assert (
        "pieces of cards are played under rami_voleur, standard_rummy: choose one with -p"
        in result.output
    )
    result = run("solve", "--table", "7h 8h 9h", "--rack", "10h")
    assert result.exit_code == 2
    assert "choose one with -p" in result.output
    result = run("check", "-p", "rami_voleur", "r1 r2 r3 | 4h 5h 6h")
    assert "pieces of tiles are played under online, pagat" in result.output
