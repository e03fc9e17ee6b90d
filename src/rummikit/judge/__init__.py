"""The turn judge: is the table a player proposes at the end of a turn legal?

Only the final table is judged, never the path (see :ref:`turns-judge`). What moved is worked
out from multisets: the tiles played are the table after minus the table before. Copies of a
tile are the same value, so wherever several readings of a move are possible the judge takes
the one most favourable to the player; two tables listing the same melds in another order are
the same table.

The parts: the entry (:func:`check_turn` in ``_check``, and :func:`judge_turn` in ``_turn``
for a game's own sound position), what moved (``_common``), the opening rule within a turn
(``_opening``), profiles that only extend melds (``_extensions``, with ``_swaps`` for
standard rummy's joker swap and :func:`swapped_jokers`), and the frozen-joker rule
(``_jokers``, with ``_releases`` for freeing a joker).
"""

# judge_turn and codes_of serve games, which judge their own sound positions and count the
# pieces a play laid as the judge does; releases_in_order and replacements serve the solver,
# which asks the joker rule's questions of its plays
from rummikit.judge._check import check_turn
from rummikit.judge._common import codes_of as codes_of
from rummikit.judge._releases import releases_in_order as releases_in_order
from rummikit.judge._releases import replacements as replacements
from rummikit.judge._swaps import swapped_jokers
from rummikit.judge._turn import judge_turn as judge_turn

__all__ = ["check_turn", "swapped_jokers"]
