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
    real = simulation.simulate

    def spy(profiles, **kwargs):
        seen.update(kwargs, profiles=[rk.profiles.get(p).name for p in profiles])
        return real(profiles, **{**kwargs, "games": 1, "players": 2, "bots": "random"})

    monkeypatch.setattr(simulation, "simulate", spy)
    result = run("compare")
    assert result.exit_code == 0, result.output
    assert seen["profiles"] == ["online", "pagat", "rami_voleur", "standard_rummy"]
    assert seen["games"] == cli_module.COMPARE_GAMES
    assert seen["players"] is None  # each profile's own default_players
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
    assert [row["profile"] for row in rows] == ["online", "pagat", "rami_voleur", "standard_rummy"]
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


def test_regression_an_empty_profile_name_is_a_usage_error():
    """``--profiles online,,pagat`` was read as online and pagat, while ``--bots
    simple,,random`` is a usage error (found by a review): both refuse empty names now."""
    for args in (("--profiles", "online,,pagat"), ("--profiles", ""), ("--bots", "simple,,random")):
        result = run("compare", *ONE, *args)
        assert result.exit_code == 2
        assert "no empty names" in result.output
