"""Writing a command's output, and ending quietly when it cannot be written.

Shared by the command line (:mod:`rummikit.cli`) and the plain ``python -m rummikit``
comparison, so that both treat a closed pipe, a full disk or an encoding that cannot show
the text the same way: one line on the standard error (none for a closed pipe), no
traceback, exit code :data:`FAILED`.
"""

from __future__ import annotations

import os
import sys
from contextlib import suppress

FAILED = 3
"""Exit code of a command that could not finish: its output could not be written, or its
worker processes stopped."""


def silence_stdout() -> None:
    """Send what is left in the standard output to nowhere, so that Python's own flush on
    exit does not fail again."""
    with suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def last_words(message: str) -> None:
    """Write ``message`` to the standard error as the command's last line, if it can be."""
    with suppress(OSError, UnicodeEncodeError):
        sys.stderr.write(f"Error: {message}\n")
        sys.stderr.flush()


def unwritable(error: OSError | UnicodeEncodeError) -> int:
    """End a command whose output could not be written: say why (a closed pipe says
    nothing), silence the standard output, and give the exit code, :data:`FAILED`."""
    if isinstance(error, UnicodeEncodeError):
        last_words(
            f"the output holds {error.object[error.start : error.end]!r}, which the "
            f"{error.encoding} encoding cannot write; set PYTHONIOENCODING=utf-8"
        )
    elif not isinstance(error, BrokenPipeError):
        last_words(f"could not write the output: {error.strerror or error}")
    silence_stdout()
    return FAILED
