"""Grounding only the rules that can fire on a board's facts (bridge/solving/firing.py) leaves every
atom as it was: every bundled case and generated boards, solved both ways, atom for atom, in every
Control a solve makes (boards after events, state-based action rounds, fresh Controls)."""
import sys

import pytest

import bridge
from bridge.files.locations import asp_files
from bridge.reading.case import load_case
from bridge.solving import firing, solver

from conftest import CASES, ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import make_board  # noqa: E402


CHECK_DECIDED = solver.check_decided


def every_atom(monkeypatch, mode, solve):
    """Each Control's atoms (all of them, as text) at the end of each solve, and the outcome."""
    monkeypatch.setattr(solver, "ONLY_RULES_THAT_FIRE", [mode])
    controls = []
    checked = CHECK_DECIDED

    def record(ctl, strict):
        controls.append(sorted(str(atom.symbol) for atom in ctl.symbolic_atoms))
        checked(ctl, strict)
    monkeypatch.setattr(solver, "check_decided", record)
    try:
        outcome = repr(solve())
    except Exception as error:        # noqa: BLE001 (a case refused both ways must be refused alike)
        outcome = f"{type(error).__name__}: {error}"
    return controls, outcome


def same_both_ways(monkeypatch, solve):
    everything = every_atom(monkeypatch, "never", solve)
    fired = every_atom(monkeypatch, "always", solve)
    assert everything[0], "nothing was solved"
    assert fired == everything


# Every fourth bundled case (sorted, so every folder is sampled): all of them both ways cost minutes of
# the suite's time. After a change to bridge/solving/firing.py, set SAMPLE = 1 and run this file.
SAMPLE = 4


@pytest.mark.parametrize("path", sorted(CASES.rglob("*.yaml"))[::SAMPLE], ids=lambda p: p.name)
def test_bundled_case_same_atoms_with_only_rules_that_fire(monkeypatch, path):
    same_both_ways(monkeypatch, lambda: bridge.solve(path).objects)


BOARDS = [(12, 5, seed, "realistic") for seed in range(4)] + [(16, 8, seed, "dependencies") for seed in range(2)] \
    + [(20, 8, seed, "layered") for seed in range(2)]


@pytest.mark.parametrize("objects,effects,seed,mix", BOARDS)
def test_generated_board_same_atoms_with_only_rules_that_fire(monkeypatch, objects, effects, seed, mix):
    case = load_case(make_board(objects, effects, seed, mix), file=f"generated-{seed}")
    # a fresh Control after every step: its facts carry what earlier steps derived (history/1)
    same_both_ways(monkeypatch, lambda: solver.solve_case(case, atoms_per_control=0 if seed % 2 else None).steps)


def test_rules_that_need_nothing_the_board_has_are_left_out():
    index = firing.warm_up()
    assert not index.unknown_heads, "every head of asp/ is named, so rules can be left out"
    case = load_case(CASES / "seeds" / "s004_418_5b_wild_mongrel.yaml")
    from bridge.solving.facts import case_facts
    kept = index.firing(firing.fact_signatures(case_facts(case)))
    assert 0.5 * index.rules < len(kept) < 0.9 * index.rules
    texts = [index.texts[i] for i in kept]
    assert not any(text.startswith("illegal_new_target(") for text in texts), "no spell copy, no new targets"


@pytest.mark.parametrize("rule,needs,heads", [
    ("a(X) :- b(X); not c(X); X = #count { Y: d(Y) }; e(X,(1;2)).", {("b", 1, True), ("e", 2, True)}, {("a", 1, True)}),
    ("#false :- b(X); -c(X).", {("b", 1, True), ("c", 1, False)}, set()),
    ("p(1,2;3).", set(), {("p", 2, True), ("p", 1, True)}),
    ("q :- r(X): s(X); t; \"a:-b\" = X.", {("t", 0, True)}, {("q", 0, True)}),
    ("{ a(X): b(X) } :- c(X).", {("c", 1, True)}, None),
])
def test_a_rule_needs_its_positive_body_only(rule, needs, heads):
    assert firing.rule_shape(rule) == (needs, heads)


def test_an_external_counts_as_derivable():
    program = b"#program base.\n#external e(X) : d(X).\nr(X) :- e(X).\ns(X) :- f(X).\n"
    index = firing.ProgramIndex(firing.analyse([("x.lp", program)])["statements"])
    kept = [index.texts[i] for i in index.firing(set())]
    assert any(text.startswith("r(X)") for text in kept) and not any(text.startswith("s(X)") for text in kept)


def test_the_analysis_follows_the_content_of_asp(tmp_path, monkeypatch):
    """A kept copy of the analysis is used only for the same content: a changed rule file is analysed again."""
    from bridge.files import derived
    monkeypatch.setattr(derived, "FOLDER", tmp_path / "kept")
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    sources = []
    for path in asp_files()[:3]:
        copy = tmp_path / path.name
        copy.write_bytes(path.read_bytes())
        sources.append(copy)
    first = derived.derived_from_files("firing", sources, firing.analyse, firing.FORMAT)
    assert derived.derived_from_files("firing", sources, None, firing.FORMAT) == first, "kept"
    sources[0].write_bytes(sources[0].read_bytes() + b"\nextra_rule_for_the_test(1).\n")
    assert derived.derived_from_files("firing", sources, None, firing.FORMAT) is None, "stale, not used"
    second = derived.derived_from_files("firing", sources, firing.analyse, firing.FORMAT)
    assert len(second["statements"]) == len(first["statements"]) + 1
