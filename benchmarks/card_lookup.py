"""Card lookups of issue 31: what naming cards costs, in whole `mtg-layers solve` runs and in one process.

- `solve` on benchmarks/two_cards.yaml (hand-written library cards), benchmarks/six_cards.yaml (cards the
  library bundled in oracle_cards.yaml before issue 31, now from the card pool) and, on trees that know
  them, benchmarks/pool_only.yaml (cards only the pool has): median wall and CPU of the whole command,
  trees interleaved (see benchmarks/small_cases.py, whose runner this uses).
- In one process (this tree only): the first lookup of a pool card (opening the pool, two shards) and
  the median of 200 more names, each a new name (shards read as they are needed).
Usage:
    python benchmarks/card_lookup.py [--tree PATH ...] [--runs 11]
"""
from __future__ import annotations

import argparse
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from small_cases import HERE, command, environment, load, timed  # noqa: E402

CASES = ("two_cards.yaml", "six_cards.yaml", "pool_only.yaml")


def knows(tree: Path, case: Path) -> bool:
    done = subprocess.run(command(tree, "solve", str(case)), cwd=tree, env=environment(tree), capture_output=True)
    return done.returncode == 0


def in_process() -> str:
    sys.path.insert(0, str(HERE.parent))
    from bridge.cards.catalog import find_card
    from bridge.cards.pool import default_pool
    start = time.perf_counter()
    find_card("Serra Angel")
    first = time.perf_counter() - start
    names = random.Random(31).sample([n for n in default_pool().names if " // " not in n], 200)
    times = []
    for name in names:
        start = time.perf_counter()
        try:
            find_card(name)
        except LookupError:
            pass
        times.append(time.perf_counter() - start)
    return (f"in one process: first pool lookup {1000 * first:.1f} ms (pool opened, two shards read, card "
            f"parsed); 200 more names: median {1000 * statistics.median(times):.2f} ms, "
            f"max {1000 * max(times):.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tree", action="append", type=Path, help="a checkout (default: this one)")
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    trees = [t.resolve() for t in (args.tree or [HERE.parent])]
    print(f"# {platform.machine()}, Python {platform.python_version()}, load average at start: {load()}")
    plan = [(tree, HERE / case) for case in CASES for tree in trees if knows(tree, HERE / case)]
    runs: dict[tuple, list] = {key: [] for key in plan}
    for _ in range(args.runs):
        for tree, case in plan:
            wall, cpu, _ = timed(tree, "solve", str(case))
            runs[(tree, case)].append((wall, cpu))
    print(f"{'tree':<28} {'case':<16} {'median wall ms':>15} {'min':>6} {'median CPU ms':>14}")
    for (tree, case), figures in runs.items():
        print(f"{str(tree):<28} {case.name:<16} {1000 * statistics.median(w for w, _ in figures):>15.0f} "
              f"{1000 * min(w for w, _ in figures):>6.0f} {1000 * statistics.median(c for _, c in figures):>14.0f}")
    print(in_process())
    print(f"# load average at end: {load()}")


if __name__ == "__main__":
    main()
