"""Bots: the built-in ones choose only legal actions and are reproducible, the registry,
``best_play``, and the views, options and arguments a bot refuses."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import rummikit as rk
from rummikit import bots as rb
from rummikit.simulation import play_game
from tests.helpers import code_of, position

PROFILES = ("online", "pagat", "rami_voleur")


class Watcher:
    """Wraps a bot, checks it only ever gets its own view, and counts its choices."""

    def __init__(self, inner: rb.Bot, seat: int) -> None:
        self.inner, self.seat, self.choices = inner, seat, Counter[str]()

    def choose(self, view: rk.PlayerView) -> rk.Action:
        assert isinstance(view, rk.PlayerView)
        assert view.player == self.seat == view.current_player
        assert view.phase is not rk.Phase.OVER
        action = self.inner.choose(view)
        self.choices[type(action).__name__] += 1
        return action


@pytest.mark.parametrize("name", rb.bot_names())
@pytest.mark.parametrize("profile", PROFILES)
def test_built_in_bots_choose_only_legal_actions(profile, name):
    # The first 30 turns of a three-player game: every action chosen must be legal as it is.
    seats = [Watcher(rb.make_bot(name, random.Random(seat)), seat) for seat in range(3)]
    game = rk.Game.new(profile, 3, seed=11)
    for _ in range(30):
        if game.outcome is not None:
            break
        seat = seats[game.current_player]
        action = seat.choose(game.view(game.current_player))
        assert game.check(action).ok, (action, game.check(action))
        game = game.apply(action)
    assert any(watcher.choices["Play"] for watcher in seats)


def test_a_whole_game_between_bots_ends_without_penalties():
    bots = [
        Watcher(rb.make_bot(name, random.Random(1)), seat)
        for seat, name in enumerate(rb.bot_names())
    ]
    game = play_game("online", bots, seed=3)
    assert game.outcome is not None
    assert not any(isinstance(action, rk.GiveUp) for action in game.history)
    assert sum(game.penalties) == 0
    assert rk.loads(rk.dumps(game)) == game


def test_bots_are_reproducible_from_their_generator():
    def play(seed: int) -> rk.Game:
        return play_game("pagat", [rb.RandomBot(random.Random(seed + s)) for s in range(2)], seed=4)

    assert play(1).history == play(1).history
    assert play(1).history != play(50).history


def test_unseeded_bots_draw_fresh_entropy_and_seeded_ones_repeat(monkeypatch):
    """Regression (issue 24): an unseeded bot was seeded with 0, so two of them chose alike."""
    assert rb.make_bot("random").rng.getstate() != rb.make_bot("random").rng.getstate()
    assert rb.RandomBot().rng.getstate() != rb.RandomBot().rng.getstate()
    given: list[random.Random] = []

    def factory(rng: random.Random) -> rb.Bot:
        given.append(rng)
        return rb.RandomBot(rng)

    monkeypatch.setattr(rb, "_FACTORIES", dict(rb._FACTORIES))  # registered for this test
    rb.register_bot("recording", factory)
    rb.make_bot("recording")
    rb.make_bot("recording")
    assert given[0].getstate() != given[1].getstate()
    mine = random.Random(8)
    assert rb.make_bot("recording", mine).rng is mine

    def play() -> rk.Game:
        bots = [rb.make_bot("random", random.Random(seat)) for seat in range(2)]
        return play_game("pagat", bots, seed=4)

    assert play().history == play().history


def test_bot_protocol_and_registry():
    assert rb.bot_names()[:3] == ("random", "greedy", "strategic")
    for name in rb.bot_names():
        assert isinstance(rb.make_bot(name), rb.Bot)
    assert isinstance(rb.make_bot(" Greedy "), rb.GreedyBot)
    with pytest.raises(rk.InvalidArgument) as info:
        rb.make_bot("clever")
    assert info.value.code == "unknown_bot"
    assert "greedy" in info.value.message
    with pytest.raises(rk.InvalidArgument) as info:
        rb.register_bot("greedy", rb.RandomBot)
    assert info.value.code == "name_taken"
    with pytest.raises(rk.InvalidArgument) as info:
        rb.register_bot("", rb.RandomBot)
    assert info.value.code == "bad_bot_name"
    with pytest.raises(rk.InvalidArgument) as info:
        rb.register_bot("thing", "not callable")  # type: ignore[arg-type]
    assert info.value.code == "not_a_bot_factory"


def test_bots_draw_or_pass_when_nothing_can_be_played():
    game = position(
        "pagat",
        "r1 b3 k5 o7 r9 b11 k13 o2 r4 b6 k8 o10 r12 b2",
        opened=False,
        opponent_opened=False,
    )
    for name in rb.bot_names():
        assert isinstance(rb.make_bot(name).choose(game.view(0)), rk.Draw)
    rami = rk.Game.new("rami_voleur", 2, seed=1)
    assert isinstance(rb.make_bot("greedy").choose(rami.view(rami.current_player)), rk.Draw)


# -- bots given odd views --------------------------------------------------------------------

BOTS = rb.bot_names()[:4]


@pytest.fixture
def view() -> rk.PlayerView:
    return position("pagat", "r5 r6 r7 r8 k1", table="b1 b2 b3").view(0)


@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize(
    "change",
    [
        {"player": 5},
        {"player": -1},
        {"player": True},
        {"player": "0"},
        {"opened": ()},
        {"opened": "ab"},
        {"opened": ("yes", "no")},
        {"opened": None},
        {"rack_sizes": ()},
        {"rack_sizes": (5, -1)},
        {"stock_size": -1},
        {"phase": "draw"},
    ],
    ids=repr,
)
def test_a_view_that_does_not_add_up_is_refused(view, name, change):
    assert code_of(rb.make_bot(name).choose, attrs.evolve(view, **change)) == "bad_view"


@pytest.mark.parametrize("name", BOTS)
def test_something_else_than_a_view_is_refused(name):
    assert code_of(rb.make_bot(name).choose, None) == "not_a_view"
    assert code_of(rb.no_play, "view") == "not_a_view"


@pytest.mark.parametrize("name", BOTS)
def test_every_bot_reads_a_view_in_notation_as_solve_does(view, name):
    written = attrs.evolve(
        view, profile="Pagat", table=str(view.table), rack=rk.format_tiles(view.rack)
    )

    def bot() -> rb.Bot:  # seeded alike: the random bot chooses alike
        return rb.make_bot(name, random.Random(3))

    assert bot().choose(written) == bot().choose(view)
    listed = attrs.evolve(view, opened=list(view.opened), rack=list(view.rack))
    assert bot().choose(listed) == bot().choose(view)


@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"profile": 5}, "not_a_profile"),
        ({"profile": "gin"}, "unknown_profile"),
        ({"table": 5}, "not_a_table"),
        ({"table": "r1 r2"}, "invalid_table"),
        ({"rack": "r5 zz"}, "bad_token"),
        ({"rack": None}, "not_tiles"),
        ({"rack": (5,)}, "not_a_tile"),
        ({"rack": "r5 r5 r5"}, "too_many_copies"),
    ],
    ids=repr,
)
def test_every_bot_refuses_what_solve_refuses(view, name, change, code):
    assert code_of(rb.make_bot(name).choose, attrs.evolve(view, **change)) == code


# -- best_play -------------------------------------------------------------------------------


@pytest.mark.parametrize("use_solver", [True, False])
def test_best_play_takes_notation_either_way(use_solver):
    pagat = rk.profiles.get("pagat")
    values = rb.best_play(
        pagat,
        rk.parse_table("b1 b2 b3"),
        rk.parse_tiles("r5 r6 r7 b4"),
        opened=True,
        use_solver=use_solver,
    )
    text = rb.best_play("pagat", "b1 b2 b3", "r5 r6 r7 b4", opened=True, use_solver=use_solver)
    assert values is not None
    assert text is not None
    assert text.tiles == values.tiles


@pytest.mark.parametrize("use_solver", [True, False])
@pytest.mark.parametrize(
    ("args", "code"),
    [
        ({"rack": None}, "not_tiles"),
        ({"rack": 5}, "not_tiles"),
        ({"profile": None}, "not_a_profile"),
        ({"table": "r1 r2"}, "invalid_table"),
        ({"opened": "yes"}, "bad_opened"),
        ({"budget": "x"}, "bad_budget"),
        ({"budget": 0}, "bad_budget"),
        ({"keep_table": "no"}, "bad_keep_table"),
        ({"objective": "fun"}, "bad_objective"),
        ({"rack": "r5 o14"}, "bad_rank"),
    ],
    ids=repr,
)
def test_best_play_refuses_the_same_input_either_way(use_solver, args, code):
    call = {"profile": "pagat", "table": "", "rack": "r5 r6 r7", "opened": True, **args}
    assert code_of(rb.best_play, **call, use_solver=use_solver) == code


def test_best_play_use_solver_is_a_bool():
    assert code_of(rb.best_play, "pagat", "", "r5", opened=True, use_solver=0) == ("bad_use_solver")


# -- bot constructors ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"reserve": "x"},
        {"reserve": -1},
        {"budget": 0},
        {"budget": "big"},
        {"endgame_budget": 1.5},
        {"open_min_tiles": None},
        {"patience": -1},
        {"late_stock": "20"},
        {"danger": 2.0},
        {"joker_gain": None},
        {"endgame_rack": True},
    ],
    ids=repr,
)
def test_strategic_bot_options_are_checked_when_it_is_made(options):
    with pytest.raises(rk.InvalidArgument) as info:
        rb.StrategicBot(**options)
    assert info.value.code == "bad_bot_option"
    assert next(iter(options)) in info.value.message


def test_greedy_bot_budget_is_checked_when_it_is_made():
    for bot in (rb.GreedyBot, rb.SimpleBot):
        assert code_of(bot, budget=-5) == "bad_bot_option"
    assert rb.GreedyBot(budget=None).budget is None


@pytest.mark.parametrize("rng", [5, "seed", random])
def test_a_generator_that_is_no_random_is_refused(rng):
    for name in BOTS:
        assert code_of(rb.make_bot, name, rng) == "bad_rng"
    for bot in (rb.RandomBot, rb.GreedyBot, rb.SimpleBot, rb.StrategicBot):
        assert code_of(bot, rng) == "bad_rng"
    assert isinstance(rb.make_bot("random", random.SystemRandom()), rb.RandomBot)


def test_reserve_for_takes_a_profile_name():
    assert rb.StrategicBot().reserve_for("rami voleur") == 0
    assert code_of(rb.StrategicBot().reserve_for, 5) == "bad_profile_name"


@pytest.mark.parametrize("name", ["random", "greedy", "strategic", "simple"])
def test_a_bot_refuses_a_view_out_of_turn_or_after_the_round(name: str) -> None:
    # A bot chooses on its own turn, while the round is on: anything else is a bad view.
    game = rk.Game.new("online", 2, seed=1)
    bot = rb.make_bot(name, random.Random(1))
    other = game.view(1 - game.current_player)
    with pytest.raises(rk.InvalidArgument, match="a bot chooses on its own turn") as info:
        bot.choose(other)
    assert info.value.code == "bad_view"
    over = attrs.evolve(game.view(game.current_player), phase=rk.Phase.OVER)
    with pytest.raises(rk.InvalidArgument, match="the round is over"):
        bot.choose(over)
