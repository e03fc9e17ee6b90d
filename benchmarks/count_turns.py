"""Instructions per judged turn and per game action, this checkout against another revision.

Run: ``python benchmarks/count_turns.py --against REV`` (needs valgrind). Timings on a shared
machine swing by half between runs; instruction counts do not. This script takes the
positions of :mod:`bench_turns` (tables of 40 to 60 pieces, 40 positions each of online,
pagat and rami voleur, a legal play and the same play with one table tile taken back), and
counts with ``valgrind --tool=callgrind`` the instructions that each source tree spends on

* ``judge``: ``RuleProfile.check_turn`` of the legal and of the illegal play (the public
  path, which checks its input);
* ``game``: ``Game.apply`` of the legal play and ``Game.check`` of the illegal one (a game
  judging its own position).

Each figure is the count of a run with ``--reps`` repetitions minus that of a run with none,
divided by the calls made, so that start-up and set-up cancel out.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve()


def samples(path: Path) -> None:
    """Write the positions, as notation, to ``path`` (run with this checkout's source)."""
    sys.path.insert(0, str(HERE.parent))
    from bench_turns import broken, turn_samples

    import rummikit as rk

    found: dict[str, list[tuple[str, str, str, str, bool]]] = {}
    for name in ("online", "pagat", "rami_voleur"):
        rows = found[name] = []
        for game, play in turn_samples(rk.profiles.get(name), 40, seed=1, sizes=range(40, 61)):
            player = game.current_player
            rack = " ".join(map(str, game.rack(player)))
            illegal = broken(game, play)
            rows.append(
                (str(game.table), rack, str(play.table), str(illegal.table), game.opened[player])
            )
    path.write_text(json.dumps(found))


def child(path: Path, what: str, reps: int) -> None:
    """Repeat ``what`` over the positions ``reps`` times (the counted run)."""
    import rummikit as rk

    cases = []
    for name, rows in json.loads(path.read_text()).items():
        profile = rk.profiles.get(name)
        for before, rack, after, illegal, opened in rows:
            table, hand = rk.TableState.parse(before), rk.parse_tiles(rack)
            good, bad = rk.TableState.parse(after), rk.TableState.parse(illegal)
            if what == "judge":
                cases.append((profile, table, hand, good, bad, opened))
                continue
            rest = sorted((Counter(profile.deck) - table.tiles - Counter(hand)).elements())
            game = rk.Game.from_position(
                profile,
                table=table,
                racks=[hand, rest[:10]],
                stock=rest[10:],
                opened=[opened, True],
            )
            if game.phase is rk.Phase.DRAW:
                game = game.apply(rk.Draw())
            cases.append((game, rk.Play(good), rk.Play(bad)))
    for _ in range(reps + 1):  # the first round warms the meld memo in both runs
        for case in cases:
            if what == "judge":
                profile, table, hand, good, bad, opened = case
                profile.check_turn(before=table, rack=hand, after=good, opened=opened)
                profile.check_turn(before=table, rack=hand, after=bad, opened=opened)
            else:
                game, good_play, bad_play = case
                game.apply(good_play)
                game.check(bad_play)
    print(len(cases))


def count(source: Path, positions: Path, what: str, reps: int) -> tuple[int, int]:
    """Instructions of one counted run, and the number of positions it went over."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        str(HERE),
        "--child",
        str(positions),
        what,
        str(reps),
    ]
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit("valgrind printed no instruction count")
    return int(found[1]), int(done.stdout.split()[-1])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="a git revision to count beside this one")
    parser.add_argument("--reps", type=int, default=3, help="repetitions in the counted run")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    parser.add_argument("--samples", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.samples:
        samples(Path(args.samples))
        return
    if args.child:
        child(Path(args.child[0]), args.child[1], int(args.child[2]))
        return
    if not args.against:
        parser.error("--against REV is required")
    root = HERE.parents[1]
    work = Path(tempfile.mkdtemp())
    archive = subprocess.run(
        ["git", "archive", args.against, "src"], cwd=root, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(work / "other", filter="data")
    positions = work / "positions.json"
    subprocess.run(
        [sys.executable, str(HERE), "--samples", str(positions)],
        env={**os.environ, "PYTHONPATH": str(root / "src")},
        check=True,
    )
    print(f"instructions per call, counted with callgrind ({args.reps} repetitions)\n")
    print(f"{'figure':<8} {'this':>12} {args.against[:12]:>12} {'fewer':>7}")
    for what in ("judge", "game"):
        per_call = []
        for source in (root / "src", work / "other" / "src"):
            idle, cases = count(source, positions, what, 0)
            busy, _ = count(source, positions, what, args.reps)
            per_call.append((busy - idle) // (2 * cases * args.reps))
        this, other = per_call
        print(f"{what:<8} {this:>12,} {other:>12,} {other / this:>6.2f}x")


if __name__ == "__main__":
    main()
