"""What cannot be drawn raises a rummikit error with a stable code (docs/errors.rst)."""

from __future__ import annotations

import inspect
import xml.etree.ElementTree as ET
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit import svg

GAME = rk.Game.new("standard_rummy", 3, seed=5)
VIEW = GAME.view(0)


@pytest.mark.parametrize(
    ("draw", "code"),
    [
        (lambda: svg.piece(7), "not_a_tile"),  # type: ignore[arg-type]
        (lambda: svg.piece("r14"), "bad_rank"),
        (lambda: svg.piece("r1 r2"), "not_one_tile"),
        (lambda: svg.meld(3), "not_tiles"),  # type: ignore[arg-type]
        (lambda: svg.meld(""), "empty_meld"),
        (lambda: svg.meld("r1 | r2"), "unexpected_separator"),
        (lambda: svg.table(rk.parse_meld("r1 r2 r3")), "not_a_table"),
        (lambda: svg.table([rk.JOKER]), "not_a_table"),
        (lambda: svg.rack(b"r1 r2"), "not_tiles"),  # type: ignore[arg-type]
        (lambda: svg.rack([1, 2]), "not_a_tile"),  # type: ignore[list-item]
        (lambda: svg.piece("r1", style="big"), "bad_style"),  # type: ignore[arg-type]
        (lambda: svg.piece("r1", profile=3), "not_a_profile"),  # type: ignore[arg-type]
        (lambda: svg.piece("r1", profile="canasta"), "unknown_profile"),
        (lambda: svg.meld("r1 r2 r3", title=3), "bad_title"),  # type: ignore[arg-type]
        (lambda: svg.meld("r1 r2 r3", title="a\x1fb"), "bad_title"),  # no XML holds it
        (lambda: svg.table("r1 r2 r3", title="\ud800"), "bad_title"),
        (lambda: svg.turn("-", "r1 r2 r3", title="\ufffe"), "bad_title"),
        (lambda: svg.meld("r1 j r3", stands_for="yes"), "bad_stands_for"),  # type: ignore[arg-type]
        (lambda: svg.table("r1 r2 r3", stands_for=1), "bad_stands_for"),  # type: ignore[arg-type]
        (lambda: svg.view(GAME), "not_a_view"),  # type: ignore[arg-type]
        (lambda: svg.game(VIEW), "not_a_game"),  # type: ignore[arg-type]
    ],
)
def test_bad_input_is_refused_with_a_code(draw: Callable[[], str], code: str) -> None:
    with pytest.raises(rk.RummikitError) as caught:
        draw()
    assert caught.value.code == code


@pytest.mark.parametrize(
    "change",
    [
        {"size": 0},
        {"size": 7.9},
        {"size": 2000},
        {"size": float("nan")},
        {"size": True},
        {"size": "48"},
        {"row_length": 2},
        {"row_length": 5.0},
        {"row_length": 10**6},
        {"shapes": 1},
        {"red": "url(#x)"},
        {"red": "#12"},
        {"table": "rgb(1,2,3)"},
        {"text": ""},
        {"panel": 0xFFFFFF},
        {"font_family": "a<b"},
        {"font_family": "x" * 201},
        {"font_family": None},
    ],
)
def test_a_style_out_of_range_is_refused_naming_the_field(change: dict[str, object]) -> None:
    with pytest.raises(rk.InvalidArgument) as caught:
        svg.Style(**change)  # type: ignore[arg-type]
    assert caught.value.code == "bad_style"
    assert next(iter(change)) in str(caught.value)


def test_a_style_takes_colours_as_svg_writes_them() -> None:
    for colour in ("#abc", "#abcd", "#a1b2c3", "#a1b2c3d4", "teal", "DarkSlateGray"):
        assert svg.Style(red=colour).red == colour
    assert svg.Style(size=8).size == 8
    assert svg.Style(size=1024, row_length=104).row_length == 104


@pytest.mark.parametrize(
    "change",
    [
        {"rack_sizes": ()},
        {"rack_sizes": (7, -1, 7)},
        {"rack_sizes": (7, 7, 2**63)},
        {"rack_sizes": "777"},
        {"opened": (False, False)},
        {"opened": (0, 0, 0)},
        {"player": 3},
        {"player": True},
        {"current_player": -1},
        {"phase": "draw"},
        {"profile": "standard_rummy"},
        {"table": "7h 8h 9h"},
        {"rack": "7h 8h"},
        {"discards": (1, 2)},
        {"taken": "7h"},
        {"stock_size": -1},
        {"turn": 1.5},
        {"outcome": rk.Outcome(rk.Termination.BLOCKED, (), (1, 2))},
        {"outcome": rk.Outcome(rk.Termination.BLOCKED, (), (1, 2, 10**5000))},
        {"outcome": "over"},
    ],
)
def test_a_view_that_does_not_add_up_is_refused(change: dict[str, object]) -> None:
    view = attrs.evolve(VIEW, **change)  # type: ignore[arg-type]
    with pytest.raises(rk.InvalidArgument) as caught:
        svg.view(view)
    assert caught.value.code == "bad_view"
    assert view._repr_svg_() is None  # a notebook shows the short repr instead


ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=30),
    st.binary(max_size=10),
    st.lists(st.one_of(st.text(max_size=4), st.integers(), st.none()), max_size=5),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
)


DRAWS = (svg.piece, svg.meld, svg.table, svg.rack, svg.view, svg.game)
GAME_PICTURES = {svg.view: VIEW, svg.game: GAME}


def _draws_or_refuses(draw: Callable[..., str], *args: object, **kwargs: object) -> None:
    try:
        picture = draw(*args, **kwargs)
    except rk.RummikitError:
        return
    assert isinstance(picture, svg.Picture)
    ET.fromstring(picture)  # well-formed, whatever was passed


@given(value=ANYTHING, keyword=st.sampled_from(["profile", "style", "title", "stands_for"]))
def test_anything_given_draws_or_raises_a_rummikit_error(value: object, keyword: str) -> None:
    """Whatever a caller passes, the answer is a picture or a rummikit error, never an
    AttributeError or a TypeError from halfway through the drawing."""
    for draw in DRAWS:
        _draws_or_refuses(draw, value)
        if keyword in inspect.signature(draw).parameters:
            _draws_or_refuses(draw, GAME_PICTURES.get(draw, "r1 r2 r3"), **{keyword: value})


@given(field=st.sampled_from([f.name for f in attrs.fields(svg.Style)]), value=ANYTHING)
def test_any_style_field_is_checked(field: str, value: object) -> None:
    try:
        style = svg.Style(**{field: value})  # type: ignore[arg-type]
    except rk.InvalidArgument as error:
        code = error.code
    else:
        code = "accepted"
        assert svg.piece("r1", style=style).startswith("<svg")
    assert code in ("bad_style", "accepted")
