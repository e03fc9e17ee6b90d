"""The solver under standard rummy (source 004): new melds from the hand plus cards laid off
onto the melds on the table, never rearranging them (l. 34: "Vous ne pouvez pas réorganiser
ni diviser les combinaisons existantes"); groups ignore suits (l. 13), at most four cards;
the ace low, or high too as an option (l. 12); no opening threshold.

The brute force here knows only that: it tries each part of the hand, best first, as lay-offs
onto each table meld (cards added at the ends of a run, or to a group) and new melds made of
the rest, each meld checked with ``profile.is_valid_meld``. It does not ask the judge nor the
solver anything.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummikit as rk
from rummikit.pieces import JOKER, Tile
from rummikit.profiles import STANDARD_RUMMY

from ._brute import SMALL, _checked, _partitions, _position, _score, _score_of, _subsets

VARIANTS = {
    "standard": STANDARD_RUMMY,
    "ace_high": STANDARD_RUMMY.evolve(name="standard_ace_high", ace_high=True),
    "jokers": STANDARD_RUMMY.evolve(name="standard_jokers", jokers=2),
    "two_decks": STANDARD_RUMMY.evolve(name="standard_two_decks", copies=2, extra_deck_from=None),
}


# -- brute force -----------------------------------------------------------------------------


def _layoffs(
    profile: rk.RuleProfile, meld: rk.Meld, pool: Counter[Tile]
) -> Iterator[Counter[Tile]]:
    """Every multiset of pieces from ``pool`` that may be laid off onto ``meld`` at once
    (nothing included), the meld kept as it is."""
    yield Counter()
    reading = profile.read_meld(meld)
    if reading.kind is rk.MeldKind.GROUP:
        rank = reading.ranks[0]
        fits = [
            tile
            for tile in pool
            if tile.is_joker
            or (
                tile.rank == rank
                and (
                    not profile.group_distinct_suits
                    or all(t.suit is not tile.suit for t in reading.layout)
                )
            )
        ]
        room = profile.max_group_size - len(meld)
        items = sorted(fits, key=lambda t: t.sort_key)
        for counts in itertools.product(*(range(min(pool[t], room) + 1) for t in items)):
            added = Counter({t: n for t, n in zip(items, counts, strict=True) if n})
            if added and sum(added.values()) <= room:
                grown = rk.Meld([*reading.layout, *added.elements()], rk.MeldKind.GROUP)
                if profile.is_valid_meld(grown):
                    yield added
        return
    suit = reading.suit
    assert suit is not None
    low, high = reading.ranks[0], reading.ranks[-1]
    top = 14 if profile.ace_high else 13
    size = sum(pool.values())
    for below in range(min(low - 1, size) + 1):
        for above in range(min(top - high, size - below) + 1):
            if not below and not above:
                continue
            places = [*range(low - below, low), *range(high + 1, high + above + 1)]
            naturals = [Tile(suit, 1 if p == 14 else p) for p in places]
            # each place holds its own card or a joker, from the pool
            options = [[t for t in (natural, JOKER) if pool[t]] for natural in naturals]
            for pieces in itertools.product(*options):
                added = Counter(pieces)
                if added - pool:
                    continue
                layout = [*pieces[:below], *reading.layout, *pieces[below:]]
                if profile.is_valid_meld(rk.Meld(layout, rk.MeldKind.RUN)):
                    yield added


def _fits(profile: rk.RuleProfile, table: list[rk.Meld], chosen: Counter[Tile]) -> bool:
    """Whether ``chosen`` can be laid off onto ``table``'s melds and laid in new melds."""
    if not table:
        return not chosen or next(_partitions(profile, chosen), None) is not None
    first, rest = table[0], table[1:]
    return any(_fits(profile, rest, chosen - added) for added in _layoffs(profile, first, chosen))


def brute_layoffs(
    profile: rk.RuleProfile, table: rk.TableState, hand: list[Tile], objective: str
) -> int:
    """The best score of a play of new melds and lay-offs, by trying every part of the hand."""
    ranked = sorted(_subsets(hand), key=lambda c: -_score(profile, c, objective))
    for chosen in ranked:
        if _fits(profile, list(table.melds), chosen):
            return _score(profile, chosen, objective)
    return 0


# -- the differential test -------------------------------------------------------------------


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("objective", ["tiles", "points"])
@settings(SMALL, max_examples=40)
@given(data=st.data())
def test_the_solver_finds_the_best_meld_and_lay_off_play(
    variant: str, objective: str, data: st.DataObject
) -> None:
    profile = VARIANTS[variant]
    table, hand = _position(data, profile, max_melds=3, max_tiles=10, max_rack=7)
    best = brute_layoffs(profile, table, hand, objective)
    for opened in (True, False):  # no opening threshold: the same answer either way
        found = _checked(profile, table, hand, opened=opened, objective=objective)
        assert _score_of(found) == best, (str(table), rk.format_tiles(hand), opened)
        assert found is None or found.optimal


# -- examples, each citing the source --------------------------------------------------------


def test_source_004_l33_melds_from_the_hand() -> None:
    # "7♠7♥7♦5♣6♣7♣8♣": a group and a run laid in one turn (one deck: one seven of clubs)
    found = _checked(STANDARD_RUMMY, "", "7s 7h 7d 5c 6c 8c 9c Kd", opened=False)
    assert found is not None
    assert found.score == 3  # 5c 6c 8c 9c needs the 7c of the group
    found = _checked(STANDARD_RUMMY, "", "7s 7h 7d 5c 6c 7c 8c Kd", opened=False)
    assert found is not None
    assert found.score == 7


def test_source_004_l34_lay_offs_onto_any_meld_never_rearranging() -> None:
    # "si la combinaison d'un joueur quelconque comprend 7♣8♣9♣10♣, vous pouvez y ajouter
    # un 6♣ ou un J♣"
    found = _checked(STANDARD_RUMMY, "7c 8c 9c 10c", "6c Jc 2d", opened=True)
    assert found is not None
    assert found.table == rk.parse_table("6c 7c 8c 9c 10c Jc")
    # the 9c cannot come out of the run to make 8d 9d 9c... : nothing to lay there
    assert _checked(STANDARD_RUMMY, "7c 8c 9c 10c", "9s 9h", opened=True) is None


def test_source_004_l13_groups_ignore_suits_with_two_decks() -> None:
    two = VARIANTS["two_decks"]
    found = _checked(two, "", "7s 7s 7h", opened=True)
    assert found is not None
    assert found.score == 3
    # at most four: five sevens are not a group
    found = _checked(two, "", "7s 7s 7h 7h 7d", opened=True)
    assert found is not None
    assert found.score == 4


def test_source_004_l12_ace_low_only_by_default_high_as_an_option() -> None:
    assert _checked(STANDARD_RUMMY, "Jh Qh Kh", "Ah", opened=True) is None
    assert _checked(STANDARD_RUMMY, "2h 3h 4h", "Ah", opened=True) is not None
    found = _checked(VARIANTS["ace_high"], "Jh Qh Kh", "Ah", opened=True)
    assert found is not None
    assert found.table == rk.parse_table("Jh Qh Kh Ah")
    # never K-A-2
    assert _checked(VARIANTS["ace_high"], "", "Kh Ah 2h", opened=True) is None


def test_no_opening_threshold() -> None:
    found = _checked(STANDARD_RUMMY, "", "Ah 2h 3h", opened=False)
    assert found is not None
    assert found.score == 3


def test_a_hand_card_is_laid_once() -> None:
    # the 6c extends either run, not both (one deck)
    found = _checked(STANDARD_RUMMY, "7c 8c 9c | 3c 4c 5c", "6c", opened=True)
    assert found is not None
    assert found.score == 1
