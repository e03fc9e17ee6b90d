"""Reading a message: every error code, with the field it names; and writing: what no
reader would read is refused before it is sent."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable

import attrs
import pytest

import rummikit as rk
from rummikit import wire
from tests.helpers import H, ident, refused
from tests.records.saved import went_out
from tests.wire.messages import error_of, read_error

GAME = rk.Game.new("online", players=2, seed=42)
VIEW = wire.to_message(GAME.view(0))
PLAY = wire.to_message(rk.Play("r1 r2 r3", player=1))
VERDICT = wire.to_message(GAME.check(rk.Play("r1 r2 j j", player=0)))
OUTCOME = wire.to_message(rk.Outcome(rk.Termination.BLOCKED, (0, 1), (5, 5, -10)))


def changed(message: dict[str, object], **fields: object) -> dict[str, object]:
    """A copy of ``message`` with ``fields`` replaced (a value of ... drops the field)."""
    copied = copy.deepcopy(message)
    for key, value in fields.items():
        if value is ...:
            del copied[key]
        else:
            copied[key] = value
    return copied


def violation(**fields: object) -> dict[str, object]:
    """The verdict message with its first violation's ``fields`` replaced."""
    copied = copy.deepcopy(VERDICT)
    copied["violations"][0].update(fields)  # type: ignore[index]
    return copied


# -- text, format and version ----------------------------------------------------------------


def test_too_long() -> None:
    text = json.dumps(PLAY).ljust(wire.MAX_MESSAGE_LENGTH + 1)
    assert error_of(text).code == "too_long"
    assert error_of(text.encode()).code == "too_long"
    assert read_error(lambda: wire.loads_action(text)).code == "too_long"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[" * 100_000 + "]" * 100_000,
        '{"a": ' * 50_000 + "1" + "}" * 50_000,
        '{"format": "rummikit.action", "format": "rummikit.action"}',
        '{"version": NaN}',
        '{"version": Infinity}',
        '{"version": ' + "9" * 5000 + "}",
        b"\xff\xfe{}",
        "[]",
        '"rummikit.action"',
        "null",
        "1",
    ],
    ids=lambda text: repr(text[:20]),
)
def test_malformed(text: str | bytes) -> None:
    assert error_of(text).code == "malformed"


@pytest.mark.parametrize("read", [wire.loads, wire.loads_action])
def test_not_text(read: Callable[[str], object]) -> None:
    assert read_error(lambda: read(1234)).code == "malformed"  # type: ignore[arg-type]


def test_format() -> None:
    assert error_of(changed(PLAY, format=...)).where == "format"
    assert error_of(changed(PLAY, format=...)).code == "missing_field"
    for wrong in ("rummikit.player_view", "", 1, None, ["rummikit.view"]):
        error = error_of(changed(PLAY, format=wrong))
        assert (error.code, error.where) == ("wrong_format", "format")
    saved = rk.record.to_record(GAME)
    assert "read it with rummikit.loads" in error_of(saved).message
    assert error_of(saved).code == "wrong_format"


def test_a_server_reads_actions_only() -> None:
    for other in (VIEW, VERDICT, OUTCOME):
        error = read_error(lambda other=other: wire.loads_action(json.dumps(other)))
        assert (error.code, error.where) == ("wrong_format", "format")
        assert "'rummikit.action'" in error.message
        assert read_error(lambda other=other: wire.action_from_message(other)).code == (
            "wrong_format"
        )


@pytest.mark.parametrize(
    "message", [VIEW, PLAY, VERDICT, OUTCOME], ids=["view", "play", "verdict", "outcome"]
)
def test_version(message: dict[str, object]) -> None:
    error = error_of(changed(message, version=2))
    assert (error.code, error.where) == ("unsupported_version", "version")
    assert "newer" in error.message
    assert error_of(changed(message, version=0)).code == "unsupported_version"
    for wrong in ("1", 1.0, True, None, -1):
        assert (error_of(changed(message, version=wrong)).code, "version") == (
            "bad_field",
            "version",
        )
    assert error_of(changed(message, version=...)).code == "missing_field"


@pytest.mark.parametrize(
    "message", [VIEW, PLAY, VERDICT, OUTCOME], ids=["view", "play", "verdict", "outcome"]
)
def test_fields(message: dict[str, object]) -> None:
    error = error_of(changed(message, extra=1))
    assert (error.code, error.where) == ("unknown_field", "extra")
    for key in list(message)[2:]:
        error = error_of(changed(message, **{key: ...}))
        assert (error.code, error.where) == ("missing_field", key)


# -- actions ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "where"),
    [
        ({"type": "fold"}, "type"),
        ({"type": None}, "type"),
        ({"type": "PLAY"}, "type"),
        ({"player": -1}, "player"),
        ({"player": True}, "player"),
        ({"player": 1.0}, "player"),
        ({"player": "1"}, "player"),
        ({"player": wire.MAX_INT + 1}, "player"),
        ({"table": 12}, "table"),
        ({"table": ["r1 r2 r3"]}, "table"),
        ({"table": "r1 r2 x3"}, "table"),
        ({"table": "r1 r2 r3 |"}, "table"),
        ({"table": "r1 " * 10_000}, "table"),
        ({"table": " | ".join(["r10"] * (wire.MAX_PIECES + 1))}, "table"),
    ],
)
def test_bad_action_fields(fields: dict[str, object], where: str) -> None:
    error = error_of(changed(PLAY, **fields))
    assert (error.code, error.where) == ("bad_field", where)


def test_an_action_has_the_fields_of_its_type() -> None:
    draw = changed(PLAY, type="draw")
    assert (error_of(draw).code, error_of(draw).where) == ("unknown_field", "table")
    timeout = changed(PLAY, type="timeout", table=...)
    assert (error_of(timeout).code, error_of(timeout).where) == ("missing_field", "changed")
    assert error_of(changed(timeout, changed=1)).where == "changed"
    assert wire.from_message(changed(timeout, changed=False)) == rk.Timeout(False, player=1)


def test_an_action_from_a_seat() -> None:
    text = json.dumps(PLAY)
    assert wire.loads_action(text, player=1) == rk.Play("r1 r2 r3", player=1)
    error = read_error(lambda: wire.loads_action(text, player=0))
    assert (error.code, error.where) == ("wrong_player", "player")
    anyone = json.dumps(changed(PLAY, player=None))
    assert wire.loads_action(anyone) == rk.Play("r1 r2 r3")
    assert wire.loads_action(anyone, player=0) == rk.Play("r1 r2 r3", player=0)
    for seat in (-1, True, "0", 1.0, wire.MAX_INT + 1):
        refused(lambda seat=seat: wire.loads_action(anyone, player=seat), "bad_player")
        refused(lambda seat=seat: wire.action_from_message(PLAY, player=seat), "bad_player")


# -- verdicts --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "where"),
    [
        ({"code": "Not Snake"}, "violations[0].code"),
        ({"code": ""}, "violations[0].code"),
        ({"code": "x" * (wire.MAX_CODE_LENGTH + 1)}, "violations[0].code"),
        ({"code": 1}, "violations[0].code"),
        ({"message": None}, "violations[0].message"),
        ({"melds": "r1 r2 r3"}, "violations[0].melds"),
        ({"melds": ["r1 r2 r3", 7]}, "violations[0].melds[1]"),
        ({"melds": [""]}, "violations[0].melds[0]"),
        ({"melds": ["r1 | r2"]}, "violations[0].melds[0]"),
        ({"tiles": ["r1"]}, "violations[0].tiles"),
        ({"tiles": "r1 r99"}, "violations[0].tiles"),
    ],
)
def test_bad_violation_fields(fields: dict[str, object], where: str) -> None:
    error = error_of(violation(**fields))
    assert (error.code, error.where) == ("bad_field", where)


def test_violation_shape() -> None:
    assert error_of(changed(VERDICT, violations={})).where == "violations"
    assert error_of(changed(VERDICT, violations=[1])).where == "violations[0]"
    extra = violation(where="here")
    assert (error_of(extra).code, error_of(extra).where) == ("unknown_field", "violations[0].where")
    copied = copy.deepcopy(VERDICT)
    del copied["violations"][0]["tiles"]  # type: ignore[index]
    assert (error_of(copied).code, error_of(copied).where) == (
        "missing_field",
        "violations[0].tiles",
    )


def test_a_verdict_reads_codes_it_does_not_know() -> None:
    """A newer server's codes, or a host's own, read as they are."""
    verdict = wire.from_message(violation(code="house_rule_7", message="ask the host"))
    assert isinstance(verdict, rk.Verdict)
    assert verdict.codes[0] == "house_rule_7"


# -- outcomes --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "where"),
    [
        ({"termination": "won"}, "termination"),
        ({"termination": None}, "termination"),
        ({"winners": [3]}, "winners[0]"),
        ({"winners": [-1]}, "winners[0]"),
        ({"winners": 0}, "winners"),
        ({"scores": []}, "scores"),
        ({"scores": [1, "2"]}, "scores[1]"),
        ({"scores": [wire.MAX_INT + 1, 0]}, "scores[0]"),
        ({"scores": [-wire.MAX_INT - 1, 0]}, "scores[0]"),
    ],
)
def test_bad_outcome_fields(fields: dict[str, object], where: str) -> None:
    error = error_of(changed(OUTCOME, **fields))
    assert (error.code, error.where) == ("bad_field", where)


# -- views -----------------------------------------------------------------------------------


def options(message: dict[str, object]) -> dict[str, object]:
    return message["profile"]["options"]  # type: ignore[index, no-any-return]


@pytest.mark.parametrize(
    ("fields", "where"),
    [
        ({"player": 2}, "player"),
        ({"player": -1}, "player"),
        ({"current_player": 2}, "current_player"),
        ({"phase": "Play_or_draw"}, "phase"),
        ({"phase": None}, "phase"),
        ({"turn": -1}, "turn"),
        ({"turn": rk.game.MAX_ACTIONS + 1}, "turn"),
        ({"rack": ["r1"]}, "rack"),
        ({"rack": "r1 r0"}, "rack"),
        ({"table": None}, "table"),
        ({"rack_sizes": [14, "14"]}, "rack_sizes[1]"),
        ({"rack_sizes": [14, wire.MAX_PIECES + 1]}, "rack_sizes[1]"),
        ({"rack_sizes": "14 14"}, "rack_sizes"),
        ({"stock_size": -1}, "stock_size"),
        ({"opened": [False, 0]}, "opened[1]"),
        ({"opened": False}, "opened"),
        ({"outcome": "over"}, "outcome"),
        ({"outcome": {"termination": "blocked", "winners": [], "scores": [0]}}, "outcome.scores"),
    ],
)
def test_bad_view_fields(fields: dict[str, object], where: str) -> None:
    error = error_of(changed(VIEW, **fields))
    assert (error.code, error.where) == ("bad_field", where)


def test_a_view_outcome_field() -> None:
    outcome = {"termination": "blocked", "winners": [0], "scores": [0, 0], "format": "x"}
    error = error_of(changed(VIEW, outcome=outcome))
    assert (error.code, error.where) == ("unknown_field", "outcome.format")


def test_a_view_profile() -> None:
    message = copy.deepcopy(VIEW)
    options(message)["copies"] = 9
    assert (error_of(message).code, error_of(message).where) == (
        "bad_profile",
        "profile.options.copies",
    )
    message = copy.deepcopy(VIEW)
    del options(message)["jokers"]
    assert error_of(message).where == "profile.options.jokers"
    assert error_of(changed(VIEW, profile="online")).where == "profile"


def _stock(message: dict[str, object], change: int) -> dict[str, object]:
    return changed(message, stock_size=message["stock_size"] + change)  # type: ignore[operator]


@pytest.mark.parametrize(
    ("fields", "where"),
    [
        ({"opened": [False], "rack_sizes": [14]}, "opened"),
        ({"opened": [False] * 5, "rack_sizes": [14] * 5}, "opened"),
        ({"rack_sizes": [14, 14, 14]}, "rack_sizes"),
        ({"rack": "r1 r2 3h"}, "rack"),
        ({"rack": "r1 r1 r1"}, "rack"),
        ({"table": "r1 r2"}, "table"),
        ({"table": "r5 r6 r7 | r5 r6 r7 | r5 r6 r7"}, "table"),
        (
            {"rack": "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 r13", "table": "r13 b13 k13"},
            "rack",
        ),
        ({"rack_sizes": [13, 15]}, "rack"),
        ({"phase": "draw"}, "phase"),
        ({"phase": "over"}, "outcome"),
    ],
)
def test_a_view_must_add_up(fields: dict[str, object], where: str) -> None:
    error = error_of(changed(VIEW, **fields))
    assert (error.code, error.where) == ("bad_view", where)


def test_a_view_must_hold_the_deck() -> None:
    for change in (-1, 1):
        error = error_of(_stock(VIEW, change))
        assert (error.code, error.where) == ("bad_view", "stock_size")
    message = wire.to_message(went_out().view(0))
    error = error_of(changed(message, phase="play_or_draw"))
    assert (error.code, error.where) == ("bad_view", "outcome")


# -- writing ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [GAME, {"format": "rummikit.action"}, None, "draw", rk.Draw, rk.Violation("x", "y")],
    ids=["game", "dict", "none", "text", "class", "violation"],
)
def test_not_a_message(value: object) -> None:
    refused(lambda: wire.dumps(value), "not_a_message")  # type: ignore[arg-type]
    refused(lambda: wire.to_message(value), "not_a_message")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("profile", "online"),
        ("player", 2),
        ("player", True),
        ("current_player", -1),
        ("phase", "over"),
        ("turn", H),
        ("turn", rk.game.MAX_ACTIONS + 1),
        ("rack", "r1 r2"),
        ("rack", ("r1",)),
        ("table", "r1 r2 r3"),
        ("rack_sizes", (14,)),
        ("rack_sizes", (14, wire.MAX_PIECES + 1)),
        ("stock_size", None),
        ("opened", ()),
        ("opened", (False, 1)),
        ("opened", "ab"),
        ("outcome", "over"),
    ],
    ids=ident,
)
def test_writing_a_bad_view(field: str, value: object) -> None:
    view = attrs.evolve(GAME.view(0), **{field: value})
    refused(lambda: wire.dumps(view), "bad_view")


def test_writing_what_no_reader_reads() -> None:
    huge = rk.Play(rk.TableState([rk.Meld.parse("r10")] * (wire.MAX_PIECES + 1)))
    refused(lambda: wire.dumps(huge), "table_too_large")
    refused(lambda: wire.dumps(rk.Draw(player=wire.MAX_INT + 1)), "bad_player")
    refused(lambda: wire.dumps(rk.Verdict((rk.Violation("Bad Code", "x"),))), "bad_verdict")
    refused(lambda: wire.dumps(rk.Verdict((rk.Violation("x", "y", ("r1",)),))), "bad_verdict")  # type: ignore[arg-type]
    refused(lambda: wire.dumps(rk.Verdict((rk.Violation("x", "y", (), ("r1",)),))), "bad_verdict")  # type: ignore[arg-type]
    big = rk.Outcome(rk.Termination.BLOCKED, (), (wire.MAX_INT + 1, 0))
    refused(lambda: wire.dumps(big), "bad_outcome")
    long = rk.Verdict((rk.Violation("x", "y" * wire.MAX_MESSAGE_LENGTH),))
    refused(lambda: wire.dumps(long), "message_too_long")
    assert wire.to_message(long)["violations"]  # a host embedding it sets its own limits
