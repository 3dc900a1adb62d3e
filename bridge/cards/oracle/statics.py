"""Whole-sentence templates of abilities with layer effects, each read into one vocabulary entry
(the mapping a library card's `abilities:` item would hold, without its text). Each template
names the real card it was written from; tests/test_oracle_reader.py reads that card."""
from __future__ import annotations

import re

from bridge.cards.oracle.conditions import conditional_static
from bridge.cards.oracle.numbers import number
from bridge.cards.oracle.counters import counter_replacement
from bridge.cards.oracle.patterns import lazy_pattern
from bridge.cards.oracle.players import enters_tapped, legend_rule_off, player_ability
from bridge.cards.oracle.predicates import operations
from bridge.cards.oracle.subjects import subject

VERBS = lazy_pattern(r" (?=(?:gets?|has|have|is|isn't|are|loses?) )")


def control(sentence: str):
    """Control Magic: 'You control enchanted creature.' (layer 2)."""
    m = re.fullmatch(r"You control (enchanted \w+)\.?", sentence)
    who = subject(m.group(1)) if m else None
    return {"static": {"affects": who, "does": {"gain_control": "you"}}} if who else None


def cda_power_toughness(sentence: str):
    """Nightmare: "~'s power and toughness are each equal to the number of Swamps you control." (604.3, 7a)."""
    m = re.fullmatch(r"~'s power and toughness are each equal to (.+?)\.?", sentence)
    value = number(m.group(1)) if m else None
    if value is None:
        return None
    return {"cda": True, "static": {"affects": "self", "does": {"set_base_pt": {"power": value, "toughness": value}}}}


def cda_power_then_toughness(sentence: str):
    """Tarmogoyf: "~'s power is equal to N and its toughness is equal to that number plus 1." (7a)."""
    m = re.fullmatch(r"~'s power is equal to (.+?) and its toughness is equal to (.+?)\.?", sentence)
    if not m:
        return None
    power = number(m.group(1))
    toughness = number(m.group(2).replace("that number", m.group(1)))
    if power is None or toughness is None:
        return None
    return {"cda": True, "static": {"affects": "self", "does": {"set_base_pt": {"power": power,
                                                                                 "toughness": toughness}}}}


STILL = lazy_pattern(r"(?:\. It's still a land| that's still a land| that are still lands)\.?$")


def cda_power_only(sentence: str, printed_toughness: int | None):
    """Yavimaya Kavu: "~'s power is equal to the number of red creatures on the battlefield." (604.3; the
    toughness is the printed one, which 7a then sets again: the same value)."""
    m = re.fullmatch(r"~'s power is equal to (.+?)\.?", sentence)
    value = number(m.group(1)) if m and printed_toughness is not None else None
    if value is None:
        return None
    return {"cda": True, "static": {"affects": "self", "does": {"set_base_pt": {"power": value,
                                                                                 "toughness": printed_toughness}}}}


def subject_predicate(sentence: str):
    """Glorious Anthem, Elvish Archdruid, Humility, Blood Moon, Rancor, Lignify ...:
    SUBJECT (get|have|is|are|lose ...) PREDICATE, split at the first verb after a known subject.
    Vastwood Zendikon: '... is a 6/4 green Elemental creature. It's still a land.' — 205.1b: it keeps
    its prior types, as 'in addition to its other types' says."""
    if STILL.search(sentence):
        sentence = STILL.sub(" in addition to its other types", sentence)
    sentence = sentence.rstrip(".")
    for split in VERBS.finditer(sentence):
        who = subject(sentence[: split.start()])
        if who is None:
            continue
        predicate = sentence[split.end():]
        if who == "self":               # "for each Aura attached to it": it is the object itself, the source
            predicate = re.sub(r" attached to it\b", " attached to ~", predicate)
        ops = operations(predicate)
        if ops is None or (who != "self" and counts_other(ops)):
            return None
        if who == "self" and ops == ["add_all_creature_types"]:
            return {"cda": True, "static": {"affects": who, "does": ops}}     # 604.3: defines its own types
        return {"static": {"affects": who, "does": ops}}
    return None


def counts_other(value) -> bool:
    """A count of "other" objects (`other: true`: not the source) in an ability of something else than its
    subject: Bravado's "Enchanted creature gets +1/+1 for each other creature you control" means other
    than the enchanted creature, which `other` cannot say; such a line stays text, flagged."""
    if isinstance(value, dict):
        return ("count" in value and isinstance(value["count"], dict) and value["count"].get("other") is True) \
            or any(counts_other(v) for v in value.values())
    if isinstance(value, list):
        return any(counts_other(v) for v in value)
    return False


def choose_as_it_enters(sentence: str):
    """Voice of All: 'As ~ enters, choose a color.' (607.2: the abilities that use the choice see it)."""
    m = re.fullmatch(r"As (?:~ enters(?: the battlefield)?|an additional cost to cast ~), choose a (color|creature type)\.?",
                     sentence)
    key = m.group(1).replace(" ", "_") if m else None
    return {"choose": key, "chosen": key} if m else None      # choose: the choice is the object's choices: entry


def devoid(sentence: str):
    """Eldrazi Devourer: 'Devoid' (702.114a: a CDA, this object is colorless; layer 5)."""
    if sentence.lower() != "devoid":
        return None
    return {"cda": True, "static": {"affects": "self", "does": {"set_colors": []}}}


def conditional(sentence: str):
    """Rune of Flight, Kird Ape, Rusted Relic: a static ability that applies 'as long as ...' (oracle/conditions.py)."""
    lower = sentence.lower()
    return conditional_static(sentence, static_ability) if "as long as" in lower or lower.startswith("during ") \
        else None


TEMPLATES = (conditional, control, cda_power_toughness, cda_power_then_toughness, devoid, player_ability, legend_rule_off,
             enters_tapped, counter_replacement, choose_as_it_enters,
             subject_predicate)


def static_ability(sentence: str) -> dict | None:
    for template in TEMPLATES:
        found = template(sentence)
        if found is not None:
            return found
    return None
