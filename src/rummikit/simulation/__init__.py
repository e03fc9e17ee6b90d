"""Simulations: play many seeded games between bots and sum up what a rule profile does.

:func:`simulate` plays ``games`` rounds of each profile given, every seat played by a bot
(:mod:`rummikit.bots`), and returns a :class:`Report` per profile: how long games last, when
the first opening comes, how games end, who wins by seat, the score distribution and the
penalties taken. Each game is also kept as a :class:`GameResult`, exportable as records
(:meth:`Report.to_records`) or a pandas data frame (:meth:`Report.to_pandas`).

Reproducible by construction. Game ``i`` of every profile is dealt from a seed derived from
``seed`` and ``i`` alone, so two profiles are compared on the same seeds, and the bots of a
seat get a generator derived from the game's seed and the seat. Game ``i`` of every profile
is played before game ``i + 1``, a few games at a time (nothing is built ahead of them, so
that a run of a million games starts at once), and results are gathered in game order, so a
report is the same whether the games ran one after another or through any
:class:`concurrent.futures.Executor`:

* serially (``executor=None``, the default);
* on local processes::

      from concurrent.futures import ProcessPoolExecutor
      with ProcessPoolExecutor(max_workers=4) as pool:
          reports = rk.simulate(["online", "pagat"], games=2000, seed=1, executor=pool)

* on a Dask cluster (``pip install rummikit[dask]``)::

      from distributed import Client
      with Client("tcp://scheduler:8786") as client:      # or Client() for a local cluster
          report = rk.simulate("pagat", games=100_000, seed=1, executor=client.get_executor())

Only plain values travel to the workers (a copy of the profile, the seeds, bot names or
picklable bot factories), and each worker plays its games from scratch. ``out="runs.jsonl"``
(or ``.csv``) writes each game's record as it finishes.
"""

# The package, one idea a module, each importing only those listed before it: _estimate (an
# estimate with its confidence interval), _seats (the seeds and the bot of each seat), _play
# (one game and its GameResult), _figures (the figures read off each game), _report (Report
# and its Stats), _records (game records written to a file as they come), _run (many games,
# lazily, in game order, through an executor: play_games), _simulate (simulate, their
# consumer) and _compare (paired comparisons: Comparison, compare). BotSpec, MAX_GAMES and
# ProgressCallback are re-exported outside __all__, as the command line and hosts use them.

from __future__ import annotations

from rummikit import game as _game
from rummikit.simulation import _estimate
from rummikit.simulation._compare import Comparison, Difference, compare
from rummikit.simulation._estimate import (
    Estimate,
    mean_estimate,
    paired_share_estimate,
    share_estimate,
)
from rummikit.simulation._play import GameRecord, GameResult, play_game
from rummikit.simulation._report import Report, Stats
from rummikit.simulation._seats import BotSpec as BotSpec
from rummikit.simulation._seats import bot_rng, game_seed
from rummikit.simulation._simulate import MAX_GAMES as MAX_GAMES
from rummikit.simulation._simulate import ProgressCallback as ProgressCallback
from rummikit.simulation._simulate import simulate

__all__ = [
    "CONFIDENCE",
    "MAX_ACTIONS",
    "Comparison",
    "Difference",
    "Estimate",
    "GameRecord",
    "GameResult",
    "Report",
    "Stats",
    "bot_rng",
    "compare",
    "game_seed",
    "mean_estimate",
    "paired_share_estimate",
    "play_game",
    "share_estimate",
    "simulate",
]

CONFIDENCE = _estimate.CONFIDENCE
"""The confidence level of an :class:`Estimate`'s interval when none is given: 0.95."""

MAX_ACTIONS = _game.MAX_ACTIONS
"""The most actions one simulated game may take (:data:`rummikit.game.MAX_ACTIONS`); no legal
game comes near it."""
