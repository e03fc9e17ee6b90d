"""The smallest simulation the tests ask for."""

ARGS = {"players": 2, "games": 1, "seed": 1}
