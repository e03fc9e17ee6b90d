"""The pictures pinned by ``test_snapshots.py``, and the way to draw them again.

Each entry draws one picture; its text is kept in ``snapshots/<name>.svg``. When a change
to the drawing is meant, look at the new pictures and write them over the old ones::

    PYTHONPATH=src python -m tests.svg.snapshots          # from the repository's root

then review the difference (``git diff tests/svg/snapshots``) and commit it with the change.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import rummikit as rk
from rummikit import svg

FOLDER = Path(__file__).resolve().parent / "snapshots"


def _view() -> str:
    """A standard rummy view built by hand (a host may): the pile, a taken card, a lay-off."""
    return svg.view(
        rk.PlayerView(
            player=0,
            rack=tuple(rk.parse_tiles("3c 5s 9d")),
            table=rk.parse_table("7h 8h 9h | Qs Qd Qc"),
            rack_sizes=(3, 6),
            stock_size=30,
            current_player=0,
            phase=rk.Phase.PLAY_OR_DISCARD,
            opened=(False, True),
            turn=7,
            outcome=None,
            profile=rk.profiles.get("standard_rummy"),
            discards=tuple(rk.parse_tiles("2c 9h Kd 4s Jh 6d")),
            taken=rk.parse_tile("5s"),
        )
    )


PICTURES: dict[str, Callable[[], str]] = {
    "tile_r7": lambda: svg.piece("r7"),
    "tile_joker": lambda: svg.piece("j"),
    "card_10h": lambda: svg.piece("10h"),
    "card_joker": lambda: svg.piece("j", profile="rami_voleur"),
    "meld_joker_pagat": lambda: svg.meld("r7 j r9", profile="pagat"),
    "meld_group_jokers": lambda: svg.meld("group: j j k5", profile="pagat"),
    "meld_invalid_pagat": lambda: svg.meld("r9 r9 b9", profile="pagat"),
    "table_pagat": lambda: svg.table("r1 r2 r3 | b5 k5 o5 j | o10 o11 o12 o13", profile="pagat"),
    "rack_rami_voleur": lambda: svg.rack("As 10h Qd j", profile="rami_voleur"),
    "view_standard_rummy": _view,
    "game_online": lambda: svg.game(rk.Game.new("online", 2, seed=1)),
    "turn_pagat": lambda: svg.turn(
        "r11 j r13 | b5 b6 b7", "r11 r12 r13 | b5 b6 b7 j", rack="r12 k2", profile="pagat"
    ),
}
"""Name: what draws it. Small on purpose: each pins one thing a reader would notice."""


def path(name: str) -> Path:
    """Where the picture ``name`` is kept."""
    return FOLDER / f"{name}.svg"


def write_all() -> None:
    """Draw every picture again and keep it, replacing the pinned text."""
    FOLDER.mkdir(exist_ok=True)
    for name, draw in PICTURES.items():
        path(name).write_text(draw() + "\n", encoding="utf-8")
        print(
            "wrote",
            path(name).relative_to(Path.cwd())
            if path(name).is_relative_to(Path.cwd())
            else path(name),
        )


if __name__ == "__main__":
    write_all()
