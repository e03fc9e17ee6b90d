"""The judge's checked entry: :func:`check_turn` reads and checks its arguments, then judges.

Apart from :func:`~rummikit.judge._turn.judge_turn` so that the judge proper may be compiled
(the compiled build, :doc:`/solver`) while a wrong argument still gets the library's own
error, not the compiled code's ``TypeError``.
"""

from __future__ import annotations

import itertools

from rummikit import profiles
from rummikit.errors import InvalidArgument, brief
from rummikit.judge._turn import judge_turn
from rummikit.notation import TableLike, TilesLike, as_table, as_tiles
from rummikit.profile import RuleProfile
from rummikit.verdict import Verdict


def check_turn(
    profile: RuleProfile | str,
    before: TableLike,
    rack: TilesLike,
    after: TableLike,
    opened: bool,
) -> Verdict:
    """Judge one play: ``before`` and ``after`` are the tables, ``rack`` the player's rack
    (values or notation; the profile or its name).

    Every violation is reported, each with a stable code: ``table_tile_to_rack``,
    ``unknown_tile``, ``invalid_meld``, ``no_rack_tile``, ``rearrangement_forbidden``,
    ``initial_meld_uses_table``, ``initial_meld_below_threshold``,
    ``initial_meld_needs_pure_run``, ``joker_meld_frozen``,
    ``joker_replacement_not_from_rack`` and ``freed_joker_misplaced``.

    With ``joker_swap`` (standard rummy with jokers), a table joker may go to the hand in
    exchange for the natural it stands for, put in its place in the same meld; the jokers a
    turn so takes are :func:`swapped_jokers`.
    """
    profile = profiles.get(profile)
    before, rack, after = as_table(before), as_tiles(rack), as_table(after)
    if not isinstance(opened, bool):
        raise InvalidArgument("bad_opened", f"opened is True or False, not {brief(opened)}")
    profile.check_in_deck(itertools.chain(rack, *(meld.tiles for meld in before.melds)))
    profile.check_table(before, what="the table before the turn", deck_checked=True)
    return judge_turn(profile, before, rack, after, opened)
