"""Stable string ids for effects, the same in every output (JSON, `facts`, `query`, `sweep`).

The solver names an effect by a clingo term (st("blood_moon", ab("Blood Moon", 1)), res(2),
ctr("bear", "+1/+1") ...). Researchers get a string built from the term alone, so the same
effect has the same id in every command and every run:

  blood_moon#1                     static ability 1 of the object's own card (abilities count from 1)
  clone#Blood Moon:1               ability 1 of another card (the object copies it)
  clone#1+2                        the 2nd ability a copy exception of ability 1 gives (707.9a)
  bear#Rancor:1/1.1                the 1st ability granted by operation 1 of Rancor's ability 1
  bear#effect2/1.1                 ... granted by operation 1 of the case's 2nd resolved effect
  urborg#1~Swamp>Island            ability 1 with "Swamp" changed to "Island" (612)
  effect#2                         the case's 2nd resolved effect (`effects:` list, from 1)
  bear#counters:+1/+1              the +1/+1 counters on bear (613.4c / 613.4d)
  morph#face_down, kitsune#flipped face-down (708.2a) and flipped (710.2) status
  lion_sash#reconfigured           an attached Equipment with reconfigure is no creature (702.151b)
"""
from __future__ import annotations

import re
import unicodedata

from clingo import Symbol, SymbolType


def effect_id(term: Symbol, card_names: dict[str, str]) -> str:
    """The stable id of the effect `term`; `card_names` maps object ids to their card's name."""
    name = term.name if term.type == SymbolType.Function else ""
    args = term.arguments if name else ()
    if name == "st":
        obj = args[0].string
        return f"{obj}#{ability_path(args[1], obj, card_names.get(obj))}"
    if name == "res":
        return f"effect#{args[0].number}"
    if name in ("ctr", "kctr"):
        return f"{args[0].string}#counters:{args[1].string}"
    if name in ("face_down", "flipped", "reconfigured"):
        return f"{args[0].string}#{name}"
    return str(term)


def ability_path(term: Symbol, obj: str, own_card: str | None) -> str:
    """An ability term, relative to the card of the object that has it."""
    name = term.name if term.type == SymbolType.Function else ""
    args = term.arguments if name else ()
    if name == "ab":
        card, index = args
        own = (card.type == SymbolType.String and card.string == own_card) or \
              (card.type == SymbolType.Function and card.name == "inline" and card.arguments[0].string == obj)
        return str(index.number) if own else f"{card_label(card)}:{index.number}"
    if name == "copy_grant":
        return f"{ability_path(args[0], obj, own_card)}+{args[1].number}"
    if name == "changed":
        base, old, new = args
        return f"{ability_path(base, obj, own_card)}~{old.string}>{new.string}"
    if name == "granted":
        definition, op, index = args
        return f"{definition_label(definition)}/{op.number}.{index.number}"
    return str(term)


def card_label(card: Symbol) -> str:
    if card.type == SymbolType.String:
        return card.string
    if card.type == SymbolType.Function and card.name == "inline":
        return f"inline:{card.arguments[0].string}"
    return str(card)


def definition_label(definition: Symbol) -> str:
    """What granted an ability: an ability of a card (`Rancor:1`) or a resolved effect (`effect2`)."""
    if definition.type == SymbolType.Function and definition.name == "res":
        return f"effect{definition.arguments[0].number}"
    if definition.type == SymbolType.Function and definition.name == "ab":
        return f"{card_label(definition.arguments[0])}:{definition.arguments[1].number}"
    return str(definition)


def snake_case(name: str) -> str:
    """Default object id: the card name in snake_case (letters of any script are kept)."""
    text = unicodedata.normalize("NFC", name).lower().replace("'", "").replace("’", "")
    text = re.sub(r"[^\w]+", "_", text, flags=re.UNICODE).strip("_")
    return text or "object"
