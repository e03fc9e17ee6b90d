"""Sphinx configuration for the rummikit documentation."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).parent.resolve()
sys.path.insert(0, str(HERE / "_ext"))
# Build from the source tree even when rummikit is not installed (CI installs it editable).
sys.path.insert(0, str(HERE.parent / "src"))

import rummikit  # noqa: E402

project = "rummikit"
author = "rummikit developers"
copyright = "rummikit developers"
release = rummikit.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "rummikit_options",
    "rummikit_rules",
    "rummikit_simplot",
    "rummikit_pairplot",
    "rummikit_pictures",
    "rummikit_terminal",
]

exclude_patterns = ["_build"]
templates_path: list[str] = []
html_static_path: list[str] = []

html_theme = "furo"
html_title = f"rummikit {release}"

# -- autodoc ------------------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_class_signature = "mixed"

# -- doctest ------------------------------------------------------------------------------
doctest_global_setup = """
import attrs
import rummikit as rk
"""

# -- substitutions ------------------------------------------------------------------------
try:
    from rummikit.cli import COMPARE_GAMES
except ImportError:  # the cli extra (click, rich) is not installed
    COMPARE_GAMES = 0

rst_prolog = f"""
.. |compare_games| replace:: {COMPARE_GAMES or "see ``rummikit compare --help``"}
"""
