"""The solver's scores against the brute force, and the two engines against each other.

On every built-in profile and variants of it: the best score equals the brute force's (free
jokers, or judged turn by turn), and on positions too big for the brute force the fast core
and the general sweep alone agree and beat the simple plays.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import rummikit as rk
from rummikit.moves import simple_plays
from rummikit.testing import racks, tables

from ._brute import (
    PROFILES,
    SMALL,
    _checked,
    _fits,
    _position,
    _score_of,
    _variants,
    brute_free,
    brute_judged,
)


@pytest.mark.parametrize("objective", ["tiles", "points"])
@pytest.mark.parametrize("name", ["online", "rami_voleur"])
@SMALL
@given(data=st.data())
def test_exact_against_brute_force_free_jokers(
    name: str, objective: str, data: st.DataObject
) -> None:
    profile = rk.profiles.get(name)
    table, rack = _position(data, profile, max_melds=3, max_tiles=9, max_rack=5)
    keep_table = data.draw(st.booleans(), label="keep_table")  # ties never change the score
    found = _checked(profile, table, rack, objective=objective, keep_table=keep_table)
    assert _score_of(found) == brute_free(profile, table, rack, objective)


@SMALL
@given(data=st.data())
def test_exact_with_more_jokers_in_the_deck_than_the_fast_core_holds(data: st.DataObject) -> None:
    """A house rule with five jokers: the fast core's state holds the runs of two copies and
    four jokers, so positions with at most four in play go to it and the others to the
    general sweep; both exact against the brute force."""
    profile = rk.profiles.get("online").evolve(name="online-5j", jokers=5)
    table, rack = _position(data, profile, max_melds=3, max_tiles=9, max_rack=5)
    keep_table = data.draw(st.booleans(), label="keep_table")
    found = _checked(profile, table, rack, keep_table=keep_table)
    assert _score_of(found) == brute_free(profile, table, rack, "tiles")


@pytest.mark.parametrize("objective", ["tiles", "points"])
@SMALL
@given(data=st.data())
def test_exact_against_judged_brute_force_pagat(objective: str, data: st.DataObject) -> None:
    profile = rk.profiles.get("pagat")
    table, rack = _position(data, profile, max_melds=2, max_tiles=8, max_rack=4)
    keep_table = data.draw(st.booleans(), label="keep_table")
    found = _checked(profile, table, rack, objective=objective, keep_table=keep_table)
    assert _score_of(found) == brute_judged(profile, table, rack, True, objective)


@pytest.mark.parametrize("objective", ["tiles", "points"])
@pytest.mark.parametrize("name", PROFILES)
@SMALL
@given(data=st.data())
def test_exact_under_rule_variants(name: str, objective: str, data: st.DataObject) -> None:
    """Every profile option the solver reads, varied: the play passes the judge (``_checked``)
    and no judged play places more. Regression: variants the built-in profiles do not have
    (an opening that may not touch the table but counts jokers, say) got illegal plays."""
    profile = data.draw(_variants(name), label="profile")
    table, rack = _position(data, profile, max_melds=1, max_tiles=5, max_rack=5)
    opened = data.draw(st.booleans(), label="opened")
    found = _checked(profile, table, rack, opened=opened, objective=objective)
    assert _score_of(found) == brute_judged(profile, table, rack, opened, objective)


@pytest.mark.parametrize("name", PROFILES)
@SMALL
@given(data=st.data())
def test_larger_positions_pass_the_judge_and_beat_simple_plays(
    name: str, data: st.DataObject
) -> None:
    """On the profile or a variant of it (see :func:`_variants`)."""
    profile = data.draw(st.one_of(st.just(rk.profiles.get(name)), _variants(name)))
    table = rk.TableState(data.draw(tables(profile, max_melds=6)))
    rack = data.draw(racks(profile, max_size=profile.hand_size))
    assume(_fits(profile, table, rack))
    opened = data.draw(st.booleans())
    found = _checked(profile, table, rack, opened=opened)
    simple = [
        sum((play.tiles - table.tiles).values())
        for play in simple_plays(profile, table, tuple(rack), opened)
    ]
    assert _score_of(found) >= max(simple, default=0)


@pytest.mark.parametrize("objective", ["tiles", "points"])
@pytest.mark.parametrize("name", PROFILES)
@SMALL
@given(data=st.data())
def test_the_two_engines_agree_on_larger_positions(
    name: str, objective: str, data: st.DataObject
) -> None:
    """Positions too big for the brute force: the fast core (with the opening guesses, and
    answering the setups that free every frozen joker) and the general sweep alone, written
    separately, must find the same score."""
    from rummikit.solver import _dispatch as engines

    profile = rk.profiles.get(name)
    table = rk.TableState(data.draw(tables(profile, max_melds=6)))
    rack = data.draw(racks(profile, max_size=profile.hand_size))
    assume(_fits(profile, table, rack))
    opened = data.draw(st.booleans())
    found = _checked(profile, table, rack, opened=opened, objective=objective)
    profile, before, pieces = engines.checked_position(profile, table, rack, opened)
    general = engines._solve_general(
        profile, before, pieces, opened, objective, None, None, True, fast=False
    )
    assert _score_of(found) == _score_of(general)
