"""Messages for the wire tests: views of games under the built-in profiles and a house
rule, strategies for every kind of value, and the check that reading raises nothing but
InvalidRecord."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable

import pytest
from hypothesis import strategies as st

import rummikit as rk
from rummikit import testing, wire
from tests.records.saved import HOUSE, PROFILES, drive

CODES = {
    "malformed",
    "too_long",
    "wrong_format",
    "unsupported_version",
    "missing_field",
    "unknown_field",
    "bad_field",
    "bad_profile",
    "bad_view",
    "wrong_player",
}
"""Every code the readers raise."""


# -- games and views -------------------------------------------------------------------------


@functools.cache
def game_at(name: str, seed: int, steps: int | None) -> rk.Game:
    """A game under ``name`` (a key of PROFILES) after ``steps`` random legal actions (to
    the end, for None)."""
    return drive(rk.Game.new(PROFILES[name], seed=seed), seed, steps)


@st.composite
def views(draw: st.DrawFn) -> rk.PlayerView:
    """The view of any seat of a game under any profile, at any point, the end included."""
    name = draw(st.sampled_from(sorted(PROFILES)))
    steps = draw(st.sampled_from([0, 1, 7, 30, None]))
    game = game_at(name, draw(st.integers(0, 5)), steps)
    return game.view(draw(st.sampled_from(game.players)))


def outcomes() -> st.SearchStrategy[rk.Outcome]:
    """Any outcome an Outcome holds, with scores a message holds."""
    return st.integers(1, 8).flatmap(
        lambda seats: st.builds(
            rk.Outcome,
            st.sampled_from(rk.Termination),
            st.lists(st.integers(0, seats - 1), max_size=seats).map(tuple),
            st.lists(st.integers(-wire.MAX_INT, wire.MAX_INT), min_size=seats, max_size=seats).map(
                tuple
            ),
        )
    )


PLAYERS = st.none() | st.integers(0, 7) | st.integers(0, wire.MAX_INT)
"""What an action may name as its player on the wire."""


def actions(profile: rk.RuleProfile = HOUSE) -> st.SearchStrategy[rk.Action]:
    """Any action, a play's table any valid table of ``profile``."""
    return st.one_of(
        st.builds(rk.Play, testing.tables(profile).map(rk.TableState), player=PLAYERS),
        st.builds(rk.Draw, player=PLAYERS),
        st.builds(rk.Pass, player=PLAYERS),
        st.builds(rk.Timeout, st.booleans(), player=PLAYERS),
        st.builds(rk.GiveUp, player=PLAYERS),
    )


CODE_TEXT = st.from_regex(r"[a-z][a-z0-9_]{0,63}", fullmatch=True)


def violations(profile: rk.RuleProfile) -> st.SearchStrategy[rk.Violation]:
    """Any violation a message holds: a snake_case code, any message, melds and pieces."""
    return st.builds(
        rk.Violation,
        CODE_TEXT,
        st.text(max_size=60),
        st.lists(testing.melds(profile), max_size=3).map(tuple),
        st.lists(testing.tiles(profile), max_size=5).map(tuple),
    )


def verdicts() -> st.SearchStrategy[rk.Verdict]:
    return st.sampled_from(sorted(PROFILES)).flatmap(
        lambda name: st.lists(violations(PROFILES[name]), max_size=4).map(
            lambda found: rk.Verdict(tuple(found))
        )
    )


def messages() -> st.SearchStrategy[wire.Message]:
    """Any value that travels on the wire."""
    return st.one_of(views(), actions(), verdicts(), outcomes())


# -- reading raises InvalidRecord only -------------------------------------------------------


def read_error(read: Callable[[], object]) -> rk.InvalidRecord:
    """The InvalidRecord ``read`` raises, checked for a known code and a short message."""
    with pytest.raises(rk.InvalidRecord) as caught:
        read()
    error = caught.value
    assert error.code in CODES, error
    assert len(error.message) < 400, error.message
    return error


def error_of(message: object, **kwargs: object) -> rk.InvalidRecord:
    """The error reading ``message`` (a dict, or text) raises, as text and as a dict."""
    text = message if isinstance(message, str | bytes) else json.dumps(message)
    error = read_error(lambda: wire.loads(text))
    if not isinstance(message, str | bytes):
        again = read_error(lambda: wire.from_message(message))
        assert (again.code, again.where) == (error.code, error.where)
    return error


def only_invalid_record(read: Callable[[], wire.Message]) -> wire.Message | None:
    """Run ``read``; the only exception allowed is InvalidRecord. Returns the value read,
    if any, checked to be written and read again unchanged."""
    try:
        value = read()
    except rk.InvalidRecord as error:
        refusal: rk.InvalidRecord | None = error
    else:
        refusal = None
    if refusal is not None:
        assert refusal.code in CODES, refusal
        assert isinstance(refusal.where, str)
        return None
    assert wire.loads(wire.dumps(value)) == value
    return value
