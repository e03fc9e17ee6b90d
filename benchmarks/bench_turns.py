"""How fast rummikit judges turns and plays whole games.

Run: ``python benchmarks/bench_turns.py`` (``--quick`` for a short run). Prints

* judged turns per second on realistic tables of 20 to 60 tiles, legal and illegal plays,
  with the profile's meld memo warm (as in a running game) and cold (a fresh profile value);
* full random games per second per profile, players choosing among the simple plays of
  :mod:`rummikit.moves` (new melds from the rack, single-tile lay-offs) or drawing.

Figures come from one run on one machine; compare ratios rather than absolute numbers.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence

import attrs

import rummikit as rk
from rummikit.moves import simple_plays


def choose(game: rk.Game, rng: random.Random) -> rk.Action:
    """A random legal action: a simple play when there is one, else a draw or a pass."""
    if game.phase is rk.Phase.DRAW:
        return rk.Draw()
    player = game.current_player
    plays = list(simple_plays(game.profile, game.table, game.rack(player), game.opened[player]))
    if plays:
        return rk.Play(plays[0] if rng.random() < 0.7 else rng.choice(plays))
    return rk.Draw() if game.phase is rk.Phase.PLAY_OR_DRAW else rk.Pass()


def turn_samples(
    profile: rk.RuleProfile, count: int, seed: int, sizes: range = range(20, 61)
) -> list[tuple[rk.Game, rk.Play]]:
    """Positions with a table size in ``sizes`` (tiles) and a legal play proposed for them."""
    rng = random.Random(seed)
    samples: list[tuple[rk.Game, rk.Play]] = []
    game_seed = seed
    while len(samples) < count:
        game = rk.Game.new(profile, 4, game_seed)
        game_seed += 1
        while game.outcome is None and len(samples) < count:
            action = choose(game, rng)
            if isinstance(action, rk.Play) and game.table.tile_count in sizes:
                samples.append((game, action))
            game = game.apply(action)
    return samples


def broken(game: rk.Game, play: rk.Play) -> rk.Play:
    """The same play with one table tile taken back: illegal (tile to rack, invalid meld)."""
    melds = list(play.table.melds)
    first = melds[0]
    melds[0] = rk.Meld(first.tiles[1:], first.kind)
    return rk.Play(melds)


def judge_rate(samples: list[tuple[rk.Game, rk.Play]], window: float, cold: bool) -> float:
    """Judged turns per second over ``samples``.

    Warm: the profile's meld memo already holds the melds (as in a running game). Cold: each
    turn is judged by a fresh copy of the profile, made outside the timing, so every meld is
    read from scratch.
    """
    judged, elapsed = 0, 0.0
    while elapsed < window:
        profiles = [attrs.evolve(game.profile) if cold else game.profile for game, _ in samples]
        start = time.perf_counter()
        for profile, (game, play) in zip(profiles, samples, strict=True):
            profile.check_turn(
                before=game.table,
                rack=game.rack(game.current_player),
                after=play.table,
                opened=game.opened[game.current_player],
            )
        elapsed += time.perf_counter() - start
        judged += len(samples)
    return judged / elapsed


def games_rate(profile: rk.RuleProfile, window: float) -> tuple[float, float]:
    """Full random games per second, and the mean number of turns per game."""
    rng = random.Random(0)
    played, turns, seed, start = 0, [], 0, time.perf_counter()
    while time.perf_counter() - start < window or played < 2:
        game = rk.Game.new(profile, 4, seed)
        seed += 1
        while game.outcome is None:
            game = game.apply(choose(game, rng))
        played += 1
        turns.append(game.turn)
    return played / (time.perf_counter() - start), statistics.mean(turns)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter timing windows")
    args = parser.parse_args(argv)
    window = 0.5 if args.quick else 3.0
    print(f"rummikit {rk.__version__}; timing window {window} s per figure\n")
    print(
        f"{'profile':<12} {'plays':<8} {'tiles':>7} {'warm/s':>9} {'us':>7} {'cold/s':>9} {'us':>7}"
    )
    for name in ("online", "pagat", "rami_voleur"):
        profile = rk.profiles.get(name)
        for sizes in (range(20, 40), range(40, 61)):
            legal = turn_samples(profile, 40, seed=1, sizes=sizes)
            illegal = [(game, broken(game, play)) for game, play in legal]
            size = statistics.mean(game.table.tile_count for game, _ in legal)
            for label, samples in (("legal", legal), ("illegal", illegal)):
                warm = judge_rate(samples, window, cold=False)
                cold = judge_rate(samples, window, cold=True)
                print(
                    f"{name:<12} {label:<8} {size:>7.0f} {warm:>9,.0f} {1e6 / warm:>7.0f}"
                    f" {cold:>9,.0f} {1e6 / cold:>7.0f}"
                )
    print(f"\n{'profile':<12} {'games/s':>8} {'ms/game':>8} {'turns/game':>11}")
    for name in ("online", "pagat", "rami_voleur"):
        rate, turns = games_rate(rk.profiles.get(name), window)
        print(f"{name:<12} {rate:>8.2f} {1e3 / rate:>8.0f} {turns:>11.0f}")


if __name__ == "__main__":
    main()
