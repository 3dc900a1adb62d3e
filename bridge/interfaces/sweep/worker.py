"""What a sweep's worker does with a batch of tasks: build each board, solve it, record its findings.

Runs in a Dask worker process (or in this one). asp/ is analysed and the card library loaded once per
process (bridge.solving.firing.warm_up, bridge.cards.library.library), the query programs once per process
(`programs`). Everything that crosses to and from a worker is plain data: a BatchJob in, rows
(dicts of strings, numbers, lists) and a BatchStats out.
"""
from __future__ import annotations

import functools
import hashlib
import itertools
import json
import resource
import time
from dataclasses import dataclass

from bridge.interfaces import api
from bridge.interfaces.query import QueryProgram, example_path, load_program, parse_program, run_query
from bridge.interfaces.sweep.minimize import minimize_task
from bridge.interfaces.sweep.output import STORED_FACTS
from bridge.interfaces.sweep.spec import Task, board_mapping
from bridge.model.errors import CaseError, SolveTimeout
from bridge.reading.case import load_case
from bridge.reading.yaml_input import DEFAULT_LIMITS, Limits
from bridge.results.board_facts import board_facts
from bridge.results.schemas import FORMAT_VERSION
from bridge.solving.runner import Bounds, ChildKilled, OutOfMemory, run_bounded

# The built-in findings that are queries over the board's facts: the example programs of docs/queries.
FINDING_PROGRAMS = {"dependency_loop": "loops", "dependency_override": "dependency_overrides_timestamp"}
WHERE_PROGRAM = "findings_at"      # the layer and step of each loop and override (loop_at/4, override_at/4)


@dataclass(frozen=True)
class BatchJob:
    """What a worker needs to solve some tasks: the spec's data, never a path it might not have."""
    name: str
    pool: tuple                   # (label, entry) per pool card
    background: tuple
    players: tuple[str, ...]
    totals: tuple                 # the players' `life:` and `poison:` (spec.board_mapping)
    orders: str
    editions: tuple[str, ...]
    findings: tuple[str, ...]
    query_text: str | None
    query_file: str | None
    timeout: float
    tasks: tuple[Task, ...]
    memory_bytes: int | None = None         # of each board's child process (--max-memory)
    output_bytes: int = 50_000_000          # what one board's row may weigh (--max-output)
    limits: Limits = DEFAULT_LIMITS         # --max-objects, --max-effects of each board
    reevaluate: bool = True                 # False: --no-reevaluate (613.8c ignored, a research variant)
    store_facts: bool = False               # --store-facts: each row carries its board's facts (STORED_FACTS)
    minimize: bool = False                  # --minimize: each finding's smallest background (minimize.py)
    together: int = 1                       # --solve-together: boards solved in one clingo Control (issue 37)


@dataclass(frozen=True)
class BatchStats:
    boards: int
    solve_seconds: float          # inside bridge.solve: building facts, grounding, reading the tables
    findings_seconds: float       # facts, the findings' and the researcher's queries, comparing boards
    worker_seconds: float         # the whole batch in the worker
    cpu_seconds: float = 0.0      # CPU time for the batch, of the worker and of the children that solved its
                                  # boards (what load on the machine does not inflate)


@functools.lru_cache(maxsize=8)
def programs(findings: tuple[str, ...], query_text: str | None, query_file: str | None):
    """The findings' program (the example queries, together) and the researcher's, parsed once."""
    statements = []
    for finding in findings:
        if finding in FINDING_PROGRAMS:
            statements += load_program(example_path(FINDING_PROGRAMS[finding])).statements
    if statements:
        statements += load_program(example_path(WHERE_PROGRAM)).statements
    built_in = QueryProgram("built-in findings", tuple(statements)) if statements else None
    query = parse_program(query_text, query_file or "query") if query_text is not None else None
    return built_in, query


def board_key(labels: list[str], controllers: list[str], edition: str) -> str:
    """A board's name in rows (and what --resume matches): cards in entry order, controllers, edition."""
    return " + ".join(f"{label}@{who}" for label, who in zip(labels, controllers)) + f" | {edition}"


def final_states(result) -> dict[str, dict]:
    """Every object's final characteristics (timestamps aside), as plain data, by object id."""
    states = {}
    for obj in sorted(result.objects.values(), key=lambda o: o.id):
        state = obj.as_dict()
        state.pop("timestamp", None)
        states[obj.id] = json.loads(json.dumps(state, default=str))
    return states


def digest(states: dict[str, dict]) -> str:
    """A digest of every object's final characteristics (timestamps aside): equal digests, equal boards."""
    return hashlib.sha1(json.dumps(list(states.values()), sort_keys=True).encode()).hexdigest()[:16]


def first_difference(mine: dict[str, dict], other: dict[str, dict]) -> dict | None:
    """The first (object, characteristic) whose values differ between two boards' final states (objects by
    id, characteristics in the order of `solve`'s JSON), with both values as JSON text: this board's, the
    other's. None when they are equal."""
    for object_id in sorted(set(mine) | set(other)):
        a, b = mine.get(object_id, {}), other.get(object_id, {})
        for key in list(a) + [k for k in b if k not in a]:
            if a.get(key) != b.get(key):
                return {"object": object_id, "characteristic": key, "this": json.dumps(a.get(key)),
                        "other": json.dumps(b.get(key))}
    return None


def first_steps(atoms, name: str) -> list[dict]:
    """loop_at/override_at atoms: each pair's first step (with its layer), sorted by the pair."""
    first = {}
    for atom in atoms:
        if atom.name == name:
            a, b, layer, step = atom.arguments
            pair = (a.string, b.string)
            if pair not in first or step.number < first[pair]["step"]:
                first[pair] = {"effects": list(pair), "layer": layer.string, "step": step.number}
    return [first[pair] for pair in sorted(first)]


def board_case(job: BatchJob, order: tuple[int, ...], task: Task, edition: str) -> tuple[dict, dict, str]:
    """A board's row (its names), its case (a mapping, as a case file reads) and the file its errors name."""
    labels = [job.pool[task.cards[i]][0] for i in order]
    controllers = [task.controllers[i] for i in order]
    entries = [dict(job.pool[task.cards[i]][1], controller=task.controllers[i]) for i in order]
    row = {"format_version": FORMAT_VERSION, "board": board_key(labels, controllers, edition), "cards": labels,
           "controllers": controllers, "rules": edition}
    case = board_mapping(row["board"], f"sweep {job.name}", job.players, job.background, job.totals, entries,
                         rules=edition)
    return row, case, f"sweep {job.name}: {row['board']}"


def board_bounds(job: BatchJob) -> Bounds:
    """The limits of one board's child (and of a child that solves boards together: those of one board)."""
    return Bounds(seconds=job.timeout, grace=1.0, memory_bytes=job.memory_bytes, output_bytes=job.output_bytes)


def solve_board(job: BatchJob, order: tuple[int, ...], task: Task, edition: str, built_in, query, clock: dict):
    """One row (without the cross-board findings), made in a child process under the job's bounds
    (bridge/solving/runner.py): a board that outruns its time or memory is a row with an error, never a lost
    worker."""
    row, case, file = board_case(job, order, task, edition)
    try:
        (findings, states), seconds = run_bounded(lambda: board_findings(job, case, file, built_in, query),
                                                  board_bounds(job), file)
    except (CaseError, SolveTimeout, OutOfMemory, ChildKilled) as error:   # a killed one: --resume redoes it
        return dict(row, error=str(error)), None
    except Exception as error:      # noqa: BLE001 (a defect met on this board: its row says so, the sweep goes on)
        return dict(row, error=internal_error(file, error)), None
    clock["solve"] += seconds["solve"]
    clock["findings"] += seconds["findings"]
    row.update(findings)
    return row, states


def internal_error(file: str, error: Exception) -> str:
    """A board's row error for a defect of mtg-layers met on it, naming the board."""
    text = str(error)
    return (f"internal error (please report it with the board): {type(error).__name__}: "
            + (text if file in text else f"{file}: {text}"))


def solve_boards(job: BatchJob, boards: list[tuple], built_in, query, clock: dict) -> list[tuple]:
    """The (row, states) of each (order, task, edition) board, as solve_board gives it. With job.together > 1
    the boards are solved `together` at a time in one child, in one clingo Control (api.presolve,
    bridge/solving/batch.py), that child under the limits of one board; a board that the batch leaves out
    or that raises there, and every board of a child that fails or passes a limit, is solved again alone by
    solve_board, in its own child under its own limits: its row, limit or error is the one it has alone."""
    if job.together <= 1:
        return [solve_board(job, order, task, edition, built_in, query, clock) for order, task, edition in boards]
    results = []
    for start in range(0, len(boards), job.together):
        group = boards[start:start + job.together]
        made = [board_case(job, order, task, edition) for order, task, edition in group]
        try:
            answers = run_bounded(lambda: findings_together(job, made, built_in, query), board_bounds(job),
                                  f"sweep {job.name}: {made[0][0]['board']} (and {len(made) - 1} more)")
        except Exception:       # noqa: BLE001 (a limit, a failure: each board again, alone)
            answers = [None] * len(group)
        for (order, task, edition), (row, _, _), answer in zip(group, made, answers):
            if answer is None:
                results.append(solve_board(job, order, task, edition, built_in, query, clock))
                continue
            (findings, states), seconds = answer
            clock["solve"] += seconds["solve"]
            clock["findings"] += seconds["findings"]
            results.append((dict(row, **findings), states))
    return results


def findings_together(job: BatchJob, made: list[tuple[dict, dict, str]], built_in, query) -> list:
    """In the child: the boards solved in one Control, then each board's board_findings (None for one to
    solve again alone). Each board's solve_ms and seconds get its share of the batch's solving."""
    started = time.perf_counter()
    cases = []
    for _, case, file in made:
        try:
            cases.append(load_case(case, file, job.limits))
        except CaseError:
            cases.append(None)         # solved alone, it gives its own error
    api.presolve([c for c in cases if c is not None], limits=job.limits, reevaluate=job.reevaluate,
                 timeout=job.timeout)
    share = (time.perf_counter() - started) / len(made)
    answers = []
    for (_, case, file), loaded in zip(made, cases):
        try:
            (row, states), seconds = board_findings(job, case, file, built_in, query, loaded)
        except Exception:       # noqa: BLE001 (solved alone, it gives its own error)
            answers.append(None)
            continue
        row["solve_ms"] = round(row["solve_ms"] + share * 1000, 1)
        answers.append(((row, states), dict(seconds, solve=seconds["solve"] + share)))
    return answers


def board_findings(job: BatchJob, case: dict, file: str, built_in, query, loaded=None) -> tuple[dict, dict]:
    """In the child: the board solved, its digest and findings (plain data), and the seconds each took
    (`loaded`: the case already loaded from `case`)."""
    started = time.perf_counter()
    result = api.solve(loaded if loaded is not None else case, file=file, timeout=job.timeout, limits=job.limits, reevaluate=job.reevaluate)
    solved = time.perf_counter()
    states = final_states(result)
    row = {"error": None, "steps": len(result.steps), "characteristics": digest(states),
           "solve_ms": round((solved - started) * 1000, 1), "ground_atoms": result.ground_atoms}
    facts = board_facts(result) if built_in or query or job.store_facts else None
    if job.store_facts:
        row[STORED_FACTS] = [str(fact) for fact in facts]
    if built_in:
        atoms = run_query(built_in, facts, case["case"])
        if "dependency_loop" in job.findings:
            row["loops"] = sorted([a.arguments[0].string, a.arguments[1].string] for a in atoms if a.name == "loop")
            row["loops_at"] = first_steps(atoms, "loop_at")
        if "dependency_override" in job.findings:
            row["overrides"] = sorted([a.arguments[0].string, a.arguments[1].string] for a in atoms
                                      if a.name == "override")
            row["overrides_at"] = first_steps(atoms, "override_at")
    if query:
        try:
            row["query"] = [str(a) for a in run_query(query, facts, case["case"])]
        except CaseError as error:
            row["error"] = str(error)
    return (row, states), {"solve": solved - started, "findings": time.perf_counter() - solved}


def solve_batch(job: BatchJob) -> tuple[list[dict], BatchStats]:
    """Rows of every board of every task of the job."""
    started, cpu_started = time.perf_counter(), cpu_seconds()
    built_in, query = programs(job.findings, job.query_text, job.query_file)
    clock = {"solve": 0.0, "findings": 0.0}
    rows = []
    keys = [(task, order, edition) for task in job.tasks for order in board_orders(job, task)
            for edition in job.editions]
    solved = iter(solve_boards(job, [(order, task, edition) for task, order, edition in keys], built_in, query,
                               clock))        # every board of the job first: solved together, `together` at a time
    for task in job.tasks:
        states, boards = {}, {}
        task_rows = []
        for order in board_orders(job, task):
            for edition in job.editions:
                row, states[(order, edition)] = next(solved)
                boards[(order, edition)] = row["board"]
                task_rows.append((order, edition, row))
        compared = time.perf_counter()
        for order, edition, row in task_rows:
            if "order_sensitivity" in job.findings:
                others = [key for key in states if key[1] == edition and key[0] != order]
                compare(row, "order", states, boards, (order, edition), others)
            if "edition_difference" in job.findings:
                others = [key for key in states if key[0] == order and key[1] != edition]
                compare(row, "edition", states, boards, (order, edition), others)
            rows.append(row)
        if job.minimize:
            minimize_task(job, task_rows, lambda sub, order, edition, task=task: solve_board(
                sub, order, task, edition, built_in, None, {"solve": 0.0, "findings": 0.0}), first_difference)
        clock["findings"] += time.perf_counter() - compared
    return rows, BatchStats(len(rows), clock["solve"], clock["findings"], time.perf_counter() - started,
                            cpu_seconds() - cpu_started)


def board_orders(job: BatchJob, task: Task) -> list[tuple[int, ...]]:
    """The orders of a task's cards that are boards: every permutation (`orders: all`) or the given one."""
    return list(itertools.permutations(range(len(task.cards)))) if job.orders == "all" \
        else [tuple(range(len(task.cards)))]


VERDICT = {"order": "order_sensitive", "edition": "edition_difference"}


def compare(row: dict, kind: str, states: dict, boards: dict, mine, others: list) -> None:
    """The row's verdict against the boards `others` (other orders, or other editions, of its cards): None
    when a board is missing; else whether one differs, and for the first that does (in the order the boards
    were solved) its board key (`order_differs` / `edition_differs`) and the first (object, characteristic,
    values) that differ (`order_difference` / `edition_difference_at`)."""
    verdict, where, what = VERDICT[kind], f"{kind}_differs", ("order_difference" if kind == "order"
                                                              else "edition_difference_at")
    row[where] = row[what] = None
    if states[mine] is None or not others or any(states[key] is None for key in others):
        row[verdict] = None
        return
    for key in others:
        difference = first_difference(states[mine], states[key])
        if difference is not None:
            row[verdict], row[where], row[what] = True, boards[key], difference
            return
    row[verdict] = False


def cpu_seconds() -> float:
    """CPU time of this process and of its ended children (the child that solves each board)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def warm_up() -> None:
    """Analyse asp/ (bridge/solving/firing.py) and load the card library in this process before the first
    board (Dask's client.run)."""
    from bridge.cards.library import library
    from bridge.solving.prepared import warm_up as analyse_rules
    library()
    analyse_rules()
