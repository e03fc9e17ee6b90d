"""Hypothesis settings for the property and fuzz tests.

``ci`` is reproducible (derandomized) and sized to keep the property suite near a minute on
a small machine; ``dev`` looks harder. Pick one with ``HYPOTHESIS_PROFILE``; without it, CI
(the ``CI`` environment variable set) gets ``ci`` and everyone else ``dev``.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, max_examples=30, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=200, deadline=None)

settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport() -> Iterator[None]:
    """Keep a failing property readable where warnings are errors.

    On a failure hypothesis imports libcst to suggest a patch, and older libcst releases warn
    on import (mypy_extensions.TypedDict); under ``filterwarnings = error`` that warning
    would turn the failure report into a pytest INTERNALERROR.
    """
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", "mypy_extensions.TypedDict is deprecated", DeprecationWarning
        )
        yield
