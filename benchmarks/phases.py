"""Where the fixed cost per board goes (issue 37), in CPU milliseconds of one fresh process per tree:

- start: the interpreter with its site (`python -c pass`), then `import clingo, yaml`, the command
  line's module, the API, reading the case (its cards read from their Oracle text);
- the solve of `benchmarks/two_cards.yaml` (cold: the first solve of the process, as a one-shot `solve`
  does it): adding the rules to the Control, then each ground call by the first part it names;
- then `check`'s warm-up (what its parent does before it forks) and --boards boards of `generate.py` 40/8
  checked one after the other in the same process (as `check`'s children or a sweep worker do them):
  the median board, its ground calls and their parts.

Each tree runs with its own `bridge` first on PYTHONPATH, byte code and the copies kept beside it
written by one untimed run first (this machine's environment sets PYTHONDONTWRITEBYTECODE=1, which is
removed for the runs). The median of --runs processes per tree, trees interleaved.
Usage:
    python benchmarks/phases.py [--tree BEFORE --tree AFTER] [--runs 5] [--boards 8]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def child(boards: int) -> None:
    """In the measured process: print one JSON line of figures."""
    import resource
    import time

    def cpu() -> float:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    marks = {"start (interpreter, site)": cpu()}
    last = [marks["start (interpreter, site)"]]

    def mark(name: str) -> None:
        now = cpu()
        marks[name] = now - last[0]
        last[0] = now

    import clingo
    import yaml
    mark("import clingo, yaml")
    import bridge.interfaces.cli.main  # noqa: F401
    mark("import the CLI")
    from bridge.interfaces import api
    mark("import the API")
    from bridge.reading.case import load_case
    case = load_case(str(HERE / "two_cards.yaml"))
    mark("read the case (two cards)")

    calls: list[tuple[str, float]] = []
    ground = clingo.Control.ground

    def timed_ground(self, parts, *args, **kwargs):
        started = cpu()
        ground(self, parts, *args, **kwargs)
        calls.append((parts[0][0] if parts else "-", cpu() - started))
    clingo.Control.ground = timed_ground
    from bridge.solving import solver
    add_rules = solver.add_rules

    def timed_add_rules(ctl, facts, *more):
        started = cpu()
        add_rules(ctl, facts, *more)
        calls.append(("(add rules)", cpu() - started))
    solver.add_rules = timed_add_rules

    api.solve(case)
    mark("solve (cold)")
    solve_calls = list(calls)

    sys.path.insert(0, str(HERE))
    from generate import make_board

    from bridge.interfaces.cli.check import warm_up
    warm_up()                                          # as `check` does before it forks its children
    mark("check's warm-up")
    per_board, board_calls = [], []
    for seed in range(boards):
        board = load_case(make_board(40, 8, seed), f"board_{seed}.yaml")
        calls.clear()
        started = cpu()
        api.check(board)
        per_board.append(cpu() - started)
        board_calls.append(list(calls))
    forked, forked_calls = [], []
    for seed in range(boards):                         # each in a child forked after the warm-up, as `check` does
        board = load_case(make_board(40, 8, seed), f"board_{seed}.yaml")
        read_end, write_end = os.pipe()
        if os.fork() == 0:
            os.close(read_end)
            calls.clear()
            started = cpu()                            # a forked child's own CPU starts at 0
            api.check(board)
            os.write(write_end, json.dumps([cpu() - started, calls]).encode())
            os._exit(0)
        os.close(write_end)
        with os.fdopen(read_end) as answer:
            seconds, child_calls = json.loads(answer.read())
        os.wait()
        forked.append(seconds)
        forked_calls.append(child_calls)
    print(json.dumps({"marks": marks, "solve_calls": solve_calls, "boards": per_board, "board_calls": board_calls,
                      "forked": forked, "forked_calls": forked_calls}))


def by_part(calls: list) -> dict[str, float]:
    parts: dict[str, float] = {}
    for name, seconds in calls:
        parts[name] = parts.get(name, 0.0) + seconds
    return parts


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tree", action="append", type=Path, help="a checkout (default: this one)")
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per tree")
    parser.add_argument("--boards", type=int, default=8, help="40/8 boards checked in each process")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(args.child)
        return
    trees = [t.resolve() for t in (args.tree or [HERE.parent])]
    runs: dict[Path, list[dict]] = {tree: [] for tree in trees}
    for index in range(args.runs + 1):                 # the first round writes byte code, untimed
        for tree in trees:
            env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            env["PYTHONPATH"] = str(tree)
            done = subprocess.run([sys.executable, __file__, "--child", str(args.boards)], cwd=tree, env=env,
                                  capture_output=True, text=True)
            if done.returncode:
                raise SystemExit(f"{tree}: {done.stderr[-2000:]}")
            if index:
                runs[tree].append(json.loads(done.stdout.splitlines()[-1]))
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; "
          f"CPU ms, median of {args.runs} processes per tree")
    for tree in trees:
        figures = runs[tree]
        print(f"\n{tree}")
        for name in figures[0]["marks"]:
            print(f"  {name:34} {ms(statistics.median(f['marks'][name] for f in figures)):>7}")
        parts = [by_part(f["solve_calls"]) for f in figures]
        count = len([c for c in figures[0]["solve_calls"] if c[0] != "(add rules)"])
        print(f"    of the solve: {count} ground calls; " + ", ".join(
            f"{name} {ms(statistics.median(p.get(name, 0.0) for p in parts))}" for name in parts[0]))
        for key, calls_of, label in (("boards", "board_calls", "a 40/8 board in a warm process"),
                                     ("forked", "forked_calls", "a 40/8 board in a forked child")):
            boards = [statistics.median(f[key]) for f in figures]
            counts = [statistics.median(sum(1 for c in calls if c[0] != "(add rules)") for calls in f[calls_of])
                      for f in figures]
            parts = [by_part([c for calls in f[calls_of] for c in calls]) for f in figures]
            print(f"  {label:34} {ms(statistics.median(boards)):>7}"
                  f"  ({statistics.median(counts):.0f} ground calls; per board: " + ", ".join(
                      f"{name} {ms(statistics.median(p.get(name, 0.0) for p in parts) / args.boards)}"
                      for name in sorted(parts[0], key=lambda n: -parts[0][n])) + ")")


if __name__ == "__main__":
    main()
