"""How fast the exact solver is, side by side with rummikub-solver on the same positions.

Run: ``python benchmarks/bench_solver.py`` (``--quick`` for a short run, ``--positions N``,
``--seed S``, ``--backends GLPK_MI,SCIPY``). It

* generates seeded, realistic positions: tables of 0 to 60 tiles built from random legal
  melds of the online profile's deck (runs of 3-7 and groups of 3-4, some holding a joker),
  and racks of 14 or of 20-30 tiles drawn from what is left;
* times :func:`rummikit.solver.solve` (objective ``tiles``, opened; once as is, once with
  ``keep_table=False``, without the tie-break rummikub-solver does not have) and rummikub-solver
  (``pip install "rummikub-solver[glpk-mi]"``, the ``bench`` extra) with every MILP backend it finds
  installed, on the same positions, in one run;
* prints median, p90 and max per table-size bucket and the ratios (rummikub-solver's time
  over rummikit's: above 1 means rummikit is faster), the number of positions where
  rummikit is slower, and checks that both place the same number of tiles;
* with ``--pagat``, times rummikit alone under pagat's rules on the same positions, apart
  for the tables holding a joker meld (frozen there, so the general sweep answers); with
  ``--pagat-openings``, the same for a player not yet open (slow: minutes).
* with ``--issue``, instead, times rummikit alone on the slow positions of issue 24
  (``game_positions.py``: an opening under pagat house rules, a rami voleur bot decision
  with a 28-card hand), exactly and with budgets, with the steps each spent: a budget is
  what lets a host bound them.

rummikub-solver refuses some legal melds (a joker at the end of a run longer than three, a
joker in a group of four), so on some positions rummikit places more tiles; those are
counted and listed apart. It never places fewer: a position where it would is reported as a
disagreement. Each rummikit play is also checked by the turn judge.

Figures come from one run on one machine; compare the ratios rather than absolute times.
Both solvers are warmed up on a few positions before timing (rummikub-solver builds its
cvxpy problem once per rule set; rummikit fills its caches of lane steps).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence

import rummikit as rk
from rummikit.pieces import JOKER, TILE_COLOURS, Tile
from rummikit.solver import Solution, solve

PROFILE = rk.profiles.get("online")
BUCKETS = ((0, 0), (1, 20), (21, 40), (41, 62))


def random_meld(rng: random.Random, left: Counter[Tile], joker_rate: float) -> list[Tile] | None:
    """A random legal meld drawn from ``left``, or None when the draw does not fit."""
    joker = left[JOKER] > 0 and rng.random() < joker_rate
    if rng.random() < 0.55:
        suit = rng.choice(TILE_COLOURS)
        length = rng.choice((3, 3, 3, 4, 4, 5, 6, 7))
        start = rng.randint(1, 14 - length)
        tiles = [Tile(suit, rank) for rank in range(start, start + length)]
        if joker:
            tiles[rng.randrange(length)] = JOKER
    else:
        rank = rng.randint(1, 13)
        size = rng.choice((3, 3, 4))
        tiles = [Tile(suit, rank) for suit in rng.sample(TILE_COLOURS, size)]
        if joker:
            tiles[rng.randrange(size)] = JOKER
    need = Counter(tiles)
    if need - left:
        return None
    return tiles


def position(
    rng: random.Random, table_size: int, rack_size: int
) -> tuple[rk.TableState, list[Tile]]:
    """A table of about ``table_size`` tiles of random legal melds, and a rack."""
    left = Counter(PROFILE.deck)
    melds: list[rk.Meld] = []
    count = 0
    tries = 0
    while count < table_size and tries < 500:
        tries += 1
        tiles = random_meld(rng, left, joker_rate=0.15)
        if tiles is None or count + len(tiles) > table_size + 2:
            continue
        meld = rk.Meld(tiles)
        if not PROFILE.is_valid_meld(meld):
            continue
        left -= Counter(tiles)
        melds.append(meld)
        count += len(tiles)
    pool = list(left.elements())
    rng.shuffle(pool)
    return rk.TableState(melds), pool[:rack_size]


def positions(count: int, seed: int) -> list[tuple[rk.TableState, list[Tile]]]:
    rng = random.Random(seed)
    found = []
    for index in range(count):
        table_size = rng.choice((0, *range(3, 61)))
        rack_size = 14 if index % 2 == 0 else rng.randint(20, 30)
        found.append(position(rng, table_size, rack_size))
    return found


# -- rummikub-solver -------------------------------------------------------------------


def rs_setup(backend: str) -> Callable[[rk.TableState, list[Tile]], int] | None:
    """A function placing tiles with rummikub-solver's ``backend``, or None if unavailable."""
    try:
        import rummikub_solver as rs
    except ImportError:
        return None
    import cvxpy

    # rummikub-solver answers None, as if no play existed, when its backend is missing
    if backend not in cvxpy.installed_solvers():
        print(f"  rummikub-solver {backend}: not installed", file=sys.stderr)
        return None
    ruleset = rs.RuleSet(solver_backend=rs.MILPSolver(backend))
    names = {"RED": "r", "BLUE": "b", "BLACK": "k", "ORANGE": "o"}
    index: dict[Tile, rs.Tile] = {}
    for number_tile in ruleset.tiles:
        if isinstance(number_tile, rs.Number):
            index[Tile.parse(f"{names[number_tile.colour.name]}{number_tile.value}")] = number_tile
        elif isinstance(number_tile, rs.Joker):
            index[JOKER] = number_tile

    def run(table: rk.TableState, rack: list[Tile]) -> int:
        state = ruleset.new_game()
        state.initial = False
        state.add_table(*(index[t] for t in table.tiles.elements()))
        state.add_rack(*(index[t] for t in rack))
        found = ruleset.solve(state, rs.SolverMode.TILE_COUNT)
        return 0 if found is None else len(found.tiles)

    return run


def rummikit_run(table: rk.TableState, rack: list[Tile]) -> int:
    found = solve(PROFILE, table, rack, opened=True)
    return 0 if found is None else found.score


def rummikit_untidy_run(table: rk.TableState, rack: list[Tile]) -> int:
    """Without the tie-break that keeps table melds (rummikub-solver has none either)."""
    found = solve(PROFILE, table, rack, opened=True, keep_table=False)
    return 0 if found is None else found.score


OURS = ("rummikit", "rk keep_table=False")


def timed(
    fn: Callable[[rk.TableState, list[Tile]], int], table: rk.TableState, rack: list[Tile]
) -> tuple[float, int]:
    start = time.perf_counter()
    result = fn(table, rack)
    return time.perf_counter() - start, result


def has_rs_refused_sets(table: rk.TableState) -> bool:
    """Whether the table holds a meld rummikub-solver cannot express."""
    for meld in table.melds:
        if JOKER not in meld.tiles:
            continue
        reading = PROFILE.read_meld(meld)
        if reading.kind is rk.MeldKind.GROUP and len(meld.tiles) == 4:
            return True
        ends = (reading.layout[0], reading.layout[-1])
        if reading.kind is rk.MeldKind.RUN and len(meld.tiles) > 3 and JOKER in ends:
            return True
    return False


def quantiles(values: Sequence[float]) -> tuple[float, float, float]:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return statistics.median(ordered), p90, ordered[-1]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--quick", action="store_true", help="100 positions")
    parser.add_argument("--backends", default="GLPK_MI,SCIPY,HIGHS,SCIP,CBC")
    parser.add_argument(
        "--pagat",
        action="store_true",
        help="also time rummikit alone under pagat's rules on the same positions",
    )
    parser.add_argument(
        "--pagat-openings",
        action="store_true",
        help="also time pagat openings (a player not yet open) on the same positions: slow",
    )
    parser.add_argument(
        "--issue", action="store_true", help="time only the slow positions of issue 24"
    )
    args = parser.parse_args(argv)
    if args.issue:
        issue_times()
        return
    count = 100 if args.quick else args.positions
    import_start = time.perf_counter()
    try:
        import rummikub_solver  # noqa: F401
    except ImportError:
        print(
            'rummikub-solver is not installed: pip install "rummikub-solver[glpk-mi]" (the bench extra)'
        )
    print(f"rummikub-solver import: {time.perf_counter() - import_start:.3f} s")
    cases = positions(count, args.seed)
    solvers: dict[str, Callable[[rk.TableState, list[Tile]], int]] = {
        "rummikit": rummikit_run,
        "rk keep_table=False": rummikit_untidy_run,
    }
    for backend in args.backends.split(","):
        run = rs_setup(backend.strip())
        if run is not None:
            solvers[f"rs-{backend.strip()}"] = run
    # warm-up
    warm = positions(20, args.seed + 1)
    for fn in solvers.values():
        for table, rack in warm:
            fn(table, rack)
    times: dict[str, list[float]] = {name: [] for name in solvers}
    placed: dict[str, list[int]] = {name: [] for name in solvers}
    for table, rack in cases:
        for name, fn in solvers.items():
            elapsed, result = timed(fn, table, rack)
            times[name].append(elapsed)
            placed[name].append(result)
        found = solve(PROFILE, table, rack, opened=True)
        if found is not None:
            verdict = PROFILE.check_turn(before=table, rack=rack, after=found.table, opened=True)
            assert verdict.ok, (str(table), rack, verdict.codes)
    sizes = [table.tile_count for table, _ in cases]
    print(f"\n{count} positions, seed {args.seed}; times in ms (median / p90 / max)\n")
    header = f"{'table tiles':>12} {'n':>4} " + " ".join(f"{name:>24}" for name in solvers)
    print(header)
    for low, high in (*BUCKETS, (0, 62)):
        chosen = [i for i, size in enumerate(sizes) if low <= size <= high]
        if not chosen:
            continue
        label = f"{low}-{high}" if (low, high) != (0, 62) else "all"
        cells = []
        for name in solvers:
            med, p90, top = quantiles([times[name][i] * 1000 for i in chosen])
            cells.append(f"{med:7.2f} / {p90:6.2f} / {top:6.1f}")
        print(f"{label:>12} {len(chosen):>4} " + " ".join(f"{c:>24}" for c in cells))
    print("\nratios, rummikub-solver time / rummikit time (above 1: rummikit faster)")
    for name in solvers:
        if name in OURS:
            continue
        theirs = times[name]
        for mine in OURS:
            ours = times[mine]
            med_r = quantiles(theirs)[0] / quantiles(ours)[0]
            p90_r = quantiles(theirs)[1] / quantiles(ours)[1]
            max_r = quantiles(theirs)[2] / quantiles(ours)[2]
            per = [t / o for t, o in zip(theirs, ours, strict=True)]
            slower = sum(1 for r in per if r < 1)
            print(
                f"  {name} / {mine}: median {med_r:.1f}x, p90 {p90_r:.1f}x, max {max_r:.1f}x; "
                f"per position: worst {min(per):.2f}x, median {statistics.median(per):.1f}x; "
                f"positions where {mine} is slower: {slower}"
            )
        same = more = fewer = 0
        for i in range(count):
            a, b = placed["rummikit"][i], placed[name][i]
            if a == b:
                same += 1
            elif a > b:
                more += 1
            else:
                fewer += 1
                print(f"    DISAGREEMENT (rummikit fewer): {cases[i][0]} / {cases[i][1]}")
        refused = sum(1 for table, _ in cases if has_rs_refused_sets(table))
        print(
            f"    tiles placed: same {same}, rummikit more {more} (melds rummikub-solver "
            f"refuses), rummikit fewer {fewer}; tables holding such melds: {refused}"
        )
    if args.pagat:
        pagat_times(cases)
    if args.pagat_openings:
        pagat_opening_times(cases)


def pagat_times(cases: Sequence[tuple[rk.TableState, list[Tile]]]) -> None:
    """rummikit alone under pagat's rules, opened: a table meld holding a joker is frozen,
    so those positions go to the general sweep rather than the fast core."""
    pagat = rk.profiles.get("pagat")
    frozen: list[float] = []
    free: list[float] = []
    for table, rack in cases:
        elapsed, _ = judged(pagat, table, rack, opened=True, keep_table=True)
        held = any(JOKER in meld.tiles for meld in table.melds)
        (frozen if held else free).append(elapsed * 1000)
    print("\npagat, rummikit default, times in ms (median / p90 / max)")
    groups = (("no joker meld on the table", free), ("a frozen joker meld", frozen))
    for label, values in groups:
        if values:
            med, p90, top = quantiles(values)
            print(f"  {label:>28} {len(values):>4}: {med:7.2f} / {p90:6.2f} / {top:6.1f}")


def pagat_opening_times(cases: Sequence[tuple[rk.TableState, list[Tile]]]) -> None:
    """rummikit alone under pagat's rules for a player not yet open: 30 points of melds
    from the rack, then table play, the same turn. A rack with no opening counts too."""
    pagat = rk.profiles.get("pagat")
    times: list[float] = []
    found = 0
    for table, rack in cases:
        elapsed, play = judged(pagat, table, rack, opened=False, keep_table=False)
        times.append(elapsed * 1000)
        found += play is not None
    med, p90, top = quantiles(times)
    print(
        f"\npagat openings, keep_table=False, {len(times)} positions ({found} with an "
        f"opening): {med:.2f} / {p90:.2f} / {top:.1f} ms, total {sum(times) / 1000:.1f} s"
    )


def issue_times(budgets: Sequence[int | None] = (None, 100_000, 10_000)) -> None:
    """The slow positions of issue 24, solved exactly and with ``budgets`` (``keep_table`` as by default): seconds (the
    best of three, CPU time), steps spent, the score and whether it is proven."""
    from game_positions import ISSUE_POSITIONS, ISSUE_VIEWS

    from rummikit.solver import _dispatch
    from rummikit.solver._budget import Budget
    from rummikit.solver._position import checked_position

    cases = [
        (name, profile, rk.TableState.parse(table), rk.parse_tiles(rack), opened, goal)
        for name, profile, table, rack, opened, goal in ISSUE_POSITIONS
    ]
    cases += [
        (label, view.profile, view.table, list(view.rack), view.opened[view.player], "tiles")
        for label, view in ISSUE_VIEWS
    ]
    print("the slow positions of issue 24: CPU s (best of 3), steps, score, proven")
    for name, profile, table, rack, opened, goal in cases:
        checked, before, pieces = checked_position(profile, table, rack, opened)
        for budget in budgets:
            best = float("inf")
            for _ in range(3):
                steps = Budget(budget)
                start = time.process_time()
                play = _dispatch._solve_counted(checked, before, pieces, opened, goal, steps, True)
                best = min(best, time.process_time() - start)
            if play is not None:
                verdict = profile.check_turn(
                    before=table, rack=rack, after=play.table, opened=opened
                )
                assert verdict.ok, (name, str(play.table), verdict.codes)
            answer = "none" if play is None else f"score {play.score}, proven {play.optimal}"
            print(
                f"  {name}, budget {budget}: {best:.3f} s, {steps.spent} steps, {answer}",
                flush=True,
            )


def judged(
    profile: rk.RuleProfile,
    table: rk.TableState,
    rack: list[Tile],
    *,
    opened: bool,
    keep_table: bool,
) -> tuple[float, Solution | None]:
    """Seconds ``solve`` takes on the position, and its play, which the judge then checks
    (the benchmark stops if the judge refuses it)."""
    start = time.perf_counter()
    play = solve(profile, table, rack, opened=opened, keep_table=keep_table)
    elapsed = time.perf_counter() - start
    if play is not None:
        verdict = profile.check_turn(before=table, rack=rack, after=play.table, opened=opened)
        if not verdict.ok:
            raise SystemExit(f"the judge refuses {play.table} for {table} / {rack}: {verdict}")
    return elapsed, play


if __name__ == "__main__":
    main()
