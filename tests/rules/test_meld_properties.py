"""Properties of meld reading (matrix rows 3, 5, 23-27 and D1, D9), for the built-in
profiles and evolved variants (:mod:`tests.variants`).

Generated melds (:mod:`rummikit.testing`) with one or two small changes are read as a small
reference reader written from the matrix (:mod:`tests.rules.reference`) says they should be;
neither the order of the pieces nor a joker standing in for a natural changes a reading.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import assume, event, given
from hypothesis import strategies as st

import rummikit as rk
from rummikit.pieces import suits_of
from rummikit.testing import groups, melds, naturals, runs, tiles
from tests.rules.reference import (
    GROUP,
    RUN,
    _rank_at,
    _top,
    check_against_reference,
    natural_indices,
    reference_kinds,
    rejected,
)
from tests.variants import (
    BY_NAME,
    by_profile,
    by_profile_with_distinct_suits,
    by_profile_with_jokers,
)

# -- corruptions are refused -----------------------------------------------------------------


@by_profile
@given(data=st.data())
def test_a_run_with_a_tile_of_another_suit_is_refused(name: str, data: st.DataObject) -> None:
    profile = BY_NAME[name]
    meld = data.draw(runs(profile))
    indices = natural_indices(meld)
    assume(len(indices) >= 2)
    index = data.draw(st.sampled_from(indices))
    old = meld.tiles[index]
    suit = data.draw(st.sampled_from([s for s in suits_of(profile.piece_set) if s != old.suit]))
    tiles = list(meld.tiles)
    tiles[index] = rk.Tile(suit, old.rank)
    corrupted = rk.Meld(tiles, meld.kind)
    assert not reference_kinds(corrupted.tiles, profile)
    rejected(profile, corrupted, {"mixed_suits", "mixed_ranks"})


@by_profile
@given(data=st.data())
def test_a_gap_in_a_run_is_refused_unless_jokers_close_it(name: str, data: st.DataObject) -> None:
    profile = BY_NAME[name]
    meld = data.draw(runs(profile))
    places = profile.read_meld(meld).ranks
    indices = natural_indices(meld)
    assume(len(indices) >= 2)
    cut = data.draw(st.sampled_from(indices[1:]))
    above = [i for i in indices if i >= cut]
    below = [i for i in indices if i < cut]
    if places[above[-1]] < _top(profile):
        shifted, step = above, 1
    else:
        assume(places[below[0]] > 1)
        shifted, step = below, -1
    suit = meld.tiles[indices[0]].suit
    tiles = list(meld.tiles)
    for i in shifted:
        tiles[i] = rk.Tile(suit, _rank_at(places[i] + step))
    corrupted = rk.Meld(tiles, meld.kind)
    if reference_kinds(corrupted.tiles, profile):
        event("the jokers close the gap")
        assert profile.read_meld(corrupted).kind is RUN
    else:
        plausible = {"not_consecutive", "wraps_around", "repeated_rank", "adjacent_jokers"}
        rejected(profile, corrupted, plausible)


@by_profile_with_distinct_suits
@given(data=st.data())
def test_a_group_with_a_repeated_suit_is_refused(name: str, data: st.DataObject) -> None:
    profile = BY_NAME[name]
    meld = data.draw(groups(profile))
    indices = natural_indices(meld)
    assume(len(indices) >= 2)
    target, source = data.draw(st.permutations(indices))[:2]
    tiles = list(meld.tiles)
    tiles[target] = tiles[source]
    corrupted = rk.Meld(tiles, meld.kind)
    profile.check_in_deck(corrupted.tiles)
    rejected(profile, corrupted, {"repeated_suit"})


@by_profile
@given(data=st.data())
def test_a_group_cannot_grow_past_its_largest_size(name: str, data: st.DataObject) -> None:
    profile = BY_NAME[name]
    meld = data.draw(groups(profile, min_size=profile.max_group_size))
    rank = next(tile.rank for tile in meld.tiles if not tile.is_joker)
    extras = [rk.Tile(suit, rank) for suit in suits_of(profile.piece_set)]
    if profile.jokers > meld.tiles.count(rk.JOKER):  # one more would be too many copies
        extras.append(rk.JOKER)
    extra = data.draw(st.sampled_from(extras))
    position = data.draw(st.integers(0, len(meld)))
    tiles = list(meld.tiles)
    tiles.insert(position, extra)
    corrupted = rk.Meld(tiles, meld.kind)
    assume(not reference_kinds(corrupted.tiles, profile))
    rejected(profile, corrupted, {"group_too_large", "repeated_suit"})


@by_profile
@given(data=st.data())
def test_a_group_refuses_a_tile_of_another_rank(name: str, data: st.DataObject) -> None:
    profile = BY_NAME[name]
    meld = data.draw(groups(profile))
    rank = next(tile.rank for tile in meld.tiles if not tile.is_joker)
    extra = data.draw(naturals(profile).filter(lambda tile: tile.rank != rank))
    tiles = list(meld.tiles)
    tiles.insert(data.draw(st.integers(0, len(meld))), extra)
    corrupted = rk.Meld(tiles, meld.kind)
    assert GROUP not in reference_kinds(corrupted.tiles, profile)
    assume(not reference_kinds(corrupted.tiles, profile) or meld.kind is GROUP)
    rejected(
        profile,
        corrupted,
        {
            "mixed_ranks",
            "repeated_rank",
            "mixed_suits",
            "not_consecutive",
            "group_too_large",
            "adjacent_jokers",
            "wraps_around",  # r13 j j with r1: read as a run, it turns the corner
        },
    )


@by_profile
@given(data=st.data())
def test_a_run_refuses_a_tile_it_already_has_or_a_fourteenth(
    name: str, data: st.DataObject
) -> None:
    profile = BY_NAME[name]
    meld = data.draw(runs(profile))
    tiles = list(meld.tiles)
    suit = meld.tiles[natural_indices(meld)[0]].suit
    if len(meld) == 13:
        extra = data.draw(st.sampled_from([*tiles, rk.Tile(suit, 1), rk.Tile(suit, 13)]))
        plausible = {"too_long", "repeated_rank"}
    else:
        extra = tiles[data.draw(st.sampled_from(natural_indices(meld)))]
        plausible = {"repeated_rank"}
    tiles.insert(data.draw(st.integers(0, len(tiles))), extra)
    if tiles.count(rk.JOKER) > profile.jokers:
        plausible = {*plausible, "too_many_copies"}
    corrupted = rk.Meld(tiles, meld.kind if meld.kind is not None else RUN)
    assert RUN not in reference_kinds(corrupted.tiles, profile)
    rejected(profile, corrupted, plausible)


@by_profile
@given(data=st.data())
def test_a_meld_shorter_than_the_minimum_is_refused(name: str, data: st.DataObject) -> None:
    profile = BY_NAME[name]
    shortest = profile.min_meld_length
    meld = data.draw(runs(profile, max_length=shortest) | groups(profile, max_size=shortest))
    tiles = list(meld.tiles)
    del tiles[data.draw(st.integers(0, len(tiles) - 1))]
    rejected(profile, rk.Meld(tiles, meld.kind), {"too_short"})


@st.composite
def near_melds(
    draw: st.DrawFn, profile: rk.RuleProfile
) -> tuple[list[rk.Tile], rk.MeldKind | None]:
    """Valid melds with one or two small changes, and short lists of close tiles."""
    if draw(st.booleans()):
        meld = draw(melds(profile))
        pieces = list(meld.tiles)
        for _ in range(draw(st.integers(1, 2))):
            change = draw(st.sampled_from(["suit", "rank", "insert", "delete", "joker", "swap"]))
            index = draw(st.integers(0, len(pieces) - 1)) if pieces else 0
            if change == "insert" or not pieces:
                pieces.insert(index, draw(tiles(profile)))
            elif change == "delete":
                del pieces[index]
            elif change == "joker":
                pieces[index] = rk.JOKER
            elif change == "swap":
                j = draw(st.integers(0, len(pieces) - 1))
                pieces[index], pieces[j] = pieces[j], pieces[index]
            elif not pieces[index].is_joker:
                old = pieces[index]
                if change == "suit":
                    new_suit = draw(st.sampled_from(suits_of(profile.piece_set)))
                    pieces[index] = rk.Tile(new_suit, old.rank)
                else:
                    step = draw(st.sampled_from([-2, -1, 1, 2, 12, -12]))
                    pieces[index] = rk.Tile(old.suit, (old.rank + step - 1) % 13 + 1)
        kind = draw(st.sampled_from([None, meld.kind, RUN, GROUP]))
        return pieces, kind
    low = draw(st.integers(1, 13))
    suits = draw(st.lists(st.sampled_from(suits_of(profile.piece_set)), min_size=1, max_size=2))
    piece = st.one_of(
        st.builds(
            rk.Tile,
            st.sampled_from(suits),
            st.integers(low, low + 4).map(lambda r: (r - 1) % 13 + 1),
        ),
        st.just(rk.JOKER),
    )
    return draw(st.lists(piece, max_size=7)), draw(st.sampled_from([None, RUN, GROUP]))


@by_profile
@given(data=st.data())
def test_the_reader_agrees_with_the_reference_reader(name: str, data: st.DataObject) -> None:
    profile = BY_NAME[name]
    pieces, kind = data.draw(near_melds(profile))
    check_against_reference(profile, pieces, kind)


# -- order, jokers ---------------------------------------------------------------------------


@by_profile
@given(data=st.data())
def test_validity_does_not_depend_on_order(name: str, data: st.DataObject) -> None:
    profile = BY_NAME[name]
    pieces, kind = data.draw(
        st.one_of(near_melds(profile), melds(profile).map(lambda m: (list(m.tiles), m.kind)))
    )
    shuffled = data.draw(st.permutations(pieces))
    try:
        reading = profile.read_meld(pieces, kind)
    except rk.InvalidMeld:
        assert not profile.is_valid_meld(shuffled, kind)
        return
    other = profile.read_meld(shuffled, kind)
    assert other.kind is reading.kind
    assert Counter(t for t in other.layout if not t.is_joker) == Counter(
        t for t in reading.layout if not t.is_joker
    )
    # Only a joker, or an ace where aces may be high (A-K or 2-A, row 3), can take one of two
    # places, and then only the order of the tiles chooses between them.
    movable = rk.JOKER in pieces or (profile.ace_high and any(t.rank == 1 for t in pieces))
    if reading.kind is GROUP or not movable:
        assert other.value == reading.value
    if reading.kind is RUN and not movable:
        assert other.layout == reading.layout


@by_profile_with_jokers
@given(data=st.data())
def test_a_joker_can_stand_in_for_a_natural(name: str, data: st.DataObject) -> None:
    profile = BY_NAME[name]
    meld = data.draw(melds(profile))
    indices = natural_indices(meld)
    jokers_used = len(meld) - len(indices)
    assume(len(indices) >= 2 and jokers_used < profile.jokers)
    before = profile.read_meld(meld)
    index = data.draw(st.sampled_from(indices))
    tiles = list(meld.tiles)
    replaced = tiles[index]
    tiles[index] = rk.JOKER
    if profile.forbid_adjacent_jokers and before.kind is RUN:
        assume(all(not tiles[i].is_joker for i in (index - 1, index + 1) if 0 <= i < len(tiles)))
    kind = before.kind if len(indices) == 2 else meld.kind
    after = profile.read_meld(rk.Meld(tiles, kind))
    assert after.kind is before.kind
    substitute = after.stands_for[index]
    assert substitute is not None
    assert replaced in substitute.tiles
    if before.kind is RUN:
        assert after.ranks == before.ranks
        assert substitute.tile == replaced
