"""Helpers of the turn tests (matrix rows 9-23 and section 4).

Scenarios that apply to every profile are written once in tile notation; :func:`judge`
translates them to cards for rami voleur (red hearts, blue diamonds, black spades, orange
clubs; 1 the ace, 11-13 the jack, queen, king). Also the table manipulations of the sources
and :func:`plays`, proposed turns for the properties.
"""

from __future__ import annotations

import random

import attrs
from hypothesis import strategies as st

import rummikit as rk
from rummikit.testing import tables
from tests.helpers import ALL, ONLINE, PAGAT, RAMI

TILES = [ONLINE, PAGAT]
FREE_JOKERS = [ONLINE, RAMI]

_SUITS = {"r": "h", "b": "d", "k": "s", "o": "c"}
_FACES = {1: "A", 11: "J", 12: "Q", 13: "K"}


def name(profile: rk.RuleProfile) -> str:
    return profile.name


def cards(text: str) -> str:
    """Tile notation as cards: ``r11 j r13 | b1 k1 o1`` becomes ``Jh j Kh | Ad As Ac``."""
    out = []
    for token in text.split():
        if token[0] in _SUITS and token[1:].isdigit():
            rank = int(token[1:])
            out.append(f"{_FACES.get(rank, rank)}{_SUITS[token[0]]}")
        else:
            out.append(token)
    return " ".join(out)


def judge(
    profile: rk.RuleProfile, before: str, rack: str, after: str, opened: bool = True
) -> rk.Verdict:
    """The verdict on a play written in tile notation, translated for a card profile."""
    if profile.piece_set is rk.PieceSet.CARDS:
        before, rack, after = cards(before), cards(rack), cards(after)
    return profile.check_turn(before=before, rack=rack, after=after, opened=opened)


def codes(
    profile: rk.RuleProfile, before: str, rack: str, after: str, opened: bool = True
) -> tuple[str, ...]:
    return judge(profile, before, rack, after, opened).codes


# -- row 15: the table manipulations of the sources ------------------------------------------


SOURCE_MANIPULATIONS = {
    # [002] "Décaler une suite": r6 joins r3-r4-r5 and the r3 goes elsewhere.
    "002_shift_a_run": ("r3 r4 r5 | b3 k3 o3", "r6", "r4 r5 r6 | r3 b3 k3 o3"),
    # [002] "Casser une suite": 6-7-8-9-10 takes the second 8.
    "002_break_a_run_with_a_second_8": ("r6 r7 r8 r9 r10", "r8", "r6 r7 r8 | r8 r9 r10"),
    # [002] "Remplacer dans un groupe": b6 k6 o6 takes r6, which frees one of the others.
    "002_replace_in_a_group": ("b6 k6 o6 | b7 b8 b9", "r6", "r6 k6 o6 | b6 b7 b8 b9"),
    # [002] "Retirer une tuile": a group of four gives a tile away.
    "002_take_from_a_group_of_four": ("r6 b6 k6 o6", "r7 r8", "b6 k6 o6 | r6 r7 r8"),
    # [002] ... and a run of four keeps three.
    "002_take_from_a_run_of_four": ("r6 r7 r8 r9", "b9 k9", "r6 r7 r8 | r9 b9 k9"),
    # [001] "couper une suite de six en deux suites de trois", with a rack tile laid too.
    "001_cut_a_run_of_six": ("r1 r2 r3 r4 r5 r6", "b7 k7 o7", "r1 r2 r3 | r4 r5 r6 | b7 k7 o7"),
    # [001] "ajouter une tuile à chaque extrémité d'une suite".
    "001_add_at_each_end": ("r5 r6 r7", "r4 r8", "r4 r5 r6 r7 r8"),
    # [003] the second copy splits a run: 3♣-7♣ plus 5♣.
    "003_split_a_run_with_the_second_copy": ("o3 o4 o5 o6 o7", "o5", "o3 o4 o5 | o5 o6 o7"),
    # [000] the red 8 leaves the group of 8s, which takes the orange 8 from the rack.
    "000_group_of_8_fourth_from_rack": ("r8 b8 k8", "r6 r7 o8", "r6 r7 r8 | b8 k8 o8"),
    # [000] ... or the orange 8 from a meld on the table.
    "000_group_of_8_fourth_from_table": (
        "r8 b8 k8 | o8 o9 o10 o11",
        "r6 r7",
        "r6 r7 r8 | b8 k8 o8 | o9 o10 o11",
    ),
}


# -- proposed turns, for the properties ------------------------------------------------------


VARIANTS = [
    *ALL,
    attrs.evolve(PAGAT, joker_group3_both_colours=True),
    attrs.evolve(PAGAT, joker_replacement_from_table=True),
    attrs.evolve(PAGAT, freed_joker="new_meld"),
    attrs.evolve(PAGAT, freed_joker="new_meld_2_rack"),
    attrs.evolve(ONLINE, table_manipulation=False),
]


@st.composite
def plays(
    draw: st.DrawFn, profiles: list[rk.RuleProfile] = VARIANTS
) -> tuple[rk.RuleProfile, list[rk.Meld], list[rk.Tile], list[rk.Meld], bool, random.Random]:
    """A profile, a table, a rack and a proposed table: melds laid from the rack, then a
    few tiles moved at random (often making the play illegal, which is the point)."""
    profile = draw(st.sampled_from(profiles))
    table = draw(tables(profile, min_melds=1, max_melds=6))
    laid = draw(st.lists(st.booleans(), min_size=len(table), max_size=len(table)))
    before = [meld for meld, new in zip(table, laid, strict=True) if not new]
    rack = [tile for meld, new in zip(table, laid, strict=True) if new for tile in meld.tiles]
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    after = [list(meld.tiles) for meld in table]
    kinds = [meld.kind for meld in table]
    for _ in range(draw(st.integers(0, 3))):
        source = rng.randrange(len(after))
        if after[source]:
            tile = after[source].pop(rng.randrange(len(after[source])))
            target = rng.randrange(len(after) + 1)
            if target == len(after):
                after.append([])
                kinds.append(None)
            after[target].insert(rng.randrange(len(after[target]) + 1), tile)
    melds = [rk.Meld(tiles, kind) for tiles, kind in zip(after, kinds, strict=True) if tiles]
    return profile, before, rack, melds, draw(st.booleans()), rng
