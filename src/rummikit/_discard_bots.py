"""How the built-in bots play a draw-and-discard turn (standard rummy): what to draw, when
to lay melds, and which piece to discard.

A bot's strategy for the middle of the turn is its own (a function giving the table after
its best play for a rack, or None); the draw and the discard are the same for every bot
that plans (:func:`planned_turn`), and the random bot draws and discards at random
(:func:`random_turn`).

- **Draw.** Take the top discard when the best play with it lays it (it completes or extends
  a meld), else draw from the stock.
- **Play.** Lay the best play, if it lays anything.
- **Discard.** The most costly piece that helps nothing: a piece with no partner (another
  piece of its rank, or of its suit within two ranks, or a joker) is discarded before one
  with a partner, the most costly first; never the piece just taken. A lone piece is an
  old card a meld cannot use soon; keeping pairs and near runs keeps the hand's chances.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from rummikit.actions import Action, Discard, Draw, Play, TakeDiscard
from rummikit.game import Phase, PlayerView
from rummikit.moves import simple_plays
from rummikit.pieces import Tile, sort_tiles
from rummikit.profile import RuleProfile
from rummikit.table import TableState

__all__ = ["BestPlay", "discard_choice", "partners", "planned_turn", "random_turn"]

BestPlay = Callable[[PlayerView, tuple[Tile, ...]], TableState | None]
"""A bot's best play for a rack in a view: the table after it, or None."""


def planned_turn(view: PlayerView, best: BestPlay) -> Action:
    """The action of a planning bot (greedy, strategic) in a draw-and-discard turn."""
    if view.phase is Phase.DRAW:
        return TakeDiscard() if _wanted(view, best) else Draw()
    if view.phase is Phase.PLAY_OR_DISCARD:
        play = best(view, view.rack)
        if play is not None and _playable(view, play):
            return Play(play)
    return Discard(discard_choice(view.profile, view.rack, view.taken))


def random_turn(view: PlayerView, rng: random.Random) -> Action:
    """The action of the random bot: draw or take the discard at random, lay any simple
    play or none, discard any piece allowed."""
    if view.phase is Phase.DRAW:
        top = view.discards[-1] if view.discards else None
        takeable = top is not None and any(tile != top for tile in view.rack)
        return TakeDiscard() if takeable and rng.random() < 0.5 else Draw()
    if view.phase is Phase.PLAY_OR_DISCARD:
        opened = view.opened[view.player]
        plays = [
            play
            for play in simple_plays(view.profile, view.table, view.rack, opened)
            if _playable(view, play)
        ]
        if plays and rng.random() < 0.5:
            return Play(rng.choice(plays))
    allowed = [tile for tile in view.rack if tile != view.taken] or list(view.rack)
    return Discard(rng.choice(allowed))


def _playable(view: PlayerView, play: TableState) -> bool:
    """Whether ``play`` lays something and leaves a piece to discard (or none at all): the
    piece taken from the pile may not be the only one left."""
    left = Counter(view.rack) - (play.tiles - view.table.tiles)
    if left.total() == len(view.rack):
        return False
    return not left or any(tile != view.taken for tile in left)


def _wanted(view: PlayerView, best: BestPlay) -> bool:
    """Whether the top discard would be laid by the best play of the rack holding it."""
    if not view.discards:
        return False
    top = view.discards[-1]
    if all(tile == top for tile in view.rack):
        return False  # nothing could be discarded after it, unless all is laid off
    rack = tuple(sort_tiles((*view.rack, top)))
    play = best(view, rack)
    return play is not None and (play.tiles - view.table.tiles)[top] > 0


def partners(tile: Tile, rack: Sequence[Tile]) -> int:
    """How many other pieces of ``rack`` could join ``tile`` in a meld soon: a joker, a
    piece of its rank, or of its suit within two ranks."""
    if tile.is_joker:
        return len(rack) - 1
    count = -1  # the tile itself is in the rack
    for other in rack:
        if (
            other.is_joker
            or other.rank == tile.rank
            or (other.suit == tile.suit and abs(other.rank - tile.rank) <= 2)
        ):
            count += 1
    return count


def discard_choice(profile: RuleProfile, rack: Sequence[Tile], taken: Tile | None) -> Tile:
    """The piece to discard from ``rack``: the fewest partners first, then the most costly,
    then the last in sort order; never ``taken`` while another piece is held."""
    allowed = [tile for tile in sort_tiles(rack) if tile != taken] or list(rack)
    return min(
        reversed(allowed),
        key=lambda tile: (partners(tile, rack) > 0, -profile.piece_value(tile)),
    )
