"""The sentences a judge reads at the crux of a board, each from the solver's own atoms: why a part
applied when it did (layer order, timestamps, dependency only where it changed the order), an effect
that keeps applying after its source lost the ability (613.6), one that never started, and the copy
effect through which a copy's values came (707.3). Rule numbers are the edition's (asp/editions.lp)."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from clingo import Symbol, SymbolType

CURRENT_RULES = {"layer_order": "613.1, 613.4", "cda_first": "613.3", "timestamp_order": "613.7",
                 "dependency": "613.8a-b", "loop": "613.8b", "keeps_applying": "613.6"}


def short_label(label: str) -> str:
    """An effect's name and source id, without its text: "Humility (humility)"."""
    return label.split("): ", 1)[0] + ")" if "): " in label else label


def cited_rules(by: dict) -> dict[str, str]:
    """The rule numbers the rules edition of this solve gives each reason (cited_rule/3)."""
    editions = {a.arguments[0] for a in by["edition"]}
    found = {a.arguments[1].name: a.arguments[2].string for a in by["cited_rule"] if a.arguments[0] in editions}
    return {**CURRENT_RULES, **found}


@dataclass(frozen=True)
class Loss:
    step: int
    layer: str
    by: tuple[str, ...]        # labels of the parts of that step that changed the object's abilities


def ability_losses(by: dict, per_step, after, step_layers: dict, label) -> dict[tuple[str, Symbol], Loss]:
    """(object, ability) -> the first step at which the object stopped having that ability; after(k, obj,
    attribute): obj's values of the attribute after step k."""
    removers = defaultdict(list)
    for atom in by["part_changed"]:
        k, effect, obj, attr = atom.arguments
        if attr.name == "ability":
            removers[(k.number, obj.string)].append(short_label(label(effect)))
    losses = {}
    for k in sorted(per_step):
        for atom in per_step[k]["rewritten"]:
            _, obj, attr = atom.arguments
            if attr.name != "ability" or attr.arguments:
                continue
            before = {v.arguments[0] for v in after(k - 1, obj.string, "ability")}
            now = {v.arguments[0] for v in after(k, obj.string, "ability")}
            for ability in before - now:
                losses.setdefault((obj.string, ability), Loss(k, step_layers.get(k, "?"),
                                                              tuple(sorted(set(removers[(k, obj.string)])))))
    return losses


def loss_text(loss: Loss, itself: str = "") -> str:
    who = ", by its own effect" if loss.by == (itself,) else f", by {', '.join(loss.by)}" if loss.by else ""
    return f"lost the ability in layer {loss.layer} (step {loss.step}{who})"


def keeps_applying(k: int, layer: str, chosen_terms, by: dict, first_applied: dict, losses: dict, rules: dict,
                   label) -> tuple[str, ...]:
    """613.6: a part of an effect that started in an earlier layer applies even though its source no
    longer has the ability (or its condition no longer holds) at this step."""
    present = {a.arguments[1] for a in by["ability_present"] if a.arguments[0].number == k}
    exists = {a.arguments[2] for a in by["exists"] if a.arguments[0].number == k and a.arguments[1].name == "real"}
    lines = []
    for term in chosen_terms:
        start = first_applied.get(term)
        if term.name != "st" or start is None or start[0] >= k or term in exists:
            continue
        source = term.arguments[0].string
        if term not in present:
            loss = losses.get((source, term.arguments[1]))
            lost = (f"its source {source} {loss_text(loss, short_label(label(term)))}" if loss else
                    f"its source {source} no longer has it")
        else:
            lost = "its condition (\"as long as ...\") no longer holds"
        lines.append(f"{short_label(label(term))}: {lost}, but the effect had started to apply in layer {start[1]} "
                     f"(step {start[0]}), so it keeps applying to the same set in layer {layer} "
                     f"({rules['keeps_applying']})")
    return tuple(lines)


def never_started(by: dict, applied_parts: set, started: set, already: set, losses: dict, rules: dict,
                  ref_of) -> list:
    """Parts of a static ability's effect that never applied because the source lost the ability
    before the effect started (613.6 says only an effect that started keeps applying)."""
    found = []
    for atom in sorted(by["part"], key=str):
        if len(atom.arguments) != 2:
            continue
        term, layer = atom.arguments
        if term.name != "st" or term in started or (term, layer.string) in applied_parts \
                or (term, layer.string) in already:
            continue
        loss = losses.get((term.arguments[0].string, term.arguments[1]))
        if loss is None:
            continue
        found.append((ref_of(loss.step, term), layer.string,
                      f"its source {term.arguments[0].string} {loss_text(loss)}, before this effect started "
                      f"to apply, so it never applies (only an effect that started keeps applying: "
                      f"{rules['keeps_applying']})"))
    return found


def copy_chain(k: int, chosen_terms, by: dict, copy_steps: dict, label) -> tuple[str, ...]:
    """707.3: a copy of an object that is itself a copy gets the values its copy effect gave it."""
    lines = []
    for atom in sorted(by["copy_source"], key=str):
        effect, _, original = atom.arguments
        if effect not in chosen_terms or original.type != SymbolType.String:    # (as_was(...): 707.2b)
            continue
        earlier = [(step, e) for step, e in copy_steps.get(original.string, ()) if step < k]
        if earlier:
            names = ", ".join(dict.fromkeys(label(e) for _, e in earlier))
            lines.append(f"{label(effect)} copies {original.string}, whose copiable values are those its own copy "
                         f"effect gave it ({names}), not its printed ones (707.3)")
    return tuple(lines)


def explain_order(k, data, applied, applied_terms, dependencies, candidates, ref, rules: dict,
                  older_earlier: list) -> tuple[str, ...]:
    """Why the applied part(s) came at this step: the reason that decided the order, with the
    edition's rule; 'dependency overrides timestamp order' only where it did."""
    timestamp, layer_order = rules["timestamp_order"], rules["layer_order"]
    why = []
    if data["batch"]:
        if len(candidates) <= len(applied):
            why.append(("the only effects" if len(applied) > 1 else "the only effect") + " left to apply in this "
                       f"layer or sublayer; layers and sublayers apply in order ({layer_order})")
        if len(applied) > 1:
            why.append("none of these can depend on another (none reads what another writes), so they apply "
                       f"together, in timestamp order ({timestamp})")
        elif len(candidates) > len(applied):
            why.append(f"no other effect in this layer can depend on it or it on them: timestamp order ({timestamp})")
    else:
        chosen = applied[0]
        if data["cda_pending"]:
            why.append(f"characteristic-defining abilities apply first in their layer ({rules['cda_first']})")
        for d in dependencies:
            if d.on.key == chosen.key and not d.in_loop:
                older = (d.dependent.timestamp is not None and chosen.timestamp is not None
                         and d.dependent.timestamp < chosen.timestamp)
                verdict = ("dependency overrides timestamp order" if older else
                           "the dependency and timestamp order agree here")
                why.append(f"applied before {d.dependent.label} [timestamp {d.dependent.timestamp}], which depends "
                           f"on it: {'; '.join(d.reasons)} ({rules['dependency']}: {verdict})")
        waiting = {ref(k, a.arguments[1]).key for a in data["waits"]}
        for candidate in candidates:
            if candidate.key in waiting and candidate.timestamp is not None \
                    and chosen.timestamp is not None and candidate.timestamp < chosen.timestamp:
                for d in dependencies:
                    if d.dependent.key == candidate.key and not d.in_loop and d.on.key != chosen.key:
                        why.append(f"{candidate.label} [timestamp {candidate.timestamp}] is older but waits for "
                                   f"{d.on.label}, on which it depends: {'; '.join(d.reasons)} ({rules['loop']}; "
                                   f"inside a loop too, an effect waits for what it depends on outside the loop)")
        loop = sorted({d.dependent.label for d in dependencies if d.in_loop and d.on.key == chosen.key}
                      | {d.on.label for d in dependencies if d.in_loop and d.dependent.key == chosen.key})
        if loop:
            why.append("in a dependency loop with " + " and ".join(f"[{x}]" for x in loop)
                       + f": the loop's effects apply in timestamp order ({rules['loop']})")
        if not why:
            why.append(f"the only effect left to apply in this layer or sublayer; layers and sublayers apply in "
                       f"order ({layer_order})" if len(candidates) <= 1 else
                       f"earliest timestamp among the effects that wait for nothing ({timestamp})")
        if len(data["tied"]) > 1:
            why.append("tied on timestamp with " + ", ".join(ref(k, a.arguments[1]).label for a in data["tied"]
                                                              if a.arguments[1] not in applied_terms)
                       + "; taken first by name (see the note on ties)")
    for effect, newer, newer_layer in older_earlier:
        why.append(f"{short_label(effect.label)} [timestamp {effect.timestamp}] is older than {short_label(newer.label)} [timestamp "
                   f"{newer.timestamp}], which applied before it in layer {newer_layer}: layers and sublayers "
                   f"apply in order whatever the timestamps ({layer_order})")
    return tuple(why)
