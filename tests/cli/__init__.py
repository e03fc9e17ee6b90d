"""The command line: ``rummikit`` (:mod:`rummikit.cli`) and ``python -m rummikit``."""
