"""The ``rummikit`` command line (``pip install rummikit[cli]``): click and rich.

Commands: ``check`` a meld or a table, ``solve`` a position, ``simulate`` games, ``rules``
(a profile's options or two profiles' differences) and ``compare`` (rule profiles side by
side over seeded games: the main job, ``rummikit compare`` with no arguments). See
:doc:`/cli` for every option.

Exit codes: 0 when all went well; 1 when a check says no (an invalid meld, no legal play);
2 for a usage error (bad notation, an unknown profile or bot, a value out of range), with
the message saying what to fix; 3 when the command could not finish (the output could not
be written, the worker processes stopped).
"""

# The package's modules, each importing only modules listed above it:
#   _inputs   reading the arguments: counts, profile names, notation
#   _formats  writing the output: tables on a console, JSON, CSV
#   _check, _solve, _rules, _games   the commands (_games: simulate and compare)
#   _group    the command group holding them, and main
from rummikit._output import FAILED as FAILED
from rummikit.cli._check import check
from rummikit.cli._games import BUILT_IN, COMPARE_GAMES, compare, simulate
from rummikit.cli._games import COMPARE_PLAYERS as COMPARE_PLAYERS
from rummikit.cli._games import MAX_WORKERS as MAX_WORKERS
from rummikit.cli._games import SIMULATE_GAMES as SIMULATE_GAMES
from rummikit.cli._group import cli, main
from rummikit.cli._rules import rules
from rummikit.cli._solve import solve

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
