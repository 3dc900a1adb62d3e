"""The fixed cost per board (issue 37), whole processes, trees interleaved (A B A B ...):

- `mtg-layers solve benchmarks/two_cards.yaml` against `python -c 'import clingo, yaml'` (the floor);
- `mtg-layers check -j 1` over --boards boards of `benchmarks/generate.py` 40/8: time per board;
- `mtg-layers check cases/` (default --jobs): cases per second.

Each figure: the median wall time and the median CPU time (user + system of the command and every
process it forked: RUSAGE_CHILDREN), with the load average before and after. Each tree runs with its own
`bridge` first on PYTHONPATH and the Python of this script; byte code and the copies kept beside it
(bridge/files/derived.py) are written by one untimed run first, as a normal install would have them
(this machine's environment sets PYTHONDONTWRITEBYTECODE=1, which is removed for the runs).
Usage:
    python benchmarks/fixed_cost.py --tree BEFORE --tree AFTER [--pairs 7] [--boards 50] [--check-pairs 3]
                                    [--only solve,boards,cases] [--batches 1,16,40]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from generate import make_board  # noqa: E402

CLI = "import sys; from bridge.interfaces.cli.main import main; sys.exit(main())"


def environment(tree: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree)
    return env


def cpu_of_tree(tree: Path, args: list[str], ok=(0,)) -> tuple[float, float]:
    """Wall and CPU seconds of one command: user + system of the process and of every process it forked
    (resource.RUSAGE_CHILDREN counts each descendant that was waited for, as os.wait4 would)."""
    import resource
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, *args], cwd=tree, env=environment(tree), capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in ok:
        raise SystemExit(f"{tree}: {' '.join(args)} exited {done.returncode}: {done.stderr.decode()[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def boards_folder(count: int) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="fixed-cost-boards-"))
    for seed in range(count):
        (folder / f"board_{seed:03d}.yaml").write_text(yaml.safe_dump(make_board(40, 8, seed), sort_keys=False))
    return folder


def median_ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tree", action="append", type=Path, help="a checkout (default: this one)")
    parser.add_argument("--pairs", type=int, default=7, help="interleaved runs of each solve figure per tree")
    parser.add_argument("--boards", type=int, default=50, help="generate.py 40/8 boards for `check -j 1`")
    parser.add_argument("--check-pairs", type=int, default=3, help="interleaved runs of each `check` per tree")
    parser.add_argument("--only", default="solve,boards,cases", help="which figures (comma-separated)")
    parser.add_argument("--batches", default="", help="`check --batch N` of the boards figure, one figure per N "
                                                      "(comma-separated; default: each tree's own default)")
    args = parser.parse_args()
    trees = [t.resolve() for t in (args.tree or [HERE.parent])]
    only = set(args.only.split(","))
    boards = boards_folder(args.boards) if "boards" in only else None
    figures: dict[tuple[str, Path], list[tuple[float, float]]] = {}
    plan = []
    if "solve" in only:
        plan += [("import clingo, yaml", ["-c", "import clingo, yaml"], args.pairs, (0,)),
                 ("solve two_cards", ["-c", CLI, "solve", str(HERE / "two_cards.yaml")], args.pairs, (0,))]
    if "boards" in only:
        for size in args.batches.split(",") if args.batches else [""]:
            batch = ["--batch", size] if size else []
            plan += [(f"check -j 1 {' '.join(batch)}, {args.boards} boards 40/8".replace(" ,", ","),
                      ["-c", CLI, "check", "-j", "1", *batch, str(boards)], args.check_pairs, (0,))]
    if "cases" in only:
        plan += [("check cases/", ["-c", CLI, "check", "cases"], args.check_pairs, (0, 1))]
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {load()} (1/5/15 min)")
    for tree in trees:                              # byte code and kept copies written, untimed
        for _, command, _, ok in plan[:1] if plan[0][0] != "check cases/" else []:
            cpu_of_tree(tree, command, ok)
    # the boards figures (one per --batches value) interleaved with each other too: A1 B1 A16 B16 A1 ...
    groups: dict[str, list] = {}
    for item in plan:
        groups.setdefault("boards" if item[0].startswith("check -j 1") else item[0], []).append(item)
    for group in groups.values():
        loads = [load()]
        for _ in range(max(pairs for _, _, pairs, _ in group)):
            for name, command, _, ok in group:
                for tree in trees:
                    figures.setdefault((name, tree), []).append(cpu_of_tree(tree, command, ok))
                    wall, cpu = figures[(name, tree)][-1]
                    print(f"  run: {name} {tree.name}: wall {wall * 1000:.0f} ms, CPU {cpu * 1000:.0f} ms, "
                          f"load {load()}", flush=True)
        loads.append(load())
        for name, _, _, _ in group:
            for tree in trees:
                runs = figures[(name, tree)]
                wall, cpu = [w for w, _ in runs], [c for _, c in runs]
                extra = ""
                if name.startswith("check -j 1"):
                    extra = f"; per board: wall {median_ms([w / args.boards for w in wall])}, " \
                            f"CPU {median_ms([c / args.boards for c in cpu])}"
                if name == "check cases/":
                    cases = len(list((tree / "cases").rglob("*.yaml")))
                    extra = f"; {cases} cases: {cases / statistics.median(wall):.1f} cases/s"
                print(f"{name:34} {tree.name:14} wall {median_ms(wall)} (min {min(wall) * 1000:.0f}), "
                      f"CPU {median_ms(cpu)} (min {min(cpu) * 1000:.0f}), {len(runs)} runs{extra}; "
                      f"load {' → '.join(loads)}", flush=True)

if __name__ == "__main__":
    main()
