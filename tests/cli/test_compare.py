"""``rummikit compare``: profiles side by side, in a table, JSON or CSV."""

from __future__ import annotations

import csv
import io
import json

import rummikit as rk
from rummikit import simulation
from rummikit.cli import _games as cli_module
from tests.cli.runner import FAST, ONE, run


def test_compare_with_defaults_compares_the_built_in_profiles(monkeypatch):
    seen = {}
    real = simulation.compare

    def spy(profiles, **kwargs):
        seen.update(kwargs, profiles=[rk.profiles.get(p).name for p in profiles])
        return real(profiles, **{**kwargs, "games": 2, "players": 2, "bots": "random"})

    monkeypatch.setattr(simulation, "compare", spy)
    result = run("compare")
    assert result.exit_code == 0, result.output
    assert seen["profiles"] == ["online", "pagat", "rami_voleur", "standard_rummy"]
    assert seen["games"] == cli_module.COMPARE_GAMES
    assert seen["players"] is None  # each profile's own default_players
    assert seen["bots"] == "greedy"
    assert seen["seed"] == 1
    assert seen["confidence"] == 0.95
    assert seen["precision"] is None
    assert seen["time_limit"] is None
    for text in (
        "online",
        "pagat",
        "rami_voleur",
        "Rule differences",
        "opening_joker_value",
        "Differences, profile - online",
        "Intervals: 95% confidence",
        "no detectable difference",
    ):
        assert text in result.output
    for row in (
        "turns per game",
        "turns: sd",
        "turns: median / max",
        "first opening turn",
        "games ended going out",
        "games ended blocked",
        "games ended stock exhausted",
        "seat 0's win rate",
        "seat 0's score",
        "penalty pieces per game",
    ):
        assert row in result.output
    assert "±" not in result.output  # a spread is an sd, labelled, never "mean ± sd"


def test_compare_chosen_profiles():
    result = run("compare", "pagat", "--profiles", "online", *ONE)
    assert result.exit_code == 0
    assert "Differences, profile - pagat" in result.output  # the first is the baseline
    header = next(
        line
        for line in result.output.splitlines()
        if "online" in line and "pagat" in line and "┃" in line
    )
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


def test_compare_csv_has_a_row_per_estimate_and_difference():
    result = run("compare", *FAST, "--csv")
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    estimates = [row for row in rows if row["kind"] == "estimate"]
    differences = [row for row in rows if row["kind"] == "difference"]
    assert [row["profile"] for row in estimates if row["figure"] == "turns_mean"] == [
        "online",
        "pagat",
        "rami_voleur",
        "standard_rummy",
    ]
    assert {row["baseline"] for row in differences} == {"online"}
    assert {"value", "low", "high", "confidence", "method", "count", "statement"} <= set(rows[0])


def test_compare_json_and_csv_carry_the_table_s_numbers():
    args = ["compare", "--profiles", "online,pagat", *FAST]
    data = json.loads(run(*args, "--json").stdout)
    rows = list(csv.DictReader(io.StringIO(run(*args, "--csv").stdout)))
    paired = {row["figure"]: row for row in data["paired"]}
    for row in rows:
        if row["kind"] == "difference":
            assert float(row["value"]) == paired[row["figure"]]["value"]
            assert row["statement"] == paired[row["figure"]]["statement"]
    turns = paired["turns_mean"]
    table = run(*args).output
    assert f"{turns['value']:+.1f} [" in table
    assert data["baseline"] == "online"
    assert data["confidence"] == 0.95
    assert data["profiles"][0]["turns_mean_low"] <= data["profiles"][0]["turns_mean"]


def test_compare_takes_a_baseline_a_level_and_a_precision():
    result = run(
        "compare",
        "online",
        "pagat",
        *FAST,
        "--baseline",
        "pagat",
        "--confidence",
        "0.9",
        "--json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["baseline"] == "pagat"
    assert {row["profile"] for row in data["paired"]} == {"online"}
    assert {row["confidence"] for row in data["paired"]} == {0.9}
    stopped = run(
        "compare",
        "online",
        "--players",
        "2",
        "--bots",
        "random",
        "--time-limit",
        "0.000001",
        "--json",
    )
    assert stopped.exit_code == 0, stopped.output
    assert json.loads(stopped.stdout)["stopped"] == "time_limit"
    for option, value in (("--precision", "0"), ("--confidence", "1"), ("--time-limit", "-1")):
        bad = run("compare", "online", option, value)
        assert bad.exit_code == 2
        assert option in bad.output
    unknown = run("compare", "online", "pagat", *FAST, "--baseline", "gin")
    assert unknown.exit_code == 2
    assert "--baseline" in unknown.output


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


def test_regression_an_empty_profile_name_is_a_usage_error():
    """``--profiles online,,pagat`` was read as online and pagat, while ``--bots
    simple,,random`` is a usage error (found by a review): both refuse empty names now."""
    for args in (("--profiles", "online,,pagat"), ("--profiles", ""), ("--bots", "simple,,random")):
        result = run("compare", *ONE, *args)
        assert result.exit_code == 2
        assert "no empty names" in result.output
