"""The exact solver: the best legal play for a table and a rack, under a rule profile.

:func:`solve` returns the play that places the most rack pieces (``objective="tiles"``) or
sheds the most penalty points (``objective="points"``, jokers at the profile's joker
penalty), as a :class:`Solution` whose table passes :meth:`rummikit.RuleProfile.check_turn`;
or None when no legal play places a piece.

How it works
------------

Two engines share the work, both exact dynamic programs over the values 1..13 (1..14 with
ace high) after van Rijn, Takes and Vis (2015).

**The fast core** (:mod:`rummikit.solver._fast`) answers the common questions: an opened
player on a table whose melds may all be rearranged (online and rami voleur always, pagat
while no table meld holds a joker), and the online opening (rack-only melds worth 30, jokers
at 0). Its state is one integer: per suit the sorted lengths of the open runs (capped at
three) and the jokers used (plus, with ace high, the aces owed to the top; in an opening,
the points so far). Each suit's moves at a value are cached across calls with dominated
ones dropped; the search is depth first, most rack pieces first, with a bound (every rack
piece still to come) and a memo per state of the most that can follow it. It runs the
values upward and downward in turn, with doubling shares of steps, and stops as soon as one
direction finishes: the two directions differ by orders of magnitude on some positions.
Ties are settled first by the rack alone: when rack-only melds reach the best score the
table is left as it was; otherwise, starting from the best play's table, each old meld the
play changed is put back, the largest first, when the new melds around it still split into
melds without its pieces (a small bounded search each).

**Openings followed by table play** (pagat's 30, rami voleur's tierce franche): the fast
core builds a good opening first (the best rack-only opening with jokers at 0, or each
tierce franche of the rack, then the rest of the rack played on the table). When it places
as much as the fast core's best play for a player already open, it is optimal (an opening
is also a play of an opened player). Otherwise an opening worth points is answered from the
rack's minimal openings (:mod:`rummikit.solver._openings`): each plus the open player's
best play with the rest of the rack. Failing that (too many of them, a tierce franche), the
general sweep below looks only for better plays.

**Frozen joker melds** (pagat, an opened player): the fast core's best play with every
joker free bounds every play, and is the answer when the judge accepts it; its best play
leaving the frozen melds alone is legal, and is the answer when it reaches that bound.
Otherwise each way of keeping or freeing the frozen melds is a case, which the fast core
answers first (frozen groups kept are laid aside, frozen runs kept are its kept runs,
which grow at their ends only); the general sweep takes a case only where the judge
refuses the fast core's play, looks only for better plays, and stops at the bound.

**The general sweep** handles everything else (those frozen cases, no rearranging, the
variant options, openings). Between two values its state holds, for each suit, the
multiset of runs still open, each by its length capped at the minimum meld length (a run
that long may close), plus the number of jokers used. At each value, each open run closes
(if long enough), takes a natural of its suit or takes a joker; new runs start with a
natural, possibly after leading jokers; what is left of the value's naturals must split into
groups, with jokers. Table pieces must all be used; rack pieces may stay. The open runs of a
suit are interned into a small integer and each step of one suit at one value from one such
state is cached across calls (per rule set), so most of the work is table look-ups.

The program is searched depth first, value by value, best gain first, with a memo of the
best score each state was reached with and a bound (what was gained plus every rack piece of
the values still to come); a branch that cannot beat the best play found is cut. The search
is complete, so the play it ends with is optimal.

Exact reductions keep the state space small:

* jokers are placed by the sweep only where a meld needs them: in a gap between naturals,
  or to make up the length of a run or a group; leading jokers only for a run that ends at
  the top value. Any play can be rewritten that way, the other jokers being spare; spare
  jokers are then added to finished melds (table jokers first, a freed joker never where it
  came from). If they do not all fit, the position is solved again with every joker placed
  by the sweep, which is exact without that argument;
* a complete run never closes where a new run of its suit starts with a natural, nor while
  a rack piece of its suit is left aside at that value; a rack piece is never left aside
  while a group of its value lacks its suit (each time the other choice is as good). The
  first two do not hold in a suit where a freed joker may not go back among its old meld's
  naturals (splitting them may be what lets it join a run), so there they are not applied.

Profile rules live in the state or around the program:

* **Ace high** (rami voleur): the sweep runs to 14, the aces of each suit are split at value
  1 between the low end and the top (the reserved ones are part of the state until 14), and
  a run holding the low ace may not reach 14, so no run turns the corner.
* **Jokers**: anywhere in a run (either end, several, never a run of jokers only, as every
  run starts with a natural) and in groups of any size; ``forbid_adjacent_jokers`` adds a bit
  per run.
* **Openings** (``opened=False``): where the table must stay untouched (online) the sweep
  runs over the rack alone with the opening value in the state (capped at the threshold,
  jokers at 0 or their value). Where the opening may be followed by table play in the same
  turn (pagat) the sweep runs two layers: the table's melds and the opening's rack-only melds,
  the latter counting toward the threshold. For rami voleur's tierce franche, each run of
  three naturals of one suit in a row on the rack is solved in turn as a block the sweep
  may grow at its ends (the run holding it); the best of them is the opening. Rack pieces
  that replaced the jokers of a released frozen run may be part of it.
* **Frozen joker melds** (pagat): each table meld holding a joker is either kept as a block
  that may only grow at its ends (runs) or take missing suits (groups), or released: the
  exact piece each joker stands for (either missing colour in a group of three, both with
  ``joker_group3_both_colours``) is played from the rack (or, with
  ``joker_replacement_from_table``, taken from the table, one piece per joker, from a
  frozen meld only once that meld is released: the releases must follow one another) and
  the meld's pieces rejoin the sweep. With two jokers in one meld, one may be released and
  the meld kept. A freed joker must be placed again, never in a meld holding every natural
  of the meld it left: runs carry a flag per freed joker for this and groups are split
  accordingly, so the rule is exact.
  A meld sharing a natural with another frozen meld may also be kept with every joker
  released: the other's freed joker may join it (the jokers of ``j b2 b3 | j b2 b3`` swap
  places with ``b1 b1`` played).
  Every choice of keep or release for the frozen melds is solved and the best kept. The
  judge checks every play that frees a joker: it refuses what the stricter ``freed_joker``
  variants (a new meld, with two rack pieces) forbid. A refused play is first split again
  another way (a few splits of its new melds' pieces, judged), which often puts the joker
  in a new meld; one still refused is dropped, and the
  answer flagged ``optimal=False`` if the refused play scored more (the sweep's best in its
  setup bounds that setup's legal plays); when every play found is refused, None comes back
  although a legal play may exist. Modelling those variants in the sweep would end that.
* **No rearranging** (``table_manipulation=False``): every table meld is a block, kept in
  place: a run grows at its ends (jokers included), a group takes missing suits and jokers.
* **Blocks and the aces**: the sweep cannot see a low ace that joins a run block from below
  while another run extends it above to the high ace. When the best play does that, the
  solve runs twice, the block refusing the low ace below in one and the high ace above in
  the other, and keeps the better (each legal play is in one of the two).
* **Ties** (in the general sweep) keep the table: the pieces of the melds the sweep changed
  are pooled and old melds taken back out while the rest still splits into melds (all at
  once, else one by one, a bounded number of tries); the pieces on the table, hence the
  score, do not change.

The budget counts steps of either engine (each way of taking one value's pieces from one
state). It stops the search once a play has been found (until then the fast core goes on
for up to four times the budget and the general sweep twenty), and the play is then flagged
``optimal=False``. A rack that plainly holds no opening (too few points, no tierce) is
answered at once, without a search.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from typing import Literal, cast

import attrs

from rummikit import profiles as _profiles
from rummikit.errors import InvalidArgument, brief
from rummikit.judge import releases_in_order, replacements
from rummikit.meld import Meld, MeldKind
from rummikit.notation import TableLike, TilesLike, as_table, as_tiles
from rummikit.options import (
    FreedJoker,
    JokerPolicy,
    OpeningJokerValue,
    OpeningRule,
)
from rummikit.pieces import JOKER, TILE_COLOURS, Tile, suits_of, tile_from_code
from rummikit.profile import RuleProfile
from rummikit.reading import MAX_RUN, MeldReading
from rummikit.solver import _fast, _fast_moves, _openings
from rummikit.solver._dp import FRestriction, MeldShape, groups_for
from rummikit.solver._search import (
    BLOCK_JOKER_SHIFT,
    GroupBlock,
    Problem,
    RunBlock,
    SweepResult,
    _glue_tables,
    search,
    search_proven,
)
from rummikit.table import TableState

__all__ = ["Objective", "Solution", "solve"]

Objective = Literal["tiles", "points"]
"""What :func:`solve` maximises: rack pieces placed, or penalty points shed."""


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


# ---------------------------------------------------------------------------------------
# input


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


# ---------------------------------------------------------------------------------------
# the pieces of one solve


@attrs.define
class _Setup:
    """A solve in the making: counts, blocks, freed jokers and what is already played."""

    profile: RuleProfile
    shape: MeldShape
    suits: tuple[object, ...]
    table: list[list[int]]
    rack: list[list[int]]
    table_jokers: int
    rack_jokers: int
    forced: list[Tile] = attrs.Factory(list)  # rack pieces played outside the sweep
    freed: list[FRestriction] = attrs.Factory(list)
    run_blocks: list[RunBlock] = attrs.Factory(list)
    run_block_tiles: list[tuple[Tile, ...]] = attrs.Factory(list)
    run_block_melds: list[Meld | None] = attrs.Factory(list)
    group_blocks: list[GroupBlock] = attrs.Factory(list)
    group_block_rooms: list[tuple[int, ...]] = attrs.Factory(list)
    group_block_tiles: list[tuple[Tile, ...]] = attrs.Factory(list)
    group_block_melds: list[Meld | None] = attrs.Factory(list)
    untouched: list[Meld] = attrs.Factory(list)  # table melds outside the sweep
    free_melds: list[Meld] = attrs.Factory(list)  # table melds inside the sweep
    tierce: tuple[Tile, ...] = ()  # the tierce franche laid as a run block, if any
    owed: list[tuple[Tile, bool]] = attrs.Factory(list)  # see _payments
    swept: list[Tile] = attrs.Factory(list)  # forced pieces that joined the sweep (_payments)
    replacing: list[tuple[int, int]] = attrs.Factory(list)  # sweep pieces standing for jokers
    # per frozen meld releasing jokers: the naturals it gives up, the table pieces it takes
    releases: list[tuple[Counter[Tile], Counter[Tile]]] = attrs.Factory(list)

    def copy(self) -> _Setup:
        return _Setup(
            self.profile,
            self.shape,
            self.suits,
            [list(row) for row in self.table],
            [list(row) for row in self.rack],
            self.table_jokers,
            self.rack_jokers,
            list(self.forced),
            list(self.freed),
            list(self.run_blocks),
            list(self.run_block_tiles),
            list(self.run_block_melds),
            list(self.group_blocks),
            list(self.group_block_rooms),
            list(self.group_block_tiles),
            list(self.group_block_melds),
            list(self.untouched),
            list(self.free_melds),
            self.tierce,
            list(self.owed),
            list(self.swept),
            list(self.replacing),
            list(self.releases),
        )

    def value_of(self, tile: Tile) -> tuple[int, int]:
        """(suit index, value) of a natural; the ace is value 1."""
        return self.suits.index(tile.suit), tile.rank

    def add_table(self, tiles: Sequence[Tile], sign: int = 1) -> None:
        for tile in tiles:
            if tile.suit is None:
                self.table_jokers += sign
            else:
                s, v = self.value_of(tile)
                self.table[s][v] += sign

    def take_from_rack(self, tile: Tile) -> bool:
        if tile.suit is None:
            if self.rack_jokers == 0:
                return False
            self.rack_jokers -= 1
            return True
        s, v = self.value_of(tile)
        if self.rack[s][v] == 0:
            return False
        self.rack[s][v] -= 1
        return True


def _shape_of(profile: RuleProfile) -> MeldShape:
    return MeldShape(
        nsuits=4,
        top=14 if profile.ace_high else 13,
        min_len=profile.min_meld_length,
        max_group=profile.max_group_size,
        distinct=profile.group_distinct_suits,
        forbid_adj=profile.forbid_adjacent_jokers,
        copies=profile.copies,
        ace_high=profile.ace_high,
    )


def _base_setup(profile: RuleProfile, rack: list[Tile]) -> _Setup:
    suits = tuple(suits_of(profile.piece_set))
    setup = _Setup(
        profile,
        _shape_of(profile),
        suits,
        [[0] * 15 for _ in range(4)],
        [[0] * 15 for _ in range(4)],
        0,
        0,
    )
    for tile in rack:
        if tile.suit is None:
            setup.rack_jokers += 1
        else:
            s, v = setup.value_of(tile)
            setup.rack[s][v] += 1
    return setup


# ---------------------------------------------------------------------------------------
# frozen joker melds


def _run_block(setup: _Setup, reading: MeldReading, layout: Sequence[Tile]) -> RunBlock:
    suit = setup.suits.index(reading.suit)
    return RunBlock(
        suit,
        reading.ranks[0],
        reading.ranks[-1],
        int(layout[0].suit is None),
        int(layout[-1].suit is None),
    )


def _keep(setup: _Setup, meld: Meld, reading: MeldReading, layout: tuple[Tile, ...]) -> None:
    """Keep ``meld`` as a block (``layout`` may hold released places filled)."""
    original = meld if layout == reading.layout else None
    if reading.kind is MeldKind.RUN:
        setup.run_blocks.append(_run_block(setup, reading, layout))
        setup.run_block_tiles.append(layout)
        setup.run_block_melds.append(original)
    else:
        naturals = [setup.suits.index(t.suit) for t in layout if t.suit is not None]
        value = reading.ranks[0]
        if setup.profile.group_distinct_suits:
            rooms = tuple(s for s in range(4) if s not in naturals)
        else:
            rooms = tuple(range(4))
        setup.group_blocks.append(
            GroupBlock(
                value, tuple(naturals), len(layout), not _frozen_group(setup.profile, layout)
            )
        )
        setup.group_block_rooms.append(rooms)
        setup.group_block_tiles.append(layout)
        setup.group_block_melds.append(original)


def _restriction(setup: _Setup, reading: MeldReading, block: int) -> FRestriction:
    naturals = [t for t in reading.layout if t.suit is not None]
    if reading.kind is MeldKind.RUN:
        suit = setup.suits.index(reading.suit)
        ranks = tuple(
            r for r, t in zip(reading.ranks, reading.layout, strict=True) if t.suit is not None
        )
        if len(ranks) == 1:
            return FRestriction(suit, ranks, ranks[0], (suit,), block)
        return FRestriction(suit, ranks, 0, (), block)
    suits = tuple(sorted(setup.suits.index(t.suit) for t in naturals))
    value = reading.ranks[0]
    if len(suits) == 1:
        return FRestriction(suits[0], (value,), value, suits, block)
    return FRestriction(-1, (), value, suits, block)


def _frozen_variants(setup: _Setup, frozen: list[tuple[Meld, MeldReading]]) -> list[_Setup]:
    """Every choice of keep, partial release or release for the frozen melds.

    A meld sharing a natural with another frozen meld may also have every joker released
    and still be kept as a block: the other meld's freed joker may then join it, a meld
    holding the naturals of the one it left besides those of the meld kept there (from
    ``j b2 b3 | j b2 b3`` with ``b1 b1``, ``b1 b2 b3 j | b1 b2 b3 j``: the jokers swap).
    """
    free = Counter(t for meld in setup.free_melds for t in meld.tiles)  # free from the start
    variants = [setup]
    for k, (meld, reading) in enumerate(frozen):
        grown: list[_Setup] = []
        joker_places = [i for i, t in enumerate(reading.layout) if t.suit is None]
        # released: every joker replaced (dissolved), or some (kept, the rest in place)
        counts = [(n, n == len(joker_places) and n > 0) for n in range(len(joker_places) + 1)]
        if joker_places and any(
            _shelters(reading, other) for j, (_, other) in enumerate(frozen) if j != k
        ):
            counts.append((len(joker_places), False))  # every joker replaced, the meld kept
        for base in variants:
            for count, dissolve in counts:
                for chosen in itertools.combinations(joker_places, count):
                    choice_lists = [replacements(setup.profile, reading, p) for p in chosen]
                    for picks in itertools.product(*choice_lists):
                        paid = [t for pick in picks for t in pick]
                        placed = dict(zip(chosen, picks, strict=True))
                        grown.extend(
                            variant
                            for variant, taken in _payments(base, paid, kept=not dissolve)
                            if _release(variant, meld, reading, placed, taken, dissolve)
                        )
        variants = grown
    # a frozen meld gives no piece up before its own jokers are replaced: the releases must
    # follow one another (no two melds freeing each other's jokers)
    return [
        variant
        for variant in variants
        if _settle(variant) and releases_in_order(free, variant.releases)
    ]


def _release(
    variant: _Setup,
    meld: Meld,
    reading: MeldReading,
    picks: dict[int, tuple[Tile, ...]],
    taken: Counter[Tile],
    dissolve: bool,
) -> bool:
    """Record a frozen meld with the jokers at ``picks`` (place: pieces) replaced: kept as
    a block, or dissolved into the sweep (its naturals become table pieces). False when
    the kept meld cannot hold the pieces (``joker_group3_both_colours``: both missing
    colours for each joker of ``j j k6`` make a group of five)."""
    if picks:  # a kept meld gives up nothing; a dissolved one its naturals
        gives = Counter(t for t in reading.layout if dissolve and t.suit is not None)
        variant.releases.append((gives, taken))
    if dissolve:
        variant.add_table([t for t in reading.layout if t.suit is not None])
        variant.free_melds.append(meld)
        for _ in picks:
            variant.freed.append(_restriction(variant, reading, -1))
        return True
    layout = list(reading.layout)
    for place, pick in picks.items():
        layout[place] = pick[0]
        layout.extend(pick[1:])  # a group: the other missing colours join it
    if reading.kind is MeldKind.GROUP:
        if len(layout) > variant.profile.max_group_size:
            return False
        suits = [t.suit for t in layout if t.suit is not None]
        if variant.profile.group_distinct_suits and len(set(suits)) < len(suits):
            return False  # two jokers replaced by the same piece: b2 b2 in j j o2 r2
    index = (
        len(variant.run_blocks) if reading.kind is MeldKind.RUN else -10 - len(variant.group_blocks)
    )
    _keep(variant, meld, reading, tuple(layout))
    for _ in picks:
        variant.freed.append(_restriction(variant, reading, index))
    return True


def _shelters(home: MeldReading, other: MeldReading) -> bool:
    """Whether the freed joker of ``other`` may join ``home`` kept in place where the sweep,
    ``home`` dissolved, would refuse it: a meld like ``home`` may hold every natural of
    ``other`` and the two share one, which then counts as ``home``'s."""
    naturals = [t for t in other.layout if t.suit is not None]
    if not set(naturals) & {t for t in home.layout if t.suit is not None}:
        return False
    if home.kind is MeldKind.RUN:
        return all(t.suit == home.suit for t in naturals)
    return all(t.rank == home.ranks[0] for t in naturals)


def _payments(
    setup: _Setup, tiles: list[Tile], *, kept: bool
) -> Iterator[tuple[_Setup, Counter[Tile]]]:
    """Every way to play the pieces that replace jokers: each from the rack, or from the
    table where allowed (a copy on the table now, or one a frozen meld released later
    gives up). Yields a copy of ``setup`` with the pieces paid, and the pieces taken from
    the table.

    In a kept meld the piece takes the joker's place in the block; in a released meld it
    joins the sweep like any table piece. Both sources are tried when both hold a copy:
    which one pays decides what is left for the rest of the play.
    """
    if not tiles:
        yield setup.copy(), Counter()
        return
    *rest, tile = tiles
    from_table = setup.profile.joker_replacement_from_table
    for paid, taken in _payments(setup, rest, kept=kept):
        s, v = paid.value_of(tile)
        if from_table:
            table = paid.copy()
            # one piece replaces one joker: those already standing for one are not free
            if table.table[s][v] - table.replacing.count((s, v)) > 0:
                if kept:
                    table.table[s][v] -= 1  # it moves from the sweep into the block
                else:
                    table.replacing.append((s, v))  # it stays in the sweep, where it replaced
            else:  # another frozen meld, released later, may hold it: settled by _settle
                table.owed.append((tile, kept))
            yield table, taken + Counter([tile])
        if paid.take_from_rack(tile):
            paid.forced.append(tile)
            if not kept:
                paid.table[s][v] += 1
                paid.swept.append(tile)
                paid.replacing.append((s, v))
            yield paid, taken


def _settle(setup: _Setup) -> bool:
    """Take the replacements :func:`_payments` owed from the table, now that every released
    frozen meld's pieces are on it; False when one is missing."""
    for tile, kept in setup.owed:
        s, v = setup.value_of(tile)
        if setup.table[s][v] - setup.replacing.count((s, v)) <= 0:
            return False
        if kept:
            setup.table[s][v] -= 1  # it moves from the sweep into the block
        else:
            setup.replacing.append((s, v))  # it stays in the sweep, where it replaced
    setup.owed = []
    return True


# ---------------------------------------------------------------------------------------
# problems


def _dead_pieces(setup: _Setup) -> list[list[int]]:
    """Rack counts without the pieces that fit in no meld, whatever the rest does.

    A piece is alive if the pieces available (table, rack and every joker) hold a run or a
    group containing it; dropping the others changes no play and tightens the search bound.
    """
    shape = setup.shape
    jokers = setup.table_jokers + setup.rack_jokers + len(setup.freed)
    rack = [list(row) for row in setup.rack]
    if setup.run_blocks or setup.group_blocks:
        return rack  # pieces may also join the kept blocks; keep them all
    length = shape.min_len
    changed = True
    while changed:
        changed = False
        for s in range(4):
            for v in range(1, 14):
                if rack[s][v] and not _alive(setup, rack, s, v, jokers, length):
                    rack[s][v] = 0
                    changed = True
    return rack


def _alive(setup: _Setup, rack: list[list[int]], s: int, v: int, jokers: int, length: int) -> bool:
    shape = setup.shape

    def available(suit: int, value: int) -> bool:
        value = 1 if value == 14 else value
        return setup.table[suit][value] + rack[suit][value] > 0

    if shape.distinct:
        others = sum(1 for t in range(4) if t != s and available(t, v))
    else:  # every copy of every suit may join the group
        others = sum(setup.table[t][v] + rack[t][v] for t in range(4)) - 1
    if min(others, shape.max_group - 1) + jokers >= length - 1:
        return True
    places = [v] + ([14] if shape.ace_high and v == 1 else [])
    for place in places:
        for low in range(max(1, place - length + 1), place + 1):
            high = low + length - 1
            if high > shape.top:
                break
            missing = sum(1 for p in range(low, high + 1) if p != place and not available(s, p))
            if missing <= jokers:
                return True
    return False


def _problem(
    setup: _Setup,
    objective: str,
    layers: int,
    acc_layer: int,
) -> Problem:
    profile = setup.profile
    weights = [0] * 15
    for v in range(1, 15):
        rank = v if v <= 13 else 1
        if objective == "tiles":
            weights[v] = 1
        else:
            weights[v] = profile.piece_value(Tile(setup.suits[0], rank))  # type: ignore[arg-type]
    joker_weight = 1 if objective == "tiles" else profile.piece_value(JOKER)
    need = max(1, profile.min_rack_tiles_per_play) - len(setup.forced)
    return Problem(
        shape=setup.shape,
        layers=layers,
        table=tuple(tuple(row) for row in setup.table),
        rack=tuple(tuple(row) for row in _dead_pieces(setup)),
        table_jokers=setup.table_jokers,
        rack_jokers=setup.rack_jokers,
        freed=tuple(setup.freed),
        weights=tuple(weights),
        joker_weight=joker_weight,
        acc_layer=acc_layer,
        acc_target=profile.opening_min_points if acc_layer >= 0 else 0,
        acc_jokers=profile.opening_joker_value is OpeningJokerValue.REPRESENTED,
        need=max(0, need),
        run_blocks=tuple(setup.run_blocks),
        group_blocks=tuple(setup.group_blocks),
        group_block_rooms=tuple(setup.group_block_rooms),
    )


# ---------------------------------------------------------------------------------------
# rebuilding melds


def _tile(setup: _Setup, s: int, v: int) -> Tile:
    return Tile(setup.suits[s], v if v <= 13 else 1)  # type: ignore[arg-type]


def _run_meld(tiles: list[Tile]) -> Meld:
    return Meld.read_as(tiles, MeldKind.RUN)


def _group_meld(tiles: list[Tile]) -> Meld:
    return Meld.read_as(tiles, MeldKind.GROUP)


@attrs.define
class _Run:
    code: int
    suit: int
    tiles: list[Tile]
    left_of: int = -1
    right_of: int = -1
    layer: int = 0


def _rebuild(setup: _Setup, problem: Problem, outcome: SweepResult) -> list[tuple[Meld, str]]:
    """The melds of the best final state, each tagged ``run``, ``group``, ``kept`` (a kept
    group), ``fixed`` (a frozen joker group, which takes no more joker) or ``pure`` (an
    opening meld made only of rack pieces)."""
    shape = problem.shape
    nsuits = shape.nsuits
    layers = problem.layers
    _gout, _gin, gout_blocks, gin_blocks = _glue_tables(problem)
    open_runs: list[list[_Run]] = [[] for _ in range(nsuits * layers)]
    closed: list[_Run] = []
    groups: list[tuple[Meld, str]] = []
    group_ext: dict[int, list[Tile]] = {}
    in_front: dict[int, list[Tile]] = {}  # jokers alone before a run block
    for v, step in zip(range(1, shape.top + 1), outcome.steps, strict=True):
        for s in range(nsuits):
            for layer in range(layers):
                option = step.options[s][layer]
                decisions, glue, gin, starts, _res, _x, _t, new_codes, lead = option.detail
                lane = layer * nsuits + s
                records = sorted(open_runs[lane], key=_code_of)
                kept: list[_Run] = []
                glue_iter = iter(glue)  # type: ignore[call-overload]
                for run, d in zip(records, decisions, strict=True):  # type: ignore[call-overload]
                    if d == "C":
                        closed.append(run)
                    elif d == "G":
                        slot = next(glue_iter)
                        run.left_of = gout_blocks[(s, v)][slot] if layer == 0 else -1
                        closed.append(run)
                    else:
                        run.tiles.append(_tile(setup, s, v) if d == "N" else JOKER)
                        kept.append(run)
                blocks_here = gin_blocks.get((s, v), ()) if layer == 0 else ()
                if layer == 0:
                    fronts = cast("tuple[tuple[int, int], ...]", lead)
                    for slot, (plain, freed) in enumerate(fronts):
                        if plain or freed:  # jokers alone in front of a block
                            count = plain + (1 if freed else 0)
                            in_front[gout_blocks[(s, v)][slot]] = [JOKER] * count
                for d, block in zip(gin, blocks_here, strict=False):  # type: ignore[call-overload]
                    if d is None:
                        continue
                    tile = _tile(setup, s, v) if d == "N" else JOKER
                    kept.append(_Run(0, s, [tile], right_of=block, layer=layer))
                for p, m in starts:  # type: ignore[attr-defined]
                    pre = p + m.bit_count()  # plain jokers, then freed ones
                    kept.append(_Run(0, s, [JOKER] * pre + [_tile(setup, s, v)], layer=layer))
                for run, code in zip(kept, new_codes, strict=True):  # type: ignore[call-overload]
                    run.code = code
                open_runs[lane] = kept
        # groups, per layer
        for layer in range(layers):
            counts = [step.options[s][layer].g for s in range(nsuits)]
            jokers, fmask, ext = step.groups[layer]
            if layer == 0 and ext:
                here = [
                    index for index, block in enumerate(problem.group_blocks) if block.value == v
                ]
                for index, mask in zip(here, ext, strict=True):
                    for s in range(nsuits):
                        if mask >> s & 1:
                            counts[s] -= 1
                            group_ext.setdefault(index, []).append(_tile(setup, s, v))
                    jokers_in = mask >> BLOCK_JOKER_SHIFT
                    group_ext.setdefault(index, []).extend([JOKER] * jokers_in)
            if not any(counts):
                continue
            fj = tuple(i for i in range(len(problem.freed)) if fmask >> i & 1)
            forbidden = tuple(
                problem.freed[i].group_suits if problem.freed[i].group_value == v else None
                for i in fj
            )
            partition = groups_for(shape, tuple(counts), jokers, fj, forbidden)
            assert partition is not None
            for suits, nj, fjs in partition:
                tiles = [_tile(setup, s, v) for s in suits] + [JOKER] * (nj + len(fjs))
                groups.append((_group_meld(tiles), "pure" if layer else "group"))
    for lane_runs in open_runs:
        closed.extend(lane_runs)
    melds: list[tuple[Meld, str]] = []
    left: dict[int, list[Tile]] = {}
    right: dict[int, list[Tile]] = {}
    for run in closed:
        if run.left_of >= 0:
            left[run.left_of] = run.tiles
        elif run.right_of >= 0:
            right[run.right_of] = run.tiles
        else:
            melds.append((_run_meld(run.tiles), "pure" if run.layer else "run"))
    for index, layout in enumerate(setup.run_block_tiles):
        original = setup.run_block_melds[index]
        below, above = left.get(index, in_front.get(index, [])), right.get(index, [])
        # what was joined to the block and makes a run by itself stays a run of its own: a
        # joker freed elsewhere may then lie in the block's other end (r2 j + r4 r5 j, and
        # r7 r8 r9 apart: together they would hold the r7 and r9 the joker left)
        if _run_alone(setup.profile, below):
            melds.append((_run_meld(below), "run"))
            below = []
        if _run_alone(setup.profile, above):
            melds.append((_run_meld(above), "run"))
            above = []
        if not below and not above and original:
            melds.append((original, "run"))
        else:
            melds.append((_run_meld([*below, *layout, *above]), "run"))
    for index, layout in enumerate(setup.group_block_tiles):
        original = setup.group_block_melds[index]
        extra = group_ext.get(index, [])
        # a frozen joker group takes no joker; any other kept group may (table play
        # forbidden: it may only grow)
        tag = "fixed" if _frozen_group(setup.profile, layout) else "kept"
        if not extra and original is not None:
            melds.append((original, tag))
        else:
            melds.append((_group_meld([*layout, *extra]), tag))
    melds.extend(groups)
    return melds


def _run_alone(profile: RuleProfile, tiles: list[Tile]) -> bool:
    """Whether ``tiles``, joined to a run block, make a valid run without it."""
    return len(tiles) >= profile.min_meld_length and profile.is_valid_meld(
        Meld(tuple(tiles), MeldKind.RUN)
    )


def _frozen_group(profile: RuleProfile, layout: Sequence[Tile]) -> bool:
    return profile.joker_policy is JokerPolicy.FROZEN and JOKER in layout


def _code_of(run: _Run) -> int:
    return run.code


def _absorb(
    setup: _Setup,
    before: TableState,
    melds: list[tuple[Meld, str]],
    freed_left: list[FRestriction],
    *,
    every_rack_joker: bool = True,
) -> list[Meld] | None:
    """Add the jokers the sweep left aside to finished melds; None if they do not all fit.

    Table jokers (and freed jokers, each away from the meld it left) must all be placed;
    rack jokers are placed too, as each adds to the score (without ``every_rack_joker``,
    those that do not fit stay on the rack).
    """
    profile = setup.profile
    # an opening meld's jokers (``pure``) are the rack's: the table's go elsewhere
    pure = sum(m.tiles.count(JOKER) for m, tag in melds if tag == "pure")
    # (less the rack jokers laid in a tierce's block, see _tierce_windows)
    placed = (
        sum(m.tiles.count(JOKER) for m, tag in melds if tag != "pure")
        + sum(m.tiles.count(JOKER) for m in setup.untouched)
        - setup.forced.count(JOKER)
    )
    on_table = sum(m.tiles.count(JOKER) for m in before.melds)
    mandatory = max(0, on_table - placed)
    optional = setup.rack_jokers - pure - max(0, placed - on_table)
    if mandatory == 0 and optional == 0:
        return [m for m, _tag in melds]
    if optional < 0:
        return None
    old_keys = Counter(m.key for m in before.melds)
    # runs in layout order (a kept meld keeps the order it was given in): jokers join at ends
    work: list[list[object]] = [[_in_order(profile, m), m.kind, tag, m] for m, tag in melds]
    # new melds first, so that old melds are disturbed only when needed
    order = sorted(range(len(work)), key=lambda i: (melds[i][0].key in old_keys, i))
    restricted = list(freed_left)
    plain_mandatory = mandatory - len(restricted)
    if plain_mandatory < 0:
        return None
    # under the stricter variants a freed joker goes into a new meld: one holding every
    # tile of no old meld (the judge has the last word on the rest of those rules)
    olds = (
        []
        if profile.freed_joker is FreedJoker.ANYWHERE
        else [Counter(m.tiles) for m in before.melds]
    )
    for restriction in restricted:
        if not _place_joker(setup, work, order, restriction, table_joker=True, olds=olds):
            return None
    for _ in range(plain_mandatory):
        if not _place_joker(setup, work, order, None, table_joker=True):
            return None
    for _ in range(optional):
        if not _place_joker(setup, work, order, None, table_joker=False):
            if every_rack_joker:
                return None
            break
    result = []
    for tiles, kind, _tag, original in work:
        assert isinstance(tiles, list)
        assert isinstance(original, Meld)
        if tiles == _in_order(profile, original):
            result.append(original)
        elif (
            kind is MeldKind.GROUP
            or _tag in ("group", "fixed", "kept")
            or (_tag == "pure" and profile.read_meld(original).kind is MeldKind.GROUP)
        ):
            result.append(_group_meld(tiles))
        else:
            result.append(_run_meld(tiles))
    return result


def _in_order(profile: RuleProfile, meld: Meld) -> list[Tile]:
    """The tiles of ``meld``, a run's in layout order (low to high)."""
    reading = profile.read_meld(meld)
    return list(reading.layout if reading.kind is MeldKind.RUN else meld.tiles)


def _holds_all(setup: _Setup, tiles: list[Tile], restriction: FRestriction) -> bool:
    """Whether ``tiles`` hold every natural of the meld a freed joker left."""
    present = {setup.value_of(t) for t in tiles if t.suit is not None}
    # a high ace stands at 14 in a run's ranks; a piece is 1 here (the same ace)
    run_held = (
        restriction.run_suit >= 0
        and bool(restriction.ranks)
        and all(
            (restriction.run_suit, 1 if r == _fast_moves.ACE_HIGH_TOP else r) in present
            for r in restriction.ranks
        )
    )
    group_held = (
        bool(restriction.group_value)
        and bool(restriction.group_suits)
        and all((s, restriction.group_value) in present for s in restriction.group_suits)
    )
    return run_held or group_held


def _place_joker(
    setup: _Setup,
    work: list[list[object]],
    order: list[int],
    restriction: FRestriction | None,
    table_joker: bool,
    olds: Sequence[Counter[Tile]] = (),
) -> bool:
    """Add one joker to the first meld of ``work`` (in ``order``) that takes it; False when
    none does. A freed joker (``restriction``) avoids melds holding every natural of the
    meld it left and, with ``olds``, melds holding every tile of an old meld (stricter than
    the judge, which counts a twin of an old meld left unchanged as new: the sweep then
    places the joker itself)."""
    profile = setup.profile
    for index in order:
        tiles, _kind, tag, original = work[index]
        assert isinstance(tiles, list)
        assert isinstance(original, Meld)
        if tag == "fixed" or (tag == "pure" and table_joker):
            continue
        if restriction is not None and _holds_all(setup, tiles, restriction):
            continue
        if olds and any(not old - Counter(tiles) for old in olds):
            continue  # not a new meld
        reading = profile.read_meld(original)
        if reading.kind is MeldKind.GROUP:
            if len(tiles) < profile.max_group_size:
                tiles.append(JOKER)
                return True
            continue
        grown = _grow_run(profile, tiles, reading)
        if grown is not None:
            work[index][0] = grown
            return True
    return False


def _grow_run(profile: RuleProfile, tiles: list[Tile], reading: MeldReading) -> list[Tile] | None:
    """``tiles`` (a run in layout order: ``reading``'s layout with jokers added at its ends)
    with one more joker at an end, if it fits."""
    if len(tiles) >= 13:
        return None
    below = _leading_jokers(tiles) - _leading_jokers(reading.layout)
    above = len(tiles) - len(reading.layout) - below
    lo = reading.ranks[0] - below
    hi = reading.ranks[-1] + above
    top = 14 if profile.ace_high else 13
    high_limit = 13 if lo == 1 else top
    low_limit = 2 if hi == 14 else 1
    adjacent = profile.forbid_adjacent_jokers
    if hi < high_limit and not (adjacent and tiles[-1].suit is None):
        return [*tiles, JOKER]
    if lo > low_limit and not (adjacent and tiles[0].suit is None):
        return [JOKER, *tiles]
    return None


def _leading_jokers(tiles: Sequence[Tile]) -> int:
    count = 0
    for tile in tiles:
        if tile.suit is not None:
            break
        count += 1
    return count


# ---------------------------------------------------------------------------------------
# the solve


def _modes(profile: RuleProfile, opened: bool) -> tuple[bool, int, int, bool]:
    """(rack only, layers, opening layer, tierce) for this profile and opening state."""
    rule = profile.opening_rule
    if opened or rule is OpeningRule.NONE:
        return False, 1, -1, False
    if rule is OpeningRule.POINTS:
        if not profile.opening_table_play:
            return True, 1, 0, False
        return False, 2, 1, False
    return (not profile.opening_table_play), 1, -1, True


def _candidates(
    profile: RuleProfile, before: TableState, pieces: list[Tile], opened: bool
) -> tuple[list[_Setup], int, int]:
    """The setups to solve (frozen melds kept or freed, each tierce franche laid), the
    layers of the sweep and the layer counting toward an opening (-1: none)."""
    rack_only, layers, acc_layer, tierce = _modes(profile, opened)
    setup = _base_setup(profile, pieces)
    if rack_only:
        setup.untouched = list(before.melds)
        setups = [setup]
    else:
        frozen: list[tuple[Meld, MeldReading]] = []
        for meld in before.melds:
            reading = profile.read_meld(meld)
            if not profile.table_manipulation:
                _keep(setup, meld, reading, reading.layout)
            elif profile.joker_policy is JokerPolicy.FROZEN and reading.jokers:
                frozen.append((meld, reading))
            else:
                setup.add_table(meld.tiles)
                setup.free_melds.append(meld)
        setups = _frozen_variants(setup, frozen) if frozen else [setup]
    if tierce:
        setups = [laid for base in setups for laid in _tierce_setups(base, pieces)]
    return setups, layers, acc_layer


def _tierce_setups(setup: _Setup, pieces: list[Tile]) -> Iterator[_Setup]:
    """``setup`` with each tierce franche of the rack laid as a run block.

    An opening by a tierce franche holds three naturals of one suit in a row from the rack
    in one run: a block of them, which the sweep may grow at its ends, is that run. One
    solve per tierce is much faster than tracking rack pieces in a row in every open run.
    Where melds are longer than three, the block is each run of the shortest length holding
    the tierce (:func:`_tierce_windows`): the opening run holds one of them.
    """
    profile = setup.profile
    for run in _tierces(profile, pieces):
        taken = setup.copy()
        if not all(_take_for_tierce(taken, tile) for tile in run):
            continue
        for layout, extra in _tierce_windows(profile, run):
            for sources in itertools.product((True, False), repeat=len(extra)):
                laid = taken.copy()
                if not all(
                    _take_extra(laid, tile, from_rack)
                    for tile, from_rack in zip(extra, sources, strict=True)
                ):
                    continue
                meld = Meld(layout)
                _keep(laid, meld, profile.read_meld(meld), layout)
                laid.tierce = tuple(run)
                yield laid


def _tierce_windows(
    profile: RuleProfile, run: list[Tile]
) -> list[tuple[tuple[Tile, ...], tuple[Tile, ...]]]:
    """The runs of ``profile.min_meld_length`` pieces holding the tierce ``run``, each with
    the pieces it adds (a natural or a joker in each added place): the tierce alone where
    three pieces make a meld."""
    extra_places = profile.min_meld_length - len(run)
    if extra_places <= 0:
        return [(tuple(run), ())]
    suit = run[0].suit
    low = run[0].rank
    top = 14 if profile.ace_high else 13
    found = []
    for start in range(low - extra_places, low + 1):
        ranks = range(start, start + profile.min_meld_length)
        if start < 1 or ranks[-1] > top:
            continue
        added = [r for r in ranks if not low <= r < low + len(run)]
        for fills in itertools.product((False, True), repeat=len(added)):
            chosen = dict(zip(added, fills, strict=True))
            layout = tuple(
                JOKER if chosen.get(r) else _natural(suit, 1 if r == 14 else r) for r in ranks
            )
            if profile.is_valid_meld(layout):
                found.append((layout, tuple(layout[r - start] for r in added)))
    return found


def _take_extra(setup: _Setup, tile: Tile, from_rack: bool) -> bool:
    """Take ``tile`` into a tierce's block beyond the tierce: from the rack (a piece
    played) or from the sweep's table pieces."""
    if from_rack:
        if not setup.take_from_rack(tile):
            return False
        setup.forced.append(tile)
        return True
    if tile.suit is None:
        if setup.table_jokers <= 0:
            return False
        setup.table_jokers -= 1
        return True
    s, v = setup.value_of(tile)
    if setup.table[s][v] <= setup.replacing.count((s, v)):
        return False
    setup.table[s][v] -= 1
    return True


def _take_for_tierce(setup: _Setup, tile: Tile) -> bool:
    """Take ``tile`` from the rack into a tierce franche's block. A rack piece already
    played to replace a joker of a released meld may be one of the tierce's too: that
    meld's run is then the tierce's (from ``r3 j j r6`` with ``r4 r5 r6 b6``, the
    replacements r4 r5 and the r6 make ``r3 r4 r5 r6``, the table's r6 going elsewhere)."""
    if setup.take_from_rack(tile):
        setup.forced.append(tile)
        return True
    if tile in setup.swept:
        s, v = setup.value_of(tile)
        setup.swept.remove(tile)
        setup.replacing.remove((s, v))
        setup.table[s][v] -= 1  # it moves from the sweep into the block
        return True
    return False


def solve(
    profile: RuleProfile | str,
    table: TableLike,
    rack: TilesLike,
    *,
    opened: bool,
    objective: Objective = "tiles",
    budget: int | None = None,
    keep_table: bool = True,
) -> Solution | None:
    """The best legal play on ``table`` with ``rack`` under ``profile``, or None.

    ``profile`` is a :class:`~rummikit.RuleProfile` or a registered name; ``table`` and
    ``rack`` are values or notation (``"r7 r8 r9 | b5 k5 o5"``, ``"r10 j k3"``). ``opened``
    says whether the player has already opened; if not, the play must be an opening by the
    profile's rule. It has no default, as in :meth:`~rummikit.RuleProfile.check_turn`: a
    hint computed for an opened player can be illegal for one who has not. ``objective`` is
    ``"tiles"`` (most rack pieces placed) or ``"points"`` (most penalty points shed, jokers
    at the profile's joker penalty). ``budget`` bounds the search, in steps (see
    :doc:`/solver`); when it runs out the best play found is returned with
    ``optimal=False``. Without a budget, None means that no legal play exists; with one,
    that none was found (the search looks a few times the budget for a first play before it
    gives up), so a play may still exist. Where a play frees a joker, None may also mean
    that every play found was refused by the judge (see :doc:`/solver`). Between equally
    good plays, ``keep_table=True`` (the default) picks one that leaves as much of the table
    as it was as it cheaply can (see :doc:`/solver`); ``keep_table=False`` skips that step
    and returns the first best play found, which may rearrange more of the table: faster,
    and all a bot needs.

    Raises :class:`~rummikit.InvalidArgument` (or a notation error) for bad input.
    """
    profile, before, pieces = checked_position(profile, table, rack, opened)
    objective = check_options(objective, budget, keep_table)
    return solve_checked(
        profile,
        before,
        pieces,
        opened=opened,
        objective=objective,
        budget=budget,
        keep_table=keep_table,
    )


def solve_checked(
    profile: RuleProfile,
    before: TableState,
    pieces: Sequence[Tile],
    *,
    opened: bool,
    objective: str,
    budget: int | None,
    keep_table: bool,
) -> Solution | None:
    """:func:`solve` for a position :func:`checked_position` accepted, with valid options:
    the bots' way in, which does not check a position twice."""
    profile = _profile_in_play(profile, before, pieces)
    found = _solve_position(profile, before, pieces, opened, objective, budget, keep_table)
    if found is None and objective == "points" and profile.joker_penalty == 0 and JOKER in pieces:
        # jokers worth nothing: a play may shed no points and still be a play; the one
        # laying the most pieces is then as good as any
        found = _solve_position(profile, before, pieces, opened, "tiles", budget, keep_table)
        if found is not None:
            found = attrs.evolve(found, score=_worth(profile, found.played, objective))
    return found


def _profile_in_play(
    profile: RuleProfile, before: TableState, pieces: Sequence[Tile]
) -> RuleProfile:
    """``profile`` as far as the pieces in play can tell, where only what is out of play kept
    the fast core out: a deck with more jokers than its state holds (a house rule with
    five) counts those in play, and a house rule forbidding jokers side by side means
    nothing with one joker in play. Nothing else the solver or the judge reads changes."""
    extra = profile.copies + profile.jokers > _fast_moves.MAX_RUNS
    if not extra and not profile.forbid_adjacent_jokers:
        return profile
    in_play = sum(1 for tile in pieces if tile.suit is None) + sum(
        meld.tiles.count(JOKER) for meld in before.melds
    )
    changes: list[tuple[str, object]] = []
    if extra and in_play < profile.jokers:
        changes.append(("jokers", in_play))
    if profile.forbid_adjacent_jokers and in_play <= 1:
        changes.append(("forbid_adjacent_jokers", False))
    return _evolved(profile, tuple(changes)) if changes else profile


@lru_cache(maxsize=32)
def _evolved(profile: RuleProfile, changes: tuple[tuple[str, object], ...]) -> RuleProfile:
    """``profile`` with ``changes`` (option, value), built once."""
    return profile.evolve(**dict(changes))


def _solve_position(
    profile: RuleProfile,
    before: TableState,
    pieces: Sequence[Tile],
    opened: bool,
    objective: str,
    budget: int | None,
    keep_table: bool,
) -> Solution | None:
    """The best play by whichever search the position needs; the fast core leaves out
    plays worth nothing (see :func:`solve_checked`)."""
    pieces = list(pieces)
    if not opened and _cannot_open(profile, pieces):
        return None
    if not opened and _plain_opening(profile):
        return _solve_opening(profile, before, pieces, objective, budget)
    if _plain(profile, before, opened):
        try:
            return _solve_plain(profile, before, pieces, objective, budget, keep_table=keep_table)
        except _TooLong:
            pass  # rare: the general search knows runs of 14 are not melds
    elif opened and profile.min_rack_tiles_per_play > 1:
        # a house rule asking more rack pieces a play: the best play without it is the
        # answer when it places enough (on a free table, none at all means none with it)
        anyhow = _evolved(profile, (("min_rack_tiles_per_play", 1),))
        if _plain(anyhow, TableState(()), True):
            found = _solve_position(anyhow, before, pieces, True, objective, budget, keep_table)
            if (
                found is not None
                and (found.optimal or budget is not None)  # a budget is spent once
                and len(found.played) >= profile.min_rack_tiles_per_play
            ):
                return found
            if found is None and budget is None and _plain(anyhow, before, True):
                return None
    guess: Solution | None = None
    ceiling: int | None = None
    frozen = (
        opened
        and profile.joker_policy is JokerPolicy.FROZEN
        and any(JOKER in meld.tiles for meld in before.melds)
        and _plain(profile, TableState(()), True)
    )
    if frozen:
        # only pagat's frozen joker melds keep the fast core out: it bounds the play
        guess, ceiling = _frozen_bounds(profile, before, pieces, objective, budget, keep_table)
    elif not opened and _plain(profile, TableState(()), True):
        guess, ceiling = _opening_guess(profile, before, pieces, objective, budget, keep_table)
    if (guess is not None and guess.optimal) or ceiling == 0:
        return guess
    if not opened and budget is None and ceiling is not None:
        answered, best = _by_minimal_openings(
            profile, before, pieces, objective, keep_table, guess, ceiling
        )
        if answered:
            return best
    if not opened:
        answered, best = _by_tierces(
            profile, before, pieces, objective, budget, keep_table, guess, ceiling
        )
        if answered:
            return best
    found = _solve_general(
        profile, before, pieces, opened, objective, budget, guess, keep_table, ceiling=ceiling
    )
    if guess is not None and (found is None or found.score <= guess.score):
        if frozen and keep_table:  # the guess's table was not tidied (see _frozen_bounds)
            guess = _frozen_left(profile, before, pieces, objective, budget, True) or guess
        return attrs.evolve(guess, optimal=budget is None and (found is None or found.optimal))
    return found


def _solve_general(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    opened: bool,
    objective: str,
    budget: int | None,
    guess: Solution | None,
    keep_table: bool,
    fast: bool = True,
    ceiling: int | None = None,
) -> Solution | None:
    """The sweep for every rule the fast core does not know; with a ``guess``, only plays
    scoring more than it are looked for (None when there is none; the guess, flagged not
    optimal, when plays the sweep found were dropped for a stricter ``freed_joker`` variant
    and none was left). A ``ceiling`` (no play scores more) ends the search as soon as a
    play reaches it.

    Each setup (which frozen jokers are freed, and how) after the first looks only for plays
    beating the best found so far. With ``fast``, an opened player's setups go to the fast
    core first (:func:`_core_answers`: its frozen groups laid aside, its kept frozen runs
    as the core's kept runs); where the judge refuses that play, the fast core's score
    still bounds the setup's sweep.
    """
    setups, layers, acc_layer = _candidates(profile, before, pieces, opened)
    # setups the fast core answers come first, then those freeing most jokers (they place
    # the most pieces): their best play is then the score to beat
    quick_first = sorted(
        ((fast and opened and _core_answers(profile, setup, acc_layer), setup) for setup in setups),
        key=lambda pair: (not pair[0], -len(pair[1].freed)),
    )
    best: tuple[int, Solution] | None = None
    spent = 0
    inexact = False
    dropped = 0  # the best score of the plays the judge refused
    for in_core, setup in quick_first:
        if ceiling is not None and best is not None and best[0] >= ceiling:
            break
        left = None if budget is None else max(1, budget - spent)
        top_score = ceiling  # no play of this setup scores more
        known = max(
            (found.score for found in (guess, None if best is None else best[1]) if found),
            default=None,
        )
        if in_core:
            answered, quick, most = _solve_in_core(
                profile, before, pieces, setup, objective, left, keep_table, known
            )
            if answered:
                if quick is not None and (best is None or quick.score > best[0]):
                    best = (quick.score, quick)
                if quick is not None and not quick.optimal:
                    inexact = True  # the budget cut that search short
                continue
            if most is not None:  # the fast core's wider problem bounds the setup
                top_score = most if top_score is None else min(top_score, most)
        problem = _problem(setup, objective, layers, acc_layer)
        # where jokers count their value toward an opening, a spare joker may be what
        # reaches the threshold: place every joker in the sweep
        essential = not (acc_layer >= 0 and problem.acc_jokers)
        # the sweep leaves out the pieces played to free jokers, and in the essential mode
        # the rack jokers' worth
        unseen = _worth(profile, setup.forced, objective)
        spare = problem.joker_weight * problem.rack_jokers if essential else 0
        lower = None if known is None else known - unseen - spare
        cap = None if top_score is None else top_score - unseen - spare
        outcome, problem, proven = _search_one_ace(setup, problem, left, lower, essential, cap)
        melds: list[Meld] | None = None
        unchecked = False  # the play comes from the first sweep alone (see below)
        if outcome is None:
            spent += left or 0  # found nothing: count the whole share as spent
            if not proven:
                inexact = True  # the budget ran out before this setup was searched through
        else:
            spent += outcome.nodes
            freed_left = [
                f for i, f in enumerate(problem.freed) if not outcome.final.freed >> i & 1
            ]
            if essential:
                melds = _absorb(setup, before, _rebuild(setup, problem, outcome), freed_left)
        if not essential:
            melds = None if outcome is None else [m for m, _t in _rebuild(setup, problem, outcome)]
        elif (
            outcome is not None
            and melds is None
            and (setup.table_jokers or setup.rack_jokers or setup.freed)
        ):
            # the spare jokers did not all fit: solve again placing every joker in the sweep
            left = None if budget is None else max(1, budget - spent)
            lower = None if known is None else known - unseen
            cap = None if top_score is None else top_score - unseen
            first = (outcome, problem, _rebuild(setup, problem, outcome))
            outcome, problem, proven = _search_one_ace(setup, problem, left, lower, False, cap)
            if outcome is None and not proven:
                inexact = True  # cut short by the budget: nothing proven
            if outcome is not None:
                spent += outcome.nodes
                melds = [m for m, _tag in _rebuild(setup, problem, outcome)]
            else:
                # no play placing the jokers it must beats the best known: keep the first
                # play with the rack jokers that fit, which should not beat it either
                outcome, problem, rebuilt = first
                melds = _absorb(setup, before, rebuilt, freed_left, every_rack_joker=False)
                unchecked = True
        if outcome is None or melds is None:
            continue
        after = TableState((*setup.untouched, *melds))
        solution = _finish(
            profile,
            before,
            pieces,
            after,
            objective,
            outcome.optimal,
            setup if keep_table else None,
        )
        if solution is None:
            continue
        if unchecked and len(solution.played) < profile.min_rack_tiles_per_play:
            continue  # a rack joker left aside was one of the pieces the play needed
        if unchecked and (known is None or solution.score > known):
            inexact = True  # it does: that sweep missed a play, so nothing is proven
        if not opened and setup.free_melds and solution.table != after:
            # the tie step re-splits melds without the opening's rule (rack-only melds worth
            # the threshold, a tierce franche): keep its table only if it still opens
            verdict = profile.check_turn(
                before=before, rack=pieces, after=solution.table, opened=False
            )
            if not verdict.ok:
                solution = attrs.evolve(solution, table=after)
        if setup.freed or not opened:
            # the sweep models a freed joker going anywhere else; the stricter variants
            # (a new meld, with two rack pieces) are checked here and such plays dropped
            # (under the default rule a refusal would be a sweep bug: the answer is then
            # flagged not optimal rather than illegal); openings are checked alike, their
            # rules being spread between the sweep and the joker placement after it
            verdict = profile.check_turn(
                before=before, rack=pieces, after=solution.table, opened=opened
            )
            refused = not verdict.ok
            if refused and opened and profile.freed_joker is not FreedJoker.ANYWHERE:
                # the same pieces split another way may put the joker where the variant
                # wants it (r2 b2 k2 j | o2 o3 o4 rather than o3 o4 j | r2 b2 k2 o2)
                mended = _resplit_for_judge(profile, before, pieces, solution.table)
                if mended is not None:
                    solution = attrs.evolve(solution, table=mended)
                    refused = False
            if refused:
                # the sweep's best in this setup: no legal play of it scores more, unless
                # the budget cut the sweep short
                dropped = max(dropped, solution.score)
                inexact = inexact or not solution.optimal
                continue
        key = solution.score
        if best is None or key > best[0]:
            best = (key, solution)
    if dropped > (0 if best is None else best[0]):
        inexact = True  # a legal play between the best kept and the best dropped may exist
    if best is None:
        # with plays dropped for the stricter freed-joker variants, "nothing beats the
        # guess" is not proven: the guess comes back flagged so
        return attrs.evolve(guess, optimal=False) if inexact and guess is not None else None
    if inexact:
        return attrs.evolve(best[1], optimal=False)
    return best[1]


def _core_answers(profile: RuleProfile, setup: _Setup, acc_layer: int) -> bool:
    """Whether the fast core answers ``setup`` of an opened player's table, its kept frozen
    groups laid aside and its kept frozen runs left to the core, which lets them grow at
    their ends (:data:`~rummikit.solver._fast.Block`; values 1..13, and room in its state
    for them): no melds outside the sweep, no opening rule, a freed joker allowed anywhere
    else, the usual meld shapes."""
    if setup.run_blocks:
        if profile.ace_high:
            return False
        jokers = setup.table_jokers + setup.rack_jokers + len(setup.freed)
        per_suit = Counter(block.suit for block in setup.run_blocks)
        if profile.copies + jokers + max(per_suit.values()) > _fast_moves.MAX_RUNS:
            return False
    return (
        acc_layer < 0
        and not setup.tierce
        and not any(block.takes_jokers for block in setup.group_blocks)
        and not setup.untouched
        and profile.freed_joker is FreedJoker.ANYWHERE
        and _plain(profile, TableState(()), True)
    )


def _solve_in_core(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    setup: _Setup,
    objective: str,
    budget: int | None,
    keep_table: bool,
    beat: int | None,
) -> tuple[bool, Solution | None, int | None]:
    """A :func:`_core_answers` setup by the fast core: (answered, its best play scoring more
    than ``beat`` or None, the most its plays can score or None when unknown).

    The freed jokers are table jokers to the fast core, which does not know that one may
    not go back into the meld it left; the judge checks that, and when the play breaks it
    (or the fast core joins a run of 14 where aces are high) the setup is not answered
    here and the general sweep takes it. A legal play is the setup's best: the fast core
    solved a wider problem, whose best score bounds the setup's even when its play is not
    legal. Kept frozen groups are laid aside, once per way each can grow
    (:func:`_groups_laid`), and the best of those plays is the setup's.
    """
    best: Solution | None = None
    answered = True
    most: int | None = 0
    variants = _groups_laid(setup)
    share = None if budget is None else max(1, budget // len(variants))  # the budget split
    for laid in variants:
        done, found, reach = _solve_laid(
            profile, before, pieces, laid, objective, share, keep_table, beat
        )
        answered = answered and done
        most = None if most is None or reach is None else max(most, reach)
        if found is not None and (best is None or found.score > best.score):
            best = found
            beat = found.score
    return answered, best if answered else None, most


def _groups_laid(setup: _Setup) -> list[_Setup]:
    """``setup`` with its kept frozen groups outside the sweep, one setup per way they can
    grow: a frozen group takes no joker, so each stays as it is or takes one natural of a
    suit it lacks (from the rack or from the table) while it has room."""
    base = setup.copy()
    base.group_blocks, base.group_block_rooms = [], []
    base.group_block_tiles, base.group_block_melds = [], []
    variants = [base]
    for block, rooms, tiles in zip(
        setup.group_blocks, setup.group_block_rooms, setup.group_block_tiles, strict=True
    ):
        grown: list[_Setup] = []
        for variant in variants:
            laid = variant.copy()
            laid.untouched.append(Meld(tiles))
            grown.append(laid)
            if block.size >= setup.shape.max_group:
                continue
            for s in rooms:
                tile = _tile(setup, s, block.value)
                for from_rack in (True, False):
                    if (variant.rack if from_rack else variant.table)[s][block.value] == 0:
                        continue
                    laid = variant.copy()
                    (laid.rack if from_rack else laid.table)[s][block.value] -= 1
                    if from_rack:
                        laid.forced.append(tile)  # played from the rack, outside the sweep
                    laid.untouched.append(Meld((*tiles, tile)))
                    grown.append(laid)
        variants = grown
    return variants


def _solve_laid(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    setup: _Setup,
    objective: str,
    budget: int | None,
    keep_table: bool,
    beat: int | None,
) -> tuple[bool, Solution | None, int | None]:
    """:func:`_solve_in_core` for a setup without group blocks; also the most its plays
    can score (None when unknown)."""
    forced = _worth(profile, setup.forced, objective)  # pieces played outside the core
    top = _top(profile)
    jokers = setup.table_jokers + len(setup.freed)
    blocks = [
        ((block.suit, block.lo, block.hi), [_fast_piece(setup, tile) for tile in tiles])
        for block, tiles in zip(setup.run_blocks, setup.run_block_tiles, strict=True)
    ]
    around = [list(row) for row in setup.table]  # a rack piece may also grow a kept run
    for (s, lo, hi), _ in blocks:
        for v in range(lo, hi + 1):
            around[s][v] += 1
    live = _fast.live_rack(top, around, setup.rack, jokers + setup.rack_jokers)
    weights, joker_weight = _weights(profile, objective)
    plan = _fast.solve_counts(
        top,
        setup.table,
        live,
        jokers,
        setup.rack_jokers,
        weights,
        joker_weight,
        budget,
        at_least=0 if beat is None else max(0, beat + 1 - forced),
        blocks=[block for block, _ in blocks],
    )
    if plan is None:  # no arrangement (beating ``beat``), or none found within the budget
        return budget is None, None, ((beat or 0) if budget is None else None)
    most = plan.score + forced if plan.optimal else None
    try:
        melds = _arranged(plan, setup.suits, top, blocks)
    except _TooLong:
        return False, None, most
    after = TableState((*setup.untouched, *melds))
    solution = _finish(
        profile, before, pieces, after, objective, plan.optimal, setup if keep_table else None
    )
    if solution is None:
        return True, None, most
    if not profile.check_turn(before=before, rack=pieces, after=solution.table, opened=True).ok:
        return False, None, most
    return True, solution, most


def _search_one_ace(
    setup: _Setup,
    problem: Problem,
    budget: int | None,
    lower: int | None,
    essential: bool,
    ceiling: int | None = None,
) -> tuple[SweepResult | None, Problem, bool]:
    """:func:`search`, where a kept run never holds both aces; the problem solved; and
    whether the search finished (a None it did not finish proves nothing).

    The sweep tracks the low ace in its own runs, but not through a kept run (a block): a
    run holding the low ace may join a block below while another run extends it above, up
    to the high ace. When the best play does that, each legal play either keeps the low ace
    out from below or the high ace out from above: both are searched, the better is kept.
    """
    outcome, proven = search_proven(problem, budget, lower, essential, ceiling)
    if outcome is None or not problem.shape.ace_high or not problem.run_blocks:
        return outcome, problem, proven
    long_suits = {
        next(tile.suit for tile in meld.tiles if tile.suit is not None)
        for meld, tag in _rebuild(setup, problem, outcome)
        if tag == "run" and len(meld.tiles) > MAX_RUN
    }
    open_blocks = [
        index
        for index, block in enumerate(problem.run_blocks)
        if setup.suits[block.suit] in long_suits
        and not (block.low_below or block.no_low_glue)
        and block.lo > 1
        and block.hi < problem.shape.top
    ]
    if not long_suits or not open_blocks:
        return outcome, problem, proven
    index = open_blocks[0]
    block = problem.run_blocks[index]
    best: tuple[SweepResult | None, Problem] = (None, problem)
    nodes = outcome.nodes
    optimal = outcome.optimal
    for fixed in (block._replace(no_low_glue=True), block._replace(low_below=True)):
        blocks = (*problem.run_blocks[:index], fixed, *problem.run_blocks[index + 1 :])
        left = None if budget is None else max(1, budget - nodes)
        found, solved, finished = _search_one_ace(
            setup, problem._replace(run_blocks=blocks), left, lower, essential, ceiling
        )
        if found is None:
            optimal = optimal and finished
            continue
        nodes += found.nodes
        optimal = optimal and found.optimal
        if best[0] is None or found.score > best[0].score:
            best = (found, solved)
    if best[0] is None:
        return None, problem, optimal
    return best[0]._replace(nodes=nodes, optimal=optimal), best[1], optimal


def _frozen_bounds(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    objective: str,
    budget: int | None,
    keep_table: bool,
) -> tuple[Solution | None, int | None]:
    """A good play and the most any play can score (None when unknown), for an opened
    player on a table whose melds holding a joker are frozen.

    The frozen rule only forbids plays, so the fast core's best play with every joker free
    bounds them all; when the judge accepts it, it is the answer (flagged optimal). Leaving
    the frozen melds as they are and playing on the rest of the table is legal: the fast
    core's best play there is the guess, flagged optimal when it reaches the bound (its
    table is tidied only once it is the answer). The general sweep then looks only for
    better plays, and stops at the bound. With a ``budget``, a bound is known only where
    the search finished.
    """
    try:
        free = _solve_plain(profile, before, pieces, objective, budget, keep_table=keep_table)
    except _TooLong:
        return _frozen_left(profile, before, pieces, objective, budget, keep_table=False), None
    if free is None:
        return None, (0 if budget is None else None)
    if (
        free.optimal
        and profile.check_turn(before=before, rack=pieces, after=free.table, opened=True).ok
    ):
        return free, free.score  # the frozen rule forbids nothing it does
    ceiling = free.score if free.optimal else None
    guess = _frozen_left(profile, before, pieces, objective, budget, keep_table=False)
    if guess is not None and guess.score == ceiling:  # the answer: tidied where asked
        if keep_table:
            guess = _frozen_left(profile, before, pieces, objective, budget, True) or guess
        return attrs.evolve(guess, optimal=True), ceiling
    return guess, ceiling


def _frozen_left(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    objective: str,
    budget: int | None,
    keep_table: bool,
) -> Solution | None:
    """The best play leaving every meld holding a joker as it is (legal whatever the joker
    rule), or None when there is none."""
    rest = TableState(tuple(meld for meld in before.melds if JOKER not in meld.tiles))
    try:
        low = _solve_plain(profile, rest, pieces, objective, budget, keep_table=keep_table)
    except _TooLong:
        return None
    if low is None:
        return None
    frozen = [meld for meld in before.melds if JOKER in meld.tiles]
    return attrs.evolve(low, table=TableState((*frozen, *low.table.melds)), optimal=False)


def _opening_guess(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    objective: str,
    budget: int | None,
    keep_table: bool,
) -> tuple[Solution | None, int | None]:
    """A good opening fast, when the opening may be followed by table play (pagat, rami
    voleur), and the most any opening can score (None when unknown).

    The best play of a player already open bounds any opening (the ceiling), and is the
    answer when the judge accepts it as an opening. Otherwise the opening melds come first:
    the fast core's best rack-only opening worth the points with jokers at zero, or each
    tierce franche of the rack laid alone; then the open player's solver plays the rest of
    the rack on the table (when the opening turn may touch it). The guess is flagged optimal
    when it reaches the ceiling; else the general sweep looks only for better, and stops
    at the ceiling.
    """
    rule = profile.opening_rule
    openings: list[Sequence[Meld]] = []
    if rule is OpeningRule.POINTS and profile.opening_min_points <= _fast_moves.MAX_QUOTA:
        if not profile.ace_high:
            first = _solve_opening(profile, TableState(()), pieces, objective, budget)
            if first is not None:
                openings.append(first.table.melds)
    elif rule is OpeningRule.PURE_RUN:
        openings.extend([Meld(run)] for run in _tierces(profile, pieces))
    bound = _opened_best(profile, before, pieces, objective, budget, keep_table=keep_table)
    if bound is None:
        # no play at all for a player already open: none opens either (unless the budget
        # cut that search short)
        return None, (0 if budget is None else None)
    ceiling = bound.score if bound.optimal else None
    if _opens(profile, before, pieces, bound.table):
        return bound, ceiling
    if not openings:
        return None, ceiling
    play_on = profile.opening_table_play and profile.table_manipulation
    best: Solution | None = None
    for melds in openings:
        candidate, more = _opening_and_rest(
            profile, before, pieces, melds, objective, budget, keep_table, play_on=play_on
        )
        if candidate is None or (best is not None and candidate.score <= best.score):
            continue
        if (
            more is not None
            and not _plain(profile, before, True)
            and not _opens(profile, before, pieces, candidate.table)
        ):
            continue  # the judge has the last word on tables the fast core does not know
        best = candidate
    if best is None:
        return None, ceiling
    return attrs.evolve(best, optimal=best.score == ceiling), ceiling


def _by_minimal_openings(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    objective: str,
    keep_table: bool,
    guess: Solution | None,
    ceiling: int,
) -> tuple[bool, Solution | None]:
    """The best opening worth points followed by table play, from the rack's minimal
    openings (:mod:`rummikit.solver._openings`): each one plus the open player's best play
    with the rest of the rack. Returns (answered, best); not answered when the rack has too
    many minimal openings, or when the judge refuses the best of them (the general sweep
    then decides).

    Openings are tried most promising first; one stops mattering once its pieces and the
    live pieces left (or the ceiling, the open player's best score) cannot beat the best
    opening found.
    """
    if not (
        profile.opening_rule is OpeningRule.POINTS
        and profile.opening_table_play
        and profile.table_manipulation
        and not profile.ace_high
    ):
        return False, None
    try:
        openings = _openings.minimal_openings(profile, pieces, _OPENINGS_LIMIT)
    except _openings.TooMany:
        return False, None
    table, table_jokers, _ = _counts(profile, _tiles_of_table(before))
    weights, joker_weight = _weights(profile, objective)
    ranked = []
    for melds in openings:
        laid = [t for meld in melds for t in meld.tiles]
        rack, rack_jokers, _ = _counts(profile, _rest(pieces, melds))
        live = _fast.live_rack(13, table, rack, table_jokers + rack_jokers)
        reach = _worth(profile, laid, objective) + _live_worth(
            live, rack_jokers, weights, joker_weight
        )
        ranked.append((min(reach, ceiling), melds))
    ranked.sort(key=lambda item: -item[0])
    best = guess
    proven = True  # every open player's play it relied on was proven best
    for reach, melds in ranked:
        if best is not None and reach <= best.score:
            break
        candidate, more = _opening_and_rest(
            profile, before, pieces, melds, objective, None, keep_table
        )
        proven = proven and (more is None or more.optimal)
        if candidate is None or (best is not None and candidate.score <= best.score):
            continue
        if not _opens(profile, before, pieces, candidate.table):
            return False, None
        best = candidate
    return True, None if best is None else attrs.evolve(best, optimal=proven)


_OPENINGS_LIMIT = 256
"""Minimal openings past which :func:`_by_minimal_openings` leaves a rack to the sweep."""


def _by_tierces(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    objective: str,
    budget: int | None,
    keep_table: bool,
    guess: Solution | None,
    ceiling: int | None,
) -> tuple[bool, Solution | None]:
    """The best opening by a tierce franche, each case answered by the fast core. Returns
    (answered, best); not answered where the fast core does not apply, or when the judge
    refuses the best play found (the general sweep then decides).

    An opening holds a run with three naturals of one suit in a row from the rack (the
    tierce). Pieces beyond the tierce at one end, three or more, make a run of their own
    (with at most two jokers in the deck they hold a natural, and the usual meld shapes,
    which the fast core needs, ask nothing more), so some best opening holds a run of the
    tierce and at most two more places at each end. Each such run, each place filled from
    the rack or the table (a natural, or a joker), is one case; the open player's best play
    with what is left is the fast core's (a play that only lays new melds when the opening
    may not touch the table). Cases are tried most
    promising first and stop mattering once they cannot beat the best found (or the
    ceiling, the open player's best score). With a budget, each case's search has it.
    """
    play_on = profile.opening_table_play and profile.table_manipulation
    if not (
        profile.opening_rule is OpeningRule.PURE_RUN
        # the fast core's table: the real one (frozen jokers keep it out), or none; the
        # tierce places three rack pieces already
        and _plain(profile, before if play_on else TableState(()), True, placed=_fast_moves.MIN_LEN)
        and profile.jokers < _fast_moves.MIN_LEN  # three places beyond the tierce hold a natural
    ):
        return False, None
    top = _top(profile)
    weights, joker_weight = _weights(profile, objective)
    table, table_jokers, suits = _counts(profile, _tiles_of_table(before) if play_on else [])
    rack, rack_jokers, _ = _counts(profile, pieces)
    cases = []
    for run in _tierces(profile, pieces):
        for layout, taken in _tierce_runs(profile, run, table, table_jokers, rack, rack_jokers):
            rest_table = [row[:] for row in table]
            rest_rack = [row[:] for row in rack]
            jokers = [table_jokers, rack_jokers]  # left, by side: [table, rack]
            for tile, from_rack in [*((tile, True) for tile in run), *taken]:
                if tile.suit is None:
                    jokers[from_rack] -= 1
                else:
                    s, v = suits.index(tile.suit), tile.rank
                    (rest_rack if from_rack else rest_table)[s][v] -= 1
            played = [*run, *(tile for tile, from_rack in taken if from_rack)]
            fixed = _worth(profile, played, objective)
            live = _fast.live_rack(top, rest_table, rest_rack, sum(jokers))
            reach = fixed + _live_worth(live, jokers[1], weights, joker_weight)
            if ceiling is not None:
                reach = min(reach, ceiling)
            cases.append((reach, fixed, layout, rest_table, live, jokers))
    cases.sort(key=lambda case: -case[0])
    best = guess
    proven = True  # every case's search finished
    for reach, fixed, layout, rest_table, live, jokers in cases:
        if best is not None and reach <= best.score:
            break
        at_least = 0 if best is None else best.score - fixed + 1
        table_left, rack_left = jokers
        plan = _fast.solve_counts(
            top,
            rest_table,
            live,
            table_left,
            rack_left,
            weights,
            joker_weight,
            budget,
            at_least=at_least,
        )
        if plan is None:
            proven = proven and budget is None
            continue
        proven = proven and plan.optimal
        try:
            if keep_table and play_on and before.melds:
                rest = _keep_melds(profile, before, plan, budget)
            else:
                rest = _arranged(plan, suits, top)
        except _TooLong:
            return False, None
        kept = () if play_on else before.melds
        after = TableState((*kept, Meld(layout, MeldKind.RUN), *rest))
        candidate = _finish(profile, before, pieces, after, objective, False, None)
        if candidate is None or (best is not None and candidate.score <= best.score):
            continue
        if not _opens(profile, before, pieces, candidate.table):
            return False, None
        best = candidate
    return True, None if best is None else attrs.evolve(best, optimal=proven)


def _tierce_runs(
    profile: RuleProfile,
    run: list[Tile],
    table: list[list[int]],
    table_jokers: int,
    rack: list[list[int]],
    rack_jokers: int,
) -> Iterator[tuple[tuple[Tile, ...], list[tuple[Tile, bool]]]]:
    """The runs of :func:`_by_tierces` around the tierce ``run``: the tierce and up to two
    places at each end, each filled by a natural or a joker, from the rack (True) or the
    table (False), as far as there are pieces; with the pieces taken beyond the tierce."""
    suit = run[0].suit
    s = tuple(suits_of(profile.piece_set)).index(suit)
    low = run[0].rank  # the tierce's places are low .. low + 2 (a high ace's is 14)
    top = _top(profile)
    jokers = {False: table_jokers, True: rack_jokers}
    # what the places may take: per piece (the ace is piece 1 at both of its places)
    stock = {
        False: table[s],
        True: [n - sum(1 for tile in run if tile.rank == v) for v, n in enumerate(rack[s])],
    }

    def fills(place: int) -> list[tuple[Tile, bool]]:
        piece = 1 if place == 14 else place
        natural = _natural(suit, piece)
        return [(natural, side) for side in (False, True) if stock[side][piece] > 0] + [
            (JOKER, side) for side in (False, True) if jokers[side] > 0
        ]

    sides = []
    for places in ((low - 1, low - 2), (low + 3, low + 4)):
        options: list[tuple[tuple[Tile, bool], ...]] = [()]
        for count in (1, 2):
            if not all(1 <= place <= top for place in places[:count]):
                break
            options.extend(itertools.product(*(fills(place) for place in places[:count])))
        sides.append(options)
    for below, above in itertools.product(*sides):
        taken = [*below, *above]
        used = Counter(taken)
        if any(
            n > (jokers[side] if tile.suit is None else stock[side][tile.rank])
            for (tile, side), n in used.items()
        ):
            continue  # more of a piece than its side holds
        layout = (*(tile for tile, _ in reversed(below)), *run, *(tile for tile, _ in above))
        if profile.is_valid_meld(Meld(layout, MeldKind.RUN)):
            yield layout, taken


def _rest(pieces: list[Tile], melds: Sequence[Meld]) -> list[Tile]:
    """The rack ``pieces`` left once ``melds`` are laid."""
    return list((Counter(pieces) - Counter(t for meld in melds for t in meld.tiles)).elements())


def _opening_and_rest(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    melds: Sequence[Meld],
    objective: str,
    budget: int | None,
    keep_table: bool,
    *,
    play_on: bool = True,
) -> tuple[Solution | None, Solution | None]:
    """The opening ``melds`` laid, then (with ``play_on``) the open player's best play with
    the rest of the rack: that whole play (not flagged optimal), and the rest's play (None
    when there was none)."""
    rest = _rest(pieces, melds)
    more = (
        _opened_best(profile, before, rest, objective, budget, keep_table=keep_table)
        if rest and play_on
        else None
    )
    after = TableState((*(before if more is None else more.table).melds, *melds))
    candidate = _finish(profile, before, pieces, after, objective, False, None)
    return candidate, more


def _live_worth(
    live: list[list[int]], jokers: int, weights: Sequence[int], joker_weight: int
) -> int:
    """What the rack naturals ``live`` (counts per [suit][value]) and ``jokers`` are worth:
    the most a play of them can score."""
    naturals = sum(weights[v] * live[s][v] for s in range(_fast_moves.NSUITS) for v in range(1, 14))
    return naturals + joker_weight * jokers


def _opens(profile: RuleProfile, before: TableState, pieces: list[Tile], after: TableState) -> bool:
    """Whether the judge accepts ``after`` as an opening play from ``pieces``."""
    return profile.check_turn(before=before, rack=pieces, after=after, opened=False).ok


def _opened_best(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    objective: str,
    budget: int | None,
    *,
    keep_table: bool,
) -> Solution | None:
    """The best play of a player already open: the fast core's where it applies, else the
    general sweep's."""
    return solve_checked(
        profile,
        before,
        pieces,
        opened=True,
        objective=objective,
        budget=budget,
        keep_table=keep_table,
    )


def _tierces(profile: RuleProfile, pieces: list[Tile]) -> list[list[Tile]]:
    """Every three naturals of one suit in a row in the rack (ace high or low)."""
    have = {(t.suit, t.rank) for t in pieces if t.suit is not None}
    found = []
    for suit, rank in sorted(have, key=lambda p: (str(p[0]), p[1])):
        ranks = [rank, rank + 1, rank + 2]
        if profile.ace_high and rank == 12:
            ranks = [12, 13, 1]
        elif rank > 11:
            continue
        if all((suit, r) in have for r in ranks):
            found.append([Tile(suit, r) for r in ranks])
    return found


def _cannot_open(profile: RuleProfile, pieces: list[Tile]) -> bool:
    """Whether the rack plainly holds no opening: less than the threshold in all, melds of
    rack pieces worth less than it even with every joker at 13, or no three naturals of a
    suit in a row for a tierce franche. Saves a search that could only fail, which is the
    slowest kind (minutes, on a rack rich in points that make no melds)."""
    rule = profile.opening_rule
    if rule is OpeningRule.POINTS:
        joker = 0 if profile.opening_joker_value is OpeningJokerValue.ZERO else 14
        most = sum(
            joker if t.suit is None else (14 if t.rank == 1 and profile.ace_high else t.rank)
            for t in pieces
        )
        need = profile.opening_min_points
        return most < need or _rack_points(profile, pieces) < need
    if rule is OpeningRule.PURE_RUN:
        return not _tierces(profile, pieces)
    return False


def _rack_points(profile: RuleProfile, pieces: list[Tile]) -> int:
    """The most that melds of rack pieces alone count toward an opening, each joker at 13
    (the most it can stand for), by the fast core; a number above any threshold where the
    fast core does not apply (ace high, other meld shapes, more copies and jokers on the
    rack than it holds) or does not finish within :data:`_OPENING_CHECK` steps."""
    unknown = 1 << 30
    rack, jokers, _ = _counts(profile, pieces)
    copies = max((n for row in rack for n in row), default=0)
    if profile.ace_high or not _plain_melds(profile, copies, jokers):
        return unknown  # the fast core would not know these melds
    empty = _fast.no_counts()
    live = _fast.live_rack(13, empty, rack, jokers)
    joker = 0 if profile.opening_joker_value is OpeningJokerValue.ZERO else 13
    weights = [0, *range(1, 14), 1]
    plan = _fast.solve_counts(13, empty, live, 0, jokers, weights, joker, _OPENING_CHECK)
    return plan.score if plan is not None and plan.optimal else unknown


_OPENING_CHECK = 20_000
"""Steps for :func:`_rack_points`: racks alone are small, so this is rarely reached."""


def _plain_opening(profile: RuleProfile) -> bool:
    """Whether the fast core answers an opening: melds of rack pieces only, worth a number
    of points with jokers at zero, the table untouched (the online profile)."""
    return (
        profile.opening_rule is OpeningRule.POINTS
        and profile.opening_joker_value is OpeningJokerValue.ZERO
        and not profile.opening_table_play
        and 0 < profile.opening_min_points <= _fast_moves.MAX_QUOTA
        and not profile.ace_high
        and _plain(profile, TableState(()), True)
    )


def _solve_opening(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    objective: str,
    budget: int | None,
) -> Solution | None:
    rack, rack_jokers, suits = _counts(profile, pieces)
    empty = _fast.no_counts()
    live = _fast.live_rack(13, empty, rack, rack_jokers)
    weights, joker_weight = _weights(profile, objective)
    plan = _fast.solve_counts(
        13,
        empty,
        live,
        0,
        rack_jokers,
        weights,
        joker_weight,
        budget,
        quota=profile.opening_min_points,
        points=list(range(15)),
    )
    if plan is None or plan.score <= 0:
        return None
    after = TableState((*before.melds, *_arranged(plan, suits, 13)))
    return _finish(profile, before, pieces, after, objective, plan.optimal, None)


def _plain(profile: RuleProfile, before: TableState, opened: bool, *, placed: int = 1) -> bool:
    """Whether the fast core (:mod:`rummikit.solver._fast`) answers this position: an opened
    player, a table free to rearrange, plain jokers, the usual meld shapes; and no rule
    asking a play for more rack pieces than the ``placed`` it places anyway."""
    return (
        opened
        and profile.table_manipulation
        and profile.min_rack_tiles_per_play <= placed
        and _plain_melds(profile, profile.copies, profile.jokers)
        and (
            profile.joker_policy is not JokerPolicy.FROZEN
            or not any(JOKER in meld.tiles for meld in before.melds)
        )
    )


def _plain_melds(profile: RuleProfile, copies: int, jokers: int) -> bool:
    """Whether the fast core knows the profile's melds, for pieces holding at most
    ``copies`` of a natural and ``jokers`` jokers (its state holds that many runs)."""
    return (
        profile.min_meld_length == _fast_moves.MIN_LEN
        and profile.max_group_size == _fast_moves.MAX_GROUP
        and profile.group_distinct_suits
        and not profile.forbid_adjacent_jokers
        and copies + jokers <= _fast_moves.MAX_RUNS
        and (not profile.ace_high or copies <= _fast_moves.MAX_ACES)
        and len(suits_of(profile.piece_set)) == _fast_moves.NSUITS
    )


def _counts(
    profile: RuleProfile, tiles: Sequence[Tile]
) -> tuple[list[list[int]], int, tuple[object, ...]]:
    suits = tuple(suits_of(profile.piece_set))
    counts = _fast.no_counts()
    jokers = 0
    for tile in tiles:
        if tile.suit is None:
            jokers += 1
        else:
            counts[suits.index(tile.suit)][tile.rank] += 1
    return counts, jokers, suits


def _weights(profile: RuleProfile, objective: str) -> tuple[list[int], int]:
    """What one rack natural of each value, and one rack joker, is worth."""
    if objective == "tiles":
        return [1] * 15, 1
    suit = suits_of(profile.piece_set)[0]
    values = [profile.piece_value(Tile(suit, v)) for v in range(1, 14)]
    return [0, *values, values[0]], profile.piece_value(JOKER)


def _arranged(
    plan: _fast.Plan,
    suits: tuple[object, ...],
    top: int,
    blocks: Sequence[tuple[_fast.Block, Sequence[_fast.Piece]]] = (),
) -> list[Meld]:
    """The melds of ``plan`` (and of the kept runs it was solved with, ``blocks``)."""
    known = _MELDS.setdefault(suits, {})
    if len(known) > _MELDS_KEPT:
        known.clear()
    melds = []
    for is_run, pieces in _fast.arrange(plan, top, blocks):
        if len(pieces) > 13:
            raise _TooLong
        key = (is_run, *pieces)
        meld = known.get(key)
        if meld is None:
            tiles = [JOKER if s < 0 else _natural(suits[s], 1 if v == 14 else v) for s, v in pieces]
            meld = known[key] = _run_meld(tiles) if is_run else _group_meld(tiles)
        melds.append(meld)
    return melds


_MELDS: dict[tuple[object, ...], dict[tuple[object, ...], Meld]] = {}
"""Per suit listing, the melds :func:`_arranged` built, by their pieces: melds are values,
and building one (its tiles checked, its key sorted) costs more than looking it up."""

_MELDS_KEPT = 4096
"""How many melds :data:`_MELDS` keeps per suit listing before it starts again."""


def _fast_piece(setup: _Setup, tile: Tile) -> _fast.Piece:
    """``tile`` as the fast core writes a piece."""
    return _fast.JOKER_PIECE if tile.suit is None else setup.value_of(tile)


@cache
def _natural(suit: object, rank: int) -> Tile:
    """One tile per suit and rank, built and checked once: tiles are values."""
    return Tile(suit, rank)  # type: ignore[arg-type]


class _TooLong(Exception):
    """The fast core joined both ends of an ace-high suit into one run of 14."""


def _solve_plain(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    objective: str,
    budget: int | None,
    *,
    keep_table: bool,
) -> Solution | None:
    top = _top(profile)
    table, table_jokers, suits = _counts(profile, _tiles_of_table(before))
    rack, rack_jokers, _ = _counts(profile, pieces)
    live = _fast.live_rack(top, table, rack, table_jokers + rack_jokers)
    weights, joker_weight = _weights(profile, objective)
    plan = _fast.solve_counts(
        top, table, live, table_jokers, rack_jokers, weights, joker_weight, budget
    )
    if plan is None or plan.score <= 0:
        return None
    if not keep_table or not before.melds:  # an empty table has nothing to keep
        after = TableState(_arranged(plan, suits, top))
    elif (
        alone := _rack_alone(top, live, rack_jokers, weights, joker_weight, budget, plan)
    ) is not None:
        after = TableState((*before.melds, *_arranged(alone, suits, top)))  # table untouched
    else:
        after = TableState(_keep_melds(profile, before, plan, budget))
    return _finish(profile, before, pieces, after, objective, plan.optimal, None)


def _rack_alone(
    top: int,
    live: list[list[int]],
    rack_jokers: int,
    weights: list[int],
    joker_weight: int,
    budget: int | None,
    plan: _fast.Plan,
) -> _fast.Plan | None:
    """Ties: melds of rack pieces alone scoring as much as ``plan``, if there are (the
    table can then stay exactly as it was)."""
    empty = _fast.no_counts()
    own = _fast.live_rack(top, empty, live, rack_jokers)  # what could form melds by itself
    if _live_worth(own, rack_jokers, weights, joker_weight) < plan.score:
        return None
    alone = _fast.solve_counts(
        top, empty, own, 0, rack_jokers, weights, joker_weight, budget, at_least=plan.score
    )
    return alone if alone is not None and alone.score == plan.score else None


def _keep_melds(
    profile: RuleProfile, before: TableState, plan: _fast.Plan, budget: int | None
) -> list[Meld]:
    """Ties: the table of ``plan`` rebuilt to keep old melds whole where that is cheap.

    The melds the best play left intact stay. Then each other old meld, largest first, is
    taken back out of the new melds sharing a piece with it; when the pieces left over do
    not split into melds by themselves, the new melds near them (holding a piece of one of
    their ranks, or of one of their suits within two ranks) join them. When that splits (a
    search of :data:`_KEEP_BUDGET` steps at most, and no more than the solve's ``budget``),
    the old meld stays and the split replaces the melds
    it used. The pieces on the table do not change, so neither does the score; each check is
    local, so it is small and cheap.
    """
    checks = _KEEP_BUDGET if budget is None else min(_KEEP_BUDGET, budget)
    arranged = _arranged(plan, tuple(suits_of(profile.piece_set)), _top(profile))
    kept, others = _matched(before.melds, arranged)
    _, current = _matched(arranged, kept)
    # pieces by code throughout: a tile hashes through a Python call, an int does not;
    # melds are told apart by id (equal melds may be one cached object, see _arranged: every
    # choice below goes by a meld's pieces, so such twins are taken or left together)
    for meld in sorted(others, key=len, reverse=True):
        need = Counter(meld.codes)
        sharing = [m for m in current if not need.keys().isdisjoint(m.codes)]
        pool = Counter(code for m in sharing for code in m.codes)
        if any(pool[code] < n for code, n in need.items()):
            continue  # part of it lies in a meld kept whole
        pool.subtract(need)
        left = +pool
        touched = sharing
        split = _fast_split(profile, left, checks)
        if split is None:
            # the pieces left over may trade with the melds near them
            shared = {id(m) for m in sharing}
            around = {code for code in left if code != JOKER.code} or {
                code for code in meld.codes if code != JOKER.code
            }  # only jokers left over: they may go near the old meld
            ranks, close = _near_places(around, wrap=profile.ace_high)
            near = [
                m
                for m in current
                if id(m) not in shared
                and any(code % _RANKS in ranks or code in close for code in m.codes)
            ]
            if not near:
                continue
            touched = sharing + near
            split = _fast_split(profile, left + Counter(c for m in near for c in m.codes), checks)
        if split is not None:
            used = {id(m) for m in touched}
            current = [m for m in current if id(m) not in used] + split
            kept.append(meld)
    return [*kept, *current]


def _matched(melds: Sequence[Meld], others: Sequence[Meld]) -> tuple[list[Meld], list[Meld]]:
    """``melds`` split into those with an equal meld in ``others`` (each used once) and the
    rest."""
    left = Counter(m.key for m in others)
    found: list[Meld] = []
    rest: list[Meld] = []
    for meld in melds:
        if left[meld.key] > 0:
            left[meld.key] -= 1
            found.append(meld)
        else:
            rest.append(meld)
    return found, rest


def _near_places(pieces: set[int], *, wrap: bool) -> tuple[set[int], set[int]]:
    """Where a meld lies near one of ``pieces`` (naturals, by :attr:`~rummikit.Tile.code`):
    holding a natural of one of their ranks (the first set, of ranks), or of one of their
    suits within two ranks (the second, of codes; counted round the ace when it is also
    high, ``wrap``). Those are the melds the pieces could trade with."""
    ranks = {code % _RANKS for code in pieces}
    close = set()
    for code in pieces:
        rank = code % _RANKS
        for step in range(-2, 3):
            other = rank + step
            if wrap:
                other = (other - 1) % 13 + 1
            close.add(code - rank + other)  # out of 1..13: no piece's code
    return ranks, close


_RANKS = Tile(TILE_COLOURS[1], 1).code - Tile(TILE_COLOURS[0], 1).code
"""A natural's :attr:`~rummikit.Tile.code` is its suit's number times this, plus its rank
(read off two tiles, so that it follows :mod:`rummikit.pieces`)."""


_KEEP_BUDGET = 400
"""Steps per check of :func:`_keep_melds` (no more than the solve's own budget).
``keep_table=False`` skips the checks."""


def _top(profile: RuleProfile) -> int:
    return _fast_moves.ACE_HIGH_TOP if profile.ace_high else 13


def _finish(
    profile: RuleProfile,
    before: TableState,
    pieces: list[Tile],
    after: TableState,
    objective: str,
    optimal: bool,
    tidy: _Setup | None,
) -> Solution | None:
    """The solution for the table ``after``; with a setup to ``tidy``, the melds it was
    free to rearrange are re-split to keep old ones (:func:`_keep_table`)."""
    # counted by code: a tile's hash is a Python call, an int's is not
    played = _codes(after) - _codes(before)
    if not played:
        return None
    if played - Counter(tile.code for tile in pieces):
        shown = " ".join(str(tile_from_code(code)) for code in played.elements())
        raise AssertionError(f"solver bug: played pieces not on the rack: {shown}")
    tiles = [tile_from_code(code) for code in sorted(played.elements())]
    score = _worth(profile, tiles, objective)
    if tidy is not None:
        after = _keep_table(profile, after, tidy)
    return Solution(after, tuple(tiles), score, optimal)


def _codes(table: TableState) -> Counter[int]:
    """The codes of the tiles on ``table``, as a multiset."""
    return Counter(code for meld in table.melds for code in meld.codes)


def _worth(profile: RuleProfile, tiles: Sequence[Tile], objective: str) -> int:
    """What playing ``tiles`` scores under ``objective``."""
    return len(tiles) if objective == "tiles" else sum(profile.piece_value(t) for t in tiles)


def _keep_table(profile: RuleProfile, after: TableState, setup: _Setup) -> TableState:
    """Ties: re-partition the pieces so that as many old melds as possible stay as they were.

    Only melds the sweep was free to rearrange are considered. The pieces of the changed
    melds are pooled; old melds are taken back out of the pool, all at once if the rest
    still splits into melds, else one by one (a bounded number of tries), and the rest is
    split again. The pieces on the table do not change, so the score does not either.
    """
    free_keys = Counter(m.key for m in setup.free_melds)
    if not free_keys or not profile.table_manipulation:
        return after
    remaining = Counter(free_keys)
    kept: list[Meld] = []
    changed: list[Meld] = []
    for meld in after.melds:
        if remaining[meld.key] and meld in setup.free_melds:
            remaining[meld.key] -= 1
            kept.append(meld)
        else:
            changed.append(meld)
    candidates = [m for m in setup.free_melds if remaining[m.key] > 0]
    fixed: list[Meld] = []
    pool: Counter[Tile] = Counter()  # the pieces of the changed melds that may be re-split
    for meld in changed:
        if _frozen_or_opening(profile, meld, setup):
            fixed.append(meld)
        else:
            pool.update(meld.tiles)
    candidates = [m for m in candidates if not Counter(m.tiles) - pool]
    if not candidates:
        return after
    together = sum((Counter(m.tiles) for m in candidates), Counter())
    trial = None if together - pool else _split(setup, pool - together)
    if trial is not None:
        return TableState((*kept, *fixed, *candidates, *trial))
    chosen: list[Meld] = []
    best_split: list[Meld] | None = None
    left = Counter(pool)
    for meld in sorted(candidates, key=len, reverse=True)[:_KEEP_TRIES]:
        need = Counter(meld.tiles)
        if need - left:
            continue
        split = _split(setup, left - need)
        if split is not None:
            chosen.append(meld)
            left -= need
            best_split = split
    if best_split is None:
        return after
    return TableState((*kept, *fixed, *chosen, *best_split))


_KEEP_TRIES = 3


def _frozen_or_opening(profile: RuleProfile, meld: Meld, setup: _Setup) -> bool:
    """Melds that must stay as built: kept blocks and anything outside the free sweep."""
    # the tierce franche's block is the opening: its run stays, the rest may be re-split
    blocks = len(setup.run_blocks) - (1 if setup.tierce else 0)
    return (
        meld in setup.untouched
        or (JOKER in meld.tiles and profile.joker_policy is JokerPolicy.FROZEN)
        or bool(setup.group_blocks)
        or blocks > 0
        or (bool(setup.tierce) and not Counter(setup.tierce) - Counter(meld.tiles))
    )


def _resplit_for_judge(
    profile: RuleProfile, before: TableState, pieces: list[Tile], after: TableState
) -> TableState | None:
    """The pieces of ``after``'s new melds split into melds another way, such that the
    judge accepts the play, or None when none of the first splits tried is accepted.

    The sweep places a freed joker anywhere but back into its meld; the stricter
    ``freed_joker`` variants want it in a new meld (with two rack pieces), which another
    split of the same pieces often gives. A bounded search (:data:`_RESPLIT_NODES` steps,
    :data:`_RESPLIT_JUDGED` tables judged), so its cost stays small."""
    kept, changed = _matched(after.melds, before.melds)
    pool = Counter(tile for meld in changed for tile in meld.tiles)
    splits = _splits(profile, pool, [_RESPLIT_NODES])
    for melds in itertools.islice(splits, _RESPLIT_JUDGED):
        table = TableState((*kept, *melds))
        if (
            table != after
            and profile.check_turn(before=before, rack=pieces, after=table, opened=True).ok
        ):
            return table
    return None


_RESPLIT_NODES = 300
_RESPLIT_JUDGED = 4
"""Bounds of :func:`_resplit_for_judge`. The judge is most of its cost (milliseconds on a
table with frozen jokers): on 3,518 fuzzed positions under the stricter ``freed_joker``
variants, four judged splits cut the plays missed from 82 to 51 for 1.5 times the time;
eight save three more for a tenth more time."""


def _splits(profile: RuleProfile, pool: Counter[Tile], steps: list[int]) -> Iterator[list[Meld]]:
    """Every split of ``pool`` into valid melds: the meld holding its lowest natural first,
    each way, then the rest. ``steps[0]`` counts down the melds tried, shared by every
    level of the recursion; the listing stops when it runs out."""
    naturals = [t for t in pool if t.suit is not None and pool[t] > 0]
    if not naturals:
        if not +pool:
            yield []
        return
    low = min(naturals, key=lambda t: t.code)
    for meld in _melds_with(profile, low, pool):
        steps[0] -= 1
        if steps[0] <= 0:
            return
        rest = pool - Counter(meld.tiles)
        for others in _splits(profile, rest, steps):
            yield [meld, *others]


def _melds_with(profile: RuleProfile, tile: Tile, pool: Counter[Tile]) -> Iterator[Meld]:
    """The valid melds of pieces of ``pool`` holding ``tile`` as their lowest natural (a
    joker standing for a missing piece; in groups, also for any other suit)."""
    jokers = pool[JOKER]
    lowest = profile.min_meld_length
    assert tile.suit is not None
    # groups: the tile, other suits of its rank, and jokers
    others = sorted(
        {t for t in pool if t.suit is not None and t.rank == tile.rank and t.code > tile.code},
        key=lambda t: t.code,
    )
    for size in range(len(others) + 1):
        for chosen in itertools.combinations(others, size):
            for extra in range(jokers + 1):
                count = 1 + size + extra
                if lowest <= count <= profile.max_group_size:
                    meld = Meld((tile, *chosen, *[JOKER] * extra), MeldKind.GROUP)
                    if profile.is_valid_meld(meld):
                        yield meld
    # runs of its suit starting at it or at jokers just below it
    top = 14 if profile.ace_high else 13
    for before in range(jokers + 1):
        if tile.rank - before < 1:
            break
        layout: list[Tile] = [JOKER] * before + [tile]
        used = before
        rank = tile.rank
        while rank < top and len(layout) < MAX_RUN:
            rank += 1
            piece = Tile(tile.suit, 1 if rank == 14 else rank)
            # an ace high at the top is the same piece as an ace starting the run
            if pool[piece] > (1 if piece == tile else 0):
                layout.append(piece)
            elif used < jokers:
                layout.append(JOKER)
                used += 1
            else:
                break
            if len(layout) >= lowest:
                meld = Meld(tuple(layout), MeldKind.RUN)
                if profile.is_valid_meld(meld):
                    yield meld


def _split(setup: _Setup, pool: Counter[Tile]) -> list[Meld] | None:
    """Melds made of exactly the pieces of ``pool``, or None when they do not split."""
    if not pool:
        return []
    if _plain(setup.profile, TableState(()), True):
        return _fast_split(
            setup.profile, Counter({t.code: n for t, n in pool.items()}), _FAST_SPLIT
        )
    split = _base_setup(setup.profile, [])
    split.add_table(list(pool.elements()))
    problem = _problem(split, "tiles", 1, -1)._replace(need=0)
    outcome = search(problem, _SPLIT_BUDGET, essential=False)
    if outcome is None or not outcome.optimal:
        return None
    return [m for m, _tag in _rebuild(split, problem, outcome)]


def _fast_split(profile: RuleProfile, pool: Counter[int], budget: int) -> list[Meld] | None:
    """Melds made of exactly the pieces of ``pool`` (by :attr:`~rummikit.Tile.code`) by the
    fast core (a search of ``budget`` steps at most), or None when none was found."""
    if not pool:
        return []
    if pool.total() < profile.min_meld_length:
        return None  # too few pieces for a meld
    suits = tuple(suits_of(profile.piece_set))
    places = _places(suits)
    table = _fast.no_counts()
    jokers = 0
    for code, count in pool.items():
        if code == JOKER.code:
            jokers += count
        else:
            suit, rank = places[code]
            table[suit][rank] += count
    empty = _fast.no_counts()
    top = _top(profile)
    plan = _fast.solve_counts(top, table, empty, jokers, 0, [0] * 15, 0, budget, grace=1)
    try:
        return None if plan is None else _arranged(plan, suits, top)
    except _TooLong:
        return None


@cache
def _places(suits: tuple[object, ...]) -> dict[int, tuple[int, int]]:
    """Per natural's :attr:`~rummikit.Tile.code`, its suit's index in ``suits`` and its
    rank: the count tables of :func:`_fast_split`, read straight off a pool of codes."""
    return {
        _natural(suit, rank).code: (i, rank)
        for i, suit in enumerate(suits)
        for rank in range(1, 14)
    }


_SPLIT_BUDGET = 3_000
_FAST_SPLIT = 150
"""Steps of the fast core per split of the pooled pieces: a tie-break, so kept cheap."""
