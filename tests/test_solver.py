"""The staged grounding: one answer, all facts, and the Python API's dataclasses."""
import pytest

import bridge
from bridge.solving import solver
from bridge.reading.case import load_case

from conftest import CASES


@pytest.mark.parametrize("path", sorted(CASES.rglob("*.yaml")), ids=lambda p: p.name)
def test_every_atom_is_a_fact_after_solving(path):
    """The strict check: not only the answers, every ground atom of every bundled case."""
    solution = solver.solve_case(load_case(path), strict=True)
    assert solution.ground_atoms == len(solution.control.symbolic_atoms)
    assert solution.undecided() == []


def test_the_check_for_undecided_atoms_catches_a_cycle_through_negation(monkeypatch):
    """A rule negating an atom decided in the same call leaves it undecided; the solver says so."""
    real_files = solver.asp_files()
    extra = CASES.parent / "tests" / "data" / "unstratified.lp"

    monkeypatch.setattr(solver, "asp_files", lambda: real_files + [extra])
    case = load_case(CASES / "cr613" / "gray_ogre.yaml")
    with pytest.raises(solver.NotAllFacts):
        solver.solve_case(case, strict=True)


def test_api_returns_plain_dataclasses():
    result = bridge.solve(CASES / "cr613" / "gray_ogre.yaml")
    ogre = result.objects["gray_ogre"]
    assert (ogre.pt, ogre.power, ogre.toughness) == ("5/8", 5, 8)
    assert ogre.colors == ("red",)
    assert ogre.type_line == "Creature — Ogre"
    assert ogre.mana_value == 3
    assert [s.layer for s in result.steps] == ["7b", "7c", "7c", "7c"]


def test_solve_accepts_a_mapping():
    result = bridge.solve({"case": "bears", "battlefield": [{"card": "Grizzly Bears"}]}, file="inline")
    assert result.objects["grizzly_bears"].pt == "2/2"


def test_output_is_deterministic(capsys):
    from bridge.interfaces.cli.main import main
    outputs = []
    for _ in range(2):
        main(["solve", "--format", "json", str(CASES / "classics" / "nightmare_with_urborg.yaml")])
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]


# Big boards go on in a fresh Control every two million atoms (solver.fresh_control). Forcing a fresh
# Control after every step must change nothing: tables, trace (explain, deps), every atom a fact.
FRESH_CONTROL_CASES = sorted((CASES / "dependency").glob("*.yaml")) + [p for p in sorted((CASES / "copy").glob("*.yaml"))
                                                                          if "events:" not in p.read_text()][:6] \
    + sorted((CASES / "text").glob("*.yaml")) + [CASES / "seeds" / "s004_418_5b_wild_mongrel.yaml"]


@pytest.mark.parametrize("path", FRESH_CONTROL_CASES, ids=lambda p: p.name)
def test_a_fresh_control_after_every_step_changes_nothing(path):
    from bridge.results.result import build_result

    case = load_case(path)
    results = []
    for limit in (None, 0):
        solution = solver.solve_case(case, strict=True, atoms_per_control=limit)
        result = build_result(case, solution)
        results.append(({k: v.as_dict() for k, v in result.objects.items()}, result.trace, solution.steps))
    assert results[0][2] >= 1, "the case should apply something"
    assert results[0] == results[1]


def test_a_run_keeps_its_rules_when_its_checkout_is_removed_under_it(tmp_path, monkeypatch):
    """Issue 37's failed sweep: its checkout was removed while it ran, and every later Control of the run
    listed no rule file, went through the layers with no rule at all, and ended in "no end of the layers
    after 2 steps (a defect in asp/)". The rule files are listed once per process: the run goes on with
    the rules it read; a folder without any rule file is refused, naming it."""
    import shutil
    from bridge.files import locations
    from bridge.solving import firing
    from conftest import ROOT
    package = tmp_path / "bridge"
    shutil.copytree(ROOT / "asp", package / "asp")
    monkeypatch.setattr(locations, "PACKAGE", package)
    locations.asp_files.cache_clear()
    try:
        firing.warm_up()                     # as sweep's and check's workers do before their children
        case = load_case(CASES / "cr613" / "gray_ogre.yaml")
        before = final_values(solver.solve_case(case))
        assert before
        shutil.rmtree(package / "asp")
        assert final_values(solver.solve_case(case)) == before
        locations.asp_files.cache_clear()    # a new process with no rule folder (beside bridge/ either)
        with pytest.raises(RuntimeError, match=f"{tmp_path / 'asp'}: no rule files"):
            locations.asp_files()
    finally:
        locations.asp_files.cache_clear()


def final_values(solution) -> list[str]:
    return sorted(str(a.symbol) for a in solution.control.symbolic_atoms.by_signature("final_value", 3))
