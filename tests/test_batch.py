"""Many boards in one Control (bridge/solving/batch.py, issue 37): each board's atoms are those it has
solved alone, atom for atom; a board that cannot be solved in the batch is left to be solved alone and
takes no other board with it; `check` prints the same whatever --batch."""
import pickle
import subprocess
import sys

import pytest

from bridge.interfaces import api
from bridge.reading.case import load_case
from bridge.results.result import build_result
from bridge.results.sba import round_fact
from bridge.solving import batch, firing, solver

from conftest import CASES, ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import make_board  # noqa: E402

firing.warm_up()


def alone(case, extra):
    solution = solver.solve_case(case, extra_facts=extra)
    return sorted(str(a.symbol) for a in solution.control.symbolic_atoms), solution.steps


def together(solution):
    return sorted(str(a.symbol) for a in solution.control.symbolic_atoms), solution.steps


def boards(cases):
    return [(case, solver.board_facts(case, [round_fact(1)])) for case in cases]


def bundled(names):
    return [load_case(CASES / name) for name in names]


# Cases of different shapes: conditions, text changes, copies, state-based actions, players, targets,
# questions, a dependency loop, another edition.
MIXED = ["conditions/" + p.name for p in sorted((CASES / "conditions").glob("*.yaml"))][:3] + \
        ["dependency/" + p.name for p in sorted((CASES / "dependency").glob("*.yaml"))][:4] + \
        ["editions/" + p.name for p in sorted((CASES / "editions").glob("*.yaml"))][:3] + \
        ["copy/" + p.name for p in sorted((CASES / "copy").glob("*.yaml"))][:3] + \
        ["classics/" + p.name for p in sorted((CASES / "classics").glob("*.yaml"))][:6]


def test_bundled_cases_in_one_batch_same_atoms_as_alone():
    cases = [c for c in bundled(MIXED) if not c.events]
    solutions = batch.solve_boards(boards(cases))
    for case, solution in zip(cases, solutions):
        assert solution is not None, case.file
        assert together(solution) == alone(case, [round_fact(1)]), case.file


@pytest.mark.parametrize("objects,effects,mix", [(40, 8, "realistic"), (30, 10, "dependencies"), (30, 8, "layered")])
def test_generated_boards_in_one_batch_same_atoms_as_alone(objects, effects, mix):
    cases = [load_case(make_board(objects, effects, seed, mix), file=f"generated-{seed}") for seed in range(1, 6)]
    solutions = batch.solve_boards(boards(cases))
    for case, solution in zip(cases, solutions):
        assert solution is not None
        assert together(solution) == alone(case, [round_fact(1)]), case.file


def test_each_board_counts_the_atoms_it_has_alone():
    """ground_atoms (sweep's rows) of a board of a batch: the count of its own Control, counted by clingo
    over the batch; in a Result, counted when first read, and a pickled Result keeps the number."""
    cases = [load_case(make_board(40, 8, seed), file=f"generated-{seed}") for seed in range(1, 5)]
    cases += [c for c in bundled(MIXED[3:8]) if not c.events]
    solutions = batch.solve_boards(boards(cases))
    counted = [s.ground_atoms for s in solutions]
    expected = [solver.solve_case(case, extra_facts=[round_fact(1)]).ground_atoms for case in cases]
    assert counted == expected and len(set(expected)) > 1
    result = build_result(cases[0], batch.solve_boards(boards(cases[:2]))[0])
    assert pickle.loads(pickle.dumps(result.atom_count)) == result.atom_count
    assert result.ground_atoms == expected[0]


def test_a_board_refused_alone_is_left_out_and_takes_no_other_with_it(monkeypatch):
    cases = bundled(MIXED[:4])
    refused = cases[1]

    def check_input(ctl, case):                     # as if the second board had bad input
        if case is refused:
            raise solver.CaseError(case.file, "key", "refused")
    monkeypatch.setattr(batch, "check_input", check_input)
    solutions = batch.solve_boards(boards(cases))
    assert solutions[1] is None
    for case, solution in zip(cases, solutions):
        if case is not refused:
            assert together(solution) == alone(case, [round_fact(1)])


def test_a_batch_past_its_time_is_abandoned():
    with pytest.raises(batch.BatchAbandoned):
        batch.solve_boards(boards(bundled(MIXED[:3])), timeout=0.0)
    assert batch.presolve(boards(bundled(MIXED[:3])), timeout=0.0) == 0


def test_presolved_board_is_the_one_solve_case_gives():
    case = bundled(MIXED[:1])[0]
    assert batch.presolve(boards([case])) == 1
    solution = solver.solve_case(case, extra_facts=[round_fact(1)])
    assert isinstance(solution, batch.BoardSolution)
    assert not solver.PRESOLVED                    # taken once
    assert together(solution) == alone(case, [round_fact(1)])


def run_check(*args):
    done = subprocess.run([sys.executable, "-m", "bridge", "check", "--format", "json", "-j", "1", *args],
                          capture_output=True, text=True, cwd=ROOT)
    return done.returncode, done.stdout


def test_check_prints_the_same_whatever_batch(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("case: bad\nbattlefield: [{card: No Such Card Anywhere}]\n")
    paths = [str(CASES / name) for name in MIXED[:6]] + [str(bad)]
    assert run_check("--batch", "4", *paths) == run_check("--batch", "1", *paths)


def test_second_checks_of_state_based_actions_solved_together_give_the_same_rounds():
    """api.presolve also solves, in a second batch, the board of each case's second check of state-based
    actions (704.3); `solve` then takes it from there, with the rounds, boards and atoms it has alone."""
    files = sorted((CASES / "sba").glob("*.yaml"))
    expected = [api.solve(f) for f in files]
    assert sum(len(r.sba.rounds) > 1 for r in expected) >= 5
    solver.PRESOLVED.clear()
    kept = api.presolve(files)
    assert kept > len([r for r in expected if not r.case.events])      # second boards too
    for path, alone_result in zip(files, expected):
        result = api.solve(path)
        assert len(result.sba.rounds) == len(alone_result.sba.rounds), path
        for got, want in zip(result.sba.rounds, alone_result.sba.rounds):
            assert (got.actions, got.triggers, got.not_destroyed, got.choices, got.unchecked, got.game_over) == \
                   (want.actions, want.triggers, want.not_destroyed, want.choices, want.unchecked, want.game_over), path
            # the effects one step applies together come in timestamp order, batched or alone
            assert (got.board.objects, got.board.ground_atoms, got.board.steps) == \
                   (want.board.objects, want.board.ground_atoms, want.board.steps), path
        assert result.sba.final.objects == alone_result.sba.final.objects and \
               result.sba.stopped == alone_result.sba.stopped, path
    assert not solver.PRESOLVED        # every board solved together was used
