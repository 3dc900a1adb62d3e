"""Emblems (CR 114): markers in the command zone with abilities and no other characteristics.

`emblems: [{controller: Alice, from: "Gideon, Ally of Zendikar", abilities: [...]}]` in a case; without
`abilities:`, those of the emblem the card `from` names creates, read from its Oracle text.
What their abilities do is decided in asp/114_emblems.lp.
"""
from __future__ import annotations

from bridge.model.card import Card

EMBLEM_KEYS = ("id", "controller", "from", "abilities", "timestamp")


def read_emblems(builder, value, first_timestamp: int) -> list:
    """The case's emblems as board objects in the command zone (114.2: owned and controlled by the player
    who got them); their timestamps default to after the permanents and spells (613.7)."""
    from bridge.model.case import BoardObject
    r = builder.reader
    if not isinstance(value, list):
        raise builder.fail("emblems", "expected a list of emblems, e.g. [{controller: Alice, abilities: [...]}]")
    found = []
    for i, entry in enumerate(value):
        where = f"emblems[{i}]"
        entry = r.mapping(entry, where, EMBLEM_KEYS)
        raw = entry.get("abilities")
        if raw is None and "from" in entry:
            raw = emblem_of(builder, entry["from"], f"{where}.from")
        if not isinstance(raw, list) or not raw:
            raise builder.fail(f"{where}.abilities", "an emblem has one or more abilities (114.1)")
        abilities = tuple(r.ability(a, f"{where}.abilities[{j}]") for j, a in enumerate(raw))
        label = r.string(entry["from"], f"{where}.from") if "from" in entry else f"emblem {i + 1}"
        object_id = r.string(entry.get("id", f"emblem_{i + 1}"), f"{where}.id")
        if object_id in builder.ids:
            raise builder.fail(f"{where}.id", f"id {object_id!r} is already used by {builder.ids[object_id]}")
        builder.ids[object_id] = where
        controller = builder.player(entry.get("controller", builder.players[0]), f"{where}.controller")
        timestamp = r.integer(entry["timestamp"], f"{where}.timestamp") if "timestamp" in entry \
            else first_timestamp + i
        # 114.3 no name, types, mana cost or color: the label is for people only
        card = Card(name=f"emblem ({label})", mana_cost=None, mana_cost_text="", color_indicator=(), type_line="",
                    supertypes_and_types=(), subtypes=(), power=None, toughness=None, pt_text="", loyalty=None,
                    text="\n".join(a.text for a in abilities), abilities=abilities, spell=(), library=False)
        found.append(BoardObject(id=object_id, card=card, zone="command", owner=controller, controller=controller,
                                 timestamp=timestamp))
    return found


def emblem_of(builder, name, where: str) -> list:
    """The abilities of the one emblem the card `from` names creates, read from its Oracle text
    ("You get an emblem with "..."", bridge/cards/oracle); a card with none, or several, is refused."""
    from bridge.cards.oracle import emblems_from_text
    card = builder.card(name, where)
    faces = [card] + [f for f in (card.back_face, card.modal_back_face, card.flip_face) if f is not None]
    found = [emblem for face in faces for emblem in emblems_from_text(face.text, face.name)]
    if len(found) != 1:
        raise builder.fail(where, f"{card.name} creates {'no emblem' if not found else f'{len(found)} emblems'} in "
                           "its text: give the emblem's abilities (abilities: [...])")
    return found[0]
