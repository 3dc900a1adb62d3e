"""`mtg-layers explain`: each layer's effects in the order applied, why, and what they changed;
for one object, how each of its values came to be."""
from __future__ import annotations

from bridge.model.errors import CaseError, close_matches
from bridge.model.reasons import NOTHING_HAPPENS, reason_text
from bridge.model.texts import ATTRIBUTE_NAMES, ability_text
from bridge.results.cruxes import short_label
from bridge.results.result import Result
from bridge.results.schemas import FORMAT_VERSION
from bridge.results.trace import StepTrace
from bridge.results.unsure import unsure_lines
from bridge.vocabulary.words import every_creature_type

START = {
    "name": "printed (613.1: start from the actual object)",
    "controller": "the player it entered under, as the case says (108.4)",
    "type": "from the printed type line (205)", "subtype": "from the printed type line (205)",
    "supertype": "from the printed type line (205)",
    "color": "from its mana cost and color indicator (202.2)",
    "ability": "printed",
    "power": "printed (613.1)", "toughness": "printed (613.1)",
}
BASIC_LAND_MANA = "printed; a land with a basic land type has its mana ability (305.6)"
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
NO_POWER_TOUGHNESS = "not a creature after the layers: a noncreature permanent has no power or toughness (208.3)"
SHOWN_ATTRIBUTES = ("name", "controller", "type", "subtype", "supertype", "color", "ability", "power", "toughness")


def values_text(values) -> str:
    return ", ".join(values) if values else "none"


def shown(attribute: str, values) -> list[str]:
    """A value as the table shows it: subtypes with each creature type of 205.3m read "every creature type"."""
    return every_creature_type(values) if attribute == "subtype" else list(values)


def explain_data(result: Result, object_id: str | None = None) -> dict:
    trace = result.trace
    if object_id is not None and object_id not in result.objects:
        raise CaseError(result.case.file, "OBJECT", f"no permanent with id {object_id!r}"
                        + close_matches(object_id, result.objects) + "; ids: " + ", ".join(result.objects))
    data = {"format_version": FORMAT_VERSION, "case": result.case.title, "file": result.case.file,
            "rules": result.edition,
            "layers": [], "not_applied": [], "ties": list(trace.ties), "notes": list(trace.notes),
            # abilities kept as text (they generate no effect here), of the object asked about or of all
            "text_only": {o.id: list(o.text_only) for o in result.objects.values()
                          if o.text_only and object_id in (None, o.id)}}
    unread = {o.id: o.as_dict()["unsure"] for o in result.objects.values() if o.unsure and object_id in (None, o.id)}
    if unread:              # values an unread layer ability may change (issue 32): only when there are some
        data["unsure"] = unread
    for step in trace.steps:
        if object_id and not any(c.object_id == object_id for c in step.changes):
            continue
        if not data["layers"] or data["layers"][-1]["layer"] != step.layer:
            data["layers"].append({"layer": step.layer, "rule": step.layer_rule, "name": step.layer_name,
                                   "steps": []})
        data["layers"][-1]["steps"].append(step_data(step, object_id))
    for effect, layer, why in trace.not_applied:
        data["not_applied"].append({"effect": effect.label, "id": effect.key, "layer": layer, "timestamp": effect.timestamp,
                                    "why": why})
    if object_id:
        data["object"] = object_history(result, object_id)
    if result.events:
        data["events"] = [event_data(result, outcome) for outcome in result.events]
    if result.sba is not None:
        from bridge.results.sba_render import object_rounds, rounds_json
        data["state_based_actions"] = (object_rounds(result.sba, object_id) if object_id
                                       else rounds_json(result.sba)["rounds"])
    data["targets"] = [{"spell": obj.id, "target": c.target, "legal": c.legal,
                        "because": [reason_text(c.target, r) for r in c.reasons],
                        **({"not_checked": c.verdict_note} if c.not_checked else {})}
                       for obj in result.stack for c in obj.targets]
    from bridge.results.render import question_text
    data["answers"] = [{"question": a.question.where, "text": question_text(a.question), "answer": a.answer,
                        "shown": [{"object": o, "view": v, "characteristic": ATTRIBUTE_NAMES.get(at, at), "value": val}
                                  for o, v, at, val in a.shown]} for a in result.answers]
    return data


def event_data(result: Result, outcome) -> dict:
    """For one event: each triggered ability that was checked, whether it triggered, and the
    characteristics that decided it, as they were on the board the trigger looks at (603.10)."""
    event = outcome.event
    board = "the board just before the event (603.10a looks back)" if event.kind == "leaves" \
        else "the board after the event (603.10)"
    checks = []
    for check in outcome.checks:
        if not check.triggered and any(r.name == "not_itself" for r in check.reasons):
            continue          # "when this ... " abilities of other objects: nothing to say
        text = ability_text(check.ability, result.texts)
        reasons = [reason_text(check.object, r) for r in check.reasons]
        checks.append({"source": check.source, "ability": text, "object": check.object,
                       "triggered": check.triggered, "because": reasons})
    absent = [{"object": obj, "ability": ability_text(a, result.texts)} for obj, a in outcome.absent]
    return {"event": event.number, "kind": event.kind, "objects": list(event.subjects), "board": board,
            "nothing_happens": [{"object": obj, "why": NOTHING_HAPPENS[why]} for obj, why in outcome.nothing],
            "checked": checks, "absent": absent,
            "triggers": [{"source": t.source, "times": t.times, "controller": t.controller,
                          "ability": ability_text(t.ability, result.texts)} for t in outcome.triggers]}


def event_lines(data: dict) -> list[str]:
    lines = [f"event {data['event']}: {data['kind']} {', '.join(data['objects'])} — seen on {data['board']}"]
    for item in data["nothing_happens"]:
        lines.append(f"  {item['object']}: {item['why']}")
    for check in data["checked"]:
        verdict = "triggers" if check["triggered"] else "doesn't trigger"
        because = "; ".join(check["because"]) or "its condition holds"
        lines.append(f"  {check['source']}: \"{check['ability']}\" {verdict} for {check['object']} — {because}")
    for item in data["absent"]:
        lines.append(f"  {item['object']}: its card has \"{item['ability']}\", but it doesn't have that ability "
                     "then, so it can't trigger (see how its abilities came to be with explain OBJECT)")
    if not data["checked"] and not data["absent"]:
        lines.append("  no permanent has a triggered ability about this event")
    return lines


def step_data(step: StepTrace, object_id: str | None) -> dict:
    changes = [c for c in step.changes if object_id is None or c.object_id == object_id]
    # for one object, only the parts of the step that changed one of its values (a batch's others did not)
    touching = {label for c in changes for label in c.by}
    applied = [e for e in step.applied if object_id is None or not touching or e.label in touching]
    changing = {label for c in step.changes for label in c.by}
    return {
        "step": step.number,
        "applied": [{"effect": e.label, "id": e.key, "kind": e.kind, "timestamp": e.timestamp} for e in applied],
        # parts that applied but changed no value of any object (a lord whose set is empty)
        "changed_nothing": [e.key for e in step.applied if e.label not in changing] if object_id is None else [],
        "why": list(step.why),
        "keeps_applying": list(step.keeps_applying),
        "changed": [{"object": c.object_id, "characteristic": ATTRIBUTE_NAMES.get(c.attribute, c.attribute),
                     "before": shown(c.attribute, c.before), "after": shown(c.attribute, c.after), "by": list(c.by)}
                    for c in changes],
    }



def object_history(result: Result, object_id: str) -> dict:
    state = result.objects[object_id]
    if state.ability_of:
        return {"id": object_id, "name": state.name, "history": {},
                "note": f"an ability on the stack has no characteristics (113.7a); its source is "
                        f"{state.ability_of} (707.10b for a copy), its controller {state.controller} (113.8): "
                        f"\"{state.abilities[0]}\""}
    if not result.values_in_order:      # the history would miss the values inside a step: say so
        raise ValueError("one object's history needs the values inside each step: solve it with values_in_order=True")
    trace = result.trace
    initial = trace.initial.get(object_id, {})
    history = {}
    for attr in SHOWN_ATTRIBUTES:
        start = START[attr]
        if attr == "ability" and "Land" in initial.get("type", ()) \
                and set(initial.get("subtype", ())) & set(BASIC_LAND_TYPES):
            start = BASIC_LAND_MANA
        entries = [{"step": 0, "value": shown(attr, initial.get(attr, ())), "how": start}]
        for step in trace.steps:
            notes = [note for obj, attribute, note in step.copy_notes if obj == object_id and attribute == attr]
            changed = False
            taken = [v for v in step.values if v[0] == object_id and v[1] == attr]
            if len(taken) > 1 or (taken and not any(c.object_id == object_id and c.attribute == attr
                                                    for c in step.changes)):
                # every value it took in the step, effect after effect (613.7: timestamp order)
                for _, _, effect, value in taken:
                    entries.append({"step": step.number, "value": shown(attr, value), "layer": step.layer,
                                    "how": f"{effect} (layer {step.layer}, CR {step.layer_rule})"
                                           + ("" if len(taken) > 1 else "; the value it already had")})
                continue
            for change in step.changes:
                if change.object_id == object_id and change.attribute == attr:
                    changed = True
                    how = f"{'; '.join(change.by)} (layer {step.layer}, CR {step.layer_rule})"
                    if notes:
                        how += "; " + "; ".join(notes)
                    entries.append({"step": step.number, "value": shown(attr, change.after), "layer": step.layer,
                                    "how": how})
            if notes and not changed:
                entries.append({"step": step.number, "value": list(entries[-1]["value"]), "layer": step.layer,
                                "how": "; ".join(notes)})
        if attr in ("power", "toughness") and getattr(state, attr) is None and entries[-1]["value"]:
            entries.append({"step": "end", "value": [], "how": NO_POWER_TOUGHNESS})
        history[ATTRIBUTE_NAMES[attr]] = entries
    return {"id": object_id, "name": result.objects[object_id].name, "history": history}


def explain_text(result: Result, object_id: str | None = None) -> str:
    data = explain_data(result, object_id)
    lines = [data["case"], f"file: {data['file']}   rules: {data['rules']}", ""]
    if data.get("unsure"):
        lines += unsure_lines(result) + [""]       # before any layer: what follows may miss these
    if object_id:
        obj = data["object"]
        if obj.get("note"):
            lines.append(f"{obj['id']}: {obj['note']}")
        else:
            lines.append(f"{obj['id']} ({obj['name']}): how each value came to be")
        for name, entries in obj["history"].items():
            final = entries[-1]["value"]
            lines.append(f"  {name}: {values_text(final)}")
            for entry in entries:
                if entry["step"] == 0:
                    lines.append(f"    start: {values_text(entry['value'])} — {entry['how']}")
                elif entry["step"] == "end":
                    lines.append(f"    end: {values_text(entry['value'])} — {entry['how']}")
                else:
                    lines.append(f"    step {entry['step']}: {values_text(entry['value'])} — {entry['how']}")
        lines.append("")
        lines.append("the steps that changed it:")
    if not data["layers"]:
        lines.append("  no continuous effect changed anything")
    for layer in data["layers"]:
        lines.append(f"layer {layer['layer']} — {layer['name']} (CR {layer['rule']})")
        for step in layer["steps"]:
            for effect in step["applied"]:
                stamp = f"timestamp {effect['timestamp']}" if effect["timestamp"] is not None else "no timestamp"
                lines.append(f"  step {step['step']}: {effect['effect']}  [{effect['kind']}, {stamp}]")
            for why in step["why"]:
                lines.append(f"      why now: {why}")
            for sentence in step["keeps_applying"]:
                lines.append(f"      still applies: {sentence}")
            for effect in step["applied"]:
                if effect["id"] in step["changed_nothing"]:
                    lines.append(f"      {short_label(effect['effect'])} changed no value of any object here")
            several = len(step["applied"]) > 1
            for change in step["changed"]:
                by = f"  (by {', '.join(short_label(b) for b in change['by'])})" if several and change["by"] else ""
                lines.append(f"      {change['object']} {change['characteristic']}: {values_text(change['before'])}"
                             f" → {values_text(change['after'])}{by}")
    if data["not_applied"]:
        lines.append("")
        lines.append("did not apply:")
        for item in data["not_applied"]:
            lines.append(f"  layer {item['layer']}: {item['effect']} — {item['why']}")
    if data["ties"]:
        lines.append("")
        lines.append("ties left to a player:")
        lines.extend(f"  {tie}" for tie in data["ties"])
    if data["notes"]:
        lines += ["", "notes:"] + [f"  {note}" for note in data["notes"]]
    for event in data.get("events", []):
        lines.append("")
        lines.extend(event_lines(event))
    if object_id and data.get("state_based_actions"):
        from bridge.results.sba_render import object_rounds_lines
        lines += object_rounds_lines(data["state_based_actions"])
    elif data.get("state_based_actions") and result.sba.performing:
        from bridge.results.sba_render import rounds_text
        lines += rounds_text(result.sba, result.texts)
    if data.get("text_only"):
        lines += ["", "[text only] abilities generate no effect in this model (kept as text): "
                  + "; ".join(f"{obj}: " + " / ".join(texts) for obj, texts in data["text_only"].items())]
    if data["targets"]:
        lines += ["", "targets (608.2b: checked with the characteristics above):"]
        for item in data["targets"]:
            verdict = "legal" if item["legal"] else "illegal: " + "; ".join(item["because"])
            verdict += f" ({item['not_checked']})" if item.get("not_checked") else ""
            lines.append(f"  {item['spell']} → {item['target']}: {verdict}")
    if data["answers"]:
        lines += ["", "questions (seed 002, 505.5-505.6; CR 709.4):"]
        for item in data["answers"]:
            answer = item["answer"]
            answer = ("yes" if answer else "no") if isinstance(answer, bool) else ", ".join(map(str, answer))
            lines.append(f"  {item['question']}: {item['text']} {answer}")
            for shown in item["shown"]:
                view = "" if shown["view"] == "whole" else f" ({shown['view'].replace('half(', 'half ').rstrip(')')})"
                lines.append(f"    {shown['object']}{view}: {shown['characteristic']} {shown['value']}")
    return "\n".join(lines)
