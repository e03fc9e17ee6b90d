"""Whole games played by random legal players under every profile: they end, keep every
tile and every meld valid, change nothing on an illegal action, and show each player only
what is theirs."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummikit as rk
from tests.helpers import ALL, all_tiles, play_out


@pytest.mark.parametrize("profile", ALL, ids=lambda p: p.name)
@pytest.mark.parametrize("players", [2, 4])
def test_random_games_end_and_never_lose_a_tile(profile, players):
    rng = random.Random(players)
    start = rk.Game.new(profile, players, seed=players * 7)
    deck = Counter(profile.deck)
    game = start
    for game in play_out(start, rng):
        assert all_tiles(game) == deck
        assert all(profile.is_valid_meld(meld) for meld in game.table)
    assert game.outcome is not None
    if profile.scoring is rk.Scoring.ZERO_SUM:
        assert sum(game.outcome.scores) == 0


# -- properties ------------------------------------------------------------------------------


PROFILES = [rk.profiles.get(name) for name in ("online", "pagat", "rami_voleur")]

games = st.builds(
    lambda profile, players, seed: rk.Game.new(profile, players, seed),
    st.sampled_from(PROFILES),
    st.integers(2, 4),
    st.integers(0, 2**32),
)


@settings(max_examples=12)
@given(games, st.randoms(use_true_random=False))
def test_random_games_keep_every_tile_keep_melds_valid_and_end(start, rng):
    deck = Counter(start.profile.deck)
    previous = game = start
    for game in play_out(start, rng):
        assert all_tiles(game) == deck
        assert all(game.profile.is_valid_meld(meld) for meld in game.table)
        assert game.history[:-1] == previous.history
        assert game.history[-1].player == previous.current_player
        previous = game
    assert game.outcome is not None
    assert game.phase is rk.Phase.OVER
    assert rk.loads(rk.dumps(game)) == game
    assert len(game.outcome.scores) == len(game.players)
    if game.profile.scoring is rk.Scoring.ZERO_SUM:
        assert sum(game.outcome.scores) == 0
    else:
        assert all(score >= 0 for score in game.outcome.scores)
        assert all(game.outcome.scores[w] == 0 for w in game.outcome.winners)


@settings(max_examples=10)
@given(games, st.randoms(use_true_random=False), st.data())
def test_illegal_actions_change_nothing(start, rng, data):
    steps = data.draw(st.integers(0, 40))
    game = start
    for _, later in zip(range(steps), play_out(start, rng), strict=False):
        game = later
    snapshot = attrs.evolve(game)
    wrong_player = (game.current_player + 1) % len(game.players)
    illegal = [
        rk.Draw(player=wrong_player),
        rk.Play(game.table),  # adds no rack tile (or comes before the mandatory draw)
        rk.Play([*game.table.melds, rk.Meld(rk.parse_tiles("j j j"))]),
    ]
    for action in illegal:
        if game.check(action).ok:
            continue
        with pytest.raises(rk.IllegalAction) as info:
            game.apply(action)
        assert info.value.codes == game.check(action).codes
        assert game == snapshot


@settings(max_examples=8)
@given(games, st.randoms(use_true_random=False))
def test_views_never_reveal_another_rack_or_the_stock(start, rng):
    for game in play_out(start, rng):
        for player in game.players:
            view = game.view(player)
            assert view.rack == game.rack(player)
            assert view.rack_sizes == tuple(len(rack) for rack in game.racks)
            public = attrs.asdict(view, recurse=False)
            hidden = [game.rack(p) for p in game.players if p != player and game.rack(p)]
            hidden.append(game.stock)
            assert not any(value in hidden for value in public.values() if value)
