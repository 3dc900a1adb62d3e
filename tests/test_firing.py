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


def every_atom(monkeypatch, mode, solve, seen: list | None = None):
    """Each Control's atoms (all of them, as text, with whether each is a fact) at the end of each solve,
    and the outcome; each Control is appended to `seen`."""
    monkeypatch.setattr(solver, "ONLY_RULES_THAT_FIRE", [mode])
    controls = []
    checked = CHECK_DECIDED

    def record(ctl, strict):
        controls.append(sorted((str(atom.symbol), atom.is_fact) for atom in ctl.symbolic_atoms))
        if seen is not None:
            seen.append(ctl)
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
    kept = index.firing(firing.fact_shapes(case_facts(case)))
    assert 0.4 * index.rules < len(kept) < 0.9 * index.rules
    texts = [index.texts[i] for i in kept]
    assert not any(text.startswith("illegal_new_target(") for text in texts), "no spell copy, no new targets"


def test_rules_about_operations_the_board_has_not_are_left_out():
    """Glorious Anthem's +1/+1 is an add_num edit: the rules that read set_num edits (a P/T-setting
    effect, 613.4b) need a predicate the board has (edit/6) but an operation it has not."""
    index = firing.warm_up()
    from bridge.solving.facts import case_facts
    case = load_case(ROOT / "benchmarks" / "two_cards.yaml")
    kept = {index.texts[i] for i in index.firing(firing.fact_shapes(case_facts(case)))}
    only_predicates = firing.ProgramIndex(firing.analyse([(str(path), path.read_bytes()) for path in asp_files()],
                                                         shapes_read=False))
    by_predicates = {only_predicates.texts[i] for i in only_predicates.firing(firing.fact_shapes(case_facts(case)))}
    assert kept < by_predicates, "the shapes leave out more than the predicates alone"
    reads_set_num = [text for text in by_predicates if "X = set_num(" in text and text.startswith("sets_number(")]
    assert reads_set_num and not set(reads_set_num) & kept


def shapes_of(program: bytes, facts: str) -> list[str]:
    """The rules of `program` that can fire on `facts` (clingo text), by their text."""
    import clingo
    index = firing.ProgramIndex(firing.analyse([("x.lp", program)]))
    symbols = [clingo.parse_term(term) for term in facts.split()] if facts else []
    return [index.texts[i] for i in index.firing(firing.fact_shapes(symbols)) if ":-" in index.texts[i]]


@pytest.mark.parametrize("program,facts,fires", [
    # a constant in a body atom must match the facts' functor there
    (b"a(X) :- op(X, set_num(1)).", "op(1,add_num(2))", False),
    (b"a(X) :- op(X, set_num(Y)).", "op(1,set_num(2))", True),
    # an equality narrows the variable; a pool is any of its alternatives
    (b"a :- op(_, X), X = set_num(_).", "op(1,add_num(2))", False),
    (b"a :- op(_, X), X = (add_num(_); set_num(_)).", "op(1,add_num(2))", True),
    # a variable shared by two atoms takes keys both can have
    (b"a :- p(X), q(X).", "p(red) q(1)", False),
    (b"a :- p(X), q(X).", "p(red) q(red)", True),
    # keys go through heads: b(set) only where an op has one
    (b"b(X) :- op(_, X).\nc :- b(set_num(_)).", "op(1,add_num(2))", False),
    (b"b(X) :- op(_, X).\nc :- b(set_num(_)).", "op(1,set_num(2))", True),
    # a program parameter or a #const stands for any value; arithmetic for a number
    (b"#program step(k).\na :- p(k).", "p(3)", True),
    (b"#const n = 3.\na :- p(n).", "p(7)", True),
    (b"b(X + 1) :- p(X).\nc :- b(red).", "p(1)", False),
    # #max may give any term (a tuple); #count a number
    (b"b(M) :- p(_), M = #max { X : p(X) }.\nc :- b((1, 2)).", "p((1,2))", True),
    (b"b(N) :- p(_), N = #count { X : p(X) }.\nc :- b(red).", "p(red)", False),
    # a conditional head makes its atoms where its condition can hold
    (b"b(X) : p(X) :- q.\nc :- b(red).", "q p(blue)", False),
    (b"b(X) : p(X) :- q.\nc :- b(red).", "q p(red)", True),
    # classical negation is a predicate of its own
    (b"a :- -p(red).", "p(red)", False),
])
def test_a_rule_fires_on_the_shapes_its_body_can_match(program, facts, fires):
    rules = [text for text in shapes_of(program, facts) if text.startswith(("a", "c"))]
    assert bool(rules) == fires


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
    """An #external's atoms exist (true or not) for each instance of its condition."""
    program = b"#program base.\n#external e(X) : d(X).\n#external g(1).\nr(X) :- e(X).\ns(X) :- f(X).\nt :- g(1).\n"
    assert shapes_of(program, "") == ["t :- g(1)."]
    assert shapes_of(program, "d(2)") == ["r(X) :- e(X).", "t :- g(1)."]


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
    assert len(second["texts"]) == len(first["texts"]) + 1
