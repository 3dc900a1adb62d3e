"""Abilities that act on players (613.10) and on the game's rules for them (613.11, 402.2),
read into the vocabulary's `players:` entry."""
from __future__ import annotations

import re

from bridge.cards.oracle.subjects import subject

WHO = {"you": "you", "players": "each", "each player": "each", "your opponents": "opponents",
       "each opponent": "opponents"}
GAINS = ("shroud", "hexproof", "can't gain life")


def player_ability(sentence: str) -> dict | None:
    """True Believer: 'You have shroud.'; Spellbook: 'You have no maximum hand size.';
    Forsaken Wastes: "Players can't gain life."."""
    sentence = sentence.rstrip(".")
    m = re.fullmatch(r"(You|Players|Each player|Your opponents|Each opponent) (?:have|has) (no maximum hand size|"
                     r"shroud|hexproof|protection from \w+)", sentence)
    if m:
        who = WHO[m.group(1).lower()]
        if m.group(2) == "no maximum hand size":
            return {"players": {"who": who, "max_hand_size": "none"}}
        return {"players": {"who": who, "gain": [m.group(2)]}}
    m = re.fullmatch(r"(You|Players|Your opponents|Each opponent) can't gain life", sentence)
    if m:
        return {"players": {"who": WHO[m.group(1).lower()], "gain": ["can't gain life"]}}
    m = re.fullmatch(r"Your maximum hand size is increased by (one|two|three|\d+)", sentence)
    if m:
        amount = {"one": 1, "two": 2, "three": 3}.get(m.group(1)) or int(m.group(1))
        return {"players": {"who": "you", "max_hand_size": {"add": amount}}}
    return None


def legend_rule_off(sentence: str) -> dict | None:
    """613.11 Mirror Gallery: 'The "legend rule" doesn't apply.'; Mirror Box: '... doesn't apply to permanents you
    control.'; Sliver Gravemother: '... to Slivers you control.' (a condition before it is not read: None)."""
    m = re.fullmatch(r"The \"legend rule\" doesn't apply(?: to (.+?))?\.?", sentence)
    if m is None:
        return None
    if m.group(1) is None:
        return {"rule_off": {"rule": "legend_rule"}}
    which = subject(m.group(1))
    if not isinstance(which, dict) or "zone" in which:
        return None
    return {"rule_off": {"rule": "legend_rule", "for": which}}


def enters_tapped(sentence: str) -> dict | None:
    """Skyshroud Behemoth: '~ enters tapped.' (614.1c) — also the pre-2024 'enters the battlefield tapped'."""
    if re.fullmatch(r"~ enters(?: the battlefield)? tapped\.?", sentence):
        return {"enters": {"tapped": True}}
    return None
