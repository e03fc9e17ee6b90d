"""Fuzzing ``loads``: random values, random text and valid records edited at random load
or raise InvalidRecord, never anything else, and whatever loads saves and loads again."""

from __future__ import annotations

import functools
import json

from hypothesis import given
from hypothesis import strategies as st

from rummikit import record
from tests.records.saved import game_of, only_invalid_record, small_record, went_out

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.sampled_from([10**3999, 10**4000, 10**4299])  # seeds: what loads must also save
    | st.floats()
    | st.text(max_size=20)
    | st.sampled_from(["play", "draw", "pass", "timeout", "give_up", "r1 r2 r3", "pagat"])
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


@given(json_values)
def test_fuzz_random_values(value: object) -> None:
    only_invalid_record(lambda: record.from_record(value))  # type: ignore[arg-type]
    text = json.dumps(value, allow_nan=True)
    only_invalid_record(lambda: record.loads(text))


@given(st.text(max_size=200) | st.binary(max_size=200))
def test_fuzz_random_text(text: str | bytes) -> None:
    only_invalid_record(lambda: record.loads(text))


@functools.cache
def base_records() -> tuple[str, ...]:
    return (
        json.dumps(small_record()),
        json.dumps(record.to_record(went_out())),
        json.dumps(record.to_record(game_of("rami_voleur", "dealt", "mid"))),
    )


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


@st.composite
def mutated_records(draw: st.DrawFn) -> object:
    """A valid record with a few random edits: values replaced, keys dropped or added."""
    saved: object = json.loads(draw(st.sampled_from(base_records())))
    for _ in range(draw(st.integers(1, 3))):
        paths = _nodes(saved)
        path = draw(st.sampled_from(paths))
        edit = draw(st.sampled_from(["replace", "delete", "add", "nudge"]))
        if not path:
            if edit == "replace":
                saved = draw(json_values)
            continue
        parent: object = saved
        for step in path[:-1]:
            parent = parent[step]  # type: ignore[index]
        last = path[-1]
        current = parent[last]  # type: ignore[index]
        if edit == "replace":
            parent[last] = draw(json_values)  # type: ignore[index]
        elif edit == "delete":
            del parent[last]  # type: ignore[attr-defined]
        elif edit == "add" and isinstance(current, dict):
            current[draw(st.text(max_size=8))] = draw(json_values)
        elif edit == "add" and isinstance(current, list):
            current.insert(draw(st.integers(0, len(current))), draw(json_values))
        elif type(current) is int:
            parent[last] = current + draw(st.sampled_from([-1, 1, 2**64]))  # type: ignore[index]
        elif isinstance(current, str):
            parent[last] = draw(
                st.sampled_from(["", current + " r1", current[:-1], current.upper()])
            )  # type: ignore[index]
    return saved


@given(mutated_records())
def test_fuzz_mutated_records(saved: object) -> None:
    only_invalid_record(lambda: record.from_record(saved))  # type: ignore[arg-type]
    only_invalid_record(lambda: record.loads(json.dumps(saved)))


@given(st.sampled_from(range(3)), st.data())
def test_fuzz_mutated_text(which: int, data: st.DataObject) -> None:
    text = base_records()[which]
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 20)))
    patch = data.draw(st.text(max_size=10) | st.sampled_from(['"', "{", "]", "1e999", "-0", "NaN"]))
    only_invalid_record(lambda: record.loads(text[:start] + patch + text[end:]))


def test_fuzz_helpers_see_every_part_of_a_record() -> None:
    paths = _nodes(json.loads(base_records()[0]))
    assert ("start", "seed") in paths
    assert ("profile", "options", "scoring") in paths
    assert any(len(path) == 3 and path[0] == "actions" for path in paths)
