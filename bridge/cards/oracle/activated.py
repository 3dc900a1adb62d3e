"""Activated abilities whose effect is a continuous effect on their own object (the vocabulary's
`activated: {does: ...}`, used by a case's `effects: - activated: ID`): lands and artifacts that
become creatures until end of turn. Other activated abilities stay text."""
from __future__ import annotations

import re

from bridge.cards.oracle.predicates import description_ops, gets_pt, has_keywords

COST = r"(?:\{[^}]+\}|[^:\"]+?)"
BECOMES = re.compile(r"(?:Until end of turn, )?~ becomes (?P<what>(?:[^\".]|\"[^\"]*\")+?)(?: until end of turn)?(?:\.|(?<=\.\"))"
                     r"(?P<still> It's still a land\.)?")
GETS = re.compile(r"~ (?P<what>(?:gets|gains) .+?) until end of turn\.")


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
        re.fullmatch(r"(?:\{[^}]+\}|,|\s|[A-Z][^,]*?)+", cost) or re.fullmatch(LOYALTY_COST, cost))


def activated_ability(sentence: str) -> dict | None:
    """Mishra's Factory: '{1}: ~ becomes a 2/2 Assembly-Worker artifact creature until end of turn. It's still a
    land.' (205.1b); Celestial Colonnade: '... becomes a 4/4 white and blue Elemental creature with flying and
    vigilance. It's still a land.'; Wild Mongrel-like pumps: '{R}: ~ gets +1/+0 until end of turn.'"""
    cost, colon, effect = sentence.partition(": ")
    if not colon or '"' in cost or not re.fullmatch(r"(?:\{[^}]+\}|,|\s|[A-Z][^,]*?)+", cost):
        return None
    m = BECOMES.fullmatch(effect)
    if m:
        what = m.group("what")
        colors = re.sub(r"\b(white|blue|black|red|green) and (white|blue|black|red|green)\b", r"\1 \2", what)
        ops = description_ops(colors, in_addition=bool(m.group("still")), colors_addition=False)
        return {"activated": {"does": ops}} if ops else None
    m = GETS.fullmatch(effect)
    if m:
        ops, rest = [], m.group("what")
        while rest:
            found = gets_pt(rest) or has_keywords(rest)
            if found is None:
                return None
            ops.extend(found[0])
            rest = re.sub(r"^(?:,? and |, )", "", found[1])
        return {"activated": {"does": ops}}
    return None
