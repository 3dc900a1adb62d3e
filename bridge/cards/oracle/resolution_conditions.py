"""What a resolved effect's instruction depends on (608.2c): its condition ("If this spell was kicked, ...",
"... instead if ...", "... unless ...", "Otherwise, ..."), read into the key the case gives (`conditions:`)."""
from __future__ import annotations

import re

from bridge.cards.oracle.patterns import lazy_pattern

# 608.2c An instruction that depends on how the effect resolved: "If this spell was kicked, that creature gets
# +4/+4 instead" (Explosive Growth), "If it's a Spirit, it gains trample" (Unchecked Growth), "That creature gets
# -13/-13 instead if a creature died this turn" (Tragic Slip), "... unless any player pays {2}" (Wild Might),
# "Otherwise, ..." (Stolen Vitality). Each operation under it is `{OP, if: KEY}` (`unless: KEY` for the one
# it replaces "instead", or after "unless" or "Otherwise"); the case says how it resolved (`conditions:`).
LEADING_IF = lazy_pattern(r"(?:then )?if (?P<cond>[^,\"]+), (?P<instead>instead )?(?P<rest>.+?)(?P<late> instead)?\.?",
                          re.IGNORECASE)
TRAILING_IF = lazy_pattern(r"(?P<rest>[^\"]+?|[^\"]*\"[^\"]*\"[^\"]*?)(?P<instead> instead)? (?P<word>if|unless) "
                           r"(?P<cond>(?!able\b)[^,\"]+?)\.?")
OTHERWISE = lazy_pattern(r"otherwise, (?P<rest>.+?)\.?", re.IGNORECASE)
# 702.33d kicked, 702.166b bargained, 702.174k the gift promised (the case's key); any other is `condition`
CONDITION_KEYS = (("kicked", r"~ was kicked"), ("bargained", r"~ was bargained"),
                  ("gift_promised", r"the gift was promised"))
# 614.1a "If that creature would die this turn, exile it instead" (Bleed Dry): a replacement effect, no
# characteristic (kept in the text)
WOULD_INSTEAD = lazy_pattern(r"(?:(?<=[.] )|^)If (?:that creature|it|a creature(?: an opponent controls)?|the creature) "
                             r"would (?:die|leave the battlefield)(?: this turn)?, exile it instead"
                             r"(?: of putting it anywhere else)?\.")


def condition_key(words: str) -> str:
    return next((key for key, pattern in CONDITION_KEYS if re.fullmatch(pattern, words, re.IGNORECASE)), "condition")


def conditional(sentence: str, before: str | None):
    """(key or None, held, instead, rest) of a sentence: its condition (608.2c) and what it does then;
    `before` the key of the condition stated before it (what "Otherwise" negates)."""
    m = OTHERWISE.fullmatch(sentence)
    if m:
        return (before, False, False, m.group("rest")) if before else None
    m = LEADING_IF.fullmatch(sentence)
    if m:
        return condition_key(m.group("cond")), True, bool(m.group("instead") or m.group("late")), m.group("rest"), \
            m.group("cond")
    m = TRAILING_IF.fullmatch(sentence)
    if m:
        return condition_key(m.group("cond")), m.group("word") == "if", bool(m.group("instead")), m.group("rest"), \
            m.group("cond")
    return None


def op_kind(op) -> str:
    return op if isinstance(op, str) else next(k for k in op if k not in ("if", "unless"))


def stated_once(stated: dict, key: str, found_condition) -> bool:
    """Each condition key stands for one condition: a second `condition` in other words is refused."""
    words = found_condition[4].casefold() if len(found_condition) > 4 else None
    if words is None:
        return True                           # "Otherwise": the condition before
    if key in stated and stated[key] != words:
        return False
    stated[key] = words
    return True
