"""Which build of rummikit is running: the pure one, or the compiled one.

The compiled build (``RUMMIKIT_COMPILE=1`` at install time, see :doc:`/solver`) ships the
modules that carry the time as extension modules compiled by mypyc beside their sources, and
Python loads those first. :mod:`rummikit.reading`, the meld reader every part uses, is one of
them and is loaded with the package, so its file tells which build answers, at no cost.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final, Literal

from rummikit import reading

BUILD: Final[Literal["pure", "compiled"]] = (
    "compiled" if (reading.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES)) else "pure"
)
"""``"compiled"`` when the compiled modules are the ones loaded, else ``"pure"``."""
