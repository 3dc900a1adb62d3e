"""Reading MTGJSON's AtomicCards.json and Scryfall's oracle-cards JSON into library mappings,
one card at a time (ijson: the files are 100+ MB; bridge/cards/json_stream.py bounds the reading). Split, flip, transforming and modal
double-faced cards and adventurers keep all their faces."""
from __future__ import annotations

import re
from typing import IO, Iterator

from bridge.cards.json_stream import top_values
from bridge.cards.library import FACE_KEYS as LIBRARY_FACE_KEYS
from bridge.model.errors import CaseError

# Scryfall layouts that are not cards a player plays with.
NOT_CARDS = {"token", "double_faced_token", "emblem", "art_series", "vanguard", "scheme", "planar"}
HALVES = {"split", "aftermath", "fuse"}
BACK_FACES = {"transform", "meld"}
# A second set of characteristics used only when the card is cast that way (715 Adventure; the prepared
# spell of 2026): named and shown, read by no rule here.
SPELL_FACES = {"adventure", "prepare"}


def face_mapping(face, names: dict, file: str, where: str) -> dict:
    """One face in the library's keys; `names` maps them to the source's field names. A field of the
    wrong shape is refused with its key path (issue 36): public data has none, a hand-edited file may."""
    if not isinstance(face, dict):
        raise CaseError(file, where, f"expected a card face (an object), got {shape(face)}")
    for ours in ("name", "type_line", "mana_cost", "text"):
        if face.get(names[ours]) is not None and not isinstance(face[names[ours]], str):
            raise CaseError(file, f"{where}.{names[ours]}", f"expected text, got {shape(face[names[ours]])}")
    for key in ("power", "toughness", "loyalty", "defense"):
        if face.get(key) is not None and (not isinstance(face[key], (str, int, float)) or isinstance(face[key], bool)):
            raise CaseError(file, f"{where}.{key}", f"expected a number or text, got {shape(face[key])}")
    indicator = face.get(names["color_indicator"])
    if indicator is not None and not (isinstance(indicator, list) and all(isinstance(c, str) for c in indicator)):
        raise CaseError(file, f"{where}.{names['color_indicator']}", f"expected a list of color letters, got "
                                                                      f"{shape(indicator)}")
    out = {"name": face.get(names["name"]) or face.get("name"), "type_line": face.get(names["type_line"]) or ""}
    if not isinstance(out["name"], str) or not out["name"].strip():
        raise CaseError(file, f"{where}.name", f"expected the card's name, got {shape(out['name'])}")
    if face.get(names["mana_cost"]):
        out["mana_cost"] = face[names["mana_cost"]]
    if face.get("power") is not None and face.get("toughness") is not None:
        out["pt"] = f"{face['power']}/{face['toughness']}"
    if str(face.get("loyalty", "")).isdigit():
        out["loyalty"] = int(face["loyalty"])         # 'X' loyalty (306.5b) stays in the text
    if str(face.get("defense", "")).isdigit():
        out["defense"] = int(face["defense"])         # 310.4 a battle's printed defense
    if indicator:
        out["color_indicator"] = [COLOR_NAMES[c] for c in indicator if c in COLOR_NAMES]
    out["text"] = face.get(names["text"]) or ""
    return out


def shape(value) -> str:
    """What a value of the wrong shape is, for a message."""
    if value is None:
        return "nothing"
    kind = {dict: "an object", list: "a list", str: "text", bool: "true/false"}.get(type(value), "a number")
    return f"{kind} {str(value)[:40]!r}" if isinstance(value, (str, int, float)) else kind


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


def rulings_of(face: dict, file: str, where: str) -> list[dict]:
    """MTGJSON's `rulings` of a card (Gatherer's rulings: [{date, text}], the same on each face), kept to
    be shown with the card; a ruling of the wrong shape is refused with its key path."""
    rulings = face.get("rulings")
    if rulings is None:
        return []
    if not isinstance(rulings, list):
        raise CaseError(file, f"{where}.rulings", f"expected a list of rulings, got {shape(rulings)}")
    for i, ruling in enumerate(rulings):
        if not isinstance(ruling, dict):
            raise CaseError(file, f"{where}.rulings[{i}]", f"expected a ruling (an object), got {shape(ruling)}")
        for key in ("date", "text"):
            if not isinstance(ruling.get(key), str):
                raise CaseError(file, f"{where}.rulings[{i}].{key}", f"expected text, got {shape(ruling.get(key))}")
    return [{"date": r["date"], "text": r["text"]} for r in rulings]


def mtgjson_cards(stream: IO[bytes], file: str = "<data>") -> Iterator[tuple[str, dict, list[str], dict]]:
    """AtomicCards.json: {"meta": ..., "data": {name: [face, ...]}}; each card with {"rulings": [...]}."""
    for name, faces in top_values(stream, file, under="data"):
        where = f"data.{name}"
        if not isinstance(faces, list):
            raise CaseError(file, where, f"expected a list of the card's faces, got {shape(faces)}")
        if not faces:
            continue
        for i, face in enumerate(faces):
            if not isinstance(face, dict):
                raise CaseError(file, f"{where}[{i}]", f"expected a card face (an object), got {shape(face)}")
            for key in ("layout", "side"):
                if face.get(key) is not None and not isinstance(face[key], str):
                    raise CaseError(file, f"{where}[{i}].{key}", f"expected text, got {shape(face[key])}")
        layout = faces[0].get("layout") or "normal"
        if layout in NOT_CARDS:
            continue
        ordered = sorted(enumerate(faces), key=lambda pair: pair[1].get("side") or "a")
        card = card_from_faces(name, layout, [face_mapping(f, MTGJSON, file, f"{where}[{i}]") for i, f in ordered])
        yield *card, {"rulings": rulings_of(ordered[0][1], file, f"{where}[{ordered[0][0]}]")}


def scryfall_cards(stream: IO[bytes], file: str = "<data>") -> Iterator[tuple[str, dict, list[str], dict]]:
    """oracle-cards-*.json: a list of card objects, faces in card_faces; each card with {"oracle_id": ...},
    which Scryfall's rulings file names cards by."""
    for index, card in top_values(stream, file):
        where = f"[{index}]"
        if not isinstance(card, dict):
            raise CaseError(file, where, f"expected a card (an object), got {shape(card)}")
        for key in ("layout", "set_type", "oracle_id"):
            if card.get(key) is not None and not isinstance(card[key], str):
                raise CaseError(file, f"{where}.{key}", f"expected text, got {shape(card[key])}")
        if not isinstance(card.get("name"), str) or not card["name"].strip():
            raise CaseError(file, f"{where}.name", f"expected the card's name, got {shape(card.get('name'))}")
        layout = card.get("layout") or "normal"
        if layout in NOT_CARDS or card.get("set_type") == "token":
            continue
        faces = card.get("card_faces") or [card]
        if not isinstance(faces, list):
            raise CaseError(file, f"{where}.card_faces", f"expected a list of faces, got {shape(faces)}")
        inner = f"{where}.card_faces" if card.get("card_faces") else ""
        mapped = [face_mapping(f, SCRYFALL, file, f"{inner}[{i}]" if inner else where) for i, f in enumerate(faces)]
        if len(faces) == 1:
            mapped[0]["name"] = card["name"]
        yield *card_from_faces(card["name"], layout, mapped), {"oracle_id": card.get("oracle_id")}


def scryfall_rulings(stream: IO[bytes], file: str = "<data>") -> Iterator[tuple[str, str, dict]]:
    """rulings-*.json, Scryfall's bulk rulings: (oracle_id, source, {date, text}) of each ruling; `source`
    is "wotc" for Gatherer's rulings, "scryfall" for Scryfall's own notes."""
    for index, ruling in top_values(stream, file):
        where = f"[{index}]"
        if not isinstance(ruling, dict):
            raise CaseError(file, where, f"expected a ruling (an object), got {shape(ruling)}")
        for key in ("oracle_id", "source", "published_at", "comment"):
            if not isinstance(ruling.get(key), str):
                raise CaseError(file, f"{where}.{key}", f"expected text, got {shape(ruling.get(key))}")
        yield ruling["oracle_id"], ruling["source"], {"date": ruling["published_at"], "text": ruling["comment"]}


def detect_format(path: str, head: bytes) -> str:
    """'mtgjson' for an object with "data", 'scryfall' for a list, 'scryfall-rulings' for a list whose
    first object is a ruling; anything else is refused."""
    start = head.lstrip()[:1]
    if start == b"[":
        first = re.match(rb'\s*\[\s*\{[^{}]*?"object"\s*:\s*"ruling"', head)
        return "scryfall-rulings" if first else "scryfall"
    if start == b"{":
        return "mtgjson"
    raise CaseError(path, "", "not an MTGJSON AtomicCards.json (an object with 'data') nor a Scryfall "
                              "oracle-cards file (a list of cards)")
