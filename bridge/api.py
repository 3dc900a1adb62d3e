"""The Python API: the command line is a thin layer over these functions."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .case import Case, load_case
from .check import Mismatch, mismatches
from .result import Result, build_result
from .solver import solve_case


def solve(source, file: str | None = None, reevaluate: bool = True) -> Result:
    """Solve a case: a path to a YAML file, a parsed mapping, or a loaded Case.

    `reevaluate=False` is a research variant that keeps each layer's first dependency graph
    instead of evaluating it again after every application (CR 613.8c)."""
    case = source if isinstance(source, Case) else load_case(source, file)
    solution = solve_case(case, reevaluate=reevaluate)
    return build_result(case, solution.atoms, solution.steps, solution.ground_atoms)


@dataclass(frozen=True)
class CheckOutcome:
    result: Result
    mismatches: tuple[Mismatch, ...]

    @property
    def passed(self) -> bool:
        return not self.mismatches


def check(source, file: str | None = None) -> CheckOutcome:
    """Solve a case and compare the result with its `expect:` block."""
    result = solve(source, file)
    return CheckOutcome(result, tuple(mismatches(result)))


def case_files(paths) -> list[Path]:
    """YAML files named, or found under folders named, in a stable order."""
    found = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file()))
        else:
            found.append(path)
    return found
