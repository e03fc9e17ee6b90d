"""Finding simple legal plays: new melds from the rack and single-tile lay-offs.

This is not the solver (which finds the best play, rearranging the whole table); it finds the
plays a beginner sees, quickly, and every play it returns has passed the turn judge. Random
players, tests and examples use it.
"""

from __future__ import annotations

from collections.abc import Iterator

from rummikit import profiles
from rummikit._moves import rack_melds_of, simple_plays_of
from rummikit.errors import InvalidArgument, brief
from rummikit.meld import Meld
from rummikit.notation import TableLike, TilesLike, as_table, as_tiles
from rummikit.profile import RuleProfile
from rummikit.table import TableState

__all__ = ["rack_melds", "simple_plays"]


def rack_melds(profile: RuleProfile | str, rack: TilesLike) -> list[Meld]:
    """Valid melds that can be made from ``rack`` alone: runs (with jokers in their gaps
    and at their ends, ace high where the profile has it) and groups (with as many jokers as
    fit, and a suit repeated where the profile allows it). The profile or its name; the
    rack as tiles or notation.

    The melds come in one fixed order, which depends on the rack's pieces but not on how
    they are listed, nor on the process: the runs suit by suit (in notation order), each
    by its lowest rank, shorter first; then the groups rank by rank, fewer naturals first,
    each size in the order of its pieces (:func:`~rummikit.pieces.sort_tiles`), fewer
    jokers first. Bots choose among them, so a seeded game plays the same everywhere."""
    return rack_melds_of(profiles.get(profile), as_tiles(rack))


def simple_plays(
    profile: RuleProfile | str, table: TableLike, rack: TilesLike, opened: bool
) -> Iterator[TableState]:
    """Legal plays made of new rack melds, plus single-tile lay-offs once opened (at once
    where the profile has no opening rule).

    Yields whole tables, each accepted by :meth:`RuleProfile.check_turn`, biggest first,
    in an order fixed by the table and the rack's pieces (not by how the rack is listed,
    nor by the process: see :func:`rack_melds`). The profile or its name; the table and the
    rack as values or notation. Bad arguments raise at the call, not at the first ``next``.
    """
    profile = profiles.get(profile)
    table = as_table(table)
    rack = as_tiles(rack)
    if not isinstance(opened, bool):
        raise InvalidArgument("bad_opened", f"opened is True or False, not {brief(opened)}")
    return simple_plays_of(profile, table, rack, opened)
