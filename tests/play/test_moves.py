"""Simple moves (:mod:`rummikit.moves`): the melds a rack can lay, and the simple plays the
simple and random players choose from."""

from __future__ import annotations

import pytest

import rummikit as rk


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
