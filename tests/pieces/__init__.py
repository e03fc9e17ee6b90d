"""Pieces, melds and tables as values, and their notation (the lowest layer)."""
