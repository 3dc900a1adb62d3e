"""Faces the card data lacks (Card.missing): refused where an object would use them, never read as blank."""
from __future__ import annotations

from bridge.model.card import Card
from bridge.model.errors import FACE_ADVICE


# The status that puts each kind of face up (712.8e, 712.8d, 710.1), and the rule that says so.
FACE_STATUS = {"back": "transformed", "modal_back": "back_face_up", "flip": "flipped"}
FACE_RULES = {"back": "712.8e", "modal_back": "712.8d", "flip": "710.1"}


def faces_in_use(status) -> set[str]:
    """The faces whose characteristics an object with this status has (711.2, 712.8d-e, 710.1)."""
    faces = {face for face, up in FACE_STATUS.items() if up in status}
    return (faces or {"front"}) | {"halves", "card"}


def refuse_missing(reading, card: Card, faces: set[str], where: str) -> None:
    """A face the card data lacks is refused where it would be used: never read as blank."""
    for face, why in card.missing:
        if face in faces:
            raise reading.fail(where, f"the card data of {card.name} lacks {why}; {FACE_ADVICE}")
