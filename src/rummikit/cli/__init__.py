"""The ``rummikit`` command line (``pip install rummikit[cli]``): click and rich.

Commands: ``check`` a meld or a table, ``solve`` a position, ``simulate`` games, ``rules``
(a profile's options or two profiles' differences) and ``compare`` (rule profiles side by
side over seeded games: the main job, ``rummikit compare`` with no arguments). See
:doc:`/cli` for every option.

Exit codes: 0 when all went well; 1 when a check says no (an invalid meld, no legal play);
2 for a usage error (bad notation, an unknown profile or bot, a value out of range), with
the message saying what to fix; 3 when the command could not finish (the output could not
be written, the worker processes stopped); 130 when Ctrl-C stopped a run of games.
"""

# The package's modules, each importing only modules listed above it:
#   _inputs   reading the arguments: counts, profile names, notation
#   _formats  writing the output: tables on a console, JSON, CSV
#   _check, _solve, _rules, _games   the commands (_games: simulate and compare)
#   _group    the command group holding them, and main
from rummikit._output import FAILED as FAILED
from rummikit.cli import _games
from rummikit.cli._check import check
from rummikit.cli._games import MAX_WORKERS as MAX_WORKERS
from rummikit.cli._games import compare, simulate
from rummikit.cli._group import cli, main
from rummikit.cli._rules import rules
from rummikit.cli._solve import solve

# The documented defaults are bound here, with their docstrings, as the API reference reads
# a constant's docstring from the module it documents; their values live in _games.
BUILT_IN = _games.BUILT_IN
"""The profiles ``rummikit compare`` compares by default."""

COMPARE_GAMES = _games.COMPARE_GAMES
"""Games per profile of ``rummikit compare`` by default: 100.

Enough for the headline figures to mean something (turns per game known to about ± 2 to 4
turns at 95%, and every figure printed with its interval, so that what 100 games cannot
tell shows as such), while the default comparison of the four built-in profiles stays
within about 30 s on one core (27 s measured with ``--workers 1``, greedy bots, each profile
at its own players). For a precision instead of a number of games, ``--precision``.
"""

SIMULATE_GAMES = _games.SIMULATE_GAMES
"""Games of ``rummikit simulate`` by default."""

__all__ = [
    "BUILT_IN",
    "COMPARE_GAMES",
    "check",
    "cli",
    "compare",
    "main",
    "rules",
    "simulate",
    "solve",
]
