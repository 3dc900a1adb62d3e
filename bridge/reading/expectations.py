"""What a case expects (`expect:`, `expect_under:`, `expect_players:`): each value checked against the
vocabulary before anything is solved."""
from __future__ import annotations

import re

from bridge.model.case import Expectation
from bridge.model.vocabulary import canonical_word
from bridge.reading.case_keys import CARD_ZONE_NAMES, DECISION_KEYS, EXPECT_KEYS, PLAYER_EXPECT_KEYS


class ExpectationReading:
    """Part of CaseBuilder (bridge/reading/case.py): expectations."""

    def player_expectations(self, data) -> tuple[Expectation, ...]:
        """{player: {has: [...], lacks: [...], max_hand_size: N or none}} (613.10, 613.11)."""
        r = self.reader
        if not isinstance(data, dict):
            raise self.fail("expect_players", "expected a mapping of player name to what they have")
        found = []
        for player, values in data.items():
            where = f"expect_players.{player}"
            name = self.player(player, where)
            for key, value in r.mapping(values, where, PLAYER_EXPECT_KEYS).items():
                if key == "max_hand_size":
                    value = None if value == "none" else r.integer(value, f"{where}.{key}")
                else:
                    value = [" ".join(v.lower().split()) for v in r.string_list(value or [], f"{where}.{key}")]
                found.append(Expectation(name, key, value))
        return tuple(found)

    def expectations(self, data, by_id: dict, key: str = "expect") -> tuple[Expectation, ...]:
        if not isinstance(data, dict):
            raise self.fail(key, "expected a mapping of object id to expected characteristics")
        found = []
        for object_id, values in data.items():
            with self.collector.entry():
                found += self.object_expectations(object_id, values, f"{key}.{object_id}", by_id)
        return tuple(found)

    def object_expectations(self, object_id, values, where: str, by_id: dict) -> list[Expectation]:
        """What the case expects of one object; each key's error is recorded and the next key read."""
        object_id = self.known_object(object_id, where, by_id)      # an id written as a number, too
        values = self.reader.mapping(values, where, EXPECT_KEYS)
        found = []
        for key, value in values.items():
            with self.collector.entry():
                found.append(Expectation(str(object_id), key,
                                         self.expected_value(object_id, key, value, f"{where}.{key}", by_id)))
        return found

    def expected_value(self, object_id: str, key: str, value, at: str, by_id: dict):
        r = self.reader
        zone = by_id[object_id].zone
        if key != "zone" and not by_id[object_id].has_characteristics:
            raise self.fail(at, f"{object_id!r} ends in the {zone} where it has no characteristics of its "
                            "own in this version (a copy of a spell, or an ability): only its zone "
                            "can be expected")
        if key == "controller" and zone in CARD_ZONE_NAMES:
            raise self.fail(at, f"{object_id!r} is in the {zone}: it has no controller (108.4a)")
        if key in ("cast", "decisions", "illegal_targets", "countered_on_resolution") and zone != "stack":
            raise self.fail(at, f"{object_id!r} is not a spell on the stack")
        if key in ("types", "subtypes", "supertypes", "colors", "abilities", "has_abilities",
                   "lacks_abilities"):
            if value is None:
                value = []
            value = r.string_list(value, at)
            self.expected_words(key, value, at)
        elif key in ("mana_value", "power", "toughness"):
            value = r.integer(value, at)
        elif key == "pt" and value is None:
            value = None          # no power and toughness at all
        elif key == "pt":
            text = r.string(value, at)
            if not re.fullmatch(r"-?\d+/-?\d+", text.strip()):
                raise self.fail(at, f"expected power/toughness like 2/2, got {text!r}")
            value = text.strip()
        elif key == "controller":
            value = self.player(value, at)
        elif key == "illegal_targets":
            value = list(r.string_list(value or [], at))
        elif key in ("tapped", "cast", "countered_on_resolution"):
            if not isinstance(value, bool):
                raise self.fail(at, "expected true or false")
        elif key == "counters":
            value = dict(r.counters(value or {}, at))
        elif key == "decisions":
            value = self.expected_decisions(value, at)
        else:
            value = r.string(value, at)
        return value

    def expected_words(self, key: str, values, where: str) -> None:
        """Expected types, subtypes, supertypes and colors are words of the rules' lists."""
        check = {"types": self.reader.words.card_type, "subtypes": self.reader.words.subtype,
                 "supertypes": self.reader.words.supertype, "colors": self.reader.words.color,
                 # an ability written without sentence punctuation is a keyword ("flyng" is a typo)
                 **dict.fromkeys(("abilities", "has_abilities", "lacks_abilities"), self.expected_keyword)}.get(key)
        for i, word in enumerate(values):
            if check is not None:
                check(canonical_word(word) if key != "colors" else word, f"{where}[{i}]")

    def expected_keyword(self, text: str, where: str) -> None:
        if not re.search(r"[.:;\"(]", text):
            self.reader.words.keyword(" ".join(text.split()).lower(), where)

    def expected_decisions(self, value, where: str) -> dict:
        """The decisions a spell has (its own, or copied: 707.10); only the keys given are checked."""
        r = self.reader
        data = r.mapping(value, where, DECISION_KEYS)
        found = {}
        for key, item in data.items():
            at = f"{where}.{key}"
            if key in ("modes",):
                found[key] = [r.integer(m, f"{at}[{i}]") for i, m in enumerate(item if isinstance(item, list) else [item])]
            elif key in ("targets", "sacrificed", "mana_spent"):
                found[key] = [canonical_word(v) if key == "mana_spent" else v for v in r.string_list(item or [], at)]
            elif key in ("x", "replicate", "sacrificed_power"):
                found[key] = None if item is None else r.integer(item, at)
            elif key == "kicked":
                if not isinstance(item, bool):
                    raise self.fail(at, "expected true or false")
                found[key] = item
            else:
                if not isinstance(item or {}, dict):
                    raise self.fail(at, "expected a mapping of target to its share, e.g. {bear: 1}")
                found[key] = {r.string(k, at): r.integer(v, f"{at}.{k}") for k, v in (item or {}).items()}
        return found
