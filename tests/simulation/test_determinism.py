"""The same seed gives the same games and the same report in any process: under other hash
seeds, and in a pool of fresh interpreters, byte for byte.

The games seat every built-in bot in every profile (:mod:`tests.simulation.replays`); the
records of the games (:func:`rummikit.dumps`) and the report's records are compared as text.
"""

from __future__ import annotations

import json

import pytest

from tests.elsewhere import HASH_SEEDS, other_hash_seed, run_python, spawn_pool
from tests.simulation.replays import GAMES, hash_of_text, replay, report


@pytest.fixture(scope="module")
def here() -> dict[str, object]:
    """The games and the report, played in this process."""
    return {"games": [replay(game) for game in GAMES], "report": report()}


def test_games_and_a_report_are_the_same_under_other_hash_seeds(here):
    outputs = [json.loads(out) for out in run_python(["-m", "tests.simulation.replays"])]
    assert len({out.pop("hash") for out in outputs}) == len(HASH_SEEDS)  # they did differ
    for out in outputs:
        assert out["games"] == here["games"]
        assert out["report"] == here["report"]


def test_a_pool_of_fresh_interpreters_plays_the_same_games_and_report(here, monkeypatch):
    with spawn_pool(monkeypatch, other_hash_seed()) as pool:
        assert pool.submit(hash_of_text).result() != hash_of_text()
        games = list(pool.map(replay, GAMES))
        found = report(pool)
    assert games == here["games"]
    assert found == here["report"]
