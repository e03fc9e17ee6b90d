"""Matches (matrix row 36): rounds until the match ends, the first player rotating from
round to round, and the match's scores and winners."""

from __future__ import annotations

import random

import attrs

import rummikit as rk
from tests.helpers import PAGAT, RAMI, choose_action


def test_row36_match_plays_rounds_until_the_match_end_and_rotates_the_first_player():
    profile = attrs.evolve(PAGAT, match_rounds=3)
    match = rk.Match.new(profile, 3, seed=4)
    rng = random.Random(4)
    firsts = [match.game.current_player]
    rounds = 0
    while not match.over:
        match = match.apply(choose_action(match.game, rng))
        if len(match.rounds) > rounds:
            rounds = len(match.rounds)
            if not match.over:
                firsts.append(match.game.current_player)
    assert len(match.rounds) == 3
    assert firsts == [(firsts[0] + k) % 3 for k in range(3)]
    assert match.scores == tuple(sum(o.scores[s] for o in match.rounds) for s in range(3))
    assert sum(match.scores) == 0
    assert match.winners
    assert all(match.scores[w] == max(match.scores) for w in match.winners)
    assert match.check(rk.Draw()).codes == ("match_over",)


def test_row36_rami_voleur_match_ends_when_someone_reaches_100_fewest_points_wins():
    match = rk.Match.new(RAMI, 2, seed=8)
    rng = random.Random(8)
    while not match.over:
        match = match.apply(choose_action(match.game, rng))
    assert max(match.scores) >= 100
    assert all(match.scores[w] == min(match.scores) for w in match.winners)


def test_row36_zero_sum_match_ends_as_soon_as_a_score_reaches_the_target():
    profile = attrs.evolve(PAGAT, match_rounds=None, match_target=60)
    match = rk.Match.new(profile, 2, seed=11)
    rng = random.Random(11)
    while not match.over:
        match = match.apply(choose_action(match.game, rng))
    totals = [0, 0]
    for number, outcome in enumerate(match.rounds, start=1):
        totals = [t + s for t, s in zip(totals, outcome.scores, strict=True)]
        assert (max(totals) >= 60) == (number == len(match.rounds))  # not one round earlier
    assert match.scores == tuple(totals)
    assert len(match.rounds) >= 2
    assert all(match.scores[w] == max(match.scores) for w in match.winners)


def test_match_is_reproducible_from_its_seed():
    assert rk.Match.new("pagat", 2, seed=3) == rk.Match.new("pagat", 2, seed=3)
