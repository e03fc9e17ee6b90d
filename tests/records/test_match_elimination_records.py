"""Saved matches with eliminations (standard rummy's match, matrix row 36): the record
holds no lineups; replaying the rounds from the seed reproduces who left and when."""

from __future__ import annotations

import random

import pytest

import rummikit as rk
from rummikit import record
from tests.helpers import ONLINE, choose_action

ELIMINATION = ONLINE.evolve(
    name="online_elimination", match_rounds=None, match_target=30, match_elimination=True
)


def _match(seed: int, *, until_out: bool) -> rk.Match:
    """A four-player match with elimination, played at random: over, or stopped in the
    first round dealt to fewer players."""
    match = rk.Match.new(ELIMINATION, 4, seed=seed)
    rng = random.Random(seed)
    while not match.over and not (until_out and len(match.seats_in_play) < 4):
        match = match.apply(choose_action(match.game, rng))
    return match


@pytest.mark.parametrize("until_out", [True, False], ids=["in_play", "over"])
def test_a_match_with_eliminations_round_trips(until_out: bool) -> None:
    """Regression: a match record once saved the seats of the round in play as its number
    of players, so a match past an elimination replayed other deals."""
    match = _match(0, until_out=until_out)
    assert match.eliminated
    text = record.dumps(match)
    loaded = record.loads_match(text)
    assert loaded == match
    assert loaded.eliminated == match.eliminated
    assert loaded.seats_in_play == match.seats_in_play
    assert record.dumps(loaded) == text


def test_a_match_before_anyone_leaves_round_trips() -> None:
    match = rk.Match.new(ELIMINATION, 4, seed=0)
    assert record.loads_match(record.dumps(match)) == match
