"""Bots (:mod:`rummikit.bots`): the built-in players and their registry."""
