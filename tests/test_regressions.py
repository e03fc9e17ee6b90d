"""Regression tests: each one failed before the fix it is named for."""

from __future__ import annotations

import subprocess
import sys

import attrs

import rummikit as rk

RAMI = rk.profiles.get("rami_voleur")


def test_import_rummikit_leaves_the_heavy_modules_for_later():
    """``import rummikit`` stays light (the issue asks for under 100 ms; timing lives in
    benchmarks/bench_import.py): games, records, the solver and simulation load on first use."""
    code = "import sys, rummikit; print(' '.join(sorted(sys.modules)))"
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    for module in ("rummikit.game", "rummikit.record", "rummikit.solver", "rummikit.simulation"):
        assert module not in loaded
    assert "importlib.metadata" not in loaded


def test_regression_errors_pickle_whole() -> None:
    # An error raised in a worker process comes back pickled; the errors' constructors take
    # more than the message, so they did not unpickle (and broke a process pool).
    import pickle

    from rummikit.verdict import Verdict, Violation

    errors: list[rk.RummikitError] = [
        rk.InvalidArgument("bad_seed", "a seed is a whole number >= 0"),
        rk.UnknownProfile("gin", ("online", "pagat")),
        rk.InvalidOption("copies", "is 1 to 4", code="out_of_range"),
        rk.InvalidRecord("does_not_replay", "the play is illegal", where="actions[3]"),
        rk.NotationError("bad_token", "no tile", token="x9", position=3, expected="a tile"),
        rk.IllegalAction(Verdict((Violation("cannot_pass", "play or draw"),))),
    ]
    for error in errors:
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error)
        assert vars(back) == vars(error)
        assert str(back) == str(error)


def test_regression_no_error_message_repeats_a_huge_number_or_reads_bytes() -> None:
    # A profile option of 5,000 digits made Python's own ValueError (it cannot print such
    # an int); bytes given as a rack were read as numbers ("not 114").
    import pytest

    pagat = rk.profiles.get("pagat")
    with pytest.raises(rk.InvalidOption, match="not a very large integer"):
        attrs.evolve(pagat, hand_size=10**5000)
    with pytest.raises(rk.InvalidArgument, match="not bytes") as info:
        pagat.check_turn(before="", rack=b"r1 r2 r3", after="", opened=True)  # type: ignore[arg-type]
    assert info.value.code == "not_tiles"
    with pytest.raises(rk.InvalidArgument, match="not dict"):
        rk.TableState(rk.notation.as_table({"r1 r2 r3": 1}))  # type: ignore[arg-type]


def test_regression_huge_numbers_in_bot_simulation_and_solver_arguments() -> None:
    # Python cannot print an int of more than 4,300 digits: messages that quoted the value
    # raised its own ValueError instead of the rummikit error.
    import pytest

    from rummikit.bots import GreedyBot, StrategicBot, best_play, make_bot

    huge = 10**5000
    calls = [
        lambda: GreedyBot(budget=-huge),
        lambda: StrategicBot(patience=-huge),
        lambda: make_bot("greedy", huge),  # type: ignore[arg-type]
        lambda: best_play("online", "", "r1", opened=huge),  # type: ignore[arg-type]
        lambda: rk.simulate("online", players=huge),
        lambda: rk.simulate("online", players=2, games=huge),
        lambda: rk.simulate("online", players=2, games=1, bots=[huge, huge]),  # type: ignore[list-item]
        lambda: rk.solve(huge, "", "r1", opened=True),  # type: ignore[arg-type]
        lambda: rk.solve("online", "", "r1", opened=huge),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(rk.RummikitError, match=r"very large integer|at most"):
            call()
