"""Ground atoms per application on a big board (issue 37), by signature.

An application is one object that one applied part changes at one step: an atom
in_set(K, real(apply), E, O) whose part is chosen at that step (chosen(K, E, L), asp/613_8_dependency.lp).
The board (default generate.py 400/80, seed 1) is solved in one Control (no fresh Control for big
boards), then every ground atom is counted by its signature; the table gives the atoms per application
of the largest signatures and of all together. Usage:
    python benchmarks/atoms_per_application.py [--size 400/80] [--seed 1] [--mix realistic] [--top 25]
"""
from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
from generate import make_board  # noqa: E402


def applications(ctl) -> int:
    chosen = {(a.symbol.arguments[0], a.symbol.arguments[1]) for a in ctl.symbolic_atoms.by_signature("chosen", 3)}
    count = 0
    for atom in ctl.symbolic_atoms.by_signature("in_set", 4):
        step, world, effect, _ = atom.symbol.arguments
        if str(world) == "real(apply)" and (step, effect) in chosen:
            count += 1
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", default="400/80", help="objects/effects")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mix", default="realistic")
    parser.add_argument("--top", type=int, default=25, help="signatures listed")
    args = parser.parse_args()
    from bridge.reading.case import load_case
    from bridge.solving.solver import solve_case
    objects, effects = map(int, args.size.split("/"))
    case = load_case(make_board(objects, effects, args.seed, args.mix), f"generated {args.size}")
    solution = solve_case(case, atoms_per_control=None)
    atoms = solution.control.symbolic_atoms
    by_signature = collections.Counter()
    for name, arity, positive in atoms.signatures:
        by_signature[("" if positive else "-") + f"{name}/{arity}"] = sum(1 for _ in atoms.by_signature(name, arity, positive))
    total = sum(by_signature.values())
    count = applications(solution.control)
    print(f"{args.size} seed {args.seed} ({args.mix}): {solution.steps} steps, {count} applications, "
          f"{total} ground atoms: {total / count:.1f} per application")
    for signature, n in by_signature.most_common(args.top):
        print(f"  {signature:36} {n:9} {n / count:7.2f}")


if __name__ == "__main__":
    main()
