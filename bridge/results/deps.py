"""`mtg-layers deps`: the dependency graph at each step where one existed, loops marked."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from bridge.results.result import Result
from bridge.results.schemas import FORMAT_VERSION


def deps_data(result: Result) -> dict:
    steps = []
    for step in result.trace.steps:
        if not step.dependencies:
            continue
        nodes = {e.key: e for e in step.candidates}
        steps.append({
            "step": step.number, "layer": step.layer, "rule": step.layer_rule,
            "effects": [{"id": e.key, "effect": e.label, "timestamp": e.timestamp, "kind": e.kind}
                        for e in nodes.values()],
            "applied": [e.label for e in step.applied],
            "dependencies": [{"dependent": d.dependent.label, "depends_on": d.on.label, "reasons": list(d.reasons),
                              "in_loop": d.in_loop, "dependent_id": d.dependent.key, "depends_on_id": d.on.key}
                             for d in step.dependencies],
        })
    return {"format_version": FORMAT_VERSION, "case": result.case.title, "file": result.case.file,
            "rules": result.edition, "steps": steps}


def deps_text(result: Result) -> str:
    data = deps_data(result)
    lines = [data["case"], f"file: {data['file']}   rules: {data['rules']}"]
    if not data["steps"]:
        lines.append("no dependency between effects at any step: every layer applied in timestamp order")
    for step in data["steps"]:
        lines.append("")
        lines.append(f"step {step['step']}, layer {step['layer']} (CR {step['rule']}): applied "
                     + "; ".join(step["applied"]))
        for d in step["dependencies"]:
            loop = "  [loop: timestamp order, 613.8b]" if d["in_loop"] else ""
            lines.append(f"  {d['dependent']}")
            lines.append(f"    depends on {d['depends_on']}{loop}")
            for reason in d["reasons"]:
                lines.append(f"      because {reason}")
    return "\n".join(lines)


# Graphviz refuses a string longer than 16,384 characters; a tooltip only needs to be a hint (the
# full reasons are in `deps` as text or JSON), so every string is cut well below that.
DOT_STRING_MOST = 500
TOOLTIP_REASONS = 3


def quote(text: str, most: int | None = DOT_STRING_MOST) -> str:
    """A DOT string; `most=None` for a node's id, which must stay whole (ids are at most 10,000
    characters: bridge/reading/yaml_input.py)."""
    if most is not None and len(text) > most:
        text = text[:most] + f"... ({len(text) - most:,} more characters)"
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def tooltip(reasons: list[str]) -> str:
    shown = "; ".join(reasons[:TOOLTIP_REASONS])
    return shown + (f"; and {len(reasons) - TOOLTIP_REASONS} more reasons" if len(reasons) > TOOLTIP_REASONS else "")


def deps_dot(result: Result) -> str:
    data = deps_data(result)
    lines = ["digraph dependencies {", "  rankdir=LR;", "  node [shape=box, fontsize=10];",
             f"  label={quote(data['case'])};"]
    for step in data["steps"]:
        cluster = f"step{step['step']}"
        lines.append(f"  subgraph cluster_{cluster} {{")
        lines.append(f"    label={quote('step ' + str(step['step']) + ', layer ' + step['layer'])};")
        applied = set(step["applied"])
        for i, effect in enumerate(step["effects"]):
            style = ", style=bold" if effect["effect"] in applied else ""
            text = f"{effect['effect']}\n[timestamp {effect['timestamp']}]"
            lines.append(f"    {quote(cluster + ':' + effect['id'], None)} [label={quote(text)}{style}];")
        for d in step["dependencies"]:
            color = ", color=red, label=\"loop\"" if d["in_loop"] else ""
            lines.append(f"    {quote(cluster + ':' + d['dependent_id'], None)} -> "
                         f"{quote(cluster + ':' + d['depends_on_id'], None)}"
                         f" [tooltip={quote(tooltip(d['reasons']))}{color}];")
        lines.append("  }")
    lines.append("}")
    return "\n".join(lines)


class GraphvizMissing(RuntimeError):
    pass


def render(dot_text: str, out: Path) -> None:
    """Render with Graphviz's `dot` (svg or png, from the file's suffix)."""
    exe = shutil.which("dot")
    if exe is None:
        raise GraphvizMissing("Graphviz is not installed (no `dot` on PATH): install it (e.g. apt-get install "
                              "graphviz) or use --format dot and render elsewhere")
    fmt = out.suffix.lstrip(".").lower()
    if fmt not in ("svg", "png"):
        raise ValueError(f"--render needs a .svg or .png file, got {out.name!r}")
    subprocess.run([exe, f"-T{fmt}", "-o", str(out)], input=dot_text.encode("utf-8"), check=True)
