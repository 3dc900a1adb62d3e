"""Activated abilities (loyalty abilities too, 606) whose effect is a continuous effect (the vocabulary's
`activated: {does: ...}`, used by a case's `effects: - activated: ID`): lands and artifacts that become
creatures until end of turn, pumps, "target creature gains ..." (`affects: targets`: the case names
them). The effect is read by resolved.py; other activated abilities stay text."""
from __future__ import annotations

import re

from bridge.cards.oracle.delayed import delayed_trigger_effect
from bridge.cards.oracle.parts import one_group, resolved_parts
from bridge.cards.oracle.resolved import resolved_effect


# 702: keyword abilities that are activated abilities ("Equip {8}" is "{8}: Attach ...", 702.6a).
ACTIVATED_KEYWORDS = ("equip", "fortify", "crew", "cycling", "reconfigure", "level up", "outlast", "unearth",
                      "ninjutsu", "transmute", "scavenge", "embalm", "eternalize", "encore", "bloodrush")
LOYALTY_COST = r"[+−-]?(?:\d+|X)"


def is_activated(text: str, keyword: str | None = None) -> bool:
    """602.1 An activated ability is written "[Cost]: [Effect.]" (a loyalty ability's cost is "+1", "−2");
    some keywords are activated abilities."""
    if keyword:
        return keyword.lower().startswith(ACTIVATED_KEYWORDS)
    cost, colon, _ = text.partition(": ")
    return bool(colon) and '"' not in cost and bool(
        re.fullmatch(r"(?:\{[^}]+\}|,|\s|[A-Z][^,]*?)+", cost) or re.fullmatch(r"\[?" + LOYALTY_COST + r"\]?", cost))


def activated_ability(sentence: str) -> dict | None:
    """Mishra's Factory: '{1}: ~ becomes a 2/2 Assembly-Worker artifact creature until end of turn. It's still a
    land.' (205.1b); Celestial Colonnade: '... becomes a 4/4 white and blue Elemental creature with flying and
    vigilance. It's still a land.'; Wild Mongrel-like pumps: '{R}: ~ gets +1/+0 until end of turn.'; Gideon,
    Ally of Zendikar's '[+1]: Until end of turn, ~ becomes a 5/5 ... that's still a planeswalker.' (606: a
    loyalty ability is an activated ability); '{1}{R}: Target creature gets +1/+0 until end of turn.' affects
    its targets, which the case names (`affects:`)."""
    cost, colon, effect = sentence.partition(": ")
    if not colon or '"' in cost or not (re.fullmatch(r"(?:\{[^}]+\}|,|\s|[A-Z][^,]*?)+", cost)
                                        or re.fullmatch(r"\[?" + LOYALTY_COST + r"\]?", cost)):
        return None
    found = resolved_effect(effect) or delayed_trigger_effect(effect) or one_group(effect)   # (603.7; parts.py)
    if found is None:
        parts = resolved_parts(effect)          # 611.2c several groups: each a part the case names
        return None if parts is None else {"activated": {"parts": [
            {"does": ops, **({"affects": "others"} if whom == "others" else {})} for whom, ops in parts]}}
    whom, ops = found
    return {"activated": {"does": ops, **({"affects": "others"} if whom == "others" else {})}}
