"""Kinds of counters a card's own text names (122.1: a counter may have any name; the rules list only
some, asp/word_lists.lp). "Put a quest counter on this enchantment" names the kind "quest", so the card's
"as long as this enchantment has seven or more quest counters on it" is read (Beastmaster Ascension),
and a case may put quest counters on that card's object (bridge/reading/board.py)."""
from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar

from bridge.cards.oracle.patterns import lazy_pattern

# "a quest counter", "three oil counters", "an additional divinity counter", "no ice counters": a word
# between a determiner or number and "counter(s)" (not "counter target spell": the verb, 701.6)
NAMED = lazy_pattern(r"\b(?:an?|one|two|three|four|five|six|seven|eight|nine|ten|\d+|X|additional|another|"
                     r"or more|or fewer|no|each|of) ([a-z]+) counters?\b(?! target)")
# words in that place that name no kind ("a single counter", "the number of other counters")
NOT_KINDS = frozenset("""a an one two three four five six seven eight nine ten keyword additional another other single different such those these that this its their each
    more fewer same kind kinds type types many much total extra""".split())

NAMED_BY_THE_CARD: ContextVar[frozenset] = ContextVar("named_counter_kinds", default=frozenset())


def named_counter_kinds(text: str) -> frozenset:
    """The counter kinds a card's Oracle text names (lower case)."""
    return frozenset(k for k in NAMED.findall(text.replace("’", "'")) if k not in NOT_KINDS)


@contextmanager
def kinds_named_by(text: str):
    """While a card's lines are read, the kinds its text names count as known (122.1)."""
    token = NAMED_BY_THE_CARD.set(named_counter_kinds(text))
    try:
        yield
    finally:
        NAMED_BY_THE_CARD.reset(token)


def counter_kind_known(kind: str) -> bool:
    """A kind the rules name (122), one that modifies P/T ("+1/+1"), or one the card's own text names."""
    if re.fullmatch(r"[+-]\d+/[+-]\d+", kind) or kind in NAMED_BY_THE_CARD.get():
        return True
    from bridge.vocabulary.words import rules_words          # (only here: the lists are read with clingo)
    return rules_words().counter_known(kind)


def is_keyword(word: str) -> bool:
    """A keyword the rules list (702): "and with flying", a keyword counter's kind (122.1b)."""
    from bridge.vocabulary.words import rules_words          # (only here: the lists are read with clingo)
    return rules_words().keyword_known(word)
