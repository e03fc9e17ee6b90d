"""Game flow: dealing, positions, phases, actions, penalties, the end of a round and views
(matrix rows 6-10, 13, 28-33)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import rummikit as rk
from tests.helpers import ALL, ONLINE, PAGAT, RAMI, all_tiles, choose_action


def deck_minus(profile: rk.RuleProfile, *parts: str) -> list[rk.Tile]:
    """The profile's deck without the tiles in ``parts`` (notation)."""
    rest = Counter(profile.deck) - Counter(t for part in parts for t in rk.parse_tiles(part))
    return rk.pieces.sort_tiles(rest.elements())


def position(profile, racks, table="", stock=None, current=0, opened=None):
    """A game whose stock holds every tile not on the table or in the racks (or ``stock``)."""
    if stock is None:
        stock = deck_minus(profile, table.replace("|", " "), *racks)
    return rk.Game.from_position(
        profile, table=table, racks=racks, stock=stock, current=current, opened=opened
    )


# -- dealing (rows 6-8) --------------------------------------------------------------------


@pytest.mark.parametrize("profile", ALL, ids=lambda p: p.name)
def test_row07_deal_hand_size_and_stock(profile):
    game = rk.Game.new(profile, players=3, seed=11)
    assert [len(rack) for rack in game.racks] == [profile.hand_size] * 3
    assert game.stock_size == 106 - 3 * profile.hand_size
    assert all_tiles(game) == Counter(profile.deck)
    assert game.table.melds == ()
    assert game.opened == (False, False, False)
    assert game.seed == 11


def test_row06_default_players():
    assert len(rk.Game.new("online", seed=1).players) == 2
    assert len(rk.Game.new("pagat", seed=1).players) == 4


def test_same_seed_same_deal_and_different_seeds_differ():
    assert rk.Game.new("pagat", 4, seed=3) == rk.Game.new("pagat", 4, seed=3)
    assert rk.Game.new("pagat", 4, seed=3).racks != rk.Game.new("pagat", 4, seed=4).racks


def test_seed_is_drawn_and_recorded_when_not_given():
    game = rk.Game.new("pagat", 2)
    assert isinstance(game.seed, int)
    assert rk.Game.new("pagat", 2, seed=game.seed) == game


def test_row08_d2_first_player_varies_with_the_seed():
    firsts = {rk.Game.new("pagat", 4, seed=seed).current_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


class StackedDraws(random.Random):
    """A generator whose shuffles put chosen tiles on top of the pile (drawn first), one
    list per shuffle: for testing the draw for the first seat."""

    def __init__(self, profile: rk.RuleProfile, *tops: str) -> None:
        super().__init__(0)
        self.tops = [rk.parse_tiles(top) for top in tops]

    def shuffle(self, pile):  # type: ignore[override]
        top = self.tops.pop(0)
        rest = list((Counter(pile) - Counter(top)).elements())
        pile[:] = [*rest, *reversed(top)]  # the draw pops from the end


def test_row08_d2_the_highest_draw_starts_and_jokers_and_ties_draw_again():
    from rummikit.game import _first_player

    # seat 0 draws r5; seat 1 a joker (drawn again: b9); seat 2 k9: seats 1 and 2 tie at 9
    # and draw again: r3 against o12
    rng = StackedDraws(PAGAT, "r5 j b9 k9", "r3 o12")
    assert _first_player(PAGAT, 3, rng) == 2
    assert rng.tops == []  # exactly two rounds of draws
    assert _first_player(ONLINE, 2, StackedDraws(ONLINE, "r13 b12")) == 0


def test_row08_rami_voleur_draws_the_first_player_by_lot_then_rotates():
    assert RAMI.first_player is rk.FirstPlayer.LOT
    firsts = {rk.Game.new(RAMI, 3, seed=seed).current_player for seed in range(30)}
    assert firsts == {0, 1, 2}
    match = rk.Match.new(RAMI, 3, seed=2)
    rng = random.Random(2)
    firsts = [match.game.current_player]
    while not match.over and len(firsts) < 3:
        rounds = len(match.rounds)
        match = match.apply(choose_action(match.game, rng))
        if len(match.rounds) > rounds and not match.over:
            firsts.append(match.game.current_player)
    assert firsts == [(firsts[0] + k) % 3 for k in range(len(firsts))]
    assert len(firsts) >= 2


@pytest.mark.parametrize(
    ("players", "seed", "code"),
    [(1, 0, "bad_players"), (5, 0, "bad_players"), ("4", 0, "bad_players"), (2, -1, "bad_seed")],
)
def test_bad_deal_arguments(players, seed, code):
    with pytest.raises(rk.InvalidArgument) as info:
        rk.Game.new("pagat", players, seed)
    assert info.value.code == code


def test_unknown_profile_name():
    with pytest.raises(rk.UnknownProfile):
        rk.Game.new("gin", 2, seed=1)


def test_a_deal_is_a_pure_function_of_the_seed():
    rng = random.Random(0)
    for _ in range(5):
        seed = rng.randrange(2**40)
        assert rk.Game.new("rami_voleur", 3, seed) == rk.Game.new("rami_voleur", 3, seed)


# -- positions ------------------------------------------------------------------------------


def test_position_must_add_up_to_the_deck():
    with pytest.raises(rk.InvalidArgument) as info:
        rk.Game.from_position("pagat", racks=["r1", "r2"], stock="r3")
    assert info.value.code == "position_does_not_add_up"
    assert "missing" in info.value.message
    extra = deck_minus(PAGAT, "r2") + rk.parse_tiles("r1")
    with pytest.raises(rk.InvalidArgument) as info:
        rk.Game.from_position("pagat", racks=["r1", "r2"], stock=extra)
    assert "extra r1" in info.value.message


def test_regression_position_error_lists_twenty_tiles_then_counts():
    """A position missing most of the deck named every missing tile (over a hundred)."""
    with pytest.raises(rk.InvalidArgument) as info:
        rk.Game.from_position("pagat", racks=["r1", "r2"], stock="r3")
    message = info.value.message
    assert message.endswith(f"and {len(PAGAT.deck) - 3 - 20} more")
    assert len(message.split("missing ")[1].split(" and ")[0].split()) == 20


def test_position_table_must_be_valid():
    with pytest.raises(rk.InvalidArgument) as info:
        position(PAGAT, ["r5", "b5"], table="r1 r2 r4")
    assert info.value.code == "invalid_table"


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"current": 2}, "unknown_player"),
        ({"opened": [True]}, "bad_opened"),
        ({"opened": [1, 0]}, "bad_opened"),
    ],
)
def test_bad_positions(kwargs, code):
    with pytest.raises(rk.InvalidArgument) as info:
        position(PAGAT, ["r5", "b5"], **kwargs)
    assert info.value.code == code


def test_regression_one_rack_is_one_rack() -> None:
    """A position with one rack said "1 racks were given" (found by a review)."""
    with pytest.raises(rk.InvalidArgument, match="; 1 rack was given"):
        rk.Game.from_position("online", table="", racks=["r1 r2"], stock="r3", current=0)


# -- phases and actions (rows 9-10) -------------------------------------------------------


def test_row09_play_or_draw_structure():
    game = rk.Game.new("pagat", 2, seed=1)
    assert game.phase is rk.Phase.PLAY_OR_DRAW
    player = game.current_player
    after = game.apply(rk.Draw())
    assert len(after.rack(player)) == 15
    assert after.current_player == 1 - player
    assert after.stock_size == game.stock_size - 1
    assert after.history == (rk.Draw(player=player),)


def test_row09_rami_voleur_always_draws_first_then_may_play_or_pass():
    game = rk.Game.new("rami_voleur", 2, seed=1)
    assert game.phase is rk.Phase.DRAW
    assert game.check(rk.Pass()).codes == ("wrong_phase",)
    assert game.check(rk.Play(game.table)).codes == ("wrong_phase",)
    drawn = game.apply(rk.Draw())
    assert drawn.current_player == game.current_player
    assert drawn.phase is rk.Phase.PLAY_OR_PASS
    assert drawn.check(rk.Draw()).codes == ("wrong_phase",)
    passed = drawn.apply(rk.Pass())
    assert passed.current_player != game.current_player
    assert passed.phase is rk.Phase.DRAW


@pytest.mark.parametrize("profile", [ONLINE, PAGAT], ids=["online", "pagat"])
def test_row10_a_player_who_could_play_may_draw_instead(profile):
    racks = ["r10 b2 k5", "o1 o2 o9"]
    game = position(profile, racks, table="r7 r8 r9", opened=[True, True])
    assert game.check(rk.Play("r7 r8 r9 r10")).ok  # a play exists
    assert game.check(rk.Draw()).ok
    after = game.apply(rk.Draw())
    assert len(after.rack(0)) == 4
    assert after.current_player == 1
    assert after.table == game.table


def test_row10_rami_voleur_may_pass_after_the_draw_with_a_play_in_hand():
    racks = ["10h 2s 5c", "Ad 2d 9d"]
    game = position(RAMI, racks, table="7h 8h 9h", opened=[True, True]).apply(rk.Draw())
    assert game.check(rk.Play("7h 8h 9h 10h")).ok
    assert game.check(rk.Pass()).ok


def test_row09_pass_is_for_an_empty_stock_in_play_or_draw_games():
    game = rk.Game.new("pagat", 2, seed=1)
    assert game.check(rk.Pass()).codes == ("cannot_pass",)


def test_row13_online_opening_play_updates_rack_table_and_opened():
    game = position(ONLINE, ["o10 o11 o12 r1", "b5"])
    after = game.apply(rk.Play("o10 o11 o12"))
    assert after.rack(0) == tuple(rk.parse_tiles("r1"))
    assert str(after.table) == "o10 o11 o12"
    assert after.opened == (True, False)
    assert after.current_player == 1


def test_illegal_play_raises_with_the_verdict_and_changes_nothing():
    game = position(ONLINE, ["r11 j r13 r1", "b5"])
    snapshot = attrs.evolve(game)
    with pytest.raises(rk.IllegalAction) as info:
        game.apply(rk.Play("r11 j r13"))
    assert info.value.code == "illegal_action"
    assert info.value.codes == ("initial_meld_below_threshold",)
    assert game == snapshot


def test_action_out_of_turn():
    game = rk.Game.new("pagat", 3, seed=2)
    other = (game.current_player + 1) % 3
    assert game.check(rk.Draw(player=other)).codes == ("not_your_turn",)
    assert game.check(rk.Draw(player=game.current_player)).ok
    with pytest.raises(rk.IllegalAction):
        game.apply(rk.Draw(player=other))


def test_not_an_action():
    with pytest.raises(rk.InvalidArgument) as info:
        rk.Game.new("pagat", 2, seed=1).apply("draw")  # type: ignore[arg-type]
    assert info.value.code == "not_an_action"


def test_bad_player_on_an_action():
    with pytest.raises(rk.InvalidArgument) as info:
        rk.Draw(player=-1)
    assert info.value.code == "bad_player"


# -- penalties (rows 28-29) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "changed", "drawn", "penalty"),
    [
        (ONLINE, True, 3, 3),
        (ONLINE, False, 3, 3),
        (PAGAT, True, 3, 3),
        (PAGAT, False, 1, 0),  # D12: "draw 1, as a normal draw", not a penalty
    ],
)
def test_row29_d12_timeout_penalty(profile, changed, drawn, penalty):
    game = rk.Game.new(profile, 2, seed=5)
    player = game.current_player
    after = game.apply(rk.Timeout(changed=changed))
    assert len(after.rack(player)) == 14 + drawn
    assert after.table == game.table
    assert after.penalties[player] == penalty
    assert after.current_player != player


def test_row29_rami_voleur_timeout_has_no_penalty_but_the_draw_is_mandatory():
    game = rk.Game.new(RAMI, 2, seed=5)
    player = game.current_player
    after = game.apply(rk.Timeout())
    assert len(after.rack(player)) == 14
    assert after.penalties[player] == 0
    drawn_then_timed_out = game.apply(rk.Draw()).apply(rk.Timeout())
    assert len(drawn_then_timed_out.rack(player)) == 14


@pytest.mark.parametrize(("profile", "penalty"), [(PAGAT, 3), (ONLINE, 3)], ids=["pagat", "online"])
def test_row28_d11_giving_up_draws_the_failure_penalty(profile, penalty):
    game = rk.Game.new(profile, 2, seed=5)
    player = game.current_player
    after = game.apply(rk.GiveUp())
    assert len(after.rack(player)) == 14 + penalty
    assert after.penalties[player] == penalty
    assert after.current_player != player


def test_row28_rami_voleur_giving_up_only_undoes_the_play():
    game = rk.Game.new(RAMI, 2, seed=5).apply(rk.Draw())
    player = game.current_player
    after = game.apply(rk.GiveUp())
    assert RAMI.failure_penalty == 0
    assert after.rack(player) == game.rack(player)  # the card drawn first stays, no more
    assert after.penalties[player] == 0
    assert after.current_player != player


def full_table(colours: str = "rbko") -> list[str]:
    """Both copies of every tile run of the given colours, as melds in notation."""
    return [" ".join(f"{c}{n}" for n in range(1, 14)) for c in colours for _ in range(2)]


def test_d11_penalty_takes_what_is_left_of_a_short_stock():
    table = [*full_table("rbo"), "k1 k2 k3 k4 k5 k6 k7 k8 k9 k10 k11 k12 k13"]
    table += ["k1 k2 k3 k4 k5 k6 k7 k8 k9 k10 k11"]
    game = rk.Game.from_position(PAGAT, table=table, racks=["j", "j"], stock="k12 k13")
    after = game.apply(rk.GiveUp())
    assert after.rack(0) == tuple(rk.parse_tiles("k12 k13 j"))
    assert after.penalties == (2, 0)
    assert after.stock_size == 0


# -- end of the round (rows 31-33) -------------------------------------------------------


def test_row31_going_out_ends_the_round_and_scores():
    game = position(PAGAT, ["o10 o11 o12", "r5 j"], opened=[True, True])
    after = game.apply(rk.Play("o10 o11 o12"))
    assert after.outcome == rk.Outcome(rk.Termination.WENT_OUT, (0,), (35, -35))
    assert after.outcome.winner == 0
    assert after.phase is rk.Phase.OVER
    assert after.check(rk.Draw()).codes == ("game_over",)
    with pytest.raises(rk.IllegalAction):
        after.apply(rk.Draw())


def test_row32_d14_empty_stock_play_on_then_blocked_after_a_full_round_of_passes():
    game = rk.Game.from_position(
        PAGAT, racks=["r1 r2", "k13"], stock=deck_minus(PAGAT, "r1 r2", "k13")
    )
    while game.stock_size:
        game = game.apply(rk.Draw())
    assert game.phase is rk.Phase.PLAY_OR_PASS
    assert game.check(rk.Draw()).codes == ("stock_empty",)
    game = game.apply(rk.Pass())
    assert game.outcome is None
    game = game.apply(rk.Pass())
    assert game.outcome is not None
    assert game.outcome.termination is rk.Termination.BLOCKED
    assert sum(game.outcome.scores) == 0


def test_row32_d14_a_player_holding_a_play_may_pass_once_the_stock_is_empty():
    """Row 32 (D14 says players who cannot play pass): the library lets a player holding a
    play pass too, as they could draw before the stock ran out (docs/profiles/pagat.rst);
    a full round of such passes still ends the round."""
    rest = " ".join(map(str, deck_minus(PAGAT, "r9 r10 r11 b1", "k1 k5")))
    game = rk.Game.from_position(
        PAGAT, racks=["r9 r10 r11 b1", "k1 k5", rest], stock="", opened=[True, True, True]
    )
    assert game.check(rk.Play("r9 r10 r11")).ok
    assert game.check(rk.Pass()).ok
    game = game.apply(rk.Pass()).apply(rk.Pass()).apply(rk.Pass())
    assert game.outcome is not None
    assert game.outcome.termination is rk.Termination.BLOCKED


def test_row32_d14_a_play_resets_the_count_of_passes():
    table = full_table("rbo") + ["k1 k2 k3 k4 k5 k6 k7 k8 k9 k10"] * 2
    game = rk.Game.from_position(
        PAGAT, table=table, racks=["k11 j", "k11 k12 k13 k12 k13 j"], stock="", opened=[True, True]
    )
    game = game.apply(rk.Pass())
    game = game.apply(rk.Play([*table[:-1], "k1 k2 k3 k4 k5 k6 k7 k8 k9 k10 k11"]))
    assert game.idle_turns == 0
    assert game.outcome is None


def test_row32_d14_rami_voleur_round_ends_with_no_winner_when_a_draw_finds_no_stock():
    hands = ["2h 3h", "Ks Qs"]
    game = rk.Game.from_position(RAMI, racks=hands, stock=deck_minus(RAMI, *hands))
    while game.stock_size:
        game = game.apply(rk.Draw()).apply(rk.Pass())
    assert game.phase is rk.Phase.DRAW
    ended = game.apply(rk.Draw())
    assert ended.outcome is not None
    assert ended.outcome.termination is rk.Termination.STOCK_EXHAUSTED
    assert ended.outcome.winners == ()
    assert all(score > 0 for score in ended.outcome.scores)


# -- views --------------------------------------------------------------------------------


def test_view_shows_own_rack_and_public_facts_only():
    game = rk.Game.new("pagat", 3, seed=9)
    view = game.view(1)
    assert view.rack == game.rack(1)
    assert view.rack_sizes == (14, 14, 14)
    assert view.stock_size == game.stock_size
    assert view.table == game.table
    assert view.phase is game.phase
    fields = {field.name for field in attrs.fields(rk.PlayerView)}
    assert "racks" not in fields
    assert "stock" not in fields
    shown = [getattr(view, name) for name in fields]
    assert not any(value in (game.rack(0), game.rack(2), game.stock) for value in shown)


def test_view_of_unknown_player():
    with pytest.raises(rk.InvalidArgument) as info:
        rk.Game.new("pagat", 2, seed=9).view(2)
    assert info.value.code == "unknown_player"


# -- reprs ----------------------------------------------------------------------------------


def test_reprs_of_games_and_views_are_short_and_name_the_empty_table():
    """Regression (issue 24): an empty table showed as ``table >``, and a view printed every
    field, racks and table in full."""
    game = rk.Game.new("pagat", 2, seed=9)
    assert repr(game) == (
        f"<Game 'pagat' turn 0, player {game.current_player} to play or draw, "
        "racks 14 14, stock 78, empty table>"
    )
    assert repr(game.view(0)) == (
        f"<PlayerView for player 0, 'pagat' turn 0, player {game.current_player} to play or "
        "draw, racks 14 14, stock 78, empty table>"
    )
    rami = rk.Game.new("rami_voleur", 2, seed=1)
    assert "to draw" in repr(rami)
    assert "to play or pass" in repr(rami.apply(rk.Draw()).view(0))


def test_a_long_table_is_cut_in_reprs():
    table = rk.TableState([rk.parse_meld("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13")] * 8)
    game = attrs.evolve(rk.Game.new("pagat", 4, seed=9), table=table)
    for shown in (repr(game), repr(game.view(2))):
        assert shown.endswith(
            "table: r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 | ... 7 more melds>"
        )
        assert len(shown) < 200
    short = attrs.evolve(game, table=rk.parse_table("r1 r2 r3 | b5 k5 o5"))
    assert repr(short).endswith("table: r1 r2 r3 | b5 k5 o5>")


def test_the_repr_of_an_ended_game_says_how_it_ended():
    game = position(PAGAT, ["r1 r2 r3", "k9"], opened=[True, True])
    over = game.apply(rk.Play("r1 r2 r3"))
    assert "over (went out)" in repr(over)
    assert "over (went out)" in repr(over.view(1))


def test_the_repr_of_a_view_built_by_hand_never_fails():
    view = rk.Game.new("pagat", 2, seed=9).view(0)
    odd = attrs.evolve(view, profile="pagat", table="r1 r2 r3", rack_sizes=[14], phase="x")
    assert repr(odd).startswith("<PlayerView for player 0, 'pagat'")


# -- regressions -----------------------------------------------------------------------------


def test_regression_an_unchanged_table_after_the_draw_is_a_pass_not_progress():
    # A round could go on forever: replaying the unchanged table counted as progress.
    house = attrs.evolve(RAMI, name="house", stock_end="play_until_blocked")
    game = rk.Game.from_position(
        house, racks=[house.deck[:54], house.deck[54:]], stock="", opened=[True, True]
    )
    game = game.apply(rk.Play(game.table))
    game = game.apply(rk.Play(game.table))
    assert game.outcome is not None
    assert game.outcome.termination is rk.Termination.BLOCKED


def test_regression_laying_nothing_does_not_open():
    free = attrs.evolve(RAMI, name="no_opening", opening_rule="none")
    game = rk.Game.new(free, 2, seed=1).apply(rk.Draw())
    player = game.current_player
    assert game.apply(rk.Play(game.table)).opened[player] is False
