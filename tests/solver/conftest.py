"""Rewrite the asserts of the shared helpers (``_checked``) as pytest rewrites the tests'.

Named from this package, so that it holds however ``tests/`` is imported.
"""

from __future__ import annotations

import pytest

pytest.register_assert_rewrite(f"{__package__}._brute")
