"""Abilities inside quotes — granted by an effect (Svogthos: 'with "This creature's power and toughness are
each equal to ..."') or kept by a copy (Vesuvan Doppelganger) — read like printed ones. 'This creature'
in them is the object that gets the ability. A granted P/T ability is not characteristic-defining
(604.3a: it is not printed on the object)."""
from __future__ import annotations


def quoted_ability(text: str) -> dict:
    from bridge.cards.oracle.copies import copy_ability                 # (imported here: those modules read quotes too)
    from bridge.cards.oracle.statics import static_ability
    from bridge.cards.oracle.text import normalized
    plain = normalized(text, "")
    found = copy_ability(plain, text) or static_ability(plain) or {}
    found = {key: value for key, value in found.items() if key != "cda"}
    return {"text": text, **found}
