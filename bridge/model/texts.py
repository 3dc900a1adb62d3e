"""How an ability reads, for people: its text, with the words a text-changing effect replaced."""
from __future__ import annotations

import re

from clingo import Symbol, SymbolType

from bridge.model.vocabulary import COLOR_WORDS

# Characters that end a line on some terminal or viewer (CR, LF, VT, FF, the file/group/record
# separators, NEL, Unicode's line and paragraph separators): user text printed on one line shows
# them as \uXXXX, so a title or an id cannot print a line of its own (a fake `pass`).
LINE_BREAKS = re.compile("[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")


def one_line(text) -> str:
    r"""`text` with every line-breaking character as a \uXXXX escape."""
    return LINE_BREAKS.sub(lambda m: f"\\u{ord(m.group()):04x}", str(text))


# The name of each characteristic of asp/ in the tables and explanations.
ATTRIBUTE_NAMES = {"name": "name", "controller": "controller", "type": "types", "subtype": "subtypes",
                   "supertype": "supertypes", "color": "colors", "ability": "abilities", "power": "power",
                   "toughness": "toughness", "mana_value": "mana value", "loyalty": "loyalty", "defense": "defense"}


def plural(word: str) -> str:
    if word.endswith("f"):
        return word[:-1] + "ves"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word + "s"


def word_pattern(word: str) -> str:
    return r"\b(" + re.escape(plural(word)) + "|" + re.escape(word) + r")\b"


def has_word(text: str, word: str) -> bool:
    """Whether the text uses the word (singular or plural), as a whole word."""
    return re.search(word_pattern(word), text, flags=re.IGNORECASE) is not None


def replace_word(text: str, old: str, new: str) -> str:
    """Replace a whole word (singular or plural), keeping a sentence's capital and its article."""
    singular = re.escape(old)
    plural_form = re.escape(plural(old))

    def swap(match: re.Match) -> str:
        article, word = match.group(1) or "", match.group(2)
        out = plural(new) if word.lower() == plural(old).lower() else new
        if word[:1].isupper():
            out = out[:1].upper() + out[1:]
        elif not new[:1].isupper() or new.lower() in COLOR_WORDS:   # colors are lowercase mid-sentence
            out = out.lower()
        if article:
            an = "an" if out[:1].lower() in "aeiou" else "a"
            article = (an.capitalize() if article[:1].isupper() else an) + " "
        return article + out
    pattern = r"\b((?:an?|An?) )?(" + plural_form + "|" + singular + r")\b"
    return re.sub(pattern, swap, text, flags=re.IGNORECASE)


def ability_text(term: Symbol, texts: dict) -> str:
    if term in texts:
        return texts[term]
    if term.type == SymbolType.Function and term.name == "changed":
        base, old, new = term.arguments
        return replace_word(ability_text(base, texts), old.string, new.string)
    return str(term)


def effect_text(term: Symbol, labels: dict, object_names: dict, texts: dict) -> str:
    """How an effect is named for people: its case label, or its source and ability."""
    if term.name == "res":
        return labels.get(term, str(term))
    if term.name == "st":
        obj, ability = term.arguments
        return f"{object_names.get(obj.string, obj.string)} ({obj.string}): {ability_text(ability, texts)}"
    if term.name == "ctr":
        obj, kind = term.arguments
        return f"{kind.string} counters on {obj.string}"
    if term.name == "kctr":
        obj, kind = term.arguments
        return f"{kind.string} counter on {obj.string}: it has {kind.string} (122.1b)"
    if term.name == "face_down":
        return f"{term.arguments[0].string} is face down (708.2a)"
    if term.name == "flipped":
        return f"{term.arguments[0].string} is flipped (710.2)"
    if term.name == "reconfigured":
        return f"{term.arguments[0].string} is attached with reconfigure: not a creature (702.151b)"
    return str(term)


def trigger_text(trigger, texts: dict) -> str:
    """A triggered ability that triggered (bridge.solving.timeline.Trigger), in words."""
    times = "once" if trigger.times == 1 else f"{trigger.times} times"
    return (f"triggers {times}: {trigger.source}'s \"{ability_text(trigger.ability, texts)}\" "
            f"(controller {trigger.controller})")
