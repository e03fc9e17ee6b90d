"""The rummikit test suite, one folder per layer of the package.

``pieces/`` pieces, melds and tables as values, and notation; ``rules/`` meld reading,
rule profiles and their registry, openings, scoring and the turn judge (the rules-matrix
examples, named after their rows); ``play/`` actions, games, matches, simple moves and
whole random games; ``records/`` saved games and matches; ``bots/``, ``simulation/`` and
``cli/`` (with ``python -m rummikit``). Checks of the whole package stay at the top: the
README, the errors, the documented error codes, the import layers and the type hints
(``test_solver.py`` waits there for a folder of its own).

Property, fuzz and hostile-input tests live with the code they exercise. Shared helpers:
:mod:`tests.helpers` (the built-in profiles, playing games, refusals),
:mod:`tests.variants` (the profiles the property tests run on) and :mod:`tests.fuzzing`
(the hostile input of the fuzz tests); each folder may hold its own.
"""
