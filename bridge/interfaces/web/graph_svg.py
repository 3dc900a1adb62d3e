"""The dependency graph of one step as SVG, laid out here (no Graphviz): effects in columns by the
order dependencies impose (an effect stands right of those it depends on, 613.8b), loops marked
(613.8b: within a loop, timestamp order). Every text is escaped: names are data."""
from __future__ import annotations

import textwrap
from xml.sax.saxutils import escape, quoteattr

from bridge.model.graphs import strongly_connected

NODE_WIDTH = 230
LINE_HEIGHT = 15
LINE_CHARACTERS = 30
MOST_LINES = 4
COLUMN_GAP = 90
ROW_GAP = 22
MARGIN = 16
SWEEPS = 4
ARC_BEND = 40                  # how far an arc between two effects of one column reaches right


def columns(nodes: list[str], edges: list[tuple[str, str]]) -> dict[str, int]:
    """Column of each node: 0 for an effect that depends on nothing, else one more than the columns of
    those it depends on (a loop's members share a column)."""
    component = strongly_connected(nodes, edges)
    depends = {c: set() for c in component.values()}
    for a, b in edges:
        if component[a] != component[b]:
            depends[component[a]].add(component[b])
    rank: dict[int, int] = {}

    def rank_of(c: int) -> int:        # the condensed graph is acyclic and small
        pending = [c]
        while pending:
            top = pending[-1]
            missing = [d for d in depends[top] if d not in rank]
            if missing:
                pending.extend(missing)
                continue
            pending.pop()
            rank[top] = 1 + max((rank[d] for d in depends[top]), default=-1)
        return rank[c]
    return {n: rank_of(component[n]) for n in nodes}


def ordered(nodes: list[str], edges: list[tuple[str, str]], column: dict[str, int]) -> list[list[str]]:
    """Nodes of each column, ordered to keep edges short: barycenters of the neighbours, a few sweeps."""
    count = max(column.values(), default=-1) + 1
    cols = [[n for n in nodes if column[n] == c] for c in range(count)]
    neighbours = {n: [] for n in nodes}
    for a, b in edges:
        neighbours[a].append(b)
        neighbours[b].append(a)
    for _ in range(SWEEPS):
        position = {n: i for col in cols for i, n in enumerate(col)}
        for c in range(count):
            def centre(n):
                near = [position[m] for m in neighbours[n] if column[m] != c]
                return sum(near) / len(near) if near else position[n]
            cols[c].sort(key=centre)
            position.update({n: i for i, n in enumerate(cols[c])})
    return cols


def wrapped(label: str) -> list[str]:
    lines = textwrap.wrap(label, LINE_CHARACTERS) or [""]
    if len(lines) > MOST_LINES:
        lines = lines[:MOST_LINES]
        lines[-1] = lines[-1][:LINE_CHARACTERS - 1] + "…"
    return lines


def step_svg(step: dict) -> str:
    """One step of `deps_data` (bridge/results/deps.py) as an SVG document."""
    nodes = [e["id"] for e in step["effects"]]
    effects = {e["id"]: e for e in step["effects"]}
    edges = [(d["dependent_id"], d["depends_on_id"]) for d in step["dependencies"]
             if d["dependent_id"] in effects and d["depends_on_id"] in effects]
    column = columns(nodes, edges)
    applied = set(step["applied"])
    boxes = {}
    heights = []
    for c, col in enumerate(ordered(nodes, edges, column)):
        y = MARGIN
        for node in col:
            lines = wrapped(effects[node]["effect"])
            height = (len(lines) + 1) * LINE_HEIGHT + 12
            boxes[node] = (MARGIN + c * (NODE_WIDTH + COLUMN_GAP), y, height, lines)
            y += height + ROW_GAP
        heights.append(y)
    width = MARGIN * 2 + max(len(heights), 1) * (NODE_WIDTH + COLUMN_GAP) - COLUMN_GAP
    height = max(heights, default=MARGIN + ROW_GAP) - ROW_GAP + MARGIN
    arcs = [abs(boxes[a][1] - boxes[b][1]) for a, b in edges if column[a] == column[b] and a != b]
    if arcs:                                   # room on the right for the arcs within a column
        width += ARC_BEND * 3 // 2 + int(max(arcs) / 6) + 40
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="deps" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img">',
             '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
             'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker>'
             '<marker id="arrow-loop" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
             'orient="auto-start-reverse"><path class="loop-head" d="M0,0 L10,5 L0,10 z"/></marker></defs>']
    for d in step["dependencies"]:
        if d["dependent_id"] in boxes and d["depends_on_id"] in boxes:
            parts.append(edge_svg(boxes[d["dependent_id"]], boxes[d["depends_on_id"]], d))
    for node, (x, y, h, lines) in boxes.items():
        effect = effects[node]
        cls = "node applied" if effect["effect"] in applied else "node"
        parts.append(f'<g class="{cls}" data-effect={quoteattr(node)}><title>{escape(effect["effect"])}</title>'
                     f'<rect x="{x}" y="{y}" width="{NODE_WIDTH}" height="{h}" rx="6"/>')
        for i, line in enumerate(lines):
            parts.append(f'<text x="{x + 8}" y="{y + 16 + i * LINE_HEIGHT}">{escape(line)}</text>')
        stamp = f"timestamp {effect['timestamp']}" if effect["timestamp"] is not None else "no timestamp"
        if effect["effect"] in applied:
            stamp += " · applied at this step"
        parts.append(f'<text class="stamp" x="{x + 8}" y="{y + 16 + len(lines) * LINE_HEIGHT}">{escape(stamp)}</text>')
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def edge_svg(source, target, dependency: dict) -> str:
    """An arrow from the dependent effect to the effect it depends on; a loop's arrows are marked."""
    sx, sy, sh, _ = source
    tx, ty, th, _ = target
    loop = dependency["in_loop"]
    if sx == tx:                                   # same column (a loop): an arc on the right
        x = sx + NODE_WIDTH
        a, b = sy + sh / 2, ty + th / 2
        bend = x + ARC_BEND + abs(a - b) / 6 + (0 if a < b else ARC_BEND / 2)   # both ways: two arcs
        path = f"M{x},{a} C{bend},{a} {bend},{b} {x},{b}"
        label_x, label_y = x + 0.75 * (bend - x) + 4, (a + b) / 2 + (0 if a < b else 14)   # past the arc's tip
    else:
        x1, y1 = sx, sy + sh / 2
        x2, y2 = tx + NODE_WIDTH, ty + th / 2
        middle = (x1 + x2) / 2
        path = f"M{x1},{y1} C{middle},{y1} {middle},{y2} {x2},{y2}"
        label_x, label_y = middle - 12, (y1 + y2) / 2 - 4
    reasons = "; ".join(dependency["reasons"])
    title = f"{dependency['dependent']} depends on {dependency['depends_on']}: {reasons}"
    cls = "edge loop" if loop else "edge"
    marker = "arrow-loop" if loop else "arrow"
    label = f'<text class="loop-label" x="{label_x:.0f}" y="{label_y:.0f}">loop</text>' if loop else ""
    return (f'<g class="{cls}"><title>{escape(title)}</title><path d="{path}" marker-end="url(#{marker})"/>'
            f"{label}</g>")
