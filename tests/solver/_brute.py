"""What the solver's tests share: a brute force, the judged check of a play, positions.

The brute force here is written independently of the solver: it enumerates the sub-multisets
of the rack, best first, and partitions the table plus those pieces into melds by
backtracking, each candidate meld checked with ``profile.is_valid_meld`` (and, where the
profile's turn rules matter, each whole table checked with the turn judge).

:func:`_checked` solves and checks the play with the turn judge; :func:`_position` and
:func:`_variants` draw positions small enough for the brute force and rule variants;
:func:`_spy_on_sweeps` records the runs of the general sweep.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, assume, settings
from hypothesis import strategies as st

import rummikit as rk
from rummikit.pieces import JOKER, Tile, suits_of
from rummikit.solver import Solution, solve
from rummikit.solver._dispatch import (
    _solve_general as _general_sweep,  # kept when a test spies on it
)
from rummikit.testing import groups, racks, runs

PROFILES = ("online", "pagat", "rami_voleur")


# -- brute force ------------------------------------------------------------------------


def _candidate_melds(
    profile: rk.RuleProfile, pool: Counter[Tile], first: Tile
) -> Iterator[rk.Meld]:
    """Every valid meld holding ``first`` drawn from ``pool``, in every joker layout."""
    top = 14 if profile.ace_high else 13
    suit = first.suit
    jokers = pool[JOKER]
    places = [first.rank] + ([14] if profile.ace_high and first.rank == 1 else [])
    for place in places:
        for low in range(max(1, place - 12), place + 1):
            for high in range(
                max(place, low + profile.min_meld_length - 1), min(top, low + 12) + 1
            ):
                # every other place holds its natural or a joker: the places whose natural
                # is not in the pool take jokers, and any others may take the jokers left
                slots = {p: Tile(suit, p if p <= 13 else 1) for p in range(low, high + 1)}
                del slots[place]
                held = [p for p, tile in slots.items() if pool[tile] - (tile == first) > 0]
                missing = len(slots) - len(held)
                if missing > jokers:
                    break  # a longer run misses at least as many
                for extra in range(min(jokers - missing, len(held)) + 1):
                    for as_jokers in itertools.combinations(held, extra):
                        layout = [
                            first
                            if p == place
                            else (slots[p] if p in held and p not in as_jokers else JOKER)
                            for p in range(low, high + 1)
                        ]
                        if Counter(layout) - pool:
                            continue
                        meld = rk.Meld(layout, rk.MeldKind.RUN)
                        if profile.is_valid_meld(meld):
                            yield meld
    # the other naturals of its rank that may join it: one of each other suit, or where
    # a group may repeat a suit, every copy (of its own suit too)
    others = {
        Tile(s, first.rank): pool[Tile(s, first.rank)] - (s == suit)
        for s in suits_of(profile.piece_set)
        if not profile.group_distinct_suits or s != suit
    }
    if profile.group_distinct_suits:
        others = {tile: min(count, 1) for tile, count in others.items()}
    kinds = [tile for tile, count in others.items() if count > 0]
    for counts in itertools.product(*(range(others[tile] + 1) for tile in kinds)):
        combo = [tile for tile, n in zip(kinds, counts, strict=True) for _ in range(n)]
        for jokers in range(pool[JOKER] + 1):
            meld = rk.Meld([first, *combo, *[JOKER] * jokers], rk.MeldKind.GROUP)
            if profile.is_valid_meld(meld):
                yield meld


def _partitions(profile: rk.RuleProfile, pool: Counter[Tile]) -> Iterator[list[rk.Meld]]:
    pool = +pool
    if not pool:
        yield []
        return
    naturals = [t for t in pool if not t.is_joker]
    if not naturals:
        return
    first = min(naturals, key=lambda t: t.sort_key)
    for meld in _candidate_melds(profile, pool, first):
        for rest in _partitions(profile, pool - Counter(meld.tiles)):
            yield [meld, *rest]


@functools.cache
def _splits(profile: rk.RuleProfile, key: tuple[tuple[int, int], ...]) -> bool:
    pool = Counter({rk.pieces.tile_from_code(code): count for code, count in key})
    return next(_partitions(profile, pool), None) is not None


def _key(pool: Counter[Tile]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((t.code, n) for t, n in pool.items() if n))


def _score(profile: rk.RuleProfile, tiles: Counter[Tile], objective: str) -> int:
    if objective == "tiles":
        return sum(tiles.values())
    return sum(profile.piece_value(t) * n for t, n in tiles.items())


def _subsets(rack: list[Tile]) -> list[Counter[Tile]]:
    items = list(Counter(rack).items())
    found = []
    for counts in itertools.product(*[range(n + 1) for _, n in items]):
        chosen = Counter({t: k for (t, _), k in zip(items, counts, strict=True) if k})
        if chosen:
            found.append(chosen)
    return found


def brute_free(
    profile: rk.RuleProfile, table: rk.TableState, rack: list[Tile], objective: str
) -> int:
    """Best score when every rearrangement is allowed (opened, jokers free)."""
    best = 0
    for chosen in _subsets(rack):
        score = _score(profile, chosen, objective)
        if score > best and _splits(profile, _key(table.tiles + chosen)):
            best = score
    return best


def brute_judged(
    profile: rk.RuleProfile, table: rk.TableState, rack: list[Tile], opened: bool, objective: str
) -> int:
    """Best score of a table the turn judge accepts (openings, frozen jokers)."""
    ranked = sorted(_subsets(rack), key=lambda c: -_score(profile, c, objective))
    for chosen in ranked:
        for melds in _partitions(profile, table.tiles + chosen):
            after = rk.TableState(melds)
            if profile.check_turn(before=table, rack=rack, after=after, opened=opened).ok:
                return _score(profile, chosen, objective)
    return 0


# -- helpers ----------------------------------------------------------------------------


def _fits(profile: rk.RuleProfile, table: rk.TableState, rack: list[Tile]) -> bool:
    return not (table.tiles + Counter(rack)) - Counter(profile.deck)


def _checked(
    profile: str | rk.RuleProfile,
    table: str | rk.TableState,
    rack: str | list[Tile],
    *,
    opened: bool = True,
    objective: str = "tiles",
    keep_table: bool = True,
) -> Solution | None:
    profile = rk.profiles.get(profile)
    found = solve(profile, table, rack, opened=opened, objective=objective, keep_table=keep_table)  # type: ignore[arg-type]
    if found is not None:
        verdict = profile.check_turn(before=table, rack=rack, after=found.table, opened=opened)
        assert verdict.ok, (str(found.table), verdict.codes)
        played = profile.as_table(found.table).tiles - profile.as_table(table).tiles
        assert Counter(found.played) == played
        assert found.score == _score(profile, played, objective)
    return found


def _score_of(found: Solution | None) -> int:
    return 0 if found is None else found.score


def _spy_on_sweeps(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Record, for each run of the general sweep, whether it was for an opened player."""
    from rummikit.solver import _dispatch as engines

    sweeps: list[bool] = []

    def counted(profile: Any, before: Any, pieces: Any, opened: bool, *args: Any, **kw: Any) -> Any:
        sweeps.append(opened)
        return _general_sweep(profile, before, pieces, opened, *args, **kw)

    monkeypatch.setattr(engines, "_solve_general", counted)
    return sweeps


# -- positions where the rack meets the table ---------------------------------------------
# Random racks rarely touch a random table; these draw short melds and rack pieces at or next
# to the table's values, so that the pieces interact (groups filling up, runs growing, jokers
# changing place) while the brute force stays small.


@st.composite
def _small_tables(
    draw: st.DrawFn, profile: rk.RuleProfile, max_melds: int, max_tiles: int
) -> rk.TableState:
    melds = st.one_of(runs(profile, max_length=5), groups(profile))
    left = Counter(profile.deck)
    table: list[rk.Meld] = []
    for meld in draw(st.lists(melds, min_size=1, max_size=max_melds)):
        needed = Counter(meld.tiles)
        if not needed - left and sum(len(m) for m in table) + len(meld) <= max_tiles:
            left -= needed
            table.append(meld)
    return rk.TableState(table)


@st.composite
def _near_racks(
    draw: st.DrawFn, profile: rk.RuleProfile, table: rk.TableState, max_size: int
) -> list[Tile]:
    values = sorted({t.rank for t in table.tiles if not t.is_joker}) or [1, 7, 13]
    suits = suits_of(profile.piece_set)
    near = st.builds(
        lambda v, d, s: Tile(s, (v + d - 1) % 13 + 1),  # round the corner: K A with ace high
        st.sampled_from(values),
        st.sampled_from((0, 0, -1, 1, 2)),
        st.sampled_from(suits),
    )
    pieces = st.one_of(near, near, near, st.sampled_from(profile.deck), st.just(JOKER))
    spare = Counter(profile.deck) - table.tiles
    rack = []
    size = draw(st.sampled_from(range(1, max_size + 1)))
    for tile in draw(st.lists(pieces, min_size=size, max_size=size)):
        if spare[tile] > 0:
            spare[tile] -= 1
            rack.append(tile)
    return rack


def _position(
    data: st.DataObject, profile: rk.RuleProfile, max_melds: int, max_tiles: int, max_rack: int
) -> tuple[rk.TableState, list[Tile]]:
    """A table and a rack that fit in the deck, the rack mostly near the table's values."""
    table = data.draw(_small_tables(profile, max_melds, max_tiles))
    near = _near_racks(profile, table, max_rack)
    rack = data.draw(st.one_of(near, near, near, racks(profile, min_size=1, max_size=max_rack)))
    assume(_fits(profile, table, rack))
    return table, rack


SMALL = settings(
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    deadline=None,
)


# -- rule variants ----------------------------------------------------------------------


@st.composite
def _variants(draw: st.DrawFn, name: str) -> rk.RuleProfile:
    """The built-in profile ``name`` with some turn, opening and joker rules changed."""
    base = rk.profiles.get(name)
    changes: dict[str, Any] = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "opening_table_play": st.booleans(),
                "opening_joker_value": st.sampled_from(rk.OpeningJokerValue),
                "opening_min_points": st.sampled_from([6, 15, 30]),
                "table_manipulation": st.booleans(),
                "joker_policy": st.sampled_from(rk.JokerPolicy),
                "freed_joker": st.sampled_from(rk.FreedJoker),
                "forbid_adjacent_jokers": st.booleans(),
                "joker_replacement_from_table": st.booleans(),
                "joker_group3_both_colours": st.booleans(),
                # (these four hid a bug each until a review's fuzzing found them)
                "group_distinct_suits": st.booleans(),
                "min_rack_tiles_per_play": st.sampled_from([1, 2]),
                "min_meld_length": st.sampled_from([3, 4]),
                "joker_penalty": st.sampled_from([0, 30]),
            },
        )
    )
    try:
        return attrs.evolve(base, name=f"{name}_variant", **changes)
    except rk.InvalidOption:
        assume(False)
        raise
