"""Selectors: which objects an effect applies to or a number counts (`all`, `not`, `controller`, `zone` ...)."""
from __future__ import annotations

from bridge.model.errors import close_matches
from bridge.model.vocabulary import Selector, canonical_word
from bridge.vocabulary.keys import (COLOR_QUALITIES, COMPARISONS, SELECTOR_KEYS, SELECTOR_WORDS, SELECTOR_ZONES,
                                    STATUS_SELECTOR_WORDS, NEGATED_STATUS_WORDS)
from bridge.vocabulary.selector_places import refusal


AFFECTED_IN_A_COUNT = ("; or, in a count of power and toughness (count:), affected: the object the effect changes "
                       "(\"attached to it\", \"other\" on an Aura: Strong Back, Bravado)")


class SelectorReading:
    """Part of Reader (bridge/vocabulary/reader.py): selectors."""

    # --- selectors ---
    def selector(self, value, where: str, allow_branches: bool = True, place: str = "static") -> Selector:
        """`place`: where it is read (static, target, trigger, question, copy_condition, count_cards); the
        keys that have nothing to refer to there, or are not read there, are refused (selector_places.py)."""
        if isinstance(value, str):
            if value in SELECTOR_WORDS:
                self.refuse_in(place, "self" if value == "self" else "attached", where, value)
            if value == "self":
                return Selector(self_only=True)
            if value == "paired":           # 702.95b the creature its object is paired with (soulbond)
                return Selector(paired=True)
            if value in SELECTOR_WORDS:
                return Selector(attached=True)
            raise self.fail(where, f"unknown selector {value!r}" + close_matches(value, SELECTOR_WORDS)
                            + "; use self, enchanted, equipped, fortified, paired or a mapping with all/not/controller/other/any")
        data = self.mapping(value, where, SELECTOR_KEYS)
        controller = None
        if "controller" in data:
            controller = self.string(data["controller"], f"{where}.controller")
            if controller not in ("you", "opponent", "enchanted_player", "chosen_player"):
                raise self.fail(f"{where}.controller", "expected you, opponent, enchanted_player or chosen_player, "
                                f"got {controller!r}")
        other = data.get("other", False)
        if not isinstance(other, bool) and not (other == "affected" and place == "count"):
            raise self.fail(f"{where}.other", "expected true or false" + AFFECTED_IN_A_COUNT)
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
        cast_by = None
        if "cast_by" in data:               # "spells you cast" (601.2a): on the stack only
            cast_by = self.string(data["cast_by"], f"{where}.cast_by")
            if cast_by != "you":
                raise self.fail(f"{where}.cast_by", f"expected you (the spells the ability's controller cast), "
                                                    f"got {cast_by!r}")
            if data.get("zone") not in ("stack", ["stack"]):
                raise self.fail(f"{where}.cast_by", "cast_by names spells: give zone: stack with it")
        attached_to = data.get("attached_to", "self")
        if attached_to != "self" and not (attached_to in ("affected", "attached") and place == "count"):
            raise self.fail(f"{where}.attached_to", "expected self (\"attached to it\": the permanents attached to "
                            "the ability's object)" + AFFECTED_IN_A_COUNT + "; or attached: attached to what the "
                            "ability's object is attached to (Brass Knuckles)")
        if branches and len({(b.on_affected, b.other_than_affected) for b in branches}) > 1:
            raise self.fail(f"{where}.any", "attached_to: affected and other: affected go in every branch or none")
        first = branches[0] if branches else Selector()
        return Selector(words=words, not_words=not_words, controller=controller, other=other is True, branches=branches,
                        on_source="attached_to" in data and attached_to == "self",
                        on_host=attached_to == "attached" or first.on_host,
                        on_affected=attached_to == "affected" or first.on_affected,
                        other_than_affected=other == "affected" or first.other_than_affected,
                        chosen=chosen, zones=self.selector_zones(data.get("zone"), f"{where}.zone"), owner=owner,
                        cast_by=cast_by,
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
            (negated if word in NEGATED_STATUS_WORDS else statuses).append(STATUS_SELECTOR_WORDS[word])
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
            if self.check_card_name is not None:
                self.check_card_name(found["named"], f"{where}.named")
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
        if "counters" in data:
            found["counters"] = self.selector_counters(data["counters"], f"{where}.counters")
        if "attacking" in data:         # 506.4c "creatures attacking you": the player each attacks (the case's `attacks:`)
            found["attacking"] = self.string(data["attacking"], f"{where}.attacking")
            if found["attacking"] not in ("you", "opponent", "enchanted_player"):
                raise self.fail(f"{where}.attacking", f"expected you, opponent or enchanted_player, got {found['attacking']!r}")
        return found

    def selector_counters(self, value, where: str) -> tuple[str, int]:
        """`counters: {kind: +1/+1, at_least: 1}`: "with a +1/+1 counter on it"; without kind, counters of
        any kind ("with a counter on it", 122.1); at_least defaults to 1."""
        data = self.mapping(value, where, ("kind", "at_least"))
        kind = ""
        if "kind" in data:
            kind = self.string(data["kind"], f"{where}.kind")
            self.words.counter(kind, f"{where}.kind")
        least = self.integer(data.get("at_least", 1), f"{where}.at_least")
        if least < 1:
            raise self.fail(f"{where}.at_least", "expected 1 or more (\"with a counter on it\" is at_least: 1)")
        return kind, least

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
