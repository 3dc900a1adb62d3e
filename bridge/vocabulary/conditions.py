"""The "as long as ..." of a static ability, read from YAML (what a condition means: asp/604_2_conditions.lp).

    as_long_as: {self: {all: [creature]}}                  # "as long as ~ is a creature"
    as_long_as: {attached: {all: [creature]}}              # "as long as enchanted permanent is a creature"
    as_long_as: {count: {all: [artifact], controller: you}, at_least: 3}     # metalcraft
    as_long_as: {count_cards: {zone: graveyard, owner: you}, at_least: 7}    # threshold
    as_long_as: {counters: level, at_least: 2, at_most: 6}                   # 711.2a
    as_long_as: {status: monstrous}                                          # 701.31b
    as_long_as: {devotion: [red], less_than: 5}                              # Theros gods (700.5)
    as_long_as: {life: you, at_least: 30}                  # "as long as you have 30 or more life" (119)
    as_long_as: {turn: yours}                              # "during your turn" (or not_yours: "... other than yours")
    as_long_as: [..., ...]                                 # every one holds
"""
from __future__ import annotations

from dataclasses import replace

from bridge.model.errors import close_matches
from bridge.model.vocabulary import Condition, Expr
from bridge.vocabulary.keys import COMPARISONS

SUBJECT_KEYS = ("self", "attached")                      # the object that must match a selector
NUMBER_KEYS = ("count", "count_cards", "counters", "devotion", "life", "card_types_in_graveyards")
STATUS_WORDS = ("monstrous", "tapped", "untapped", "attacking", "blocking")
TURNS = ("yours", "not_yours")
CONDITION_KEYS = SUBJECT_KEYS + NUMBER_KEYS + ("status", "turn") + tuple(COMPARISONS)


def read_conditions(reader, value, where: str) -> tuple[Condition, ...]:
    items = value if isinstance(value, list) else [value]
    if not items:
        raise reader.fail(where, "expected a condition or a list of conditions")
    return tuple(read_condition(reader, item, f"{where}[{i}]" if isinstance(value, list) else where)
                 for i, item in enumerate(items))


def read_condition(reader, value, where: str) -> Condition:
    data = reader.mapping(value, where, CONDITION_KEYS)
    kinds = [key for key in SUBJECT_KEYS + NUMBER_KEYS + ("status", "turn") if key in data]
    if len(kinds) != 1:
        raise reader.fail(where, "a condition names one thing: "
                                 f"{', '.join(SUBJECT_KEYS + NUMBER_KEYS)}, status or turn (got {', '.join(kinds) or 'none'})")
    kind = kinds[0]
    bounds = {key: reader.integer(data[key], f"{where}.{key}") for key in COMPARISONS if key in data}
    if kind == "turn":
        # "during your turn": the turn is its controller's (the case's first player is the active one)
        turn = reader.string(data["turn"], f"{where}.turn")
        if turn not in TURNS:
            raise reader.fail(f"{where}.turn", f"unknown turn {turn!r}; expected one of {', '.join(TURNS)}")
        if bounds:
            raise reader.fail(f"{where}.{next(iter(bounds))}", "'turn' takes no number bound")
        return Condition(number=Expr("your_turn"), at_least=1 if turn == "yours" else None,
                         at_most=0 if turn == "not_yours" else None)
    if kind in SUBJECT_KEYS or kind == "status":
        if bounds:
            raise reader.fail(f"{where}.{next(iter(bounds))}", f"'{kind}' takes no number bound")
        if kind == "status":
            status = reader.string(data["status"], f"{where}.status")
            if status not in STATUS_WORDS:
                raise reader.fail(f"{where}.status", f"unknown status {status!r}" + close_matches(status, STATUS_WORDS)
                                  + f"; expected one of {', '.join(STATUS_WORDS)}")
            return Condition(status=status)
        # "as long as ~ is X" / "as long as enchanted permanent is X": that one object matches.
        selector = reader.selector(data[kind], f"{where}.{kind}")
        if selector.self_only or selector.attached:
            raise reader.fail(f"{where}.{kind}", "give what it must be, e.g. {all: [creature]}")
        subject = replace(selector, self_only=True) if kind == "self" else replace(selector, attached=True)
        return Condition(number=Expr("count", selector=subject), at_least=1)
    if not bounds:
        raise reader.fail(where, f"say how many: at_least, at_most, equal, less_than or greater_than "
                                 f"(e.g. {{{kind}: ..., at_least: 3}})")
    number = reader.expr({kind: data[kind]}, where)
    if (number.selector and (number.selector.on_affected or number.selector.other_than_affected)) or \
            (number.kind == "count_cards" and number.owner == "affected_controller"):
        raise reader.fail(f"{where}.{kind}", "a condition is of the ability, not of each object it changes: "
                                             "'affected' has nothing to refer to here")
    # Each bound as "at least" / "at most" (whole numbers: less than 5 is at most 4).
    lows = [n + (COMPARISONS[key] == "gt") for key, n in bounds.items() if COMPARISONS[key] in ("ge", "eq", "gt")]
    highs = [n - (COMPARISONS[key] == "lt") for key, n in bounds.items() if COMPARISONS[key] in ("le", "eq", "lt")]
    return Condition(number=number, at_least=max(lows) if lows else None, at_most=min(highs) if highs else None)
