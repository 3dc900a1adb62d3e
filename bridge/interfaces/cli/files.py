"""A command over case files: each file in its own child process under the limits, its outcome or its
one error line, and the exit code of several files."""
from __future__ import annotations

import sys
from dataclasses import dataclass

from bridge.interfaces.cli.options import bounds_of
from bridge.interfaces.cli.terminal import escape_controls
from bridge.model.errors import CaseError, SolveTimeout
from bridge.solving.runner import ChildKilled, OutOfMemory, run_bounded


@dataclass(frozen=True)
class FileOutcome:
    """One file's answer, or its failure: every file gets its own, whatever happened to the others."""
    value: object = None
    status: int = 0            # the exit code this file asks for: 2 bad input, 3 internal, 4 time, 5 memory
    kind: str = ""             # error | timeout | memory | internal
    message: str = ""


def bounded(args, path, work) -> FileOutcome:
    """work() for one file in a child process under the limits; any failure is this file's alone."""
    return file_outcome(path, lambda: run_bounded(work, bounds_of(args), file=str(path)))


def file_outcome(path, answer) -> FileOutcome:
    """What answer() gives for one file (its value, or what it raises: bridge/solving/runner.py)."""
    try:
        return FileOutcome(answer())
    except CaseError as error:
        return FileOutcome(status=2, kind="error", message=str(error))
    except SolveTimeout as error:
        return FileOutcome(status=4, kind="timeout", message=str(error))
    except OutOfMemory as error:
        return FileOutcome(status=5, kind="memory", message=str(error))
    except ChildKilled as error:      # not a limit, not a defect: said as it is (issue 36)
        return FileOutcome(status=3, kind="internal", message=str(error))
    except KeyboardInterrupt:
        raise
    except Exception as error:        # a defect of mtg-layers: named with the file, the others go on
        return FileOutcome(status=3, kind="internal", message=f"{path}: internal error (please report it with "
                                                              f"the case file): {type(error).__name__}: {error}")


def one_file(args, path, work) -> int:
    """A command over one file: its output, or its one error line."""
    outcome = bounded(args, path, work)
    if outcome.status:
        say(f"error: {outcome.message}", sys.stderr)
    else:
        say(outcome.value)
    return outcome.status


def listed_files(args, paths) -> tuple[list, int]:
    """The case files under `paths`; a folder that cannot be read is said, and makes the exit 2."""
    from bridge.interfaces import api
    unreadable: list[str] = []
    files = api.case_files(paths, unreadable=unreadable)
    for problem in unreadable:
        say(f"error: {problem}", sys.stderr)
    return files, 2 if unreadable else 0


def worst(a: int, b: int) -> int:
    """The exit code of several files: the most serious one's (internal > memory > time > input > fail)."""
    rank = {0: 0, 1: 1, 2: 2, 4: 3, 5: 4, 3: 5}
    return max(a, b, key=lambda code: rank.get(code, 6))


def say(text: str, stream=None) -> None:
    """Print text with control characters escaped: a name cannot rewrite the terminal."""
    print(escape_controls(text), file=stream or sys.stdout)
