"""``rummikit simulate``: the summary, JSON and CSV, the seats and workers, and the
arguments refused as usage errors."""

from __future__ import annotations

import csv
import io
import json

import pytest

from rummikit import simulation
from rummikit.cli import _games as cli_module
from tests.cli.runner import FAST, run


def test_simulate_prints_a_summary_table():
    result = run("simulate", "-p", "online", *FAST)
    assert result.exit_code == 0, result.output
    assert "2 seeded games per profile, 2 players, bots: random, seed 1" in result.output
    assert "Intervals: 95% confidence" in result.output
    assert "turns: sd" in result.output
    assert "seat 1's win rate" in result.output


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


def test_players_default_to_one_per_bot_then_to_each_profile_s_own():
    simple = ["--games", "1", "--workers", "1", "--json"]
    online = json.loads(run("simulate", "-p", "online", "--bots", "random", *simple).stdout)
    assert online["summary"]["players"] == 2  # the online profile's default_players
    three = json.loads(run("simulate", "--bots", "random,random,random", *simple).stdout)
    assert three["summary"]["players"] == 3
    both = json.loads(run("compare", "online", "pagat", "--bots", "random", *simple).stdout)
    assert [p["players"] for p in both["profiles"]] == [2, 4]
    # the same figures as the library's, which seats the same players by default
    assert both["profiles"][0]["turns_mean"] == (
        simulation.simulate("online", games=1, bots="random", seed=1).turns.mean
    )
    table = run("compare", "online", "pagat", "--bots", "random", "--games", "1")
    assert (
        "1 seeded game per profile, bots: random, seed 1; players: online 2, pagat 4"
        in table.output
    )


def test_workers_are_capped_at_the_number_of_games(monkeypatch):
    seen = []
    monkeypatch.setattr(
        cli_module, "_executor", lambda count, scheduler=None: seen.append(count) or _nothing()
    )
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


def test_players_help_tells_the_default():
    for command in ("simulate", "compare"):
        shown = " ".join(run(command, "--help").output.split())
        assert "else each profile's own default_players" in shown
