"""The smallest simulation the tests ask for, and the quickest bot to play one."""

from __future__ import annotations

import random

from rummikit import bots as rb
from rummikit.actions import Action
from rummikit.game import PlayerView

ARGS = {"players": 2, "games": 1, "seed": 1}


class Idle:
    """A bot factory whose bots never lay a piece (they draw, then pass): a game between
    them takes a millisecond or two, where the built-in bots take a tenth of a second."""

    def __init__(self, rng: random.Random) -> None:
        del rng

    def choose(self, view: PlayerView) -> Action:
        return rb.no_play(view)


IDLE2 = (Idle, Idle)
"""Two idle seats."""
