"""Notation: parsing, canonical formatting and the errors bad text gets; generated pieces,
melds and tables read back as they were written; and the parsers fuzzed with random and
hostile text, which they read or refuse with a NotationError.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit.notation import MAX_TEXT_LENGTH
from rummikit.testing import melds, tables, tiles
from tests.fuzzing import TOKENS, attempt
from tests.helpers import refused
from tests.variants import BY_NAME, by_built_in_profile


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


def test_unicode_formatting_of_cards_and_tiles():
    assert rk.format_tiles(rk.parse_tiles("7h Qs r5 j"), unicode=True) == "7♥ Q♠ 🔴5 j"
    assert rk.format_tiles("r1 b2 k3 o4", unicode=True) == "🔴1 🔵2 ⚫3 🟠4"
    assert [suit.symbol for suit in rk.TILE_COLOURS] == ["🔴", "🔵", "⚫", "🟠"]
    assert [suit.symbol for suit in rk.CARD_SUITS] == ["♠", "♥", "♦", "♣"]


def test_the_circles_of_the_unicode_notation_read_back():
    """Regression (issue 26): tiles had no unicode form; the coloured circles it writes are
    read as their colours, a yellow circle as orange (as ``y`` is), with or without the
    emoji variation selector some keyboards add."""
    assert rk.parse_tiles("🔴7 🔵13, ⚫1 🟠12 🟡5 ⚫\ufe0f9") == rk.parse_tiles(
        "r7 b13 k1 o12 o5 k9"
    )
    assert rk.parse_table("🔴7 🔴8 j | 🔵5 ⚫5 🟠5") == rk.parse_table("r7 r8 j | b5 k5 o5")
    for text, code in (
        ("🔴14", "bad_rank"),
        ("🔴07", "bad_rank"),
        ("🔴", "bad_token"),
        ("7🔴", "bad_token"),
    ):
        with pytest.raises(rk.NotationError) as caught:
            rk.parse_tiles(text)
        assert caught.value.code == code


def test_tables_split_on_bars_and_line_breaks():
    table = rk.parse_table("r7 r8 r9 | b5 k5 o5\n\ngroup: j j r5\n")
    assert [str(meld) for meld in table] == ["r7 r8 r9", "b5 k5 o5", "group: j j r5"]
    assert rk.format_table(table) == "r7 r8 r9 | b5 k5 o5 | group: j j r5"
    assert rk.parse_table(rk.format_table(table)) == table
    assert rk.parse_table("  \n ") == rk.TableState()


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


def test_formatting_reads_notation_and_tables():
    assert rk.format_tiles("R7  r8") == "r7 r8"
    assert rk.format_table("r7 r8 r9 | group: j b5 k5") == "r7 r8 r9 | group: j b5 k5"
    table = rk.parse_table("r7 r8 r9 | b5 k5 o5")
    assert rk.format_table(table) == rk.format_table(table.melds) == "r7 r8 r9 | b5 k5 o5"


def test_a_leading_zero_is_named_as_such():
    message = refused(lambda: rk.parse_tile("r07"), "bad_rank", rk.NotationError)
    assert "leading zero" in message
    assert "leading zero" in refused(lambda: rk.parse_tile("07h"), "bad_rank", rk.NotationError)
    assert "out of range" in refused(lambda: rk.parse_tile("r14"), "bad_rank", rk.NotationError)


def test_a_huge_token_is_not_repeated_in_a_notation_error():
    token = "x" * 19_000
    with pytest.raises(rk.NotationError) as caught:
        rk.parse_tiles(f"r1 {token}")
    assert token[:40] in caught.value.message
    assert len(caught.value.message) < 400  # the expected forms take most of it
    assert caught.value.token == token  # kept whole for programs


# -- round trips -----------------------------------------------------------------------------


@by_built_in_profile
@given(data=st.data())
def test_notation_round_trips(name: str, data: st.DataObject) -> None:
    profile = BY_NAME[name]
    pieces = data.draw(st.lists(tiles(profile), max_size=20))
    assert rk.parse_tiles(rk.format_tiles(pieces)) == pieces
    assert rk.parse_tiles(rk.format_tiles(pieces, unicode=True)) == pieces
    for tile in pieces:
        assert rk.parse_tile(str(tile)) == tile
    meld = data.draw(melds(profile))
    assert rk.parse_meld(str(meld)) == meld
    table = rk.TableState(data.draw(tables(profile)))
    assert rk.parse_table(rk.format_table(table)) == table
    assert rk.parse_table(rk.format_table(table, unicode=True)) == table
    assert rk.parse_table("\n".join(map(str, table))) == table


# -- fuzzing: whatever the text, the parsers read it or raise NotationError ------------------


pieces_of_text = st.one_of(st.sampled_from(TOKENS), st.text(max_size=3))
texts = st.one_of(
    st.text(),
    st.lists(pieces_of_text, max_size=30).map("".join),
    st.lists(st.sampled_from(TOKENS), max_size=30).map(" ".join),
    st.builds(
        lambda piece, times: piece * times,
        st.sampled_from(["r7 ", "| ", "\n", "x", "j,", "10♥ ", "run: "]) | st.text(min_size=1),
        st.integers(1, 3 * MAX_TEXT_LENGTH // 2),
    ),
)

PARSERS: dict[str, Callable[[str], Any]] = {
    "parse_tile": rk.parse_tile,
    "parse_tiles": rk.parse_tiles,
    "parse_meld": rk.parse_meld,
    "parse_table": rk.parse_table,
}
by_parser = pytest.mark.parametrize("parser", list(PARSERS))


def _reformat(parser: str, value: Any) -> str:
    """The canonical text of a parsed value."""
    if parser == "parse_tile":
        return str(value)
    if parser == "parse_tiles":
        return rk.format_tiles(value)
    if parser == "parse_meld":
        return str(value)
    return rk.format_table(value)


@by_parser
@given(text=texts)
def test_parsers_answer_or_raise_notation_error(parser: str, text: str) -> None:
    parse = PARSERS[parser]
    value = attempt(lambda: parse(text))
    if isinstance(value, rk.RummikitError):
        assert isinstance(value, rk.NotationError), repr(value)
        assert value.code
        assert 0 <= value.position <= max(len(text), MAX_TEXT_LENGTH)
        if value.code in ("bad_token", "bad_rank", "bad_kind"):
            assert value.token
            assert text.startswith(value.token, value.position)
        if len(text) > MAX_TEXT_LENGTH:
            assert value.code == "too_long"
        return
    assert len(text) <= MAX_TEXT_LENGTH
    # what was read prints in canonical form, which reads back as the same value
    assert parse(_reformat(parser, value)) == value


@by_parser
@given(
    piece=st.sampled_from(["r7 ", "|", "j", "\n", " "]) | st.text(min_size=1, max_size=4),
    extra=st.integers(1, 100),
)
def test_text_over_the_length_limit_is_refused(parser: str, piece: str, extra: int) -> None:
    text = (piece * (MAX_TEXT_LENGTH // len(piece) + 1))[: MAX_TEXT_LENGTH + extra]
    assert len(text) > MAX_TEXT_LENGTH
    with pytest.raises(rk.NotationError) as caught:
        PARSERS[parser](text)
    assert caught.value.code == "too_long"


@by_parser
def test_text_at_the_length_limit_is_read(parser: str) -> None:
    text = ("r7 " * MAX_TEXT_LENGTH)[:MAX_TEXT_LENGTH]
    result = attempt(lambda: PARSERS[parser](text))
    assert not isinstance(result, rk.RummikitError) or result.code != "too_long"


@by_parser
@given(
    value=st.one_of(
        st.none(),
        st.binary(),
        st.integers(),
        st.floats(),
        st.lists(st.text(max_size=3), max_size=3),
        st.just(rk.JOKER),
        st.just(rk.Meld.parse("r1 r2 r3")),
    )
)
def test_parsers_refuse_what_is_not_text(parser: str, value: object) -> None:
    with pytest.raises(rk.InvalidArgument):
        PARSERS[parser](value)  # type: ignore[arg-type]
