"""The rules matrix and the profiles cover each other.

The rules page (docs/rules.rst) shows every row of :mod:`rummikit._matrix` with the live
profiles' values. These tests make sure no option points at a row the page lacks, no row on
the page is one no option answers unless it says it is a rule, every built-in profile has a
column, and every source, row and default a text cites exists.
"""

from __future__ import annotations

import re

import pytest

import rummikit as rk
from rummikit import _matrix
from rummikit import profiles as profiles_module

OPTION_ROWS = {row.row for row in rk.RuleProfile(name="rows").describe() if row.row}
BUILT_IN = {
    value.name for value in vars(profiles_module).values() if isinstance(value, rk.RuleProfile)
}


def _texts() -> list[str]:
    texts = [default.text for default in _matrix.DEFAULTS]
    texts += [source.about for source in _matrix.SOURCES]
    for row in _matrix.ROWS:
        texts += [row.rule, row.differ, *(cell.note for cell in row.cells)]
    return texts


def test_rows_are_numbered_in_order():
    assert [row.number for row in _matrix.ROWS] == list(range(1, len(_matrix.ROWS) + 1))
    assert all(_matrix.row(row.number) is row for row in _matrix.ROWS)


def test_every_row_an_option_names_is_on_the_page():
    missing = OPTION_ROWS - {row.number for row in _matrix.ROWS}
    assert not missing


@pytest.mark.parametrize("row", _matrix.ROWS, ids=lambda row: f"row-{row.number}")
def test_a_row_no_option_answers_says_it_is_a_rule(row: _matrix.Row):
    if row.number in OPTION_ROWS:
        assert not row.rule, "an option answers this row; its value says what the rule is"
    else:
        assert row.rule.startswith("No option"), "say which rule the library keeps instead"


def test_every_built_in_profile_has_a_column():
    assert set(_matrix.PROFILES) == BUILT_IN
    for name in _matrix.PROFILES:
        rows = {row.row for row in rk.profiles.get(name).describe() if row.row}
        assert rows == OPTION_ROWS


def test_sources_are_named_and_cited():
    keys = [source.key for source in _matrix.SOURCES]
    assert len(keys) == len(set(keys))
    cited = {key for row in _matrix.ROWS for cell in row.cells for key in cell.sources}
    cited |= {
        key for text in _texts() for key in re.findall(r":source:`(?:[^<`]*<)?~?([\w-]+)>?`", text)
    }
    assert cited <= set(keys), "a cell or text cites an unknown source"
    assert set(keys) <= cited, "a source no row or default cites"
    for source in _matrix.SOURCES:
        assert source.name
        assert source.short
        assert source.about
        assert not _matrix.MENTION.search(source.name + source.short + source.about)


def test_defaults_are_numbered_and_each_is_chosen_somewhere():
    numbers = [default.number for default in _matrix.DEFAULTS]
    assert numbers == list(range(1, len(numbers) + 1))
    chosen = {number for row in _matrix.ROWS for number in row.defaults}
    assert chosen == set(numbers)


def test_rule_roles_in_texts_name_rows_and_defaults_that_exist():
    for text in _texts():
        for target in re.findall(r":rule:`(?:[^<`]*<)?([^`>]+)>?`", text):
            for item in target.split(","):
                item = item.strip()
                if item.startswith("D"):
                    assert 1 <= int(item[1:]) <= len(_matrix.DEFAULTS), text
                else:
                    for number in item.split("-"):
                        assert 1 <= int(number) <= len(_matrix.ROWS), text


def test_texts_link_their_mentions():
    for text in _texts():
        plain = re.sub(r":\w+:`[^`]*`", "", text)
        assert not _matrix.MENTION.search(plain), text


def test_import_rummikit_leaves_the_matrix_alone():
    import subprocess
    import sys

    code = "import sys, rummikit; print('rummikit._matrix' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
