"""What a Control and a ground call cost whatever they ground (issue 37, sixth round), CPU ms in this process:

- an empty ground call (a part that no rule has) on the Control that solved `benchmarks/two_cards.yaml` and on
  the one of a generate.py 40/8 board: what every ground call pays;
- the same on small synthetic Controls: after N rules were grounded, after N rules were only added, after N
  facts: what that cost grows with;
- asp/'s facts into a warm Control four ways, each followed by grounding `base`: as parsed statements (what
  bridge/solving/solver.py's add_rules does), through the backend (`add_atom`/`add_rule`), as one text, and as
  runs of facts of one predicate pooled into one statement (`p(a; b).`);
- groupings of a step's parts into fewer ground calls (solver.STEP_CALLS): on every --sample-th bundled case,
  how many leave an atom undecided or change one;
- (eighth round) `anatomy`: every ground call of the solves of generate.py 40/8 boards (seeds 1-3, each solved
  twice, Python's garbage collector off), each preceded by an empty ground call on the same Control: what a
  call of each part pays whatever it grounds, against what the call costs;
- (eighth round) `statements`: an empty ground call on Controls holding parts of a 40/8 board's kept statements
  (all of them with `base` grounded; `base`'s facts only with the other parts added; the other parts only,
  never grounded; the board's facts only): what the per-call cost comes from;
- (ninth round) `projection`: generate.py 40/8 boards solved with the rules that can fire as asp/ writes them
  and in the form given to the grounder (bridge/solving/grounding_form.py: no projection of anonymous
  variables), interleaved: the solve's CPU and an empty ground call after it.
Medians of --reps runs. Usage:
    python benchmarks/ground_calls.py [--reps 30] [--sample 4]
                                      [--only empty,synthetic,facts,merges,anatomy,statements,projection]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def cpu_ms(action, reps: int) -> float:
    """The median CPU time of action() in milliseconds."""
    times = []
    for _ in range(reps):
        started = time.process_time()
        action()
        times.append(time.process_time() - started)
    return statistics.median(times) * 1000


def empty_calls(reps: int) -> None:
    from generate import make_board

    from bridge.reading.case import load_case
    from bridge.solving.solver import solve_case
    for name, case in (("two cards", load_case(str(HERE / "two_cards.yaml"))),
                       ("40/8 board", load_case(make_board(40, 8, 1), "board_1.yaml"))):
        ctl = solve_case(case).control
        cost = cpu_ms(lambda: ctl.ground([("no_such_part", [])]), reps)
        two = cpu_ms(lambda: ctl.ground([("no_such_part", []), ("nor_this_one", [])]), reps)
        print(f"  {name}: {len(ctl.symbolic_atoms):,} atoms; an empty ground call {cost:.2f} ms, with two empty parts "
              f"{two:.2f} ms")


def synthetic(reps: int) -> None:
    import clingo
    for count in (500, 1000, 2000, 4000):
        rules = "\n".join(f"r(X, {i}) :- p(X), q(X)." for i in range(count))
        figures = []
        for program, grounded in ((rules, True), (rules, False), ("\n".join(f"p({i})." for i in range(count)), True)):
            ctl = clingo.Control(["--warn=none"])
            ctl.add("base", [], program)
            if grounded:
                ctl.ground([("base", [])])
            figures.append(cpu_ms(lambda: ctl.ground([("no_such_part", [])]), reps))
        print(f"  {count:5} rules grounded: {figures[0]:.3f} ms; added, not grounded: {figures[1]:.3f} ms; "
              f"{count} facts: {figures[2]:.3f} ms")


def facts_four_ways(reps: int) -> None:
    import clingo
    from clingo import ast

    from bridge.files.locations import asp_files
    from bridge.reading.case import load_case
    from bridge.solving import firing, solver
    files = tuple(str(path) for path in asp_files())
    index, statements = firing.warm_up(), firing.parsed_statements(files)
    facts = solver.board_facts(load_case(str(HERE / "two_cards.yaml")))
    kept = index.kept(firing.fact_shapes(facts))
    part, plain = "base", []
    for i, statement in enumerate(statements):
        if statement.ast_type == ast.ASTType.Program:
            part = statement.name
        elif part == "base" and fact_key(statement) is not None:
            plain.append(i)
    is_fact = set(plain)
    rules = [statements[i] for i in kept if i not in is_fact]
    scratch = clingo.Control(["--warn=none"])           # the facts' atoms (a #const stands for its value)
    with ast.ProgramBuilder(scratch) as builder:
        for statement in statements:
            if statement.ast_type == ast.ASTType.Definition:
                builder.add(statement)
        for i in plain:
            builder.add(statements[i])
    scratch.ground([("base", [])])
    symbols = [atom.symbol for atom in scratch.symbolic_atoms]
    text = "\n".join(str(statements[i]) for i in plain)
    pooled = pooled_runs([statements[i] for i in plain])

    def control(add_facts) -> tuple[float, float]:
        started = time.process_time()
        ctl = clingo.Control(["--warn=none"])
        with ast.ProgramBuilder(ctl) as builder:
            for statement in rules:
                builder.add(statement)
            add_facts(ctl, builder)
        with ctl.backend() as backend:
            for fact in facts + (symbols if add_facts is through_backend else []):
                backend.add_rule([backend.add_atom(fact)])
        added = time.process_time()
        ctl.ground([("base", [])])
        return added - started, time.process_time() - added

    def as_statements(ctl, builder):
        for i in plain:
            builder.add(statements[i])

    def through_backend(ctl, builder):
        pass

    def as_text(ctl, builder):
        ctl.add("base", [], text)

    def as_pools(ctl, builder):
        for statement in pooled:
            builder.add(statement)
    print(f"  {len(plain):,} fact statements ({len(symbols):,} atoms), {len(rules):,} other kept statements; "
          f"pooled: {len(pooled)} statements")
    ways = {"statements (main)": as_statements, "backend": through_backend, "text": as_text, "pooled": as_pools}
    runs: dict = {name: [] for name in ways}
    for _ in range(reps):                                  # interleaved
        for name, way in ways.items():
            runs[name].append(control(way))
    for name, figures in runs.items():
        add = statistics.median(f[0] for f in figures) * 1000
        ground = statistics.median(f[1] for f in figures) * 1000
        print(f"  {name:18} adding {add:6.2f} ms, grounding base {ground:6.2f} ms, both {add + ground:6.2f} ms")


def fact_key(statement) -> tuple | None:
    """(name, arity) of a plain fact `p(a, 1).`, else None."""
    from clingo import ast
    if statement.ast_type != ast.ASTType.Rule or statement.body or statement.head.ast_type != ast.ASTType.Literal \
            or statement.head.sign != ast.Sign.NoSign or statement.head.atom.ast_type != ast.ASTType.SymbolicAtom:
        return None
    term = statement.head.atom.symbol
    if term.ast_type != ast.ASTType.Function or term.external:
        return None
    return term.name, len(term.arguments)


def pooled_runs(facts: list) -> list:
    """Consecutive facts of one predicate as one statement with a pool (`p(a). p(b).` as `p(a; b).`)."""
    from clingo import ast
    pooled, start = [], 0
    while start < len(facts):
        end = start + 1
        while end < len(facts) and fact_key(facts[end]) == fact_key(facts[start]):
            end += 1
        first = facts[start]
        pool = ast.Pool(first.location, [fact.head.atom.symbol for fact in facts[start:end]])
        pooled.append(ast.Rule(first.location, ast.Literal(first.location, ast.Sign.NoSign, ast.SymbolicAtom(pool)), []))
        start = end
    return pooled


# Groupings of a step's parts into fewer ground calls (the current one: bridge/solving/solver.py).
SETUP = (("probing", "probe_setup"),)
PROBE = (("probing", "view", "probe"), ("probing", "outcome", "probe"))
DEPENDENCIES = (("probing", "worlds"), ("probing", "view", "hyp"), ("no_batch", "order"))
APPLY = ((None, "apply"), (None, "view", "apply"), (None, "outcome", "apply"))
MERGES = {"apply with carry": (SETUP, PROBE, DEPENDENCIES, APPLY + ((None, "carry"),)),
          "probe with the dependency tests": (SETUP, PROBE + DEPENDENCIES, APPLY, ((None, "carry"),)),
          "order with apply": (SETUP, PROBE, DEPENDENCIES + APPLY, ((None, "carry"),)),
          "the probe's setup with the probe": (SETUP + PROBE, DEPENDENCIES, APPLY, ((None, "carry"),))}


def merges(sample: int) -> None:
    from bridge.reading.case import load_case
    from bridge.solving import solver
    cases = []
    for path in sorted((HERE.parent / "cases").rglob("*.yaml"))[::sample]:
        try:
            cases.append(load_case(str(path)))
        except Exception:         # noqa: BLE001 (a case with bad input on purpose)
            pass

    def atoms_of(case):
        try:
            solution = solver.solve_case(case, strict=True)       # held: its atoms are read from its Control
            return sorted(str(atom.symbol) for atom in solution.control.symbolic_atoms)
        except solver.NotAllFacts:
            return "undecided"
        except Exception as error:   # noqa: BLE001 (refused the same way, or not)
            return repr(error)
    current = solver.STEP_CALLS
    before = {case.file: atoms_of(case) for case in cases}
    for name, calls in MERGES.items():
        solver.STEP_CALLS = calls
        try:
            after = {case.file: atoms_of(case) for case in cases}
        finally:
            solver.STEP_CALLS = current
        undecided = sum(1 for f in after if after[f] == "undecided" != before[f])
        changed = sum(1 for f in after if after[f] != before[f]) - undecided
        print(f"  {name}: {undecided} of {len(cases)} cases leave atoms undecided, {changed} other differ")


def anatomy(reps: int) -> None:
    import collections
    import gc

    import clingo
    from generate import make_board

    from bridge.reading.case import load_case
    from bridge.solving.solver import solve_case
    cases = [load_case(make_board(40, 8, seed), f"board_{seed}.yaml") for seed in (1, 2, 3)]
    solve_case(cases[0])
    calls = collections.defaultdict(list)
    ground = clingo.Control.ground

    def measured(ctl, parts, *args, **kwargs):
        started = time.process_time()
        ground(ctl, [("no_such_part", [])])
        empty = time.process_time() - started
        started = time.process_time()
        ground(ctl, parts, *args, **kwargs)
        calls[parts[0][0]].append((empty * 1000, (time.process_time() - started) * 1000))
    clingo.Control.ground = measured
    gc.disable()
    try:
        for case in cases * 2:
            solve_case(case)
    finally:
        clingo.Control.ground = ground
        gc.enable()
    boards = len(cases) * 2
    empty_total = sum(e for rows in calls.values() for e, _ in rows) / boards
    real_total = sum(r for rows in calls.values() for _, r in rows) / boards
    print(f"  per board: {sum(map(len, calls.values())) / boards:.1f} ground calls, {real_total:.1f} ms; the empty "
          f"calls before them {empty_total:.1f} ms")
    for part, rows in sorted(calls.items(), key=lambda item: -sum(r for _, r in item[1])):
        print(f"  {part:10} {len(rows) / boards:4.1f} calls a board; median empty call {statistics.median(e for e, _ in rows):.2f}"
              f" ms, median call {statistics.median(r for _, r in rows):.2f} ms")


def statements(reps: int) -> None:
    import clingo
    from clingo import ast
    from generate import make_board

    from bridge.files.locations import asp_files
    from bridge.reading.case import load_case
    from bridge.solving import firing
    from bridge.solving.solver import board_facts
    facts = board_facts(load_case(make_board(40, 8, 1), "board_1.yaml"))
    files = tuple(str(path) for path in asp_files())
    every = firing.parsed_statements(files)
    kept = firing.program_index(files).kept(firing.fact_shapes(facts))
    part, current = {}, "base"
    for i, statement in enumerate(every):
        if statement.ast_type == ast.ASTType.Program:
            current = statement.name
        part[i] = current

    def fact(statement) -> bool:
        return statement.ast_type == ast.ASTType.Rule and not statement.body and \
            statement.head.ast_type == ast.ASTType.Literal

    def control(keep, with_facts: bool) -> float:
        ctl = clingo.Control(["--warn=none"])
        with ast.ProgramBuilder(ctl) as builder:
            for i in kept:
                if every[i].ast_type == ast.ASTType.Program or keep(i):
                    builder.add(every[i])
        if with_facts:
            with ctl.backend() as backend:
                for atom in facts:
                    backend.add_rule([backend.add_atom(atom)])
        ctl.ground([("base", [])])
        return cpu_ms(lambda: ctl.ground([("no_such_part", [])]), reps)
    rules = sum(1 for i in kept if part[i] == "base" and every[i].ast_type != ast.ASTType.Program and not fact(every[i]))
    others = sum(1 for i in kept if part[i] != "base" and every[i].ast_type != ast.ASTType.Program)
    print(f"  a 40/8 board's kept statements: base {rules} rules and asp/'s facts, {others} of other parts")
    for title, keep, with_facts in (
            ("all, base grounded", lambda i: True, True),
            ("base's facts, the other parts added", lambda i: part[i] != "base" or fact(every[i]), True),
            ("the other parts added only (no base, no board facts)", lambda i: part[i] != "base", False),
            ("the board's facts only", lambda i: False, True)):
        print(f"  {title}: an empty ground call {control(keep, with_facts):.3f} ms")


def projection(reps: int) -> None:
    from clingo import ast
    from generate import make_board

    from bridge.files.locations import asp_files
    from bridge.reading.case import load_case
    from bridge.solving import firing, solver
    from bridge.solving.facts import case_facts
    files = tuple(str(path) for path in asp_files())
    index = firing.program_index(files)
    given = firing.parsed_statements(files)
    written = []
    for file in files:
        ast.parse_files([file], written.append)
    written = [s for s in written if s.ast_type != ast.ASTType.Comment]
    assert len(written) == len(given)
    boards = [load_case(make_board(40, 8, seed), f"board_{seed}.yaml") for seed in (1, 2, 3)]
    figures = {"as written": ([], []), "grounding form": ([], [])}
    original = solver.add_rules

    def solve(statements, case):
        def add_rules(ctl, facts, prepared=None):
            with ast.ProgramBuilder(ctl) as builder:
                for i in index.kept(firing.fact_shapes(facts)):
                    builder.add(statements[i])
        solver.add_rules = add_rules
        try:
            started = time.process_time()
            ctl = solver.solve_case(case).control
            elapsed = time.process_time() - started
        finally:
            solver.add_rules = original
        return elapsed * 1000, cpu_ms(lambda: ctl.ground([("no_such_part", [])]), 20)
    for _ in range(max(1, reps // 10)):
        for case in boards:
            for name, statements in (("as written", written), ("grounding form", given)):
                solved, empty = solve(statements, case)
                figures[name][0].append(solved)
                figures[name][1].append(empty)
    for name, (solved, empty) in figures.items():
        print(f"  {name}: a 40/8 board's solve {statistics.median(solved):.1f} ms CPU (median of {len(solved)}), "
              f"then an empty ground call {statistics.median(empty):.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reps", type=int, default=30)
    parser.add_argument("--sample", type=int, default=4, help="every Nth bundled case for the merges")
    parser.add_argument("--only", default="empty,synthetic,facts,merges,anatomy,statements,projection")
    args = parser.parse_args()
    from bridge.interfaces.cli.check import warm_up
    warm_up()
    wanted = args.only.split(",")
    for key, title, run in (("empty", "An empty ground call", lambda: empty_calls(args.reps)),
                            ("synthetic", "An empty ground call on synthetic Controls", lambda: synthetic(args.reps)),
                            ("facts", "asp/'s facts into a Control (two-card case's kept rules)",
                             lambda: facts_four_ways(args.reps)),
                            ("merges", "Fewer ground calls per step", lambda: merges(args.sample)),
                            ("anatomy", "Every ground call of 40/8 boards, each after an empty one",
                             lambda: anatomy(args.reps)),
                            ("statements", "What an empty ground call's cost comes from (a 40/8 board)",
                             lambda: statements(args.reps)),
                            ("projection", "Anonymous variables projected (as written) or named (grounding form)",
                             lambda: projection(args.reps))):
        if key in wanted:
            print(title)
            run()


if __name__ == "__main__":
    main()
