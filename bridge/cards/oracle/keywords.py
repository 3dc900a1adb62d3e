"""Keyword abilities (702) as the vocabulary writes them: one lower-case string, with its parameter
('protection from red', 'equip {1}', 'fading 2'). A line made only of keywords is read as keywords."""
from __future__ import annotations

import re

# 702: keywords with no parameter.
PLAIN = frozenset(w.strip() for w in """deathtouch, defender, double strike, first strike, flash, flying, haste,
hexproof, indestructible, intimidate, lifelink, menace, reach, shroud, trample, vigilance, banding, flanking,
phasing, shadow, horsemanship, fear, changeling, devoid, wither, infect, persist, undying, exalted, convoke,
delve, prowess, cascade, rebound, storm, split second, sunburst, soulbond, evolve, extort, unleash, cipher,
dethrone, skulk, ascend, mentor, riot, jump-start, spectacle, undaunted, partner, melee, improvise, myriad,
decayed, living weapon, battle cry, epic, haunt, gravestorm, provoke, conspire, compleated, daybound,
nightbound, ravenous, enlist, read ahead, assist, aftermath""".split(","))
# 702 keywords followed by a cost, a number or a quality.
WITH_PARAMETER = re.compile(
    r"(?:equip|morph|megamorph|disguise|cycling|kicker|multikicker|flashback|buyback|echo|madness|unearth|"
    r"replicate|ninjutsu|evoke|dash|emerge|embalm|eternalize|escape|foretell|reconfigure|bestow|"
    r"cumulative upkeep|entwine|retrace|transmute|transfigure|level up|outlast|scavenge|suspend \d+|"
    r"prowl|surge|awaken \d+|ward|blitz|encore|disturb|craft with [^{]+|mutate|plainscycling|islandcycling|"
    r"swampcycling|mountaincycling|forestcycling|landcycling|basic landcycling|fortify|crew|fading|vanishing|"
    r"bloodthirst|bushido|afflict|annihilator|rampage|modular|graft|dredge|amplify|frenzy|poisonous|"
    r"absorb|tribute|renown|fabricate|devour|backup|toxic|squad|casualty|training|afterlife|soulshift|"
    r"protection from|hexproof from|enchant|affinity for|\w+walk|landwalk|"
    r"champion an?|companion)\b")


def keyword(piece: str) -> str | None:
    """The keyword a comma-separated piece of a keyword line is, or None."""
    word = " ".join(piece.strip().rstrip(".").split())
    lower = word.lower()
    if "chosen" in lower:
        return None              # 'protection from the chosen color' needs the choice (607.2)
    if lower in PLAIN:
        return lower
    if re.fullmatch(r"\w+walk", lower) or (WITH_PARAMETER.match(lower) and "." not in lower and ":" not in lower):
        return lower
    return None


def keyword_line(line: str) -> list[str] | None:
    """'Flying, first strike' -> ['flying', 'first strike']; None if any piece isn't a keyword.
    ('Protection from white and from blue' is one keyword ability with two qualities, 702.16g.)"""
    pieces = [line] if line.lower().startswith(("protection from", "enchant ")) else re.split(r"[,;] ", line)
    found = [keyword(p) for p in pieces]
    return None if not found or None in found else found
