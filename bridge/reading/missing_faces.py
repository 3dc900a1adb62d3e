"""Faces the card data lacks (Card.missing): refused where an object would use them, never read as blank."""
from __future__ import annotations

from bridge.model.card import Card


def faces_in_use(status) -> set[str]:
    """The faces whose characteristics an object with this status has (711.2, 712.8d-e, 710.1)."""
    up = {"transformed": "back", "back_face_up": "modal_back", "flipped": "flip"}
    faces = {up[s] for s in status if s in up}
    return (faces or {"front"}) | {"halves", "card"}


def refuse_missing(reading, card: Card, faces: set[str], where: str) -> None:
    """A face the card data lacks is refused where it would be used: never read as blank."""
    for face, why in card.missing:
        if face in faces:
            raise reading.fail(where, f"the card data of {card.name} lacks {why}; give the card inline (a mapping "
                               "with name, type_line ...) or import newer card data with `mtg-layers cards import FILE`")
