"""Compare a Result with the case's `expect:` block."""
from __future__ import annotations

import json
from dataclasses import dataclass

from .result import ObjectState, Result


@dataclass(frozen=True)
class Mismatch:
    object_id: str
    key: str
    expected: object
    derived: object

    def __str__(self) -> str:
        return f"{self.object_id}.{self.key}: expected {show(self.expected)}, derived {show(self.derived)}"


def show(value) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(json.dumps(v, ensure_ascii=False) if "," in str(v) else str(v) for v in value) + "]"
    return str(value)


def folded(items) -> set[str]:
    return {" ".join(str(i).split()).casefold() for i in items}


def derived_value(state: ObjectState, key: str):
    return {
        "name": state.name, "mana_value": state.mana_value, "types": list(state.types),
        "subtypes": list(state.subtypes), "supertypes": list(state.supertypes),
        "colors": [c.lower() for c in state.colors], "abilities": list(state.abilities),
        "has_abilities": list(state.abilities), "lacks_abilities": list(state.abilities),
        "pt": state.pt, "power": state.power, "toughness": state.toughness, "controller": state.controller,
        "tapped": "tapped" in state.status, "counters": dict(state.counters), "cast": state.cast,
    }[key]


def default_decision(key: str):
    """What a spell without such a decision shows: no modes, no X, not kicked, nothing sacrificed."""
    return {"kicked": False, "x": None, "replicate": None, "sacrificed_power": None, "divided": {}}.get(key, [])


def trigger_mismatches(result: Result) -> list[Mismatch]:
    """Each event's `expect_triggers`: every source that triggers, and how many times (exact)."""
    found = []
    for outcome in result.events:
        if outcome.event.expected_triggers is None:
            continue
        derived: dict[str, int] = {}
        for trigger in outcome.triggers:
            derived[trigger.source] = derived.get(trigger.source, 0) + trigger.times
        expected = dict(outcome.event.expected_triggers)
        if expected != derived:
            found.append(Mismatch(outcome.event.where, "expect_triggers", expected, derived))
    return found


def mismatches(result: Result) -> list[Mismatch] | None:
    """The expectations of the edition solved under that are not met (None: it expects nothing there)."""
    expectations = result.case.expectations_under(result.edition)
    if expectations is None:
        return None
    found = trigger_mismatches(result) if result.edition == (result.case.declared_rules or result.case.rules) else []
    for exp in expectations:
        if exp.key == "zone":
            derived = result.case.object(exp.object_id).zone
            if derived != exp.value:
                found.append(Mismatch(exp.object_id, exp.key, exp.value, derived))
            continue
        state = result.objects[exp.object_id]
        if exp.key == "decisions":
            found += [Mismatch(exp.object_id, f"decisions.{k}", v, state.decisions.get(k))
                      for k, v in exp.value.items() if state.decisions.get(k, default_decision(k)) != v]
            continue
        derived = derived_value(state, exp.key)
        if exp.key in ("types", "subtypes", "supertypes", "colors", "abilities"):
            ok = folded(exp.value) == folded(derived)
        elif exp.key == "has_abilities":
            ok = folded(exp.value) <= folded(derived)
        elif exp.key == "lacks_abilities":
            ok = not (folded(exp.value) & folded(derived))
        elif exp.key == "name":
            ok = str(exp.value).casefold() == str(derived).casefold()
        else:
            ok = exp.value == derived
        if not ok:
            found.append(Mismatch(exp.object_id, exp.key, exp.value, derived))
    return found
