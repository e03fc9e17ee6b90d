"""The profiles the property tests run on.

Meld and opening properties run for the three built-in profiles and for evolved variants
that switch on the rules the built-in ones leave off (adjacent jokers banned, no jokers,
groups with repeated suits, runs of two, ace low for cards); scoring and notation, which
those options do not touch, for the built-in profiles (scoring also with the fewest-tiles
blocked winner).
"""

from __future__ import annotations

import attrs
import pytest

from tests.helpers import ONLINE, PAGAT, RAMI

PROFILES = [
    ONLINE,
    PAGAT,
    RAMI,
    attrs.evolve(PAGAT, name="pagat_no_adjacent_jokers", forbid_adjacent_jokers=True),
    attrs.evolve(ONLINE, name="online_no_jokers", jokers=0),
    attrs.evolve(RAMI, name="rami_no_adjacent_jokers", forbid_adjacent_jokers=True),
    attrs.evolve(RAMI, name="rami_no_jokers", jokers=0),
    attrs.evolve(PAGAT, name="pagat_loose_groups", group_distinct_suits=False, max_group_size=6),
    attrs.evolve(RAMI, name="rami_ace_low_pairs", ace_high=False, min_meld_length=2),
]

# Who wins a blocked round: the fewest tiles instead of the lowest total (row 33 variant).
FEWEST_TILES = attrs.evolve(PAGAT, name="pagat_fewest_tiles", blocked_winner="fewest_tiles")
BY_NAME = {profile.name: profile for profile in [*PROFILES, FEWEST_TILES]}

# Tests take the profile's name, so that a falsifying example names it instead of listing
# every option.
by_profile = pytest.mark.parametrize("name", [p.name for p in PROFILES])
by_profile_with_jokers = pytest.mark.parametrize("name", [p.name for p in PROFILES if p.jokers])
by_profile_with_distinct_suits = pytest.mark.parametrize(
    "name", [p.name for p in PROFILES if p.group_distinct_suits]
)
# Scoring and notation do not depend on the meld options the variants change.
by_built_in_profile = pytest.mark.parametrize("name", [p.name for p in PROFILES[:3]])
by_scoring_profile = pytest.mark.parametrize(
    "name", [*(p.name for p in PROFILES[:3]), FEWEST_TILES.name]
)
