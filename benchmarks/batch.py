"""Many boards in one Control (bridge/solving/batch.py, issue 37) against each board alone: CPU per
board of generate.py boards in one warm process, alone (solve_case) and in batches of each --sizes,
and whether every board's atoms are the same both ways (atom for atom).

    python benchmarks/batch.py [--boards 40] [--objects 40] [--effects 8] [--sizes 1,5,10,20,40]
"""
from __future__ import annotations

import argparse
import time

from generate import make_board

from bridge.reading.case import load_case
from bridge.results.sba import round_fact
from bridge.solving import batch, firing, solver


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=40)
    parser.add_argument("--objects", type=int, default=40)
    parser.add_argument("--effects", type=int, default=8)
    parser.add_argument("--sizes", default="1,5,10,20,40")
    args = parser.parse_args()
    firing.warm_up()
    extra = [round_fact(1)]          # the first board of `solve` and `check` (state-based actions checked)
    cases = [load_case(make_board(args.objects, args.effects, seed, "realistic"), file=f"seed {seed}")
             for seed in range(1, args.boards + 1)]
    boards = [(case, solver.board_facts(case, extra)) for case in cases]
    batch.solve_boards(boards[:2])    # rewriting asp/ once per process, not timed
    started = time.process_time()
    solved = [solver.solve_case(case, extra_facts=extra) for case in cases]
    per_board = (time.process_time() - started) / len(cases) * 1000
    alone = [{str(a.symbol) for a in s.control.symbolic_atoms} for s in solved]
    print(f"alone: {per_board:.1f} ms of CPU per board")
    for size in map(int, args.sizes.split(",")):
        started = time.process_time()
        solutions = []
        for i in range(0, len(boards), size):
            solutions += batch.solve_boards(boards[i:i + size])
        per_board = (time.process_time() - started) / len(cases) * 1000
        same = sum(s is not None and {str(a.symbol) for a in s.control.symbolic_atoms} == atoms
                   for s, atoms in zip(solutions, alone))
        print(f"batches of {size}: {per_board:.1f} ms of CPU per board, {same}/{len(cases)} boards atom for atom")


if __name__ == "__main__":
    main()
