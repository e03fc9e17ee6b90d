"""A few pictures pinned as text: a change to the drawing shows up as a difference to review.

To accept a change that is meant, draw the pictures again (``tests/svg/snapshots.py`` says
how) and commit the new files with it.
"""

from __future__ import annotations

import pytest

from tests.svg.helpers import parse
from tests.svg.snapshots import FOLDER, PICTURES, path


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_picture_matches_its_snapshot(name: str) -> None:
    kept = path(name).read_text(encoding="utf-8")
    drawn = PICTURES[name]() + "\n"
    parse(drawn)
    assert drawn == kept, (
        f"{name}.svg differs from the picture drawn now; if the change is meant, run "
        "`PYTHONPATH=src python -m tests.svg.snapshots` and review the difference"
    )


def test_every_snapshot_is_drawn() -> None:
    """No file is left behind by a picture that was renamed or dropped."""
    assert sorted(p.stem for p in FOLDER.glob("*.svg")) == sorted(PICTURES)
