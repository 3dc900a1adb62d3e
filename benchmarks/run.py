"""Time bridge.solve on generated boards: median wall time, steps, ground atoms, peak memory.

Each size runs in its own process so that peak memory (max RSS) belongs to that size alone.
Usage:  python benchmarks/run.py [--sizes 40/8,400/80,layered:400/80,lords600,copies4990] [--runs 5] [--seed 1]
                                [--mix realistic|dependencies|layered]
(a size is objects/effects of a generated board of the --mix, or of the mix named before a colon,
lordsN: N lords "Creatures get +1/+1", copiesN: Gigadrowse and N copies of it on the stack;
benchmarks/generate.py)
"""
from __future__ import annotations

import argparse
import json
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import MIXES  # noqa: E402


def measure(size: str, runs: int, seed: int, mix: str = "realistic") -> dict:
    from generate import named_board

    from bridge.reading.case import load_case
    from bridge.solving.solver import solve_case

    case = load_case(named_board(size, seed, mix), file=f"generated-{size}")
    times, solution = [], None
    for _ in range(runs):
        start = time.perf_counter()
        solution = solve_case(case)
        times.append(time.perf_counter() - start)
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"size": size, "runs": runs, "median_s": statistics.median(times),
            "min_s": min(times), "steps": solution.steps, "ground_atoms": solution.ground_atoms,
            "peak_rss_mib": peak_kib / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="40/8,400/80")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mix", default="realistic", choices=sorted(MIXES),
                        help="the mix of generated boards (benchmarks/generate.py)")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one, args.runs, args.seed, args.mix)))
        return
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"runs per size: {args.runs}, seed {args.seed}, default mix {args.mix}")
    print(f"{'board':>16} {'median s':>9} {'min s':>8} {'steps':>6} {'ground atoms':>13} {'peak MiB':>9}")
    for size in args.sizes.split(","):
        out = subprocess.run([sys.executable, __file__, "--one", size, "--runs", str(args.runs),
                              "--seed", str(args.seed), "--mix", args.mix], capture_output=True, text=True, check=True).stdout
        r = json.loads(out)
        print(f"{size:>16} {r['median_s']:>9.3f} {r['min_s']:>8.3f} {r['steps']:>6} {r['ground_atoms']:>13} "
              f"{r['peak_rss_mib']:>9.0f}")


if __name__ == "__main__":
    main()
