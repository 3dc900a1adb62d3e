"""A delayed triggered ability a spell or an ability creates (603.7), whose effect is a continuous effect on
the object that triggered it: "Whenever a creature blocks this turn, it gets +0/+1 until end of turn." (Battle
Cry), "[+1]: Until your next turn, whenever a creature an opponent controls attacks, it gets -1/-0 until end of
turn." (Jace, Architect of Thought). Read as the effect each time it resolves, on objects the case names
(`affects:`, 611.2c); one entry per resolution, each with its own timestamp (613.7b). The trigger itself is the
case's to judge: the tool keeps no game history.
"""
from __future__ import annotations

import re

from bridge.cards.oracle.patterns import lazy_pattern
from bridge.cards.oracle.resolved import changes_the_layers, resolved_effect, sentences

DELAYED = lazy_pattern(r"(?:until your next turn, )?whenever (?:a|an|another) [^,\"]+?(?P<this> this turn)?, "
                       r"(?P<effect>(?:it|that creature) (?:gets|gains) .+)", re.IGNORECASE)

# 603.7a a delayed trigger at a time, once: Impulsive Charge's "At the beginning of combat this turn, all Revelers
# gain haste until end of turn ..." (the effect as it resolves, on the objects the case names then, 611.2c)
AT_COMBAT = lazy_pattern(r"at the beginning of combat this turn, (?P<effect>.+)", re.IGNORECASE)


def delayed_trigger_effect(effect: str) -> tuple[str, list] | None:
    """(whom, operations) of the delayed trigger's effect when it is the effect's only layer sentence."""
    found = [s for s in sentences(effect) if changes_the_layers(s) or re.match(r"(?:until your next turn, )?whenever\b",
                                                                               s, re.IGNORECASE)]
    if len(found) != 1:
        return None
    timed = AT_COMBAT.fullmatch(found[0])
    if timed:
        return resolved_effect(effect.replace(found[0], timed.group("effect")))
    m = DELAYED.fullmatch(found[0])
    # (it lasts "this turn" or "until your next turn"; one without either is no delayed trigger of this kind)
    if m is None or not (m.group("this") or found[0].lower().startswith("until your next turn")):
        return None
    return resolved_effect(effect.replace(found[0], m.group("effect")))
