"""Standard rummy's table (source 004): new melds and lay-offs onto any meld, never a meld
rearranged, split or shrunk (l. 34), groups ignoring suits (l. 13), no opening threshold.
The judge refuses the rest with its usual codes; a property checks that no rearrangement
is ever accepted.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

import rummikit as rk
from rummikit.profiles import STANDARD_RUMMY
from rummikit.testing import melds

TWO_DECKS = STANDARD_RUMMY.evolve(name="standard_two_decks", copies=2, extra_deck_from=None)
JOKERS = STANDARD_RUMMY.evolve(name="standard_jokers", jokers=2)


def codes(
    before: str,
    rack: str,
    after: str,
    profile: rk.RuleProfile = STANDARD_RUMMY,
    opened: bool = True,
) -> tuple[str, ...]:
    return profile.check_turn(before=before, rack=rack, after=after, opened=opened).codes


def test_source_004_l34_lay_off_onto_any_meld() -> None:
    # "si la combinaison d'un joueur quelconque comprend 7♣8♣9♣10♣, vous pouvez y ajouter
    # un 6♣ ou un J♣"
    assert codes("7c 8c 9c 10c", "6c Jc", "6c 7c 8c 9c 10c Jc") == ()
    assert codes("7c 8c 9c 10c | 5s 5h 5d", "Jc 5c", "7c 8c 9c 10c Jc | 5s 5h 5d 5c") == ()


def test_source_004_l33_any_number_of_melds_and_no_opening_threshold() -> None:
    # "Il n'y a aucune limite au nombre de combinaisons que vous pouvez poser par tour"
    assert codes("", "7s 7h 7d 5c 6c 7c 8c", "7s 7h 7d | 5c 6c 7c 8c", opened=False) == ()
    assert codes("", "Ah 2h 3h", "Ah 2h 3h", opened=False) == ()


@pytest.mark.parametrize(
    ("before", "rack", "after", "expected"),
    [
        # "Vous ne pouvez pas réorganiser ni diviser les combinaisons existantes"
        (
            "4c 5c 6c 7c 8c 9c",
            "Kd",
            "4c 5c 6c | 7c 8c 9c",
            ("no_rack_tile", "rearrangement_forbidden"),
        ),
        (
            "4c 5c 6c | 7c 8c 9c",
            "",
            "4c 5c 6c 7c 8c 9c",
            ("no_rack_tile", "rearrangement_forbidden"),
        ),
        ("4c 5c 6c | 7c 8c 9c", "10c", "4c 5c 6c 7c 8c 9c 10c", ("rearrangement_forbidden",)),
        (
            "4c 5c 6c 7c | 7s 7h 7d",
            "7d",
            "4c 5c 6c | 7s 7h 7d 7c | 7d",
            ("invalid_meld", "rearrangement_forbidden"),
        ),
        (
            "4c 5c 6c 7c | 7s 7h 7d",
            "8c",
            "4c 5c 6c | 7s 7h 7d 7c",
            ("no_rack_tile", "rearrangement_forbidden"),
        ),
        (
            "4c 5c 6c 7c",
            "8c",
            "4c 5c 6c 8c",
            ("table_tile_to_rack", "invalid_meld", "rearrangement_forbidden"),
        ),
        (
            "4c 5c 6c 7c",
            "2d",
            "4c 5c 6c",
            ("no_rack_tile", "table_tile_to_rack", "rearrangement_forbidden"),
        ),
        ("4c 5c 6c", "3c 2c", "2c 3c 4c | 5c 6c", ("invalid_meld", "rearrangement_forbidden")),
        ("7s 7h 7d", "7c 8c 9c", "7s 7h 7d | 7c 8c 9c", ()),  # a new meld beside: fine
        (
            "7s 7h 7d",
            "8c 9c",
            "7s 7h | 7d 8c 9c",
            ("invalid_meld", "invalid_meld", "rearrangement_forbidden"),
        ),
    ],
)
def test_source_004_l34_no_meld_is_rearranged_split_or_shrunk(
    before: str, rack: str, after: str, expected: tuple[str, ...]
) -> None:
    assert sorted(codes(before, rack, after)) == sorted(expected)


def test_source_004_l13_groups_ignore_suits_up_to_four() -> None:
    # "Les groupes (trois ou quatre du même rang) ignorent les couleurs"
    assert codes("", "7s 7s 7h", "7s 7s 7h", TWO_DECKS) == ()
    assert codes("7s 7s 7h", "7h", "7s 7s 7h 7h", TWO_DECKS) == ()
    assert codes("7s 7s 7h 7h", "7d", "7s 7s 7h 7h 7d", TWO_DECKS) == ("invalid_meld",)


def test_a_joker_laid_off_onto_a_group_holding_one() -> None:
    # a table only extended keeps its jokers in place: Pagat's frozen rule asks nothing more
    assert codes("2s 2h j", "j", "2s 2h j j", JOKERS) == ()
    assert codes("5h j 7h", "j", "5h j 7h j", JOKERS) == ()
    layoffs = rk.profiles.get("pagat").evolve(table_manipulation=False)
    assert codes("r2 b2 j", "j", "r2 b2 j j", layoffs) == ()


# -- property: no rearrangement is ever accepted ----------------------------------------------


def _kept(old: rk.Meld, new: rk.Meld, profile: rk.RuleProfile) -> bool:
    """Whether ``new`` holds ``old`` extended in place: its pieces, and for a run each at its
    place."""
    if Counter(old.tiles) - Counter(new.tiles):
        return False
    was, now = profile.read_meld(old), profile.read_meld(new)
    if was.kind is not now.kind:
        return False
    if was.kind is rk.MeldKind.GROUP:
        return True
    places = dict(zip(now.ranks, now.layout, strict=True))
    return all(places.get(r) == t for r, t in zip(was.ranks, was.layout, strict=True))


def _homes_exist(profile: rk.RuleProfile, before: rk.TableState, after: rk.TableState) -> bool:
    """Whether each old meld has a meld of its own after the turn keeping it (by trying
    every assignment: the tables are small)."""
    olds, news = list(before.melds), list(after.melds)

    def place(i: int, used: frozenset[int]) -> bool:
        if i == len(olds):
            return True
        return any(
            place(i + 1, used | {j})
            for j, new in enumerate(news)
            if j not in used and _kept(olds[i], new, profile)
        )

    return place(0, frozenset())


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(table=st.lists(melds(JOKERS), min_size=1, max_size=2), data=st.data())
def test_no_rearrangement_is_ever_accepted(table: list[rk.Meld], data: st.DataObject) -> None:
    # the solver tests' brute force enumerates the tables; imported here, once every
    # conftest is loaded, so that pytest rewrites its asserts as that folder asks
    from tests.solver._brute import _partitions, _subsets

    before = rk.TableState(table)
    # hand cards that fit the table's melds more often than not: same rank, next ranks
    near = [
        rk.Tile(tile.suit, rank)
        for tile in before.tiles
        if tile.suit is not None
        for rank in (tile.rank - 1, tile.rank, tile.rank + 1)
        if 1 <= rank <= 13
    ]
    pieces = st.sampled_from(near) | st.sampled_from(JOKERS.deck) | st.just(rk.JOKER)
    extra = data.draw(st.lists(pieces, max_size=3), label="hand")
    deck = Counter(JOKERS.deck_for(JOKERS.max_players))
    assume(not (before.tiles + Counter(extra)) - deck)
    accepted = 0
    for laid in [Counter(), *_subsets(extra)]:
        pool = before.tiles + laid
        if sum(pool.values()) > 10:
            continue
        for melds_after in itertools.islice(_partitions(JOKERS, pool), 30):
            after = rk.TableState(melds_after)
            verdict = JOKERS.check_turn(before=before, rack=extra, after=after, opened=True)
            if verdict.ok:
                accepted += 1
                assert _homes_exist(JOKERS, before, after), (str(before), str(after))
            else:
                assert set(verdict.codes) <= {"rearrangement_forbidden", "no_rack_tile"}
    event(f"accepted plays: {min(accepted, 3)}")
