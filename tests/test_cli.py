"""The ``rummikit`` command line, through click's CliRunner, and ``python -m rummikit``."""

from __future__ import annotations

import csv
import io
import json
import sys

import pytest
from click.testing import CliRunner

import rummikit as rk
from rummikit import __main__ as module_main
from rummikit import _output as output_module
from rummikit import simulation
from rummikit.cli import _games as cli_module
from rummikit.cli import cli, main

# Small, fast runs: random bots need no solver.
FAST = ["--games", "2", "--players", "2", "--bots", "random", "--workers", "1"]
ONE = ["--games", "1", "--players", "2", "--bots", "random", "--workers", "1"]


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_help_and_version():
    result = run("--help")
    assert result.exit_code == 0
    for command in ("check", "solve", "simulate", "rules", "compare"):
        assert command in result.output
    assert run("--version").output.strip().endswith(rk.__version__)
    assert run("nothing").exit_code == 2


# -- check ------------------------------------------------------------------------------------


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


# -- solve ------------------------------------------------------------------------------------


def test_solve_prints_the_play_and_the_table():
    result = run("solve", "--table", "r7 r8 r9", "--rack", "r10 b2 k5")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "play 1 tile: r10"
    assert "table after the play:" in result.output
    assert "r7 r8 r9 r10" in result.output


def test_solve_an_opening_and_by_points():
    small = run("solve", "--rack", "r1 r2 r3 b4", "--not-opened")
    assert small.exit_code == 1
    assert small.output == "no legal play: draw\n"
    opening = run("solve", "--rack", "r10 r11 r12 b4", "--not-opened")
    assert opening.exit_code == 0
    assert opening.output.startswith("play 3 tiles: r10 r11 r12")
    points = run(
        "solve", "--table", "o13 b13 r13", "--rack", "r1 r2 r3 r4 k13", "--objective", "points"
    )
    assert points.exit_code == 0
    assert "k13" in points.output.splitlines()[0]


def test_solve_bad_input():
    assert run("solve", "--rack", "r1 q2").exit_code == 2
    assert "'q2' at position 3" in run("solve", "--rack", "r1 q2").output
    assert run("solve", "--table", "r1 r2 |", "--rack", "r3").exit_code == 2
    assert run("solve", "--table", "r1 zz", "--rack", "r3").exit_code == 2
    assert run("solve", "--objective", "most", "--rack", "r3").exit_code == 2
    assert run("solve").exit_code == 2
    assert run("solve", "-p", "gin", "--rack", "r3").exit_code == 2


def test_solve_refuses_positions_that_cannot_be():
    invalid_table = run("solve", "--table", "r1 r2", "--rack", "r3")
    assert invalid_table.exit_code == 2
    assert "invalid meld" in invalid_table.output
    too_many = run("solve", "--rack", "r1 r1 r1")
    assert too_many.exit_code == 2
    assert "3 copies of r1" in too_many.output
    assert run("solve", "-p", "rami_voleur", "--rack", "r1 r2 r3").exit_code == 2


def test_solve_with_a_budget():
    result = run("solve", "-p", "online", "--table", "r4 r5 r6", "--rack", "r7 b2", "--budget", "5")
    assert result.exit_code == 0
    assert "play 1 tile: r7" in result.output
    assert run("solve", "--rack", "r1 r2 r3", "--budget", "0").exit_code == 2


# -- rules ------------------------------------------------------------------------------------


def test_rules_lists_the_profiles():
    result = run("rules")
    assert result.exit_code == 0
    for name in ("online", "pagat", "rami_voleur"):
        assert name in result.output


def test_rules_of_one_profile():
    result = run("rules", "online")
    assert result.exit_code == 0
    assert "opening_joker_value" in result.output
    assert "zero" in result.output


def test_rules_differences_of_two_profiles():
    result = run("rules", "pagat", "online")
    assert result.exit_code == 0
    assert "pagat vs online" in result.output
    assert "joker_policy" in result.output
    assert "hand_size" not in result.output
    assert "same rules" in run("rules", "pagat", "classic").output


def test_rules_bad_input():
    assert run("rules", "a", "b", "c").exit_code == 2
    result = run("rules", "gin")
    assert result.exit_code == 2
    assert "known profiles" in result.output


# -- simulate ---------------------------------------------------------------------------------


def test_simulate_prints_a_summary_table():
    result = run("simulate", "-p", "online", *FAST)
    assert result.exit_code == 0, result.output
    assert "2 seeded games per profile, 2 players, bots: random, seed 1" in result.output
    assert "turns per game: mean" in result.output
    assert "win rate: seat 1" in result.output


def test_simulate_json_holds_the_summary_and_every_game():
    result = run("simulate", "-p", "rami_voleur", *FAST, "--json", "--seed", "3")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["summary"]["games"] == 2
    assert data["summary"]["seed"] == 3
    assert [game["profile"] for game in data["games"]] == ["rami_voleur"] * 2
    assert data["summary"]["bots"] == data["games"][0]["bots"] == ["random", "random"]
    expected = simulation.simulate("rami_voleur", players=2, games=2, bots="random", seed=3)
    assert data["games"] == expected.to_records()


def test_simulate_csv_has_a_row_per_game():
    result = run("simulate", *FAST, "--csv")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == 2
    assert rows[0]["profile"] == "pagat"
    # lists are joined with commas, as --bots takes them and the summary writes them
    assert len(rows[0]["scores"].split(",")) == 2
    assert rows[0]["bots"] == "random,random"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "clever"], "known bots: random, greedy, strategic"),
        (["--bots", "random,random,random"], "bad"),
        (["--players", "5"], "Invalid value for '--players': 'pagat' is played by 2 to 4"),
        (["--games", "0"], "--games"),
        (["--seed", "-1"], "--seed"),
        (["--json", "--csv"], "choose one of --json and --csv"),
        (["--bots", ","], "give a bot name"),
        (["--bots", "random,,random"], "no empty names"),
        (["--games", "abc"], "'abc' is not a valid integer."),
        (["--games", "1000001"], "--games"),
        (["--workers", "2147483647"], "--workers"),
        (["-p", "gin"], "known profiles"),
    ],
)
def test_simulate_bad_input_is_a_usage_error(args, message):
    result = run("simulate", *FAST, *args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    if message != "bad":
        assert message in result.output


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["--players", "5", "--bots", "random,random,random,random,random"], "'--players'"),
        (["--bots", "random,random,random,random,random"], "'--bots'"),
    ],
)
def test_regression_too_many_seats_names_the_option_that_set_them(args, option):
    """A seat count out of the profile's range names --players when it was given, even with
    as many bots listed (it named --bots); counted from --bots alone, it names --bots."""
    result = run("simulate", "--games", "1", "--workers", "1", *args)
    assert result.exit_code == 2
    assert f"Invalid value for {option}: 'pagat' is played by 2 to 4 players, not 5" in (
        result.output
    )


# -- compare ----------------------------------------------------------------------------------


def test_compare_with_defaults_compares_the_built_in_profiles(monkeypatch):
    seen = {}
    real = simulation.simulate

    def spy(profiles, **kwargs):
        seen.update(kwargs, profiles=[rk.profiles.get(p).name for p in profiles])
        return real(profiles, **{**kwargs, "games": 1, "players": 2, "bots": "random"})

    monkeypatch.setattr(simulation, "simulate", spy)
    result = run("compare")
    assert result.exit_code == 0, result.output
    assert seen["profiles"] == ["online", "pagat", "rami_voleur"]
    assert seen["games"] == cli_module.COMPARE_GAMES
    assert seen["players"] == 4
    assert seen["bots"] == "greedy"
    assert seen["seed"] == 1
    for text in ("online", "pagat", "rami_voleur", "Rule differences", "opening_joker_value"):
        assert text in result.output
    for row in (
        "turns per game",
        "first opening turn",
        "ended: went out",
        "ended: blocked",
        "ended: stock exhausted",
        "win rate: seat 0",
        "mean score: seat 0",
        "penalty pieces per game",
    ):
        assert row in result.output


def test_compare_chosen_profiles():
    result = run("compare", "pagat", "--profiles", "online", *ONE)
    assert result.exit_code == 0
    header = next(line for line in result.output.splitlines() if "pagat" in line)
    assert header.index("pagat") < header.index("online")
    assert "rami_voleur" not in result.output
    single = run("compare", "--profiles", "rami", *ONE)
    assert single.exit_code == 0
    assert "Rule differences" not in single.output


def test_compare_json():
    result = run("compare", "--profiles", "online,pagat", *FAST, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [row["profile"] for row in data["profiles"]] == ["online", "pagat"]
    options = {row["option"]: row["values"] for row in data["differences"]}
    assert options["opening_joker_value"] == {"online": "zero", "pagat": "represented"}
    # values as JSON holds them, not as the table shows them ("yes", "4")
    assert options["opening_table_play"] == {"online": False, "pagat": True}
    assert options["default_players"] == {"online": 2, "pagat": 4}
    assert data["profiles"][0]["games"] == 2
    assert data["profiles"][0]["bots"] == ["random", "random"]


def test_compare_csv_has_a_row_per_profile():
    result = run("compare", *ONE, "--csv")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [row["profile"] for row in rows] == ["online", "pagat", "rami_voleur"]
    assert {"turns_mean", "first_opening_mean", "went_out", "win_rate_0"} <= set(rows[0])


def test_compare_on_worker_processes_gives_the_same_numbers():
    args = ["compare", "--profiles", "online,rami_voleur", "--games", "2", "--players", "2"]
    args += ["--bots", "random", "--json"]
    serial = run(*args, "--workers", "1")
    parallel = run(*args, "--workers", "2")
    assert parallel.exit_code == 0
    assert json.loads(parallel.stdout) == json.loads(serial.stdout)


def test_compare_bad_input():
    unknown = run("compare", "online", "gin", *FAST)
    assert unknown.exit_code == 2
    assert "known profiles: online, pagat, rami_voleur" in unknown.output
    assert run("compare", *FAST, "--players", "1").exit_code == 2
    assert run("compare", *FAST, "--bots", "clever").exit_code == 2
    assert run("compare", "--workers", "-1").exit_code == 2
    twice = run("compare", "pagat", "classic", *FAST)
    assert twice.exit_code == 2
    assert "'pagat' is given twice ('classic' and 'pagat')" in twice.output
    empty = run("compare", "--profiles", ",", *FAST)
    assert empty.exit_code == 2
    assert "no empty names" in empty.output


def test_players_default_to_one_per_bot_then_to_the_profile_or_4():
    simple = ["--games", "1", "--workers", "1", "--json"]
    online = json.loads(run("simulate", "-p", "online", "--bots", "random", *simple).stdout)
    assert online["summary"]["players"] == 2  # the online profile's default_players
    three = json.loads(run("simulate", "--bots", "random,random,random", *simple).stdout)
    assert three["summary"]["players"] == 3
    both = json.loads(run("compare", "online", "pagat", "--bots", "random", *simple).stdout)
    assert [p["players"] for p in both["profiles"]] == [4, 4]


def test_workers_are_capped_at_the_number_of_games(monkeypatch):
    seen = []
    monkeypatch.setattr(cli_module, "_executor", lambda count: seen.append(count) or _nothing())
    assert (
        run(
            "simulate",
            "--games",
            "2",
            "--players",
            "2",
            "--bots",
            "random",
            "--workers",
            "200",
            "--csv",
        ).exit_code
        == 0
    )
    assert seen == [2]


def _nothing():
    import contextlib

    return contextlib.nullcontext(None)


# -- entry points -----------------------------------------------------------------------------


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


def test_solve_names_both_options_when_copies_add_up_across_them():
    result = run("solve", "--table", "r1 r2 r3", "--rack", "r1 r1")
    assert result.exit_code == 2
    assert "--table and --rack together: 3 copies of r1" in result.output


def test_solve_with_a_budget_that_finds_nothing_does_not_say_there_is_no_play():
    # a long rack on a table to rearrange: 64 steps (the least a search spends before it
    # finds a play) find none of the plays placing 24 tiles
    table = "b6 o6 k6 | k6 k7 k8 k9 k10 k11 k12 | o2 b2 k2"
    rack = (
        "k3 j b1 r5 o3 o13 k11 b11 r9 o1 o8 r5 k4 r11 o11 j k13 r13 r6 b8 r8 o9 o12 r13 k7 "
        "k1 o3 r3 b7"
    )
    result = run("solve", "--table", table, "--rack", rack, "--budget", "1")
    assert result.exit_code == 1
    assert result.output.startswith("no play found within the budget of 1 step ")
    assert "no legal play" not in result.output
    assert run("solve", "--table", table, "--rack", rack).exit_code == 0


def test_one_tile_is_not_tiles():
    assert run("solve", "--table", "r1 r2 r3", "--rack", "r4").output.startswith(
        "play 1 tile: r4\n"
    )


def test_output_that_cannot_be_written_exits_3_with_one_line(monkeypatch, capsys):
    class Full(io.StringIO):
        def write(self, text):
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(output_module, "silence_stdout", lambda: None)
    monkeypatch.setattr(sys, "stdout", Full())
    assert main(["rules"]) == cli_module.FAILED
    assert capsys.readouterr().err == "Error: could not write the output: No space left on device\n"


def test_output_the_encoding_cannot_show_exits_3(monkeypatch, capsys):
    ascii_out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", ascii_out)
    assert main(["compare", "online", *ONE]) == cli_module.FAILED
    err = capsys.readouterr().err
    assert "the ascii encoding cannot write; set PYTHONIOENCODING=utf-8" in err


def test_a_closed_pipe_exits_3_quietly(monkeypatch, capsys):
    class Closed(io.StringIO):
        def write(self, text):
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self):
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(output_module, "silence_stdout", lambda: None)
    monkeypatch.setattr(sys, "stdout", Closed())
    assert main(["check", "r1 r2 r3"]) == cli_module.FAILED
    assert main(["rules"]) == cli_module.FAILED
    assert main(["--help"]) == cli_module.FAILED
    assert main(["check", "--help"]) == cli_module.FAILED


def test_regression_the_plain_comparison_exits_3_quietly_on_a_closed_pipe(monkeypatch, capsys):
    """Without the cli extra, ``python -m rummikit | true`` printed a BrokenPipeError
    traceback and exited 1 (found by a review); cli.rst promises exit 3 and no traceback,
    as the click command line does. A full disk says so in one line."""

    class Closed(io.StringIO):
        def __init__(self, error: OSError) -> None:
            super().__init__()
            self.error = error

        def write(self, text):
            raise self.error

    monkeypatch.setattr(output_module, "silence_stdout", lambda: None)
    monkeypatch.setattr(sys, "stdout", Closed(BrokenPipeError(32, "Broken pipe")))
    assert module_main.plain_main(["online"]) == cli_module.FAILED
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(sys, "stdout", Closed(OSError(28, "No space left on device")))
    assert module_main.plain_main(["online"]) == cli_module.FAILED
    assert "No space left on device" in capsys.readouterr().err


def test_a_columns_variable_that_is_no_width_is_ignored(monkeypatch):
    monkeypatch.setenv("COLUMNS", "0")
    result = run("rules", "pagat")
    assert result.exit_code == 0
    assert "piece_set" in result.output


def test_main_returns_the_exit_code(capsys):
    assert main(["check", "r1 r2 r3"]) == 0
    assert main(["check", "r1 r2 r4"]) == 1
    assert main(["check", "r1 q2"]) == 2
    assert main(["--help"]) == 0
    assert "Usage: rummikit" in capsys.readouterr().out


def test_python_m_rummikit_runs_compare(capsys):
    assert module_main.main(["online", *FAST]) == 0
    out = capsys.readouterr().out
    assert "Simulated games" in out
    assert "online" in out
    assert module_main.main(["check", "r1 r2 r3"]) == 0
    assert module_main.main(["--profiles", "gin"]) == 2
    capsys.readouterr()
    assert module_main.main(["chek", "r1"]) == 2  # a misspelt command, not a profile
    assert "Did you mean 'check'?" in capsys.readouterr().err


def test_python_m_rummikit_without_click_prints_the_plain_comparison(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "click", None)
    assert module_main.main(["online", "pagat"]) == 0
    out = capsys.readouterr().out
    assert "3-piece melds that open" in out
    assert module_main.main(["gin"]) == 2
    assert module_main.main(["check", "r1 r2 r3"]) == 2
    assert "needs the cli extra: pip install 'rummikit[cli]'" in capsys.readouterr().err
    assert module_main.command() == 2


def test_regression_a_huge_number_is_refused_without_echoing_it():
    """Found by a review: ``--seed`` with 5,000 digits echoed them all in the usage error
    (and Python reads no more than 4,300)."""
    for digits in (4_100, 5_000):
        result = run("simulate", "--games", "1", "--seed", "1" + "0" * digits)
        assert result.exit_code == 2
        assert f"has {digits + 1:,} digits; at most 4,000." in result.output
        assert len(result.output) < 500
    result = run("simulate", "--games", "1", "--seed", "1" * 50 + "x")
    assert result.exit_code == 2
    assert "is not a valid integer" in result.output


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


@pytest.mark.parametrize("argv", ["check r7 r8 j", 5, [None], (b"x",)])
def test_main_refuses_argv_that_is_not_a_list_of_strings(argv):
    """Regression (a review): ``main("check r7 r8 j")`` read each character as an argument
    ("No such command 'c'"), and ``main(5)`` raised TypeError."""
    with pytest.raises(rk.InvalidArgument) as caught:
        main(argv)
    assert caught.value.code == "bad_argv"
    with pytest.raises(rk.InvalidArgument):
        main(["rules"], prog_name=5)


def test_regression_cards_under_a_tile_profile_say_which_profile_plays_them():
    """Found by a review: ``rummikit check 7h 8h 9h`` under the default pagat said only
    that 7h is not in the deck; it now names the profiles of cards and the -p option."""
    result = run("check", "7h", "8h", "9h")
    assert result.exit_code == 1
    assert "pieces of cards are played under rami_voleur: choose one with -p" in result.output
    result = run("solve", "--table", "7h 8h 9h", "--rack", "10h")
    assert result.exit_code == 2
    assert "choose one with -p" in result.output
    result = run("check", "-p", "rami_voleur", "r1 r2 r3 | 4h 5h 6h")
    assert "pieces of tiles are played under online, pagat" in result.output


def test_regression_an_empty_profile_name_is_a_usage_error():
    """``--profiles online,,pagat`` was read as online and pagat, while ``--bots
    simple,,random`` is a usage error (found by a review): both refuse empty names now."""
    for args in (("--profiles", "online,,pagat"), ("--profiles", ""), ("--bots", "simple,,random")):
        result = run("compare", *ONE, *args)
        assert result.exit_code == 2
        assert "no empty names" in result.output


def test_players_help_tells_each_command_its_default():
    def help_of(command: str) -> str:
        return " ".join(run(command, "--help").output.split())

    assert "else 4, the same for every profile" in help_of("compare")
    assert "else the profile's own default_players" in help_of("simulate")
