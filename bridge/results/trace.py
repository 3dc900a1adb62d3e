"""The story of a solve, read back from the solver's atoms: what applied at each step, what it
changed, what depended on what, and what never applied. `explain` and `deps` print it."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from clingo import Symbol, SymbolType

from bridge.model.ids import effect_id
from bridge.model.texts import ability_text, effect_text
from bridge.model.vocabulary import COLOR_WORDS
from bridge.results.cruxes import (ability_losses, loss_text, cited_rules, copy_chain, explain_order, keeps_applying,
                                   never_started)
from bridge.solving.kept_reasons import kept_reasons
from bridge.solving.read_back import TRACE_ATOMS


@dataclass(frozen=True)
class EffectRef:
    key: str              # the stable id (bridge.model.ids: "blood_moon#1"), the same in every output
    label: str            # for people: "Blood Moon (blood_moon): Nonbasic lands are Mountains."
    kind: str             # cda | static | resolved | counter
    timestamp: int | None


@dataclass(frozen=True)
class Change:
    object_id: str
    attribute: str
    before: tuple[str, ...]
    after: tuple[str, ...]
    by: tuple[str, ...]   # labels of the parts of this step that edited it


@dataclass(frozen=True)
class Dependency:
    dependent: EffectRef
    on: EffectRef
    reasons: tuple[str, ...]
    in_loop: bool


@dataclass(frozen=True)
class StepTrace:
    number: int
    layer: str
    layer_rule: str
    layer_name: str
    applied: tuple[EffectRef, ...]
    batch: bool
    why: tuple[str, ...]
    changes: tuple[Change, ...]
    candidates: tuple[EffectRef, ...]
    dependencies: tuple[Dependency, ...]
    copy_notes: tuple[tuple[str, str, str], ...] = ()   # (object, attribute, how a copy exception set it)
    # (object, attribute, effect, value after it): every value a single-valued characteristic took in
    # the step, effect after effect (asp/613_4_values_in_order.lp)
    values: tuple[tuple[str, str, str, tuple[str, ...]], ...] = ()
    # 613.6: parts that applied though their source no longer had the ability (the effect had started)
    keeps_applying: tuple[str, ...] = ()


@dataclass(frozen=True)
class Trace:
    steps: tuple[StepTrace, ...]
    not_applied: tuple[tuple[EffectRef, str, str], ...]   # (effect, layer, why)
    ties: tuple[str, ...]
    initial: dict                                          # object id -> attribute -> values at step 0
    notes: tuple[str, ...] = ()                            # what an effect did not find to change (612.2)


NOT_STARTED_CONDITION = ("its condition (\"as long as ...\") no longer held, or its source lost the ability, "
                         "before it applied (611.3a, {rule}: it never started, so it does not apply)")


def reason_text(reason: Symbol) -> str:
    if reason.name == "existence":
        return "it would remove the ability that generates that effect (existence)"
    if reason.name == "condition":
        return "it would make that effect's condition (\"as long as ...\") false (condition)"
    obj = reason.arguments[0].string
    if reason.name == "applies_to":
        return f"it would change whether that effect applies to {obj} (what it applies to)"
    if reason.name == "source_controller":
        return (f"it would change who controls {obj}, the source of that effect, whose controller is "
                f"its \"you\" (109.5)")
    return f"it would change what that effect does to {obj} (what it does)"


def dependency_reasons(read) -> dict[tuple[int, Symbol, Symbol], set[Symbol]]:
    """(k, A, B) -> the reasons B changes A at step k (613.8a): those its test at step k found (changes/4)
    and those a pair carried at step k keeps (613.8c: asp/613_8_dependency.lp, part kept_reasons)."""
    reasons = defaultdict(set)
    for atom in [*read("changes"), *kept_reasons(read)]:
        k, a, b, reason = atom.arguments
        reasons[(k.number, a, b)].add(reason)
    return reasons


def word_text(word: Symbol) -> str:
    return word.string.lower() if word.string.lower() in COLOR_WORDS else word.string


def value_text(attribute: str, value: Symbol, ability_texts: dict) -> str:
    if attribute == "ability":
        return ability_text(value.arguments[0], ability_texts)
    if value.type == SymbolType.Number:
        return str(value.number)
    if value.type == SymbolType.String:
        return value.string.lower() if attribute == "color" else value.string
    return str(value)


def held_steps(held: list[Symbol]) -> dict[tuple[int, str], int]:
    """(k, attribute name) -> the step S whose val(S, ...) atoms hold the attribute's values after step k
    (0: before the first step), from held(k + 1, A, S): a step carries only the characteristics its
    layer writes (asp/613_layers.lp)."""
    return {(a.arguments[0].number - 1, a.arguments[1].name): a.arguments[2].number for a in held}


# What the run decided on its own and says (`check` prints it under a case): the atoms it is read from.
DECISION_ATOMS = ("ability_text", "effect_label", "edition", "effect_time", "tie_rule", "timestamp_tie",
                  "text_change_found_nothing", "negative_used_as_zero")


def effect_labels(by: dict, object_names: dict[str, str]):
    """label(term): an effect's words for people; and the timestamps (step, effect) -> number."""
    texts = {a.arguments[0]: a.arguments[1].string for a in by["ability_text"]}
    labels = {a.arguments[0]: a.arguments[1].string for a in by["effect_label"]}
    times = {(a.arguments[0].number, a.arguments[1]): a.arguments[2].number for a in by["effect_time"]}

    def label(term: Symbol) -> str:
        return effect_text(term, labels, object_names, texts)
    return label, times, texts


def run_decisions(read, object_names: dict[str, str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The ties the run ordered on its own and its notes (Trace.ties, Trace.notes), read from the few atoms
    they need: `check` prints them, and building the whole trace for it cost ~10 ms a case (issue 37)."""
    by = {name: read(name) for name in DECISION_ATOMS}
    label, times, _ = effect_labels(by, object_names)
    return decisions(by, label, times, {a.arguments[0] for a in by["edition"]})


def decisions(by: dict, label, times: dict, editions: set) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """613.7k's ties left to a player, and what an effect did not find (612.2) or calculated below zero
    (107.1b)."""
    ties = []
    tie_rule = next((a.arguments[1].string for a in by["tie_rule"] if a.arguments[0] in editions), "613.7k")
    for atom in sorted(by["timestamp_tie"], key=str):
        k, e1, e2 = atom.arguments
        ties.append(f"step {k.number}: {label(e1)} and {label(e2)} have the same timestamp "
                    f"({times.get((k.number, e1))}) and the rules leave their order to a player ({tie_rule}). "
                    f"This run applied {label(e1)} first; give them different `timestamp:` values in the case "
                    f"to fix the order.")
    notes = [f"step {a.arguments[0].number}: {label(a.arguments[1])} found no word {word_text(a.arguments[3])!r} used "
             f"as such on {a.arguments[2].string} and changed nothing there (612.2)"
             for a in sorted(by["text_change_found_nothing"], key=str)]
    notes += [f"step {a.arguments[0].number}: {label(a.arguments[1])} calculated {a.arguments[3].number} for "
              f"{a.arguments[2].string}; zero is used instead (107.1b: a negative result of a calculation, in an "
              f"effect that does not set power and toughness)" for a in sorted(by["negative_used_as_zero"], key=str)]
    return tuple(ties), tuple(notes)


def build_trace(read, object_names: dict[str, str], printed_subtypes: dict | None = None) -> Trace:
    """`read(name)` gives the atoms of a predicate."""
    by = {name: read(name) for name in TRACE_ATOMS}
    label, times, texts = effect_labels(by, object_names)
    kinds = {a.arguments[0]: a.arguments[1].name for a in by["effect_kind"]}
    editions = {a.arguments[0] for a in by["edition"]}
    layer_rules = {a.arguments[1].string: (a.arguments[2].string, a.arguments[3].string) for a in by["layer_rule"]
                   if a.arguments[0] in editions}

    def ref(k: int, term: Symbol) -> EffectRef:
        return EffectRef(key=effect_id(term, object_names), label=label(term), kind=kinds.get(term, "static"),
                         timestamp=times.get((k, term)))

    values = defaultdict(lambda: defaultdict(set))     # (S, obj) -> attr -> {value symbols}
    for atom in by["val"]:
        k, obj, attr, value = atom.arguments
        if k.type == SymbolType.Number:          # (val(hyp(...), ...) are hypothetical worlds)
            values[(k.number, obj.string)][attr.name].add(value)
    held_at = held_steps(by["held"])

    def values_after(k, obj, attr) -> set:
        """obj's values of attr after step k. (Reading them at the step that holds them makes their entry,
        empty or not, as before: `initial` lists each attribute read at step 0.)"""
        step = held_at.get((k, attr), k)
        return values[(k, obj)][attr] if step == k else values.get((step, obj), {}).get(attr, set())

    def shown(k, obj, attr):
        # subtypes as a card prints them, then the added ones (205.3); other values sorted
        printed = {word: i for i, word in enumerate((printed_subtypes or {}).get(obj, ()))} if attr == "subtype" else {}
        return tuple(sorted((value_text(attr, v, texts) for v in values_after(k, obj, attr)),
                            key=lambda word: (printed.get(word, len(printed)), word)))

    reasons = dependency_reasons(lambda name: by[name])
    per_step = defaultdict(lambda: defaultdict(list))
    for name in ("applied", "candidate", "batch", "tied", "waits", "depends", "in_loop", "rewritten",
                 "edit", "eligible", "cda_pending", "step_value", "part_changed"):
        for atom in by[name]:
            per_step[atom.arguments[0].number][name].append(atom)

    rules = cited_rules(by)
    step_layers = {a.arguments[0].number: a.arguments[2].string for a in by["applied"]}
    first_applied = {}
    for atom in sorted(by["applied"], key=lambda a: a.arguments[0].number):
        first_applied.setdefault(atom.arguments[1], (atom.arguments[0].number, atom.arguments[2].string))
    losses = ability_losses(by, per_step, values_after, step_layers, label)
    changed_objects = defaultdict(set)       # (step, part) -> objects whose values it changed
    for atom in by["part_changed"]:
        changed_objects[(atom.arguments[0].number, atom.arguments[1])].add(atom.arguments[2].string)
    copy_steps = defaultdict(list)           # object -> (step, copy effect that set its copiable values)
    for (k, effect), objects in changed_objects.items():
        if step_layers.get(k) in ("1", "1a"):
            for obj in objects:
                copy_steps[obj].append((k, effect))
    steps = []
    applied_parts = set()
    for k in sorted(k for k in per_step if per_step[k]["applied"]):
        data = per_step[k]
        keys = {a.arguments[1]: a.arguments[2] for a in by["part_key"] if a.arguments[0].number == k}
        chosen = sorted(data["applied"], key=lambda a: (keys.get(a.arguments[1], a.arguments[1]), str(a.arguments[1])))
        layer = chosen[0].arguments[2].string
        applied = tuple(ref(k, a.arguments[1]) for a in chosen)
        applied_terms = {a.arguments[1] for a in chosen}
        applied_parts.update((a.arguments[1], layer) for a in chosen)
        loops = {(a.arguments[1], a.arguments[2]) for a in data["in_loop"]}
        dependencies = tuple(
            Dependency(ref(k, a.arguments[1]), ref(k, a.arguments[2]),
                       tuple(sorted({reason_text(r) for r in reasons[(k, a.arguments[1], a.arguments[2])]})),
                       (a.arguments[1], a.arguments[2]) in loops)
            for a in sorted(data["depends"], key=str))
        candidates = tuple(ref(k, a.arguments[1]) for a in sorted(data["candidate"], key=str))
        why = explain_order(k, data, applied, applied_terms, dependencies, candidates, ref, rules,
                            older_applied_earlier(k, layer, chosen, by, changed_objects, ref))
        why += copy_chain(k, applied_terms, by, copy_steps, label)
        # the parts that changed each value (asp/613_outcome.lp: part_changed), never the whole batch
        changed_by = defaultdict(set)
        for atom in data["part_changed"]:
            _, effect, obj, attr = atom.arguments
            changed_by[(obj.string, attr)].add(label(effect))
        order = {e.label: i for i, e in enumerate(applied)}
        changes = []
        for atom in sorted(data["rewritten"], key=str):
            _, obj, attr = atom.arguments
            if attr.arguments:          # alt(...): a flip card's other half, not a characteristic now
                continue
            before, after = shown(k - 1, obj.string, attr.name), shown(k, obj.string, attr.name)
            if before != after:         # (a value rewritten to what it was is no change: not shown)
                changes.append(Change(obj.string, attr.name, before, after,
                                      tuple(sorted(changed_by[(obj.string, attr)], key=lambda x: order.get(x, 0)))))
        rule, name = layer_rules.get(layer, ("613", ""))
        order = {e.label: i for i, e in enumerate(applied)}
        values_taken = sorted(((a.arguments[1].string, a.arguments[2].name, label(a.arguments[3]),
                                () if a.arguments[4].type == SymbolType.Function else
                                (value_text(a.arguments[2].name, a.arguments[4], texts),))
                               for a in data["step_value"]), key=lambda v: (v[0], v[1], order.get(v[2], 0)))
        steps.append(StepTrace(k, layer, rule, name, applied, bool(data["batch"]), why, tuple(changes),
                               candidates, dependencies, copy_notes(data, applied_terms, by, label, texts),
                               tuple(values_taken),
                               keeps_applying(k, layer, [a.arguments[1] for a in chosen], by, first_applied, losses,
                                              rules, label)))

    not_applied = []
    conditional = {a.arguments[0] for a in by["conditional"]}
    seen = set()
    for atom in sorted(by["candidate"], key=lambda a: a.arguments[0].number):
        k, term, layer = atom.arguments
        if (term, layer.string) not in applied_parts and (term, layer.string) not in seen:
            seen.add((term, layer.string))
            loss = losses.get((term.arguments[0].string, term.arguments[1])) if term.name == "st" else None
            lost = (f"its source {term.arguments[0].string} {loss_text(loss)}" if loss else
                    "its source lost the ability that generates it")
            not_applied.append((ref(k, term), layer.string, NOT_STARTED_CONDITION.format(rule=rules["keeps_applying"])
                                if term in conditional else
                                f"{lost} before it applied ({rules['keeps_applying']}: it never started, so it "
                                f"does not apply)"))
    not_applied += never_started(by, applied_parts, set(first_applied), seen, losses, rules, ref)
    ties, notes = decisions(by, label, times, editions)
    initial = {obj: {attr: shown(0, obj, attr) for attr in attrs} for (k, obj), attrs in values.items() if k == 0}
    return Trace(tuple(steps), tuple(not_applied), ties, initial, notes)


def copy_notes(data, applied_terms, by, label, texts) -> tuple[tuple[str, str, str], ...]:
    """What the exceptions of the copy effects applied at this step did (707.9)."""
    copied_objects = defaultdict(set)
    for atom in data["edit"]:
        _, phase, _, effect, obj, _ = atom.arguments
        if phase.name == "apply" and effect in applied_terms:
            copied_objects[effect].add(obj.string)
    copy_ops = {(a.arguments[0], a.arguments[1].number) for a in by["effect_op"]
                if a.arguments[2].name == "copy_of" and a.arguments[0] in applied_terms}
    notes = []
    for effect, index in sorted(copy_ops, key=str):
        who = label(effect)
        for obj in sorted(copied_objects[effect]):
            for a in by["effect_op_keep"]:
                if a.arguments[0] == effect and a.arguments[1].number == index:
                    attr = a.arguments[2].name
                    notes.append((obj, attr, f"not copied: kept by the exception of {who} (707.9c)"))
            for a in by["effect_op_except_pt"]:
                if a.arguments[0] == effect and a.arguments[1].number == index:
                    for attr in ("power", "toughness"):
                        notes.append((obj, attr, f"given by the exception of {who}; a copied power/toughness-"
                                                 f"defining ability is not copied (707.9b, 707.9d)"))
            for a in by["effect_op_except_value"]:
                if a.arguments[0] == effect and a.arguments[1].number == index:
                    notes.append((obj, a.arguments[2].name, f"{a.arguments[3].string} added by the exception of "
                                                            f"{who} (707.9b)"))
            for a in by["effect_op_ability"]:
                if a.arguments[0] == effect and a.arguments[1].number == index:
                    notes.append((obj, "ability", f"“{ability_text(a.arguments[2], texts)}” gained as part of the "
                                                  f"copy by {who}; a copiable value (707.9a)"))
    return tuple(notes)


def older_applied_earlier(k, layer, chosen, by, changed_objects, ref) -> list:
    """(part of this step, newer part applied at an earlier step of an earlier layer to the same
    objects, that layer): where timestamps did not decide the order, the layers did."""
    found = {}
    for atom in chosen:
        term = atom.arguments[1]
        mine = ref(k, term)
        objects = changed_objects.get((k, term), set())
        for earlier in by["applied"]:
            k0, other, layer0 = earlier.arguments
            # (only between sublayers of one layer, 7b before 7c: across layers the order is plain)
            if k0.number >= k or layer0.string == layer or layer0.string[:1] != layer[:1] or other == term \
                    or not objects & changed_objects.get((k0.number, other), set()):
                continue
            theirs = ref(k0.number, other)
            if mine.timestamp is not None and theirs.timestamp is not None and theirs.timestamp > mine.timestamp:
                found[(mine.key, theirs.key)] = (mine, theirs, layer0.string, k0.number)
    latest = {}
    for mine, theirs, layer0, k0 in found.values():
        if (mine.key, theirs.key) not in latest or latest[(mine.key, theirs.key)][3] < k0:
            latest[(mine.key, theirs.key)] = (mine, theirs, layer0, k0)
    return [(mine, theirs, layer0) for mine, theirs, layer0, _ in latest.values()]
