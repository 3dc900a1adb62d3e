"""Convert card facts (name, mana cost, type line, P/T, loyalty, color indicator, Oracle text, faces)
from Forge's card scripts into library entries (bridge/cards/oracle_cards.yaml).

Only the printed characteristics and Oracle text of each script are read (the Name:, ManaCost:,
Types:, PT:, Loyalty:, Colors: and Oracle: lines); Forge's own ability scripts are not used.
The cards are chosen by Oracle wording (layer templates of CR 613: anthems, lords, changelings,
type/color/land changers, copies, morph ...) plus a list of named cards, see PICKS and CATEGORIES.

    python tools/forge_cards.py GIT_DIR [--commit REV] > bridge/cards/oracle_cards.yaml
"""
from __future__ import annotations

import argparse
import hashlib
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import yaml  # noqa: E402

from bridge.cards.oracle.words import CARD_TYPES, SUPERTYPES  # noqa: E402

# Cards named in CR 613/707-712 examples, in the bundled cases' rulings, in judges' layer articles,
# and the layer cards of constructed play.
PICKS = """Elvish Archdruid, Lord of Atlantis, Goblin King, Elvish Champion, Zombie Master, Merrow Reejerey,
Lord of the Undead, Death Baron, Bad Moon, Gaea's Anthem, Spear of Heliod, Intangible Virtue, Maskwood Nexus,
Mirror Entity, Amoeboid Changeling, Chameleon Colossus, Mistform Ultimus, Arcane Adaptation, Xenograft,
Magus of the Moon, Alpine Moon, Yavimaya, Cradle of Growth, Prismatic Omen, Dryad of the Ilysian Grove,
Spreading Seas, Evil Presence, Song of the Dryads, Darkest Hour, Titania's Song, Neurok Transmuter,
Liquimetal Coating, Ovinize, Snakeform, Frogify, Darksteel Mutation, Imprisoned in the Moon, Deep Freeze,
Mind Control, Treachery, Enslave, Clone, Spark Double, Sakashima's Student, Cryptoplasm, Vesuvan Shapeshifter,
Mirror Image, Copy Enchantment, Copy Artifact, Sculpting Steel, Progenitor Mimic, Lhurgoyf, Serra Avatar,
Dungrove Elder, Master of Etherium, Crusader of Odric, Heedless One, Keldon Warlord, Cranial Plating,
Ethereal Armor, Loxodon Warhammer, Sword of Fire and Ice, Runechanter's Pike, Dress Down, Overwhelming Splendor,
Humble, Kormus Bell, Living Lands, Nature's Revolt, Enchanted Evening, Thran Lens, Celestial Dawn,
Bludgeon Brawl, Mutavault, Celestial Colonnade, Inkmoth Nexus, Grand Architect, Dralnu's Crusade,
Sliver Legion, Muscle Sliver, Sinew Sliver, Blade of the Bloodchief, Tempered Steel, Glorious Anthem,
Angelic Field Marshal, Benalish Marshal, Coat of Arms, Metallic Mimic, Adaptive Automaton, Door of Destinies,
Urza's Saga, Opalescence, Starfield of Nyx, Encroaching Mycosynth, Svyelunite Temple, Dimir Doppelganger,
Shapesharer, Unstable Shapeshifter, Cytoshape, Essence of the Wild, Brudiclad, Telchor Engineer, Infinite Reflection,
Hivestone, Amorphous Axe, Blanchwood Armor, Eldrazi Devourer, Ghostfire Blade, Lord of Extinction,
Wild Nacatl, Kird Ape, Plague Rats, Tezzeret's Gambit, Experiment Kraj, Yixlid Jailer, Grafdigger's Cage,
Mishra, Artificer Prodigy, Leyline of the Void, Moonlit Wake, Quicksilver Elemental, Volrath's Shapeshifter,
Illusionary Mask, Tatterkite, Ashenmoor Liege, Boartusk Liege, Creakwood Liege, Glen Elendra Liege,
Murkfiend Liege, Balefire Liege, Thistledown Liege, Wilt-Leaf Liege, Mikaeus, the Unhallowed,
Noble Hierarch, Bant Charm, Dauntless Bodyguard, Lignify, Godhead of Awe, Humility, Paradox Haze""".replace("\n", " ")

# Oracle wordings of layer effects (613.1): (category, pattern, how many cards of it at most).
CATEGORIES = [
    ("anthem", r"^(?:other )?creatures you control get [+-]", 40),
    ("lord", r"^other \w+(?: creatures)?(?: you control)? get [+-]|^(?:all )?[A-Z]\w+s get [+-]", 70),
    ("changeling", r"^changeling", 25),
    ("lose all abilities", r"lose all abilities|loses all abilities", 20),
    ("base P/T", r"base power and toughness", 25),
    ("in addition", r"in addition to (?:its|their) other (?:creature |land )?types", 40),
    ("land types", r"lands? (?:are|is) (?:an? )?(?:Plains|Islands?|Swamps?|Mountains?|Forests?)\b", 20),
    ("copy", r"as a copy of|becomes? a copy of", 40),
    ("face down", r"^(?:morph|megamorph|disguise) |manifest", 25),
    ("Aura type", r"^enchanted (?:creature|land|permanent|artifact) is ", 25),
    ("control", r"you control enchanted", 12),
    ("CDA", r"power and toughness are each equal to|'s power is equal to", 40),
    ("color", r"\b(?:is|are) (?:white|blue|black|red|green|colorless)\b(?! spells?)", 20),
    ("Equipment", r"^equipped creature gets [+-]", 30),
    ("Aura P/T", r"^enchanted creature gets [+-]", 40),
    ("devoid", r"^devoid", 10),
]

COLOR_LETTERS = set("WUBRG")


def mana_cost(text: str) -> str | None:
    """Forge's '1 R', 'RW RW', 'PU', 'X R' -> '{1}{R}', '{R/W}{R/W}', '{U/P}', '{X}{R}'."""
    text = text.strip()
    if not text or text == "no cost":
        return None
    out = []
    for token in text.split():
        if token.isdigit() or token in ("X", "Y", "C", "S") or token in COLOR_LETTERS:
            out.append(f"{{{token}}}")
        elif len(token) == 2 and token[0] == "P" and token[1] in COLOR_LETTERS:
            out.append(f"{{{token[1]}/P}}")
        elif len(token) == 2 and token[0] == "2" and token[1] in COLOR_LETTERS:
            out.append(f"{{2/{token[1]}}}")
        elif "/" in token:
            out.append(f"{{{token}}}")
        elif len(token) == 2 and set(token) <= COLOR_LETTERS:
            out.append(f"{{{token[0]}/{token[1]}}}")
        else:
            raise ValueError(f"unknown mana token {token!r} in {text!r}")
    return "".join(out)


def type_line(types: str) -> str:
    words = types.split()
    before = [w for w in words if w in CARD_TYPES or w in SUPERTYPES]
    after = [w for w in words if w not in before]
    return " ".join(before) + (" — " + " ".join(after) if after else "")


def face(block: str) -> dict:
    fields = {}
    for line in block.splitlines():
        key, _, value = line.partition(":")
        if key in ("Name", "ManaCost", "Types", "PT", "Loyalty", "Colors", "Oracle", "AlternateMode"):
            fields.setdefault(key, value.strip())
    out = {"name": fields["Name"]}
    cost = mana_cost(fields.get("ManaCost", ""))
    if cost:
        out["mana_cost"] = cost
    elif fields.get("Colors") and fields["Colors"] != "colorless":
        out["color_indicator"] = [c.strip() for c in fields["Colors"].split(",")]
    out["type_line"] = type_line(fields.get("Types", ""))
    if "PT" in fields:
        out["pt"] = fields["PT"]
    if fields.get("Loyalty", "").isdigit():
        out["loyalty"] = int(fields["Loyalty"])
    out["text"] = fields.get("Oracle", "").replace("\\n", "\n")
    out["mode"] = fields.get("AlternateMode", "").strip()
    return out


def card(script: str) -> dict | None:
    blocks = script.split("\nALTERNATE\n")
    faces = [face(b) for b in blocks if "Name:" in b]
    if not faces:
        return None
    front, mode = faces[0], faces[0].pop("mode")
    for f in faces[1:]:
        f.pop("mode")
    if len(faces) == 2 and mode == "Split":
        return {"name": f"{faces[0]['name']} // {faces[1]['name']}",
                "text": "\n".join(f"{f['name']}: {f['text']}" for f in faces),
                "halves": [{k: v for k, v in f.items() if k not in ("pt", "loyalty")} for f in faces]}
    if len(faces) == 2 and mode == "Flip":
        front["flip"] = {k: v for k, v in faces[1].items() if k in ("name", "type_line", "pt", "text")}
    elif len(faces) == 2 and mode in ("DoubleFaced", "Modal"):
        front["back"] = {k: v for k, v in faces[1].items() if k in ("name", "color_indicator", "type_line", "pt",
                                                                     "loyalty", "text")}
    elif len(faces) > 1:
        return None         # adventures, meld: not in this library
    return front


def scripts(git_dir: str, commit: str):
    listing = subprocess.run(["git", "-C", git_dir, "ls-tree", "-r", commit, "forge-gui/res/cardsfolder/"],
                             capture_output=True, text=True, check=True).stdout.splitlines()
    objects = [line.split()[2] for line in listing if line.endswith(".txt")]
    batch = subprocess.run(["git", "-C", git_dir, "cat-file", "--batch"], input=("\n".join(objects) + "\n").encode(),
                           capture_output=True, check=True).stdout
    position = 0
    while position < len(batch):
        header_end = batch.index(b"\n", position)
        size = int(batch[position:header_end].split()[2])
        yield batch[header_end + 1: header_end + 1 + size].decode("utf-8", "replace")
        position = header_end + 1 + size + 1


def shuffled(name: str) -> str:
    return hashlib.sha1(name.encode()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("git_dir")
    parser.add_argument("--commit", default="HEAD")
    parser.add_argument("--exclude", default="bridge/cards/library.yaml", help="library file whose names to skip")
    args = parser.parse_args()
    commit = subprocess.run(["git", "-C", args.git_dir, "rev-parse", args.commit], capture_output=True, text=True,
                            check=True).stdout.strip()
    have = {n.casefold() for n in yaml.safe_load(Path(args.exclude).read_text())}
    cards = {}
    for script in scripts(args.git_dir, commit):
        try:
            found = card(script)
        except (ValueError, KeyError) as error:
            print(f"skipped a script: {error}", file=sys.stderr)
            continue
        if found and found["name"].casefold() not in have and not re.search(r"Token|Vanguard|Scheme|Plane\b|Conspiracy", found.get("type_line", "Token")):
            cards.setdefault(found["name"], found)
    chosen: dict[str, str] = {}
    for name in (p.strip() for p in PICKS.split(",")):
        if name in cards:
            chosen[name] = "named"
    for category, pattern, most in CATEGORIES:
        regex = re.compile(pattern, re.IGNORECASE | re.MULTILINE)
        matching = sorted((n for n, c in cards.items() if regex.search(c.get("text", ""))), key=shuffled)
        for name in [n for n in matching if n not in chosen][:most]:
            chosen[name] = category
    out = sys.stdout
    out.write(HEADER.format(commit=commit, count=len(chosen)))
    for name in sorted(chosen):
        entry = {k: v for k, v in cards[name].items() if k != "name"}
        out.write(f"\n# {chosen[name]}\n")
        out.write(yaml.safe_dump({name: entry}, sort_keys=False, allow_unicode=True, width=100000))


HEADER = """# Cards read by the Oracle-text reader (bridge/cards/oracle): printed characteristics and Oracle text only.
#
# Source of these facts: Forge's card scripts, as held by the Forge fork lzybluee/Reeforge at commit
# {commit} (forge-gui/res/cardsfolder, Oracle wording of November 2020: "enters the battlefield",
# cards named by their own name). Only the Name, ManaCost, Types, PT, Loyalty, Colors and Oracle
# lines were read, by tools/forge_cards.py; Forge's ability scripts were not used. Cards were chosen
# by the Oracle wording of layer effects and by name (see PICKS and CATEGORIES in that script);
# the comment above each card says why it is here. No card here has `abilities:`: the reader gives
# them. {count} cards.
"""

if __name__ == "__main__":
    main()
