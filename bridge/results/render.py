"""Printing: characteristic tables in plain text, and the same as JSON."""
from __future__ import annotations

from bridge.model.reasons import NOTHING_HAPPENS, reason_text
from bridge.model.texts import ability_text, one_line, trigger_text
from bridge.reading.case_keys import CARD_ZONE_NAMES
from bridge.results.result import Result
from bridge.results.sba_render import rounds_json, rounds_text
from bridge.results.unsure import TEXT_ONLY_MARK, marked, unsure_columns, unsure_lines
from bridge.results.schemas import FORMAT_VERSION

COLUMNS = ("id", "name", "MV", "colors", "type line", "P/T", "controller", "counters")


def table(rows: list[tuple[str, ...]], header: tuple[str, ...]) -> list[str]:
    rows = [tuple(one_line(cell) for cell in row) for row in rows]     # a cell is one line (issue 36)
    widths = [max([len(header[i])] + [len(r[i]) for r in rows]) for i in range(len(header))]

    def fmt(row):
        return "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip()
    return [fmt(header), fmt(tuple("-" * w for w in widths))] + [fmt(r) for r in rows]


def text_only_summary(result: Result) -> str:
    """One line: the objects with abilities kept as text, which generate no effect here."""
    found = [f"{obj.id} ({len(obj.text_only)})" for obj in result.objects.values() if obj.text_only]
    if not found:
        return ""
    return (f"{TEXT_ONLY_MARK} abilities generate no effect in this model (kept as text): " + ", ".join(found))


def text_only_data(result: Result) -> dict:
    """{object id: [abilities kept as text]} for JSON reports."""
    return {obj.id: list(obj.text_only) for obj in result.objects.values() if obj.text_only}


def text_table(result: Result) -> str:
    """The characteristic table of every permanent, then each one's abilities."""
    case = result.case
    lines = [one_line(case.title), f"file: {one_line(case.file)}   rules: {result.edition}   steps: {len(result.steps)}", ""]
    rows = []
    for obj in result.permanents:
        unsure = unsure_columns(obj)
        cells = (obj.id, obj.name, str(obj.mana_value), ", ".join(obj.colors) or "colorless",
                 obj.type_line, obj.pt or "—", obj.controller)
        rows.append(tuple(marked(cell, column, unsure) for cell, column in zip(cells, COLUMNS))
                    + (", ".join(f"{k}×{n}" for k, n in obj.counters) or "—",
                       ", ".join(s for s in ("token", "tapped", "attacking", "blocking") if s in obj.status)))
    lines.extend(table(rows, COLUMNS + ("",)))
    unsure_notes = unsure_lines(result)
    if unsure_notes:
        lines += [""] + unsure_notes
    if result.stack:
        lines += ["", "stack (bottom first):"]
        rows = [(obj.id, obj.name, "—" if obj.ability_of else str(obj.mana_value),
                 "—" if obj.ability_of else ", ".join(obj.colors) or "colorless", obj.type_line,
                 obj.controller, stack_how(obj), decisions_text(obj.decisions)) for obj in result.stack]
        lines.extend(table(rows, ("id", "name", "MV", "colors", "type line", "controller", "how", "decisions")))
        for obj in result.stack:
            if obj.targets:
                checks = ", ".join(f"{c.target} {'legal' if c.legal else 'illegal (' + '; '.join(reason_text(c.target, r) for r in c.reasons) + ')'}"
                                   + (f" ({c.verdict_note})" if c.not_checked else "") for c in obj.targets)
                verdict = " — removed on resolution: every target is illegal (608.2b)" if obj.countered_on_resolution else ""
                lines.append(one_line(f"  {obj.id} targets: {checks}{verdict}"))
    for zone in CARD_ZONE_NAMES:
        cards = result.cards_in(zone)
        if cards:
            lines += ["", f"{zone}{' (top first)' if zone == 'library' else ''}:"]
            rows = [tuple(marked(cell, column, unsure_columns(obj)) for cell, column in zip(
                (obj.id, obj.name, str(obj.mana_value), ", ".join(obj.colors) or "colorless", obj.type_line,
                 obj.pt or "—", obj.owner), COLUMNS)) for obj in cards]
            lines.extend(table(rows, ("id", "name", "MV", "colors", "type line", "P/T", "owner")))
    if any(p.has or p.max_hand_size != 7 for p in result.players):
        lines += ["", "players (613.10, 613.11):"]
        for player in result.players:
            has = ", ".join(f"{k} (from {', '.join(src)})" for k, src in player.has) or "—"
            size = "no maximum" if player.max_hand_size is None else str(player.max_hand_size)
            lines.append(one_line(f"  {player.name}: {has}; maximum hand size {size}"))
    if result.answers:
        lines += ["", "questions:"]
        for answer in result.answers:
            lines.append(f"  {answer.question.where}: {question_text(answer.question)} {answer_text(answer.answer)}")
    lines.append("")
    lines.append("abilities:")
    unread_here = {(source, " ".join(text.split())) for o in result.objects.values() for _, by in o.unsure
                   for source, text in by}
    for obj in result.objects.values():
        name = marked(one_line(obj.id), "abilities", unsure_columns(obj))
        if not obj.abilities:
            lines.append(f"  {name}: —")
        instances = dict(obj.instances)
        for i, text in enumerate(obj.abilities):
            label = f"  {name}:" if i == 0 else " " * (len(name) + 3)
            times = f"  [{instances[text]} instances, each works on its own: 113.2c]" if text in instances else ""
            mark = f"  {TEXT_ONLY_MARK}" if text in obj.text_only else ""
            if mark and (obj.id, " ".join(text.split())) in unread_here:
                mark = f"  {TEXT_ONLY_MARK[:-1]}: a layer effect, not applied]"
            lines.append(one_line(f"{label} {' '.join(text.split())}{times}{mark}"))
    summary = text_only_summary(result)
    if summary:
        lines.append(summary)
    if result.events:
        lines += ["", "events:"]
        for outcome in result.events:
            lines.append(f"  {outcome.event.number}. {outcome.event.kind} {', '.join(outcome.event.subjects)}")
            for obj, how in outcome.entered_with:
                lines.append(f"     {obj} enters {entering_text(how)} (614.12)")
            for obj, why in outcome.nothing:
                lines.append(f"     nothing happens to {obj}: {NOTHING_HAPPENS[why]}")
            for trigger in outcome.triggers:
                lines.append(f"     {trigger_text(trigger, result.texts)}")
            if not outcome.triggers:
                lines.append("     nothing triggers")
    if result.sba is not None:
        lines += rounds_text(result.sba, result.texts)
    ties, notes = result.decisions
    if ties:
        lines.append("")
        lines.append("ties left to a player:")
        lines.extend(f"  {tie}" for tie in ties)
    if notes:
        lines += ["", "notes:"] + [f"  {note}" for note in notes]
    return "\n".join(lines)


def result_json(result: Result) -> dict:
    return {
        "format_version": FORMAT_VERSION,
        "case": result.case.title, "file": result.case.file, "source": result.case.source,
        "rules": result.edition,
        "objects": [o.as_dict() for o in result.objects.values()],
        "steps": [{"step": s.number, "layer": s.layer, "effect": s.effect, "effect_id": s.effect_id, "timestamp": s.timestamp,
                   "changed": list(s.changed), "depends_on": list(s.depends_on),
                   "depends_on_ids": list(s.depends_on_ids)} for s in result.steps],
        "ties": list(result.decisions[0]),
        "notes": list(result.decisions[1]),
        "players": [p.as_dict() for p in result.players],
        "questions": [{"question": a.question.where, "object": a.question.object_id, "text": question_text(a.question),
                       "answer": a.answer} for a in result.answers],
        "events": [{"event": o.event.number, "kind": o.event.kind, "objects": list(o.event.subjects),
                    "entered_with": [{"object": obj, "how": entering_text(how)} for obj, how in o.entered_with],
                    "triggers": [{"source": t.source, "ability": ability_text(t.ability, result.texts),
                                  "controller": t.controller, "times": t.times} for t in o.triggers]}
                   for o in result.events],
        **({"state_based_actions": rounds_json(result.sba)} if result.sba is not None else {}),
    }


def stack_how(obj) -> str:
    """How a stack object got there: cast, a copy (707.10), or an activated or triggered ability."""
    if obj.copy_of:
        return f"copy of {obj.copy_of}"
    if obj.cast:
        return "cast"
    return "ability" if obj.ability_of else "not cast"


def question_text(q) -> str:
    if q.kind == "value":
        return f"{q.object_id}'s {q.attribute.replace('_', ' ')}?"
    if q.kind == "is":
        return f"is {q.object_id}'s {q.attribute.replace('_', ' ')} {q.value}?"
    if q.kind in ("less", "greater"):
        return f"is {q.object_id}'s {q.attribute.replace('_', ' ')} {q.kind} than {q.value}?"
    if q.kind == "different_names":
        return f"do {q.object_id} and {q.value} have different names?"
    return f"does {q.object_id} match the selector?"


def answer_text(answer) -> str:
    if isinstance(answer, list):
        return ", ".join(str(v) for v in answer) or "—"
    return "yes" if answer else "no"


def decisions_text(decisions: dict) -> str:
    """A spell's decisions in one line: modes, targets, X, costs."""
    parts = []
    for key, value in decisions.items():
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        elif isinstance(value, dict):
            value = ", ".join(f"{k}: {v}" for k, v in value.items())
        parts.append(key.replace("_", " ") if value is True else f"{key.replace('_', ' ')}: {value}")
    return "; ".join(parts) or "—"


def entering_text(how) -> str:
    if how.name == "counters":
        return f"with {how.arguments[1].number} {how.arguments[0].string} counter(s)"
    return how.name


def dumps(data) -> str:
    import json  # --format json only (issue 21)
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False)
