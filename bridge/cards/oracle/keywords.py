"""Keyword abilities (702) as the vocabulary writes them: one lower-case string, with its parameter
('protection from red', 'equip {1}', 'fading 2'). A line made only of keywords is read as keywords."""
from __future__ import annotations

import re

from bridge.cards.oracle.patterns import lazy_pattern

# 702: keywords with no parameter.
PLAIN = frozenset(w.strip() for w in """deathtouch, defender, double strike, first strike, flash, flying, haste,
hexproof, indestructible, intimidate, lifelink, menace, reach, shroud, trample, vigilance, banding, flanking,
phasing, shadow, horsemanship, fear, changeling, devoid, wither, infect, persist, undying, exalted, convoke,
delve, prowess, cascade, rebound, storm, split second, sunburst, soulbond, evolve, extort, unleash, cipher,
dethrone, skulk, ascend, mentor, riot, jump-start, spectacle, undaunted, partner, melee, improvise, myriad,
decayed, living weapon, battle cry, epic, haunt, gravestorm, provoke, conspire, compleated, daybound,
nightbound, ravenous, enlist, read ahead, assist, aftermath""".split(","))
# 702 keywords followed by a cost, a number or a quality.
WITH_PARAMETER = lazy_pattern(
    r"(?:equip|morph|megamorph|disguise|cycling|kicker|multikicker|flashback|buyback|echo|madness|unearth|"
    r"replicate|ninjutsu|evoke|dash|emerge|embalm|eternalize|escape|foretell|reconfigure|bestow|"
    r"cumulative upkeep|entwine|retrace|transmute|transfigure|level up|outlast|scavenge|suspend \d+|"
    r"prowl|surge|awaken \d+|ward|blitz|encore|disturb|craft with [^{]+|mutate|plainscycling|islandcycling|"
    r"swampcycling|mountaincycling|forestcycling|landcycling|basic landcycling|fortify|crew|fading|vanishing|"
    r"bloodthirst|bushido|afflict|annihilator|rampage|modular|graft|dredge|amplify|frenzy|poisonous|"
    r"absorb|tribute|renown|fabricate|devour|backup|toxic|squad|casualty|training|afterlife|soulshift|"
    r"protection from|hexproof from|enchant|affinity for|\w+walk|landwalk|(?:artifact|nonbasic|legendary|snow) \w+walk|"
    r"champion an?|companion)\b")


# Keywords whose parameter is a quality ("protection from red", "enchant creature", "affinity for artifacts").
QUALITY = lazy_pattern(r"(?:protection from|hexproof from|enchant|affinity for|champion an?|craft with|companion|"
                       r"\w+walk|landwalk|(?:artifact|nonbasic|legendary|snow) \w+walk)\b")   # 702.14a, c
# What may follow any other keyword: a mana cost, a number (X), a number then "—" and a cost ("suspend 4—{1}{U}"),
# or "—" and a cost in words ("Morph—Discard a card.", 702.37a; "Ward—Pay 3 life.", 702.21a).
PARAMETER = lazy_pattern(r"(?: (?:\{[^}]+\})+| (?:\d+|x)(?:—.+)?|—.+| (?:\{[^}]+\})+ \(.*\))?")
OWN_COST_LOWERED = lazy_pattern(r"(?:equip|fortify|reconfigure) (?:\{[^}]+\})+\. this ability costs \{\d+\} less to activate "
                                r"(?:if|for each) [^.]+\.?")
# Words that make what follows a keyword a condition or a rider, not its parameter: "ward {4} as long as
# it's untapped" is a conditional ability, not the keyword "ward {4} as long as ...".
RIDER = lazy_pattern(r"\b(?:as long as|if|unless|until|during|for each|where|except)\b")


def keyword(piece: str) -> str | None:
    """The keyword a comma-separated piece of a keyword line is, or None."""
    word = " ".join(piece.strip().rstrip(".").split())
    lower = word.lower()
    if "chosen" in lower:
        return None              # 'protection from the chosen color' needs the choice (607.2)
    if lower in PLAIN:
        return lower
    if "." in lower or ":" in lower:
        return None
    quality = QUALITY.match(lower)
    if quality:
        return None if RIDER.search(lower[quality.end():]) else lower
    if re.fullmatch(r"equip(?: [a-z]+){1,2} (?:\{[^}]+\})+", lower):
        return lower                                 # 702.6e "Equip [quality] {cost}"
    name = WITH_PARAMETER.match(lower)
    if name and PARAMETER.fullmatch(lower[name.end():]):
        rest = lower[name.end():]
        return lower[: name.end()] + " — " + rest[1:].strip() if rest.startswith("—") else lower
    return None


def starts_with_keyword(line: str) -> bool:
    """A line that begins with a keyword and goes on with a condition or a rider ("Ward {4} as long as
    it's untapped"): a layer line the reader cannot read, not a keyword. (An activated keyword whose cost the next
    sentence lowers, Crown of Gondor's "Equip {4}. This ability costs {3} less to activate if you're the monarch.",
    is none: 601.2f, 602.2b change what it costs, no characteristic.)"""
    lower = line.lower()
    if OWN_COST_LOWERED.fullmatch(lower):
        return False
    return bool(WITH_PARAMETER.match(lower) or any(lower.startswith(k + " ") for k in PLAIN)) and \
        bool(RIDER.search(lower))


def keyword_line(line: str) -> list[str] | None:
    """'Flying, first strike' -> ['flying', 'first strike']; None if any piece isn't a keyword.
    ('Protection from white and from blue' stays one keyword as printed; 702.16g makes it two protections,
    which the facts give it: bridge/solving/vocabulary_facts.py protection_qualities.)"""
    pieces = [line] if line.lower().startswith(("protection from", "enchant ")) else re.split(r"[,;] ", line)
    found = [keyword(p) for p in pieces]
    return None if not found or None in found else found
