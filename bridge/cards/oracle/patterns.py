"""Regular expressions compiled on their first use. The reader holds ~60 of them; a board reads a few
cards and uses about half (the two cards of benchmarks/two_cards.yaml: 26), and compiling them all when
the reader is imported cost every one-shot `solve` ~25 ms of CPU (benchmarks/fixed_cost.py)."""
from __future__ import annotations

import re

METHODS = ("match", "search", "fullmatch", "sub", "subn", "split", "findall", "finditer", "groups", "groupindex",
           "flags")


class LazyPattern:
    """re.compile(pattern, flags), done when a method or attribute of the pattern is first asked for."""

    def __init__(self, pattern: str, flags: int = 0):
        self.pattern, self._flags = pattern, flags

    def __getattr__(self, name: str):
        # called only for a name not set yet: compile, then the compiled pattern's own methods answer
        compiled = re.compile(self.pattern, self._flags)
        for method in METHODS:
            self.__dict__[method] = getattr(compiled, method)
        return getattr(compiled, name)


def lazy_pattern(pattern: str, flags: int = 0) -> LazyPattern:
    return LazyPattern(pattern, flags)
