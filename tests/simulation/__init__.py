"""Simulations (:mod:`rummikit.simulation`): games between bots, and their reports."""
