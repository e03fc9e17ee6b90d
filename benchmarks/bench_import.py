"""How long ``import rummikit`` takes (the target is under 100 ms).

Run: ``python benchmarks/bench_import.py [--runs N]``. Each run is a fresh interpreter with
``-X importtime``; the figure is rummikit's cumulative import time (attrs included, the
interpreter's own start-up not), median and range over the runs.

Installed packages import from compiled bytecode, so the runs do too: a first, untimed
import writes the bytecode cache, and ``PYTHONDONTWRITEBYTECODE`` is cleared for all of
them (with it set, every run would compile the sources again: about twice as slow).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def import_time_us() -> int:
    """rummikit's cumulative import time in one fresh interpreter, in microseconds."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import rummikit"],
        capture_output=True,
        text=True,
        check=True,
        env=ENV,
    )
    last = [line for line in done.stderr.splitlines() if line.rstrip().endswith("| rummikit")]
    return int(last[-1].split("|")[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    import_time_us()  # writes the bytecode cache
    times = sorted(import_time_us() / 1000 for _ in range(runs))
    print(
        f"import rummikit: median {statistics.median(times):.1f} ms "
        f"(min {times[0]:.1f}, max {times[-1]:.1f}) over {runs} fresh interpreters"
    )


if __name__ == "__main__":
    main()
