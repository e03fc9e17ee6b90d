"""Hypothesis strategies for property-based tests of games built on rummikit.

Each strategy takes a rule profile (or its registered name) and generates values that obey
it: pieces of its deck, valid runs and groups, racks, and tables that fit in the deck. Use
them to test your own game code against the rules, for example::

    from hypothesis import given
    import rummikit as rk
    from rummikit.testing import melds

    @given(melds("pagat"))
    def test_my_table_accepts_every_valid_meld(meld):
        assert my_table.accepts(meld)

Needs hypothesis, an optional dependency: ``pip install rummikit[test]``.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from typing import TypeVar

try:
    from hypothesis import assume
    from hypothesis import strategies as st
except ImportError as error:  # pragma: no cover - exercised only without hypothesis
    raise ImportError(
        "rummikit.testing needs hypothesis, an optional dependency: pip install rummikit[test]"
    ) from error

from rummikit import profiles
from rummikit.errors import InvalidArgument, brief
from rummikit.meld import Meld, MeldKind
from rummikit.pieces import JOKER, RANKS, Tile, suits_of
from rummikit.profile import RuleProfile
from rummikit.reading import MAX_RUN

T = TypeVar("T")

__all__ = [
    "groups",
    "melds",
    "naturals",
    "player_racks",
    "racks",
    "runs",
    "tables",
    "tiles",
]

_DEFAULT_MAX_MELDS = 6


def _profile(profile: RuleProfile | str) -> RuleProfile:
    return profiles.get(profile)


def _joker_budget(profile: RuleProfile, jokers: bool) -> int:
    _need_flag(jokers)
    return profile.jokers if jokers else 0


def _need_flag(jokers: object) -> None:
    if type(jokers) is not bool:
        raise InvalidArgument("bad_jokers", f"jokers is True or False, not {brief(jokers)}")


def _bounds(
    names: tuple[str, str], low: int, high: int, min_value: int | None, max_value: int | None
) -> tuple[int, int]:
    """``(min_value, max_value)`` with defaults ``low`` and ``high``, checked to be whole
    numbers within them; ``names`` are the arguments, named in the message."""
    least, most = names
    for name, value in ((least, min_value), (most, max_value)):
        if value is not None and type(value) is not int:
            raise InvalidArgument("bad_bounds", f"{name} is a whole number, not {brief(value)}")
    lo = low if min_value is None else min_value
    hi = high if max_value is None else max_value
    if not low <= lo <= hi <= high:
        raise InvalidArgument(
            "bad_bounds",
            f"{least} and {most} must satisfy {low} <= {least} <= {most} <= {high} for this "
            f"profile, not {least}={brief(lo)}, {most}={brief(hi)}",
        )
    return lo, hi


# Strategies are cached: building one costs far more than drawing from it, and the
# composites below draw from many small ones for every example.
_cache = functools.lru_cache(maxsize=4096)


@_cache
def _integers(low: int, high: int) -> st.SearchStrategy[int]:
    return st.integers(low, high)


@_cache
def _choice(values: tuple[T, ...]) -> st.SearchStrategy[T]:
    return st.sampled_from(values)


@_cache
def _orders(values: tuple[T, ...]) -> st.SearchStrategy[list[T]]:
    return st.permutations(values)


@_cache
def _index_sets(length: int, limit: int) -> st.SearchStrategy[set[int]]:
    return st.sets(st.integers(0, length - 1), max_size=limit)


def _rank_at(place: int) -> int:
    """The rank of the piece at a run place; place 14 is the high ace."""
    return place if place <= MAX_RUN else 1


def _run_fits(rank: int, length: int, profile: RuleProfile) -> bool:
    """Whether one natural of ``rank`` and ``length - 1`` jokers can form a run."""
    if length > MAX_RUN:
        return False
    places = [rank, 14] if profile.ace_high and rank == 1 else [rank]
    top = 14 if profile.ace_high else MAX_RUN
    for place in places:
        for start in range(max(1, place - length + 1), min(place, top - length + 1) + 1):
            empty = [p for p in range(start, start + length) if p != place]
            adjacent = any(b - a == 1 for a, b in itertools.pairwise(empty))
            if not (profile.forbid_adjacent_jokers and adjacent):
                return True
    return False


def _joker_places(draw: st.DrawFn, length: int, budget: int, no_adjacent: bool) -> set[int]:
    """Indices of the jokers in a run of ``length``: at most ``budget``, one natural left."""
    limit = min(budget, length - 1)
    if limit <= 0:
        return set()
    wanted = draw(_index_sets(length, limit))
    if not no_adjacent:
        return wanted
    kept: set[int] = set()
    for index in sorted(wanted):
        if index - 1 not in kept:
            kept.add(index)
    return kept


@_cache
@st.composite
def _runs(
    draw: st.DrawFn, profile: RuleProfile, joker_budget: int, min_length: int, max_length: int
) -> Meld:
    suit = draw(_choice(suits_of(profile.piece_set)))
    length = draw(_integers(min_length, max_length))
    top = 14 if profile.ace_high else MAX_RUN
    start = draw(_integers(1, top - length + 1))
    joker_at = _joker_places(draw, length, joker_budget, profile.forbid_adjacent_jokers)
    pieces = [
        JOKER if index in joker_at else Tile(suit, _rank_at(start + index))
        for index in range(length)
    ]
    ambiguous = length - len(joker_at) == 1 and length <= profile.max_group_size
    return Meld(pieces, MeldKind.RUN if ambiguous else None)


@_cache
@st.composite
def _group_melds(
    draw: st.DrawFn, profile: RuleProfile, joker_budget: int, min_size: int, max_size: int
) -> Meld:
    rank = draw(_choice(tuple(RANKS)))
    size = draw(_integers(min_size, max_size))
    joker_count = draw(_integers(0, min(joker_budget, size - 1)))
    natural_count = size - joker_count
    suits = suits_of(profile.piece_set)
    if profile.group_distinct_suits:
        chosen = draw(_orders(suits))[:natural_count]
    else:
        copies = tuple(suit for suit in suits for _ in range(profile.copies))
        chosen = draw(_orders(copies))[:natural_count]
    pieces = draw(_orders((*(Tile(suit, rank) for suit in chosen), *[JOKER] * joker_count)))
    ambiguous = natural_count == 1 and _run_fits(rank, size, profile)
    return Meld(pieces, MeldKind.GROUP if ambiguous else None)


def tiles(profile: RuleProfile | str) -> st.SearchStrategy[Tile]:
    """Any piece of the profile's deck: its naturals, and the joker when the deck has one."""
    deck = sorted(set(_profile(profile).deck))
    return st.sampled_from(deck)


def naturals(profile: RuleProfile | str) -> st.SearchStrategy[Tile]:
    """A natural piece (not a joker) of the profile's deck."""
    return st.sampled_from(sorted({tile for tile in _profile(profile).deck if not tile.is_joker}))


def runs(
    profile: RuleProfile | str,
    *,
    jokers: bool = True,
    min_length: int | None = None,
    max_length: int | None = None,
) -> st.SearchStrategy[Meld]:
    """Valid runs of the profile, listed from low to high with each joker in its place.

    Respects the profile: ace high (Q-K-A) where allowed and never wrapping, no more jokers
    than the deck holds (none if ``jokers`` is false), no two side by side when the profile
    forbids it, and at least one natural. The kind is declared ``run`` when the tiles could
    also be read as a group. Lengths default to the profile's minimum up to 13.
    """
    profile = _profile(profile)
    low, high = _bounds(
        ("min_length", "max_length"), profile.min_meld_length, MAX_RUN, min_length, max_length
    )
    return _runs(profile, _joker_budget(profile, jokers), low, high)


def groups(
    profile: RuleProfile | str,
    *,
    jokers: bool = True,
    min_size: int | None = None,
    max_size: int | None = None,
) -> st.SearchStrategy[Meld]:
    """Valid groups of the profile, in any order.

    Suits all differ where the profile requires it (else no piece appears more often than the
    deck has copies), no more jokers than the deck holds, at least one natural. The kind is
    declared ``group`` when the tiles could also be read as a run.
    """
    profile = _profile(profile)
    low, high = _bounds(
        ("min_size", "max_size"),
        profile.min_meld_length,
        profile.max_group_size,
        min_size,
        max_size,
    )
    return _group_melds(profile, _joker_budget(profile, jokers), low, high)


def melds(profile: RuleProfile | str, *, jokers: bool = True) -> st.SearchStrategy[Meld]:
    """Valid melds of the profile: runs and groups (see :func:`runs` and :func:`groups`)."""
    return st.one_of(runs(profile, jokers=jokers), groups(profile, jokers=jokers))


def racks(
    profile: RuleProfile | str, *, min_size: int = 0, max_size: int | None = None
) -> st.SearchStrategy[list[Tile]]:
    """A rack: pieces of the deck, no piece more often than the deck holds it.

    ``max_size`` defaults to the profile's hand size; racks come sorted.
    """
    deck = _profile(profile).deck
    size = _profile(profile).hand_size if max_size is None else max_size
    low, high = _bounds(("min_size", "max_size"), 0, len(deck), min_size, size)
    return st.lists(st.integers(0, len(deck) - 1), unique=True, min_size=low, max_size=high).map(
        lambda indices: [deck[index] for index in sorted(indices)]
    )


@_cache
def _index_lists(size: int, min_size: int, max_size: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, size - 1), unique=True, min_size=min_size, max_size=max_size)


@st.composite
def _player_racks(
    draw: st.DrawFn,
    profile: RuleProfile,
    min_players: int,
    max_players: int,
    min_size: int,
    max_size: int,
) -> dict[int, list[Tile]]:
    deck = profile.deck
    count = draw(_integers(min_players, max_players))
    taken: set[int] = set()
    result: dict[int, list[Tile]] = {}
    for player in range(count):
        # only one player can go out in a round: once a rack is empty, the others hold pieces
        least = min_size if all(result.values()) else max(1, min_size)
        mine = [i for i in draw(_index_lists(len(deck), least, max_size)) if i not in taken]
        # pieces another player already holds are replaced by the first free ones
        free = (i for i in range(len(deck)) if i not in taken and i not in mine)
        mine.extend(itertools.islice(free, max(0, least - len(mine))))
        taken.update(mine)
        result[player] = [deck[index] for index in sorted(mine)]
    return result


def player_racks(
    profile: RuleProfile | str,
    *,
    min_players: int | None = None,
    max_players: int | None = None,
    min_size: int = 0,
    max_size: int | None = None,
) -> st.SearchStrategy[dict[int, list[Tile]]]:
    """The racks of players 0, 1, ... at the end of a round: together they fit in the deck.

    The number of players defaults to the profile's range, the pieces per rack to 0 up to its
    hand size. With ``min_size=0`` at most one rack is empty (only one player can go out in a
    round); with ``min_size=1`` set one to ``[]`` yourself for a player who went out.
    """
    profile = _profile(profile)
    _bounds(("min_players", "max_players"), 1, 8, min_players, max_players)
    low = profile.min_players if min_players is None else min_players
    high = max(low, profile.max_players) if max_players is None else max_players
    low, high = _bounds(("min_players", "max_players"), 1, 8, low, high)
    fits = len(profile.deck) // high
    if max_size is None and profile.hand_size > fits:
        raise InvalidArgument(
            "bad_bounds",
            f"{high} racks of up to {profile.hand_size} pieces (the hand size) do not fit in the "
            f"deck of {len(profile.deck)}: lower max_players, or pass max_size of at most {fits}",
        )
    size = profile.hand_size if max_size is None else max_size
    least, most = _bounds(("min_size", "max_size"), 0, fits, min_size, size)
    if most == 0 and high > 1:
        raise InvalidArgument(
            "bad_bounds",
            "max_size=0 leaves every rack empty, but only one player can go out in a round",
        )
    return _player_racks(profile, low, high, least, most)


@_cache
def _any_melds(profile: RuleProfile, joker_budget: int) -> st.SearchStrategy[Meld]:
    return st.one_of(
        _runs(profile, joker_budget, profile.min_meld_length, MAX_RUN),
        _group_melds(profile, joker_budget, profile.min_meld_length, profile.max_group_size),
    )


@st.composite
def _tables(
    draw: st.DrawFn, profile: RuleProfile, jokers: bool, min_melds: int, max_melds: int
) -> list[Meld]:
    wanted = draw(_integers(min_melds, max_melds))
    left = Counter(profile.deck)
    table: list[Meld] = []
    for _ in range(2 * wanted):
        if len(table) == wanted:
            break
        meld = draw(_any_melds(profile, left[JOKER] if jokers else 0))
        needed = Counter(meld.tiles)
        if all(left[tile] >= count for tile, count in needed.items()):
            left -= needed
            table.append(meld)
    assume(len(table) >= min_melds)
    return table


def tables(
    profile: RuleProfile | str,
    *,
    jokers: bool = True,
    min_melds: int = 0,
    max_melds: int = _DEFAULT_MAX_MELDS,
) -> st.SearchStrategy[list[Meld]]:
    """Lists of valid melds that together fit in the profile's deck (a possible table)."""
    profile = _profile(profile)
    _need_flag(jokers)
    low, high = _bounds(("min_melds", "max_melds"), 0, len(profile.deck), min_melds, max_melds)
    return _tables(profile, jokers, low, high)
