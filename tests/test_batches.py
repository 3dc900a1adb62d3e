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


@pytest.mark.parametrize("seed,rules", [(s, "current") for s in range(40)] + [(s, r) for s in range(40, 55)
                                                                           for r in ("m10", "pre-m10")])
def test_generated_board_same_either_way(seed, rules):
    case = load_case(make_board(24, 8, seed), file=f"generated-{seed}")
    batched, batched_steps = characteristics(case, True, rules)
    plain, plain_steps = characteristics(case, False, rules)
    assert batched == plain
    assert batched_steps <= plain_steps


@pytest.mark.parametrize("path", sorted(CASES.rglob("*.yaml")), ids=lambda p: p.name)
def test_bundled_case_same_either_way(path):
    case = load_case(path)
    assert characteristics(case, True)[0] == characteristics(case, False)[0]
