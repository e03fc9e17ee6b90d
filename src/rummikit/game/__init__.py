"""A round of play as an immutable value: deal, turns, penalties, the end and the scores.

``Game.new(profile, players=4, seed=7)`` deals; ``game.apply(action)`` returns the next game
or raises :class:`~rummikit.IllegalAction` and leaves the game as it was. The values a round
shows (its :class:`Phase`, its :class:`Outcome`, a :class:`PlayerView`) live in
``_values``, the start of a round (seeds, shuffles, the first player) in ``_setup``, and the
turns of draw-and-discard games in ``_discards``.
"""

from __future__ import annotations

from rummikit.game._game import Game
from rummikit.game._setup import MAX_ACTIONS as MAX_ACTIONS
from rummikit.game._setup import MAX_SEED_DIGITS as MAX_SEED_DIGITS
from rummikit.game._setup import SEED_LIMIT as SEED_LIMIT
from rummikit.game._setup import check_seed as check_seed
from rummikit.game._values import Outcome, Phase, PlayerView, Position, Termination

__all__ = ["Game", "Outcome", "Phase", "PlayerView", "Position", "Termination"]
