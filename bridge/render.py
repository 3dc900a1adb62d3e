"""Printing: characteristic tables in plain text, and the same as JSON."""
from __future__ import annotations

import json

from .result import Result

COLUMNS = ("id", "name", "MV", "colors", "type line", "P/T", "controller", "counters")


def table(rows: list[tuple[str, ...]], header: tuple[str, ...]) -> list[str]:
    widths = [max([len(header[i])] + [len(r[i]) for r in rows]) for i in range(len(header))]

    def fmt(row):
        return "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip()
    return [fmt(header), fmt(tuple("-" * w for w in widths))] + [fmt(r) for r in rows]


def text_table(result: Result) -> str:
    """The characteristic table of every permanent, then each one's abilities."""
    case = result.case
    lines = [f"{case.title}", f"file: {case.file}   rules: {result.edition}   steps: {len(result.steps)}", ""]
    rows = []
    for obj in result.objects.values():
        rows.append((obj.id, obj.name, str(obj.mana_value), ", ".join(c.lower() for c in obj.colors) or "colorless",
                     obj.type_line, obj.pt or "—", obj.controller,
                     ", ".join(f"{k}×{n}" for k, n in obj.counters) or "—"))
    lines.extend(table(rows, COLUMNS))
    lines.append("")
    lines.append("abilities:")
    for obj in result.objects.values():
        if not obj.abilities:
            lines.append(f"  {obj.id}: —")
        for i, text in enumerate(obj.abilities):
            label = f"  {obj.id}:" if i == 0 else " " * (len(obj.id) + 3)
            lines.append(f"{label} {' '.join(text.split())}")
    if result.trace.ties:
        lines.append("")
        lines.append("ties left to a player:")
        lines.extend(f"  {tie}" for tie in result.trace.ties)
    return "\n".join(lines)


def result_json(result: Result) -> dict:
    return {
        "case": result.case.title, "file": result.case.file, "source": result.case.source,
        "rules": result.edition,
        "objects": [o.as_dict() for o in result.objects.values()],
        "steps": [{"step": s.number, "layer": s.layer, "effect": s.effect, "timestamp": s.timestamp,
                   "changed": list(s.changed), "depends_on": list(s.depends_on)} for s in result.steps],
        "ties": list(result.trace.ties),
    }


def dumps(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False)
