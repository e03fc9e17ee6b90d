"""Saved games and matches (:mod:`rummikit.record`)."""
