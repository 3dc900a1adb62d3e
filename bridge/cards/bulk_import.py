"""Reading MTGJSON's AtomicCards.json and Scryfall's oracle-cards JSON into library mappings,
one card at a time (ijson: the files are 100+ MB). Split, flip, transforming and modal
double-faced cards and adventurers keep all their faces."""
from __future__ import annotations

from typing import IO, Iterator

from bridge.cards.library import FACE_KEYS as LIBRARY_FACE_KEYS
from bridge.model.errors import CaseError

# Scryfall layouts that are not cards a player plays with.
NOT_CARDS = {"token", "double_faced_token", "emblem", "art_series", "vanguard", "scheme", "planar"}
HALVES = {"split", "aftermath", "fuse"}
BACK_FACES = {"transform", "meld"}
# A second set of characteristics used only when the card is cast that way (715 Adventure; the prepared
# spell of 2026): named and shown, read by no rule here.
SPELL_FACES = {"adventure", "prepare"}


def face_mapping(face: dict, names: dict) -> dict:
    """One face in the library's keys; `names` maps them to the source's field names."""
    out = {"name": face.get(names["name"]) or face.get("name"), "type_line": face.get(names["type_line"], "")}
    if face.get(names["mana_cost"]):
        out["mana_cost"] = face[names["mana_cost"]]
    if face.get("power") is not None and face.get("toughness") is not None:
        out["pt"] = f"{face['power']}/{face['toughness']}"
    if str(face.get("loyalty", "")).isdigit():
        out["loyalty"] = int(face["loyalty"])         # 'X' loyalty (306.5b) stays in the text
    if str(face.get("defense", "")).isdigit():
        out["defense"] = int(face["defense"])         # 310.4 a battle's printed defense
    if face.get(names["color_indicator"]):
        out["color_indicator"] = [COLOR_NAMES[c] for c in face[names["color_indicator"]] if c in COLOR_NAMES]
    out["text"] = face.get(names["text"]) or ""
    return out


COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
MTGJSON = {"name": "faceName", "type_line": "type", "mana_cost": "manaCost", "color_indicator": "colorIndicator",
           "text": "text"}
SCRYFALL = {"name": "name", "type_line": "type_line", "mana_cost": "mana_cost",
            "color_indicator": "color_indicator", "text": "oracle_text"}
# A face's keys in the library (library.FACE_KEYS) but those written by hand: public data has none.
FACE_KEYS = {face: tuple(k for k in keys if k not in ("abilities", "spell", "targets"))
             for face, keys in LIBRARY_FACE_KEYS.items()}


def card_from_faces(name: str, layout: str, faces: list[dict]) -> tuple[str, dict, list[str]]:
    """(name, library mapping, other names it is known by) from faces in library keys."""
    face_names = [f["name"] for f in faces if f.get("name")]
    if layout in HALVES and len(faces) == 2:
        halves = [{k: v for k, v in f.items() if k != "pt" and k != "loyalty"} for f in faces]
        return name, {"halves": halves, "text": "\n".join(f"{f['name']}: {f['text']}" for f in faces)}, face_names
    front = {k: v for k, v in faces[0].items() if k != "name"}
    if layout == "flip" and len(faces) == 2:
        front["flip"] = {k: v for k, v in faces[1].items() if k in FACE_KEYS["flip"]}
        return faces[0]["name"], front, face_names + [name]
    if layout in BACK_FACES and len(faces) == 2:
        front["back"] = {k: v for k, v in faces[1].items() if k in FACE_KEYS["back"]}
        return faces[0]["name"], front, face_names + [name]
    if layout == "modal_dfc" and len(faces) == 2:          # 712.1d-e the back face has its own mana cost
        front["modal_back"] = {k: v for k, v in faces[1].items() if k in FACE_KEYS["modal_back"]}
        return faces[0]["name"], front, face_names + [name]
    if layout in SPELL_FACES and len(faces) == 2:
        front[layout] = {k: v for k, v in faces[1].items() if k in FACE_KEYS[layout]}
        return faces[0]["name"], front, face_names + [name]
    if len(faces) == 2 and faces[0]["name"] == faces[1]["name"]:      # a reversible card: one card twice
        return faces[0]["name"], front, [name]
    return name, front, face_names


def mtgjson_cards(stream: IO[bytes]) -> Iterator[tuple[str, dict, list[str]]]:
    """AtomicCards.json: {"meta": ..., "data": {name: [face, ...]}}."""
    import ijson
    for name, faces in ijson.kvitems(stream, "data", use_float=True):
        if not faces:
            continue
        layout = faces[0].get("layout", "normal")
        if layout in NOT_CARDS:
            continue
        ordered = sorted(faces, key=lambda f: f.get("side") or "a")
        yield card_from_faces(name, layout, [face_mapping(f, MTGJSON) for f in ordered])


def scryfall_cards(stream: IO[bytes]) -> Iterator[tuple[str, dict, list[str]]]:
    """oracle-cards-*.json: a list of card objects, faces in card_faces."""
    import ijson
    for card in ijson.items(stream, "item", use_float=True):
        layout = card.get("layout", "normal")
        if layout in NOT_CARDS or card.get("set_type") == "token":
            continue
        faces = card.get("card_faces") or [card]
        mapped = [face_mapping(f, SCRYFALL) for f in faces]
        if len(faces) == 1:
            mapped[0]["name"] = card["name"]
        yield card_from_faces(card["name"], layout, mapped)


def detect_format(path: str, head: bytes) -> str:
    """'mtgjson' for an object with "data", 'scryfall' for a list; anything else is refused."""
    start = head.lstrip()[:1]
    if start == b"[":
        return "scryfall"
    if start == b"{":
        return "mtgjson"
    raise CaseError(path, "", "not an MTGJSON AtomicCards.json (an object with 'data') nor a Scryfall "
                              "oracle-cards file (a list of cards)")
