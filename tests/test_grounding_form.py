"""The rules in the form given to the grounder (bridge/solving/grounding_form.py): the anonymous variables of
positive body literals named, nothing else changed, the same atoms. (tests/test_firing.py compares every
atom of every bundled case's Controls too: its "every rule" side loads asp/'s files as they are written.)"""
import sys

import pytest
from clingo import ast

from bridge.files.locations import asp_files
from bridge.reading.case import load_case
from bridge.solving import firing, solver
from bridge.solving.grounding_form import PREFIX, without_projection
from bridge.solving.rule_text import TOKEN

from conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import make_board  # noqa: E402

FILES = tuple(str(path) for path in asp_files())
CHECK_DECIDED = solver.check_decided


def parsed(text: str) -> list:
    statements = []
    ast.parse_string(text, statements.append)
    return [s for s in statements if s.ast_type == ast.ASTType.Rule]


def test_only_the_anonymous_variables_of_positive_body_literals_are_named():
    rule, = parsed("h(X) :- p(X, _, f(_)), not q(X, _), #count { Y : r(Y, _) } > 0, s(X) : t(X, _), X != _.")
    named = str(without_projection(rule))
    assert f"p(X,{PREFIX}0,f({PREFIX}1))" in named
    assert "not q(X,_)" in named and "r(Y,_)" in named and "t(X,_)" in named
    assert named.count(PREFIX) == 2
    untouched, = parsed("h(X) :- p(X, Y), not q(X, _).")
    assert without_projection(untouched) is untouched or str(without_projection(untouched)) == str(untouched)


def test_no_variable_of_asp_begins_with_the_names_given():
    words = {token for path in asp_files() for token in TOKEN.findall(path.read_text(encoding="utf-8"))}
    assert not [word for word in words if word.startswith(PREFIX)]


def test_the_texts_given_to_clingo_project_nothing():
    index = firing.program_index(FILES)
    rules = [rule for text in index.texts if ":-" in text for rule in parsed(text)]
    assert len(rules) > 1000
    assert [str(rule) for rule in rules if without_projection(rule) is not rule] == []
    assert sum(PREFIX in str(rule) for rule in rules) > 300       # asp/ has ~560 such rules


def test_the_parsed_statements_are_the_texts_given_to_clingo():
    index = firing.program_index(FILES)
    statements = firing.parsed_statements(FILES)
    assert [str(statement) for statement in statements] == list(index.texts)


def every_atom(monkeypatch, statements, case) -> list:
    """Each Control's atoms (as text, with whether each is a fact) when every Control gets `statements`."""
    def add_rules(ctl, facts, prepared=None):
        with ast.ProgramBuilder(ctl) as builder:
            for statement in statements:
                builder.add(statement)
    monkeypatch.setattr(solver, "ONLY_RULES_THAT_FIRE", ["never"])
    monkeypatch.setattr(solver, "add_rules", add_rules)
    controls = []

    def record(ctl, strict):
        controls.append(sorted((str(atom.symbol), atom.is_fact) for atom in ctl.symbolic_atoms))
        CHECK_DECIDED(ctl, strict)
    monkeypatch.setattr(solver, "check_decided", record)
    solver.solve_case(case)
    return controls


@pytest.mark.parametrize("objects,effects,seed,mix", [(12, 4, 1, "realistic"), (16, 6, 2, "dependencies"),
                                                       (16, 6, 3, "layered")])
def test_same_atoms_as_the_rules_as_written(monkeypatch, objects, effects, seed, mix):
    written = []
    for path in FILES:
        ast.parse_files([path], written.append)
    given = [without_projection(statement) for statement in written]
    assert sum(a is not b for a, b in zip(written, given)) > 300
    case = load_case(make_board(objects, effects, seed, mix), file=f"generated-{seed}")
    as_written = every_atom(monkeypatch, written, case)
    assert as_written and as_written == every_atom(monkeypatch, given, case)
