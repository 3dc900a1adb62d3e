"""The structured vocabulary of cards and effects: selectors, operations, numbers, abilities.

Parsing only: YAML values are checked and turned into frozen dataclasses. What the words mean
for the game is in asp/ (which layer an operation belongs to, what it changes, and so on).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

import yaml

from bridge.model.errors import CaseError, close_matches
from bridge.vocabulary.reader.selector_places import refusal
from bridge.vocabulary.reader.words import WordChecker, WordLists

COLOR_WORDS = ("white", "blue", "black", "red", "green")

# Operations and the shape of their argument.
LIST_OPS = {
    "add_types", "remove_types", "set_types", "add_subtypes", "remove_subtypes",
    "set_land_types", "add_supertypes", "remove_supertypes", "set_colors", "add_colors",
}
ABILITY_OPS = {"add_abilities", "lose_abilities"}
PT_OPS = {"set_base_pt", "modify_pt"}
BARE_OPS = {"switch_pt", "lose_all_abilities", "add_all_creature_types"}
CHOSEN_OPS = {"set_creature_types", "add_subtypes", "set_colors", "add_colors"}
# 613.1f "has all activated abilities of all creature cards in all graveyards" (Necrotic Ooze): a selector
ABILITIES_OF_OPS = {"add_activated_abilities_of"}
OPERATIONS = sorted(LIST_OPS | ABILITY_OPS | PT_OPS | BARE_OPS | ABILITIES_OF_OPS | {"set_creature_types", "gain_control", "copy_of",
                                                                "change_text", "set_name"})
KEEP_WORDS = {"name": ("name",), "mana_cost": ("mana_value",), "color": ("color",), "colors": ("color",),
              "types": ("type", "subtype", "supertype"), "abilities": ("ability",), "pt": ("power", "toughness")}
EXCEPT_KEYS = ("keep", "pt", "colors", "add_types", "add_subtypes", "add_supertypes", "add_abilities",
               "remove_supertypes", "enters_with", "conditional")
# 113.3b "[Cost]: [Effect.]": a colon before any sentence ends or any quotation begins.
ACTIVATED_FORM = re.compile(r'[^."\n]+?:\s')
SELECTOR_KEYS = ("all", "not", "controller", "other", "any", "zone", "owner", "has", "lacks", "abilities", "named",
                 "power", "toughness", "mana_value", "attached_to")
# (Where each key can be read: bridge/vocabulary/selector_places.py.)
COLOR_QUALITIES = ("Multicolored", "Monocolored", "Colorless")     # 105.2a-c
# The selector keys of `count_cards` (cards in a zone; power and toughness are refused there, why: selector_places).
COUNT_CARDS_KEYS = ("all", "not", "has", "lacks", "abilities", "named", "mana_value", "power", "toughness")
# Words for what an object is rather than what it has (111.1 a token, 708.2 a face-down permanent; 301.5,
# 303.4, 301.5c a permanent with an Equipment / an Aura / a Fortification attached): in `all` / `not`
# ("nontoken" = `not: [token]`).
STATUS_SELECTOR_WORDS = {"token": "token", "nontoken": "token", "face_down": "face_down", "face-down": "face_down",
                         "equipped": "equipped", "enchanted": "enchanted", "fortified": "fortified"}
COMPARISONS = {"at_most": "le", "at_least": "ge", "equal": "eq", "less_than": "lt", "greater_than": "gt"}
# 400.1 The zones a selector can name; `zone: all` names every one of them (Painter's Servant).
SELECTOR_ZONES = ("battlefield", "stack", "hand", "graveyard", "library", "exile")
SELECTOR_WORDS = ("self", "enchanted", "equipped", "fortified", "attached")
# Whose counters `{counters: ...}` counts: the object the operation affects, the ability's source, or the
# permanent that source is attached to.
COUNTER_HOLDERS = ("affected", "source", "attached")
EXPRESSION_KEYS = ("count", "count_cards", "card_types_in_graveyards", "sum", "counters", "devotion", "calculated")
TRIGGER_EVENTS = ("enters", "leaves", "cast", "turned_face_up")
TRIGGER_KEYS = ("when", "what", "to")
ZONES = ("graveyard", "exile", "hand", "library")
# What an "as ... enters, choose" ability chooses (the object's `choices:` key holds the value).
CHOICE_KEYS = ("creature_type", "color", "land_type", "name", "card_type", "player")


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
    chosen: tuple[str, ...] = ()   # {chosen: KEY} words: the value chosen for the source as it entered
    zones: tuple[str, ...] = ()    # the zones it looks in (400.1); none given: the battlefield (permanents)
    owner: str | None = None       # "you" | "opponent": cards owned by ... (108.3; cards outside the
                                   # battlefield and the stack have no controller, 108.4a)
    has: tuple[str, ...] = ()      # abilities it has (keywords by name, other abilities by their text)
    lacks: tuple[str, ...] = ()    # abilities it doesn't have
    no_abilities: bool = False     # "with no abilities" (Muraganda Petroglyphs)
    named: str | None = None       # "named X" (201.2)
    compares: tuple[tuple[str, str, int], ...] = ()   # (power | toughness | mana_value, le | ge | eq | lt | gt, N)
    statuses: tuple[str, ...] = ()     # token | face_down: what each object is (all)
    not_statuses: tuple[str, ...] = ()  # ... and isn't (not; "nontoken")
    on_source: bool = False        # "attached to it": permanents attached to the ability's object


@dataclass(frozen=True)
class Expr:
    """A number in an operation: a constant, the affected object's mana value, a count, a sum."""
    kind: str  # num | mana_value | count | count_cards | card_types_in_graveyards | sum | counters | devotion
    #            | calculated (a number a resolving effect worked out, 611.2d: `number`, possibly negative)
    number: int = 0
    counter: str = ""          # counters: the kind of counter (122), counted on the affected object
    selector: Selector | None = None
    owner: str = "any"
    parts: tuple["Expr", ...] = ()
    colors: tuple[str, ...] = ()   # devotion: to these colors (700.5)
    zone: str = "graveyard"        # count_cards: the zone its cards are in (400.1)


@dataclass(frozen=True)
class Condition:
    """One "as long as ..." of a static ability (611.3a: checked at every moment): a number and the
    bounds it must be within, or a designation its object must have (701.31b monstrous)."""
    number: Expr | None = None
    at_least: int | None = None
    at_most: int | None = None
    status: str | None = None      # monstrous | tapped | untapped


@dataclass(frozen=True)
class CopyExceptions:
    """What a copy effect does not copy or adds (707.9): kept characteristics, specific values,
    types "in addition", abilities gained as part of the copy ('this' = the ability itself)."""
    keep: tuple[str, ...] = ()
    pt: tuple[int, int] | None = None
    colors: tuple[str, ...] | None = None
    add_types: tuple[str, ...] = ()
    add_subtypes: tuple[str, ...] = ()
    add_supertypes: tuple[str, ...] = ()
    abilities: tuple["Ability", ...] = ()
    gains_this: bool = False
    remove_supertypes: tuple[str, ...] = ()      # "it isn't legendary" (707.9b)
    # "it enters with an additional +1/+1 counter if it's a creature" (707.9e, 707.9f): each item is
    # (counters, condition on the copy as it would exist, or None)
    enters_with: tuple[tuple[tuple[tuple[str, int], ...], "Selector | None"], ...] = ()
    # "if it's a creature, it ... has changeling" (707.9f): (condition, abilities gained)
    conditional: tuple[tuple["Selector", tuple["Ability", ...]], ...] = ()
    # "enter tapped as a copy" (614.1c, Vesuva): how the copy enters, not a copied value
    enters_tapped: bool = False


@dataclass(frozen=True)
class Operation:
    kind: str
    values: tuple[str, ...] = ()
    abilities: tuple["Ability", ...] = ()
    power: Expr | None = None
    toughness: Expr | None = None
    chosen: str | None = None
    player: str | None = None
    copy_source: str | None = None
    exceptions: CopyExceptions = CopyExceptions()
    this_path: tuple[int, ...] = ()   # for "it has this ability": which ability of the source's card
    selector: Selector | None = None  # add_activated_abilities_of: the objects whose abilities it gains


@dataclass(frozen=True)
class PlayerEffect:
    """What a static ability does to players (613.10) and to the game's rules for them (613.11)."""
    who: str                                   # you | opponents | each
    gains: tuple[str, ...] = ()                # shroud, hexproof, protection from red, can't gain life ...
    hand_size: tuple[str, int] | None = None   # ("set", N), ("add", N) or ("none", 0): 402.2
    devotion_bonus: int = 0                    # "Your devotion to each color ... is increased by N" (700.5a)


@dataclass(frozen=True)
class TargetSpec:
    """One instance of the word "target" on a spell (115.1): what it can name."""
    kind: str                      # any | player | permanent | spell
    selector: Selector | None = None
    mode: int | None = None        # the mode it belongs to, for a modal spell (700.2)


@dataclass(frozen=True)
class Trigger:
    """The trigger condition of a triggered ability (603.1): the kind of event and what it is about."""
    when: str                      # one of TRIGGER_EVENTS
    what: Selector
    to: str | None = None          # for "leaves": the zone it goes to (None: any)


@dataclass(frozen=True)
class Ability:
    """A keyword, or an ability with its text and, when modelled, its static effect.

    `enters_as_copy` / `becomes_copy`: the exceptions of "enter as a copy" (used by an object's
    copy_of) and of "becomes a copy" (used by an effect's becomes_copy_of). `chosen`: the key of
    a choice made as the object entered that the ability refers to (shown with the object's value)."""
    text: str
    keyword: str | None = None
    selector: Selector | None = None
    operations: tuple[Operation, ...] = ()
    cda: bool = False
    activated: tuple[Operation, ...] = ()
    enters_as_copy: CopyExceptions | None = None
    becomes_copy: CopyExceptions | None = None
    creates_token_copy: CopyExceptions | None = None   # "create a token that's a copy of ..., except" (707.2, 111.1)
    chosen: str | None = None
    trigger: Trigger | None = None
    copies_spell: CopyExceptions | None = None     # "copy target spell, except ..." (707.10, 707.9)
    enters_tapped: bool = False                    # "... enters tapped" (614.1c)
    enters_with_counters: tuple[tuple[str, int], ...] = ()   # "... enters with N ... counters" (614.1c)
    players: PlayerEffect | None = None            # "you have shroud", "your maximum hand size ..." (613.10-11)
    targets: tuple["TargetSpec", ...] = ()         # an activated or triggered ability's targets (115.1c-d)
    chooses: str | None = None                     # "As ... enters, choose a ..." (614.12): the object's choices key
    conditions: tuple[Condition, ...] = ()         # a static ability's "as long as ..." (all must hold)

    @property
    def is_activated(self) -> bool:
        """113.3b An activated ability is written "[Cost]: [Effect.]" (a loyalty ability too, 606.4); one
        with a modelled effect says so with `activated`. (Keyword abilities are not classified here.)"""
        return bool(self.activated) or (self.keyword is None and ACTIVATED_FORM.match(self.text) is not None)

    @property
    def is_static(self) -> bool:
        return self.selector is not None

    @property
    def text_only(self) -> bool:
        """Kept as its text: nothing of it is modelled, so it generates no effect here (its
        targets alone, or `chosen:` to show a value, do not make it do anything)."""
        return not (self.keyword or self.selector or self.activated or self.enters_as_copy or self.becomes_copy
                    or self.trigger or self.copies_spell or self.enters_tapped or self.enters_with_counters
                    or self.players or self.chooses)


def canonical_word(word: str) -> str:
    """Spell a type, supertype, subtype or color word the one way asp/ knows it ("Creature")."""
    word = word.strip()
    return word[:1].upper() + word[1:] if word else word


class Reader:
    """Checks YAML values for one file; every error names the file and the key path."""

    def __init__(self, file: str, words: WordLists | None = None):
        self.file = file
        self.words = WordChecker(file, words)   # every characteristic word is checked (words.py)
        self.on_unknown_key = None     # set by the case reader to collect misspelt keys and go on (collect.py)

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

    # --- selectors ---
    def selector(self, value, where: str, allow_branches: bool = True, place: str = "static") -> Selector:
        """`place`: where it is read (static, target, trigger, question, copy_condition, count_cards); the
        keys that have nothing to refer to there, or are not read there, are refused (selector_places.py)."""
        if isinstance(value, str):
            if value in SELECTOR_WORDS:
                self.refuse_in(place, "self" if value == "self" else "attached", where, value)
            if value == "self":
                return Selector(self_only=True)
            if value in SELECTOR_WORDS:
                return Selector(attached=True)
            raise self.fail(where, f"unknown selector {value!r}" + close_matches(value, SELECTOR_WORDS)
                            + "; use self, enchanted, equipped, fortified or a mapping with all/not/controller/other/any")
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
            branches = tuple(self.selector(b, f"{where}.any[{i}]", allow_branches=False, place=place)
                             for i, b in enumerate(items))
        for key in data:
            self.refuse_in(place, key, f"{where}.{key}", key)
        all_items, statuses, not_statuses = self.status_words(data.get("all", []), f"{where}.all", place)
        not_items, negated, doubly = self.status_words(data.get("not", []), f"{where}.not", place)
        words, chosen = self.selector_words(all_items, f"{where}.all", place)
        not_words, not_chosen = self.selector_words(not_items, f"{where}.not", place)
        if not_chosen:
            raise self.fail(f"{where}.not", "{chosen: ...} is only supported under 'all'")
        owner = None
        if "owner" in data:
            owner = self.string(data["owner"], f"{where}.owner")
            if owner not in ("you", "opponent"):
                raise self.fail(f"{where}.owner", f"expected you or opponent, got {owner!r}")
        if data.get("attached_to", "self") != "self":
            raise self.fail(f"{where}.attached_to", "expected self (\"attached to it\": the permanents attached to "
                            "the ability's object)")
        return Selector(words=words, not_words=not_words, controller=controller, other=other, branches=branches,
                        on_source="attached_to" in data,
                        chosen=chosen, zones=self.selector_zones(data.get("zone"), f"{where}.zone"), owner=owner,
                        statuses=statuses + doubly, not_statuses=not_statuses + negated,
                        **self.selector_reads(data, where))

    def refuse_in(self, place: str, key: str, where: str, written) -> None:
        reason = refusal(place, key)
        if reason:
            raise self.fail(where, f"{written!r} cannot be used in a {place.replace('_', ' ')}'s selector: {reason}")

    def status_words(self, value, where: str, place: str) -> tuple[list, tuple[str, ...], tuple[str, ...]]:
        """The status words of an `all` / `not` list taken out: (other items, statuses, negated statuses)."""
        items = value if isinstance(value, list) else [value]
        rest, statuses, negated = [], [], []
        for i, item in enumerate(items):
            word = item.lower() if isinstance(item, str) else None
            if word not in STATUS_SELECTOR_WORDS:
                rest.append(item)
                continue
            self.refuse_in(place, word, f"{where}[{i}]", item)
            (negated if word == "nontoken" else statuses).append(STATUS_SELECTOR_WORDS[word])
        return rest, tuple(statuses), tuple(negated)

    def selector_reads(self, data: dict, where: str) -> dict:
        """has / lacks an ability, no abilities, named X, and number comparisons (113.3, 201.2, 208, 202.3)."""
        found = {}
        for key in ("has", "lacks"):
            if key in data:
                found[key] = tuple(self.ability_name(item, f"{where}.{key}[{i}]")
                                   for i, item in enumerate(data[key] if isinstance(data[key], list) else [data[key]]))
        if "abilities" in data:
            if data["abilities"] != "none":
                raise self.fail(f"{where}.abilities", "expected none (\"with no abilities\"); use has / lacks for others")
            found["no_abilities"] = True
        if "named" in data:
            found["named"] = self.string(data["named"], f"{where}.named")
        compares = []
        for key in ("power", "toughness", "mana_value"):
            if key not in data:
                continue
            value = data[key]
            if not isinstance(value, dict):
                value = {"equal": value}
            for op, number in self.mapping(value, f"{where}.{key}", tuple(COMPARISONS)).items():
                compares.append((key, COMPARISONS[op], self.integer(number, f"{where}.{key}.{op}")))
        if compares:
            found["compares"] = tuple(compares)
        return found

    def ability_name(self, item, where: str) -> str:
        """An ability named in a selector: a keyword (checked, 702) or {text: ...} for another ability."""
        if isinstance(item, dict):
            return self.string(self.mapping(item, where, ("text",)).get("text"), f"{where}.text")
        keyword = " ".join(self.string(item, where).split()).lower()
        self.words.keyword(keyword, where)
        return keyword

    def selector_zones(self, value, where: str) -> tuple[str, ...]:
        """`zone: hand`, `zone: [hand, graveyard]` or `zone: all` (every zone of 400.1)."""
        if value is None:
            return ()
        if value == "all":
            return SELECTOR_ZONES
        items = value if isinstance(value, list) else [value]
        if not items:
            raise self.fail(where, "expected a zone or a list of zones: " + ", ".join(SELECTOR_ZONES) + ", or all")
        zones = []
        for i, item in enumerate(items):
            zone = self.string(item, f"{where}[{i}]" if isinstance(value, list) else where)
            if zone not in SELECTOR_ZONES:
                raise self.fail(f"{where}[{i}]" if isinstance(value, list) else where,
                                f"unknown zone {zone!r}" + close_matches(zone, SELECTOR_ZONES)
                                + "; expected " + ", ".join(SELECTOR_ZONES) + " or all")
            zones.append(zone)
        return tuple(dict.fromkeys(zones))

    def selector_words(self, value, where: str, place: str = "static") -> tuple[tuple[str, ...], tuple[str, ...]]:
        items = value if isinstance(value, list) else [value]
        words, chosen = [], []
        for i, item in enumerate(items):
            if isinstance(item, dict):
                data = self.mapping(item, f"{where}[{i}]", ("chosen",))
                self.refuse_in(place, "chosen", f"{where}[{i}]", "chosen")
                chosen.append(self.string(data.get("chosen"), f"{where}[{i}].chosen"))
            else:
                word = canonical_word(self.string(item, f"{where}[{i}]"))
                self.words.characteristic_word(word, f"{where}[{i}]", extra=("Permanent",) + COLOR_QUALITIES)
                self.refuse_in(place, word, f"{where}[{i}]", item)
                words.append(word)
        return tuple(words), tuple(chosen)

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
            spec = self.mapping(arg, f"{where}.count_cards", ("zone", "owner") + COUNT_CARDS_KEYS)
            zone = spec.get("zone", "graveyard")
            if zone not in ZONES:
                raise self.fail(f"{where}.count_cards.zone", f"unknown zone {zone!r}" + close_matches(str(zone), ZONES)
                                + f"; expected one of {', '.join(ZONES)}")
            owner = spec.get("owner", "any")
            if owner not in ("you", "any"):
                raise self.fail(f"{where}.count_cards.owner", f"expected you or any, got {owner!r}")
            sel = self.selector({k: v for k, v in spec.items() if k in COUNT_CARDS_KEYS}, f"{where}.count_cards",
                                place="count_cards")
            return Expr("count_cards", selector=sel, owner=owner, zone=zone)
        if key == "card_types_in_graveyards":
            return Expr("card_types_in_graveyards")
        if key == "calculated":             # "+X/+X where X is its power", X fixed on resolution (611.2d)
            return Expr("calculated", number=self.integer(arg, f"{where}.calculated"))
        if key == "devotion":
            colors = self.string_list(arg, f"{where}.devotion")
            for i, color in enumerate(colors):
                if color.lower() not in COLOR_WORDS:
                    raise self.fail(f"{where}.devotion[{i}]", f"unknown color {color!r}" + close_matches(color.lower(), COLOR_WORDS)
                                    + f"; expected {', '.join(COLOR_WORDS)}")
            if not colors:
                raise self.fail(f"{where}.devotion", "name a color, e.g. devotion: [red]")
            return Expr("devotion", colors=tuple(canonical_word(c.lower()) for c in colors))
        if key == "counters":
            on = "affected"
            if isinstance(arg, dict):       # {counters: {kind: charge, object: source | attached}} (122.1)
                spec = self.mapping(arg, f"{where}.counters", ("kind", "object"))
                on = self.string(spec.get("object", "affected"), f"{where}.counters.object")
                if on not in COUNTER_HOLDERS:
                    raise self.fail(f"{where}.counters.object", f"unknown object {on!r}" + close_matches(on, COUNTER_HOLDERS)
                                    + f"; expected one of {', '.join(COUNTER_HOLDERS)}")
                arg = spec.get("kind")
                where = f"{where}.counters.kind"
            else:
                where = f"{where}.counters"
            kind = self.string(arg, where)
            self.words.counter(kind, where)
            return Expr("counters", counter=kind, owner=on)
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
            values = tuple(canonical_word(v) for v in values)
            for i, word in enumerate(values):
                self.operation_word(kind, word, f"{at}[{i}]" if isinstance(arg, list) else at)
            return Operation(kind, values=values)
        if kind == "set_creature_types":
            values = tuple(canonical_word(v) for v in self.string_list(arg, at))
            for i, word in enumerate(values):
                self.words.subtype(word, f"{at}[{i}]" if isinstance(arg, list) else at, kind="creature")
            return Operation(kind, values=values)
        if kind in ABILITIES_OF_OPS:
            sel = self.selector(arg, at, allow_branches=False)
            if sel.self_only or sel.attached or sel.controller or sel.other or sel.chosen:
                raise self.fail(at, "name the objects it takes abilities from with all / not / zone / owner")
            return Operation(kind, selector=sel)
        if kind in ABILITY_OPS:
            items = arg if isinstance(arg, list) else [arg]
            abilities = tuple(self.ability(a, f"{at}[{i}]") for i, a in enumerate(items))
            return Operation(kind, abilities=abilities)
        if kind == "copy_of":
            if isinstance(arg, dict):
                data = self.mapping(arg, at, ("object", "chosen", "except"))
                if ("object" in data) == ("chosen" in data):
                    raise self.fail(at, "give either 'object' (the id of the object copied) or 'chosen' (the key of "
                                    "the object chosen as the source entered, e.g. {chosen: creature})")
                exceptions = self.copy_exceptions(data.get("except", {}) or {}, f"{at}.except")
                if "chosen" in data:
                    return Operation(kind, chosen=self.string(data["chosen"], f"{at}.chosen"), exceptions=exceptions)
                return Operation(kind, copy_source=self.string(data["object"], f"{at}.object"), exceptions=exceptions)
            return Operation(kind, copy_source=self.string(arg, at))
        if kind == "change_text":
            data = self.mapping(arg, at, ("from", "to"))
            if set(data) != {"from", "to"}:
                raise self.fail(at, "give the word to replace ('from') and its replacement ('to')")
            old, new = (canonical_word(self.string(data[k], f"{at}.{k}")) for k in ("from", "to"))
            for key, word in (("from", old), ("to", new)):
                if word.lower() not in COLOR_WORDS:
                    self.words.subtype(word, f"{at}.{key}")
            if old.lower() in COLOR_WORDS:
                old = old.capitalize()
            return Operation(kind, values=(old, new))
        if kind == "set_name":              # "... named X" (612.7: a text-changing effect, asp/612_text_changing.lp)
            name = self.string(arg, at).strip()
            if not name:
                raise self.fail(at, "expected a name, e.g. set_name: Vitu-Ghazi")
            return Operation(kind, values=(name,))
        if kind == "gain_control":
            player = self.string(arg, at)
            if player != "you":
                raise self.fail(at, f"expected you (the controller of the effect), got {player!r}")
            return Operation(kind, player=player)
        power, toughness = self.pt_pair(arg, at, signed=(kind == "modify_pt"))
        return Operation(kind, power=power, toughness=toughness)

    def operation_word(self, kind: str, word: str, where: str) -> None:
        """The words of a list operation belong to the list its name says (205.2a, 205.3, 205.4a)."""
        if kind in ("add_types", "remove_types", "set_types"):
            self.words.card_type(word, where)
        elif kind in ("add_subtypes", "remove_subtypes"):
            self.words.subtype(word, where)
        elif kind == "set_land_types":
            self.words.subtype(word, where, kind="land")
        elif kind in ("add_supertypes", "remove_supertypes"):
            self.words.supertype(word, where)

    def copy_exceptions(self, value, where: str) -> CopyExceptions:
        data = self.mapping(value, where, EXCEPT_KEYS)
        keep = []
        for i, word in enumerate(self.string_list(data.get("keep", []), f"{where}.keep")):
            if word not in KEEP_WORDS:
                raise self.fail(f"{where}.keep[{i}]", f"unknown characteristic {word!r}" + close_matches(word, KEEP_WORDS)
                                + f"; expected one of {', '.join(KEEP_WORDS)}")
            keep.extend(KEEP_WORDS[word])
        pt = None
        if "pt" in data:
            power, toughness = self.pt_pair(data["pt"], f"{where}.pt", signed=False)
            if power.kind != "num" or toughness.kind != "num":
                raise self.fail(f"{where}.pt", "a copy exception gives fixed numbers, like 7/7")
            pt = (power.number, toughness.number)
        colors = None
        if "colors" in data:
            colors = self.string_list(data["colors"], f"{where}.colors")
            for i, color in enumerate(colors):
                if color.lower() not in COLOR_WORDS:
                    raise self.fail(f"{where}.colors[{i}]", f"unknown color {color!r}" + close_matches(color, COLOR_WORDS))
            colors = tuple(canonical_word(c.lower()) for c in colors)
        abilities, gains_this = [], False
        raw = data.get("add_abilities", []) or []
        for i, item in enumerate(raw if isinstance(raw, list) else [raw]):
            if item == "this":
                gains_this = True
            else:
                abilities.append(self.ability(item, f"{where}.add_abilities[{i}]"))
        words = {k: tuple(canonical_word(w) for w in self.string_list(data.get(k, []), f"{where}.{k}"))
                 for k in ("add_types", "add_subtypes", "add_supertypes", "remove_supertypes")}
        for key, check in (("add_types", self.words.card_type), ("add_subtypes", self.words.subtype),
                           ("add_supertypes", self.words.supertype), ("remove_supertypes", self.words.supertype)):
            for i, word in enumerate(words[key]):
                check(word, f"{where}.{key}[{i}]")
        return CopyExceptions(keep=tuple(keep), pt=pt, colors=colors, abilities=tuple(abilities),
                              gains_this=gains_this, enters_with=self.copy_enters_with(data, where),
                              conditional=self.copy_conditional(data, where), **words)

    def copy_condition(self, value, where: str) -> Selector:
        """707.9f The characteristic an exception depends on: a selector of words only."""
        condition = self.selector(value, where, allow_branches=False, place="copy_condition")
        if (condition.self_only or condition.attached or condition.controller or condition.other or condition.chosen
                or condition.zones or condition.owner):
            raise self.fail(where, "a copy's condition names characteristics only: all / not")
        return condition

    def copy_conditional(self, data: dict, where: str) -> tuple:
        """`conditional: [{if: {all: [creature]}, add_abilities: [changeling]}]` (707.9f)."""
        raw = data.get("conditional", []) or []
        found = []
        for i, item in enumerate(raw if isinstance(raw, list) else [raw]):
            at = f"{where}.conditional[{i}]"
            spec = self.mapping(item, at, ("if", "add_abilities"))
            if "if" not in spec or "add_abilities" not in spec:
                raise self.fail(at, "expected {if: SELECTOR, add_abilities: [...]}")
            abilities = spec["add_abilities"] if isinstance(spec["add_abilities"], list) else [spec["add_abilities"]]
            found.append((self.copy_condition(spec["if"], f"{at}.if"),
                          tuple(self.ability(a, f"{at}.add_abilities[{j}]") for j, a in enumerate(abilities))))
        return tuple(found)

    def copy_enters_with(self, data: dict, where: str) -> tuple:
        """`enters_with: [{counters: {+1/+1: 1}, if: {all: [creature]}}, ...]` (707.9e-f)."""
        raw = data.get("enters_with", []) or []
        found = []
        for i, item in enumerate(raw if isinstance(raw, list) else [raw]):
            at = f"{where}.enters_with[{i}]"
            spec = self.mapping(item, at, ("counters", "if"))
            if "counters" not in spec:
                raise self.fail(at, "missing key 'counters', e.g. {counters: {+1/+1: 1}, if: {all: [creature]}}")
            condition = self.copy_condition(spec["if"], f"{at}.if") if "if" in spec else None
            found.append((tuple(self.counters(spec["counters"], f"{at}.counters")), condition))
        return tuple(found)

    # --- abilities ---
    def ability(self, value, where: str, default_text: str | None = None) -> Ability:
        """A keyword string or a mapping. A mapping without `text:` takes `default_text` (the card's
        text, for a card's only ability) or, failing that, a text generated from its structure."""
        if isinstance(value, str):
            keyword = keyword_text(value)
            if not keyword:
                raise self.fail(where, "empty keyword")
            self.words.keyword(keyword, where)
            return Ability(text=keyword, keyword=keyword)
        data = self.mapping(value, where, ("text", "static", "cda", "activated", "keyword", "enters_as_copy",
                                           "becomes_copy", "creates_token_copy", "chosen", "triggered", "copies_spell",
                                           "enters", "players", "targets", "choose"))
        if "keyword" in data:
            return self.ability(self.string(data["keyword"], f"{where}.keyword"), where)
        if not data:
            raise self.fail(where, "an empty ability: give its text, or what it does (static, activated ...)")
        text = self.string(data["text"], f"{where}.text") if "text" in data else default_text or structure_text(data)
        cda = data.get("cda", False)
        if not isinstance(cda, bool):
            raise self.fail(f"{where}.cda", "expected true or false")
        selector, operations, activated, conditions = None, (), (), ()
        if "static" in data:
            static = self.mapping(data["static"], f"{where}.static", ("affects", "does", "as_long_as"))
            for key in ("affects", "does"):
                if key not in static:
                    raise self.fail(f"{where}.static", f"missing key {key!r}")
            selector = self.selector(static["affects"], f"{where}.static.affects")
            operations = self.operations(static["does"], f"{where}.static.does")
            if any(calculated(op.power) or calculated(op.toughness) for op in operations):
                raise self.fail(f"{where}.static.does", "a number 'calculated' on resolution (611.2d) belongs to a "
                                "resolved effect (effects:, a spell's or an activated ability's does); a static "
                                "ability's numbers are worked out continuously: use count, counters, devotion ...")
            if "as_long_as" in static:
                if cda:
                    raise self.fail(f"{where}.static.as_long_as", "a characteristic-defining ability has no "
                                    "condition (604.3a(5)): drop cda: true or the condition")
                conditions = read_conditions(self, static["as_long_as"], f"{where}.static.as_long_as")
        elif cda:
            raise self.fail(f"{where}.cda", "only a static ability can be characteristic-defining")
        if "activated" in data:
            act = self.mapping(data["activated"], f"{where}.activated", ("does",))
            if "does" not in act:
                raise self.fail(f"{where}.activated", "missing key 'does'")
            activated = self.operations(act["does"], f"{where}.activated.does")
        copies = {}
        for key in ("enters_as_copy", "becomes_copy", "creates_token_copy"):
            if key in data:
                spec = self.mapping(data[key] or {}, f"{where}.{key}",
                                    ("except", "tapped") if key == "enters_as_copy" else ("except",))
                copies[key] = self.copy_exceptions(spec.get("except", {}) or {}, f"{where}.{key}.except")
                if "tapped" in spec:
                    if not isinstance(spec["tapped"], bool):
                        raise self.fail(f"{where}.{key}.tapped", "expected true or false")
                    copies[key] = replace(copies[key], enters_tapped=spec["tapped"])
        chosen = self.string(data["chosen"], f"{where}.chosen") if "chosen" in data else None
        chooses = self.string(data["choose"], f"{where}.choose") if "choose" in data else None
        if chooses is not None and chooses not in CHOICE_KEYS:
            raise self.fail(f"{where}.choose", f"unknown choice {chooses!r}" + close_matches(chooses, CHOICE_KEYS)
                            + f"; expected one of {', '.join(CHOICE_KEYS)}")
        trigger = self.trigger(data["triggered"], f"{where}.triggered") if "triggered" in data else None
        copies_spell = None
        if "copies_spell" in data:
            spec = self.mapping(data["copies_spell"] or {}, f"{where}.copies_spell", ("except",))
            copies_spell = self.copy_exceptions(spec.get("except", {}) or {}, f"{where}.copies_spell.except")
        tapped, counters = False, ()
        if "enters" in data:
            spec = self.mapping(data["enters"], f"{where}.enters", ("tapped", "counters"))
            tapped = spec.get("tapped", False)
            if not isinstance(tapped, bool):
                raise self.fail(f"{where}.enters.tapped", "expected true or false")
            counters = self.counters(spec.get("counters", {}), f"{where}.enters.counters")
        players = self.player_effect(data["players"], f"{where}.players") if "players" in data else None
        raw_targets = data.get("targets", []) or []
        if not isinstance(raw_targets, list):
            raise self.fail(f"{where}.targets", "expected a list of targets, e.g. [any]")
        targets = tuple(self.target_spec(x, f"{where}.targets[{i}]") for i, x in enumerate(raw_targets))
        return Ability(text=text, selector=selector, operations=operations, cda=cda, activated=activated,
                       chosen=chosen, trigger=trigger, copies_spell=copies_spell, enters_tapped=tapped,
                       enters_with_counters=counters, players=players, targets=targets,
                       chooses=chooses, conditions=conditions, **copies)

    def player_effect(self, value, where: str) -> PlayerEffect:
        data = self.mapping(value, where, ("who", "gain", "max_hand_size", "devotion_bonus"))
        who = self.string(data.get("who", "you"), f"{where}.who")
        if who not in ("you", "opponents", "each"):
            raise self.fail(f"{where}.who", f"unknown players {who!r}; expected you, opponents or each")
        gains = tuple(" ".join(g.lower().split()) for g in self.string_list(data.get("gain", []), f"{where}.gain"))
        hand_size = None
        if "max_hand_size" in data:
            raw = data["max_hand_size"]
            at = f"{where}.max_hand_size"
            if raw == "none":
                hand_size = ("none", 0)
            elif isinstance(raw, dict):
                hand_size = ("add", self.integer(self.mapping(raw, at, ("add",)).get("add", 0), f"{at}.add"))
            else:
                hand_size = ("set", self.integer(raw, at))
        bonus = self.integer(data["devotion_bonus"], f"{where}.devotion_bonus") if "devotion_bonus" in data else 0
        if not gains and hand_size is None and not bonus:
            raise self.fail(where, "say what it does to players: gain: [...], max_hand_size or devotion_bonus")
        return PlayerEffect(who=who, gains=gains, hand_size=hand_size, devotion_bonus=bonus)

    def trigger(self, value, where: str) -> Trigger:
        data = self.mapping(value, where, TRIGGER_KEYS)
        when = self.string(data.get("when", ""), f"{where}.when")
        if when not in TRIGGER_EVENTS:
            raise self.fail(f"{where}.when", f"unknown event {when!r}" + close_matches(when, TRIGGER_EVENTS)
                            + f"; expected one of {', '.join(TRIGGER_EVENTS)}")
        if "what" not in data:
            raise self.fail(where, "missing key 'what' (self, or a selector of the objects the event is about)")
        to = None
        if "to" in data:
            if when != "leaves":
                raise self.fail(f"{where}.to", "'to' only goes with when: leaves")
            to = self.zone(data["to"], f"{where}.to")
        return Trigger(when=when, what=self.selector(data["what"], f"{where}.what", place="trigger"), to=to)

    def target_spec(self, value, where: str) -> TargetSpec:
        """any (115.4: a creature, player or planeswalker), player, {permanent: SELECTOR},
        {spell: SELECTOR}; a mapping may add mode: N."""
        if isinstance(value, str):
            if value not in ("any", "player"):
                raise self.fail(where, f"unknown target {value!r}" + close_matches(value, ("any", "player"))
                                + "; use any, player, {permanent: SELECTOR} or {spell: SELECTOR}")
            return TargetSpec(kind=value)
        data = self.mapping(value, where, ("permanent", "spell", "any", "player", "mode"))
        kinds = [k for k in ("permanent", "spell", "any", "player") if k in data]
        if len(kinds) != 1:
            raise self.fail(where, "a target is one of any, player, permanent or spell")
        kind = kinds[0]
        mode = self.integer(data["mode"], f"{where}.mode") if "mode" in data else None
        selector = self.selector(data[kind], f"{where}.{kind}", place="target") if kind in ("permanent", "spell") \
            else None
        return TargetSpec(kind=kind, selector=selector, mode=mode)

    def zone(self, value, where: str) -> str:
        zone = self.string(value, where)
        if zone not in ZONES:
            raise self.fail(where, f"unknown zone {zone!r}" + close_matches(zone, ZONES)
                            + f"; expected one of {', '.join(ZONES)}")
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


def calculated(expr: Expr | None) -> bool:
    """A number given as worked out on resolution, at any depth of a sum."""
    return expr is not None and (expr.kind == "calculated" or any(calculated(p) for p in expr.parts))


def structure_text(data: dict) -> str:
    """The text of an ability written without one: its structure in one line of YAML, as written
    ("static: {affects: {all: [creature, white]}, does: {modify_pt: +1/+1}}")."""
    line = yaml.safe_dump(data, default_flow_style=True, sort_keys=False, allow_unicode=True, width=1 << 30)
    return line.strip()[1:-1]


def keyword_text(value: str) -> str:
    """A keyword as it prints: lowercase words, mana symbols uppercase ("megamorph {5}{G}")."""
    return re.sub(r"\{[^{}]*\}", lambda symbol: symbol.group(0).upper(), " ".join(value.split()).lower())


def type_name(value) -> str:
    if value is None:
        return "nothing"
    return {dict: "a mapping", list: "a list", str: "a string", bool: "true/false",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)


from bridge.vocabulary.reader.conditions import read_conditions      # noqa: E402  (it reads with a Reader, defined above)
