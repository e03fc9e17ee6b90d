"""Melds and tables as values: what they are built from, and the bad values they refuse."""

from __future__ import annotations

import pytest

import rummikit as rk
from tests.helpers import refused


@pytest.mark.parametrize("tiles", [5, None, 1.5])
def test_a_meld_needs_an_iterable_of_tiles(tiles):
    refused(lambda: rk.Meld(tiles), "not_tiles")


def test_a_meld_is_not_built_from_text():
    assert "Meld.parse" in refused(lambda: rk.Meld("r5 r6 r7"), "not_tiles")


@pytest.mark.parametrize("melds", [5, None, "r5 r6 r7", rk.Meld.parse("r5 r6 r7")])
def test_a_table_needs_an_iterable_of_melds(melds):
    refused(lambda: rk.TableState(melds), "not_a_table")


@pytest.mark.parametrize("meld", [rk.Meld(()), rk.Meld((), "run"), rk.Meld((), "group")])
def test_an_empty_meld_reads_back_from_its_repr(meld):
    assert eval(repr(meld), {"Meld": rk.Meld, "MeldKind": rk.MeldKind}) == meld


def test_read_as_checks_its_kind_whatever_the_tiles():
    """Regression (a review): ``Meld.read_as(tiles, 42)`` ignored the bad kind when the
    tiles held two naturals or more."""
    refused(lambda: rk.Meld.read_as(rk.parse_tiles("r1 r2 r3"), 42), "bad_kind")


def test_a_table_holds_no_empty_meld():
    """Regression (a review): ``TableState([Meld(())])`` was built, and its repr read back
    as an empty table."""
    refused(lambda: rk.TableState([rk.Meld(())]), "not_a_meld")
