"""Strongly connected components of a directed graph (Tarjan's algorithm, without recursion): the
dependency loops of the page's graph (613.8b) and the order in which the analysis of asp/ evaluates
predicates (bridge/solving/firing.py)."""
from __future__ import annotations


def strongly_connected(nodes, edges) -> dict:
    """node -> the number of its strongly connected component, numbered in the order Tarjan's algorithm
    completes them: a component's successors (outside it) have smaller numbers."""
    successors: dict = {n: [] for n in nodes}
    for a, b in edges:
        successors.setdefault(a, []).append(b)
        successors.setdefault(b, [])
    index, low, on_stack, stack, component = {}, {}, set(), [], {}
    completed = 0

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        return node, iter(successors[node])
    for root in successors:
        if root in index:
            continue
        calls = [visit(root)]
        while calls:
            node, pending = calls[-1]
            for following in pending:
                if following not in index:
                    calls.append(visit(following))
                    break
                if following in on_stack:
                    low[node] = min(low[node], index[following])
            else:
                calls.pop()
                if calls:
                    low[calls[-1][0]] = min(low[calls[-1][0]], low[node])
                if low[node] == index[node]:
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component[member] = completed
                        if member == node:
                            break
                    completed += 1
    return component
