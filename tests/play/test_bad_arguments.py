"""Hostile arguments to actions, positions, games and matches: each is refused with a
documented :class:`rummikit.InvalidArgument` and a stable code, never a TypeError,
AttributeError or ValueError from deeper down, and never with a message that repeats a huge
value.

Every test here failed before the fix it is named for (saved games: see tests/records/).
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from tests.helpers import PAGAT, choose_action

HUGE = 10**5000
"""Too long for Python to print (over 4,300 digits): a message that shows it raises."""
BIG = 10**4000
"""Printable, but 4,001 characters: a message that shows it is useless."""
SHORT = 200
"""The longest message allowed when the input held a huge number."""


def refused(call: object, code: str) -> rk.InvalidArgument:
    """The InvalidArgument ``call`` raises, checked for ``code`` and a short message."""
    with pytest.raises(rk.InvalidArgument) as caught:
        call()  # type: ignore[operator]
    assert caught.value.code == code, caught.value
    assert len(caught.value.message) < SHORT
    return caught.value


def deck_minus(*parts: str) -> list[rk.Tile]:
    rest = Counter(PAGAT.deck) - Counter(t for part in parts for t in rk.parse_tiles(part))
    return rk.pieces.sort_tiles(rest.elements())


def run(colour: str, low: int, high: int) -> str:
    return " ".join(f"{colour}{rank}" for rank in range(low, high + 1))


WHOLE_DECK_TABLE = " | ".join(
    [run(c, 1, 13) for c in "rbkoko"] + [run("r", 1, 10), "r11 r12 j", run("b", 1, 12), "r13 b13 j"]
)
"""All 106 pagat tiles as valid melds, so that racks and stock may all be empty."""


# -- actions: Timeout.changed, and Play given bytes or a mapping -----------------------------


@pytest.mark.parametrize("changed", [1, 0, "no", None, 1.0, [True]])
def test_timeout_changed_must_be_a_boolean(changed: object) -> None:
    # Was: attrs' instance_of validator raised a raw TypeError naming <class 'bool'>.
    error = refused(lambda: rk.Timeout(changed), "bad_changed")  # type: ignore[arg-type]
    assert "True" in error.message
    refused(lambda: rk.Timeout(changed=changed), "bad_changed")  # type: ignore[arg-type]
    refused(lambda: attrs.evolve(rk.Timeout(), changed=changed), "bad_changed")


def test_timeout_still_takes_booleans() -> None:
    assert rk.Timeout(changed=False).changed is False
    assert rk.Timeout().changed is True


@pytest.mark.parametrize(
    ("table", "code", "named"),
    [
        (b"r1 r2 r3", "not_a_table", "bytes"),
        (bytearray(b"r1 r2 r3"), "not_a_table", "bytearray"),
        (memoryview(b"r1 r2 r3"), "not_a_table", "memoryview"),
        ({"r1 r2 r3": 1}, "not_a_table", "dict"),
        ({"a": 1}, "not_a_table", "dict"),
        ([b"r1 r2 r3"], "not_tiles", "bytes"),
        (["r1 r2 r3", {"b1 b2 b3": 1}], "not_tiles", "dict"),
    ],
)
def test_play_refuses_bytes_and_mappings_by_name(table: object, code: str, named: str) -> None:
    # Was: bytes were iterated as numbers ("not int") and a dict's keys read as notation.
    error = refused(lambda: rk.Play(table), code)  # type: ignore[arg-type]
    assert f"not {named}" in error.message


def test_play_still_reads_notation_melds_and_tables() -> None:
    expected = rk.Play("r1 r2 r3 | b5 k5 o5")
    melds = ["r1 r2 r3", rk.parse_tiles("b5 k5 o5")]
    assert rk.Play(melds) == expected
    assert rk.Play(iter(melds)) == expected
    assert rk.Play(expected.table) == expected
    assert rk.Play(rk.parse_table("r1 r2 r3 | b5 k5 o5")) == expected


def test_a_huge_player_number_is_refused_with_a_short_message() -> None:
    # Was: _check_player repeated the number in full, and past 4,300 digits raised
    # ValueError, since Python refuses to print such a number.
    refused(lambda: rk.Draw(player=-HUGE), "bad_player")
    refused(lambda: rk.Pass(player=-BIG), "bad_player")


# -- from_position ---------------------------------------------------------------------------


@pytest.mark.parametrize("racks", [5, None, "r1 r2", b"r1", {0: "r1", 1: "r2"}, object()])
def test_from_position_refuses_racks_that_are_not_a_list_of_racks(racks: object) -> None:
    # Was: a number or None raised "TypeError: 'int' object is not iterable"; a string was
    # read one character a rack.
    refused(lambda: rk.Game.from_position("pagat", racks=racks, stock=""), "bad_racks")  # type: ignore[arg-type]


@pytest.mark.parametrize("opened", [5, True, "yes", {0: True, 1: True}, [True], [1, 0]])
def test_from_position_refuses_opened_that_is_not_a_list_of_booleans(opened: object) -> None:
    # Was: opened=5 raised "TypeError: 'int' object is not iterable".
    stock = deck_minus("r5", "b5")
    call = lambda: rk.Game.from_position(  # noqa: E731
        "pagat",
        racks=["r5", "b5"],
        stock=stock,
        opened=opened,  # type: ignore[arg-type]
    )
    refused(call, "bad_opened")


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"racks": [b"r5", "b5"]}, "not_tiles"),
        ({"racks": ["r5", {"b5": 1}]}, "not_tiles"),
        ({"stock": b"r1"}, "not_tiles"),
        ({"table": b"r1 r2 r3"}, "not_a_table"),
        ({"table": {"r1 r2 r3": 1}}, "not_a_table"),
    ],
)
def test_from_position_refuses_bytes_and_mappings_as_tiles(
    changes: dict[str, object], code: str
) -> None:
    # Was: bytes were read as numbers ("not 114"), dicts by their keys.
    arguments: dict[str, object] = {"racks": ["r5", "b5"], "stock": deck_minus("r5", "b5")}
    refused(lambda: rk.Game.from_position("pagat", **arguments | changes), code)  # type: ignore[arg-type]


@pytest.mark.parametrize("racks", [["", ""], ["", "", ""]])
def test_a_position_with_every_piece_on_the_table_is_refused(racks: list[str]) -> None:
    # Was: this started a game whose round could never end: two passes later, scoring
    # found two empty racks and apply raised InvalidArgument(several_empty_racks).
    error = refused(
        lambda: rk.Game.from_position(
            PAGAT, table=WHOLE_DECK_TABLE, racks=racks, stock="", opened=[True] * len(racks)
        ),
        "empty_rack",
    )
    assert "player 0" in error.message


def test_a_position_in_which_a_player_has_gone_out_is_refused() -> None:
    # A play that empties a rack ends the round at once (went_out), so a round in progress
    # never has an empty rack; a position with one describes a round that is already over.
    table, rest = WHOLE_DECK_TABLE.rsplit(" | ", 1)
    error = refused(
        lambda: rk.Game.from_position(
            PAGAT, table=table, racks=[rest, ""], stock="", opened=[True, True]
        ),
        "empty_rack",
    )
    assert "player 1" in error.message


def test_a_position_with_a_piece_on_every_rack_still_plays_to_its_end() -> None:
    table = WHOLE_DECK_TABLE.rsplit(" | ", 1)[0]
    game = rk.Game.from_position(
        PAGAT, table=table, racks=["r13", "b13 j"], stock="", opened=[True, True]
    )
    game = game.apply(rk.Pass()).apply(rk.Pass())
    assert game.outcome is not None
    assert game.outcome.termination is rk.Termination.BLOCKED
    assert game.outcome.winners == (0,)


# -- seats and counts in messages ------------------------------------------------------------


@pytest.mark.parametrize("number", [BIG, HUGE, -BIG, -HUGE], ids=["big", "huge", "-big", "-huge"])
def test_seat_and_count_messages_never_show_a_huge_number(number: int) -> None:
    # Was: _check_seat and Game.new repeated the number (4,000 characters), or raised
    # ValueError when Python refused to print it.
    game = rk.Game.new("pagat", 2, seed=1)
    error = refused(lambda: game.rack(number), "unknown_player")
    assert "very large" in error.message
    refused(lambda: game.view(number), "unknown_player")
    refused(lambda: game.has_opened(number), "unknown_player")
    refused(lambda: rk.Game.new("pagat", number, seed=1), "bad_players")
    refused(lambda: rk.Game.new("pagat", 2, seed=1, first_player=number), "unknown_player")
    stock = deck_minus("r5", "b5")
    refused(
        lambda: rk.Game.from_position("pagat", racks=["r5", "b5"], stock=stock, current=number),
        "unknown_player",
    )
    if number < 0:
        refused(lambda: rk.Game.new("pagat", 2, seed=number), "bad_seed")


# -- apply on a valid game -------------------------------------------------------------------


def test_an_action_by_a_huge_player_is_judged_with_a_short_message() -> None:
    # Was: the not_your_turn message repeated the player in full, and past 4,300 digits
    # check and apply raised ValueError instead of answering.
    game = rk.Game.new("pagat", 2, seed=1)
    for player in (BIG, HUGE):
        verdict = game.check(rk.Draw(player=player))
        assert verdict.codes == ("not_your_turn",)
        assert len(verdict.violations[0].message) < SHORT
        with pytest.raises(rk.IllegalAction):
            game.apply(rk.Draw(player=player))


players = st.none() | st.integers(0, 3) | st.sampled_from([BIG, HUGE])
tables = st.lists(
    st.lists(st.sampled_from(PAGAT.deck), min_size=1, max_size=5).map(rk.Meld), max_size=3
)
actions = st.one_of(
    st.builds(rk.Draw, player=players),
    st.builds(rk.Pass, player=players),
    st.builds(rk.GiveUp, player=players),
    st.builds(rk.Timeout, st.booleans(), player=players),
    st.builds(rk.Play, tables, player=players),
)


@given(st.integers(0, 2**32), st.lists(actions, max_size=30))
def test_apply_on_a_valid_game_raises_only_illegal_action(
    seed: int, steps: list[rk.Action]
) -> None:
    # On a game built by new, from_position or apply, apply either returns the next game or
    # raises IllegalAction, never anything else (a huge player used to raise ValueError, and
    # a position of empty racks led to InvalidArgument several_empty_racks).
    game = rk.Game.new("pagat", 2, seed=seed)
    for action in steps:
        verdict = game.check(action)
        if verdict.ok:
            game = game.apply(action)
        else:
            with pytest.raises(rk.IllegalAction):
                game.apply(action)


# -- games and matches built by hand or dealt with a huge seed -------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        {"current_player": 7},
        {"current_player": -1},
        {"profile": "pagat"},
        {"racks": [[1]]},
        {"opened": (True,)},
        {"table": "r7 r8 r9"},
        # regression (a review): these failed later, from apply, view or hash
        {"turn": "3"},
        {"penalties": ()},
        {"stock": None},
        {"stock": {"a": 1}},
        {"history": None},
        {"seed": [1]},
        {"drawn": []},
        {"outcome": "over"},
        {"start": 5},
        {"idle_turns": -1},
    ],
)
def test_a_game_built_by_hand_is_checked(changes):
    """Regression (a review): ``attrs.evolve(game, current_player=7).apply(Draw())`` raised
    IndexError, and ``Game(profile="pagat", ...)`` AttributeError later on."""
    game = rk.Game.new("pagat", 2, seed=1)
    refused(lambda: attrs.evolve(game, **changes), "not_a_game")


@pytest.mark.parametrize(
    "changes",
    [
        {"game": None},
        {"game": rk.Game.new("online", 2, seed=1)},  # another profile
        {"profile": "pagat"},
        {"seed": None},
        {"seed": -1},
        {"first_player": 2},
        {"rounds": None},
        {"rounds": (1,)},
        {"rounds": (rk.Outcome(rk.Termination.WENT_OUT, (0,), (5, -5, 0)),)},  # three seats
    ],
)
def test_a_match_built_by_hand_is_checked(changes):
    """Regression (a review): ``rk.Match(...)`` built by hand with bad fields raised
    AttributeError or TypeError later, from its properties."""
    match = rk.Match.new("pagat", 2, seed=1)
    refused(lambda: attrs.evolve(match, **changes), "not_a_match")


def test_a_seed_too_long_to_save_is_refused_as_the_game_is_dealt():
    """Regression (a review): ``Game.new(seed=10**5000)`` dealt a game that ``dumps`` then
    refused; games and matches take the simulation's limit."""
    for new in (rk.Game.new, rk.Match.new):
        refused(lambda new=new: new("pagat", 2, 10**4000), "bad_seed")
    assert rk.Game.new("pagat", 2, 10**4000 - 1).seed == 10**4000 - 1


def test_match_check_refuses_a_non_action_when_the_match_is_over():
    match = rk.Match.new("pagat", 2, 1)
    over, rng = match, random.Random(1)
    for _ in range(2000):
        if over.over:
            break
        over = over.apply(choose_action(over.game, rng))
    assert over.over
    refused(lambda: over.check("foo"), "not_an_action")
    refused(lambda: match.check("foo"), "not_an_action")
    assert over.check(rk.Draw()).codes == ("match_over",)
