"""What cannot be drawn raises a rummikit error with a stable code (docs/errors.rst)."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

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
