"""Replacement effects that put counters (614.1c-e), read into the vocabulary's `others_enter_with`,
`doubles_counters` and `turned_face_up_with` (what they do: asp/614_replacement_effects.lp)."""
from __future__ import annotations

import re

from bridge.cards.oracle.counter_kinds import counter_kind_known, is_keyword
from bridge.cards.oracle.patterns import lazy_pattern
from bridge.cards.oracle.subjects import subject

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
# "three +1/+1 counters", "a flying counter", "an indestructible counter", "a first strike counter"
SOME_COUNTERS = r"(?:an?|one|two|three|four|five|six) (?:[+-]\d+/[+-]\d+|[a-z]+(?: strike)?) counters?"
# "a +1/+1 counter, a flying counter, a deathtouch counter, and a shield counter" (Agent's Toolkit)
COUNTER_LIST = lazy_pattern(rf"({SOME_COUNTERS})(?:(?:, | and |, and )({SOME_COUNTERS}))*")
ONE_KIND = lazy_pattern(r"(\w+) ([+-]\d+/[+-]\d+|[a-z]+(?: strike)?) counters?")


def counters_listed(text: str) -> dict | None:
    """{kind: number} of a list of counters, each kind named once and known (122.1); None otherwise."""
    if not COUNTER_LIST.fullmatch(text):
        return None
    found = {}
    for item in re.split(r", and |, | and ", text):
        m = ONE_KIND.fullmatch(item)
        number, kind = NUMBERS.get(m.group(1).lower()), m.group(2)
        if number is None or kind in found or not counter_kind_known(kind) or (number > 1) != item.endswith("counters"):
            return None
        found[kind] = number
    return found


def counter_replacement(sentence: str) -> dict | None:
    """Bramblewood Paragon: 'Each other Warrior creature you control enters with an additional +1/+1 counter on
    it.'; Metallic Mimic: '... creature you control of the chosen type enters ...'; Doubling Season: 'If an effect
    would put one or more counters on a permanent you control, it puts twice that many of those counters on that
    permanent instead.'; Hooded Hydra: 'As ~ is turned face up, put five +1/+1 counters on it.'"""
    sentence = sentence.rstrip(".")
    m = re.fullmatch(r"Each (other )?(.+?)( of the chosen type)? enters with an additional (\+1/\+1|[a-z]+(?: strike)?) "
                     r"counter on it", sentence)
    if m and counter_kind_known(m.group(4)):
        what = subject(m.group(2))
        if not isinstance(what, dict) or set(what) - {"all", "not", "controller"}:
            return None
        what = {**what, **({"other": True} if m.group(1) else {})}
        if m.group(3):
            what = {**what, "all": what.get("all", []) + [{"chosen": "creature_type"}]}
        return {"others_enter_with": {"what": what, "counters": {m.group(4): 1}},
                **({"chosen": "creature_type"} if m.group(3) else {})}
    # Veiled Ascension: 'Face-down creatures you control enter with a flying counter on them.' (the same, in the plural)
    m = re.fullmatch(r"(.+?s) you control enter with (?:an additional|an?) (\+1/\+1|[a-z]+(?: strike)?) counter on them",
                     sentence)
    if m and counter_kind_known(m.group(2)) and not m.group(1).lower().startswith(("other ", "each ")):
        what = subject(m.group(1) + " you control")
        if isinstance(what, dict) and not set(what) - {"all", "not", "controller"}:
            return {"others_enter_with": {"what": what, "counters": {m.group(2): 1}}}
    m = re.fullmatch(r"If an effect would put one or more counters on (a permanent|a creature) you control, it puts "
                     r"twice that many of those counters on that (?:permanent|creature) instead", sentence)
    if m:
        return {"doubles_counters": {"all": [m.group(1).split()[1]], "controller": "you"}}
    # Epochrasite: '~ enters with three +1/+1 counters on it if you didn't cast it from your hand.' (614.1c); the
    # Myojin: '... an indestructible counter on it if you cast it from your hand'; Agent's Toolkit: '... a +1/+1
    # counter, a flying counter, a deathtouch counter, and a shield counter on it' (a keyword counter: 122.1b)
    m = re.fullmatch(r"~ enters with (.+?) on (?:it|him|her)( if you (didn't )?cast it from your hand)?", sentence)
    counters = counters_listed(m.group(1)) if m else None
    if counters:
        when = {} if not m.group(2) else {"unless_cast_from_hand": True} if m.group(3) else {"if_cast_from_hand": True}
        return {"enters": {"counters": counters, **when}}
    # Kavu Titan: 'If ~ was kicked, it enters with three +1/+1 counters on it and with trample.'; Anavolver: '... was
    # kicked with its {1}{U} kicker, ...' (702.33c-d); Voidpouncer: '... two +1/+1 counters and a trample counter on
    # it and with haste.' (614.1c: it has that keyword from then on)
    m = re.fullmatch(r"If ~ was kicked(?: with its ((?:\{[0-9WUBRGC]+\})+) kicker)?, it enters with (.+?) on it"
                     r"(?: and with ([a-z]+(?: strike)?))?", sentence)
    counters = counters_listed(m.group(2)) if m else None
    if counters and (m.group(3) is None or is_keyword(m.group(3))):
        return {"enters": {"counters": counters, "if_kicked": m.group(1) or True,
                           **({"abilities": [m.group(3)]} if m.group(3) else {})}}
    # Boot Nipper: '~ enters with your choice of a deathtouch counter or a lifelink counter on it.'; Denry Klin: '... of
    # a +1/+1, first strike, or vigilance counter on it.' (614.12 the kind chosen as it enters: choices.counter)
    m = re.fullmatch(r"~ enters with your choice of an? (\S+(?: strike)?) counter or an? (\S+(?: strike)?) counter on it"
                     r"|~ enters with your choice of an? ((?:\S+(?: strike)?, )+)or (\S+(?: strike)?) counter on it", sentence)
    if m:
        kinds = [m.group(1), m.group(2)] if m.group(1) else m.group(3).rstrip(", ").split(", ") + [m.group(4)]
        if len(set(kinds)) == len(kinds) and all(counter_kind_known(k) for k in kinds):
            return {"enters": {"counter_choice": kinds}}
    m = re.fullmatch(r"As (?:~|this creature|this permanent) is turned face up, put (\w+) (\+1/\+1) counters? on it", sentence)
    if m and m.group(1).lower() in NUMBERS:
        return {"turned_face_up_with": {"counters": {m.group(2): NUMBERS[m.group(1).lower()]}}}
    return None
