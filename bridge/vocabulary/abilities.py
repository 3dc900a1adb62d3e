"""Abilities: keywords, static abilities with their effects and conditions, player effects (613.10-11),
triggers (603.1) and targets (115.1)."""
from __future__ import annotations

import re
from dataclasses import replace

import yaml

from bridge.model.errors import close_matches
from bridge.model.vocabulary import (UNREAD_CHANGES, UNREAD_REACHES, Ability, Expr, PlayerEffect, Selector, TargetSpec,
                                    Trigger)
from bridge.vocabulary.conditions import read_conditions
from bridge.vocabulary.keys import CHOICE_KEYS, RULES_SWITCHED_OFF, SPARED, SELECTOR_ZONES, TRIGGER_EVENTS, TRIGGER_KEYS


def calculated(expr: Expr | None) -> bool:
    """A number given as worked out on resolution, at any depth of a sum."""
    return expr is not None and (expr.kind in ("calculated", "x") or any(calculated(p) for p in expr.parts))


def structure_text(data: dict) -> str:
    """The text of an ability written without one: its structure in one line of YAML, as written
    ("static: {affects: {all: [creature, white]}, does: {modify_pt: +1/+1}}")."""
    line = yaml.safe_dump(data, default_flow_style=True, sort_keys=False, allow_unicode=True, width=1 << 30)
    return line.strip()[1:-1]


def keyword_text(value: str) -> str:
    """A keyword as it prints: lowercase words, mana symbols uppercase ("megamorph {5}{G}")."""
    return re.sub(r"\{[^{}]*\}", lambda symbol: symbol.group(0).upper(), " ".join(value.split()).lower())





class AbilityReading:
    """Part of Reader (bridge/vocabulary/reader.py): abilities."""

    # --- abilities ---
    def activated_effect(self, value, where: str) -> tuple:
        """(operations, on others) of an activated ability's effect: `{does: OPERATIONS, affects: self|others}`."""
        act = self.mapping(value, where, ("does", "affects"))
        if "does" not in act:
            raise self.fail(where, "missing key 'does'")
        # 611.2c: what it affects is fixed as it resolves: its own object, or others the case names
        affects = self.string(act.get("affects", "self"), f"{where}.affects")
        if affects not in ("self", "others"):
            raise self.fail(f"{where}.affects", f"expected self or others, got {affects!r}")
        return self.operations(act["does"], f"{where}.does", resolved=True), affects == "others"

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
                                           "enters", "players", "targets", "choose", "unread", "functions_in", "rule_off",
                                           "others_enter_with", "doubles_counters", "turned_face_up_with",
                                           "others_enter_as_copy"))
        if "keyword" in data:
            return self.ability(self.string(data["keyword"], f"{where}.keyword"), where)
        if not data:
            raise self.fail(where, "an empty ability: give its text, or what it does (static, activated ...)")
        text = self.string(data["text"], f"{where}.text") if "text" in data else default_text or structure_text(data)
        cda = data.get("cda", False)
        if not isinstance(cda, bool):
            raise self.fail(f"{where}.cda", "expected true or false")
        selector, operations, activated, conditions, spares = None, (), (), (), None
        if "static" in data:
            static = self.mapping(data["static"], f"{where}.static", ("affects", "does", "as_long_as", "spares"))
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
            if "spares" in static:
                spares = self.string(static["spares"], f"{where}.static.spares")
                if spares not in SPARED:
                    raise self.fail(f"{where}.static.spares", f"expected one of {', '.join(SPARED)} (702.16n: the "
                                    f"protection it grants doesn't remove this Aura, or any Aura), got {spares!r}")
        elif cda:
            raise self.fail(f"{where}.cda", "only a static ability can be characteristic-defining")
        activated_targets = False
        activated_parts: tuple = ()
        if "activated" in data:
            act = self.mapping(data["activated"], f"{where}.activated", ("does", "affects", "parts"))
            if ("does" in act) == ("parts" in act):
                raise self.fail(f"{where}.activated", "give 'does' (one group) or 'parts' (several groups, 611.2c)")
            if "parts" in act:
                # 611.2c an effect on several groups: each part's operations and whom it affects; the case
                # names one with `part: N` (the first part stands for the ability's `activated`)
                if not isinstance(act["parts"], list) or len(act["parts"]) < 2:
                    raise self.fail(f"{where}.activated.parts", "expected a list of two parts or more: {does, affects}")
                activated_parts = tuple(self.activated_effect(part, f"{where}.activated.parts[{i}]")
                                        for i, part in enumerate(act["parts"]))
                activated, activated_targets = activated_parts[0]
            else:
                activated, activated_targets = self.activated_effect(act, f"{where}.activated")
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
        replacing = {}                    # 614.1c-e replacement effects that put counters (asp/614_replacement_effects.lp)
        if "enters" in data:
            spec = self.mapping(data["enters"], f"{where}.enters", ("tapped", "counters", "unless_cast_from_hand",
                                                                    "if_cast_from_hand", "if_kicked", "abilities",
                                                                    "counter_choice"))
            for key in ("unless_cast_from_hand", "if_cast_from_hand"):
                if not isinstance(spec.get(key, False), bool):
                    raise self.fail(f"{where}.enters.{key}", "expected true or false")
                replacing[f"enters_{key}"] = spec.get(key, False)
            if replacing["enters_unless_cast_from_hand"] and replacing["enters_if_cast_from_hand"]:
                raise self.fail(f"{where}.enters", "unless_cast_from_hand and if_cast_from_hand exclude each other")
            tapped = spec.get("tapped", False)
            if not isinstance(tapped, bool):
                raise self.fail(f"{where}.enters.tapped", "expected true or false")
            counters = self.counters(spec.get("counters", {}), f"{where}.enters.counters")
            if "if_kicked" in spec:         # 702.33d: true, or the kicker cost the text names
                kicked = spec["if_kicked"]
                if kicked is not True and not (isinstance(kicked, str) and re.fullmatch(r"(?:\{[0-9WUBRGCXSP/]+\})+", kicked)):
                    raise self.fail(f"{where}.enters.if_kicked", "expected true or a kicker cost, like \"{1}{U}\"")
                replacing["enters_if_kicked"] = "any" if kicked is True else kicked
            if "counter_choice" in spec:    # 614.12 one counter of a kind chosen as it enters: the object's choices.counter
                kinds = spec["counter_choice"]
                if not isinstance(kinds, list) or len(kinds) < 2 or not all(isinstance(k, str) for k in kinds):
                    raise self.fail(f"{where}.enters.counter_choice", "expected a list of two or more counter kinds")
                for k in kinds:
                    self.words.counter(k, f"{where}.enters.counter_choice")
                replacing["enters_counter_choice"] = tuple(kinds)
            raw = spec.get("abilities", []) or []
            replacing["enters_with_abilities"] = tuple(
                self.ability(a, f"{where}.enters.abilities[{i}]") for i, a in enumerate(raw if isinstance(raw, list) else [raw]))
            if any(not a.keyword for a in replacing["enters_with_abilities"]):
                raise self.fail(f"{where}.enters.abilities", "a permanent enters with keywords only, like [flying]")
        players = self.player_effect(data["players"], f"{where}.players") if "players" in data else None
        raw_targets = data.get("targets", []) or []
        if not isinstance(raw_targets, list):
            raise self.fail(f"{where}.targets", "expected a list of targets, e.g. [any]")
        targets = tuple(self.target_spec(x, f"{where}.targets[{i}]") for i, x in enumerate(raw_targets))
        unread = self.unread(data["unread"], f"{where}.unread") if "unread" in data else ((), None)
        functions_in = self.functions_in(data, where, cda) if "functions_in" in data else ()
        rule_off = self.rule_off(data["rule_off"], f"{where}.rule_off") if "rule_off" in data else None
        if "others_enter_with" in data:
            spec = self.mapping(data["others_enter_with"], f"{where}.others_enter_with", ("what", "counters"))
            for key in ("what", "counters"):
                if key not in spec:
                    raise self.fail(f"{where}.others_enter_with", f"missing key {key!r}")
            replacing["others_enter_with"] = (self.selector(spec["what"], f"{where}.others_enter_with.what", place="sba"),
                                              self.counters(spec["counters"], f"{where}.others_enter_with.counters"))
        if "others_enter_as_copy" in data:      # 614.1c, 707.5 (asp/707_copy.lp)
            spec = self.mapping(data["others_enter_as_copy"], f"{where}.others_enter_as_copy", ("what", "of"))
            if "what" not in spec:
                raise self.fail(f"{where}.others_enter_as_copy", "missing key 'what'")
            of = spec.get("of", "self")
            if of not in ("self", "attached"):
                raise self.fail(f"{where}.others_enter_as_copy.of", f"expected self or attached, got {of!r}")
            replacing["others_enter_as_copy"] = (
                self.selector(spec["what"], f"{where}.others_enter_as_copy.what", place="sba"), of)
        if "doubles_counters" in data:    # the permanents whose counters it doubles
            replacing["doubles_counters"] = self.selector(data["doubles_counters"], f"{where}.doubles_counters", place="sba")
        if "turned_face_up_with" in data:
            spec = self.mapping(data["turned_face_up_with"], f"{where}.turned_face_up_with", ("counters",))
            replacing["turned_face_up_with"] = self.counters(spec.get("counters", {}), f"{where}.turned_face_up_with.counters")
        ability = Ability(text=text, selector=selector, operations=operations, cda=cda, activated=activated,
                          chosen=chosen, trigger=trigger, copies_spell=copies_spell, enters_tapped=tapped,
                          enters_with_counters=counters, players=players, targets=targets,
                          chooses=chooses, conditions=conditions, spares=spares, unread=unread[0], unread_of=unread[1],
                          activated_targets=activated_targets, activated_parts=activated_parts,
                          functions_in=functions_in, rule_off=rule_off,
                          **replacing, **copies)
        if ability.unread and not ability.text_only:
            raise self.fail(f"{where}.unread", "only an ability kept as text is unread: drop unread: or what it does")
        return ability

    def functions_in(self, data: dict, where: str, cda: bool) -> tuple[str, ...]:
        """113.6b-c `functions_in: graveyard`, a list of zones, or `{except: [zones]}`: where a static
        ability (or one kept as text, `unread:`) functions; without it, on the battlefield (113.6)."""
        at, value = f"{where}.functions_in", data["functions_in"]
        if "static" not in data and "unread" not in data:
            raise self.fail(at, "only a static ability (or one kept as text with unread:) says where it functions")
        if cda:
            raise self.fail(at, "a characteristic-defining ability functions everywhere (113.6a): drop functions_in")
        if isinstance(value, dict):
            spec = self.mapping(value, at, ("except",))
            left_out = {self.zone(z, f"{at}.except", SELECTOR_ZONES) for z in self.list_of(spec.get("except"), f"{at}.except")}
            return tuple(z for z in SELECTOR_ZONES if z not in left_out)
        zones = [self.zone(z, at, SELECTOR_ZONES) for z in (value if isinstance(value, list) else [value])]
        if not zones:
            raise self.fail(at, "expected a zone or a list of zones")
        return tuple(dict.fromkeys(zones))

    def list_of(self, value, where: str) -> list:
        if not isinstance(value, list) or not value:
            raise self.fail(where, "expected a non-empty list of zones")
        return value

    def unread(self, value, where: str) -> tuple[tuple[str, ...], str]:
        """`unread: {changes: [pt, types], of: this}`: a layer ability kept as text, and the values it may
        change (marked in the table, bridge/cards/oracle/reach.py): of this object, the one it is attached
        to, or any object."""
        data = self.mapping(value, where, ("changes", "of"))
        changes = tuple(self.string_list(data.get("changes", list(UNREAD_CHANGES)), f"{where}.changes"))
        for word in changes:
            if word not in UNREAD_CHANGES:
                raise self.fail(f"{where}.changes", f"unknown characteristic {word!r}" + close_matches(word, UNREAD_CHANGES)
                                + f"; expected some of {', '.join(UNREAD_CHANGES)}")
        of = self.string(data.get("of", "any"), f"{where}.of")
        if of not in UNREAD_REACHES:
            raise self.fail(f"{where}.of", f"unknown reach {of!r}; expected one of {', '.join(UNREAD_REACHES)}")
        return changes or UNREAD_CHANGES, of

    def rule_off(self, value, where: str) -> tuple[str, Selector | None]:
        """613.11 `{rule: legend_rule, for: SELECTOR}`: a rule that doesn't apply (to the permanents `for` names)."""
        data = self.mapping(value, where, ("rule", "for"))
        rule = self.string(data.get("rule", ""), f"{where}.rule")
        if rule not in RULES_SWITCHED_OFF:
            raise self.fail(f"{where}.rule", f"unknown rule {rule!r}" + close_matches(rule, RULES_SWITCHED_OFF)
                            + f"; expected {', '.join(RULES_SWITCHED_OFF)}")
        return rule, self.selector(data["for"], f"{where}.for", place="sba") if "for" in data else None

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
        whens = self.string_list(data.get("when", ""), f"{where}.when")     # one event, or several ("enters or ...")
        for i, when in enumerate(whens or ("",)):
            if when not in TRIGGER_EVENTS:
                at = f"{where}.when" + (f"[{i}]" if isinstance(data.get("when"), list) else "")
                raise self.fail(at, f"unknown event {when!r}" + close_matches(when, TRIGGER_EVENTS)
                                + f"; expected one of {', '.join(TRIGGER_EVENTS)}")
        when = whens[0]
        if "what" not in data:
            raise self.fail(where, "missing key 'what' (self, or a selector of the objects the event is about)")
        to = None
        if "to" in data:
            if set(whens) - {"leaves", "leaves_graveyard"}:
                raise self.fail(f"{where}.to", "'to' only goes with when: leaves or leaves_graveyard")
            to = self.zone(data["to"], f"{where}.to")
        once = data.get("once", False)
        if not isinstance(once, bool):
            raise self.fail(f"{where}.once", "expected true or false")
        return Trigger(when=when, what=self.selector(data["what"], f"{where}.what", place="trigger"), to=to,
                       also_when=tuple(dict.fromkeys(whens[1:])), once=once)

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
