"""Every error of a case file in one pass: the case reader records an entry's error and goes on to
the next entry, up to MAX_ERRORS. An error that only follows from one already reported (a
reference to an object whose entry was broken, a key missing next to a misspelt one) is left out."""
from __future__ import annotations

from contextlib import contextmanager

from bridge.model.errors import CaseError

MAX_ERRORS = 20


class FollowsFromEarlier(CaseError):
    """An error caused by an entry already reported as broken: not reported again."""


class StopReading(Exception):
    """Stop reading the file: at MAX_ERRORS, or before a part that needs what had errors (not a
    CaseError, so no entry catches it)."""

    def __init__(self, at_limit: bool):
        super().__init__()
        self.at_limit = at_limit


class ErrorCollector:
    def __init__(self):
        self.errors: list[CaseError] = []
        self.broken_ids: set[str] = set()           # ids the broken entries had, or would have had
        self.misspelt_in: set[str] = set()          # key paths holding an unknown key

    @contextmanager
    def entry(self, raw=None):
        """Read one entry; an error is recorded and the reading goes on after the entry. `raw`: the
        entry of an object, whose id then counts as broken."""
        try:
            yield
        except CaseError as error:
            if raw is not None:
                self.broken_ids.update(possible_ids(raw))
            self.record(error)

    def unknown_key(self, error: CaseError, parent: str) -> None:
        """Reader.mapping's hook: record a misspelt key; the mapping is read without it."""
        self.misspelt_in.add(parent)
        self.record(error)

    def record(self, error: CaseError) -> None:
        if isinstance(error, FollowsFromEarlier):
            return
        if error.problem.startswith("missing") and ({error.where, parent_of(error.where)} & self.misspelt_in):
            return                                  # `crad: X` said unknown key 'crad'; no "missing 'card'"
        self.errors.append(error)
        if len(self.errors) >= MAX_ERRORS:
            raise StopReading(at_limit=True)

    def stop_if_any(self) -> None:
        """Before a part that needs all that came before (events need the whole board)."""
        if self.errors:
            raise StopReading(at_limit=False)

    def reference(self, object_id: str, error: CaseError) -> CaseError:
        """The error for a reference to an unknown id, or one that is left out if the id's entry broke."""
        if object_id in self.broken_ids:
            return FollowsFromEarlier(error.file, error.where, error.problem)
        return error

    def combined(self, stopped: bool) -> CaseError | None:
        """The first error, carrying the others (in the file's order once located)."""
        if not self.errors:
            return None
        first, *others = self.errors
        first.others = tuple(others)
        first.stopped = stopped
        return first


def parent_of(where: str) -> str:
    cut = max(where.rfind("."), where.rfind("["))
    return where[:cut] if cut > 0 else ""


def possible_ids(raw) -> set[str]:
    """The id an object's entry names, or its default ids (the card name in snake_case, in a zone)."""
    from bridge.model.ids import snake_case
    entry, _where, zone, _position = raw
    if isinstance(entry, dict) and isinstance(entry.get("id"), str):
        return {entry["id"]}
    card = entry.get("card") if isinstance(entry, dict) else entry
    name = card.get("name") if isinstance(card, dict) else card
    if not isinstance(name, str):
        return set()
    base = snake_case(name)
    return {base, f"{base}_in_{zone}"}
