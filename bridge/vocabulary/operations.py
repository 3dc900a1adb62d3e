"""Operations (what an effect does to characteristics, 613.1) and the exceptions of copy effects (707.9)."""
from __future__ import annotations

from dataclasses import replace

from bridge.model.errors import close_matches
from bridge.model.vocabulary import COLOR_WORDS, CopyExceptions, Operation, Selector, canonical_word
from bridge.vocabulary.keys import (ABILITIES_OF_OPS, ABILITY_OPS, BARE_OPS, CHOSEN_OPS, EXCEPT_KEYS, KEEP_WORDS,
                                    LIST_OPS, OPERATIONS, RESOLUTION_CONDITIONS)


class OperationReading:
    """Part of Reader (bridge/vocabulary/reader.py): operations."""

    # --- operations ---
    def operations(self, value, where: str, resolved: bool = False) -> tuple[Operation, ...]:
        """`resolved`: a resolved effect's operations (a spell's, an activated ability's, a case's effect), which
        may each depend on how it resolved: `{modify_pt: +4/+4, if: kicked}`, `{modify_pt: +2/+2, unless:
        kicked}` (608.2c)."""
        items = value if isinstance(value, list) else [value]
        if not items:
            raise self.fail(where, "expected at least one operation")
        ops = []
        for i, item in enumerate(items):
            at = f"{where}[{i}]" if isinstance(value, list) else where
            condition = None
            if isinstance(item, dict) and ("if" in item or "unless" in item) and len(item) > 1:
                item = dict(item)
                if "if" in item and "unless" in item:
                    raise self.fail(at, "give one of 'if' and 'unless'")
                word = "if" if "if" in item else "unless"
                key = item.pop(word)
                if not resolved:
                    raise self.fail(f"{at}.{word}", "only a resolved effect's operation depends on how it resolved "
                                    "(608.2c); a static ability's condition is its as_long_as")
                if key not in RESOLUTION_CONDITIONS:
                    raise self.fail(f"{at}.{word}", f"unknown condition {key!r}; expected one of "
                                    + ", ".join(RESOLUTION_CONDITIONS))
                condition = (key, word == "if")
            op = self.operation(item, at)
            ops.append(replace(op, condition=condition) if condition else op)
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
        if kind == "full_text_of":          # Volrath's Shapeshifter (612, 404.1: asp/612_text_changing.lp)
            return self.full_text_of(arg, at)
        if kind == "gain_control":
            if isinstance(arg, dict):       # "Target opponent gains control of ...": the player the case names
                data = self.mapping(arg, at, ("chosen",))
                if data.get("chosen") != "player":
                    raise self.fail(at, "expected you, or {chosen: player} (the player the effect named as it "
                                    "resolved, given with the effect's choices: {player: NAME})")
                return Operation(kind, chosen="player")
            player = self.string(arg, at)
            if player != "you":
                raise self.fail(at, f"expected you (the controller of the effect), got {player!r}")
            return Operation(kind, player=player)
        power, toughness = self.pt_pair(arg, at, signed=(kind == "modify_pt"))
        return Operation(kind, power=power, toughness=toughness)

    def full_text_of(self, arg, at: str) -> Operation:
        """`{top_card_of: graveyard, if: {all: [creature]}, add_abilities: [...]}`: the object has the full text
        of the top card of its controller's graveyard (404.1), as long as that card matches `if`, and
        the abilities given ("and has the text '{2}: Discard a card.'")."""
        data = self.mapping(arg, at, ("top_card_of", "if", "add_abilities"))
        if data.get("top_card_of") != "graveyard":
            raise self.fail(f"{at}.top_card_of", "expected graveyard (the top card of your graveyard, 404.1)")
        condition = self.copy_condition(data["if"], f"{at}.if") if "if" in data else None
        raw = data.get("add_abilities", []) or []
        items = raw if isinstance(raw, list) else [raw]
        abilities = tuple(self.ability(a, f"{at}.add_abilities[{i}]") for i, a in enumerate(items))
        return Operation("full_text_of", values=("graveyard",), abilities=abilities, selector=condition)

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
        abilities, gains_this, gains_others = [], False, False
        raw = data.get("add_abilities", []) or []
        for i, item in enumerate(raw if isinstance(raw, list) else [raw]):
            if item == "this":
                gains_this = True
            elif item == "its_other_abilities":
                gains_others = True
            else:
                abilities.append(self.ability(item, f"{where}.add_abilities[{i}]"))
        words = {k: tuple(canonical_word(w) for w in self.string_list(data.get(k, []), f"{where}.{k}"))
                 for k in ("add_types", "add_subtypes", "add_supertypes", "remove_supertypes")}
        for key, check in (("add_types", self.words.card_type), ("add_subtypes", self.words.subtype),
                           ("add_supertypes", self.words.supertype), ("remove_supertypes", self.words.supertype)):
            for i, word in enumerate(words[key]):
                check(word, f"{where}.{key}[{i}]")
        return CopyExceptions(keep=tuple(keep), pt=pt, colors=colors, abilities=tuple(abilities),
                              gains_this=gains_this, gains_its_other_abilities=gains_others, enters_with=self.copy_enters_with(data, where),
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
