"""The one error type for bad input: it names the file, the key path and what is wrong."""
from __future__ import annotations

from dataclasses import dataclass

# What the command line tells a user to do; the judges' page says its own words instead
# (bridge/interfaces/web/board.py page_words).
CARD_ADVICE = ("give an inline card (a mapping with name, type_line ...) for a card the pool does not have, or "
               "import newer card data with `mtg-layers cards import FILE`")
FACE_ADVICE = ("give the card inline (a mapping with name, type_line ...) or import newer card data with "
               "`mtg-layers cards import FILE`")
TIMEOUT_ADVICE = "raise it with --timeout, or make the board smaller"


@dataclass
class CaseError(Exception):
    """Bad input. `where` is a key path such as ``battlefield[3].counters``. `others`: the other
    errors found in the same file in the same pass (bridge/reading/collect.py); `stopped`: reading stopped
    there, at the limit on errors."""

    file: str
    where: str
    problem: str
    line: int | None = None
    column: int | None = None
    others: tuple = ()
    stopped: bool = False

    def __str__(self) -> str:
        """One line per error, the file's other errors indented under the first."""
        lines = [self.one_line()] + [f"  {other.one_line()}" for other in self.others]
        if self.stopped:
            lines.append(f"  {self.file}: stopped after {len(lines)} errors; fix these and run again")
        return "\n".join(lines)

    def one_line(self) -> str:
        place = self.file
        if self.line is not None:
            place += f":{self.line}"
            if self.column is not None:
                place += f":{self.column}"
        key = f" at {self.where}" if self.where else ""
        return f"{place}{key}: {self.problem}"


def close_matches(word: str, choices, n: int = 3) -> str:
    """A ' (did you mean ...?)' suffix naming the closest of `choices`, or ''."""
    import difflib  # only when there is a mistake to name (issue 21)
    options = list(choices)
    found = difflib.get_close_matches(word, options, n=n, cutoff=0.6)
    if not found:
        lowered = {c.lower(): c for c in options}
        found = [lowered[m] for m in difflib.get_close_matches(word.lower(), list(lowered), n=n, cutoff=0.6)]
    if not found:
        return ""
    return " (did you mean " + " or ".join(repr(f) for f in found) + "?)"


class SolveTimeout(Exception):
    """Solving went past the time limit (--timeout)."""

    def __init__(self, file: str, seconds: float, steps: int | None = None):
        after = f" (after {steps} steps)" if steps is not None else ""
        super().__init__(f"{file}: solving took longer than the limit of {seconds:g} s{after}; {TIMEOUT_ADVICE}")
        self.file, self.seconds, self.steps = file, seconds, steps

    def __reduce__(self):                  # sent back from a child process (bridge/solving/runner.py)
        return (SolveTimeout, (self.file, self.seconds, self.steps))
