"""The same seed gives the same games and the same report in any process: under other hash
seeds, and in a pool of fresh interpreters, byte for byte.

The games seat every built-in bot in every profile (:mod:`tests.simulation.replays`); the
records of the games (:func:`rummikit.dumps`) and the report's records and summary are
compared as text. The three ways of playing them run at once, to keep the test short.
"""

from __future__ import annotations

import json

import pytest

from tests.elsewhere import HASH_SEEDS, other_hash_seed, output, spawn_pool, start_python
from tests.simulation.replays import GAMES, hash_of_text, replay, report

Played = dict[str, object]
"""An interpreter's hash of a string, the records of :data:`GAMES` and the report."""


@pytest.fixture(scope="module")
def played() -> dict[str, list[Played]]:
    """The games and the report played here; in fresh interpreters, one per hash seed of
    :data:`~tests.elsewhere.HASH_SEEDS`; and in a pool of fresh interpreters (``spawn``)
    under yet another hash seed: the games one by one, the report through ``simulate``."""
    runs = [start_python(["-m", "tests.simulation.replays"], seed) for seed in HASH_SEEDS]
    with spawn_pool(other_hash_seed()) as pool:
        hashed = pool.submit(hash_of_text)
        games = [pool.submit(replay, game) for game in GAMES]
        here = {"hash": hash_of_text(), "games": [replay(game) for game in GAMES]}
        here["report"] = report()
        pooled = {
            "hash": hashed.result(),
            "games": [game.result() for game in games],
            "report": report(pool),
        }
    return {
        "here": [here],
        "other hash seeds": [json.loads(output(run)) for run in runs],
        "spawn pool": [pooled],
    }


@pytest.mark.parametrize("where", ["other hash seeds", "spawn pool"])
def test_seeded_games_and_a_report_are_the_same_in_other_processes(played, where):
    (here,) = played["here"]
    elsewhere = played[where]
    theirs = [out["hash"] for out in elsewhere]
    # the interpreters did hash strings otherwise (than here, than each other)
    assert len(set(theirs)) == len(theirs)
    assert {here["hash"]} != set(theirs)
    for out in elsewhere:
        assert out["games"] == here["games"]  # records, as text
        assert out["report"] == here["report"]
