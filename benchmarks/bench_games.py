"""How many whole simulated games a second one core plays, per built-in profile and build.

Run: ``python benchmarks/bench_games.py`` (``--quick`` for a short run, ``--games N`` per
profile, ``--seed S``, ``--rounds R``). Each profile plays ``N`` seeded games between greedy
bots (:func:`rummikit.simulation.simulate`, ``bots="greedy"``) with its own
``default_players``, one after another in this process; the figure is games per second of
this process's CPU time (so a busy machine slows it less than the wall clock would), the
best of ``R`` rounds.

``--compiled PYTHON`` measures two builds side by side in one run: this checkout's sources,
pure (this interpreter, ``PYTHONPATH=src``), and the rummikit that ``PYTHON`` imports (the
compiled build installed in a virtual environment, say), in fresh processes taking turns
round by round, and prints both figures and their ratio, with a digest of the reports that
must match (the same games, whatever the build). The issue's target for the compiled build
is 20 games a second per core for every profile.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

PROFILES = ("online", "pagat", "rami_voleur", "standard_rummy")
SOURCE = Path(__file__).resolve().parents[1] / "src"


def measure(games: int, seed: int) -> dict[str, object]:
    """Games per CPU second for each profile, the build, and a digest of the reports."""
    import rummikit as rk
    from rummikit.simulation import simulate

    rates: dict[str, float] = {}
    digest = hashlib.sha256()
    for name in PROFILES:
        profile = rk.profiles.get(name)
        start = time.process_time()
        report = simulate(
            profile, players=profile.default_players, games=games, seed=seed, bots="greedy"
        )
        rates[name] = games / (time.process_time() - start)
        digest.update(json.dumps(report.to_records(), sort_keys=True, default=str).encode())
    return {"build": rk.BUILD, "rates": rates, "digest": digest.hexdigest()[:16]}


def _run(python: str, pure: bool, games: int, seed: int) -> dict[str, object]:
    env = dict(os.environ)
    if pure:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SOURCE), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [python, __file__, "--games", str(games), "--seed", str(seed), "--rounds", "1", "--json"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def best(results: list[dict[str, object]]) -> dict[str, float]:
    rates = [result["rates"] for result in results]
    return {name: max(r[name] for r in rates) for name in PROFILES}  # type: ignore[index]


def side_by_side(compiled: str, games: int, seed: int, rounds: int) -> None:
    runs: dict[str, list[dict[str, object]]] = {"pure": [], "compiled": []}
    for _ in range(rounds):
        runs["pure"].append(_run(sys.executable, True, games, seed))
        runs["compiled"].append(_run(compiled, False, games, seed))
    builds = {key: {str(r["build"]) for r in value} for key, value in runs.items()}
    digests = {str(r["digest"]) for value in runs.values() for r in value}
    pure, fast = best(runs["pure"]), best(runs["compiled"])
    print(
        f"greedy bots, default players, {games} games per profile, seed {seed}, "
        f"best of {rounds} rounds; games per CPU second"
    )
    print(f"{'profile':16} {'pure':>8} {'compiled':>9} {'ratio':>6}")
    for name in PROFILES:
        print(f"{name:16} {pure[name]:8.1f} {fast[name]:9.1f} {fast[name] / pure[name]:5.2f}x")
    print(
        f"builds seen: pure run {sorted(builds['pure'])}, compiled run {sorted(builds['compiled'])}"
    )
    same = "the same" if len(digests) == 1 else "DIFFERENT"
    print(f"reports: {same} in both builds (digest {', '.join(sorted(digests))})")
    if len(digests) != 1 or builds["compiled"] != {"compiled"} or builds["pure"] != {"pure"}:
        sys.exit(1)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="10 games, one round")
    parser.add_argument("--compiled", metavar="PYTHON", help="side by side with this build")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.rounds = 10, 1
    if args.compiled:
        side_by_side(args.compiled, args.games, args.seed, args.rounds)
        return
    results = [measure(args.games, args.seed) for _ in range(args.rounds)]
    if args.json:
        results[0]["rates"] = best(results)
        print(json.dumps(results[0]))
        return
    rates = best(results)
    print(
        f"{results[0]['build']} build, {args.games} games per profile, seed {args.seed}, "
        f"reports digest {results[0]['digest']}"
    )
    for name in PROFILES:
        print(f"{name:16} {rates[name]:6.1f} games/s")


if __name__ == "__main__":
    main()
