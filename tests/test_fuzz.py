"""Fuzzing the loader (and a sample of solves): every input either loads or raises CaseError with a
message; nothing else, no hang. Default run: 5,000+ inputs; `pytest --fuzz-long` for 20 times more."""
import copy
import sys

import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

import bridge
from bridge.solving import solver
from bridge.results.render import text_table
from bridge.interfaces.cli.terminal import CONTROLS, escape_controls
from bridge.reading.yaml_input import read_yaml
from bridge.reading.case import load_case
from bridge.model.errors import CaseError, SolveTimeout
from bridge.solving.facts import case_facts

from conftest import CASES

BUNDLED = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(CASES.rglob("*.yaml"))]
LONG = "--fuzz-long" in sys.argv
SCALE = 20 if LONG else 1

# Integers at the edges of clingo's 32 bits, and P/T texts made of them (issue 15).
EDGES = [2**31 - 1, 2**31, -(2**31 - 1), -2**31, 2**32, 2**31 - 2, 10**10, -10**10, 2**63]
# NUL, lone surrogates, terminal escapes, C1 controls and bidi overrides inside names.
ODD_TEXTS = ["bear\0evil", "\ud800", "a\udfffb", "\x1b[32mpass\x1b[0m", "\x9b31m", "\u202eevil", "\x07", "x\ry"]
scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
                    st.sampled_from(EDGES), st.sampled_from(ODD_TEXTS),
                    st.sampled_from(EDGES).map(lambda n: f"+{n}/+0"), st.sampled_from(EDGES).map(lambda n: f"{n}/1"),
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
            result = bridge.solve(case, timeout=10)
        except (CaseError, SolveTimeout):
            return
        shown = escape_controls(text_table(result))
        assert not CONTROLS.search(shown.replace("\n", "")), "a control character reaches the terminal"


def key_lines(text: str) -> list[int]:
    """The lines of a YAML text where a mapping key starts the line (not a `- key:` list item, and not a
    line inside a multi-line string that merely holds a colon, like "{T}: Add one mana of any color.")."""
    found, nodes = set(), [yaml.compose(text)]
    while nodes:
        node = nodes.pop()
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                line = text.splitlines()[key.start_mark.line]
                if key.start_mark.column == len(line) - len(line.lstrip()) and not line.lstrip().startswith("- "):
                    found.add(key.start_mark.line)
                nodes.append(value)
        elif isinstance(node, yaml.SequenceNode):
            nodes.extend(node.value)
    return sorted(found)


@fuzz(300)
@given(st.sampled_from(BUNDLED), st.data())
def test_a_key_given_twice_is_always_refused(case, data):
    """Any bundled case with one of its keys written a second time, at the top or inside a mapping,
    is refused with both places; the last one never silently wins."""
    text = yaml.safe_dump(case, allow_unicode=True, sort_keys=False, width=10**6)
    at = data.draw(st.sampled_from(key_lines(text)))
    line = text.splitlines()[at]
    doubled = "\n".join(text.splitlines()[:at + 1] + [line] + text.splitlines()[at + 1:]) + "\n"
    key = line.split(":")[0].strip()
    try:
        read_yaml(doubled, "fuzz.yaml")
    except CaseError as error:
        assert "given twice" in str(error) or "malformed YAML" in str(error), str(error)
    else:
        raise AssertionError(f"the key {key!r} written twice was accepted")


@settings(max_examples=len(EDGES) * 4, deadline=None, database=None, derandomize=True)
@given(st.sampled_from(EDGES), st.sampled_from(["counters", "pt", "modify_pt", "x"]))
def test_numbers_past_32_bits_never_solve(n, where):
    """A number (or a sum) outside clingo's range is refused before solving, never wrapped."""
    case = {"case": "edge", "battlefield": [{"card": "Grizzly Bears"}]}
    if where == "counters":
        case["battlefield"][0]["counters"] = {"+1/+1": n}
    elif where == "pt":
        case["battlefield"][0]["card"] = {"name": "Edge", "type_line": "Creature — Bear", "pt": f"{n}/1"}
    elif where == "modify_pt":
        case["effects"] = [{"affects": ["grizzly_bears"], "does": {"modify_pt": f"+{n}/+0"}}]
    else:
        case["stack"] = [{"card": {"name": "Blaze", "mana_cost": "{X}{R}", "type_line": "Sorcery"}, "x": n}]
    try:
        result = bridge.solve(case, file="fuzz.yaml", timeout=30)
    except CaseError as error:
        assert "outside the range" in str(error) or "could add up to" in str(error) or "fuzz.yaml" in str(error)
        return
    if where == "x":
        assert result.objects["blaze"].mana_value == n + 1            # 202.3e: X counted
        return
    state = next(iter(result.objects.values()))
    assert state.power == (n if where == "pt" else 2 + n), f"{n} in {where} wrapped: {state.pt}"
