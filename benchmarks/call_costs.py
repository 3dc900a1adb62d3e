"""What each ground call of a big board costs, step by step, against the atoms it adds (issue 37, tenth round).

A call whose cost grows with the steps while the atoms it adds do not is the sign of a rule that reads the
predicate it writes (README, Performance, "Tenth round": `carry(k)` took 0.67 s at step 37 of a 400/80 board
for 422 atoms, until its values were read from `value_before/4`). The board (default generate.py 400/80, seed 1,
dependencies mix) is solved once in one process, after a 40/8 board of the same mix; each ground call is timed
(CPU) and named by its first part. The table gives, per part, its calls, its total, and its first, middle and
last calls as milliseconds and atoms added; `--steps` lists every call of one part. Usage:
    python benchmarks/call_costs.py [--size 400/80] [--seed 1] [--mix dependencies] [--steps carry]
"""
from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
from generate import make_board  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", default="400/80", help="objects/effects")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mix", default="dependencies")
    parser.add_argument("--steps", default="", help="list every call of this part")
    args = parser.parse_args()
    import clingo

    from bridge.reading.case import load_case
    from bridge.solving import solver
    objects, effects = map(int, args.size.split("/"))
    solver.solve_case(load_case(make_board(40, 8, args.seed, args.mix), "warm_up.yaml"))
    calls = collections.defaultdict(list)          # part -> [(step, ms, atoms added)]
    ground = clingo.Control.ground

    def timed_ground(ctl, parts=(("base", ()),), *rest, **named):
        before = len(ctl.symbolic_atoms)
        started = time.process_time()
        result = ground(ctl, parts, *rest, **named)
        spent = time.process_time() - started
        name, arguments = parts[0] if parts else ("(none)", ())
        step = str(arguments[0]) if arguments else "-"
        calls[name].append((step, spent * 1e3, len(ctl.symbolic_atoms) - before))
        return result
    clingo.Control.ground = timed_ground
    try:
        started = time.process_time()
        solution = solver.solve_case(load_case(make_board(objects, effects, args.seed, args.mix), "board.yaml"))
        total = time.process_time() - started
    finally:
        clingo.Control.ground = ground
    print(f"generate.py {args.size} seed {args.seed} ({args.mix}): {solution.steps} steps, "
          f"{solution.ground_atoms} ground atoms, solve {total:.2f} s of CPU")
    print(f"  {'first part':14} {'calls':>5} {'total s':>8}   first, middle and last call: step ms (+atoms)")
    for name, rows in sorted(calls.items(), key=lambda item: -sum(ms for _, ms, _ in item[1])):
        shown = [rows[0], rows[len(rows) // 2], rows[-1]] if len(rows) > 2 else rows
        text = ", ".join(f"{step}: {ms:.0f} ms (+{atoms})" for step, ms, atoms in shown)
        print(f"  {name:14} {len(rows):5} {sum(ms for _, ms, _ in rows) / 1e3:8.2f}   {text}")
    if args.steps:
        print(f"every call of {args.steps}:")
        for step, ms, atoms in calls.get(args.steps, []):
            print(f"  step {step:>4}: {ms:7.1f} ms, +{atoms} atoms")


if __name__ == "__main__":
    main()
