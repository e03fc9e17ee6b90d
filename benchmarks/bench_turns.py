"""How fast rummikit judges turns and plays whole games.

Run: ``python benchmarks/bench_turns.py`` (``--quick`` for a short run). Prints

* judged turns per second on realistic tables of 20 to 60 tiles, legal and illegal plays,
  with the profile's meld memo warm (as in a running game) and cold (a fresh profile value),
  through :meth:`RuleProfile.check_turn <rummikit.RuleProfile.check_turn>` (which checks
  its input) and through ``Game.apply`` (legal plays) and ``Game.check`` (illegal ones), the
  path a game takes;
* full random games per second per profile, players choosing among the simple plays of
  :mod:`rummikit.moves` (new melds from the rack, single-tile lay-offs) or drawing.

``--against REV`` measures this checkout and the source of another git revision in turn,
in fresh processes, ``--rounds`` times each, and prints each figure's best for both with
their ratio: the two are measured in one run, so the ratio holds on a noisy machine where
the absolute figures do not.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

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


def apply_rate(samples: list[tuple[rk.Game, rk.Play]], window: float) -> float:
    """Whole ``Game.apply`` calls per second on legal plays (``Game.check`` on illegal ones,
    which apply would refuse): a game judging its own position, meld memo warm."""
    done, elapsed = 0, 0.0
    while elapsed < window:
        start = time.perf_counter()
        for game, play in samples:
            if game.check(play):
                game.apply(play)
        elapsed += time.perf_counter() - start
        done += len(samples)
    return done / elapsed


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


def measure(window: float) -> dict[str, float]:
    """Every figure, per second, keyed by a label."""
    figures: dict[str, float] = {}
    for name in ("online", "pagat", "rami_voleur"):
        profile = rk.profiles.get(name)
        for sizes in (range(20, 40), range(40, 61)):
            legal = turn_samples(profile, 40, seed=1, sizes=sizes)
            illegal = [(game, broken(game, play)) for game, play in legal]
            size = f"{sizes.start}-{sizes.stop - 1}"
            for label, samples in (("legal", legal), ("illegal", illegal)):
                key = f"{name} {label} {size} tiles"
                figures[f"judged/s {key}, warm"] = judge_rate(samples, window, cold=False)
                figures[f"judged/s {key}, cold"] = judge_rate(samples, window, cold=True)
                figures[f"apply/s  {key}"] = apply_rate(samples, window)
    for name in ("online", "pagat", "rami_voleur"):
        figures[f"games/s  {name}"] = games_rate(rk.profiles.get(name), window)[0]
    return figures


def against(revision: str, rounds: int, quick: bool) -> None:
    """This checkout against ``revision``, each measured ``rounds`` times in turn."""
    here = Path(__file__).resolve()
    source = here.parents[1] / "src"
    archive = subprocess.run(
        ["git", "archive", revision, "src"], cwd=here.parents[1], capture_output=True, check=True
    ).stdout
    other = Path(tempfile.mkdtemp())
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(other, filter="data")
    best: dict[str, dict[str, float]] = {"this checkout": {}, revision: {}}
    for _ in range(rounds):
        for label, path in (("this checkout", source), (revision, other / "src")):
            command = [sys.executable, str(here), "--json", *(["--quick"] if quick else [])]
            env = {**os.environ, "PYTHONPATH": str(path)}
            output = subprocess.run(command, env=env, capture_output=True, check=True, text=True)
            for key, value in json.loads(output.stdout).items():
                best[label][key] = max(value, best[label].get(key, 0.0))
    print(f"per second, best of {rounds} rounds each, measured in turn\n")
    print(f"{'figure':<48} {'this':>10} {revision[:10]:>10} {'ratio':>7}")
    for key, value in best["this checkout"].items():
        old = best[revision][key]
        print(f"{key:<48} {value:>10,.1f} {old:>10,.1f} {value / old:>6.2f}x")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter timing windows")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--against", help="a git revision to measure in turn with this one")
    parser.add_argument("--rounds", type=int, default=3, help="measurements each, --against")
    args = parser.parse_args(argv)
    if args.against:
        against(args.against, args.rounds, args.quick)
        return
    window = 0.5 if args.quick else 3.0
    figures = measure(window)
    if args.json:
        print(json.dumps(figures))
        return
    print(f"rummikit {rk.__version__}; timing window {window} s per figure\n")
    print(f"{'figure':<48} {'per second':>11} {'us each':>9}")
    for key, value in figures.items():
        print(f"{key:<48} {value:>11,.1f} {1e6 / value:>9,.0f}")


if __name__ == "__main__":
    main()
