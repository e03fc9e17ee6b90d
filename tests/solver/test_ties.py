"""The tie step: among the best plays, the one that keeps the most of the table.

Melds the play does not need stay as they were (with ``keep_table``), the tie step never
lays a meld twice nor drops the intact melds, and keeps an opening's tierce franche.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import rummikit as rk

from ._brute import _checked, brute_judged


@pytest.mark.parametrize(
    ("table", "rack"),
    [
        ("k5 k6 j | r5 o5 j | b5 o5 r5", "o13 r8 o10 k7"),
        ("k10 k11 j | o11 r11 j | r9 k9 b9", "b12 k8 k13 b6 k12"),
        ("j k3 k4 | o3 r3 j | r5 k5 b5", "b2 k6 k1 b8 k2"),
    ],
)
def test_regression_rows17_21_a_laid_group_is_not_laid_twice_by_the_tie_step(
    table: str, rack: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rows 17 and 21: the tie step put the melds outside the sweep (a frozen group laid
    aside) on the table twice, so the judge refused the fast core's play of a dissolved
    setup and the general sweep solved it again (819 ms instead of 144 on the slowest
    pagat benchmark position). The fast core now answers, and the sweep never runs. (The
    last position mirrors the second, so that the fast core sweeps them from different
    ends: which of the equal plays it finds first, and so whether the judge accepts it,
    depends on the direction.)"""
    from rummikit.solver import _dispatch as engines

    sweeps: list[int] = []
    original = engines._search_one_ace

    def counted(*args: Any) -> Any:
        sweeps.append(1)
        return original(*args)

    monkeypatch.setattr(engines, "_search_one_ace", counted)
    pagat = rk.profiles.get("pagat")
    found = _checked(pagat, table, rack)
    assert not sweeps
    assert found is not None
    assert found.optimal
    assert found.score == brute_judged(
        pagat, rk.parse_table(table), list(rk.parse_tiles(rack)), True, "tiles"
    )


def test_ties_keep_the_table() -> None:
    found = _checked("online", "r1 r2 r3 | b4 k4 o4", "r4 j")
    assert found is not None
    assert "b4 k4 o4" in str(found.table)
    found = _checked("online", "r1 r2 r3 | r4 r5 r6", "r7")
    assert found is not None
    assert "r1 r2 r3" in str(found.table)


def test_ties_with_two_copies_of_one_meld() -> None:
    table = rk.TableState([rk.Meld.parse("r1 k1 b1"), rk.Meld.parse("r1 k1 b1")])
    found = _checked("pagat", table, "r2 j", objective="points")
    assert found is not None
    assert found.score == 30


def test_regression_opening_tie_step_keeps_the_tierce_franche() -> None:
    # the tie step re-split 3d 4d 5d and 3s 3c j into 4d 5d j and 3s 3d 3c: no tierce left
    found = _checked("rami_voleur", "j 2s 3s 4s | As Ad Ah", "3s 5d 3d 4d 3c", opened=False)
    assert found is not None
    assert found.score == 5


def test_ties_keep_every_meld_the_play_does_not_need() -> None:
    """Issue 4: ties disturb the table as little as possible; melds the best play can leave
    alone stay exactly as they were, whichever of the equal plays the search met first."""
    table = "r1 r2 r3 | b5 b6 b7 | k9 k10 k11 | o4 b4 k4 | r9 b9 o9 | o10 o11 o12"
    found = _checked("online", table, "r4 b8 k12 r10 b10 k10")
    assert found is not None
    assert found.score == 6
    after = {str(meld) for meld in found.table.melds}
    # r4, b8 and k12 each change one meld (r4 joins r1 r2 r3 or o4 b4 k4); the rest stay
    kept = after & {"r1 r2 r3", "b5 b6 b7", "k9 k10 k11", "o4 b4 k4", "r9 b9 o9", "o10 o11 o12"}
    assert len(kept) == 3
    assert {"r9 b9 o9", "o10 o11 o12"} <= kept


def test_keep_table_false_skips_the_tie_break() -> None:
    """Issue 4, ties: without the tie step the score is the same and the play legal, but the
    table may be rebuilt; with it the melds the play does not need stay."""
    table = "r1 r2 r3 | b5 b6 b7 | k9 k10 k11 | o4 b4 k4 | r9 b9 o9 | o10 o11 o12"
    old = {"r1 r2 r3", "b5 b6 b7", "k9 k10 k11", "o4 b4 k4", "r9 b9 o9", "o10 o11 o12"}
    kept = _checked("online", table, "r4 b8 k12 r10 b10 k10")
    quick = _checked("online", table, "r4 b8 k12 r10 b10 k10", keep_table=False)
    assert kept is not None
    assert quick is not None
    assert quick.score == kept.score == 6
    assert len(old & {str(m) for m in kept.table.melds}) >= len(
        old & {str(m) for m in quick.table.melds}
    )


def test_regression_ties_never_drop_the_intact_melds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The melds the best play left intact were once dropped together when one of them
    could not stay: with short checks (100 steps) this position kept 5 of its 17 melds. They
    now always stay, as the tie step starts from them. It keeps 11 here; the earlier step,
    which searched the whole position again for each meld, kept 12, as it could also change
    which rack pieces are played (but kept fewer melds over the benchmark: 776 against
    856)."""
    from rummikit.solver import _tie

    monkeypatch.setattr(_tie, "_KEEP_BUDGET", 100)
    table = rk.TableState.parse(
        "k8 k9 k10 k11 | k9 r9 b9 | r8 r9 r10 r11 j | o2 o3 o4 | o1 o2 o3 | b3 b4 b5 b6"
        " | k13 j b13 | o11 b11 r11 | b4 b5 b6 b7 b8 b9 | o8 o9 o10 o11 | k4 k5 k6 | b1 b2 b3"
        " | r12 b12 o12 | r6 k6 o6 | r2 r3 r4 | r8 k8 b8 | k1 k2 k3 k4 k5"
    )
    found = _checked("online", table, "o10 o5 r1 o7 b10 o9 k13 r5 b1 k1 o5 k3 b13 o13")
    assert found is not None
    after = Counter(meld.key for meld in found.table.melds)
    kept = 0
    for meld in table.melds:
        if after[meld.key]:
            after[meld.key] -= 1
            kept += 1
    assert kept >= 11
