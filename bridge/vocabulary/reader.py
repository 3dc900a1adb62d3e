"""The structured vocabulary of cards and effects: selectors, operations, numbers, abilities.

Parsing only: YAML values are checked and turned into frozen dataclasses. What the words mean
for the game is in asp/ (which layer an operation belongs to, what it changes, and so on).
"""
from __future__ import annotations

from bridge.model.errors import CaseError, close_matches
from bridge.vocabulary.abilities import AbilityReading
from bridge.vocabulary.keys import ZONES
from bridge.vocabulary.numbers import NumberReading
from bridge.vocabulary.operations import OperationReading
from bridge.vocabulary.selectors import SelectorReading
from bridge.vocabulary.words import WordChecker, WordLists


class Reader(SelectorReading, NumberReading, OperationReading, AbilityReading):
    """Checks YAML values for one file; every error names the file and the key path."""

    def __init__(self, file: str, words: WordLists | None = None):
        self.file = file
        self.words = WordChecker(file, words)   # every characteristic word is checked (words.py)
        self.on_unknown_key = None     # set by the case reader to collect misspelt keys and go on (collect.py)
        self.check_card_name = None    # set by the case reader: a `named:` no card has is refused (issue 36)

    def fail(self, where: str, problem: str) -> CaseError:
        return CaseError(self.file, where, problem)

    # --- generic shapes ---
    def mapping(self, value, where: str, allowed) -> dict:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected a mapping, got {type_name(value)}")
        unknown = [key for key in value if not isinstance(key, str) or key not in allowed]
        for key in unknown:
            error = self.fail(f"{where}.{key}" if where else str(key), f"unknown key {key!r}"
                              + close_matches(str(key), allowed) + f"; allowed: {', '.join(allowed)}")
            if self.on_unknown_key is None:
                raise error
            self.on_unknown_key(error, where)
        return {k: v for k, v in value.items() if k not in unknown} if unknown else value

    def string(self, value, where: str) -> str:
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise self.fail(where, f"expected a string, got {type_name(value)}")
        return str(value)

    def string_list(self, value, where: str) -> tuple[str, ...]:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise self.fail(where, f"expected a list of names, got {type_name(value)}")
        return tuple(self.string(v, f"{where}[{i}]") for i, v in enumerate(value))

    def integer(self, value, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, f"expected a whole number, got {type_name(value)} {value!r}")
        return value

    def zone(self, value, where: str, zones=ZONES) -> str:
        zone = self.string(value, where)
        if zone not in zones:
            raise self.fail(where, f"unknown zone {zone!r}" + close_matches(zone, zones)
                            + f"; expected one of {', '.join(zones)}")
        return zone

    def counters(self, value, where: str) -> tuple[tuple[str, int], ...]:
        """{kind: number}, e.g. {+1/+1: 2} or {fade: 2}."""
        if not isinstance(value, dict):
            raise self.fail(where, "expected a mapping of counter kind to number, e.g. {+1/+1: 2}")
        found = []
        for kind, number in value.items():
            kind_text = self.string(kind, where)
            self.words.counter(kind_text, f"{where}.{kind_text}")
            n = self.integer(number, f"{where}.{kind_text}")
            if n < 0:
                raise self.fail(f"{where}.{kind_text}", "a number of counters cannot be negative")
            found.append((kind_text, n))
        return tuple(found)




def type_name(value) -> str:
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: "a string", bool: "true/false",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)
