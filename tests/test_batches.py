"""Safe batches give exactly the characteristics that applying one part per step gives."""
import sys
from dataclasses import replace

import pytest

from bridge.case import load_case
from bridge.result import build_result
from bridge.solver import solve_case

from conftest import CASES, ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from generate import make_board  # noqa: E402


def characteristics(case, batches, rules=None):
    if rules:
        case = replace(case, rules=rules)
    solution = solve_case(case, batches=batches)
    result = build_result(case, solution)
    return {k: v.as_dict() for k, v in result.objects.items()}, solution.steps


EDITIONS = ("current", "m10", "pre-m10")
BOARDS = [(14, 6, seed, EDITIONS[seed % 3]) for seed in range(200)] + [(30, 10, seed, "current") for seed in range(20)]


@pytest.mark.parametrize("objects,effects,seed,rules", BOARDS)
def test_generated_board_same_either_way(objects, effects, seed, rules):
    case = load_case(make_board(objects, effects, seed), file=f"generated-{seed}")
    batched, batched_steps = characteristics(case, True, rules)
    plain, plain_steps = characteristics(case, False, rules)
    assert batched == plain
    assert batched_steps <= plain_steps


@pytest.mark.parametrize("path", sorted(CASES.rglob("*.yaml")), ids=lambda p: p.name)
def test_bundled_case_same_either_way(path):
    case = load_case(path)
    assert characteristics(case, True)[0] == characteristics(case, False)[0]
