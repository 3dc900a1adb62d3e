"""Import time and store size for an AtomicCards-sized MTGJSON file, and the cost of a name lookup.

The file is generated (no real AtomicCards.json is bundled): 32,000 cards with the fields MTGJSON
gives each face (foreign names, legalities, rulings, identifiers, printings), ~120 MB like the
real file of 2025. Oracle texts are drawn from the built-in library's, so the reader runs on them.

    python benchmarks/card_import.py [--cards 32000] [--keep DIR]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bridge.cards.library import library  # noqa: E402


def face(i: int, template) -> dict:
    words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor".split()
    rng = random.Random(i)
    ruling = " ".join(rng.choice(words) for _ in range(60))
    return {
        "name": f"Generated Card {i}", "manaCost": template.mana_cost_text or "{2}", "manaValue": 2.0,
        "type": template.type_line, "types": list(template.supertypes_and_types), "subtypes": list(template.subtypes),
        "supertypes": [], "colors": [], "colorIdentity": [], "layout": "normal", "text": template.text,
        **({"power": str(template.power), "toughness": str(template.toughness)} if template.power is not None else {}),
        "foreignData": [{"language": lang, "name": f"Karte {i} {lang}", "text": template.text, "type": template.type_line,
                         "identifiers": {"multiverseId": str(rng.randint(1, 10**6))}}
                        for lang in ("German", "French", "Italian", "Spanish", "Japanese", "Portuguese", "Russian")],
        "legalities": {f: rng.choice(["Legal", "Banned", "Not Legal"]) for f in
                       ("commander", "duel", "legacy", "modern", "oldschool", "pauper", "penny", "premodern",
                        "vintage", "pioneer", "standard", "historic", "brawl")},
        "rulings": [{"date": "2020-01-01", "text": ruling} for _ in range(2)],
        "printings": [f"S{rng.randint(1, 999)}" for _ in range(4)],
        "identifiers": {"scryfallOracleId": f"{i:08x}-0000-0000-0000-000000000000", "cardKingdomId": str(i)},
        "purchaseUrls": {"cardKingdom": f"https://example.invalid/{i}", "tcgplayer": f"https://example.invalid/t{i}"},
        "edhrecRank": i, "firstPrinting": "S1",
    }


def generate(path: Path, count: int) -> None:
    templates = [c for c in library().all_cards() if not c.halves]
    with path.open("w") as out:
        out.write('{"meta": {"date": "2025-01-01", "version": "5.2.2"}, "data": {')
        for i in range(count):
            if i:
                out.write(", ")
            out.write(json.dumps(f"Generated Card {i}") + ": " + json.dumps([face(i, templates[i % len(templates)])]))
        out.write("}}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cards", type=int, default=32000)
    parser.add_argument("--keep", metavar="DIR")
    args = parser.parse_args()
    folder = Path(args.keep or tempfile.mkdtemp())
    folder.mkdir(parents=True, exist_ok=True)
    source, store = folder / "AtomicCards.json", folder / "cards.sqlite"
    if store.exists():
        store.unlink()
    generate(source, args.cards)
    print(f"file: {source.stat().st_size / 2**20:.1f} MiB, {args.cards} cards")
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "bridge.interfaces.cli.main", "cards", "import", str(source), "--store", str(store)],
                   check=True, cwd=Path(__file__).resolve().parent.parent)
    child = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"import: {time.perf_counter() - started:.1f} s wall, {child.ru_utime + child.ru_stime:.1f} s CPU, "
          f"peak memory {child.ru_maxrss / 1024:.0f} MiB (with interpreter start); "
          f"store: {store.stat().st_size / 2**20:.1f} MiB")
    os.environ["MTG_LAYERS_CARD_STORE"] = str(store)
    from bridge.cards.store import CardStore
    from bridge.cards.library import stored_card_in
    db = CardStore(store)
    names = [f"generated card {random.Random(n).randrange(args.cards)}" for n in range(2000)]
    started = time.perf_counter()
    for name in names:
        db.lookup(name)
    raw = (time.perf_counter() - started) / len(names)
    started = time.perf_counter()
    for name in names[:500]:
        stored_card_in.cache_clear()
        stored_card_in(str(store), name)
    parsed = (time.perf_counter() - started) / 500
    print(f"name lookup: {raw * 1e6:.0f} us (SQLite row), {parsed * 1e3:.2f} ms (row + parse + Oracle reader, "
          f"store opened each time)")


if __name__ == "__main__":
    main()
