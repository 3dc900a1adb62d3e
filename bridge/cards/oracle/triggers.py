"""Trigger conditions (603.1) read into the vocabulary's `triggered: {when, what}`; the effect of a
triggered ability is not read (it stays the ability's text)."""
from __future__ import annotations

import re

from bridge.cards.oracle.subjects import subject

SPELL_KINDS = {"an instant or sorcery spell": {"any": [{"all": ["instant"]}, {"all": ["sorcery"]}]},
               "a creature spell": {"all": ["creature"]}, "a spell": {"all": ["permanent"]}}


def trigger(sentence: str) -> dict | None:
    """Soul Warden: 'Whenever another creature enters, ...'; Striped Bears: 'When ~ enters, ...';
    Gelectrode: 'Whenever you cast an instant or sorcery spell, ...' (pre-2024: 'enters the battlefield')."""
    m = re.match(r"(?:When|Whenever) (.+?) enters(?: the battlefield)?(?: under your control)?, ", sentence)
    if m:
        what = subject(re.sub(r"^(?:a|an) ", "", m.group(1)).replace("another ", "other "))
        if what is None or not plain_selector(what):
            return None
        if "under your control" in m.group(0) and isinstance(what, dict):
            what = {**what, "controller": "you"}
        return {"triggered": {"when": "enters", "what": what}}
    m = re.match(r"Whenever you cast (an instant or sorcery spell|a creature spell), ", sentence)
    if m:
        return {"triggered": {"when": "cast", "what": {**SPELL_KINDS[m.group(1)], "controller": "you"}}}
    return None


def plain_selector(what) -> bool:
    """A trigger's `what` takes words and controller/other only (the vocabulary refuses the qualities read
    on derived values, such as colorless or 'with flying', and token / face-down there)."""
    if not isinstance(what, dict):
        return True
    return set(what) <= {"all", "not", "controller", "other"} and not (
        {str(w) for w in what.get("all", []) + what.get("not", [])} & {"colorless", "multicolored", "monocolored", "token", "face_down"})
