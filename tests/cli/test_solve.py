"""``rummikit solve``: the best play of a rack on a table."""

from __future__ import annotations

from tests.cli.runner import run


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


def test_solve_names_both_options_when_copies_add_up_across_them():
    result = run("solve", "--table", "r1 r2 r3", "--rack", "r1 r1")
    assert result.exit_code == 2
    assert "--table and --rack together: 3 copies of r1" in result.output


def test_solve_with_a_budget_that_finds_nothing_does_not_say_there_is_no_play():
    # a pagat opening from a long rack on a table to rearrange: 1,000 steps (the least a
    # budget counts as) find none of the openings placing 24 tiles
    table = "b6 o6 k6 | k6 k7 k8 k9 k10 k11 k12 | o2 b2 k2"
    rack = (
        "k3 j b1 r5 o3 o13 k11 b11 r9 o1 o8 r5 k4 r11 o11 j k13 r13 r6 b8 r8 o9 o12 r13 k7 "
        "k1 o3 r3 b7"
    )
    result = run("solve", "--table", table, "--rack", rack, "--not-opened", "--budget", "1")
    assert result.exit_code == 1
    assert result.output.startswith("no play found within the budget of 1 step ")
    assert "no legal play" not in result.output
    assert run("solve", "--table", table, "--rack", rack, "--not-opened").exit_code == 0


def test_one_tile_is_not_tiles():
    assert run("solve", "--table", "r1 r2 r3", "--rack", "r4").output.startswith(
        "play 1 tile: r4\n"
    )
