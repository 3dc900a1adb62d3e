"""`sweep --solve-together N` (issue 37) against each board alone, whole processes, interleaved
(tree A with each N, tree B with each N, then again): boards/s and CPU per board as the sweep's summary
gives them (the worker and the child solving each board), and the CPU of the whole command with every
process it forked (RUSAGE_CHILDREN: the Dask cluster too), medians over --pairs rounds, with the load.
Usage:
    python benchmarks/sweep_together.py [--tree BEFORE --tree AFTER] [--together 1,24] [--pairs 3]
                                        [--workers 1] [--spec benchmarks/sweep_static_pairs_8.yaml]
"""
from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from fixed_cost import CLI, environment, load  # noqa: E402

SUMMARY = re.compile(r"([\d.]+) boards/s on \d+ worker.*CPU \(worker and the child solving each board\) (\d+) ms")
BOARDS = re.compile(r": (\d+) boards solved")


def run(tree: Path, spec: Path, together: int, workers: int) -> tuple[float, float, float, int]:
    """(boards/s, summary CPU ms per board, whole command's CPU ms per board, boards) of one sweep."""
    out = Path(tempfile.mkdtemp(prefix="sweep-together-")) / "rows.jsonl"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-c", CLI, "sweep", str(spec), "--workers", str(workers),
                           "--solve-together", str(together), "-o", str(out), "--no-progress"],
                          cwd=tree, env=environment(tree), capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"{tree}: sweep exited {done.returncode}: {done.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    boards = int(BOARDS.search(done.stdout).group(1))
    rate, summary_cpu = SUMMARY.search(done.stdout).groups()
    return float(rate), float(summary_cpu), cpu * 1000 / boards, boards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tree", action="append", type=Path, help="a checkout (default: this one)")
    parser.add_argument("--together", default="1,24", help="--solve-together values (comma-separated)")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--spec", type=Path, default=HERE / "sweep_static_pairs_8.yaml")
    args = parser.parse_args()
    trees = [t.resolve() for t in (args.tree or [HERE.parent])]
    values = [int(v) for v in args.together.split(",")]
    print(f"{args.spec.name}, --workers {args.workers}, {os.cpu_count()} cores, load {load()}", flush=True)
    figures: dict[tuple, list] = {}
    loads = [load()]
    for _ in range(args.pairs):
        for together in values:
            for tree in trees:
                figures.setdefault((tree, together), []).append(run(tree, args.spec.resolve(), together,
                                                                    args.workers))
                rate, worker_cpu, cpu, _ = figures[(tree, together)][-1]
                print(f"  run: {tree.name} --solve-together {together}: {rate:.1f} boards/s, CPU per board "
                      f"{worker_cpu:.0f} ms (summary), {cpu:.0f} ms (whole command); load {load()}", flush=True)
    loads.append(load())
    for (tree, together), runs in figures.items():
        rate, worker_cpu, cpu, boards = (statistics.median(r[i] for r in runs) for i in range(4))
        print(f"{tree.name:14} --solve-together {together:<3} {boards:.0f} boards: {rate:.1f} boards/s, CPU per board "
              f"{worker_cpu:.0f} ms (summary), {cpu:.0f} ms (whole command); medians of {len(runs)}; "
              f"load {' → '.join(loads)}", flush=True)


if __name__ == "__main__":
    main()
