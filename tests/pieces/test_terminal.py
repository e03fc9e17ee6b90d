"""Pictures of pieces, melds, readings and tables for rich (``rummikit.terminal``)."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

import rummikit as rk
from rummikit import terminal
from rummikit.testing import tables, tiles
from tests.helpers import refused
from tests.variants import BY_NAME, by_built_in_profile


def shown(value: object, **options: object) -> str:
    """What rich prints for ``value`` on a console without colours, 60 columns wide."""
    console = Console(record=True, width=60, color_system=None, file=io.StringIO(), **options)
    console.print(value)
    return console.export_text()


def coloured(value: object, **options: object) -> str:
    """What rich writes for ``value`` on a terminal of true colours."""
    out = io.StringIO()
    console = Console(file=out, width=60, force_terminal=True, color_system="truecolor", **options)
    console.print(value)
    return out.getvalue()


def ansi(hex_colour: str, *, background: bool = False) -> str:
    """The escape code's part for a ``#rrggbb`` colour."""
    red, green, blue = (int(hex_colour[at : at + 2], 16) for at in (1, 3, 5))
    return f"{48 if background else 38};2;{red};{green};{blue}"


def test_the_values_draw_themselves_as_their_notation():
    pagat = rk.profiles.get("pagat")
    assert shown(rk.parse_tile("r7")) == "r7\n"
    assert shown(rk.parse_tile("Qh")) == "Q♥\n"
    assert shown(rk.JOKER) == "j\n"
    assert shown(rk.parse_meld("group: j j r5")) == "group: j j r5\n"
    assert shown(rk.parse_table("r7 r8 r9 | b5 k5 o5 | 10d Jd Qd")) == (
        "r7 r8 r9\nb5 k5 o5\n10♦ J♦ Q♦\n"
    )
    assert shown(rk.TableState()) == "(empty table)\n"
    assert shown(pagat.read_meld("r7 r8 j")) == "run: r7 r8 j=r9\n"
    assert shown(pagat.read_meld("b5 j k5")) == "group: b5 j=r5/o5 k5\n"


def test_a_value_draws_as_the_function_of_its_kind_does():
    pagat = rk.profiles.get("pagat")
    pairs = [
        (rk.parse_tile("o3"), terminal.tile_text("o3")),
        (rk.parse_meld("r1 r2 r3"), terminal.meld_text("r1 r2 r3")),
        (rk.parse_table("r1 r2 r3 | j k5 k6"), terminal.table_text("r1 r2 r3 | j k5 k6")),
        (pagat.read_meld("j k5 k6"), terminal.reading_text(pagat.read_meld("j k5 k6"))),
    ]
    for value, text in pairs:
        drawn = value.__rich__()
        assert isinstance(drawn, Text)
        assert (drawn.plain, drawn.spans) == (text.plain, text.spans)


@pytest.mark.parametrize(
    ("piece", "colour", "face"),
    [
        ("r7", "red", "tile_face"),
        ("b7", "blue", "tile_face"),
        ("k7", "black", "tile_face"),
        ("o7", "orange", "tile_face"),
        ("7h", "hearts", "card_face"),
        ("7d", "diamonds", "card_face"),
        ("7s", "spades", "card_face"),
        ("7c", "clubs", "card_face"),
        ("j", "joker", "tile_face"),
    ],
)
def test_each_piece_is_drawn_bold_in_its_colour_on_its_face(piece, colour, face):
    text = terminal.tile_text(piece)
    style = f"bold {terminal.PALETTE[colour]} on {terminal.PALETTE[face]}"
    assert [span.style for span in text.spans] == [style]
    written = coloured(rk.parse_tile(piece))
    assert ansi(terminal.PALETTE[colour]) in written
    assert ansi(terminal.PALETTE[face], background=True) in written
    assert written.startswith("\x1b[1;")  # bold


def test_the_palette_names_every_suit_the_joker_and_the_faces():
    names = {suit.name.lower() for suit in rk.Suit} | {"joker", "tile_face", "card_face"}
    assert set(terminal.PALETTE) == names
    assert all(len(colour) == 7 and colour.startswith("#") for colour in terminal.PALETTE.values())
    with pytest.raises(TypeError):
        terminal.PALETTE["red"] = "#ff0000"  # type: ignore[index]


def test_no_color_keeps_the_text_and_the_weight_but_no_colour():
    written = coloured(rk.parse_table("r7 r8 r9 | 7h 8h 9h"), no_color=True)
    assert "38;2" not in written
    assert "48;2" not in written
    assert "\x1b[1m" in written
    assert Text.from_ansi(written).plain == "r7 r8 r9\n7♥ 8♥ 9♥\n"


def test_pieces_laid_are_underlined_once_each():
    text = terminal.tiles_text("r7 r7 r8 j", laid="r7 j")
    underlined = [
        text.plain[span.start : span.end] for span in text.spans if "underline" in span.style
    ]
    assert underlined == ["r7", "j"]
    table = terminal.table_text("r6 r7 r8 | r7 r8 r9", laid=["r7", "r9"])
    underlined = [
        table.plain[span.start : span.end] for span in table.spans if "underline" in span.style
    ]
    assert underlined == ["r7", "r9"]
    assert terminal.LAID == "underline"
    assert "\x1b[1;4;" in coloured(terminal.tile_text("r7", laid=True))


@by_built_in_profile
@given(data=st.data())
def test_the_text_of_a_picture_reads_back(name: str, data: st.DataObject) -> None:
    profile = BY_NAME[name]
    pieces = data.draw(st.lists(tiles(profile), max_size=20))
    assert rk.parse_tiles(terminal.tiles_text(pieces).plain) == pieces
    table = rk.TableState(data.draw(tables(profile)))
    if table:
        assert rk.parse_table(terminal.table_text(table).plain) == table
        assert rk.parse_table(shown(table)) == table


def test_the_functions_read_notation_and_refuse_what_is_none():
    assert terminal.meld_text(["r1", "r2", "r3"]).plain == "r1 r2 r3"
    assert terminal.table_text([["r1", "r2", "r3"], "k4 k5 k6"]).plain == "r1 r2 r3\nk4 k5 k6"
    with pytest.raises(rk.NotationError):
        terminal.tile_text("x9")
    refused(lambda: terminal.reading_text(rk.parse_meld("r1 r2 r3")), "not_a_reading")
    refused(lambda: terminal.table_text(rk.parse_meld("r1 r2 r3")), "not_a_table")


def test_without_rich_the_functions_say_what_is_missing(monkeypatch):
    monkeypatch.setattr(terminal, "_HAS_RICH", False)
    message = refused(lambda: terminal.tile_text("r7"), "missing_dependency")
    assert "rummikit[cli]" in message


def test_import_rummikit_loads_neither_the_pictures_nor_rich():
    """Nor does a game, until it is drawn: a simulation's workers never need rich."""
    code = (
        "import sys, rummikit as rk; rk.profiles.get('pagat').read_meld('r1 r2 r3'); "
        "rk.Game.new('pagat', players=2, seed=1).view(0); "
        "print('rummikit.terminal' in sys.modules, 'rich' in sys.modules)"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert loaded == ["False", "False"]
