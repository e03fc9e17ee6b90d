"""The solver's way in and out: a position and options checked, and the play found.

:func:`checked_position` and :func:`check_options` check what :func:`~rummikit.solve` and
the bots are given; :class:`Solution` is what they get back. :func:`_worth` scores rack
pieces under an objective and :func:`_opens` asks the judge whether a play opens.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import attrs

from rummikit import profiles as _profiles
from rummikit.errors import InvalidArgument, brief
from rummikit.judge import judge_turn
from rummikit.notation import TableLike, TilesLike, as_table, as_tiles
from rummikit.pieces import Tile
from rummikit.profile import RuleProfile
from rummikit.solver._budget import JUDGE_STEPS, JUDGED_PIECE_STEPS, Budget
from rummikit.table import TableState

Objective = Literal["tiles", "points"]
# what solve maximises, documented where rummikit.solver re-exports it (for the API page)


def _tiles_tuple(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    if isinstance(tiles, tuple | list) and all(isinstance(tile, Tile) for tile in tiles):
        return tuple(tiles)
    raise InvalidArgument(
        "bad_solution", f"a Solution's played pieces are a list of Tile, not {brief(tiles)}"
    )


@attrs.frozen
class Solution:
    """The best play found: the whole table after it and the rack pieces it places.

    ``score`` is the number of pieces placed (objective ``"tiles"``) or the penalty points
    they would have cost in hand (``"points"``). ``optimal`` is False when the search did
    not prove that no play scores more: a budget stopped it, or (under the stricter
    ``freed_joker`` variants) the judge refused a play found that scored more (see
    :doc:`/solver`).
    """

    table: TableState
    played: tuple[Tile, ...] = attrs.field(converter=_tiles_tuple)
    score: int
    optimal: bool = True

    def __attrs_post_init__(self) -> None:
        if not (
            isinstance(self.table, TableState)
            and type(self.score) is int
            and type(self.optimal) is bool
        ):
            raise InvalidArgument(
                "bad_solution",
                "a Solution holds a TableState, the pieces played, a whole-number score "
                "and whether it is optimal",
            )


def check_options(objective: object, budget: object, keep_table: object) -> Objective:
    """The objective, in lower case, once the options of :func:`solve` are checked; raises
    :class:`~rummikit.InvalidArgument` for a bad one (shared with the bots, which take the
    same options). The objective is read in any case, as option values are."""
    if not isinstance(objective, str) or objective.lower() not in ("tiles", "points"):
        raise InvalidArgument(
            "bad_objective", f"objective is 'tiles' or 'points', not {brief(objective)}"
        )
    if budget is not None and (type(budget) is not int or budget < 1):
        raise InvalidArgument(
            "bad_budget",
            f"budget is None or a whole number of search steps >= 1, not {brief(budget)}",
        )
    if not isinstance(keep_table, bool):
        raise InvalidArgument(
            "bad_keep_table", f"keep_table is True or False, not {brief(keep_table)}"
        )
    return "tiles" if objective.lower() == "tiles" else "points"


def _tiles_of_table(table: TableState) -> list[Tile]:
    """The tiles on ``table``, meld by meld (no multiset built: a tile hashes slowly)."""
    return [tile for meld in table.melds for tile in meld.tiles]


def checked_position(
    profile: RuleProfile | str, table: TableLike, rack: TilesLike, opened: bool
) -> tuple[RuleProfile, TableState, list[Tile]]:
    """The profile, table and rack of a position as values, checked: a registered profile,
    ``opened`` a bool, pieces of the deck (no more copies than it holds), valid melds.

    Shared by :func:`solve` and the bots, so that every way in takes the same input.
    """
    if not isinstance(profile, RuleProfile | str):
        raise InvalidArgument(
            "not_a_profile", f"profile is a RuleProfile or a profile name, not {brief(profile)}"
        )
    profile = _profiles.get(profile)
    if not isinstance(opened, bool):
        raise InvalidArgument("bad_opened", f"opened is True or False, not {brief(opened)}")
    before = as_table(table)
    pieces = as_tiles(rack)
    profile.check_in_deck([*_tiles_of_table(before), *pieces])
    profile.check_table(before, deck_checked=True)
    return profile, before, pieces


def _worth(profile: RuleProfile, tiles: Sequence[Tile], objective: str) -> int:
    """What playing ``tiles`` scores under ``objective``."""
    return len(tiles) if objective == "tiles" else sum(profile.piece_value(t) for t in tiles)


def _judged(
    budget: Budget,
    profile: RuleProfile,
    before: TableState,
    pieces: Sequence[Tile],
    after: TableState,
    opened: bool,
) -> bool:
    """Whether the judge accepts ``after`` as a play from ``pieces``: the solver's every
    call of the judge, charged to the solve's ``budget``
    (:data:`~rummikit.solver._budget.JUDGE_STEPS`, and
    :data:`~rummikit.solver._budget.JUDGED_PIECE_STEPS` a piece on the table). A play is
    always judged, even past the budget, so that none is returned unchecked; the searches
    that find plays are bounded. The position (``before`` and ``pieces``, or a part of
    them) was checked as the solve began, so the judge proper, :func:`judge_turn`, judges
    the play alone."""
    budget.spend(JUDGE_STEPS + JUDGED_PIECE_STEPS * sum(len(meld.tiles) for meld in after.melds))
    return judge_turn(profile, before, pieces, after, opened).ok


def _opens(
    budget: Budget, profile: RuleProfile, before: TableState, pieces: list[Tile], after: TableState
) -> bool:
    """Whether the judge accepts ``after`` as an opening play from ``pieces``."""
    return _judged(budget, profile, before, pieces, after, False)
