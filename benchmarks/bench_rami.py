"""How fast the solver is under rami voleur's rules (two decks of cards, aces high or low).

Run: ``python benchmarks/bench_rami.py`` (``--positions N``, ``--seed S``). It generates
seeded positions (tables of 0 to 40 cards made of random legal melds, some holding a joker;
hands of 14 or 20 cards from what is left), times :func:`rummikit.solver.solve` on each for
a player already open and for one not yet open (the tierce franche), with
``keep_table=False``, checks every play with the judge, and prints median, p90 and max.
rummikub-solver does not play with cards, so there is nothing to compare with: compare
revisions instead, in one run each on the same machine.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Sequence

from bench_solver import quantiles

import rummikit as rk
from rummikit.pieces import JOKER, Tile, suits_of
from rummikit.solver import solve

RAMI = rk.profiles.get("rami_voleur")
SUITS = suits_of(RAMI.piece_set)


def random_meld(rng: random.Random, left: Counter[Tile]) -> rk.Meld | None:
    """A random legal meld drawn from ``left``, or None when the draw does not fit."""
    if rng.random() < 0.55:
        suit = rng.choice(SUITS)
        length = rng.choice((3, 3, 4, 5))
        start = rng.randint(1, 14 - length)
        tiles = [Tile(suit, rank) for rank in range(start, start + length)]
    else:
        rank = rng.randint(1, 13)
        tiles = [Tile(suit, rank) for suit in rng.sample(SUITS, rng.choice((3, 3, 4)))]
    if left[JOKER] > 0 and rng.random() < 0.15:
        tiles[rng.randrange(len(tiles))] = JOKER
    meld = rk.Meld(tiles)
    if Counter(tiles) - left or not RAMI.is_valid_meld(meld):
        return None
    return meld


def positions(count: int, seed: int) -> list[tuple[rk.TableState, list[Tile]]]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        size = rng.choice((0, 6, 12, 20, 30, 40))
        left = Counter(RAMI.deck)
        melds: list[rk.Meld] = []
        laid = 0
        for _ in range(500):
            if laid >= size:
                break
            meld = random_meld(rng, left)
            if meld is not None:
                left -= Counter(meld.tiles)
                melds.append(meld)
                laid += len(meld)
        pool = list(left.elements())
        rng.shuffle(pool)
        found.append((rk.TableState(melds), pool[: rng.choice((14, 20))]))
    return found


def summary(times: Sequence[float]) -> str:
    median, p90, top = quantiles(times)
    return f"{median:7.2f} / {p90:7.2f} / {top:8.1f} ms, total {sum(times) / 1000:.1f} s"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=80)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    cases = positions(args.positions, args.seed)
    print(f"{len(cases)} rami voleur positions, seed {args.seed}; median / p90 / max")
    for opened in (True, False):
        times = []
        for table, hand in cases:
            start = time.perf_counter()
            play = solve(RAMI, table, hand, opened=opened, keep_table=False)
            times.append((time.perf_counter() - start) * 1000)
            if play is not None:
                verdict = RAMI.check_turn(before=table, rack=hand, after=play.table, opened=opened)
                if not verdict.ok:
                    raise SystemExit(f"the judge refuses {play.table} for {table} / {hand}")
        label = "opened" if opened else "opening (tierce franche)"
        print(f"  {label:>24}: {summary(times)}")


if __name__ == "__main__":
    main()
