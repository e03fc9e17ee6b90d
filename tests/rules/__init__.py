"""Rules: reading melds, rule profiles and their registry, openings, scoring and the
turn judge, with the rules-matrix examples named after their rows."""
