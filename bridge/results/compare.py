"""`mtg-layers compare`: one case under several rules editions; per object only the values that
differ, and for each difference the step where the editions parted ways."""
from __future__ import annotations

from bridge.results.result import ObjectState, Result
from bridge.results.schemas import FORMAT_VERSION

COMPARED = (("name", "name"), ("controller", "controller"), ("type line", "type_line"), ("colors", "colors"),
            ("abilities", "abilities"), ("P/T", "pt"), ("mana value", "mana_value"))
ATTRIBUTES = {"name": ("name",), "controller": ("controller",), "type line": ("type", "subtype", "supertype"),
              "colors": ("color",), "abilities": ("ability",), "P/T": ("power", "toughness"),
              "mana value": ("mana_value",)}


def shown(state: ObjectState, field: str) -> str:
    value = getattr(state, field)
    if isinstance(value, tuple):
        return ", ".join(value) or "—"
    return "—" if value in (None, "") else str(value)


def history(result: Result, object_id: str, attributes) -> list[tuple[str, str, str]]:
    """(effect, layer, rule) of each step that changed these characteristics of the object."""
    out = []
    for step in result.trace.steps:
        if any(c.object_id == object_id and c.attribute in attributes for c in step.changes):
            for change in step.changes:
                if change.object_id == object_id and change.attribute in attributes:
                    for effect in change.by:
                        item = (effect, step.layer, f"{step.layer_rule}: {step.layer_name}")
                        if item not in out:
                            out.append(item)
    return out


def parted(results: list[Result], object_id: str, label: str) -> list[str]:
    """Where the first edition's and each other edition's sequences of effects part ways."""
    lines = []
    base = results[0]
    base_steps = history(base, object_id, ATTRIBUTES[label])
    for other in results[1:]:
        other_steps = history(other, object_id, ATTRIBUTES[label])
        for position in range(max(len(base_steps), len(other_steps))):
            a = base_steps[position] if position < len(base_steps) else None
            b = other_steps[position] if position < len(other_steps) else None
            if a is None or b is None or a[0] != b[0]:
                lines.append(f"parted ways at its step {position + 1} for these values:")
                for edition, item, steps in ((base.edition, a, base_steps), (other.edition, b, other_steps)):
                    if item is None:
                        lines.append(f"  {edition}: no further effect changes it")
                    else:
                        lines.append(f"  {edition}: {item[0]} — layer {item[1]} ({item[2]})")
                moved = [x for x in (a, b) if x is not None]
                for effect, _, _ in moved:
                    where = {r.edition: next((f"layer {s[1]} ({s[2]})" for s in history(r, object_id, ATTRIBUTES[label])
                                              if s[0] == effect), "not applied") for r in (base, other)}
                    lines.append(f"  {effect}: " + "; ".join(f"{ed}: {w}" for ed, w in where.items()))
                break
        else:
            lines.append("the same effects apply in the same order; they do something different "
                         "(see `mtg-layers explain` under each edition)")
    return lines


def answer_shown(answer) -> str:
    if isinstance(answer, list):
        return ", ".join(map(str, answer))
    return "yes" if answer else "no"


def compare_data(results: list[Result]) -> dict:
    objects = []
    for object_id in results[0].objects:
        differences = []
        for label, field in COMPARED:
            values = {r.edition: shown(r.objects[object_id], field) for r in results}
            if len(set(values.values())) > 1:
                differences.append({"characteristic": label, "values": values,
                                    "parted": parted(results, object_id, label)})
        if differences:
            objects.append({"id": object_id, "differences": differences})
    answers = []
    for i, answer in enumerate(results[0].answers):
        values = {r.edition: answer_shown(r.answers[i].answer) for r in results}
        if len(set(values.values())) > 1:
            answers.append({"question": answer.question.where, "answers": values,
                            "why": "split cards: seed 002 505.5-505.6 before 2017, CR 709.4 since"
                            if any(s[1] != "whole" for r in results for s in r.answers[i].shown) else ""})
    triggers = []
    for i, outcome in enumerate(results[0].events):
        values = {r.edition: ", ".join(f"{t.source}×{t.times}" for t in r.events[i].triggers) or "nothing"
                  for r in results}
        if len(set(values.values())) > 1:
            triggers.append({"event": outcome.event.number, "triggers": values})
    return {"format_version": FORMAT_VERSION, "case": results[0].case.title, "file": results[0].case.file,
            "editions": [r.edition for r in results], "objects": objects, "answers": answers, "triggers": triggers,
            "ties": {r.edition: list(r.trace.ties) for r in results if r.trace.ties}}


def compare_text(results: list[Result]) -> str:
    data = compare_data(results)
    lines = [data["case"], f"file: {data['file']}   compared: {', '.join(data['editions'])}"]
    if not data["objects"] and not data["answers"] and not data["triggers"]:
        lines.append("no characteristic, answer or trigger differs between these editions")
    for item in data["answers"]:
        lines.append("")
        lines.append(f"{item['question']}: " + "   ".join(f"{ed}: {v}" for ed, v in item["answers"].items()))
        if item["why"]:
            lines.append(f"  ({item['why']})")
    for item in data["triggers"]:
        lines.append("")
        lines.append(f"event {item['event']} triggers: " + "   ".join(f"{ed}: {v}" for ed, v in item["triggers"].items()))
    for obj in data["objects"]:
        lines.append("")
        lines.append(obj["id"])
        for diff in obj["differences"]:
            lines.append(f"  {diff['characteristic']}: " + "   ".join(f"{ed}: {v}" for ed, v in diff["values"].items()))
            lines.extend(f"    {line}" for line in diff["parted"])
    for edition, ties in data["ties"].items():
        lines.append("")
        lines.append(f"ties left to a player under {edition}:")
        lines.extend(f"  {tie}" for tie in ties)
    return "\n".join(lines)
