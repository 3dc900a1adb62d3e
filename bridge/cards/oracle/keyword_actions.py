"""Keyword actions whose effect is a continuous effect on an object, read from the line's own reminder text
(the card's Oracle text, a fact; the CR of 2025-09-19 does not define them yet): "Earthbend 2. (Target land
you control becomes a 0/0 creature with haste that's still a land. Put two +1/+1 counters on it. ...)" is
"target land ... becomes a 0/0 creature with haste that's still a land" (205.1b) on the land the case names
(611.2c); its +1/+1 counters are the case's, on the object (122.1), like any counter put by an effect.
"""
from __future__ import annotations

import re

from bridge.cards.oracle.patterns import lazy_pattern
from bridge.cards.oracle.resolved import changes_the_layers, layer_sentence, sentences

EARTHBEND = lazy_pattern(r"earthbend (?:\d+|X)\.?", re.IGNORECASE)
EARTHBEND_REMINDER = lazy_pattern(r"\((?:To earthbend \w+, )?(?P<effect>target land you control becomes a 0/0 creature "
                                  r"with haste that's still a land)\.", re.IGNORECASE)


def earthbend_effect(effect: str, printed: str) -> tuple[str, list] | None:
    """("others", operations) when the effect's only layer sentence is one earthbend, read from the reminder
    text printed on the line (`printed`); else None ("Earthbend 3, then earthbend 3": two lands)."""
    layered = [s for s in sentences(effect) if changes_the_layers(s)]
    if len(layered) != 1 or not EARTHBEND.fullmatch(layered[0]):
        return None
    m = EARTHBEND_REMINDER.search(printed)
    found = layer_sentence(m.group("effect")) if m else None
    return ("others", found[1]) if found else None
