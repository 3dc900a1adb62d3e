"""`mtg-layers facts`: a solved board as ASP facts, one documented predicate set
(docs/research.md), for researchers' programs (`mtg-layers query`) and sweeps.

Effects are named by their stable ids (bridge.model.ids: "blood_moon#1"), objects by their case ids,
layers by their names ("4", "7b"). Values are strings, except numbers (power, toughness, mana value,
loyalty, timestamps, steps). Every name is a clingo String, never pasted ASP text.
"""
from __future__ import annotations

from collections import defaultdict

from clingo import Function, Number, String, Symbol, SymbolType

from bridge.model.ids import effect_id
from bridge.model.texts import ability_text, effect_text
from bridge.results.cycles import CYCLE_LIMIT, simple_cycles
from bridge.results.result import Result
from bridge.results.trace import dependency_reasons, held_steps, value_text

# The predicates, with their arguments, as docs/research.md documents them.
PREDICATES = {
    "rules": "rules(Edition): the rules edition the board was solved under (\"current\", \"m10\", \"pre-m10\")",
    "object": "object(O, Zone): an object of the board and its zone (\"battlefield\", \"stack\")",
    "value": "value(O, Attribute, V): O's characteristic after every effect (name, controller, type, subtype, "
             "supertype, color, ability, power, toughness, mana_value, loyalty)",
    "effect": "effect(E, Source, Kind): an effect, the object it comes from (\"\" for a resolved effect without "
              "one), its kind (static, cda, resolved, counter, face_down, flipped)",
    "effect_text": "effect_text(E, Text): the effect as people read it",
    "timestamp": "timestamp(E, T): E's timestamp (613.7)",
    "part": "part(E, Layer): E has a part to apply in Layer (613.6)",
    "step": "step(S, Layer): step S applied parts in Layer",
    "applied": "applied(S, E, Layer): E's part in Layer applied at step S",
    "batch": "batch(S): the parts of step S could not depend on one another and applied together",
    "changed": "changed(S, O, Attribute): step S rewrote O's Attribute",
    "part_changed": "part_changed(S, E, O, Attribute): E's part applied at step S changed O's Attribute (the parts "
                    "of a batch each name only what they changed)",
    "value_before": "value_before(S, O, Attribute, V): a value of O's Attribute before step S rewrote it",
    "value_after": "value_after(S, O, Attribute, V): a value of O's Attribute after step S rewrote it",
    "layer_value": "layer_value(Layer, O, Attribute, V): a value of O's Attribute after the last step of Layer, "
                   "for each characteristic a step of Layer rewrote",
    "controller": "controller(S, E, P): P controlled effect E as its part applied at step S (109.5)",
    "depends": "depends(S, A, B, Reason): at step S effect A depends on effect B (613.8a); Reason is existence, "
               "condition (its \"as long as ...\"), applies_to(O) or what_it_does(O)",
    "in_loop": "in_loop(S, A, B): at step S, A and B are in the same dependency loop (613.8b): a strongly connected "
               "component of the depends-on graph",
    "loop_member": "loop_member(S, Loop, E): at step S, E is in the dependency loop named Loop (its smallest effect id)",
    "loop_cycle": "loop_cycle(S, Loop, C, Position, E): the C-th simple cycle of Loop (from 1) has E at Position "
                  "(from 1, starting at its smallest effect id): E depends on the next one, the last on the first",
    "cycles_cut": "cycles_cut(S, Loop, Limit): Loop has more than Limit simple cycles; only Limit are listed",
    "not_applied": "not_applied(E, Layer): E's part in Layer never applied (613.6: its source lost the ability, "
                   "or its condition stopped holding, before it started)",
    "tie": "tie(S, E1, E2): E1 and E2 tied on timestamp at step S; their order was a player's choice (613.7k)",
    "trigger": "trigger(Event, Source, Ability, Times): at event number Event, Source's ability (its text) "
               "triggered Times times",
}

ATTRIBUTES = ("name", "controller", "mana_value", "loyalty", "power", "toughness")


def value_symbol(value) -> Symbol:
    return Number(value) if isinstance(value, int) else String(str(value))


def board_facts(result: Result) -> list[Symbol]:
    """Every fact of PREDICATES for a solved board, sorted."""
    read, names = result.reader, result.names
    texts = {a.arguments[0]: a.arguments[1].string for a in read("ability_text")}
    labels = {a.arguments[0]: a.arguments[1].string for a in read("effect_label")}
    sources = {a.arguments[0]: a.arguments[1].string for a in read("effect_source")
               if len(a.arguments) == 2 and a.arguments[1].type == SymbolType.String}
    kinds = {a.arguments[0]: a.arguments[1].name for a in read("effect_kind")}

    def eid(term: Symbol) -> Symbol:
        return String(effect_id(term, names))

    facts = [Function("rules", [String(result.edition)])]
    for obj in result.objects.values():
        o = String(obj.id)
        facts.append(Function("object", [o, String(obj.zone)]))
        for attribute in ATTRIBUTES:
            value = getattr(obj, attribute)
            if value is not None and value != "":
                facts.append(Function("value", [o, Function(attribute), value_symbol(value)]))
        for attribute, values in (("type", obj.types), ("subtype", obj.subtypes), ("supertype", obj.supertypes),
                                  ("color", tuple(c.lower() for c in obj.colors)), ("ability", obj.abilities)):
            facts += [Function("value", [o, Function(attribute), String(v)]) for v in values]

    effects = set()
    for name in ("candidate", "applied"):
        for atom in read(name):
            k, term, layer = atom.arguments
            effects.add(term)
            facts.append(Function("part", [eid(term), layer]))
            if name == "applied":
                facts.append(Function("applied", [k, eid(term), layer]))
                facts.append(Function("step", [k, layer]))
    for term in effects:
        source = term.arguments[0].string if term.name in ("st", "ctr", "kctr", "face_down", "flipped", "reconfigured") \
            else sources.get(term, "")
        facts.append(Function("effect", [eid(term), String(source), Function(kinds.get(term, term.name))]))
        facts.append(Function("effect_text", [eid(term), String(effect_text(term, labels, names, texts))]))
    facts += [Function("timestamp", [eid(a.arguments[1]), a.arguments[2]]) for a in read("effect_time")]
    facts += [Function("batch", [a.arguments[0]]) for a in read("batch") if len(a.arguments) == 3]
    facts += [Function("changed", [k, o, attr]) for k, o, attr in (a.arguments for a in read("rewritten"))
              if len(attr.arguments) == 0]

    facts += change_facts(read, eid, texts)

    depends = {tuple(a.arguments) for a in read("depends") if len(a.arguments) == 3}
    for (k, a, b), reasons in dependency_reasons(read).items():
        if (Number(k), a, b) in depends:
            facts += [Function("depends", [Number(k), eid(a), eid(b), reason]) for reason in reasons]
    in_loop = [(k, eid(a), eid(b)) for k, a, b in (x.arguments for x in read("in_loop"))]
    facts += [Function("in_loop", list(atom)) for atom in in_loop]
    facts += loop_facts(in_loop, [f.arguments[:3] for f in facts if f.name == "depends"])
    facts += [Function("tie", [k, eid(a), eid(b)]) for k, a, b in (x.arguments for x in read("timestamp_tie"))]

    applied_parts = {(a.arguments[1], a.arguments[2]) for a in read("applied")}
    facts += [Function("not_applied", [eid(term), layer]) for _, term, layer in (a.arguments for a in read("candidate"))
              if (term, layer) not in applied_parts]
    for outcome in result.events:
        for trigger in outcome.triggers:
            facts.append(Function("trigger", [Number(outcome.event.number), String(trigger.source),
                                              String(ability_text(trigger.ability, result.texts)),
                                              Number(trigger.times)]))
    return sorted(set(facts))


def change_facts(read, eid, texts: dict) -> list[Symbol]:
    """Who did what, as asp/ decided it: part_changed (asp/613_outcome.lp), the values each step's
    rewrite found and left (val at the step before and at the step), the values each layer left, and
    each applied part's controller (effect_controlled_by, asp/613_effects.lp)."""
    applied = {(a.arguments[0], a.arguments[1]) for a in read("applied")}
    facts = [Function("part_changed", [k, eid(e), o, attr]) for k, e, o, attr in (a.arguments for a in read("part_changed"))
             if len(attr.arguments) == 0]
    facts += [Function("controller", [k, eid(e), p]) for k, e, p in (a.arguments for a in read("effect_controlled_by"))
              if (k, e) in applied]
    at = defaultdict(list)                           # (step S, object, attribute) -> its value symbols
    for atom in read("val"):
        k, o, attr, v = atom.arguments
        if k.type == SymbolType.Number:              # (val(hyp(...), ...) are hypothetical worlds)
            at[(k.number, o, attr)].append(v if v.type == SymbolType.Number else String(value_text(attr.name, v, texts)))
    held_at = held_steps(read("held"))

    def values(k, o, attr) -> list:
        """o's values of attr after step k."""
        return at[(held_at.get((k, attr.name), k), o, attr)]
    layer_of = {a.arguments[0].number: a.arguments[2] for a in read("applied")}
    last_of_layer = {}
    for k in sorted(layer_of):
        last_of_layer[layer_of[k]] = k
    rewritten = {(k.number, o, attr) for k, o, attr in (a.arguments for a in read("rewritten")) if len(attr.arguments) == 0}
    for k, o, attr in rewritten:
        facts += [Function("value_before", [Number(k), o, attr, v]) for v in values(k - 1, o, attr)]
        facts += [Function("value_after", [Number(k), o, attr, v]) for v in values(k, o, attr)]
    for layer, o, attr in {(layer_of[k], o, attr) for k, o, attr in rewritten}:
        facts += [Function("layer_value", [layer, o, attr, v]) for v in values(last_of_layer[layer], o, attr)]
    return facts


def loop_facts(in_loop: list, depends: list) -> list[Symbol]:
    """loop_member, loop_cycle and cycles_cut from in_loop (the components asp/ finds) and depends (their
    edges): each component named by its smallest effect id, its simple cycles numbered in sorted order."""
    members = defaultdict(set)                       # (step, effect) -> the effects of its loop
    for k, a, b in in_loop:
        members[(k, a)].add(b)
    facts, seen = [], set()
    for (k, _), loop in members.items():
        names = sorted(loop, key=lambda e: e.string)
        if (k, names[0]) in seen:
            continue
        seen.add((k, names[0]))
        loop_id = names[0]
        facts += [Function("loop_member", [k, loop_id, e]) for e in names]
        edges = {(a.string, b.string) for s, a, b in depends if s == k and a in loop and b in loop}
        cycles, cut = simple_cycles([e.string for e in names], edges)
        for number, cycle in enumerate(cycles, 1):
            facts += [Function("loop_cycle", [k, loop_id, Number(number), Number(position), String(e)])
                      for position, e in enumerate(cycle, 1)]
        if cut:
            facts.append(Function("cycles_cut", [k, loop_id, Number(CYCLE_LIMIT)]))
    return facts


def facts_text(result: Result) -> str:
    """The facts as an ASP program, with the case named in comments."""
    lines = [f"% {result.case.title}", f"% file: {result.case.file}   rules: {result.edition}",
             "% predicates: docs/research.md"]
    by_name = defaultdict(list)
    for fact in board_facts(result):
        by_name[fact.name].append(fact)
    for name in PREDICATES:
        lines += [f"{fact}." for fact in by_name[name]]
    return "\n".join(lines)
