"""How fast rummikit reads melds and validates a whole table.

Run: ``python benchmarks/bench_melds.py`` (add ``--quick`` for a short run). Prints readings
per second for valid and invalid melds, with and without jokers, both through a profile
(memoised readings, what a game or a judge sees once a table has been read) and through the
raw reader (every reading computed), and the time to validate a 60-tile table. Figures from
one run on one machine; compare ratios, not absolute numbers, across machines.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

import rummikit as rk
from rummikit.reading import MeldRules, read

PAGAT = rk.profiles.get("pagat")
RAMI = rk.profiles.get("rami_voleur")


def random_run(rng: random.Random, profile: rk.RuleProfile, jokers: int) -> list[rk.Tile]:
    suit = rng.choice(rk.TILE_COLOURS if profile.piece_set is rk.PieceSet.TILES else rk.CARD_SUITS)
    length = rng.randint(3, 6)
    start = rng.randint(1, 14 - length)
    tiles = [rk.Tile(suit, rank) for rank in range(start, start + length)]
    for place in rng.sample(range(length), jokers):
        tiles[place] = rk.JOKER
    return tiles


def random_group(rng: random.Random, profile: rk.RuleProfile, jokers: int) -> list[rk.Tile]:
    suits = rk.TILE_COLOURS if profile.piece_set is rk.PieceSet.TILES else rk.CARD_SUITS
    rank = rng.randint(1, 13)
    tiles = [rk.Tile(suit, rank) for suit in rng.sample(suits, rng.randint(3, 4))]
    for place in rng.sample(range(len(tiles)), jokers):
        tiles[place] = rk.JOKER
    return tiles


def corrupt(rng: random.Random, tiles: list[rk.Tile]) -> list[rk.Tile]:
    """Make a meld invalid by bumping the rank of one natural tile by 5 (wrapping)."""
    naturals = [i for i, tile in enumerate(tiles) if tile.suit is not None]
    place = rng.choice(naturals)
    tile = tiles[place]
    assert tile.suit is not None
    broken = list(tiles)
    broken[place] = rk.Tile(tile.suit, (tile.rank + 4) % 13 + 1)
    return broken


def sample(
    profile: rk.RuleProfile, *, jokers: int, valid: bool, count: int, seed: int
) -> list[rk.Meld]:
    rng = random.Random(seed)
    melds: list[rk.Meld] = []
    while len(melds) < count:
        make = random_run if rng.random() < 0.6 else random_group
        tiles = make(rng, profile, jokers)
        if not valid:
            tiles = corrupt(rng, tiles)
        meld = rk.Meld(tiles, rk.MeldKind.RUN if make is random_run else rk.MeldKind.GROUP)
        if jokers == 0 or valid:
            meld = rk.Meld(tiles, meld.kind if jokers else None)
        if profile.is_valid_meld(meld) == valid:
            melds.append(meld)
    return melds


def rate(fn: Callable[[], object], items: int, seconds: float) -> float:
    """Items per second of ``fn``, which processes ``items`` items, repeated for ``seconds``."""
    fn()
    runs, start = 0, time.perf_counter()
    while True:
        fn()
        runs += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return runs * items / elapsed


def sixty_tile_table(seed: int) -> list[rk.Meld]:
    """A legal-looking 60-tile table: runs and groups, a few with jokers, within the deck."""
    rng = random.Random(seed)
    while True:
        melds: list[rk.Meld] = []
        used: dict[rk.Tile, int] = {}
        jokers_left = 2
        while sum(len(m) for m in melds) < 60:
            make = random_run if rng.random() < 0.6 else random_group
            joker_count = 1 if jokers_left and rng.random() < 0.15 else 0
            tiles = make(rng, PAGAT, joker_count)
            if any(used.get(t, 0) >= 2 for t in tiles if t.suit is not None):
                continue
            for tile in tiles:
                used[tile] = used.get(tile, 0) + 1
            jokers_left -= joker_count
            kind = rk.MeldKind.RUN if make is random_run else rk.MeldKind.GROUP
            melds.append(rk.Meld(tiles, kind))
        if sum(len(m) for m in melds) == 60:
            return melds


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter timing windows")
    args = parser.parse_args(argv)
    window = 0.3 if args.quick else 1.5
    print(f"rummikit {rk.__version__}; timing window {window} s per figure\n")
    print(f"{'profile':<12} {'melds':<22} {'memoised/s':>12} {'computed/s':>12} {'ratio':>7}")
    for profile in (PAGAT, RAMI):
        rules = profile.meld_rules
        for jokers in (0, 1, 2):
            for valid in (True, False):
                melds = sample(
                    profile, jokers=jokers, valid=valid, count=500, seed=jokers * 2 + valid
                )
                for meld in melds:
                    profile.is_valid_meld(meld)

                def memoised(
                    melds: list[rk.Meld] = melds, profile: rk.RuleProfile = profile
                ) -> None:
                    for meld in melds:
                        profile.is_valid_meld(meld)

                def computed(melds: list[rk.Meld] = melds, rules: MeldRules = rules) -> None:
                    for meld in melds:
                        read(meld.tiles, meld.kind, rules)

                fast = rate(memoised, len(melds), window)
                slow = rate(computed, len(melds), window)
                label = f"{'valid' if valid else 'invalid'}, {jokers} joker(s)"
                print(
                    f"{profile.name:<12} {label:<22} {fast:>12,.0f} {slow:>12,.0f} {fast / slow:>6.1f}x"
                )

    table = sixty_tile_table(seed=1)
    rules = PAGAT.meld_rules
    assert all(PAGAT.is_valid_meld(m) for m in table)
    memo = rate(lambda: all(PAGAT.is_valid_meld(m) for m in table), 1, window)
    cold = rate(
        lambda: all(isinstance(read(m.tiles, m.kind, rules), rk.MeldReading) for m in table),
        1,
        window,
    )
    print(
        f"\n60-tile table ({len(table)} melds), every meld checked under pagat:\n"
        f"  memoised: {1e6 / memo:8.1f} us per table\n"
        f"  computed: {1e6 / cold:8.1f} us per table  (ratio {memo / cold:.1f}x)"
    )


if __name__ == "__main__":
    main()
