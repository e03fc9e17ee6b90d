"""Standard rummy's matches (source 004, matrix row 36): under penalty scoring a player past
the cap (100) is out and the last player under it wins; under winner takes all the first to
the target wins. The deal passes left each hand (l. 24), past the players who are out.

The game does not deal standard rummy's discard pile yet, so these matches are played under
profiles the game knows, with the match options of standard rummy switched on.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummikit as rk
from rummikit.match import _next_first
from rummikit.profiles import STANDARD_RUMMY
from tests.helpers import ONLINE, RAMI, choose_action

ELIMINATION = ONLINE.evolve(
    name="online_elimination", match_rounds=None, match_target=30, match_elimination=True
)
"""Penalty scoring, a cap of 30 (rounds of random play often cost more), four players."""


def _played(profile: rk.RuleProfile, players: int, seed: int) -> tuple[rk.Match, list[int]]:
    """A match played out at random, and the player who started each round."""
    match = rk.Match.new(profile, players, seed=seed)
    rng = random.Random(seed)
    firsts = [match.seats_in_play[match.game.current_player]]
    while not match.over:
        rounds = len(match.rounds)
        match = match.apply(choose_action(match.game, rng))
        if len(match.rounds) > rounds and not match.over:
            firsts.append(match.seats_in_play[match.game.current_player])
    return match, firsts


def test_standard_rummy_matches_eliminate_past_100() -> None:
    # source 004 l. 44: "généralement 100 points = éliminé ; le dernier joueur en dessous gagne"
    assert STANDARD_RUMMY.match_elimination
    assert STANDARD_RUMMY.match_target == 100
    assert STANDARD_RUMMY.match_rounds is None


@settings(max_examples=8)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_players_past_the_cap_leave_and_the_last_one_under_wins(seed: int, players: int) -> None:
    match, firsts = _played(ELIMINATION, players, seed)
    totals = [0] * players
    lineup = tuple(range(players))
    out: list[int] = []
    first = firsts[0]
    for number, (outcome, seats) in enumerate(zip(match.rounds, match.round_seats, strict=True)):
        # each round is dealt to the players still under the cap, in their order
        assert seats == lineup
        assert len(outcome.scores) == len(seats)
        if number:
            first = firsts[number]
            assert first in seats
        for seat, points in enumerate(outcome.scores):
            totals[seats[seat]] += points
        left = [p for p in lineup if totals[p] > 30]  # "dépasse": more than the cap
        out.extend(left)
        lineup = tuple(p for p in lineup if p not in left)
    assert match.scores == tuple(totals)
    assert match.eliminated == tuple(out)
    assert match.seats_in_play == match.round_seats[-1]
    # the match ends once fewer than two players are left, not a round earlier
    assert len(lineup) <= 1
    assert all(len(seats) >= 2 for seats in match.round_seats)
    if lineup:
        assert match.winners == lineup
    else:  # the last round put every remaining player out: the lowest of them wins
        last = match.round_seats[-1]
        assert match.winners == tuple(p for p in last if totals[p] == min(totals[q] for q in last))
    assert match.check(rk.Draw()).codes == ("match_over",)


@settings(max_examples=8)
@given(seed=st.integers(0, 2**32))
def test_the_deal_passes_left_past_the_players_out(seed: int) -> None:
    # source 004 l. 24: "La donne tourne vers la gauche ... après chaque main", and l. 26 the
    # player on the dealer's left is dealt first and starts
    match, firsts = _played(ELIMINATION, 4, seed)
    for number in range(1, len(firsts)):
        before, after = match.round_seats[number - 1], match.round_seats[number]
        dealer = before[before.index(firsts[number - 1]) - 1]
        while True:
            dealer = (dealer + 1) % 4
            if dealer in after:
                break
        assert firsts[number] == after[(after.index(dealer) + 1) % len(after)]


@pytest.mark.parametrize(
    ("before", "first", "after", "starts"),
    [
        ((0, 1, 2, 3), 1, (0, 1, 2, 3), 2),  # no one out: one seat on
        ((0, 1, 2, 3), 1, (0, 2, 3), 3),  # the new dealer (1) is out: 2 deals, 3 starts
        ((0, 1, 2, 3), 1, (1, 2, 3), 2),  # the old dealer (0) is out: 1 deals, 2 starts
        ((0, 1, 2, 3), 0, (0, 2), 2),  # 3 dealt and is out: 0 deals, 2 starts
        ((0, 2, 3), 3, (0, 3), 0),  # 2 dealt and is out: 3 deals, 0 starts
    ],
)
def test_who_deals_and_starts_after_eliminations(
    before: tuple[int, ...], first: int, after: tuple[int, ...], starts: int
) -> None:
    dealer = before[before.index(first) - 1]
    following = [(dealer + step) % 4 for step in range(1, 5)]
    deals = next(p for p in following if p in after)
    assert _next_first(4, before, first, after) == after[(after.index(deals) + 1) % len(after)]
    assert _next_first(4, before, first, after) == starts


def test_a_round_left_with_one_player_cannot_be_dealt() -> None:
    match, _ = _played(ELIMINATION, 2, 5)
    assert match.over
    assert len(match.round_seats[-1]) == 2
    assert len(match.winners) == 1


def test_every_player_out_in_the_last_round_the_lowest_wins() -> None:
    # rami voleur's stock-out round has no winner: everybody pays, and all may pass the cap
    profile = RAMI.evolve(name="rami_elimination", match_elimination=True, match_target=60)
    for seed in range(40):
        match, _ = _played(profile, 4, seed)
        last = match.round_seats[-1]
        if set(last) <= set(match.eliminated) and len(last) > 1:
            break
    else:
        pytest.skip("no match ended with every remaining player out")
    low = min(match.scores[p] for p in last)
    assert match.winners == tuple(p for p in last if match.scores[p] == low)


def test_winner_takes_all_the_first_to_the_target_wins() -> None:
    # source 004 l. 45: "On joue jusqu'à ce que quelqu'un atteigne un objectif"
    profile = ONLINE.evolve(
        name="online_wta", scoring="winner_takes_all", match_rounds=None, match_target=150
    )
    for seed in range(3):
        match, firsts = _played(profile, 3, seed)
        totals = [0, 0, 0]
        for number, outcome in enumerate(match.rounds, start=1):
            assert all(points >= 0 for points in outcome.scores)
            totals = [t + s for t, s in zip(totals, outcome.scores, strict=True)]
            assert (max(totals) >= 150) == (number == len(match.rounds))
        assert match.scores == tuple(totals)
        assert match.winners == tuple(p for p in range(3) if totals[p] == max(totals))
        assert match.eliminated == ()
        assert firsts == [(firsts[0] + k) % 3 for k in range(len(firsts))]


def test_a_match_with_eliminations_keeps_its_players_numbers() -> None:
    match, _ = _played(ELIMINATION, 4, 0)
    assert match.players == (0, 1, 2, 3)
    assert len(match.scores) == 4
    assert match.eliminated


def test_a_match_built_with_an_outcome_of_the_wrong_size_is_refused() -> None:
    match, _ = _played(ELIMINATION, 4, 0)
    outcome = match.rounds[-1]
    wrong = rk.Outcome(outcome.termination, (), (0,) * 4)
    with pytest.raises(rk.InvalidArgument) as info:
        rk.Match(
            match.profile,
            match.seed,
            match.first_player,
            (*match.rounds[:-1], wrong),
            match.game,
            match.histories,
        )
    assert info.value.code == "not_a_match"
