"""Oracle text as the reader sees it: one ability per line, reminder text set aside, the card's
references to itself written '~' (its name, 'CARDNAME', or 'this creature' in the 2024-25 wording)."""
from __future__ import annotations

import re
from bridge.cards.oracle.patterns import lazy_pattern
from bridge.cards.oracle.words import card_type, singular_subtype

REMINDER = lazy_pattern(r"\s*\([^()]*\)")
SELF_WORDS = lazy_pattern(r"\b[Tt]his (?:creature|enchantment|artifact|land|Aura|Equipment|permanent|Vehicle|"
                          r"planeswalker|card|spell|battle|Case|Class)\b|\bCARDNAME\b")


def ability_lines(text: str) -> list[str]:
    """The card's abilities in printed order (113.2b: each paragraph is one ability)."""
    return [line.strip() for line in text.replace("\\n", "\n").splitlines() if line.strip()]


def without_reminder(line: str) -> str:
    """207.2: reminder text (in parentheses) has no effect of its own."""
    return " ".join(REMINDER.sub("", line).split())


def self_names(name: str, legendary: bool = True) -> list[str]:
    """How the card's text may name itself (201.5): a legendary card also by the part before a comma or
    " of " (Agatha of the Vile Cauldron: "Agatha's power"; Svyelun of Sea and Sky: "Svyelun has ..."). A nonlegendary card's Oracle text names
    itself "this creature": Knight of the Mists' "destroy target Knight" is a creature type, not itself."""
    names = [name] if name else []
    if name.startswith("A-"):       # a rebalanced Alchemy card ("A-Triumphant Adventurer") names itself without "A-"
        name = name[2:]
        names.append(name)
    if "," in name:
        names.append(name.split(",", 1)[0])
    if legendary:
        names += [n.split(" of ")[0] for n in names if " of " in n]
        names += [n.split(" the ")[0] for n in names if " the " in n]     # Tuvasa the Sunlit: "Tuvasa gets ..."
    return sorted(set(names), key=len, reverse=True)


def first_word_name(name: str, legendary: bool = True) -> str | None:
    """201.5c a legendary card whose name has no comma, " of " or " the " may name itself by its first word
    (Zurgo Helmsmasher: "During your turn, Zurgo has indestructible"; Legolas Greenleaf: "Legolas can't be
    blocked ..."); not an article ("The Goblin Mastermind") nor a type ("Sliver Queen": "a 1/1 Sliver token")."""
    name = name[2:] if name.startswith("A-") else name
    words = name.split()
    if not legendary or len(words) < 2 or any(s in name for s in (",", " of ", " the ")):
        return None
    first = words[0]
    if first in ("The", "A", "An") or singular_subtype(first) or card_type(first):
        return None
    return first


def with_self_reference(line: str, name: str, legendary: bool = True) -> str:
    """The line with every way the card names itself written '~' — outside quotes: inside a quoted
    ability, 'this creature' is whatever object gets that ability (113.7 ... 'this' means its own source)."""
    parts = line.split('"')
    for i in range(0, len(parts), 2):
        part = SELF_WORDS.sub("~", parts[i])
        for own in self_names(name, legendary):
            # (201.5 the card names itself without an article: Coward's "becomes a Coward" is the creature type)
            part = re.sub(r"(?<![\w'])(?<!\ba )(?<!\ban )" + re.escape(own) + r"(?![\w])", "~", part)
        first = first_word_name(name, legendary)
        if first:           # not the start of another name: Marit Lage's Slumber's "Marit Lage", "Nissa's Chosen"
            part = re.sub(r"(?<![\w'])" + re.escape(first) + r"(?![\w])(?!(?:'s)? [A-Z])", "~", part)
        parts[i] = part
    return '"'.join(parts)


# 207.2c an ability word, 207.2d a flavor word: no rules meaning ("Landfall — ", "Descend 8 — ",
# "Council's dilemma — ", "Family Gathering — "); a keyword's cost after a dash has no spaces ("Ward—").
# "Max speed — " (702.178a: as long as your speed is 4) and a Case's "Solved — " (702.169, 719.3c: as long
# as it is solved) are keywords that make a condition, not ability words: they stay, and the line with them.
ABILITY_WORD = lazy_pattern(r"^(?!Max speed —|Solved —)[A-Z][a-z][\w'!,-]*(?: [\w'!,&~-]+){0,7} — (?=[A-Z~])")


def normalized(line: str, name: str, legendary: bool = True) -> str:
    """The form templates match: no reminder text, no ability word (207.2c: 'Landfall — ' has no rules
    meaning), '~' for self, straight apostrophes, one space."""
    line = line.replace("’", "'").replace("“", '"').replace("”", '"').replace("−", "-")
    return ABILITY_WORD.sub("", with_self_reference(without_reminder(line), name, legendary))
