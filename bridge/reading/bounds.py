"""Numbers that fit: clingo computes with 32-bit integers and wraps around silently past them, so a
case whose numbers could add up past 2,147,483,647 is refused before solving.

The bound is worked out from the case, not from the rules text: every value asp/ computes is a
printed number plus additions (effects, counters, X), and a count of objects at most once per count
expression (613.4c "for each"). So one value is at most the sum of the magnitudes of all the numbers
of the case plus the number of objects for each count expression; a sum over objects (the power of
creatures sacrificed, 601.2h) is at most the number of objects times that."""
from __future__ import annotations

import dataclasses
import re

from bridge.model.errors import CaseError
from bridge.reading.yaml_input import INT32_MAX

PT_COUNTER = re.compile(r"\s*([+-]\d+)/([+-]\d+)\s*")
COUNT_KINDS = ("count", "count_cards", "card_types_in_graveyards", "mana_values_in_graveyard")
# Integers that name or order things (never added up): only their own range is checked.
# (An event's `number` is its place in the list; an Expr's `number` is a quantity.)
ORDINALS = {"index", "timestamp", "position", "half", "ability_index", "this_path", "modes", "mode", "number",
            "new_targets", "expected_triggers"}


def check_number_range(case) -> None:
    """Refuse the case if one of its numbers, or a value the rules could add up from them, does not fit."""
    walk = Magnitudes(case.file)
    objects = len(case.objects) + sum(len(e.new_objects) for e in case.events) + 1
    total = sum(walk.of(o, f"object {o.id!r}") for o in case.objects)
    total += sum(walk.of(e, f"effect {e.label!r}") for e in case.effects)
    total += sum(walk.of(e, e.where) for e in case.events)
    counts = walk.counts
    one_value = total + counts * objects
    sacrifices = any(o.spell and o.spell.sacrificed for o in case.objects) or any(
        o.spell and o.spell.sacrificed for e in case.events for o in e.new_objects)
    worst = one_value * objects if sacrifices else one_value
    if worst > INT32_MAX:
        raise CaseError(case.file, "", f"the numbers of this case could add up to {worst:,} ({total:,} from its "
                                       f"numbers, {counts} counts of up to {objects:,} objects"
                                       + (", summed over the objects sacrificed" if sacrifices else "")
                                       + f"), more than the solver's integers hold ({INT32_MAX:,}); use smaller "
                                       "numbers")


class Magnitudes:
    """The sum of the magnitudes of the numbers in a structure of the case, and how many count
    expressions it has; each number is checked against the 32-bit range on the way."""

    def __init__(self, file: str):
        self.file = file
        self.counts = 0
        self.memo: dict[int, tuple[int, int]] = {}      # shared cards are walked once

    def of(self, value, where: str) -> int:
        if isinstance(value, bool) or value is None or isinstance(value, str):
            return 0
        if isinstance(value, int):
            self.check(value, where)
            return abs(value)
        if isinstance(value, (tuple, list)):
            if len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], int) \
                    and not isinstance(value[1], bool):
                return self.counter(value, where)
            return sum(self.of(v, where) for v in value)
        if dataclasses.is_dataclass(value):
            return self.dataclass(value, where)
        return 0

    def dataclass(self, value, where: str) -> int:
        key = id(value)
        if key in self.memo:
            total, counts = self.memo[key]
            self.counts += counts
            return total
        counts_before = self.counts
        if type(value).__name__ == "Expr" and value.kind in COUNT_KINDS:
            self.counts += 1
        total = 0
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            if field.name in ORDINALS and not (field.name == "number" and type(value).__name__ == "Expr"):
                self.ordinals(item, f"{where}.{field.name}")
            else:
                total += self.of(item, where)
        if type(value).__name__ == "BoardObject" and value.spell is not None and value.spell.x:
            x_symbols = len(value.card.mana_cost or ()) + 1          # 601.2f X counted once per {X}
            total += abs(value.spell.x) * x_symbols
        self.memo[key] = (total, self.counts - counts_before)
        return total

    def counter(self, pair, where: str) -> int:
        """(kind, n): n counters, each +P/+T for a kind like '+1/+1' (122.1a)."""
        kind, n = pair
        self.check(n, where)
        match = PT_COUNTER.fullmatch(kind)
        if match:
            power, toughness = int(match.group(1)), int(match.group(2))
            self.check(power, where)
            self.check(toughness, where)
            return abs(n) * max(1, abs(power), abs(toughness))
        return abs(n)

    def ordinals(self, value, where: str) -> None:
        if isinstance(value, int) and not isinstance(value, bool):
            self.check(value, where)
        elif isinstance(value, (tuple, list)):
            for v in value:
                self.ordinals(v, where)

    def check(self, n: int, where: str) -> None:
        if not -INT32_MAX <= n <= INT32_MAX:
            shown = str(n) if len(str(n)) <= 40 else str(n)[:40] + "..."
            raise CaseError(self.file, where, f"the number {shown} is outside the range the solver computes in "
                                              f"(-{INT32_MAX:,} to {INT32_MAX:,})")
