"""Of the rules each ground call converts, how many have a ground instance (issue 37, ninth round).

Every ground call converts the non-ground statements of the parts it names, whether they ground anything or
not (README, Performance, "Ninth round"). Here generate.py 40/8 boards are solved with the rules that can
fire (bridge/solving/firing.py), each rule with a body given a companion rule `fired__(i, parameters) :-
<the same body>.` in its part: a companion atom says that rule i had a ground instance in that call of its
part. The table gives, per part, its calls and the mean number of its rules per call and of those with an
instance. (Measurement only: the companions double the rules, so no time is taken here.)

`--oracle N` then times the upper bound of naming fewer rules per call: each board solved N times as the
solver does it, against the same board with every rule in a part of its own (`#program state__17(k).`) and
each call naming only the rules that had an instance in that call above (an oracle: no solver can know it
beforehand), interleaved in one process, CPU medians of the whole solve and of its ground calls. Every atom
of the two must be equal. Usage:
    python benchmarks/statements_per_call.py [--seeds 3] [--size 40/8] [--mix realistic] [--oracle 7]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--size", default="40/8", help="objects/effects")
    parser.add_argument("--mix", default="realistic")
    parser.add_argument("--oracle", type=int, default=0, help="time the oracle's upper bound, this many rounds")
    args = parser.parse_args()
    import clingo
    from clingo import ast

    from bridge.files.locations import asp_files
    from bridge.reading.case import load_case
    from bridge.solving import firing, solver
    files = tuple(str(path) for path in asp_files())
    index = firing.program_index(files)
    given = firing.parsed_statements(files)
    part_of, parameters_of, part, parameters = {}, {}, "base", []
    for i, statement in enumerate(given):
        if statement.ast_type == ast.ASTType.Program:
            part, parameters = statement.name, [p.name for p in statement.parameters]
        part_of[i], parameters_of[i] = part, parameters
    where = given[0].location

    def companion(i: int, rule):
        arguments = [ast.SymbolicTerm(where, clingo.Number(i))]
        arguments += [ast.Function(where, p, [], 0) for p in parameters_of[i]]
        head = ast.Literal(where, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(where, "fired__", arguments, 0)))
        return ast.Rule(where, head, rule.body)

    def has_body(i: int) -> bool:
        return given[i].ast_type == ast.ASTType.Rule and len(given[i].body) > 0

    kept_rules, grounded = {}, collections.defaultdict(list)

    def add_rules(ctl, facts, prepared=None):
        kept = index.kept(firing.fact_shapes(facts))
        kept_rules[id(ctl)] = [i for i in kept if has_body(i)]
        with ast.ProgramBuilder(ctl) as builder:
            for i in kept:
                builder.add(given[i])
                if has_body(i):
                    builder.add(companion(i, given[i]))
    ground = clingo.Control.ground

    def recording_ground(ctl, parts=(("base", ()),), *rest, **named):
        grounded[id(ctl)] += [(name, tuple(str(a) for a in arguments)) for name, arguments in parts]
        return ground(ctl, parts, *rest, **named)
    original_add_rules = solver.add_rules
    solver.add_rules = add_rules
    clingo.Control.ground = recording_ground
    rules_per_part = collections.Counter()
    with_instance = collections.Counter()
    calls = collections.Counter()
    objects, effects = map(int, args.size.split("/"))
    boards = [load_case(make_board(objects, effects, seed, args.mix), f"board_{seed}.yaml")
              for seed in range(1, args.seeds + 1)]
    oracle: dict = {}                     # (board, part, arguments) -> the rules with an instance in that call
    for board in boards:
        ctl = solver.solve_case(board).control
        by_part = collections.Counter(part_of[i] for i in kept_rules[id(ctl)])
        fired = collections.Counter()
        for arity in (1, 2, 3):
            for atom in ctl.symbolic_atoms.by_signature("fired__", arity):
                i = atom.symbol.arguments[0].number
                fired[(part_of[i], tuple(str(a) for a in atom.symbol.arguments[1:]))] += 1
                oracle.setdefault((id(board), part_of[i], tuple(str(a) for a in atom.symbol.arguments[1:])), set()).add(i)
        for name, arguments in grounded[id(ctl)]:
            calls[name] += 1
            rules_per_part[name] += by_part[name]
            with_instance[name] += fired[(name, arguments)]
    print(f"generate.py {args.size} {args.mix}, seeds 1-{args.seeds}: each part's rules per call (rules that can fire "
          f"on the board), and those with a ground instance in that call")
    print(f"  {'part':20} {'calls':>6} {'rules a call':>13} {'with an instance':>17}")
    for name in sorted(calls, key=lambda n: -rules_per_part[n]):
        if rules_per_part[name]:
            print(f"  {name:20} {calls[name]:6} {rules_per_part[name] / calls[name]:13.1f} "
                  f"{with_instance[name] / calls[name]:17.1f}")
    print(f"  all calls: {sum(rules_per_part.values()) / args.seeds:.0f} rules converted a board, "
          f"{sum(with_instance.values()) / args.seeds:.0f} with an instance")
    solver.add_rules, clingo.Control.ground = original_add_rules, ground
    if args.oracle:
        oracle_bound(args.oracle, boards, oracle, index, given, part_of, has_body)


def oracle_bound(rounds: int, boards: list, oracle: dict, index, given: list, part_of: dict, has_body) -> None:
    """Each board solved as the solver does it, and with each call naming only the rules that had an
    instance in it (see the module's docstring)."""
    import statistics
    import time

    import clingo
    from clingo import ast

    from bridge.solving import firing, solver
    where = given[0].location
    alone = []                            # every statement, a rule with a body of a part in a part of its own
    for i, statement in enumerate(given):
        if part_of[i] != "base" and has_body(i):
            parameters = next(s.parameters for s in reversed(given[:i]) if s.ast_type == ast.ASTType.Program)
            alone += [ast.Program(where, f"{part_of[i]}__{i}", parameters), statement,
                      ast.Program(where, part_of[i], parameters)]
        else:
            alone.append(statement)
    first = {}                            # statement -> its first place in `alone`
    place = 0
    for i, statement in enumerate(given):
        first[i] = place
        place += 3 if part_of[i] != "base" and has_body(i) else 1
    original_add_rules, ground = solver.add_rules, clingo.Control.ground
    board_now, ground_time = [None], [0.0]

    def add_alone(ctl, facts, prepared=None):
        with ast.ProgramBuilder(ctl) as builder:
            for i in index.kept(firing.fact_shapes(facts)):
                for statement in alone[first[i]:first[i] + (3 if part_of[i] != "base" and has_body(i) else 1)]:
                    builder.add(statement)

    def oracle_ground(ctl, parts=(("base", ()),), *rest, **named):
        named_parts = []
        for name, arguments in parts:
            named_parts.append((name, arguments))
            key = (id(board_now[0]), name, tuple(str(a) for a in arguments))
            named_parts += [(f"{name}__{i}", arguments) for i in sorted(oracle.get(key, ()))]
        started = time.process_time()
        result = ground(ctl, named_parts, *rest, **named)
        ground_time[0] += time.process_time() - started
        return result

    def timed_ground(ctl, parts=(("base", ()),), *rest, **named):
        started = time.process_time()
        result = ground(ctl, parts, *rest, **named)
        ground_time[0] += time.process_time() - started
        return result
    ways = {"as solved": (original_add_rules, timed_ground), "oracle": (add_alone, oracle_ground)}
    figures = {way: ([], []) for way in ways}
    atoms: dict = {}
    try:
        for _ in range(rounds):
            for way, (adding, grounding) in ways.items():
                solver.add_rules, clingo.Control.ground = adding, grounding
                for board in boards:
                    board_now[0], ground_time[0] = board, 0.0
                    started = time.process_time()
                    control = solver.solve_case(board).control
                    figures[way][0].append(time.process_time() - started)
                    figures[way][1].append(ground_time[0])
                    atoms.setdefault((id(board), way), sorted(str(a.symbol) for a in control.symbolic_atoms))
    finally:
        solver.add_rules, clingo.Control.ground = original_add_rules, ground
    same = all(atoms[(id(board), "as solved")] == atoms[(id(board), "oracle")] for board in boards)
    print(f"oracle, {rounds} rounds interleaved, CPU medians a board (every atom the same: {same}):")
    for way, (solves, grounds) in figures.items():
        print(f"  {way:10} solve {statistics.median(solves) * 1e3:6.1f} ms, its ground calls "
              f"{statistics.median(grounds) * 1e3:6.1f} ms")


if __name__ == "__main__":
    main()
