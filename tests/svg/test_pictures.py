"""What each picture shows: the pieces, their names, the melds' readings, the layout."""

from __future__ import annotations

import subprocess
import sys

import attrs
import pytest

import rummikit as rk
from rummikit import svg
from tests.svg.helpers import NS, parse, parts, piece_titles, pieces, title


def test_a_picture_is_svg_text_that_shows_itself_in_a_notebook() -> None:
    picture = svg.piece("r7")
    assert isinstance(picture, str)
    assert isinstance(picture, svg.Picture)
    assert picture._repr_svg_() == str(picture)
    assert picture.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    root = parse(picture)
    assert root.get("role") == "img"
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"


@pytest.mark.parametrize(
    ("notation", "name", "family"),
    [
        ("r7", "red 7", "tile red"),
        ("b13", "blue 13", "tile blue"),
        ("k1", "black 1", "tile black"),
        ("o10", "orange 10", "tile orange"),
        ("Qh", "queen of hearts", "card hearts"),
        ("10s", "10 of spades", "card spades"),
        ("Ad", "ace of diamonds", "card diamonds"),
        ("Kc", "king of clubs", "card clubs"),
        ("j", "joker", "tile joker"),
    ],
)
def test_a_piece_is_named_in_words(notation: str, name: str, family: str) -> None:
    picture = svg.piece(notation)
    (piece,) = pieces(picture)
    assert piece[0].text == name
    assert piece.get("class") == f"piece {family}"


def test_the_joker_is_a_card_where_the_deck_is_cards() -> None:
    assert pieces(svg.piece("j"))[0].get("class") == "piece tile joker"
    for name in ("rami_voleur", rk.profiles.get("standard_rummy")):
        assert pieces(svg.piece("j", profile=name))[0].get("class") == "piece card joker"
    # without a profile, a joker among cards is a card
    assert [p.get("class") for p in pieces(svg.rack("7h j"))][1] == "piece card joker"


def test_a_tile_shows_its_number_in_its_colour_and_a_mark_of_its_shape() -> None:
    root = parse(svg.piece("b5"))
    (text,) = root.iter(f"{NS}text")
    assert (text.text, text.get("fill")) == ("5", svg.Style().blue)
    assert [e.tag for e in root.iter(f"{NS}polygon")] == [f"{NS}polygon"]  # blue: a square
    plain = parse(svg.piece("b5", style=svg.Style(shapes=False)))
    assert not list(plain.iter(f"{NS}polygon"))
    assert len(list(plain.iter(f"{NS}circle"))) == 1


def test_a_card_is_red_or_black_by_its_suit() -> None:
    style = svg.Style(card_red="#aa0000", card_black="#000011")
    for notation, colour in (
        ("7h", "#aa0000"),
        ("7d", "#aa0000"),
        ("7s", "#000011"),
        ("7c", "#000011"),
    ):
        fills = {t.get("fill") for t in parse(svg.piece(notation, style=style)).iter(f"{NS}text")}
        assert fills == {colour}


def test_a_meld_without_a_profile_is_drawn_as_given() -> None:
    picture = svg.meld("r9 j r7")
    assert piece_titles(picture) == ["red 9", "joker", "red 7"]
    assert title(picture) == "r9 j r7"
    assert not parts(parse(picture), "stands-for")


def test_a_meld_read_under_a_profile_shows_what_its_jokers_stand_for() -> None:
    picture = svg.meld("r9 j r7", profile="pagat")
    assert piece_titles(picture) == ["red 7", "joker", "red 9"]  # in reading order
    assert title(picture) == "run: r7 j=r8 r9, worth 24"
    (label,) = parts(parse(picture), "stands-for")
    text = label.find(f"{NS}text")
    assert text is not None
    assert (text.text, text.get("fill")) == ("8", svg.Style().red)
    assert not parts(parse(svg.meld("r9 j r7", profile="pagat", stands_for=False)), "stands-for")


def test_a_joker_in_a_group_shows_the_suits_it_may_take() -> None:
    root = parse(svg.meld("j 7h 7s", profile="rami_voleur"))
    (label,) = parts(root, "stands-for")
    text = label.find(f"{NS}text")
    assert text is not None
    assert text.text == "7"
    assert [span.text for span in text] == ["♦", "♣"]


def test_a_meld_the_profile_refuses_is_outlined_and_says_why() -> None:
    picture = svg.meld("r9 r9 b9", profile="pagat")
    root = parse(picture)
    (meld,) = parts(root, "meld")
    assert meld.get("class") == "meld invalid"
    assert title(picture).startswith("r9 r9 b9: not a meld under pagat (")
    assert piece_titles(picture) == ["red 9", "red 9", "blue 9"]  # as given
    assert svg.Style().invalid in picture
    # a card among tiles is no meld of pagat either, and is still drawn
    assert "meld invalid" in svg.meld("7h 8h 9h", profile="pagat")


def test_a_table_lays_its_melds_in_rows() -> None:
    table = rk.parse_table(" | ".join(["r1 r2 r3 r4 r5 r6 r7"] * 2 + ["b1 b2 b3"] * 4))
    root = parse(svg.table(table, style=svg.Style(row_length=10)))
    melds = parts(root, "meld")
    assert len(melds) == 6
    rows = [float(m.get("transform", "translate(0 0)").split()[1].rstrip(")")) for m in melds]
    # 7 | 7 3 | 3 3 3: a row takes the next meld while it stays within 10 pieces
    assert rows[0] < rows[1] == rows[2] < rows[3] == rows[4] == rows[5]
    assert len(pieces(svg.table(table))) == table.tile_count


def test_a_meld_longer_than_a_row_gets_a_row_of_its_own() -> None:
    table = rk.parse_table("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 | b1 b2 b3")
    root = parse(svg.table(table, style=svg.Style(row_length=5)))
    assert len(pieces(svg.table(table, style=svg.Style(row_length=5)))) == 16
    assert float(root.get("width", 0)) > 13 * svg.Style().size * 0.72


def test_the_empty_table_and_rack_say_so() -> None:
    assert "empty table" in svg.table("-")
    assert title(svg.table(rk.TableState())) == "A table: -"
    assert "empty rack" in svg.rack([])
    assert title(svg.rack([])) == "An empty rack"
    assert not pieces(svg.rack(""))


def test_a_table_under_a_profile_says_so_and_reads_its_melds() -> None:
    picture = svg.table("b5 k5 o5 j | r10 r11 r12", profile="online")
    assert title(picture) == "A table under online: b5 k5 o5 j | r10 r11 r12"
    assert len(parts(parse(picture), "stands-for")) == 1


def test_a_rack_keeps_the_order_given() -> None:
    picture = svg.rack("k3 r1 j")
    assert piece_titles(picture) == ["black 3", "red 1", "joker"]
    assert title(picture) == "A rack of 3: k3 r1 j"
    assert title(svg.rack("10h As", profile="rami_voleur")) == "A rack of 2: 10♥ A♠"


def test_text_is_escaped() -> None:
    words = 'A <b>bold</b> & "quoted" title'
    assert title(svg.table("r1 r2 r3", title=words)) == words
    style = svg.Style(font_family="'Noto Sans', \"DejaVu Sans\", sans-serif")
    assert parse(svg.piece("r1", style=style)).get("font-family") == style.font_family


def test_the_size_scales_the_whole_picture() -> None:
    small = parse(svg.meld("r1 r2 r3"))
    large = parse(svg.meld("r1 r2 r3", style=svg.Style(size=96)))
    for side in ("width", "height"):
        assert float(large.get(side, 0)) == pytest.approx(2 * float(small.get(side, 0)), abs=0.02)


def test_no_part_carries_an_id() -> None:
    """Pictures put inline in one page must not clash: nothing refers to anything by id."""
    game = rk.Game.new("standard_rummy", 3, seed=4)
    for picture in (svg.view(game.view(1)), svg.game(game), svg.table("r1 r2 j", profile="pagat")):
        assert not [e for e in parse(picture).iter() if "id" in e.attrib]


def test_the_same_input_gives_the_same_text() -> None:
    game = rk.Game.new("pagat", 3, seed=11)
    assert svg.game(game) == svg.game(attrs.evolve(game))
    assert svg.view(game.view(2)) == svg.view(game.view(2))
    assert svg.table("r1 r2 j | b5 k5 o5", profile="pagat") == svg.table(
        rk.parse_table("r1 r2 j | b5 k5 o5"), profile=rk.profiles.get("pagat")
    )


def test_the_same_picture_in_other_interpreters() -> None:
    """No hash order or identity reaches the text: fresh interpreters draw the same bytes."""
    code = (
        "import rummikit as rk; from rummikit import svg; g = rk.Game.new('pagat', 4, seed=3); "
        "print(svg.view(g.view(1)) + svg.table('group: j j r5 | k7 j k9', profile='pagat'))"
    )
    here = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    from tests.elsewhere import run_python

    assert run_python(["-c", code]) == [here.stdout] * 2


def test_importing_rummikit_leaves_the_pictures_for_later() -> None:
    code = "import sys, rummikit; print('rummikit.svg' in sys.modules)"
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert loaded.stdout.strip() == "False"
