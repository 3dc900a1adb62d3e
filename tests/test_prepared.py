"""asp/'s static part of `base` grounded before forking (bridge/solving/prepared.py, static_part.py): a
board solved from the prepared Control has every atom, fact or not, of the same board solved in fresh
Controls, in every Control a solve makes; a board with a fact of a static predicate, the parent itself, and
a second Control of a process get a fresh Control."""
import os
import sys

import pytest
from clingo import Function, String

import bridge
from bridge.reading.case import load_case
from bridge.solving import prepared, solver
from bridge.solving.runner import run_bounded
from bridge.solving.static_part import statement_predicates, static_statements

from conftest import CASES, ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import make_board  # noqa: E402
import test_firing as firing_test  # noqa: E402


def as_if_forked() -> prepared.Prepared:
    """A Control prepared in this process, which then takes it as a forked child would."""
    prepared.PREPARED.clear()
    prepared.warm_up()
    made = prepared.PREPARED[0]
    made.parent = -1
    return made


def every_atom(monkeypatch, solve, prepare: bool):
    """Each Control's atoms (as text, with whether each is a fact), the outcome (test_firing.py), and which
    Controls were the prepared one."""
    made = as_if_forked() if prepare else None
    if not prepare:
        prepared.PREPARED.clear()
    seen: list = []
    try:
        controls, outcome = firing_test.every_atom(monkeypatch, "always", solve, seen)
    finally:
        prepared.PREPARED.clear()
    return controls, outcome, [made is not None and ctl is made.control for ctl in seen]


def same_both_ways(monkeypatch, solve) -> list[bool]:
    fresh = every_atom(monkeypatch, solve, prepare=False)
    from_prepared = every_atom(monkeypatch, solve, prepare=True)
    assert fresh[0], "nothing was solved"
    assert from_prepared[:2] == fresh[:2]
    return from_prepared[2]


# Every fourth bundled case, as tests/test_firing.py (SAMPLE = 1 after a change to static_part.py).
SAMPLE = 4


@pytest.mark.parametrize("path", sorted(CASES.rglob("*.yaml"))[::SAMPLE], ids=lambda p: p.name)
def test_bundled_case_same_atoms_from_the_prepared_control(monkeypatch, path):
    was_prepared = same_both_ways(monkeypatch, lambda: bridge.solve(path).objects)
    # the guard lets every bundled board use it: a new static predicate among a board's facts shows here
    assert was_prepared[:1] == [True] and not any(was_prepared[1:])


BOARDS = [(12, 5, seed, "realistic") for seed in range(3)] + [(16, 8, seed, "dependencies") for seed in range(2)] \
    + [(20, 8, seed, "layered") for seed in range(2)] + [(40, 8, 1, "realistic")]


@pytest.mark.parametrize("objects,effects,seed,mix", BOARDS)
def test_generated_board_same_atoms_from_the_prepared_control(monkeypatch, objects, effects, seed, mix):
    case = load_case(make_board(objects, effects, seed, mix), file=f"generated-{seed}")
    # odd seeds: a fresh Control after every step (history facts), made as before
    was_prepared = same_both_ways(
        monkeypatch, lambda: solver.solve_case(case, atoms_per_control=0 if seed % 2 else None).steps)
    assert was_prepared[-1] == (seed % 2 == 0) and was_prepared[0]


def test_a_board_fact_of_a_static_predicate_gets_a_fresh_control(monkeypatch):
    made = as_if_forked()
    static_fact = next(iter(sorted(made.predicates)))
    assert static_fact not in prepared.BOARD_GIVES_TOO
    fact = Function(static_fact[0], [String("x")] * static_fact[1])
    case = load_case(ROOT / "benchmarks" / "two_cards.yaml")
    prepared.PREPARED.clear()
    was_prepared = same_both_ways(monkeypatch, lambda: solver.solve_case(case, extra_facts=[fact]).steps)
    assert was_prepared == [False]
    made = as_if_forked()
    assert prepared.take(made.files, solver.board_facts(case, [fact])) is None
    assert not prepared.PREPARED, "used once per process, even when not taken"


def test_the_parent_never_grounds_a_board_in_it():
    prepared.PREPARED.clear()
    prepared.warm_up()
    made = prepared.PREPARED[0]
    assert made.parent == os.getpid()
    case = load_case(ROOT / "benchmarks" / "two_cards.yaml")
    facts = solver.board_facts(case)
    assert prepared.take(made.files, facts) is None and prepared.PREPARED == [made]
    assert prepared.take(("other.lp",), facts) is None and prepared.PREPARED == [made]

    def in_child():             # a forked child takes it once, for the rule files it was prepared with
        taken = prepared.take(made.files, facts)
        return taken is made and not prepared.PREPARED and prepared.take(made.files, facts) is None
    assert run_bounded(in_child)
    prepared.PREPARED.clear()


def test_a_forked_child_solves_from_it_as_a_fresh_control():
    path = CASES / "seeds" / "s004_418_5b_wild_mongrel.yaml"

    def atoms():
        solution = solver.solve_case(load_case(path))
        return sorted((str(atom.symbol), atom.is_fact) for atom in solution.control.symbolic_atoms)
    prepared.PREPARED.clear()
    fresh = atoms()
    prepared.warm_up()
    made = prepared.PREPARED[0]
    assert run_bounded(lambda: (prepared.PREPARED == [made], atoms(), prepared.PREPARED)) == (True, fresh, [])
    assert prepared.PREPARED == [made]
    prepared.PREPARED.clear()


@pytest.mark.parametrize("program,static", [
    # asp/'s facts and what only they set off
    ("a(1). b(X) :- a(X).", ["a(1).", "b(X) :- a(X)."]),
    # a board's facts (`input`, defined by no rule) are never static, nor what reads them, even negatively
    ("a(1). b(X) :- a(X); not input(X).", ["a(1)."]),
    ("a(1). c :- 0 = #count { X: a(X), input(X) }.", ["a(1)."]),
    # a predicate defined by a static and a board-dependent rule is not static, nor its readers
    ("a(1). a(X) :- input(X). b(X) :- a(X).", []),
    # classical negation is the same predicate
    ("a(1). -a(X) :- input(X). b(X) :- a(X).", []),
    # a rule of another part is not static, nor what it defines, nor what reads that
    ("a(1). #program step(k). c(k) :- a(k). #program base. d :- c(1).", ["a(1)."]),
    # a predicate the board gives too although asp/ defines it (prepared.BOARD_GIVES_TOO)
    ("given(1). b(X) :- given(X). a(2).", ["a(2)."]),
])
def test_static_statements(program, static):
    from clingo import ast
    statements = []
    ast.parse_string(program, statements.append)
    rows = statement_predicates(statements)
    assert [str(statements[i]) for i in static_statements(rows, frozenset({("given", 1)}))] == static
