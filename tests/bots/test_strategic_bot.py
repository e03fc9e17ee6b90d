"""The strategic bot's decisions, on tiny positions written in notation."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

import rummikit as rk
from rummikit import bots as rb
from tests.helpers import position


def laid(game: rk.Game, action: rk.Action) -> Counter[rk.Tile]:
    """The pieces ``action`` (a legal play) lays from player 0's rack."""
    assert isinstance(action, rk.Play), action
    assert game.check(action).ok
    return action.table.tiles - game.table.tiles


def tiles(text: str) -> Counter[rk.Tile]:
    return Counter(rk.parse_tiles(text))


def test_goes_out_rather_than_keeping_a_reserve():
    game = position("pagat", "r5 r6 r7 r8", table="b1 b2 b3")
    assert laid(game, rb.StrategicBot().choose(game.view(0))) == tiles("r5 r6 r7 r8")


def test_keeps_back_a_piece_it_can_lay_later():
    game = position("pagat", "r5 r6 r7 r8 k1", table="b1 b2 b3")
    assert laid(game, rb.GreedyBot().choose(game.view(0))) == tiles("r5 r6 r7 r8")
    # The cheapest end of the run stays on the rack, to lay on a turn with nothing else.
    assert laid(game, rb.StrategicBot().choose(game.view(0))) == tiles("r6 r7 r8")
    assert laid(game, rb.StrategicBot(reserve=0).choose(game.view(0))) == tiles("r5 r6 r7 r8")


def test_lays_a_reserve_piece_rather_than_draw():
    game = position("online", "r8 k1 o11", table="r5 r6 r7")
    assert laid(game, rb.StrategicBot().choose(game.view(0))) == tiles("r8")


def test_keeps_one_of_two_lay_offs_for_the_next_turn():
    game = position("online", "r8 b4 o11", table="r5 r6 r7 | b1 b2 b3")
    # The cheaper one stays: it costs less if an opponent goes out first.
    assert laid(game, rb.StrategicBot().choose(game.view(0))) == tiles("r8")


def test_no_reserve_where_every_turn_starts_with_a_draw():
    bot = rb.StrategicBot()
    assert bot.reserve_for(rk.profiles.get("rami_voleur")) == 0
    assert bot.reserve_for(rk.profiles.get("pagat")) == 3
    assert rb.StrategicBot(reserve=1).reserve_for(rk.profiles.get("rami_voleur")) == 1


def test_keeps_a_joker_that_only_adds_itself():
    game = position("pagat", "r5 r6 r7 j k1 o9")
    assert laid(game, rb.GreedyBot().choose(game.view(0))) == tiles("r5 r6 r7 j")
    assert laid(game, rb.StrategicBot().choose(game.view(0))) == tiles("r5 r6 r7")
    assert laid(game, rb.StrategicBot(joker_gain=1).choose(game.view(0)))[rk.parse_tile("j")]


def test_lays_a_joker_that_makes_a_meld():
    game = position("pagat", "r5 r6 j k1 o9")
    assert laid(game, rb.StrategicBot().choose(game.view(0))) == tiles("r5 r6 j")


def test_lays_a_joker_alone_rather_than_draw():
    # The joker is the last reserve: laid on a turn with nothing else to lay.
    game = position("pagat", "j k1 o9", table="r5 r6 r7")
    assert laid(game, rb.StrategicBot().choose(game.view(0))) == tiles("j")


@pytest.mark.parametrize("late", [{"other": 3}, {"stock": 10}])
def test_dumps_everything_when_an_opponent_is_close_or_the_stock_low(late):
    game = position("pagat", "r5 r6 r7 r8 j k1", table="b1 b2 b3", **late)
    assert laid(game, rb.StrategicBot().choose(game.view(0))) == tiles("r5 r6 r7 r8 j")


def test_holds_a_small_opening_for_one_draw_only():
    rack = "r10 r11 r12 b1 b3 b5 b7 b9 k2 k4 k6 k8 o1 o3"
    game = position("pagat", rack, opened=False)
    assert isinstance(rb.StrategicBot().choose(game.view(0)), rk.Draw)
    assert laid(game, rb.StrategicBot(open_min_tiles=3).choose(game.view(0)))
    grown = position("pagat", rack + " o5", opened=False)
    assert laid(grown, rb.StrategicBot().choose(grown.view(0))) == tiles("r10 r11 r12")
    assert isinstance(rb.StrategicBot(patience=2).choose(grown.view(0)), rk.Draw)


def test_an_opening_keeps_back_what_it_does_not_need():
    game = position("online", "r10 r11 r12 b2 k2 o2 b9 k5", opened=False)
    assert laid(game, rb.GreedyBot().choose(game.view(0))) == tiles("r10 r11 r12 b2 k2 o2")
    # r10 r11 r12 alone opens (33); the group of 2s waits for a turn with nothing to lay.
    assert laid(game, rb.StrategicBot().choose(game.view(0))) == tiles("r10 r11 r12")


def test_searches_harder_for_a_way_out_near_the_end(monkeypatch):
    budgets: list[int | None] = []
    real = rb._best_play

    def spy(profile, before, pieces, opened, objective, budget, use_solver, keep_table):
        budgets.append(budget)
        return real(profile, before, pieces, opened, objective, budget, use_solver, keep_table)

    monkeypatch.setattr(rb, "_best_play", spy)
    bot = rb.StrategicBot(budget=50, endgame_budget=9000)
    near = position("pagat", "r5 r6 r7 r8 k1", table="b1 b2 b3")
    bot.choose(near.view(0))
    assert budgets == [50, 9000]
    budgets.clear()
    far = position("pagat", "r5 r6 r7 r8 k1 k3 o7", table="b1 b2 b3")
    bot.choose(far.view(0))
    assert budgets == [50]


def test_keywords_and_repr():
    bot = rb.StrategicBot(
        budget=100, open_min_tiles=5, patience=2, late_stock=9, danger=3, reserve=2, joker_gain=4
    )
    assert repr(bot) == (
        "StrategicBot(budget=100, open_min_tiles=5, patience=2, late_stock=9, danger=3, "
        "reserve=2, joker_gain=4, endgame_rack=6, endgame_budget=20000)"
    )
    assert isinstance(rb.make_bot("strategic"), rb.StrategicBot)


def test_strategic_bot_holds_a_small_opening_and_takes_a_big_one():
    small = position(
        "pagat", "r10 r11 r12 b1 b3 b5 b7 b9 k2 k4 k6 k8 o1 o3", opened=False, opponent_opened=False
    )
    view = small.view(0)
    assert isinstance(rb.GreedyBot().choose(view), rk.Play)
    assert isinstance(rb.StrategicBot().choose(view), rk.Draw)
    assert isinstance(rb.StrategicBot(open_min_tiles=3).choose(view), rk.Play)
    big = position(
        "pagat",
        "r10 r11 r12 r13 b5 k5 o5 b1 b3 b7 b9 k2 k4 o1",
        opened=False,
        opponent_opened=False,
    )
    action = rb.StrategicBot().choose(big.view(0))
    assert isinstance(action, rk.Play)
    assert big.check(action).ok


def test_strategic_bot_opens_when_waiting_gets_costly():
    small = position(
        "pagat", "r10 r11 r12 b1 b3 b5 b7 b9 k2 k4 k6 k8 o1 o3", opened=False, opponent_opened=False
    )
    late = attrs.evolve(
        small, stock=small.stock[:10], racks=(small.racks[0], small.racks[1] + small.stock[10:])
    )
    assert isinstance(rb.StrategicBot().choose(late.view(0)), rk.Play)


def test_strategic_bot_sheds_points_once_open():
    game = position(
        "pagat", "r1 r2 r3 r4 k13", table="o13 b13 r13", opened=True, opponent_opened=False
    )
    profile, table, rack = game.profile, game.table, game.rack(0)

    def laid(after: rk.TableState | None) -> Counter[rk.Tile]:
        assert after is not None
        assert profile.check_turn(before=table, rack=rack, after=after, opened=True).ok
        return after.tiles - table.tiles

    def points(tiles: Counter[rk.Tile]) -> int:
        return sum(profile.piece_value(tile) * n for tile, n in tiles.items())

    most = laid(rb.best_play(profile, table, rack, opened=True))
    highest = laid(rb.best_play(profile, table, rack, opened=True, objective="points"))
    assert sum(most.values()) >= sum(highest.values())
    assert points(highest) >= max(points(most), 13)
    action = rb.StrategicBot().choose(game.view(0))
    assert isinstance(action, rk.Play)
    assert rk.parse_tile("k13") in laid(action.table)
    with pytest.raises(rk.InvalidArgument) as info:
        rb.best_play(game.profile, game.table, game.rack(0), opened=True, objective="most")  # type: ignore[arg-type]
    assert info.value.code == "bad_objective"
