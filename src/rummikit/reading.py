"""Reading a meld: is it a run or a group, what does each joker stand for, what is it worth.

The reader works on a :class:`MeldRules` value, the few profile options that decide meld
validity, so that it stays below the profile layer. A bounded memo of readings, one per set
of meld rules, keyed by the tiles and the declared kind (:func:`reading_of`), makes
re-reading a table cheap.

How the order of the tiles is used: it never decides validity. It only picks among valid
readings, in this order of preference:

1. the reading whose layout is exactly the order given (runs listed from low to high, each
   joker in the place it takes);
2. otherwise the reading that puts as many jokers below the lowest natural tile as the
   tiles given before the first natural tile, as nearly as the run allows;
3. otherwise the lower run (an ace reads low before high).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

import attrs

from rummikit.meld import Meld, MeldKind
from rummikit.pieces import JOKER, PieceSet, Suit, Tile, suits_of

if TYPE_CHECKING:  # rich, of the cli extra, is imported when a picture is drawn
    from rich.text import Text

__all__ = ["MeldReading", "MeldRules", "Substitute", "read", "reading_of"]

MAX_RUN: Final = 13
"""The most pieces in a run: each rank once (with ace high, the ace at one end only)."""


@attrs.frozen
class Substitute:
    """What a joker stands for: a rank and the suits it may take.

    In a run the suit is known (one suit). In a group the joker may stand for any missing suit,
    so a group of three with one joker lists two suits.
    """

    rank: int
    suits: tuple[Suit, ...]

    @property
    def tile(self) -> Tile | None:
        """The one tile the joker stands for, or None when several suits are possible."""
        return Tile(self.suits[0], self.rank) if len(self.suits) == 1 else None

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile the joker may stand for."""
        return tuple(Tile(suit, self.rank) for suit in self.suits)

    def __str__(self) -> str:
        return "/".join(map(str, self.tiles))


@attrs.frozen(repr=False)
class MeldReading:
    """A valid meld as a profile reads it.

    ``layout`` is the meld in reading order: a run from its lowest place to its highest, each
    joker in the place it takes; a group as given. ``stands_for`` holds, for each place of the
    layout, the :class:`Substitute` of a joker or None for a natural tile. ``ranks`` holds the
    number each place counts as (a high ace counts 14). ``value`` is the sum of ``ranks``;
    ``joker_value`` the part of it that the jokers stand for.
    """

    kind: MeldKind
    layout: tuple[Tile, ...]
    stands_for: tuple[Substitute | None, ...]
    ranks: tuple[int, ...]

    @property
    def value(self) -> int:
        """The sum of the numbers the tiles stand for, jokers included."""
        return sum(self.ranks)

    @property
    def joker_value(self) -> int:
        """The part of :attr:`value` that the jokers stand for."""
        return sum(r for r, s in zip(self.ranks, self.stands_for, strict=True) if s is not None)

    @property
    def jokers(self) -> tuple[Substitute, ...]:
        """What each joker stands for, in layout order."""
        return tuple(s for s in self.stands_for if s is not None)

    @property
    def suit(self) -> Suit | None:
        """The suit of a run, or None for a group."""
        if self.kind is MeldKind.GROUP:
            return None
        return next(tile.suit for tile in self.layout if tile.suit is not None)

    def __str__(self) -> str:
        parts = [
            str(tile) if sub is None else f"j={sub}"
            for tile, sub in zip(self.layout, self.stands_for, strict=True)
        ]
        return f"{self.kind.value}: {' '.join(parts)}"

    def __repr__(self) -> str:
        return f"<MeldReading {self} value={self.value}>"

    def __rich__(self) -> Text:
        """The reading in colour, for rich: see :mod:`rummikit.terminal`."""
        from rummikit.terminal import reading_text

        return reading_text(self)


@attrs.frozen(cache_hash=True)
class MeldRules:
    """The options that decide whether tiles form a meld (a slice of a rule profile).

    Its hash is kept (``cache_hash``): it keys the memo of readings at every meld read."""

    piece_set: PieceSet
    jokers: int = 2  # in the deck: a meld holds at most as many
    ace_high: bool = False
    min_length: int = 3
    max_group_size: int = 4
    group_distinct_suits: bool = True
    forbid_adjacent_jokers: bool = False


Failure = tuple[str, str]
"""An invalid meld as (code, message)."""


def read(tiles: Sequence[Tile], kind: MeldKind | None, rules: MeldRules) -> MeldReading | Failure:
    """Read ``tiles`` under ``rules``: the reading, or ``(code, message)`` if they are no meld."""
    naturals = [tile for tile in tiles if tile.suit is not None]
    jokers = len(tiles) - len(naturals)
    if jokers and not rules.jokers:
        return "not_in_deck", "this profile is played without jokers"
    suits = suits_of(rules.piece_set)
    for tile in naturals:
        if tile.suit not in suits:
            family = "cards" if rules.piece_set is PieceSet.CARDS else "tiles"
            return "not_in_deck", f"{tile} is not in this profile's deck, which has {family}"
    if len(tiles) < rules.min_length:
        return (
            "too_short",
            f"a meld needs at least {rules.min_length} tiles, this one has {len(tiles)}",
        )
    if not naturals:
        return "no_natural_tile", "a meld needs at least one natural tile besides its jokers"
    if jokers > rules.jokers:
        return "too_many_copies", f"{jokers} jokers given; the deck has {rules.jokers}"
    if kind is None:
        kind = _only_possible_kind(naturals)
    if kind is MeldKind.RUN:
        return _read_run(tiles, naturals, rules)
    if kind is MeldKind.GROUP:
        return _read_group(tiles, naturals, rules)
    run = _read_run(tiles, naturals, rules)
    group = _read_group(tiles, naturals, rules)
    if isinstance(run, MeldReading) and isinstance(group, MeldReading):
        return (
            "ambiguous",
            "these tiles read both as a run and as a group; declare the kind "
            "(kind='run' or kind='group', or 'run:' / 'group:' in notation)",
        )
    if isinstance(run, MeldReading):
        return run
    if isinstance(group, MeldReading):
        return group
    return run if _looks_like_run(naturals) else group


_MEMO_LIMIT: Final = 1 << 16
"""The most readings one memo keeps; past it the memo starts again (memory stays bounded on
untrusted input)."""
_MEMOS: Final[
    dict[MeldRules, dict[tuple[tuple[int, ...], MeldKind | None], MeldReading | Failure]]
] = {}
"""Readings memoised per set of meld rules (a reading depends on nothing else).

Kept in this module rather than on each profile so that a profile, and the game views that
hold it, carry no trace of the melds read under it when they are pickled or turned into
dicts: those melds were built from players' racks.
"""


def reading_of(meld: Meld, kind: MeldKind | None, rules: MeldRules) -> MeldReading | Failure:
    """:func:`read` of ``meld``'s tiles as ``kind``, from the memo of ``rules`` when read
    before: a game re-reads every meld of the table at each turn."""
    return reading_of_tiles(meld.tiles, meld.codes, kind, rules)


def reading_of_tiles(
    tiles: tuple[Tile, ...], codes: tuple[int, ...], kind: MeldKind | None, rules: MeldRules
) -> MeldReading | Failure:
    """:func:`reading_of` a meld of ``tiles`` (their codes ``codes``) not built yet: a
    search that tries many melds, most of them invalid, builds only the valid ones."""
    memo = _MEMOS.get(rules)
    if memo is None:
        memo = _MEMOS.setdefault(rules, {})
    key = (codes, kind)
    found = memo.get(key)
    if found is None:
        found = read(tiles, kind, rules)
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        memo[key] = found
    return found


def _only_possible_kind(naturals: list[Tile]) -> MeldKind | None:
    """The one kind two or more natural tiles leave possible, if they settle it.

    One suit and several ranks can only be a run; one rank and several suits only a group.
    Otherwise (one natural tile, or tiles that fit neither) both readings are tried.
    """
    if len(naturals) < 2:
        return None
    first = naturals[0]
    one_suit = all(tile.suit is first.suit for tile in naturals)
    one_rank = all(tile.rank == first.rank for tile in naturals)
    if one_suit != one_rank:
        return MeldKind.RUN if one_suit else MeldKind.GROUP
    return None


def _looks_like_run(naturals: list[Tile]) -> bool:
    """Which error to report when neither reading works: the run's, unless ranks repeat."""
    ranks = [tile.rank for tile in naturals]
    if len(set(ranks)) == len(ranks):
        return True
    suits = {tile.suit for tile in naturals}
    return len(suits) == 1 and len(set(ranks)) > 1


def _read_group(
    tiles: Sequence[Tile], naturals: list[Tile], rules: MeldRules
) -> MeldReading | Failure:
    rank = naturals[0].rank
    if any(tile.rank != rank for tile in naturals):
        return "mixed_ranks", "a group has one rank: " + _listing(naturals) + " mixes ranks"
    if len(tiles) > rules.max_group_size:
        return (
            "group_too_large",
            f"a group has at most {rules.max_group_size} tiles, this one has {len(tiles)}",
        )
    present = [tile.suit for tile in naturals]
    all_suits = suits_of(rules.piece_set)
    if rules.group_distinct_suits:
        if len(set(present)) != len(present):
            return "repeated_suit", "the suits of a group must all differ: " + _listing(naturals)
        missing = tuple(suit for suit in all_suits if suit not in present)
    else:
        missing = all_suits
    substitute = Substitute(rank, missing)
    stands_for = tuple(None if tile.suit is not None else substitute for tile in tiles)
    return MeldReading(MeldKind.GROUP, tuple(tiles), stands_for, (rank,) * len(tiles))


def _read_run(
    tiles: Sequence[Tile], naturals: list[Tile], rules: MeldRules
) -> MeldReading | Failure:
    suit = naturals[0].suit
    assert suit is not None
    if any(tile.suit is not suit for tile in naturals):
        return "mixed_suits", "a run has one suit: " + _listing(naturals) + " mixes suits"
    n = len(tiles)
    if n > MAX_RUN:
        return "too_long", f"a run has at most {MAX_RUN} tiles, this one has {n}"
    low_ranks = [tile.rank for tile in naturals]
    if len(set(low_ranks)) != len(low_ranks):
        return "repeated_rank", "a run cannot hold the same rank twice: " + _listing(naturals)
    # Each reading: (the rank each natural counts as, lowest and highest allowed place).
    # Where aces may be high, a joker may stand for the high ace (Q K j is Q-K-A).
    top = MAX_RUN + 1 if rules.ace_high and 1 not in low_ranks else MAX_RUN
    readings = [(low_ranks, 1, top)]
    if rules.ace_high and 1 in low_ranks:
        readings.append(([14 if r == 1 else r for r in low_ranks], 2, MAX_RUN + 1))
    candidates: list[tuple[list[int], int]] = []
    adjacent = False
    for ranks, bottom, top in readings:
        lo, hi = min(ranks), max(ranks)
        for start in range(max(bottom, hi - n + 1), min(lo, top - n + 1) + 1):
            if rules.forbid_adjacent_jokers and _has_adjacent_jokers(ranks, start, n):
                adjacent = True
                continue
            candidates.append((ranks, start))
    if not candidates:
        if adjacent:
            return "adjacent_jokers", "this profile forbids two jokers side by side in a run"
        if 1 in low_ranks and _fits_around_the_corner(low_ranks, n):
            high = [MAX_RUN + 1 if rank == 1 else rank for rank in low_ranks]
            if rules.piece_set is PieceSet.CARDS and max(high) - min(high) < n:
                return (
                    "wraps_around",
                    "the ace is low only under this profile, so it cannot follow the king "
                    f"(ace_high=True allows Q-K-A): {_listing(naturals)}",
                )
            return (
                "wraps_around",
                "a run does not turn the corner from the highest rank back to 1: "
                + _listing(naturals),
            )
        return "not_consecutive", (
            f"the ranks {_listing(naturals)} do not fit in a run of {n} consecutive places "
            f"with {n - len(naturals)} joker(s)"
        )
    ranks, start = _choose(tiles, candidates)
    by_rank = dict(zip(ranks, naturals, strict=True))
    layout: list[Tile] = []
    stands_for: list[Substitute | None] = []
    for place in range(start, start + n):
        natural = by_rank.get(place)
        layout.append(natural if natural is not None else JOKER)
        stands_for.append(
            None if natural is not None else Substitute((place - 1) % 13 + 1, (suit,))
        )
    return MeldReading(
        MeldKind.RUN, tuple(layout), tuple(stands_for), tuple(range(start, start + n))
    )


def _has_adjacent_jokers(ranks: list[int], start: int, n: int) -> bool:
    present = set(ranks)
    return any(p not in present and p + 1 not in present for p in range(start, start + n - 1))


def _fits_around_the_corner(ranks: list[int], n: int) -> bool:
    """Whether the ranks would fit in ``n`` places if runs could wrap from 13 to 1."""
    ordered = sorted(ranks)
    gaps = [b - a for a, b in itertools.pairwise(ordered)]
    gaps.append(ordered[0] + MAX_RUN - ordered[-1])
    return MAX_RUN - max(gaps) + 1 <= n


def _choose(
    tiles: Sequence[Tile], candidates: list[tuple[list[int], int]]
) -> tuple[list[int], int]:
    if len(candidates) == 1:
        return candidates[0]
    for ranks, start in candidates:
        natural_ranks = iter(ranks)
        if all(
            tile.suit is None or next(natural_ranks) == start + place
            for place, tile in enumerate(tiles)
        ):
            return ranks, start
    leading = next(place for place, tile in enumerate(tiles) if tile.suit is not None)
    return min(candidates, key=lambda c: abs(min(c[0]) - c[1] - leading))


def _listing(tiles: list[Tile]) -> str:
    return " ".join([_notation(tile) for tile in tiles])


_NOTATIONS: Final[dict[int, str]] = {}
"""The notation of each piece by its code, written once: an invalid meld's message lists
its pieces, and a search of plays reads thousands of invalid melds."""


def _notation(tile: Tile) -> str:
    text = _NOTATIONS.get(tile.code)
    if text is None:
        text = _NOTATIONS[tile.code] = str(tile)
    return text
