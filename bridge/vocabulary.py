"""The structured vocabulary of cards and effects: selectors, operations, numbers, abilities.

Parsing only: YAML values are checked and turned into frozen dataclasses. What the words mean
for the game is in asp/ (which layer an operation belongs to, what it changes, and so on).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .errors import CaseError, close_matches

COLOR_WORDS = ("white", "blue", "black", "red", "green")

# Operations and the shape of their argument.
LIST_OPS = {
    "add_types", "remove_types", "set_types", "add_subtypes", "remove_subtypes",
    "set_land_types", "add_supertypes", "remove_supertypes", "set_colors", "add_colors",
}
ABILITY_OPS = {"add_abilities", "lose_abilities"}
PT_OPS = {"set_base_pt", "modify_pt"}
BARE_OPS = {"switch_pt", "lose_all_abilities"}
CHOSEN_OPS = {"set_creature_types", "add_subtypes", "set_colors", "add_colors"}
LATER_OPS = {
    "copy_of": "copy effects (layer 1)", "change_text": "text-changing effects (layer 3)",
}
OPERATIONS = sorted(LIST_OPS | ABILITY_OPS | PT_OPS | BARE_OPS | {"set_creature_types", "gain_control"}
                    | set(LATER_OPS))
SELECTOR_KEYS = ("all", "not", "controller", "other", "any")
SELECTOR_WORDS = ("self", "enchanted", "equipped", "attached")
EXPRESSION_KEYS = ("count", "count_cards", "card_types_in_graveyards", "sum")


@dataclass(frozen=True)
class Selector:
    """Which permanents a static ability's effect applies to (or which ones a number counts)."""
    self_only: bool = False
    attached: bool = False
    words: tuple[str, ...] = ()
    not_words: tuple[str, ...] = ()
    controller: str | None = None  # "you" | "opponent"
    other: bool = False
    branches: tuple["Selector", ...] = ()


@dataclass(frozen=True)
class Expr:
    """A number in an operation: a constant, the affected object's mana value, a count, a sum."""
    kind: str  # num | mana_value | count | count_cards | card_types_in_graveyards | sum
    number: int = 0
    selector: Selector | None = None
    owner: str = "any"
    parts: tuple["Expr", ...] = ()


@dataclass(frozen=True)
class Operation:
    kind: str
    values: tuple[str, ...] = ()
    abilities: tuple["Ability", ...] = ()
    power: Expr | None = None
    toughness: Expr | None = None
    chosen: str | None = None
    player: str | None = None


@dataclass(frozen=True)
class Ability:
    """A keyword, or an ability with its text and, when modelled, its static effect."""
    text: str
    keyword: str | None = None
    selector: Selector | None = None
    operations: tuple[Operation, ...] = ()
    cda: bool = False
    activated: tuple[Operation, ...] = ()

    @property
    def is_static(self) -> bool:
        return self.selector is not None


def canonical_word(word: str) -> str:
    """Spell a type, supertype, subtype or color word the one way asp/ knows it ("Creature")."""
    word = word.strip()
    return word[:1].upper() + word[1:] if word else word


class Reader:
    """Checks YAML values for one file; every error names the file and the key path."""

    def __init__(self, file: str):
        self.file = file

    def fail(self, where: str, problem: str) -> CaseError:
        return CaseError(self.file, where, problem)

    # --- generic shapes ---
    def mapping(self, value, where: str, allowed) -> dict:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected a mapping, got {type_name(value)}")
        for key in value:
            if not isinstance(key, str) or key not in allowed:
                raise self.fail(f"{where}.{key}" if where else str(key),
                                f"unknown key {key!r}" + close_matches(str(key), allowed)
                                + f"; allowed: {', '.join(allowed)}")
        return value

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

    # --- selectors ---
    def selector(self, value, where: str, allow_branches: bool = True) -> Selector:
        if isinstance(value, str):
            if value == "self":
                return Selector(self_only=True)
            if value in ("enchanted", "equipped", "attached"):
                return Selector(attached=True)
            raise self.fail(where, f"unknown selector {value!r}" + close_matches(value, SELECTOR_WORDS)
                            + "; use self, enchanted, equipped or a mapping with all/not/controller/other/any")
        data = self.mapping(value, where, SELECTOR_KEYS)
        controller = None
        if "controller" in data:
            controller = self.string(data["controller"], f"{where}.controller")
            if controller not in ("you", "opponent"):
                raise self.fail(f"{where}.controller", f"expected you or opponent, got {controller!r}")
        other = data.get("other", False)
        if not isinstance(other, bool):
            raise self.fail(f"{where}.other", "expected true or false")
        branches = ()
        if "any" in data:
            if not allow_branches:
                raise self.fail(f"{where}.any", "'any' cannot be nested inside another 'any'")
            items = data["any"]
            if not isinstance(items, list) or not items:
                raise self.fail(f"{where}.any", "expected a non-empty list of selectors")
            branches = tuple(self.selector(b, f"{where}.any[{i}]", allow_branches=False)
                             for i, b in enumerate(items))
        return Selector(
            words=tuple(canonical_word(w) for w in self.string_list(data.get("all", []), f"{where}.all")),
            not_words=tuple(canonical_word(w) for w in self.string_list(data.get("not", []), f"{where}.not")),
            controller=controller, other=other, branches=branches)

    # --- numbers ---
    def expr(self, value, where: str) -> Expr:
        if isinstance(value, bool):
            raise self.fail(where, "expected a number or a number expression")
        if isinstance(value, int):
            return Expr("num", number=value)
        if isinstance(value, str):
            text = value.strip()
            if re.fullmatch(r"[+-]?\d+", text):
                return Expr("num", number=int(text))
            if text == "mana_value":
                return Expr("mana_value")
            raise self.fail(where, f"unknown number {value!r}; expected an integer, mana_value, or one of "
                            + ", ".join(EXPRESSION_KEYS))
        data = self.mapping(value, where, EXPRESSION_KEYS)
        if len(data) != 1:
            raise self.fail(where, "a number expression has exactly one key")
        (key, arg), = data.items()
        if key == "count":
            return Expr("count", selector=self.selector(arg, f"{where}.count"))
        if key == "count_cards":
            spec = self.mapping(arg, f"{where}.count_cards", ("zone", "owner", "all", "not"))
            zone = spec.get("zone", "graveyard")
            if zone != "graveyard":
                raise self.fail(f"{where}.count_cards.zone", f"only graveyard is supported, got {zone!r}")
            owner = spec.get("owner", "any")
            if owner not in ("you", "any"):
                raise self.fail(f"{where}.count_cards.owner", f"expected you or any, got {owner!r}")
            sel = self.selector({k: v for k, v in spec.items() if k in ("all", "not")}, f"{where}.count_cards")
            return Expr("count_cards", selector=sel, owner=owner)
        if key == "card_types_in_graveyards":
            return Expr("card_types_in_graveyards")
        if not isinstance(arg, list) or len(arg) != 2:
            raise self.fail(f"{where}.sum", "expected a list of two numbers")
        return Expr("sum", parts=(self.expr(arg[0], f"{where}.sum[0]"), self.expr(arg[1], f"{where}.sum[1]")))

    def pt_pair(self, value, where: str, signed: bool) -> tuple[Expr, Expr]:
        if isinstance(value, dict):
            data = self.mapping(value, where, ("power", "toughness"))
            if set(data) != {"power", "toughness"}:
                raise self.fail(where, "give both power and toughness")
            return self.expr(data["power"], f"{where}.power"), self.expr(data["toughness"], f"{where}.toughness")
        text = self.string(value, where).strip()
        pattern = r"([+-]?\d+)/([+-]?\d+)"
        match = re.fullmatch(pattern, text)
        if not match:
            example = "+1/+1" if signed else "1/1"
            raise self.fail(where, f"expected power/toughness like {example}, got {text!r}")
        return Expr("num", number=int(match.group(1))), Expr("num", number=int(match.group(2)))

    # --- operations ---
    def operations(self, value, where: str) -> tuple[Operation, ...]:
        items = value if isinstance(value, list) else [value]
        if not items:
            raise self.fail(where, "expected at least one operation")
        ops = []
        for i, item in enumerate(items):
            ops.append(self.operation(item, f"{where}[{i}]" if isinstance(value, list) else where))
        return tuple(ops)

    def operation(self, value, where: str) -> Operation:
        if isinstance(value, str):
            kind, arg = value, None
        elif isinstance(value, dict) and len(value) == 1:
            (kind, arg), = value.items()
        else:
            raise self.fail(where, "expected an operation: a name, or a mapping with one operation name")
        if not isinstance(kind, str) or kind not in OPERATIONS:
            raise self.fail(where, f"unknown operation {kind!r}" + close_matches(str(kind), OPERATIONS))
        at = f"{where}.{kind}"
        if kind in LATER_OPS:
            raise self.fail(at, f"{LATER_OPS[kind]} are not supported by this version yet")
        if kind in BARE_OPS:
            if arg not in (None, True):
                raise self.fail(at, f"{kind} takes no argument")
            return Operation(kind)
        if arg is None:
            raise self.fail(at, f"{kind} needs an argument")
        if kind in CHOSEN_OPS and isinstance(arg, dict):
            data = self.mapping(arg, at, ("chosen",))
            if "chosen" not in data:
                raise self.fail(at, "expected a list, or {chosen: KEY} naming a choice made as the source entered")
            return Operation(kind, chosen=self.string(data["chosen"], f"{at}.chosen"))
        if kind in LIST_OPS:
            values = self.string_list(arg, at)
            if kind in ("set_colors", "add_colors"):
                for i, color in enumerate(values):
                    if color.lower() not in COLOR_WORDS:
                        raise self.fail(f"{at}[{i}]", f"unknown color {color!r}" + close_matches(color, COLOR_WORDS))
                values = tuple(v.lower() for v in values)
            return Operation(kind, values=tuple(canonical_word(v) for v in values))
        if kind == "set_creature_types":
            return Operation(kind, values=tuple(canonical_word(v) for v in self.string_list(arg, at)))
        if kind in ABILITY_OPS:
            items = arg if isinstance(arg, list) else [arg]
            abilities = tuple(self.ability(a, f"{at}[{i}]") for i, a in enumerate(items))
            return Operation(kind, abilities=abilities)
        if kind == "gain_control":
            player = self.string(arg, at)
            if player != "you":
                raise self.fail(at, f"expected you (the controller of the effect), got {player!r}")
            return Operation(kind, player=player)
        power, toughness = self.pt_pair(arg, at, signed=(kind == "modify_pt"))
        return Operation(kind, power=power, toughness=toughness)

    # --- abilities ---
    def ability(self, value, where: str) -> Ability:
        if isinstance(value, str):
            keyword = " ".join(value.split()).lower()
            if not keyword:
                raise self.fail(where, "empty keyword")
            return Ability(text=keyword, keyword=keyword)
        data = self.mapping(value, where, ("text", "static", "cda", "activated", "keyword"))
        if "keyword" in data:
            return self.ability(self.string(data["keyword"], f"{where}.keyword"), where)
        if "text" not in data:
            raise self.fail(where, "an ability needs its text (or is a keyword string)")
        text = self.string(data["text"], f"{where}.text")
        cda = data.get("cda", False)
        if not isinstance(cda, bool):
            raise self.fail(f"{where}.cda", "expected true or false")
        selector, operations, activated = None, (), ()
        if "static" in data:
            static = self.mapping(data["static"], f"{where}.static", ("affects", "does"))
            for key in ("affects", "does"):
                if key not in static:
                    raise self.fail(f"{where}.static", f"missing key {key!r}")
            selector = self.selector(static["affects"], f"{where}.static.affects")
            operations = self.operations(static["does"], f"{where}.static.does")
        elif cda:
            raise self.fail(f"{where}.cda", "only a static ability can be characteristic-defining")
        if "activated" in data:
            act = self.mapping(data["activated"], f"{where}.activated", ("does",))
            if "does" not in act:
                raise self.fail(f"{where}.activated", "missing key 'does'")
            activated = self.operations(act["does"], f"{where}.activated.does")
        return Ability(text=text, selector=selector, operations=operations, cda=cda, activated=activated)


def type_name(value) -> str:
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: "a string", bool: "true/false",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)
