"""Compare a Result with the case's `expect:` block."""
from __future__ import annotations

import json
from dataclasses import dataclass

from bridge.results.result import ObjectState, Result


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
        "colors": list(state.colors), "abilities": list(state.abilities),
        "has_abilities": list(state.abilities), "lacks_abilities": list(state.abilities),
        "pt": state.pt, "power": state.power, "toughness": state.toughness, "controller": state.controller,
        "tapped": "tapped" in state.status, "counters": dict(state.counters), "cast": state.cast,
        "illegal_targets": [c.target for c in state.targets if not c.legal],
        "countered_on_resolution": state.countered_on_resolution,
    }[key]


def default_decision(key: str):
    """What a spell without such a decision shows: no modes, no X, not kicked, nothing sacrificed."""
    return {"kicked": False, "x": None, "replicate": None, "sacrificed_power": None, "divided": {}}.get(key, [])


def answer_mismatches(result: Result) -> list[Mismatch]:
    """Each question's expected answer under the edition solved (its `expect`, or `expect_under`)."""
    found = []
    own = result.edition == (result.case.declared_rules or result.case.rules)
    for answer in result.answers:
        q = answer.question
        expected = q.expect if own else dict(q.expect_under).get(result.edition)
        if expected is None:
            continue
        derived = answer.answer
        if q.kind == "value":
            same = sorted(map(str, expected)) == sorted(map(str, derived))
        else:
            same = expected == derived
        if not same:
            found.append(Mismatch(q.where, "answer", expected, derived))
    return found


def player_mismatches(result: Result) -> list[Mismatch]:
    found = []
    players = {p.name: p for p in result.players}
    for exp in result.case.player_expectations:
        player = players[exp.object_id]
        has = {k for k, _ in player.has}
        if exp.key == "has":
            ok, derived = set(exp.value) <= has, sorted(has)
        elif exp.key == "lacks":
            ok, derived = not (set(exp.value) & has), sorted(has)
        else:
            ok, derived = exp.value == player.max_hand_size, player.max_hand_size
        if not ok:
            found.append(Mismatch(exp.object_id, exp.key, exp.value, derived))
    return found


def trigger_mismatches(result: Result) -> list[Mismatch]:
    """Each event's `expect_triggers`: every source that triggers, and how many times (exact)."""
    found = []
    for outcome in result.events:
        if outcome.event.expected_triggers is None:
            continue
        derived = trigger_counts(outcome.triggers)
        expected = dict(outcome.event.expected_triggers)
        if expected != derived:
            found.append(Mismatch(outcome.event.where, "expect_triggers", expected, derived))
    return found


def trigger_counts(triggers) -> dict[str, int]:
    """{source: times} of triggered abilities."""
    counts: dict[str, int] = {}
    for trigger in triggers:
        counts[trigger.source] = counts.get(trigger.source, 0) + trigger.times
    return counts


def mismatches(result: Result) -> list[Mismatch] | None:
    """The expectations of the edition solved under that are not met (None: it expects nothing there)."""
    expectations = result.case.expectations_under(result.edition)
    questions_here = any(q.expect is not None if result.edition == (result.case.declared_rules or result.case.rules)
                         else result.edition in dict(q.expect_under) for q in result.case.questions)
    own_edition = result.edition == (result.case.declared_rules or result.case.rules)
    expected = result.case.sba
    after_sba = own_edition and (expected.expected_rounds is not None or expected.expected_triggers is not None
                                 or bool(expected.expected_board))
    if expectations is None and not questions_here and not after_sba:
        return None
    found = (trigger_mismatches(result) + player_mismatches(result) if own_edition else []) + answer_mismatches(result)
    found += expectation_mismatches(result, expectations or ())
    return found + (sba_mismatches(result) if after_sba else [])


def sba_mismatches(result: Result) -> list[Mismatch]:
    """`expect_after_sba`: what each round of state-based actions did (exact), and the final board."""
    expected = result.case.sba
    if result.sba is None:
        return [Mismatch("expect_after_sba", "rounds", "state-based actions checked", "not checked (--no-sba)")]
    found = []
    if expected.expected_rounds is not None:
        derived = [r.changes() for r in result.sba.performing]
        if list(expected.expected_rounds) != derived:
            found.append(Mismatch("expect_after_sba", "rounds", list(expected.expected_rounds), derived))
    if expected.expected_triggers is not None:
        derived = [trigger_counts(r.triggers) for r in result.sba.performing]
        if list(expected.expected_triggers) != derived:
            found.append(Mismatch("expect_after_sba", "triggers", list(expected.expected_triggers), derived))
    return found + expectation_mismatches(result.sba.final, expected.expected_board, "expect_after_sba.board.")


def expectation_mismatches(result: Result, expectations, prefix: str = "") -> list[Mismatch]:
    """Expected characteristics (or zone) of objects against a result's board."""
    found = []
    for exp in expectations:
        if exp.key == "zone":
            derived = result.case.object(exp.object_id).zone
            if derived != exp.value:
                found.append(Mismatch(prefix + exp.object_id, exp.key, exp.value, derived))
            continue
        if exp.object_id not in result.objects:
            found.append(Mismatch(prefix + exp.object_id, exp.key, exp.value,
                                  f"nothing: it is in the {result.case.object(exp.object_id).zone}"))
            continue
        state = result.objects[exp.object_id]
        if exp.key == "decisions":
            found += [Mismatch(prefix + exp.object_id, f"decisions.{k}", v, state.decisions.get(k))
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
            found.append(Mismatch(prefix + exp.object_id, exp.key, exp.value, derived))
    return found
