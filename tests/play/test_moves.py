"""Simple moves (:mod:`rummikit.moves`): the melds a rack can lay, and the simple plays the
simple and random players choose from."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit import testing
from rummikit.moves import rack_melds, simple_plays
from tests.elsewhere import run_python


@pytest.mark.parametrize(
    ("profile", "rack", "meld"),
    [
        (rk.profiles.get("rami_voleur"), "Qs Ks As 2h", "run: Qs Ks As"),  # ace high (row 3)
        (rk.profiles.get("pagat"), "r5 r6 j", "run: j r5 r6"),  # a joker at an end
        (rk.profiles.get("pagat"), "r12 r13 j", "run: j r12 r13"),
        (
            rk.profiles.get("pagat").evolve(name="repeats", group_distinct_suits=False),
            "r5 r5 b5",
            "group: r5 r5 b5",
        ),
        (
            rk.profiles.get("pagat").evolve(name="fours", min_meld_length=4),
            "r5 b5 j j",
            "group: r5 b5 j j",
        ),
    ],
)
def test_regression_the_simple_players_see_every_rack_meld(profile, rack, meld):
    """Found by a review: ``rack_melds`` (what the simple and random players lay) put jokers
    only in a run's gaps, stopped runs at 13, dropped a suit's second copy from groups and
    gave groups one joker at most; under rami voleur the simple player passed holding the
    tierce franche Q-K-A. Every kind of rack meld is found now."""
    from rummikit.moves import rack_melds, simple_plays

    tiles = tuple(profile.as_tiles(rack))
    assert rk.parse_meld(meld) in rack_melds(profile, tiles)
    opened = profile.name != "rami_voleur"
    plays = list(simple_plays(profile, rk.TableState(), tiles, opened))
    assert plays
    for after in plays:
        assert profile.check_turn(before="", rack=tiles, after=after, opened=opened).ok


def test_rack_melds_come_in_a_fixed_order():
    """Runs suit by suit, each from its lowest rank, shorter first; then groups rank by
    rank, fewer pieces first, each size in the order of its pieces."""
    found = [str(meld) for meld in rack_melds("pagat", "o1 k1 b1 r1 o3 o2 j")]
    assert found == [
        "run: o1 o2 o3",
        "run: o1 o2 o3 j",
        "run: o2 o3 j",
        *(f"group: {pair} j" for pair in ("r1 b1", "r1 k1", "r1 o1", "b1 k1", "b1 o1", "k1 o1")),
        *(
            f"group: {three}{joker}"
            for three in ("r1 b1 k1", "r1 b1 o1", "r1 k1 o1", "b1 k1 o1")
            for joker in ("", " j")
        ),
        "group: r1 b1 k1 o1",
    ]


@given(st.data())
def test_rack_melds_and_simple_plays_do_not_depend_on_how_the_rack_is_listed(data):
    profile = data.draw(st.sampled_from(["online", "pagat", "rami_voleur"]))
    rack = data.draw(testing.racks(profile, max_size=10))
    listed = data.draw(st.permutations(rack))
    assert rack_melds(profile, listed) == rack_melds(profile, rack)
    plays = list(simple_plays(profile, "", rack, opened=True))
    assert list(simple_plays(profile, "", listed, opened=True)) == plays


_RACKS = {
    "pagat": ["r1 b1 k1 o1", "r5 b5 k5 o5 r5 b5 r6 r7 j", "k9 k10 k11 o10 b10 r10 j j"],
    "rami_voleur": ["As Ah Ad Ac 2s 3s", "7h 7h 7s 7d 7c 8h 9h j"],
}
_TABLE = {"pagat": "r2 r3 r4 | b9 k9 o9", "rami_voleur": "3h 4h 5h"}


def listing() -> str:
    """The rack melds and simple plays of :data:`_RACKS`, as text, one per line."""
    lines = []
    for profile, racks in _RACKS.items():
        for rack in racks:
            lines.append(" / ".join(map(str, rack_melds(profile, rack))))
            plays = simple_plays(profile, _TABLE[profile], rack, opened=True)
            lines.append(" / ".join(map(str, plays)))
    return "\n".join(lines) + "\n"


def test_regression_rack_melds_come_in_one_order_under_any_hash_seed():
    """Reported: ``rack_melds`` listed a rank's groups in the order of a set of tile
    combinations, which follows the tiles' hashes, and so the interpreter's hash seed: the
    random bot (choosing among simple plays) and the greedy one (keeping the first of the
    plays laying as much) then played a seeded game differently in another process."""
    code = "from tests.play.test_moves import listing; print(listing(), end='')"
    assert run_python(["-c", code]) == [listing()] * 2


def test_regression_simple_plays_lay_off_at_once_without_an_opening_rule():
    """Found by a review: simple_plays offered lay-offs only to an opened player, so the
    simple and random bots never laid off before their first meld in standard rummy,
    which has no opening (source 004, step 3)."""
    plays = [str(play) for play in simple_plays("standard_rummy", "3c 4c 5c", "6c 9d Kh 2s", False)]
    assert "3c 4c 5c 6c" in plays
    assert not list(simple_plays("pagat", "r3 r4 r5", "r6 b9", False))  # pagat: open first
