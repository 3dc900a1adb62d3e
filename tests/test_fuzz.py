"""Fuzzing the loader (and a sample of solves): every input either loads or raises CaseError with a
message; nothing else, no hang. Default run: 5,000+ inputs; `pytest --fuzz-long` for 20 times more."""
import copy
import sys

import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from bridge import solver
from bridge.case import load_case
from bridge.errors import CaseError, SolveTimeout
from bridge.facts import case_facts

from conftest import CASES

BUNDLED = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(CASES.rglob("*.yaml"))]
LONG = "--fuzz-long" in sys.argv
SCALE = 20 if LONG else 1

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
                    st.text(max_size=20), st.sampled_from(["Grizzly Bears", "creature", "+1/+1", "1/1", "self",
                                                           "modify_pt", "you", "x). #false.", "Æther"]))
structures = st.recursive(scalars, lambda children: st.one_of(
    st.lists(children, max_size=5), st.dictionaries(st.one_of(st.text(max_size=12), st.sampled_from(
        ["case", "battlefield", "card", "effects", "does", "affects", "expect", "id", "copy_of", "status",
         "counters", "choices", "abilities", "static", "pt", "type_line", "rules", "graveyards"])), children,
        max_size=5)), max_leaves=25)


def paths(value, prefix=()):
    """Every place in a parsed case where a value could be replaced."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from paths(child, prefix + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from paths(child, prefix + (i,))


def mutate(case, path, new, mode):
    case = copy.deepcopy(case)
    if not path:
        return new
    parent = case
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if mode == "delete":
        del parent[last]
    elif mode == "replace":
        parent[last] = new
    else:                                  # duplicate an entry of a list, or wrap a value in a list
        parent[last] = [parent[last], new] if not isinstance(parent[last], list) else parent[last] * 2
    return case


def load_or_case_error(data):
    try:
        case = load_case(data, file="fuzz.yaml")
        case_facts(case)
        return case
    except CaseError as error:
        assert str(error).startswith("fuzz.yaml"), str(error)
        return None


def fuzz(examples: int):
    return settings(max_examples=examples * SCALE, deadline=10_000, suppress_health_check=list(HealthCheck),
                    derandomize=not LONG, database=None)


@fuzz(2_500)
@given(structures)
def test_random_structures(data):
    load_or_case_error(data)


@st.composite
def mutations(draw):
    case = draw(st.sampled_from(BUNDLED))
    places = list(paths(case))
    path = draw(st.sampled_from(places))
    return mutate(case, path, draw(structures), draw(st.sampled_from(["delete", "replace", "duplicate"])))


@fuzz(2_500)
@given(mutations())
def test_mutated_cases_load_or_fail_clearly(data):
    load_or_case_error(data)


@fuzz(150)
@given(mutations())
def test_mutated_cases_solve_or_fail_clearly(data):
    case = load_or_case_error(data)
    if case is not None:
        try:
            solver.solve_case(case, timeout=10)
        except (CaseError, SolveTimeout):
            pass
