"""Fuzzing the readers: random values, random text and valid messages edited at random are
read or refused with InvalidRecord, never anything else, and whatever reads is written and
read again unchanged."""

from __future__ import annotations

import functools
import json

from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit import wire
from tests.records.test_record_fuzz import json_values
from tests.wire.messages import game_at, only_invalid_record


@given(json_values)
def test_fuzz_random_values(value: object) -> None:
    only_invalid_record(lambda: wire.from_message(value))
    only_invalid_record(lambda: wire.action_from_message(value, player=0))
    text = json.dumps(value, allow_nan=True)
    only_invalid_record(lambda: wire.loads(text))


@given(st.text(max_size=200) | st.binary(max_size=200))
def test_fuzz_random_text(text: str | bytes) -> None:
    only_invalid_record(lambda: wire.loads(text))
    only_invalid_record(lambda: wire.loads_action(text))


@functools.cache
def base_messages() -> tuple[str, ...]:
    """A message of every kind, views from every profile, mid-game and over."""
    middle, over = game_at("pagat", 1, 30), game_at("rami_voleur", 2, None)
    values: list[wire.Message] = [
        middle.view(1),
        over.view(0),
        game_at("house", 3, 7).view(2),
        rk.Play(middle.table, player=0),
        rk.Timeout(False),
        rk.GiveUp(player=1),
        middle.check(rk.Play([*middle.table, rk.Meld(middle.racks[0][:2])])),
    ]
    assert over.outcome is not None
    values.append(over.outcome)
    return tuple(wire.dumps(value) for value in values)


def _nodes(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every path into a JSON value (keys and indexes), the root included."""
    found = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            found.extend(_nodes(child, (*path, key)))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found.extend(_nodes(child, (*path, index)))
    return found


EDITS = st.sampled_from(["replace", "delete", "add", "nudge", "swap"])
TEXTS = st.sampled_from(["r1 r2 r3", "j", "", "over", "draw", "rummikit.view", "b13 k13 o13"])


@st.composite
def mutated_messages(draw: st.DrawFn) -> object:
    """A valid message with a few random edits: values replaced, keys dropped or added,
    numbers nudged, lists reordered."""
    message: object = json.loads(draw(st.sampled_from(base_messages())))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_nodes(message)))
        edit = draw(EDITS)
        if not path:
            if edit == "replace":
                message = draw(json_values)
            continue
        parent: object = message
        for step in path[:-1]:
            parent = parent[step]  # type: ignore[index]
        key = path[-1]
        value = parent[key]  # type: ignore[index]
        if edit == "replace":
            parent[key] = draw(json_values | TEXTS)  # type: ignore[index]
        elif edit == "delete":
            del parent[key]  # type: ignore[attr-defined]
        elif edit == "add" and isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(json_values)
        elif edit == "nudge" and type(value) is int:
            parent[key] = value + draw(st.sampled_from([-1, 1, 10**20]))  # type: ignore[index]
        elif edit == "swap" and isinstance(value, list) and value:
            parent[key] = draw(st.permutations(value))  # type: ignore[index]
    return message


@given(mutated_messages())
def test_fuzz_mutated_messages(message: object) -> None:
    only_invalid_record(lambda: wire.from_message(message))
    only_invalid_record(lambda: wire.loads(json.dumps(message)))
