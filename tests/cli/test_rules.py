"""``rummikit rules``: the profiles, the options of one, the differences of two."""

from __future__ import annotations

from tests.cli.runner import run


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


def test_a_columns_variable_that_is_no_width_is_ignored(monkeypatch):
    monkeypatch.setenv("COLUMNS", "0")
    result = run("rules", "pagat")
    assert result.exit_code == 0
    assert "piece_set" in result.output
