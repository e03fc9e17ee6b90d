"""Regression tests: each one failed before the fix it is named for."""

from __future__ import annotations

import subprocess
import sys

import attrs
import pytest

import rummikit as rk

RAMI = rk.profiles.get("rami_voleur")


def test_regression_joker_stands_for_the_high_ace() -> None:
    # Matrix row 3 (Q-K-A) and section 4.6: a joker after the king stands for the high ace.
    # The reader used to reread "Qh Kh j" as J-Q-K, moving the joker below the queen.
    reading = RAMI.read_meld("Qh Kh j")
    assert reading.layout == tuple(rk.parse_tiles("Qh Kh j"))
    assert reading.jokers[0].tile == rk.Tile(rk.Suit.HEARTS, 1)
    assert reading.ranks == (12, 13, 14)


def test_regression_high_ace_joker_under_the_adjacent_joker_ban() -> None:
    # "j Kh j" is Q-K-A with no two jokers side by side (D9 variant); it used to be refused
    # as adjacent_jokers because the only run considered was J-Q-K.
    profile = attrs.evolve(RAMI, forbid_adjacent_jokers=True)
    reading = profile.read_meld("run: j Kh j")
    assert [sub.tile for sub in reading.jokers] == rk.parse_tiles("Qh Ah")


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


def test_regression_opening_check_of_many_copies_of_one_meld_is_quick() -> None:
    # Matrix row 11: the opening quota is counted on new melds made only of rack tiles. A
    # play of 16 copies of one rack-only meld (illegal anyway: too many copies) made the
    # judge try every subset of the 16, summing Counters: about 6 s of CPU for one action
    # from a client, and as long for `record.loads` of a record holding it. Identical melds
    # are now one candidate with a count, and the search stops at the quota.
    game = rk.Game.new("pagat", 2, seed=7)
    player = game.current_player
    assert "k1 k2 k3 k4 k5 k6 k7 k8" in rk.format_tiles(game.rack(player))
    verdict = game.check(rk.Play(" | ".join(["k1 k2 k3 k4 k5 k6 k7 k8"] * 16)))
    assert verdict.codes == ("unknown_tile",)


def test_regression_opening_value_counts_each_rack_tile_once() -> None:
    # Matrix row 11, with the quota lowered to 9: r1 r2 r3 (6) and r1 b1 k1 (3) each look
    # made of rack tiles, but the rack holds one r1 (the other is the table's): only one of
    # them counts, so the opening is worth 6 (the rewritten search must still see this).
    profile = attrs.evolve(rk.profiles.get("pagat"), name="quota9", opening_min_points=9)
    verdict = profile.check_turn(
        before="r1 r2 r3 r4",
        rack="r1 b1 k1 r2 r3",
        after="r1 r2 r3 | r1 b1 k1 | r2 r3 r4",
        opened=False,
    )
    assert verdict.codes == ("initial_meld_below_threshold",)
    assert "worth 6 points" in verdict.violations[0].message
    both = profile.check_turn(
        before="", rack="r1 r2 r3 b1 k1 o1", after="r1 r2 r3 | b1 k1 o1", opened=False
    )
    assert both.ok  # disjoint: 6 + 3


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


def test_regression_a_replacement_stands_where_the_joker_stood() -> None:
    # Rows 18-20 (pagat): a joker comes out of a frozen meld only for its exact tile from
    # the rack, in its place. From "b7 j j", r7 from the rack went into another meld while
    # k7 from the table took the joker's place; the judge accepted it because the rack had
    # held an r7. The solver rightly never played it, and the brute force of the solver
    # tests, built on the judge, disagreed with it.
    pagat = rk.profiles.get("pagat")
    before = "k4 k5 k6 k7 | group: b7 j j"
    wrong = "run: r5 j r7 | group: b7 k7 j | run: k4 k5 k6"
    assert pagat.check_turn(before=before, rack="r5 r7", after=wrong, opened=True).codes == (
        "joker_replacement_not_from_rack",
    )
    right = "run: k4 k5 k6 k7 j | group: b7 r7 j"
    assert pagat.check_turn(before=before, rack="r5 r7", after=right, opened=True).ok
    # with the last joker out, the meld is free again and may be rearranged in the turn
    before = "k4 k5 k6 k7 | group: b7 o7 j"
    after = "run: r5 j r7 | group: b7 o7 k7 | run: k4 k5 k6"
    assert pagat.check_turn(before=before, rack="r5 r7", after=after, opened=True).ok


def test_regression_extensions_only_does_not_depend_on_the_order_of_melds() -> None:
    # Row 15 with table_manipulation off: each old meld needs a home of its own; a first-fit
    # choice gave "k1 k2 k3 k4" to the old "k1 k2 k3" when that came first, and then found
    # no home for the old "k1 k2 k3 k4".
    layoffs = attrs.evolve(rk.profiles.get("online"), name="layoffs", table_manipulation=False)
    after = "k1 k2 k3 k4 | k3 k1 k2"
    for before in ("k1 k2 k3 | k1 k2 k3 k4", "k1 k2 k3 k4 | k1 k2 k3"):
        verdict = layoffs.check_turn(before=before, rack="r9", after=after, opened=True)
        assert "rearrangement_forbidden" not in verdict.codes


def test_regression_extending_does_not_move_a_joker_along_its_run() -> None:
    # Row 15 with table_manipulation off: the judge took any meld holding an old meld's
    # tiles as its extension, so r1 could take the place of the joker in "j r2 r3" and push
    # it to the other end, a play the solver (which keeps old melds in place) never found.
    layoffs = attrs.evolve(rk.profiles.get("online"), name="layoffs", table_manipulation=False)
    assert layoffs.check_turn(before="j r2 r3", rack="r1", after="r1 r2 r3 j", opened=True).codes
    assert layoffs.check_turn(before="j r2 r3", rack="r4", after="j r2 r3 r4", opened=True).ok


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


def test_regression_a_profile_carries_no_melds_read_under_it() -> None:
    # A game view holds the profile; the profile held its cache of meld readings, filled
    # with melds built from every player's rack, so pickling a view or turning it into a
    # dict (as a server sending it to a client would) showed other players' tiles.
    import pickle

    profile = attrs.evolve(rk.profiles.get("pagat"), name="private")
    game = rk.Game.new(profile, 2, seed=3)
    before = pickle.dumps(game.view(0))
    profile.is_valid_meld(rk.Meld(game.rack(1)[:3]))  # whatever seat 1 tried
    assert pickle.dumps(game.view(0)) == before
    assert not any("reading" in key for key in attrs.asdict(game.view(0))["profile"])


def test_regression_the_registry_refuses_what_would_leave_it_inconsistent() -> None:
    # An alias could take another profile's own name with replace=True (that profile stayed
    # listed but out of reach), a string of aliases was read letter by letter, a name of
    # punctuation was registered as "", and replace="no" counted as true.
    import pytest

    from rummikit.profiles import ProfileRegistry

    registry = ProfileRegistry()
    pagat = rk.profiles.get("pagat")
    registry.register(pagat)
    kitchen = attrs.evolve(pagat, name="kitchen")
    cases = [
        ({"aliases": ["pagat"], "replace": True}, "name_taken"),
        ({"aliases": "ab"}, "bad_aliases"),
        ({"aliases": [None]}, "bad_aliases"),
        ({"replace": "no"}, "bad_replace"),
    ]
    for kwargs, code in cases:
        with pytest.raises(rk.InvalidArgument) as info:
            registry.register(kitchen, **kwargs)  # type: ignore[arg-type]
        assert info.value.code == code
    with pytest.raises(rk.InvalidArgument) as info:
        registry.register(attrs.evolve(pagat, name="-"))
    assert info.value.code == "bad_profile_name"
    assert registry.names() == ("pagat",)
    assert registry.get("pagat") is pagat


def test_regression_hand_built_results_are_checked() -> None:
    # Report.from_results trusted every GameResult: a winner outside the seats or missing
    # scores failed with IndexError, and results of another profile were summed up under
    # the report's name.
    import pytest

    from rummikit.simulation import GameResult, Report

    report = rk.simulate("online", players=2, games=1, bots="random", seed=1)
    result = report.results[0]
    for changes in ({"winners": (5,)}, {"scores": ()}, {"turns": None}, {"termination": "x"}):
        with pytest.raises(rk.InvalidArgument) as info:
            attrs.evolve(result, **changes)
        assert info.value.code == "bad_results"
    with pytest.raises(rk.InvalidArgument) as info:
        Report.from_results("pagat", report.bots, 1, [result])
    assert info.value.code == "bad_results"
    assert isinstance(result, GameResult)
    with pytest.raises(rk.InvalidArgument) as info:
        rk.profiles.get("pagat").differences("online")  # type: ignore[arg-type]
    assert info.value.code == "not_a_profile"


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


def test_regression_a_broken_pool_is_not_a_bad_executor() -> None:
    # A pool whose workers died raises BrokenProcessPool, a RuntimeError: it was reported as
    # bad_executor ("give one still running"), hiding the CLI's "try --workers 1" advice.
    import concurrent.futures
    from concurrent.futures.process import BrokenProcessPool

    import pytest

    class Broken(concurrent.futures.Executor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
            raise BrokenProcessPool("the workers died")

    with pytest.raises(BrokenProcessPool):
        rk.simulate("online", players=2, games=1, bots="random", executor=Broken())


def test_regression_a_turn_from_an_invalid_table_is_refused_as_input() -> None:
    """``check_turn`` did not check the table before the turn: from "r1 r2 | b5 b6 b7" a
    play mending "r1 r2" into a run was judged legal. An invalid table at the start of a
    turn is bad input, like a piece outside the deck: it raises ``invalid_table`` now,
    mended by the play or not (``RuleProfile.check_table`` is the check)."""
    online = rk.profiles.get("online")
    for after in ("r1 r2 r3 | b5 b6 b7", "r1 r2 | b5 b6 b7 r3"):
        with pytest.raises(rk.InvalidArgument) as caught:
            online.check_turn(before="r1 r2 | b5 b6 b7", rack="r3", after=after, opened=True)
        assert caught.value.code == "invalid_table"
        assert "before the turn" in caught.value.message
        assert "r1 r2" in caught.value.message
    assert online.check_table("r1 r2 r3 | b5 b6 b7") == rk.TableState.parse("r1 r2 r3 | b5 b6 b7")
    with pytest.raises(rk.InvalidArgument, match="at least 3 tiles"):
        online.check_table("r1 r2")


def test_regression_check_table_counts_copies_and_jokers() -> None:
    """``check_table`` read each meld but never counted the pieces: three copies of r1, or
    three jokers in a deck of two, passed, while ``check_turn`` refused the same table
    (found by a review). It now checks the deck first, as ``check_turn`` does."""
    pagat = rk.profiles.get("pagat")
    for table, code in (
        ("r1 r2 r3 | r1 r2 r3 | r1 r2 r3", "too_many_copies"),
        ("r1 j r3 | r5 j r7 | r9 j r11", "too_many_copies"),
        ("7h 8h 9h", "not_in_deck"),
    ):
        with pytest.raises(rk.InvalidArgument) as caught:
            pagat.check_table(table)
        assert caught.value.code == code
    # a caller that counted the pieces already (the judge, with the rack's) skips the deck
    copies = "r1 r2 r3 | r1 r2 r3 | r1 r2 r3"
    assert pagat.check_table(copies, deck_checked=True) == rk.TableState.parse(copies)


def test_regression_a_profile_name_of_punctuation_is_refused() -> None:
    """A name made only of punctuation, ``"!!!"``, registered although the docs say a name
    must keep a letter or digit (found by a review): only spaces, ``-`` and ``_`` were
    refused."""
    registry = rk.profiles.ProfileRegistry()
    for name in ("!!!", "-", " _ "):
        with pytest.raises(rk.InvalidArgument) as caught:
            registry.register(rk.profiles.get("pagat").evolve(name=name))
        assert caught.value.code == "bad_profile_name"
    registry.register(rk.profiles.get("pagat").evolve(name="pagat!"))
    assert registry.get("pagat!").name == "pagat!"


def test_regression_racks_take_lists_of_notation_and_tables_say_what_a_table_is() -> None:
    """Found by a review: a table given as a list of melds in notation was read, but a rack
    given as a list of tiles in notation (``["r6", "r7"]``) was refused; and a table given
    as a flat list of tiles said "expected tiles or notation, not Tile"."""
    found = rk.solve("online", "", ["r6", "r7", "r8"], opened=True)
    assert found is not None
    assert found.table == rk.TableState.parse("r6 r7 r8")
    assert rk.parse_tiles("r6 j") == rk.profiles.get("online").as_tiles(["r6", "j"])
    with pytest.raises(rk.NotationError):
        rk.profiles.get("online").as_tiles(["r6 r7"])  # one piece per string
    with pytest.raises(rk.InvalidArgument) as caught:
        rk.profiles.get("online").check_table(rk.parse_tiles("r8 b8 k8"))
    assert caught.value.code == "not_a_table"
    assert "not of single tiles" in caught.value.message


def test_regression_one_rack_is_one_rack() -> None:
    """A position with one rack said "1 racks were given" (found by a review)."""
    with pytest.raises(rk.InvalidArgument, match="; 1 rack was given"):
        rk.Game.from_position("online", table="", racks=["r1 r2"], stock="r3", current=0)
