"""Small-case figures of issue 21: `mtg-layers solve` on a two-card case (wall time of the whole
command, interpreter start included) and `mtg-layers check` over a folder (cases per second).

Each figure is the median of --runs runs. With several --tree (checkouts of mtg-layers, e.g. the
code before and after a change), the runs of the trees are interleaved (tree A, tree B, tree A, ...)
so that the load of a shared machine falls on all of them alike; each tree runs with its own
`bridge` first on PYTHONPATH and the Python of this script. Byte code is written once, before the
timed runs (a PYTHONDONTWRITEBYTECODE environment would otherwise compile every module each time).
Usage:
    python benchmarks/small_cases.py [--tree PATH ...] [--runs 11] [--check-runs 3] [--jobs 1,2]
"""
from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TWO_CARDS = HERE / "two_cards.yaml"


def command(tree: Path, *args: str) -> list[str]:
    return [sys.executable, "-c", "import sys; from bridge.interfaces.cli.main import main; sys.exit(main())", *args]


def environment(tree: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree)
    return env


def timed(tree: Path, *args: str) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (user + system, of the command and its children) and stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command(tree, *args), cwd=tree, env=environment(tree), capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {' '.join(args)} exited {done.returncode}: {done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def load() -> str:
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tree", action="append", type=Path, help="a checkout (default: this one)")
    parser.add_argument("--runs", type=int, default=11, help="two-card solves per tree")
    parser.add_argument("--check-runs", type=int, default=3, help="`check` runs per tree and --jobs value")
    parser.add_argument("--cases", default="cases", help="the folder `check` reads (relative to each tree)")
    parser.add_argument("--jobs", default="1,2", help="--jobs values for `check` (0: without --jobs)")
    args = parser.parse_args()
    trees = [t.resolve() for t in (args.tree or [HERE.parent])]
    jobs = [int(j) for j in args.jobs.split(",")]
    print(f"# {platform.machine()}, Python {platform.python_version()}, {os.cpu_count()} cores, "
          f"load average at start: {load()}")
    for tree in trees:                                     # byte code written, caches warm: not timed
        timed(tree, "solve", str(TWO_CARDS))
    solves: dict[Path, list] = {tree: [] for tree in trees}
    for _ in range(args.runs):
        for tree in trees:
            wall, cpu, _ = timed(tree, "solve", str(TWO_CARDS))
            solves[tree].append((wall, cpu))
    print(f"{'tree':<40} {'two-card solve: median wall ms':>31} {'min':>6} {'median CPU ms':>14}")
    for tree, runs in solves.items():
        print(f"{str(tree):<40} {1000 * statistics.median(w for w, _ in runs):>31.0f} "
              f"{1000 * min(w for w, _ in runs):>6.0f} {1000 * statistics.median(c for _, c in runs):>14.0f}")
    checks: dict[tuple, list] = {}
    for _ in range(args.check_runs):
        for tree in trees:
            for j in jobs:
                supports = "--jobs" in subprocess.run(command(tree, "check", "--help"), cwd=tree, env=environment(tree),
                                                      capture_output=True, text=True).stdout
                if j and not supports:
                    continue
                wall, cpu, out = timed(tree, "check", args.cases, *(["--jobs", str(j)] if j else []))
                cases = sum(1 for line in out.splitlines() if line.startswith(("pass ", "FAIL ", "skip ")))
                checks.setdefault((tree, j), []).append((cases / wall, cpu / cases, out.splitlines()[-1]))
    print(f"{'tree':<40} {'--jobs':>6} {'check: median cases/s':>22} {'CPU ms per case':>16}  summary")
    for (tree, j), runs in checks.items():
        print(f"{str(tree):<40} {j or '-':>6} {statistics.median(r for r, _, _ in runs):>22.1f} "
              f"{1000 * statistics.median(c for _, c, _ in runs):>16.0f}  {runs[-1][2]}")
    print(f"# load average at end: {load()}")


if __name__ == "__main__":
    main()
