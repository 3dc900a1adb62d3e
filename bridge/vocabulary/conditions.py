"""The "as long as ..." of a static ability, read from YAML (what a condition means: asp/604_2_conditions.lp).

    as_long_as: {self: {all: [creature]}}                  # "as long as ~ is a creature"
    as_long_as: {attached: {all: [creature]}}              # "as long as enchanted permanent is a creature"
    as_long_as: {count: {all: [artifact], controller: you}, at_least: 3}     # metalcraft
    as_long_as: {count_cards: {zone: graveyard, owner: you}, at_least: 7}    # threshold
    as_long_as: {counters: level, at_least: 2, at_most: 6}                   # 711.2a
    as_long_as: {all_counters: source, at_least: 2}        # counters of every kind on it (122.1)
    as_long_as: {emblems: you, at_least: 1}                # "as long as you have one or more emblems" (114.2)
    as_long_as: {counters_among: {kind: lore, of: {all: [Saga], controller: you}}, at_least: 4}   # on them all (122.1)
    as_long_as: {class_level: source, at_least: 2}         # 716.2a a Class's "{1}{R}: Level 2" and what follows
    as_long_as: {status: monstrous}                                          # 701.31b
    as_long_as: {status: paired}                           # 702.95b soulbond: "as long as ~ is paired with another creature"
    as_long_as: {devotion: [red], less_than: 5}                              # Theros gods (700.5)
    as_long_as: {life: you, at_least: 30}                  # "as long as you have 30 or more life" (119)
    as_long_as: {life: an_opponent, at_most: 10}           # "as long as an opponent has 10 or less life"
    as_long_as: {poison: an_opponent, at_least: 3}         # corrupted (122.1f poison counters; or `poison: you`)
    as_long_as: {turn: yours}                              # "during your turn" (or not_yours: "... other than yours")
    as_long_as: {game_state: citys_blessing}               # the case's `game_state:` of its controller (702.131)
    as_long_as: {game_state: cards_drawn_this_turn, at_least: 2}
    as_long_as: {sum: [{life: you}, {minus: {game_state: starting_life_total}}], at_least: 7}   # a sum of numbers
    as_long_as: [..., ...]                                 # every one holds
"""
from __future__ import annotations

from dataclasses import replace

from bridge.model.errors import close_matches
from bridge.model.vocabulary import Condition, Expr
from bridge.model.game_state import GAME_STATE, OBJECT_GAME_STATE
from bridge.vocabulary.keys import COMPARISONS

SUBJECT_KEYS = ("self", "attached")                      # the object that must match a selector
NUMBER_KEYS = ("count", "count_cards", "counters", "all_counters", "devotion", "life", "card_types_in_graveyards",
               "poison", "sum", "mana_values_in_graveyard", "counters_among", "emblems", "class_level")
STATUS_WORDS = ("monstrous", "tapped", "untapped", "attacking", "blocking", "paired", "renowned", "solved")
TURNS = ("yours", "not_yours")
OTHER_KEYS = ("status", "turn", "game_state")
CONDITION_KEYS = SUBJECT_KEYS + NUMBER_KEYS + OTHER_KEYS + tuple(COMPARISONS)


def read_conditions(reader, value, where: str) -> tuple[Condition, ...]:
    items = value if isinstance(value, list) else [value]
    if not items:
        raise reader.fail(where, "expected a condition or a list of conditions")
    return tuple(read_condition(reader, item, f"{where}[{i}]" if isinstance(value, list) else where)
                 for i, item in enumerate(items))


def read_condition(reader, value, where: str) -> Condition:
    data = reader.mapping(value, where, CONDITION_KEYS)
    kinds = [key for key in SUBJECT_KEYS + NUMBER_KEYS + OTHER_KEYS if key in data]
    if len(kinds) != 1:
        raise reader.fail(where, "a condition names one thing: "
                                 f"{', '.join(SUBJECT_KEYS + NUMBER_KEYS + OTHER_KEYS)} (got {', '.join(kinds) or 'none'})")
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
    if kind == "game_state":
        # what its controller has or did this turn, as the case's `game_state:` gives it (none: at least 1)
        # (or its own object's: OBJECT_GAME_STATE, "as long as it entered this turn")
        what = reader.string(data["game_state"], f"{where}.game_state")
        known = {**GAME_STATE, **OBJECT_GAME_STATE}
        if what not in known:
            raise reader.fail(f"{where}.game_state", f"unknown game state {what!r}" + close_matches(what, known)
                              + "; known: " + ", ".join(known))
        number = Expr("object_state" if what in OBJECT_GAME_STATE else "game_state", fact=what)
        if not bounds:
            return Condition(number=number, at_least=1)
        return bounded(number, bounds)
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
    if kind in ("life", "poison") and data[kind] == "an_opponent" or kind == "poison":
        return players_number(reader, kind, data[kind], bounds, where)
    number = reader.expr({kind: data[kind]}, where)
    if number.kind == "count_cards" and number.owner in ("an_opponent", "a_player"):
        number = some_players_cards(reader, number, bounds, where)
    if (number.selector and (number.selector.on_affected or number.selector.other_than_affected)) or \
            (number.kind == "count_cards" and number.owner == "affected_controller"):
        raise reader.fail(f"{where}.{kind}", "a condition is of the ability, not of each object it changes: "
                                             "'affected' has nothing to refer to here")
    return bounded(number, bounds)


def players_number(reader, kind: str, who, bounds: dict, where: str) -> Condition:
    """`poison: you` (122.1f: the poison counters of the ability's controller); `life: an_opponent` /
    `poison: an_opponent`: some opponent's total is within the bound (one bound: at most N holds when the
    least total among the opponents is, at least N when the greatest is)."""
    if who not in ("you", "an_opponent"):
        raise reader.fail(f"{where}.{kind}", f"expected you or an_opponent, got {who!r}")
    if who == "you":
        return bounded(Expr("poison"), bounds)
    directions = {COMPARISONS[key] in ("le", "lt") for key in bounds}
    if len(directions) != 1 or any(COMPARISONS[key] == "eq" for key in bounds):
        raise reader.fail(where, f"'{kind}: an_opponent' takes one bound, at least or at most (some opponent's "
                                 "total is within it)")
    which = "least" if directions == {True} else "most"
    return bounded(Expr(f"opponents_{kind}", owner=which), bounds)


def some_players_cards(reader, number: Expr, bounds: dict, where: str) -> Expr:
    """`count_cards: {owner: an_opponent | a_player, ...}`: some opponent's (some player's) own cards are within the
    bound (102.2): at least N holds when the most any one of them has is (Tenured Oilcaster), at most N when the
    fewest is (Guul Draz Specter's "an opponent has no cards in hand": `an_opponent_fewest`; Isleback Spawn's "a
    library has twenty or fewer cards in it": `a_player_fewest`)."""
    directions = {COMPARISONS[key] in ("le", "lt") for key in bounds}
    if len(directions) != 1 or any(COMPARISONS[key] == "eq" for key in bounds) and len(bounds) > 1:
        raise reader.fail(where, f"'owner: {number.owner}' takes one bound, at least or at most (some one player's own cards "
                                 "are within it)")
    if any(COMPARISONS[key] == "eq" for key in bounds) and next(iter(bounds.values())) != 0:
        raise reader.fail(where, f"'owner: {number.owner}' with 'equal' takes 0 only (some one player has none)")
    fewest = directions == {True} or any(COMPARISONS[key] == "eq" for key in bounds)
    return replace(number, owner=f"{number.owner}_fewest") if fewest else number


def bounded(number: Expr, bounds: dict) -> Condition:
    """Each bound as "at least" / "at most" (whole numbers: less than 5 is at most 4)."""
    lows = [n + (COMPARISONS[key] == "gt") for key, n in bounds.items() if COMPARISONS[key] in ("ge", "eq", "gt")]
    highs = [n - (COMPARISONS[key] == "lt") for key, n in bounds.items() if COMPARISONS[key] in ("le", "eq", "lt")]
    return Condition(number=number, at_least=max(lows) if lows else None, at_most=min(highs) if highs else None)
