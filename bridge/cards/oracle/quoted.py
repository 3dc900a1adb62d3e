"""Abilities inside quotes — granted by an effect (Svogthos: 'with "This creature's power and toughness are
each equal to ..."') or kept by a copy (Vesuvan Doppelganger) — read like printed ones. 'This creature'
in them is the object that gets the ability. A granted P/T ability is not characteristic-defining
(604.3a: it is not printed on the object).

A quoted ability is read by the same readers as a printed line, which read quotes themselves: the
grammar is recursive. So that no module imports one that imports it back, the readers are handed to
this module by the reader's front (bridge/cards/oracle/__init__.py, which imports them all) with
`read_quotes_with`, before any line is read.
"""
from __future__ import annotations

from bridge.cards.oracle.reach import LAYER_HINTS, NOT_STATIC, unread_reach
from bridge.cards.oracle.text import normalized

LINE_READERS: list = []          # copy_ability(plain, text), static_ability(plain), trigger(plain): the first that reads it


def read_quotes_with(copy_ability, static_ability, trigger) -> None:
    LINE_READERS[:] = [lambda plain, text: copy_ability(plain, text), lambda plain, text: static_ability(plain),
                       lambda plain, text: trigger(plain)]     # Phantasmal Image: a trigger condition it gives


def quoted_ability(text: str) -> dict:
    plain = normalized(text, "")
    found = next((read for read in (reader(plain, text) for reader in LINE_READERS) if read), None) or {}
    found = {key: value for key, value in found.items() if key != "cda"}
    if not found and LAYER_HINTS.search(plain) and not NOT_STATIC.search(plain):
        found = {"unread": unread_reach(plain)}        # said on the object that gets it (reach.py)
    return {"text": text, **found}
