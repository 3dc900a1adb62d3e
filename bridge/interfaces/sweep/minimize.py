"""`sweep --minimize`: for each row with an interaction finding (a dependency loop, a dependency overriding
timestamp order, order sensitivity), the smallest background that still shows it. Background objects are
dropped one at a time, in the spec's order, while the board without them still shows every finding of the
row (the same loops and overrides among them; for order sensitivity, its cards' other entry orders still give
other characteristics); passes repeat until none can go. A board that cannot be solved without an object
(a pool card attached to it, say) keeps it. The row's `minimal_background` lists the ids of the objects
kept (no finding: None).
"""
from __future__ import annotations

import dataclasses

from bridge.interfaces.sweep.spec import board_mapping
from bridge.reading.case import load_case


def background_ids(job) -> list[str]:
    """The ids the background's objects get (one object per entry, as a case gives them)."""
    case = load_case(board_mapping("background", f"sweep {job.name}", job.players, job.background, job.totals),
                     f"sweep {job.name}")
    return [obj.id for obj in case.objects][:len(job.background)]


def has_finding(row: dict) -> bool:
    return bool(row.get("loops") or row.get("overrides") or row.get("order_sensitive"))


def minimize_task(job, task_rows: list, solve, differ) -> None:
    """Give each row of a task ((order, edition, row) each) with a finding its `minimal_background`;
    `solve(sub_job, order, edition)` -> (row, states) solves one board of the task on `sub_job` (the job, its
    background cut); `differ(states, other)`: the first difference of two boards' final states, or None."""
    ids = background_ids(job)
    orders = sorted({order for order, _, _ in task_rows})
    solved = {}

    def board(order, edition, kept: tuple):
        if (order, edition, kept) not in solved:
            sub = dataclasses.replace(job, background=tuple(job.background[k] for k in kept), store_facts=False,
                                      minimize=False)
            solved[(order, edition, kept)] = solve(sub, order, edition)
        return solved[(order, edition, kept)]

    def shows(row, order, edition, kept: tuple) -> bool:
        found, states = board(order, edition, kept)
        if found.get("error") is not None or states is None:
            return False
        for key in ("loops", "overrides"):
            if not all(pair in (found.get(key) or []) for pair in row.get(key) or []):
                return False
        if row.get("order_sensitive"):
            others = [board(other, edition, kept)[1] for other in orders if other != order]
            return any(other is not None and differ(states, other) is not None for other in others)
        return True

    for order, edition, row in task_rows:
        row["minimal_background"] = None
        if not has_finding(row) or row.get("error") is not None:
            continue
        kept = tuple(range(len(job.background)))
        changed = True
        while changed:
            changed = False
            for index in kept:
                if index not in kept:       # `kept` was cut in this pass
                    continue
                trial = tuple(k for k in kept if k != index)
                if shows(row, order, edition, trial):
                    kept, changed = trial, True
        row["minimal_background"] = [ids[k] if k < len(ids) else str(k) for k in kept]
