"""Card names as people type them: case, accents, apostrophes and punctuation forgiven.

"Lim-Dul the Necromancer", "lim dûl the necromancer" and "LIM-DÛL THE NECROMANCER" are one name;
so are "Seance" and "Séance", "Gaea's Anthem" and "Gaea’s Anthem", "Fire // Ice" and "fire//ice".
A card is also known by each of its faces' names ("Ice", "Insectile Aberration", "Petty Theft")."""
from __future__ import annotations

import re
import unicodedata

APOSTROPHES = "'’‘`´"
LIGATURES = {"æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ß": "ss"}
NOT_LETTERS = re.compile(r"[\W_]+")

# The faces a card mapping (the library's keys) can have, and what the name of each one names.
FACES = (("back", "the back face"), ("modal_back", "the back face"), ("flip", "the flipped face"),
         ("adventure", "the Adventure"), ("prepare", "the prepared spell"))


def folded(name: str) -> str:
    """The form names are compared in: no accents, no case, no apostrophes, other punctuation a space."""
    name = "".join(LIGATURES.get(c, c) for c in name)
    name = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    for mark in APOSTROPHES:
        name = name.replace(mark, "")
    return NOT_LETTERS.sub(" ", name.casefold()).strip()


def mapping_faces(mapping: dict) -> list[dict]:
    """A card mapping's faces in the library's keys: itself, its other faces, the halves of a split card."""
    return [mapping, *(mapping[key] for key, _ in FACES if isinstance(mapping.get(key), dict)),
            *mapping.get("halves", [])]


def face_names(mapping: dict) -> list[str]:
    """Every name a card mapping's faces carry (the halves of a split card, the back, the flip ...)."""
    names = [half["name"] for half in mapping.get("halves", []) if half.get("name")]
    names += [mapping[key]["name"] for key, _ in FACES if isinstance(mapping.get(key), dict)
              and mapping[key].get("name")]
    return names


def named_face(name: str, mapping: dict) -> tuple[str, str] | None:
    """(key, what it is) when `name` names a face other than the front ('back', 'the back face');
    None when it names the card itself or one half of a split card (the card is both halves, 709.4)."""
    wanted = folded(name)
    for key, what in FACES:
        face = mapping.get(key)
        if isinstance(face, dict) and face.get("name") and folded(face["name"]) == wanted:
            return key, what
    return None
