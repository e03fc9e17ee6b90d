"""Melds and tables as read-only sequences, and the tables a host builds from a table.

A meld behaves as the tuple of its tiles and a table as the tuple of its melds (a table's
slice is a table, a meld's a tuple of tiles); a bad index raises a documented error. The
helpers that build a new table never lose or duplicate a meld, and tables written out
compose: any table, the empty one included, reads back from its notation and from the
notation of several tables joined by a separator.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummikit as rk
from rummikit.testing import melds, tables, tiles
from tests.helpers import PAGAT, RAMI, H, refused

MELD = rk.parse_meld("r1 r2 j")
TABLE = rk.parse_table("r7 r8 r9 | b5 k5 o5 | o1 o2 o3")
profiles = st.sampled_from([PAGAT, RAMI])


def _same(call_value, call_tuple):
    """Both calls give the same value, or both raise IndexError."""
    try:
        expected = call_tuple()
    except IndexError:
        with pytest.raises(IndexError) as caught:
            call_value()
        assert isinstance(caught.value, rk.IndexOutOfRange)
        assert caught.value.code == "index_out_of_range"
        return
    assert call_value() == expected


# -- a meld is a sequence of tiles ------------------------------------------------------------


@given(data=st.data(), profile=profiles)
def test_a_meld_behaves_as_the_tuple_of_its_tiles(data: st.DataObject, profile) -> None:
    meld = data.draw(melds(profile))
    pieces = meld.tiles
    assert isinstance(meld, Sequence)
    assert list(meld) == list(pieces)
    assert list(reversed(meld)) == list(reversed(pieces))
    assert len(meld) == len(pieces)
    for _ in range(5):
        index = data.draw(st.integers(-len(pieces) - 3, len(pieces) + 3))
        _same(lambda i=index: meld[i], lambda i=index: pieces[i])
    bounds = st.none() | st.integers(-len(pieces) - 3, len(pieces) + 3)
    part = slice(data.draw(bounds), data.draw(bounds), data.draw(st.sampled_from([None, 1, 2, -1])))
    assert meld[part] == pieces[part]
    assert isinstance(meld[part], tuple)
    tile = data.draw(tiles(profile))
    assert (tile in meld) == (tile in pieces)
    assert (str(tile) in meld) == (tile in pieces)
    assert meld.count(tile) == pieces.count(tile) == meld.count(str(tile))
    if tile in pieces:
        assert meld.index(tile) == pieces.index(tile) == meld.index(str(tile))
    else:
        refused(lambda: meld.index(tile), "not_in_meld")


def test_a_meld_keeps_its_equality_and_hash():
    same = rk.Meld(MELD)  # a meld is an iterable of tiles: it builds an equal meld
    assert same == MELD
    assert hash(same) == hash(MELD)
    assert tuple(MELD) != MELD
    assert rk.parse_meld("j r1 r2") != MELD
    assert rk.Meld(rk.parse_meld("run: j j r5")) == rk.parse_meld("j j r5")  # no kind copied


@pytest.mark.parametrize("index", ["0", 1.0, None, True, False, (0,)])
def test_a_meld_refuses_an_index_that_is_not_a_whole_number(index):
    refused(lambda: MELD[index], "bad_index")


@pytest.mark.parametrize("index", [3, -4, H, -H], ids=["3", "-4", "huge", "-huge"])
def test_an_index_past_either_end_is_an_index_error(index):
    message = refused(lambda: MELD[index], "index_out_of_range", rk.IndexOutOfRange)
    assert "-3 to 2" in message
    with pytest.raises(IndexError):
        MELD[index]
    with pytest.raises(IndexError):
        rk.Meld(())[0]


@pytest.mark.parametrize("part", [slice("a", None), slice(None, 1.5), slice(None, None, 0)])
def test_a_bad_slice_is_refused(part):
    refused(lambda: MELD[part], "bad_index")
    refused(lambda: TABLE[part], "bad_index")


def test_a_meld_is_asked_about_tiles_or_their_notation():
    assert "j" in MELD
    assert rk.JOKER in MELD
    assert "R1" in MELD
    assert "r3" not in MELD
    refused(lambda: 5 in MELD, "not_a_tile")
    refused(lambda: MELD.count(None), "not_a_tile")
    refused(lambda: "r1 r2" in MELD, "not_one_tile", rk.NotationError)
    refused(lambda: MELD.index("r3"), "not_in_meld")
    assert MELD.index("r2", 1) == 1
    refused(lambda: MELD.index("r2", 2), "not_in_meld")
    refused(lambda: MELD.index("r2", "x"), "bad_index")


def test_a_meld_iterates_where_the_library_takes_tiles():
    assert rk.format_tiles(MELD) == "r1 r2 j"
    assert PAGAT.read_meld(list(MELD)).value == 6


# -- a table is a sequence of melds -----------------------------------------------------------


@given(data=st.data(), profile=profiles)
def test_a_table_behaves_as_the_tuple_of_its_melds(data: st.DataObject, profile) -> None:
    table = rk.TableState(data.draw(tables(profile)))
    laid = table.melds
    assert isinstance(table, Sequence)
    assert list(table) == list(laid)
    assert list(reversed(table)) == list(reversed(laid))
    for _ in range(5):
        index = data.draw(st.integers(-len(laid) - 3, len(laid) + 3))
        _same(lambda i=index: table[i], lambda i=index: laid[i])
    bounds = st.none() | st.integers(-len(laid) - 3, len(laid) + 3)
    part = slice(data.draw(bounds), data.draw(bounds), data.draw(st.sampled_from([None, 1, -2])))
    assert table[part] == rk.TableState(laid[part])
    meld = data.draw(melds(profile))
    assert (meld in table) == (meld in laid) == (str(meld) in table)
    assert table.count(meld) == laid.count(meld)
    assert table.count(list(meld)) == laid.count(rk.Meld(meld))  # tiles alone: no kind
    if meld in laid:
        assert table.index(meld) == laid.index(meld) == table.index(str(meld))
    else:
        refused(lambda: table.index(meld), "meld_not_on_table")


def test_a_table_is_asked_about_melds():
    assert "b5 k5 o5" in TABLE
    assert ["o1", "o2", "o3"] in TABLE
    assert TABLE[0] in TABLE
    assert "k5 b5 o5" not in TABLE  # another order is another meld
    assert "run: r7 r8 r9" not in TABLE  # and so is a declared kind
    refused(lambda: rk.JOKER in TABLE, "not_a_meld")
    refused(lambda: TABLE in TABLE, "not_a_meld")
    refused(lambda: [] in TABLE, "not_a_meld")
    refused(lambda: 5 in TABLE, "not_tiles")
    with pytest.raises(rk.NotationError, match="in a single meld"):
        "r1 | r2" in TABLE  # noqa: B015
    assert TABLE.index("o1 o2 o3") == 2
    assert TABLE.index("b5 k5 o5", 1, 2) == 1
    refused(lambda: TABLE.index("b5 k5 o5", 2), "meld_not_on_table")


@pytest.mark.parametrize("index", ["0", 0.0, None, True, TABLE[0].tiles[0]])
def test_a_table_refuses_an_index_that_is_not_a_whole_number(index):
    with pytest.raises(rk.InvalidArgument):
        TABLE[index]


def test_a_table_index_past_either_end():
    assert TABLE[-3] == TABLE[0]
    refused(lambda: TABLE[3], "index_out_of_range", rk.IndexOutOfRange)
    message = refused(lambda: rk.TableState()[0], "index_out_of_range", rk.IndexOutOfRange)
    assert "empty" in message


# -- building tables --------------------------------------------------------------------------


def test_the_helpers_build_new_tables():
    assert TABLE.add("r10 r11 r12") == rk.parse_table(f"{TABLE} | r10 r11 r12")
    assert TABLE.add() is TABLE
    assert TABLE.remove() is TABLE
    assert TABLE.remove(-1, "r7 r8 r9") == rk.parse_table("b5 k5 o5")
    assert TABLE.replace(1, "b5 k5", "o5 o6 o7") == rk.parse_table(
        "r7 r8 r9 | b5 k5 | o5 o6 o7 | o1 o2 o3"
    )
    assert TABLE.replace(TABLE[0], rk.Meld(TABLE[0][:2])) == TABLE.replace(0, "r7 r8")
    assert TABLE.remove(1) == TABLE[:1] + TABLE[2:]
    assert str(TABLE) == "r7 r8 r9 | b5 k5 o5 | o1 o2 o3"  # unchanged


def test_a_meld_named_twice_removes_two_copies():
    twice = rk.parse_table("r1 r2 r3 | b5 k5 o5 | r1 r2 r3")
    assert twice.remove("r1 r2 r3") == rk.parse_table("b5 k5 o5 | r1 r2 r3")
    assert twice.remove("r1 r2 r3", "r1 r2 r3") == rk.parse_table("b5 k5 o5")
    assert twice.remove(0, "r1 r2 r3") == rk.parse_table("b5 k5 o5")
    assert twice.remove("r1 r2 r3", 0) == rk.parse_table("b5 k5 o5")  # indexes first
    message = refused(lambda: twice.remove("r1 r2 r3", 2, "r1 r2 r3"), "meld_not_on_table")
    assert "no other copy" in message
    refused(lambda: twice.remove(0, -3), "bad_index")


def test_a_missing_meld_is_named_with_its_twin():
    message = refused(lambda: TABLE.remove("k5 b5 o5"), "meld_not_on_table")
    assert "b5 k5 o5" in message
    refused(lambda: TABLE.replace("r1 r2 r3", "r1 r2 r3 r4"), "meld_not_on_table")
    refused(lambda: TABLE.replace(5, "r1 r2 r3"), "index_out_of_range", rk.IndexOutOfRange)
    refused(lambda: TABLE.remove(True), "bad_index")


def test_the_helpers_refuse_what_is_no_meld():
    refused(lambda: TABLE.add(""), "empty_meld", rk.NotationError)
    refused(lambda: TABLE.add([]), "not_a_meld")
    refused(lambda: TABLE.add(rk.Meld(())), "not_a_meld")
    refused(lambda: TABLE.add(rk.JOKER), "not_a_meld")
    with pytest.raises(rk.NotationError, match="in a single meld"):
        TABLE.add("r1 r2 r3 | b1 b2 b3")  # a meld each: TABLE.add("r1 r2 r3", "b1 b2 b3")
    refused(lambda: TABLE.replace(0, TABLE), "not_a_meld")


def test_plus_takes_a_meld_a_table_or_notation():
    meld = rk.parse_meld("r10 r11 r12")
    assert TABLE + meld == TABLE.add(meld) == TABLE + "r10 r11 r12"
    assert meld + TABLE == "r10 r11 r12" + TABLE == rk.TableState([meld, *TABLE])
    assert rk.TableState([*TABLE, *TABLE]) == TABLE + TABLE
    assert TABLE.add("b1 b2 b3", "k1 k2 k3") == TABLE + "b1 b2 b3 | k1 k2 k3"
    assert TABLE + "-" == TABLE + "" == TABLE + rk.TableState() == TABLE
    assert sum([TABLE[:1], TABLE[1:]], rk.TableState()) == TABLE
    table = TABLE
    table += meld
    assert table == TABLE.add(meld)
    assert len(TABLE) == 3
    for other in (["r1", "r2", "r3"], [meld], 5, None, rk.JOKER):
        refused(lambda other=other: TABLE + other, "bad_operand")
        refused(lambda other=other: other + TABLE, "bad_operand")


@given(data=st.data(), profile=profiles)
def test_the_helpers_never_lose_or_duplicate_a_meld(data: st.DataObject, profile) -> None:
    table = rk.TableState(data.draw(tables(profile)))
    new = data.draw(st.lists(melds(profile), max_size=3))
    before = Counter(table)
    assert Counter(table.add(*new)) == before + Counter(new)
    assert table.add(*new).tiles == table.tiles + Counter(t for meld in new for t in meld)
    assert Counter(table + rk.TableState(new)) == before + Counter(new)
    if not table:
        return
    chosen = data.draw(st.lists(st.integers(0, len(table) - 1), unique=True))
    by_value = [table[at] for at in chosen]
    removed = Counter(by_value)
    assert Counter(table.remove(*chosen)) == Counter(table.remove(*by_value)) == before - removed
    assert table.remove(*chosen) == rk.TableState(
        meld for at, meld in enumerate(table) if at not in chosen
    )
    if new:
        at = data.draw(st.integers(-len(table), len(table) - 1))
        replaced = table.replace(at, *new)
        assert Counter(replaced) == before - Counter([table[at]]) + Counter(new)
        assert replaced[: at % len(table)] == table[: at % len(table)]


# -- notation: the empty table, and composition ------------------------------------------------


def test_the_empty_table_reads_back():
    empty = rk.TableState()
    assert str(empty) == rk.format_table([]) == rk.format_table(empty, unicode=True) == "-"
    assert repr(empty) == "TableState()"
    for text in ("-", "", " \n ", "- | -", "-\n\n-", " - "):
        assert rk.parse_table(text) == empty == rk.TableState.parse(text)
    assert f"{empty} | r1 r2 r3" == "- | r1 r2 r3"
    assert rk.parse_table(f"{empty} | r1 r2 r3") == rk.parse_table("r1 r2 r3")
    assert rk.Play(empty).table == empty
    assert str(rk.Play(empty)) == "play -"


@pytest.mark.parametrize(
    ("text", "code", "token"),
    [
        ("-", "empty_meld", "-"),  # parse_meld: the empty table is no meld
        ("run: -", "bad_token", "-"),
        ("r1 - r2", "bad_token", "-"),
        ("-r1", "bad_token", "-r1"),
        ("- -", "bad_token", "-"),
    ],
)
def test_the_empty_table_is_no_meld(text, code, token):
    with pytest.raises(rk.NotationError) as caught:
        rk.parse_meld(text)
    assert (caught.value.code, caught.value.token) == (code, token)
    if code != "empty_meld":
        with pytest.raises(rk.NotationError):
            rk.parse_table(text)


@pytest.mark.parametrize(
    "text", ["- |", "| -", "- | | r1 r2 r3", "r1 r2 r3 |", "| r1 r2 r3", "r1 r2 r3 | -\n|"]
)
def test_a_bar_beside_nothing_is_still_a_typo(text):
    with pytest.raises(rk.NotationError) as caught:
        rk.parse_table(text)
    assert caught.value.code == "empty_meld"


def test_a_list_of_tiles_holds_no_empty_table():
    with pytest.raises(rk.NotationError) as caught:
        rk.parse_tiles("r1 -")
    assert caught.value.code == "bad_token"
    assert "empty table" in caught.value.expected


@given(data=st.data(), profile=profiles)
def test_tables_compose_in_notation(data: st.DataObject, profile) -> None:
    parts = [rk.TableState(t) for t in data.draw(st.lists(tables(profile), max_size=3))]
    joined = sum(parts, rk.TableState())
    assert isinstance(rk.parse_table(str(joined)), rk.TableState)
    for part in parts:
        assert rk.parse_table(str(part)) == part
        assert rk.parse_table(rk.format_table(part, unicode=True)) == part
        assert eval(repr(part), {"TableState": rk.TableState}) == part
    for separator in (" | ", "\n", "|"):
        text = separator.join(map(str, parts))
        assert rk.parse_table(text) == joined, text
    assert rk.parse_table(" | ".join(map(str, [rk.TableState(), *parts]))) == joined
