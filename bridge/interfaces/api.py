"""The Python API: the command line is a thin layer over these functions."""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, replace
from pathlib import Path

from bridge.model.case import Case
from bridge.model.errors import CaseError, close_matches
from bridge.reading.case import load_case
from bridge.reading.case_keys import EDITIONS
from bridge.reading.yaml_input import DEFAULT_LIMITS, Limits
from bridge.results.check import Mismatch, mismatches
from bridge.results.result import Result, build_result
from bridge.results.sba import check_rounds, round_fact, second_board
from bridge.solving.solver import PRESOLVED, board_facts, solve_case


def solve(source, file: str | None = None, reevaluate: bool = True, rules: str | None = None,
          timeout: float | None = None, limits: Limits = DEFAULT_LIMITS, sba: bool = True,
          values_in_order: bool = False) -> Result:
    """Solve a case: a path to a YAML file, a parsed mapping, or a loaded Case.

    `rules` (current, m10 or pre-m10) overrides the case's edition. `reevaluate=False` is a
    research variant that keeps each layer's first dependency graph instead of evaluating it
    again after every application (CR 613.8c). `timeout` (seconds) raises SolveTimeout;
    `limits` bounds the input (bridge.reading.yaml_input.Limits). `sba=False` skips state-based actions
    (CR 704); else `result.sba` holds their rounds, and the result itself is the board before them.
    `values_in_order=True` traces every value a characteristic took inside each step (what
    `explain OBJECT` shows: bridge.results.explain)."""
    case = source if isinstance(source, Case) else load_case(source, file, limits)
    if rules is not None:
        case = with_rules(case, rules)
    started = time.monotonic()
    first_check = [round_fact(1)] if sba else []
    if case.events:
        from bridge.solving.timeline import (
            solve_story,  # boards after events (imported when a case has some)
        )
        story = solve_story(case, reevaluate=reevaluate, timeout=timeout, final_facts=first_check,
                            values_in_order=values_in_order)
        case, solution = story.case, story.solution
        result = build_result(story.case, story.solution, story.outcomes)
    else:
        solution = solve_case(case, reevaluate=reevaluate, timeout=timeout, extra_facts=first_check,
                              values_in_order=values_in_order)
        result = build_result(case, solution)
    if not sba:
        return result
    left = None if timeout is None else max(timeout - (time.monotonic() - started), 0.001)
    return replace(result, sba=check_rounds(case, result, solution, timeout=left, reevaluate=reevaluate))


def presolve(sources, rules: str | None = None, limits: Limits = DEFAULT_LIMITS, reevaluate: bool = True,
             sba: bool = True, timeout: float | None = None) -> int:
    """Solve the first board of each case (paths, mappings or Cases) in one batch (bridge/solving/batch.py),
    so that `solve` and `check` of these cases with the same options find it solved: the fixed cost of
    a clingo Control paid once for all; with `sba`, the boards of the second check of state-based actions
    (704.3) of those where the first check performed something, in a second batch (later checks are
    solved alone). A case that cannot be read or has events is left to them. Returns the number of boards
    solved."""
    from bridge.solving.batch import presolve as solve_together
    boards = []
    for source in sources:
        try:
            case = source if isinstance(source, Case) else load_case(source, None, limits)
            if rules is not None:
                case = with_rules(case, rules)
        except Exception:       # noqa: BLE001 (solve reports it, with its file)
            continue
        if not case.events:
            boards.append((case, board_facts(case, [round_fact(1)] if sba else [], reevaluate=reevaluate)))
    kept = solve_together(boards, timeout=timeout) if boards else 0
    if sba and kept:     # the boards that state-based actions change (704.3), their second check together too
        second = []
        for case, facts in boards:
            found = second_board(case, PRESOLVED[tuple(facts)]) if tuple(facts) in PRESOLVED else None
            if found is not None:
                board, extra = found
                second.append((board, board_facts(board, extra, reevaluate=reevaluate)))
        kept += solve_together(second, timeout=timeout) if second else 0
    return kept


@dataclass(frozen=True)
class CheckOutcome:
    result: Result
    mismatches: tuple[Mismatch, ...]
    expects_something: bool = True    # False: the case has no expectations under that edition

    @property
    def passed(self) -> bool:
        return not self.mismatches


def check(source, file: str | None = None, rules: str | None = None, timeout: float | None = None,
          limits: Limits = DEFAULT_LIMITS, reevaluate: bool = True, sba: bool = True) -> CheckOutcome:
    """Solve a case and compare the result with its `expect:` block (and `expect_after_sba:`;
    `reevaluate`, `sba`: see solve)."""
    result = solve(source, file, reevaluate=reevaluate, rules=rules, timeout=timeout, limits=limits, sba=sba)
    found = mismatches(result)
    return CheckOutcome(result, tuple(found or ()), expects_something=found is not None)


def case_files(paths, unreadable: list | None = None) -> list[Path]:
    """YAML files named, or found under folders named, in a stable order. Links to folders are followed,
    each folder read once (a link back to one already read is a loop). What is not read is added to
    `unreadable` with why (a folder that cannot be read, a loop, a .yaml that is not a regular file such
    as a FIFO, a device or a broken link), never skipped without a word (issue 36)."""
    found = []

    def say(problem: str) -> None:
        if unreadable is not None:
            unreadable.append(problem)
    for raw in paths:
        path = Path(raw)
        if not path.is_dir():
            found.append(path)
            continue
        seen: set[tuple[int, int]] = set()
        inside = []
        for folder, folders, names in os.walk(path, followlinks=True,
                                              onerror=lambda e: say(f"{e.filename}: cannot read the folder: "
                                                                    f"{e.strerror}")):
            seen.add(identity(folder))
            for name in list(folders):
                if identity(os.path.join(folder, name)) in seen:
                    folders.remove(name)
                    say(f"{os.path.join(folder, name)}: skipped: a link to a folder already read (a loop)")
            for name in names:
                file = Path(folder) / name
                if file.suffix not in (".yaml", ".yml"):
                    continue
                if file.is_file():
                    inside.append(file)
                else:
                    say(f"{file}: skipped: not a regular file ({kind_of(file)})")
        found.extend(sorted(inside))
    return found


def identity(folder: str) -> tuple[int, int]:
    try:
        info = os.stat(folder)
    except OSError:
        return (-1, hash(folder))
    return (info.st_dev, info.st_ino)


def kind_of(path: Path) -> str:
    import stat
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return "a broken link" if path.is_symlink() else "cannot be read"
    return ("a FIFO" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "a folder" if stat.S_ISDIR(mode) else "not a file")


def with_rules(case: Case, rules: str) -> Case:
    """The same case under another rules edition."""
    if rules not in EDITIONS:
        raise CaseError(case.file, "--rules", f"unknown rules edition {rules!r}" + close_matches(rules, EDITIONS)
                        + f"; expected one of {', '.join(EDITIONS)}")
    return replace(case, rules=rules)


def publish() -> None:
    """`bridge.solve`, `bridge.check` and `bridge.load_case` are these functions. bridge/__init__.py
    imports this module on first use of one of them (PEP 562); once this module is complete the names
    are set on the package, so later uses do not go through its __getattr__."""
    import sys
    package = sys.modules["bridge"]
    for name in ("solve", "check", "load_case"):
        setattr(package, name, globals()[name])


publish()
