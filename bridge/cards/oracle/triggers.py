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
    # Phantasmal Image: 'When this creature becomes the target of a spell or ability, ...' (601.2c)
    if re.match(r"(?:When|Whenever) (?:~|this creature|this permanent) becomes the target of a spell or ability, ", sentence):
        return {"triggered": {"when": "becomes_target", "what": "self"}}
    # Desecrated Tomb: 'Whenever one or more creature cards leave your graveyard, ...' (603.2c: once per event)
    m = re.match(r"Whenever (one or more|a|an) (?:(\w+) )?cards? leaves? your graveyard, ", sentence)
    if m:
        kind = subject(m.group(2)) if m.group(2) else {}
        if kind is None or not plain_selector(kind) or set(kind) - {"all"}:
            return None
        return {"triggered": {"when": "leaves_graveyard", "what": {**kind, "owner": "you"},
                              **({"once": True} if m.group(1) == "one or more" else {})}}
    # Efreet Weaponmaster: 'When this creature enters or is turned face up, ...'; Case of the Pilfered Proof:
    # 'Whenever a Detective you control enters or is turned face up' (708.8: turning face up is no entering)
    m = re.match(r"(?:When|Whenever) (.+?) enters(?: the battlefield)? or is turned face up, ", sentence)
    if m:
        named = m.group(1)
        what = "self" if named in ("~", "this creature", "this permanent") else subject(re.sub(r"^(?:a|an) ", "", named))
        if what is None or not plain_selector(what):
            return None
        return {"triggered": {"when": ["enters", "turned_face_up"], "what": what}}
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
