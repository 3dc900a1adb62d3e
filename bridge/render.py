"""Printing: characteristic tables in plain text, and the same as JSON."""
from __future__ import annotations

import json

from .result import Result

COLUMNS = ("id", "name", "mv", "colors", "type line", "abilities", "P/T", "controller", "counters")


def text_table(result: Result) -> str:
    case = result.case
    lines = [f"{case.title}  [{case.file}]", f"rules: {result.edition}"]
    rows = []
    for obj in result.objects.values():
        rows.append((obj.id, obj.name, str(obj.mana_value), ", ".join(c.lower() for c in obj.colors) or "colorless",
                     obj.type_line, "; ".join(obj.abilities) or "—", obj.pt or "—", obj.controller,
                     ", ".join(f"{k}×{n}" for k, n in obj.counters) or "—"))
    widths = [max(len(COLUMNS[i]), *(len(r[i]) for r in rows)) if rows else len(COLUMNS[i])
              for i in range(len(COLUMNS))]
    widths[5] = min(widths[5], 60)

    def fmt(row):
        cells = []
        for i, cell in enumerate(row):
            if i == 5 and len(cell) > widths[5]:
                cell = cell[: widths[5] - 1] + "…"
            cells.append(cell.ljust(widths[i]))
        return "  ".join(cells).rstrip()

    lines.append(fmt(COLUMNS))
    lines.append(fmt(tuple("-" * w for w in widths)))
    lines.extend(fmt(r) for r in rows)
    long_abilities = [(o.id, a) for o in result.objects.values() for a in o.abilities if len(a) > 40]
    if long_abilities:
        lines.append("")
        lines.append("abilities in full:")
        for object_id, text in long_abilities:
            lines.append(f"  {object_id}: {text}")
    return "\n".join(lines)


def result_json(result: Result) -> dict:
    return {
        "case": result.case.title, "file": result.case.file, "source": result.case.source,
        "rules": result.edition,
        "objects": [o.as_dict() for o in result.objects.values()],
        "steps": [{"step": s.number, "layer": s.layer, "effect": s.effect, "timestamp": s.timestamp,
                   "changed": list(s.changed), "depends_on": list(s.depends_on)} for s in result.steps],
    }


def dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False)
