"""Replacement effects that put counters (614.1c-e), read into the vocabulary's `others_enter_with`,
`doubles_counters` and `turned_face_up_with` (what they do: asp/614_replacement_effects.lp)."""
from __future__ import annotations

import re

from bridge.cards.oracle.subjects import subject

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def counter_replacement(sentence: str) -> dict | None:
    """Bramblewood Paragon: 'Each other Warrior creature you control enters with an additional +1/+1 counter on
    it.'; Metallic Mimic: '... creature you control of the chosen type enters ...'; Doubling Season: 'If an effect
    would put one or more counters on a permanent you control, it puts twice that many of those counters on that
    permanent instead.'; Hooded Hydra: 'As ~ is turned face up, put five +1/+1 counters on it.'"""
    sentence = sentence.rstrip(".")
    m = re.fullmatch(r"Each (other )?(.+?)( of the chosen type)? enters with an additional (\+1/\+1) counter on it", sentence)
    if m:
        what = subject(m.group(2))
        if not isinstance(what, dict) or set(what) - {"all", "not", "controller"}:
            return None
        what = {**what, **({"other": True} if m.group(1) else {})}
        if m.group(3):
            what = {**what, "all": what.get("all", []) + [{"chosen": "creature_type"}]}
        return {"others_enter_with": {"what": what, "counters": {m.group(4): 1}},
                **({"chosen": "creature_type"} if m.group(3) else {})}
    m = re.fullmatch(r"If an effect would put one or more counters on (a permanent|a creature) you control, it puts "
                     r"twice that many of those counters on that (?:permanent|creature) instead", sentence)
    if m:
        return {"doubles_counters": {"all": [m.group(1).split()[1]], "controller": "you"}}
    # Epochrasite: '~ enters with three +1/+1 counters on it if you didn't cast it from your hand.' (614.1c)
    m = re.fullmatch(r"(?:~|This creature) enters with (\w+) (\+1/\+1) counters? on it( if you didn't cast it from your hand)?",
                     sentence)
    if m and m.group(1).lower() in NUMBERS:
        return {"enters": {"counters": {m.group(2): NUMBERS[m.group(1).lower()]},
                           **({"unless_cast_from_hand": True} if m.group(3) else {})}}
    m = re.fullmatch(r"As (?:~|this creature|this permanent) is turned face up, put (\w+) (\+1/\+1) counters? on it", sentence)
    if m and m.group(1).lower() in NUMBERS:
        return {"turned_face_up_with": {"counters": {m.group(2): NUMBERS[m.group(1).lower()]}}}
    return None
