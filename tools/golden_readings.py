"""The golden set of the Oracle reader (issue 32): real cards' readings, each checked by hand.

    python tools/golden_readings.py draw           # write tests/data/golden_readings/batch_*.yaml afresh
    python tools/golden_readings.py diff           # every line whose reading differs from its checked one
    python tools/golden_readings.py rerecord       # record the readings again, keeping the verdicts

How the cards are drawn: every card of the shipped pool (bridge/cards/pool.bin), sorted by name, split
in two: the cards with at least one line the reader calls a layer line (613.1 wording, read or not) and
the rest. `random.Random(SEED)` draws LAYER_CARDS of the first and OTHER_CARDS of the second (the second
guards against a layer effect the reader does not even see). Each line of each face is recorded with
what the reader made of it; a person then reads it against the card's Oracle text and the CR and writes
`verdict:` (right, misread, missed) and, for anything but right, `why:`.

tests/test_golden_readings.py fails when a line's reading differs from its checked one: a change to the
reader that alters a reading must be checked again by hand (`diff` lists them) and written here.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bridge.cards.catalog import pooled  # noqa: E402
from bridge.cards.oracle import read_text  # noqa: E402
from bridge.cards.pool import default_pool  # noqa: E402

SEED = 32
LAYER_CARDS = 300
OTHER_CARDS = 40
BATCHES = 4
FOLDER = Path(__file__).resolve().parent.parent / "tests" / "data" / "golden_readings"


def faces(card):
    """Every face the reader reads: a split card's halves, then the second faces (as `cards coverage`)."""
    return [*(card.halves or (card,)), *(f for f in (card.flip_face, card.back_face, card.modal_back_face) if f)]


def reading_record(reading) -> dict:
    """A line's reading in plain data: read (structured), layer, and the vocabulary it became."""
    structure = [a if isinstance(a, str) else {k: v for k, v in a.items() if k != "text"} for a in reading.abilities]
    spell = [{"spell": {"does": list(reading.spell)}}] if reading.spell else []
    return {"read": reading.structured, "layer": reading.layer,
            "as": [s for s in structure if s != {}] + spell}


def card_record(name: str) -> dict:
    card = pooled(name)
    return {"card": name, "faces": [
        {"face": face.name, "type_line": face.type_line, "pt": face.pt_text or None, "oracle": face.text,
         "lines": [{"line": r.line, **reading_record(r)} for r in read_text(face.text, face.name, face.type_line,
                                                                            face.pt_text)]}
        for face in faces(card)]}


def has_layer_line(name: str) -> bool:
    card = pooled(name)
    return any(r.layer for face in faces(card) for r in read_text(face.text, face.name, face.type_line, face.pt_text))


def draw() -> list[str]:
    names = sorted(set(default_pool().card_names()))
    layered = [n for n in names if has_layer_line(n)]
    layered_set = set(layered)
    others = [n for n in names if n not in layered_set]
    rng = random.Random(SEED)
    return sorted(rng.sample(layered, LAYER_CARDS)) + sorted(rng.sample(others, OTHER_CARDS))


def batch_files() -> list[Path]:
    return sorted(FOLDER.glob("batch_*.yaml"))


def load_golden() -> list[dict]:
    return [card for path in batch_files() for card in yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]]


def differences() -> list[str]:
    """Each checked line whose reading is not what it was when checked, in words."""
    out = []
    for card in load_golden():
        now = {f["face"]: f for f in card_record(card["card"])["faces"]}
        for face in card["faces"]:
            current = {line["line"]: line for line in now.get(face["face"], {"lines": []})["lines"]}
            for line in face["lines"]:
                seen = current.get(line["line"])
                expected = {k: line[k] for k in ("read", "layer", "as")}
                got = {k: seen[k] for k in ("read", "layer", "as")} if seen else None
                if got != expected:
                    out.append(f"{card['card']} / {face['face']}: {line['line']!r}\n    checked: {expected}\n"
                               f"    now:     {got}")
    return out


def write_batches(names: list[str]) -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for old in batch_files():
        old.unlink()
    for b in range(BATCHES):
        cards = [card_record(n) for n in names[b::BATCHES]]
        for card in cards:
            for face in card["faces"]:
                for line in face["lines"]:
                    line["verdict"] = "unchecked"
        text = yaml.safe_dump({"cards": cards}, sort_keys=False, allow_unicode=True, width=110)
        (FOLDER / f"batch_{b + 1}.yaml").write_text(
            f"# Golden readings, batch {b + 1} of {BATCHES}: drawn by tools/golden_readings.py (seed {SEED}).\n"
            "# verdict: right | misread (the structure says something the line does not) | missed (a layer\n"
            "# effect the reader does not flag); why: for anything but right.\n" + text, encoding="utf-8")


HAND_KEYS = ("verdict", "kind", "changes_layers", "why")


def rerecord() -> None:
    """Each batch's readings recorded again from the reader, keeping what was written by hand (HAND_KEYS),
    matched by card, face and line. Only after `diff` was read and each changed line checked again."""
    for path in batch_files():
        header = "".join(line for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
                         if line.startswith("#"))
        old = yaml.safe_load(path.read_text(encoding="utf-8"))["cards"]
        cards = []
        for card in old:
            hand = {(f["face"], line["line"]): {k: line[k] for k in HAND_KEYS if k in line}
                    for f in card["faces"] for line in f["lines"]}
            now = card_record(card["card"])
            for face in now["faces"]:
                for line in face["lines"]:
                    line.update(hand.get((face["face"], line["line"]), {"verdict": "unchecked"}))
            cards.append(now)
        path.write_text(header + yaml.safe_dump({"cards": cards}, sort_keys=False, allow_unicode=True, width=110),
                        encoding="utf-8")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("draw", "diff", "rerecord"))
    args = parser.parse_args(argv)
    if args.action == "draw":
        write_batches(draw())
        return 0
    if args.action == "rerecord":
        rerecord()
        return 0
    found = differences()
    print("\n".join(found) or "every checked line reads as it was checked")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
