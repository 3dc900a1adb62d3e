"""The simple cycles of a dependency loop (613.8b) for research output (`mtg-layers facts`: loop_member,
loop_cycle). asp/ finds the loop itself: effects that depend on one another through a chain, a strongly
connected component of the "depends on" graph. A component may hold several cycles (Prismatic Omen ↔ Life
and Limb ↔ Conspiracy is one component of two 2-cycles); listing them is graph work, not a rule."""
from __future__ import annotations

CYCLE_LIMIT = 1000      # cycles listed per component at most (a dense component of n effects has ~(n-1)!)


def simple_cycles(nodes: list[str], edges: set[tuple[str, str]], limit: int = CYCLE_LIMIT) -> tuple[list[list[str]], bool]:
    """Every simple cycle of the graph (an edge (A, B): A depends on B), each starting at its smallest node
    and following the edges, sorted; and whether the limit cut the list short."""
    order = sorted(nodes)
    successors = {node: sorted(b for a, b in edges if a == node) for node in order}
    cycles: list[list[str]] = []

    def walk(start: str, path: list[str]) -> bool:
        for following in successors[path[-1]]:
            if following == start:
                cycles.append(list(path))
                if len(cycles) >= limit:
                    return False
            elif following > start and following not in path:
                if not walk(start, path + [following]):
                    return False
        return True

    for start in order:
        if not walk(start, [start]):
            return sorted(cycles), True
    return sorted(cycles), False
