"""Safe batches give exactly the characteristics that applying one part per step gives."""
import sys
from dataclasses import replace

import pytest

from bridge.reading.case import load_case
from bridge.results.result import build_result
from bridge.results.trace import dependency_reasons
from bridge.solving.kept_reasons import READS
from bridge.solving.solver import solve_case

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
BOARDS = [(14, 6, seed, EDITIONS[seed % 3], "realistic") for seed in range(200)] + \
    [(30, 10, seed, "current", "realistic") for seed in range(20)] + \
    [(30, 12, seed, EDITIONS[seed % 3], "layered") for seed in range(12)]


@pytest.mark.parametrize("objects,effects,seed,rules,mix", BOARDS)
def test_generated_board_same_either_way(objects, effects, seed, rules, mix):
    case = load_case(make_board(objects, effects, seed, mix), file=f"generated-{seed}")
    batched, batched_steps = characteristics(case, True, rules)
    plain, plain_steps = characteristics(case, False, rules)
    assert batched == plain
    assert batched_steps <= plain_steps


@pytest.mark.parametrize("path", sorted(CASES.rglob("*.yaml")), ids=lambda p: p.name)
def test_bundled_case_same_either_way(path):
    case = load_case(path)
    assert characteristics(case, True)[0] == characteristics(case, False)[0]


# 613.8c Retesting dependencies only on the objects whose values the last step changed, building
# hypothetical worlds only on the objects whose values a part changes, and testing pairs linked
# only by existence on the source alone, give the same dependencies, at every step, as testing
# every pair on every object it touches again (the plain path, retest_changed_only=False).
# (The reasons of every step: those its tests found and those a carried pair keeps, read as the trace
# reads them.)
DEPENDENCY_ATOMS = (("depends", 3), ("in_loop", 3), ("waits", 2), ("applied", 3), ("final_value", 3))


def dependency_story(case, retest_changed_only):
    solution = solve_case(case, retest_changed_only=retest_changed_only)
    story = {name: sorted(map(str, solution.atoms(name, arity))) for name, arity in DEPENDENCY_ATOMS}
    reasons = dependency_reasons(lambda name: solution.atoms(name, READS[name]))
    story["reasons"] = sorted(f"{k} {a} {b} {r}" for (k, a, b), rs in reasons.items() for r in rs)
    return story, (len(solution.atoms("carried_pair", 4)), len(solution.atoms("tested", 4)))


DEPENDENCY_BOARDS = [(24, 12, seed, EDITIONS[seed % 3], "dependencies") for seed in range(40)] + \
    [(60, 30, seed, "current", "dependencies") for seed in range(6)] + \
    [(40, 16, seed, EDITIONS[seed % 3], "layered") for seed in range(24)] + \
    [(120, 40, seed, EDITIONS[seed % 3], "layered") for seed in range(3)]


@pytest.mark.parametrize("objects,effects,seed,rules,mix", DEPENDENCY_BOARDS)
def test_retesting_changed_objects_only_same_dependencies(objects, effects, seed, rules, mix):
    case = replace(load_case(make_board(objects, effects, seed, mix=mix), file=f"generated-{seed}"), rules=rules)
    fast, (carried, fast_tests) = dependency_story(case, True)
    plain, (none, plain_tests) = dependency_story(case, False)
    assert none == 0
    if not carried and fast_tests == plain_tests:
        pytest.skip("no dependency test to carry or to leave out on this board")
    assert fast_tests <= plain_tests
    assert fast == plain


@pytest.mark.parametrize("path", sorted((CASES / "dependency").rglob("*.yaml")) + sorted((CASES / "seeds").rglob("*.yaml")),
                         ids=lambda p: p.name)
def test_bundled_case_same_dependencies_when_retesting(path):
    case = load_case(path)
    assert dependency_story(case, True)[0] == dependency_story(case, False)[0]


# 613.3, 418.5a (pre-2009): boards where an effect from a characteristic-defining ability and other
# effects apply in one layer, under every edition: a safe batch must not put a later CDA after an
# earlier effect (issue 33: before 2009 every candidate is eligible, 418.5d, so only the batch's own
# order kept the CDA first).
CDA_BOARDS = ["editions/pre_m10_cda_first_conspiracy_then_changelings.yaml",
              "editions/pre_m10_cda_first_darkest_hour_then_devoid.yaml",
              "changeling/conspiracy_changeling.yaml", "changeling/humility_changeling.yaml",
              "changeling/life_and_limb_blood_moon_changeling.yaml", "classics/nightmare_with_urborg.yaml"]


@pytest.mark.parametrize("rules", EDITIONS)
@pytest.mark.parametrize("name", CDA_BOARDS)
def test_cda_board_same_either_way_under_every_edition(name, rules):
    case = load_case(CASES / name)
    assert characteristics(case, True, rules)[0] == characteristics(case, False, rules)[0]
