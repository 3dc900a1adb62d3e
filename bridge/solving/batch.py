"""Solve many boards in one Control: the fixed cost of a Control (adding the rules, each ground call's
own cost) paid once per batch instead of once per board (issue 37).

The rules of asp/ are written for one board. At load time every statement is rewritten (asp/ stays as
it is, the way telingo adds time to a program): each atom gets the board as its first argument (the
variable Board__), each program part the number of the ground call as its first parameter
(`#program state(k).` becomes `state(call__, k)`, `#program base.` becomes `board_base(call__)`), and each
rule's body the gate `grounds__(Board__, call__)`. Board i's facts are added with i in front. The boards
go through the steps together (all at step k); each of solve_case's ground calls (bridge/solving/solver.py)
grounds its parts once, with the gates grounds__(i, c) of the boards that would ground exactly those
parts alone, so no rule instance of one board reads an atom of another and board i's ground program is
its own program with i in front of every atom. Boards whose call grounds different parts get separate
calls: each call's predicate dependencies are those of a call for one board.

Anything a board meets that `solve_case` would answer otherwise than with a solution (bad input, a
defect, an answer left undecided, a step limit) leaves the board out of the batch: its entry is None and
the caller solves it alone, which gives its own error. A batch past its time or atom limit is
abandoned (BatchAbandoned): every board is then solved alone.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import clingo
from clingo import Function, Number, ast

from bridge.files.locations import asp_files
from bridge.model.case import Case
from bridge.solving import firing
from bridge.solving.solver import (CONDITION, PRESOLVED, STEP_CALLS, Solution, after_layers_parts, check_carried,
                                   check_decided, check_input, check_new_targets, closing_parts, NotAllFacts,
                                   step_programs)

BOARD = "Board__"          # the variable that holds an atom's board (not a name in asp/)
CALL = "call__"            # the parameter every part gets: the number of the ground call
COUNT = "atoms__"          # atoms__(Board, N): how many atoms a board has
GATE = "grounds__"         # grounds__(Board, Call): this call grounds these parts for that board
BASE = "board_base"        # `#program base.` with the call as parameter


class BatchAbandoned(Exception):
    """The batch passed its limit: every board is to be solved alone."""


class BoardIndexer(ast.Transformer):
    """One statement of asp/ with the board in front of every atom, the ground call in front of every
    part's parameters, and in every rule's body the gate that says for which boards that call grounds it."""

    def __init__(self):
        here = ast.Position("<board>", 0, 0)
        self.location = ast.Location(here, here)
        self.board = ast.Variable(self.location, BOARD)
        self.gate = ast.Literal(self.location, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(
            self.location, GATE, [self.board, ast.Function(self.location, CALL, [], 0)], 0)))

    def visit_Program(self, program):
        name = BASE if program.name == "base" else program.name
        return program.update(name=name, parameters=[ast.Id(program.location, CALL), *program.parameters])

    def visit_Rule(self, rule):
        rule = rule.update(**self.visit_children(rule))
        return rule.update(body=[self.gate, *rule.body])

    def visit_SymbolicAtom(self, atom):
        return atom.update(symbol=self.with_board(atom.symbol))

    def with_board(self, term):
        if term.ast_type == ast.ASTType.Function:
            return term.update(arguments=[self.board, *term.arguments])
        if term.ast_type == ast.ASTType.UnaryOperation:         # classical negation, -p(X)
            return term.update(argument=self.with_board(term.argument))
        if term.ast_type == ast.ASTType.Pool:
            return term.update(arguments=[self.with_board(t) for t in term.arguments])
        if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
            symbol = term.symbol
            return ast.Function(term.location, symbol.name,
                                [self.board, *(ast.SymbolicTerm(term.location, a) for a in symbol.arguments)], 0)
        raise ValueError(f"an atom this transformation cannot number: {term}")


INDEXED: dict = {}


def indexed_statements(shapes: frozenset) -> list:
    """The statements of asp/ that can fire on facts of these shapes (firing.py), numbered by board
    (all of them rewritten once per process); every statement when the analysis is not at hand."""
    files = tuple(str(path) for path in asp_files())
    if files not in INDEXED:
        indexer = BoardIndexer()
        INDEXED[files] = [indexer.visit(s) for s in firing.parsed_statements(files)]
    statements = INDEXED[files]
    index = firing.program_index(files)
    if index is not None and len(statements) == len(index.texts):
        return [statements[i] for i in index.kept(shapes)]
    return statements


@dataclass
class BoardAtom:
    """An atom of one board, seen without its board number."""
    symbol: clingo.Symbol
    is_fact: bool


class BoardAtoms:
    """The symbolic atoms of one board of a batch, as a Control's symbolic_atoms show them (what
    solver.py and the readers ask: by_signature, lookup, iteration)."""

    def __init__(self, batch: "Batch", board: int):
        self.batch, self.board, self.number = batch, board, Number(board)

    def by_signature(self, name: str, arity: int):
        return iter(self.batch.split(name, arity).get(self.board, ()))

    def __getitem__(self, symbol: clingo.Symbol):
        atom = self.batch.control.symbolic_atoms[Function(symbol.name, [self.number, *symbol.arguments],
                                                          symbol.positive)]
        return None if atom is None else BoardAtom(symbol, atom.is_fact)

    def __iter__(self):
        for name, arity, positive in self.batch.control.symbolic_atoms.signatures:
            if name in (GATE, COUNT):
                continue
            for a in self.batch.control.symbolic_atoms.by_signature(name, arity, positive):
                if a.symbol.arguments[0] == self.number:
                    yield BoardAtom(Function(name, a.symbol.arguments[1:], positive), a.is_fact)

    def __len__(self):
        return sum(1 for _ in self)


@dataclass
class BoardView:
    """One board of a batch where solver.py expects a Control."""
    symbolic_atoms: BoardAtoms


@dataclass
class Board:
    """A board at work in a batch."""
    number: int
    case: Case
    view: BoardView
    limit: int
    conditions: bool
    step: int = 0
    solution: Solution | None = None
    left_out: bool = False


class Batch:
    """The batch's Control, and its atoms split by board (per signature, made again after a ground call)."""

    def __init__(self, control: clingo.Control):
        self.control = control
        self.generation = 0            # ground calls so far
        self.splits: dict = {}         # (name, arity) -> (generation, {board: [BoardAtom]})
        self.counts: dict | None = None

    def ground(self, calls: list[tuple[int, list]]) -> None:
        """Ground each (board, parts): boards with the same parts (names and parameters) in one call, the
        parts grounded once for all of them (each gets the call's number: its gate)."""
        together: dict[tuple, list] = {}
        for board, parts in calls:
            together.setdefault(tuple((name, tuple(args)) for name, args in parts), []).append(board)
        for parts, boards in together.items():
            self.generation += 1
            call = Number(self.generation)
            self.control.ground([(GATE, [Number(board), call]) for board in boards]
                                + [(name, [call, *args]) for name, args in parts])

    def split(self, name: str, arity: int) -> dict:
        """The atoms name/arity of each board (without the board): one pass over the batch's atoms of that
        signature, not one per board."""
        kept = self.splits.get((name, arity))
        if kept is None or kept[0] != self.generation:
            split: dict[int, list] = {}
            for a in self.control.symbolic_atoms.by_signature(name, arity + 1):
                board, *arguments = a.symbol.arguments
                split.setdefault(board.number, []).append(BoardAtom(Function(name, arguments), a.is_fact))
            kept = self.splits[(name, arity)] = (self.generation, split)
        return kept[1]

    def ground_atoms(self, board: int) -> int:
        """The atoms of one board (as len(symbolic_atoms) of its own Control), counted for all boards at
        the first question by clingo itself: one #count per board over every predicate of the batch (its
        elements the predicate's index and the atom's arguments), the answers read back. Reading every
        atom in Python costs four times as much (~80 ms a 40/8 board against ~15 ms: benchmarks/batch.py
        --count); only a caller that reads the figure pays it (Result.ground_atoms: `sweep`'s rows)."""
        if self.counts is None:
            atoms = self.control.symbolic_atoms
            signatures = [(n, a, p) for n, a, p in atoms.signatures if a and n != GATE]
            elements = []
            for i, (name, arity, positive) in enumerate(signatures):
                terms = [f"X{j}" for j in range(1, arity)]
                atom = ("" if positive else "-") + f"{name}({', '.join(['B'] + terms)})"
                elements.append(f"{', '.join([str(i)] + terms)} : {atom}")
            self.control.add(COUNT, [], f"{COUNT}(B, N) :- {GATE}(B, 1), N = #count{{ {'; '.join(elements)} }}.")
            self.control.ground([(COUNT, [])])
            self.counts = {}
            for a in atoms.by_signature(COUNT, 2):
                if not a.is_fact:
                    raise NotAllFacts(f"{a.symbol} is not a fact")
                self.counts[a.symbol.arguments[0].number] = a.symbol.arguments[1].number
        return self.counts.get(board, 0)


class BoardSolution(Solution):
    """A board's solution in a batch: its atoms counted when asked (a pass over the whole batch)."""

    @property
    def ground_atoms(self) -> int:
        return self.control.symbolic_atoms.batch.ground_atoms(self.control.symbolic_atoms.board)

    @ground_atoms.setter
    def ground_atoms(self, value) -> None:
        pass


def solve_boards(cases: list[tuple[Case, list]], timeout: float | None = None,
                 atoms_limit: int = 2_000_000) -> list[Solution | None]:
    """The solution of each (case, facts) as `solve_case(case, extra_facts=...)` would give it with its
    other options at their defaults (facts: case_facts(case) + the extra facts), or None for a board
    to solve alone. Raises BatchAbandoned past `timeout` (seconds, for the whole batch) or when the
    batch grounds more than `atoms_limit` atoms."""
    started = time.monotonic()
    shapes = frozenset(firing.fact_shapes([f for _, facts in cases for f in facts]))
    ctl = clingo.Control(["--warn=none"])
    with ast.ProgramBuilder(ctl) as builder:
        for statement in indexed_statements(shapes):
            builder.add(statement)
    ctl.add(GATE, ["board", "call"], f"{GATE}(board, call).")      # the gate of a board in a ground call
    with ctl.backend() as backend:
        for i, (_, facts) in enumerate(cases):
            board = Number(i)
            for fact in facts:
                backend.add_rule([backend.add_atom(Function(fact.name, [board, *fact.arguments], fact.positive))])
    batch = Batch(ctl)
    batch.ground([(i, [(BASE, [])]) for i in range(len(cases))])
    boards = []
    for i, (case, _) in enumerate(cases):
        view = BoardView(BoardAtoms(batch, i))
        board = Board(i, case, view, limit=count(view, "part", 2) + 2, conditions=count(view, "conditional", 1) > 0)
        boards.append(board)
        try:
            check_input(view, case)
        except Exception:       # noqa: BLE001 (solved alone, it reports its own error)
            board.left_out = True
    working = [b for b in boards if not b.left_out]
    step = 0
    while working:      # every board at the same step: its parts are grounded once for all of them
        if timeout is not None and time.monotonic() - started > timeout:
            raise BatchAbandoned(f"the batch passed {timeout} s")
        if len(ctl.symbolic_atoms) > atoms_limit:
            raise BatchAbandoned(f"the batch grounded more than {atoms_limit} atoms")
        step += 1
        k = Number(step)
        for board in working:
            board.step = step
            if step > board.limit:
                board.left_out = True
        working = [b for b in working if not b.left_out]
        batch.ground([(b.number, [("conditions", [k]), ("view", [k, CONDITION]), ("view_numbers", [k, CONDITION])])
                      for b in working if b.conditions])
        batch.ground([(b.number, [("state", [k])]) for b in working])
        done = [b for b in working if b.view.symbolic_atoms[Function("finished", [k])] is not None]
        finish(batch, done, Number(step - 1))
        working = [b for b in working if b not in done]
        plans = {b.number: step_plan(b, k) for b in working}
        for call in range(len(STEP_CALLS)):
            batch.ground([(b.number, plans[b.number][call]) for b in working if plans[b.number][call]])
    finishing = [b for b in boards if b.solution is not None]
    after_layers(batch, finishing)
    # each board's checks, as solve_case makes them
    for board in finishing:
        try:
            check_new_targets(board.view, board.case)
            check_decided(board.view, strict=False)
        except Exception:       # noqa: BLE001 (solved alone, it reports its own error)
            board.solution = None
    return [None if b.left_out else b.solution for b in boards]


def count(view: BoardView, name: str, arity: int) -> int:
    return sum(1 for _ in view.symbolic_atoms.by_signature(name, arity))


def has_atoms(view: BoardView):
    """`has(name, arity)`: does this board have atoms of that predicate (solver.closing_parts' question)."""
    return lambda name, arity: count(view, name, arity) > 0


def step_plan(board: Board, k: clingo.Symbol) -> list[list[tuple[str, list]]]:
    """The parts of each of the step's ground calls for this board, as solve_case chooses them."""
    view = board.view.symbolic_atoms
    probing = view[Function("probing", [k])] is not None
    has_batch = view[Function("has_batch", [k])] is not None
    rule_parts = {"view": [a.symbol.arguments[1].name for a in view.by_signature("step_view_part", 2)
                           if a.symbol.arguments[0] == k],
                  "outcome": [a.symbol.arguments[1].name for a in view.by_signature("step_outcome_part", 2)
                              if a.symbol.arguments[0] == k]}
    return step_programs(k, probing, has_batch, rule_parts)


def finish(batch: Batch, boards: list[Board], last: clingo.Symbol) -> None:
    """The layers are done for these boards: check what solve_case checks, then their final part (with
    704's parts)."""
    finishing = []
    for board in boards:
        try:
            check_carried(board.view, board.case)
        except Exception:       # noqa: BLE001 (solved alone, it reports its own error)
            board.left_out = True
            continue
        board.solution = BoardSolution(control=board.view, steps=last.number, ground_atoms=0)
        finishing.append(board)
    # with 704's parts in the same call, as solve_case grounds them (solver.closing_parts)
    batch.ground([(b.number, [("final", [last])] + closing_parts(has_atoms(b.view))) for b in finishing])


def after_layers(batch: Batch, boards: list[Board]) -> None:
    """The parts after the layers and 704, as solve_case grounds them, for each board."""
    calls = []
    for board in boards:
        has = has_atoms(board.view)
        after = after_layers_parts(has, closing_parts(has))
        if after:
            calls.append((board.number, after))
    batch.ground(calls)


def presolve(cases: list[tuple[Case, list]], timeout: float | None = None) -> int:
    """Solve these (case, facts) boards in one batch and keep their solutions for solve_case, which
    answers a board with exactly these facts from them (solver.PRESOLVED). The number of boards kept;
    none when the batch is abandoned (each is then solved alone)."""
    try:
        solutions = solve_boards(cases, timeout=timeout)
    except BatchAbandoned:
        return 0
    kept = 0
    for (_, facts), solution in zip(cases, solutions):
        if solution is not None:
            PRESOLVED[tuple(facts)] = solution
            kept += 1
    return kept
