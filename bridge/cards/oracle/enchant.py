"""What an Aura's enchant keyword allows (702.5a, 303.4a), read into a selector that 704.5m checks on the
finished board: "enchant creature you control", "enchant nonland permanent", "enchant artifact or creature"."""
from __future__ import annotations

import re

from bridge.cards.oracle.subjects import subject
from bridge.model.errors import CaseError
from bridge.model.vocabulary import Selector
from bridge.vocabulary.reader import Reader

# The nouns an alternative ends with ("artifact or creature"): a color alone ("green or white creature") is no
# alternative of its own.
NOUNS = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle", "permanent")


def enchant_restriction(phrase: str) -> Selector | None:
    """The permanents `phrase` (the words after "enchant") names, or None when it is not read (it is then
    reported as not checked)."""
    alternatives = re.split(r",? or |, ", phrase.strip())
    found = []
    for words in alternatives:
        selector = subject(words)
        if not isinstance(selector, dict) or "any" in selector or "zone" in selector or not selector.get("all"):
            return None
        last = selector["all"][-1]
        if last.lower() not in NOUNS and not last[:1].isupper():     # a noun: a card type or a subtype
            return None
        found.append(selector)
    # what follows the last noun qualifies every alternative: "creature or planeswalker an opponent controls"
    shared = {key: found[-1][key] for key in ("controller", "has", "lacks") if key in found[-1]}
    found = [{**shared, **selector} for selector in found]
    try:
        return Reader("enchant").selector(found[0] if len(found) == 1 else {"any": found}, "enchant", place="sba")
    except CaseError:            # a word the rules' lists don't know: not read
        return None
