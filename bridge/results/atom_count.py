"""How many ground atoms a solution has, counted only when read (issue 37)."""
from __future__ import annotations


class AtomCount:
    """A solution's ground atoms, counted when first read: a board solved in a batch is counted over the
    whole batch (~15 ms a 40/8 board, bridge/solving/batch.py), a figure `sweep`'s rows show and `check`
    never reads. A pickled count is the number."""

    def __init__(self, solution):
        self.solution, self.value = solution, None

    def __int__(self) -> int:
        if self.value is None:
            self.value, self.solution = self.solution.ground_atoms, None
        return self.value

    def __eq__(self, other) -> bool:
        return isinstance(other, AtomCount) and int(self) == int(other)

    def __hash__(self) -> int:
        return hash(int(self))

    def __getstate__(self) -> dict:
        return {"solution": None, "value": int(self)}
