"""A turn's picture: the tables before and after, the racks, the pieces that moved ringed."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit import svg, testing
from tests.svg.helpers import NS, parse, parts, title
from tests.svg.test_errors import ANYTHING


def _side(picture: str, kind: str) -> ET.Element:
    """The group of the picture holding one side of the turn (``turn-before``, ``turn-after``)."""
    (found,) = parts(parse(picture), kind)
    return found


def _titles(group: ET.Element, kind: str = "piece") -> list[str]:
    return [piece[0].text or "" for piece in parts(group, kind)]


def _area(group: ET.Element, kind: str) -> ET.Element:
    (found,) = parts(group, kind)
    return found


def test_a_turn_shows_both_tables_both_racks_and_rings_what_was_laid() -> None:
    picture = svg.turn("r8 b8 k8", "r6 r7 r8 | b8 k8 o8", rack="r6 r7 o8", profile="pagat")
    before, after = _side(picture, "turn-before"), _side(picture, "turn-after")
    assert _titles(_area(before, "table")) == ["red 8", "blue 8", "black 8"]
    assert _titles(_area(before, "rack")) == ["red 6", "red 7", "orange 8"]
    assert sorted(_titles(_area(after, "table"))) == sorted(
        ["red 6", "red 7", "red 8", "blue 8", "black 8", "orange 8"]
    )
    assert sorted(_titles(after, "moved")) == ["orange 8", "red 6", "red 7"]
    assert not parts(before, "moved")
    assert not parts(_area(after, "rack"), "piece")  # the rack is empty after the play
    assert title(picture) == (
        "A turn under pagat: table before r8 b8 k8; rack r6 r7 o8; "
        "table after r6 r7 r8 | b8 k8 o8; laid r6 r7 o8; rack after -"
    )


def test_the_rings_are_drawn_behind_the_pieces_they_mark() -> None:
    after = _side(svg.turn("r1 r2 r3", "r1 r2 r3 r4", rack="r4"), "turn-after")
    moved = parts(after, "moved")
    assert len(moved) == 1
    (meld,) = parts(after, "meld")
    children = list(meld)
    index = children.index(moved[0])
    assert children[index - 1].tag == f"{NS}rect"  # the ring, just before the piece


def test_a_meld_left_whole_keeps_the_table_copies() -> None:
    """Two red 5s after, one laid: the run left as it was holds the table's, so the ring
    goes to the new group's."""
    picture = svg.turn("r5 r6 r7", "r5 r6 r7 | r5 b5 k5", rack="r5 b5 k5", profile="pagat")
    melds = parts(_side(picture, "turn-after"), "meld")
    assert not parts(melds[0], "moved")
    assert sorted(_titles(melds[1], "moved")) == ["black 5", "blue 5", "red 5"]


def test_a_piece_gone_from_the_table_is_in_the_rack_after_ringed() -> None:
    picture = svg.turn("r11 j r13 | b1 b2 b3", "r11 r12 r13 | b1 b2 b3", rack="r12 k4")
    after = _side(picture, "turn-after")
    assert _titles(_area(after, "rack")) == ["black 4", "joker"]
    assert _titles(_area(after, "rack"), "moved") == ["joker"]
    words = title(picture)
    assert "laid r12; gone from the table j; rack after k4 j" in words


def test_the_title_names_the_melds_the_profile_refuses() -> None:
    picture = svg.turn("r8 b8 k8", "r6 r7 r8 | b8 k8", rack="r6 r7", profile="online")
    assert "; not melds under online: b8 k8;" in title(picture)
    assert len(parts(_side(picture, "turn-after"), "invalid")) == 1
    assert not parts(_side(picture, "turn-before"), "invalid")


def test_cards_a_turn_without_a_rack_and_an_empty_table() -> None:
    picture = svg.turn("-", "4c 5c 6c j", profile="rami_voleur")
    root = parse(picture)
    assert not parts(root, "rack")
    assert len(parts(root, "moved")) == 4
    assert all("card" in (g.get("class") or "") for g in parts(root, "piece"))
    assert title(picture) == (
        "A turn under rami_voleur: table before -; table after 4♣ 5♣ 6♣ j; laid 4♣ 5♣ 6♣ j"
    )


def test_stacked_puts_the_after_below_the_before() -> None:
    across = parse(svg.turn("r1 r2 r3", "r1 r2 r3 r4", rack="r4"))
    stacked = parse(svg.turn("r1 r2 r3", "r1 r2 r3 r4", rack="r4", stacked=True))
    assert float(stacked.get("width") or 0) < float(across.get("width") or 0)
    assert float(stacked.get("height") or 0) > float(across.get("height") or 0)
    (after,) = parts(stacked, "turn-after")
    assert (after.get("transform") or "").startswith("translate(")


def test_title_and_style() -> None:
    picture = svg.turn("r1 r2 r3", "r1 r2 r3 r4", title="r4 joins the run")
    assert title(picture) == "r4 joins the run"
    big = parse(svg.turn("r1 r2 r3", "r1 r2 r3 r4", style=svg.Style(size=96)))
    small = parse(svg.turn("r1 r2 r3", "r1 r2 r3 r4", style=svg.Style(size=24)))
    assert float(big.get("width") or 0) == pytest.approx(4 * float(small.get("width") or 0))


@pytest.mark.parametrize(
    ("draw", "code"),
    [
        (lambda: svg.turn("r1 r2 r3", "r1 r2 r3", stacked="yes"), "bad_stacked"),
        (lambda: svg.turn("r1 r2 r3", "r1 r2 r3", stands_for=None), "bad_stands_for"),
        (lambda: svg.turn(rk.parse_meld("r1 r2 r3"), "r1 r2 r3"), "not_a_table"),
        (lambda: svg.turn("r1 r2 r3", "r1 r2 r3", rack=7), "not_tiles"),
        (lambda: svg.turn("r1 r2 r3", "r1 r2 r3", profile="canasta"), "unknown_profile"),
    ],
)
def test_bad_input_is_refused_with_a_code(draw: object, code: str) -> None:
    with pytest.raises(rk.RummikitError) as caught:
        draw()  # type: ignore[operator]
    assert caught.value.code == code


@given(
    value=ANYTHING,
    where=st.sampled_from(
        ["before", "after", "rack", "profile", "stands_for", "stacked", "style", "title"]
    ),
)
def test_anything_given_draws_or_raises_a_rummikit_error(value: object, where: str) -> None:
    arguments: dict[str, object] = {"before": "r1 r2 r3", "after": "r1 r2 r3 r4", where: value}
    try:
        picture = svg.turn(**arguments)  # type: ignore[arg-type]
    except rk.RummikitError:
        return
    ET.fromstring(picture)  # well-formed, whatever was passed


@pytest.mark.parametrize("name", rk.profiles.names())
@given(data=st.data())
def test_any_turn_draws_every_piece_once_a_side(name: str, data: st.DataObject) -> None:
    before = rk.TableState(data.draw(testing.tables(name)))
    after = rk.TableState(data.draw(testing.tables(name)))
    rack = data.draw(testing.racks(name, max_size=12))
    picture = svg.turn(before, after, rack=rack, profile=name)
    first, second = _side(picture, "turn-before"), _side(picture, "turn-after")
    assert len(parts(_area(first, "table"), "piece")) == before.tile_count
    assert len(parts(_area(second, "table"), "piece")) == after.tile_count
    laid = after.tiles - before.tiles
    gone = before.tiles - after.tiles
    assert len(parts(_area(second, "table"), "moved")) == laid.total()
    rest = Counter(rack) - laid + gone
    assert len(parts(_area(second, "rack"), "piece")) == rest.total()
    assert len(parts(_area(second, "rack"), "moved")) == gone.total()
    assert svg.turn(before, after, rack=rack, profile=name) == picture
