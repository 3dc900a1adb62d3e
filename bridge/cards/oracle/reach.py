"""What a layer line the reader left as text may change, and whose (issue 32: never silent).

A static ability the reader cannot read generates no effect here, so every value it could have
changed is shown marked, with the line, in the table. This reads only the line's wording: the
characteristics it names (613.1: copiable values, control, text, types, colors, abilities, power and
toughness) and its subject ("~" and "this ..." are the object itself, "enchanted"/"equipped" the object
it is attached to). When the wording names none, every characteristic is marked.
"""
from __future__ import annotations

import re

from bridge.cards.oracle.keywords import PLAIN
from bridge.cards.oracle.patterns import lazy_pattern
from bridge.model.vocabulary import UNREAD_CHANGES as CHARACTERISTICS

# Words that tell a static ability changes characteristics or control (613.1): a line with them that
# the reader cannot read is flagged (Reading.layer) and counted by `mtg-layers cards coverage`.
GRANTED = "|".join(sorted(PLAIN | {"protection", "hexproof", "landwalk", "\\w+walk", "ward", "toxic", "annihilator",
                                   "bushido", "rampage", "afflict", "absorb", "frenzy", "poisonous", "bloodthirst",
                                   "retrace", "flashback", "escape", "modular"},
                          key=len, reverse=True))
LAYER_HINTS = lazy_pattern(r"\b(?:gets? (?:an additional )?[+-]|(?<!n't )ha(?:s|ve) (?:base|" + GRANTED + r')\b|ha(?:s|ve) "|'
                           r"loses? (?:all|" + GRANTED + r")\b|in addition to (?:its|their) other|base power|power and toughness (?:are|is)|"
                           r"(?:power|toughness) is equal|you control enchanted|every creature type|"
                           # ("there is a Lesson card in your graveyard": what is somewhere, not what an object is)
                           r"(?<!there )(?:is|are) (?:a|an|black|white|blue|red|green|colorless)\b|"
                           r"are (?:black|white|blue|red|green|colorless|[A-Z]\w+s)\b|(?:is|are) the chosen|"
                           r"enter(?: the battlefield)? as a copy|becomes? a copy|"
                           # 122.1b a keyword counter, 614.1c "enters ... with haste" (Voidpouncer) or
                           r"enters? with .*\b(?:" + GRANTED + r") counter|enters? .*\bwith (?:(?:" + GRANTED + r')\b|"))'
                           # (... and with "Pay 3 life: Regenerate this creature.", Anavolver: an ability too)
                           r"|^(?:\{TK\})+ —")      # 123.7-8 an ability or P/T sticker (Unfinity)
# ... and on resolution: "gain control of", "~ becomes a 2/2 creature", "gains flying" (611.2, 613.1).
RESOLVED_HINTS = lazy_pattern(r"\b(?:gains? control|exchange control|switch .*power and toughness|becomes? (?:a|an|\d|[+-]|colorless|"
                              r"(?:white|blue|black|red|green)\b|the (?:colou?r|creature type|basic land type) of\b)|gains? (?:" + GRANTED + r')\b|gains? "|'
                              r"get [+-]|loses? (?:all|" + GRANTED + r")\b|cop(?:y|ies) of|(?:is|are) (?:a|an) "
                              r"(?!\w+ (?:spell|card)\b))", re.IGNORECASE)

# What a resolving effect's wording asks before it acts is no effect: "If that permanent is a Spirit, ..."
# (Rending Flame), "If it's red, ...", "there is an additional combat phase" (500.8) say nothing changes;
# nor do its words on players: "Your life total becomes 10" (119.5), "You gain shroud" (613.10), "Each
# opponent loses all counters" (122.1); "Players gain hexproof" (Everybody Lives!), "you gain protection from everything"
# (Teferi's Protection: 702.16j a player's protection, no object's); nor does what a word that picks objects asks:
# Blow Your House Down's "Destroy any of them that are Walls".
CONDITION_CLAUSE = lazy_pattern(r"\b(?:if|unless)\b[^,.\"]*|\bthere (?:is|are) an? additional\b|\bwhere X is\b[^.\"]*|"
                                r"\blife totals? becomes?\b|(?:\b(?<!and )|(?<=can't change and ))(?:you|players|each player) gains? (?:shroud|hexproof|"
                                r"protection from everything)\b|\bloses? all counters\b|\bany of them that are [A-Z]\w+s\b",
                                re.IGNORECASE)


def without_conditions(text: str) -> str:
    """A resolved effect's text without the clauses that ask (for its layer words only)."""
    return CONDITION_CLAUSE.sub("", text)


# A line that is no static ability: a trigger (603.1), a Saga chapter (714.2b), a mode (700.2), or
# "[Cost]: [Effect]" (602.1).
NOT_STATIC = lazy_pattern(r"^(?:when|whenever|at the beginning|at (?:the )?end|[IV]+(?:, [IV]+)* —|•)|^[^\"]*?:\s",
                          re.IGNORECASE)

WORDING = (
    ("copy", r"\bcop(?:y|ies)\b"),
    ("control", r"\bcontrol (?:of )?(?:enchanted|equipped|target|each|all)\b|\bgains? control\b|\bcontrols? enchanted\b"),
    ("text", r"\btext\b|\bname\b"),
    ("types", r"\b(?:types?|creatures?|artifacts?|lands?|enchantments?|planeswalkers?|battles?|[A-Z][a-z]+s?)\b"),
    ("colors", r"\b(?:white|blue|black|red|green|colorless|colou?rs?|chosen color)\b"),
    ("abilities", r"\b(?:ha(?:s|ve)|gains?|loses?|abilit(?:y|ies))\b|\bwith (?:" + GRANTED + r")\b|\b(?:"
                  + GRANTED + r") counter"),
    ("pt", r"\bgets? [+-]|\bpower\b|\btoughness\b|\b[\dX*]+/[\dX*]+\b|[+-][\dX]+/[+-][\dX]+"),
)
# The predicate starts at the subject's verb: what follows is what changes ("Creatures you control
# get +1/+1": P/T, not types).
VERB = lazy_pattern(r"\b(?:gets?|ha(?:s|ve)|is|are|becomes?|gains?|loses?|enters?|can't|lose)\b")
COUNTED = lazy_pattern(r"\b(?:for each|where X is|equal to (?:the number|the total|twice|half))\b"
                       r"(?:(?!\band (?:is|are|ha(?:s|ve)|gains?|loses?|becomes?)\b)[^,.;\"])*", re.IGNORECASE)
LEADING_CONDITION = lazy_pattern(r"^(?:[^—]{1,40} — )?(?:(?:as long as|during|if|while)\b[^,]*, )?", re.IGNORECASE)


def unread_reach(plain: str) -> dict:
    """{"changes": [characteristics], "of": this|attached|any} for a layer line left as text; `plain`
    is the line with the card's name written "~" (text.normalized)."""
    unquoted = re.sub(r'"[^"]*"', "an ability", plain)
    verb = VERB.search(unquoted)
    predicate = unquoted[verb.start():] if verb else unquoted
    # What a count counts is not what changes: "gets +2/+2 for each other enchantment on the
    # battlefield" (Ancestral Mask) changes P/T, not types.
    changed_part = COUNTED.sub("", predicate)
    changes = [what for what, pattern in WORDING if re.search(pattern, changed_part)]
    if re.search(r"\b(?:power|toughness)\b", unquoted[:verb.start()] if verb else ""):
        changes = ["pt"]                     # "~'s power is equal to ..." (a CDA, 604.3)
    if re.match(r"you control (?:enchanted|equipped)\b", plain, re.IGNORECASE):
        return {"changes": ["control"], "of": "attached"}          # 613.2 (layer 2)
    if "copy" in changes:
        changes = ["copy"]                   # copiable values (707.2): every characteristic but control
    elif re.search(r"\bfull text\b", predicate):   # Volrath's Shapeshifter: name, mana cost, color, types, P/T too
        changes = [what for what in CHARACTERISTICS if what not in ("copy", "control")]
    elif not changes:
        changes = list(CHARACTERISTICS)      # the wording named nothing: every characteristic
    clause = LEADING_CONDITION.sub("", unquoted, count=1)
    condition = unquoted[:len(unquoted) - len(clause)]
    verb = VERB.search(clause)
    subject = clause[:verb.start()].strip() if verb else clause
    if subject.lower() == "it" and re.search(r"\b(?:enchanted|equipped|fortified)\b", condition, re.IGNORECASE):
        of = "attached"                      # "As long as enchanted permanent is a creature, it has flying"
    elif subject.lower() == "it" and "~" not in condition:
        of = "any"                           # "it" names what the condition names: not sure it is this
    elif re.fullmatch(r"(?:~|this \w+|it)(?:'s (?:power|toughness|power and toughness))?", subject, re.IGNORECASE):
        of = "this"                          # only the object itself ("~ and other creatures ..." is any)
    elif re.fullmatch(r"(?:enchanted|equipped|fortified) \w+(?: \w+)?", subject, re.IGNORECASE):
        of = "attached"
    else:
        of = "any"
    return {"changes": changes, "of": of}
