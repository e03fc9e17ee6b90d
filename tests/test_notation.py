"""Notation: parsing, canonical formatting and the errors bad text gets."""

import pytest

import rummikit as rk
from rummikit.notation import MAX_TEXT_LENGTH


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("r7", "r7"),
        ("B13", "b13"),
        ("k1", "k1"),
        ("o12", "o12"),
        ("y5", "o5"),
        ("7h", "7h"),
        ("qS", "Qs"),
        ("Ad", "Ad"),
        ("10c", "10c"),
        ("KD", "Kd"),
        ("7♥", "7h"),
        ("10♦\ufe0e", "10d"),
        ("J♠\ufe0f", "Js"),
        ("q♡", "Qh"),
        ("j", "j"),
        ("J", "j"),
    ],
)
def test_tokens_parse_to_their_canonical_form(text, canonical):
    assert str(rk.parse_tile(text)) == canonical
    assert rk.parse_tile(canonical) == rk.parse_tile(text)


def test_lists_accept_spaces_and_commas():
    assert rk.format_tiles(rk.parse_tiles(" r7,r8 ,, j  ")) == "r7 r8 j"
    assert rk.parse_tiles("") == []


def test_unicode_formatting_of_cards():
    assert rk.format_tiles(rk.parse_tiles("7h Qs r5 j"), unicode=True) == "7♥ Q♠ r5 j"


def test_tables_split_on_bars_and_line_breaks():
    table = rk.parse_table("r7 r8 r9 | b5 k5 o5\n\ngroup: j j r5\n")
    assert [str(meld) for meld in table] == ["r7 r8 r9", "b5 k5 o5", "group: j j r5"]
    assert rk.format_table(table) == "r7 r8 r9 | b5 k5 o5 | group: j j r5"
    assert rk.parse_table(rk.format_table(table)) == table
    assert rk.parse_table("  \n ") == []


def test_meld_kind_prefix_may_touch_the_first_tile():
    assert rk.parse_meld("RUN:j r5 j") == rk.Meld(rk.parse_tiles("j r5 j"), "run")


def test_repr_evaluates_back():
    meld = rk.parse_meld("group: j j r5")
    assert eval(repr(meld), {"Meld": rk.Meld}) == meld
    tile = rk.parse_tile("Qs")
    assert eval(repr(tile), {"Tile": rk.Tile}) == tile


@pytest.mark.parametrize(
    ("text", "code", "token", "position"),
    [
        ("r7 r14", "bad_rank", "r14", 3),
        ("r7 x7", "bad_token", "x7", 3),
        ("1h", "bad_rank", "1h", 0),
        ("11h", "bad_rank", "11h", 0),
        ("r0", "bad_rank", "r0", 0),
        ("r0007", "bad_rank", "r0007", 0),
        ("r07", "bad_rank", "r07", 0),  # regression: leading zeros were half-accepted
        ("07h", "bad_rank", "07h", 0),
        ("7x", "bad_token", "7x", 0),
        ("r7 | b5", "unexpected_separator", "|", 3),
    ],
)
def test_bad_tiles_say_which_token_and_where(text, code, token, position):
    with pytest.raises(rk.NotationError) as info:
        rk.parse_tiles(text)
    error = info.value
    assert (error.code, error.token, error.position) == (code, token, position)
    assert token in error.message
    assert error.expected
    assert isinstance(error, ValueError)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("r7 r8 r9 | | b5 k5 o5", "empty_meld"),
        ("r7 r8 r9 |", "empty_meld"),
        ("| r7", "empty_meld"),
        ("r7 r8 r9 |\nb5", "empty_meld"),
        ("r7 set: b5", "bad_kind"),
        ("run:", "empty_meld"),
    ],
)
def test_bad_tables(text, code):
    with pytest.raises(rk.NotationError) as info:
        rk.parse_table(text)
    assert info.value.code == code


def test_parse_tile_needs_exactly_one():
    with pytest.raises(rk.NotationError) as info:
        rk.parse_tile("r7 r8")
    assert info.value.code == "not_one_tile"


def test_length_is_bounded():
    with pytest.raises(rk.NotationError) as info:
        rk.parse_tiles("r7 " * (MAX_TEXT_LENGTH // 3 + 1))
    assert info.value.code == "too_long"


@pytest.mark.parametrize("value", [None, b"r7", 7, ["r7"]])
def test_non_text_is_refused(value):
    with pytest.raises(rk.InvalidArgument) as info:
        rk.parse_tiles(value)
    assert info.value.code == "not_text"
