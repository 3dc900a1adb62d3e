"""Where a selector is read, and what it cannot say there.

A selector is matched on the layers' values in a static ability's set, in `count:` and in
`as_long_as`; on the finished board in targets (608.2b), trigger conditions (603.2, 603.10) and
questions (asp/613_selector_reads.lp, part described). A few keys have nothing to refer to in some
places, or are not read there in this version: each refusal says why.
"""
from __future__ import annotations

# The keys and words a place may refuse: mapping keys, the words "self" / "enchanted" (strings),
# {chosen: ...}, the status words and the color qualities.
READS = ("has", "lacks", "abilities", "named", "power", "toughness", "mana_value", "counters")
STATUSES = ("token", "nontoken", "face_down", "face-down", "equipped", "enchanted", "fortified", "attacking", "blocking",
            "unblocked", "tapped", "untapped", "modified", "unmodified", "commander", "transformed", "stickered")
QUALITIES = ("multicolored", "monocolored", "colorless")
NO_SOURCE = ("a question has no source: 'you', 'this', 'enchanted', 'another', 'attached to it' and 'the "
             "chosen' have nothing to refer to there")
COPY = ("a copy's condition (707.9f) is judged on the copiable values the copy would have in layer 1; "
        "this version reads card type, subtype, supertype and color words there only")
ZONE_CARDS = ("count_cards reads a card's words, colors, abilities, name and mana value; not its power or "
              "toughness (layer 7, which is still applying while a count is read) nor a choice of the source "
              "in this version")
# 506.4c "attacking you": read in a static ability's set and in a count only, in this version
ATTACKED = "'attacking: PLAYER' (the player a creature attacks) is read in a static ability's set and a count only"
CAST_BY = ("'spells you cast' (cast_by) is read in a static ability's set and its counts only in this version")
REFUSALS: dict[str, dict[str, str]] = {
    "question": {**{k: NO_SOURCE for k in ("controller", "owner", "other", "chosen", "self", "attached",
                                           "attached_to", "attacking", "cast_by")},
                 "zone": "a question names its object: its zone is not a condition here"},
    "target": {"zone": "a target's kind says where it is: permanent (the battlefield) or spell (the stack)",
               "attacking": ATTACKED, "cast_by": CAST_BY},
    "trigger": {"zone": "the event says where the object goes: when: leaves with to: ZONE", "attacking": ATTACKED,
                "cast_by": CAST_BY},
    "sba": {"zone": "it looks at permanents (704.5j, 704.5m; 614.12 a permanent as it would enter): the battlefield",
            "attacking": ATTACKED, "cast_by": CAST_BY},
    "copy_condition": {k: COPY for k in READS + STATUSES + QUALITIES + ("attached_to", "attacking", "cast_by")},
    "count_cards": {**{k: ZONE_CARDS for k in ("power", "toughness", "chosen", "attacking")}, "cast_by": CAST_BY,
                    "counters": "a card in a zone other than the battlefield has no counters in this version (122)"},
}


def refusal(place: str, key: str) -> str | None:
    """Why `key` cannot be used in a selector read at `place` (None: it can)."""
    return REFUSALS.get(place, {}).get(key.lower())
