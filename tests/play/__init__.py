"""Play: actions, games, matches, simple moves and whole random games."""
