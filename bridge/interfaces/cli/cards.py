"""`mtg-layers cards import|show|search|coverage`: the card store and what the reader makes of cards."""
from __future__ import annotations

import collections
import json
import re
import time
from pathlib import Path
from typing import NamedTuple

import yaml

from bridge.cards.catalog import FoundCard, UnknownCard, find_card, names_holding, rulings_of
from bridge.cards.library import SECOND_FACES, library, parse_card
from bridge.cards.names import FACES
from bridge.cards.oracle import KINDS, read_text
from bridge.cards.oracle.striations import CLASS_LEVEL
from bridge.model.card import Card
from bridge.model.errors import CaseError
from bridge.vocabulary.reader import Reader
from bridge.vocabulary.words import TRUSTED_WORDS


def add_cards_command(commands, parents) -> None:
    cards = commands.add_parser("cards", help="the card library and the local card store: import MTGJSON or "
                                "Scryfall data, show a card as the reader reads it, search names, reader coverage")
    actions = cards.add_subparsers(dest="action", required=True, metavar="ACTION")
    common = {"help": "the card store file (default: $MTG_LAYERS_CARD_STORE, else the user's data directory)"}
    importing = actions.add_parser("import", help="import AtomicCards.json (MTGJSON) or oracle-cards-*.json (Scryfall)")
    importing.add_argument("file", metavar="FILE")
    show = actions.add_parser("show", help="printed characteristics, the structure read from the text, what stays text")
    show.add_argument("name", nargs="+", metavar="NAME")
    search = actions.add_parser("search", help="card names holding every word")
    search.add_argument("words", nargs="+", metavar="WORD")
    coverage = actions.add_parser("coverage", help="the share of layer abilities the reader structures, over every "
                                  "card (or a store's, with --store)")
    coverage.add_argument("--list", action="store_true", help="list the layer abilities left as text")
    listing = actions.add_parser("list", help="the cards whose static or characteristic-defining abilities apply in "
                                 "a layer, by operation kind, over every card (or a store's, with --store)")
    listing.add_argument("--layer", action="append", metavar="LAYER", help="only operations of this layer (4, 7b, "
                         "or 7 for all its sublayers); give several for any of them")
    listing.add_argument("--operation", action="append", metavar="KIND", help="only this operation kind "
                         "(set_colors, add_types, modify_pt, ...); give several for any of them")
    listing.add_argument("--rules", choices=("current", "m10", "pre-m10"), default="current",
                         help="the rules edition that says which layer each operation applies in")
    listing.add_argument("--format", choices=("text", "json"), default="text",
                         help="json: one object (cards with their layers and operations, counts); its card names "
                         "make a sweep pool")
    for sub in (importing, show, search, coverage, listing):
        sub.add_argument("--store", metavar="PATH", **common)


def run_cards(args) -> int:
    try:
        return {"import": run_import, "show": run_show, "search": run_search,
                "coverage": run_coverage, "list": run_list}[args.action](args)
    except CaseError as error:
        print(f"error: {error}", file=__import__("sys").stderr)
        return 2


def run_import(args) -> int:
    from bridge.cards.bulk_import import detect_format, mtgjson_cards, scryfall_cards, scryfall_rulings
    from bridge.cards.store import CardStore, store_path
    path = Path(args.file)
    try:
        import ijson  # streams the 100+ MB files (an extra: mtg-layers[cards])
    except ImportError:
        raise CaseError(str(path), "", "importing needs ijson: pip install 'mtg-layers[cards]'") from None
    try:
        stream = path.open("rb")
    except OSError as error:
        raise CaseError(str(path), "", f"cannot read the file: {error.strerror}") from None
    started = time.perf_counter()
    skipped: list[str] = []
    with stream:
        kind = detect_format(str(path), stream.read(4096))
        stream.seek(0)
        cards = mtgjson_cards(stream, str(path)) if kind == "mtgjson" else scryfall_cards(stream, str(path))
        store = CardStore(store_path(args.store), create=True, make_folder=not args.store)
        try:
            if kind == "scryfall-rulings":
                return imported_rulings(store, scryfall_rulings(stream, str(path)), path, started)
            count = store.add_all(checked(cards, str(path), skipped), str(path), kind)
        except ijson.JSONError as error:        # the parser's message spans lines, with a caret under the text
            where = f" (read up to byte {stream.tell():,})" if not stream.closed else ""
            first_line = str(error).strip().splitlines()[0] if str(error).strip() else "cut short"
            raise CaseError(str(path), "", f"not valid JSON: {first_line}{where}; nothing was imported") from None
    seconds = time.perf_counter() - started
    print(f"imported {count} cards from {path} ({kind}) into {store.path} in {seconds:.1f} s; "
          f"the store holds {store.count()} cards")
    if store.repeated:                           # the last entry of each was kept: said, not silent (issue 36)
        names = ", ".join(repr(name) for name in store.repeated[:10]) + (" ..." if len(store.repeated) > 10 else "")
        print(f"warning: {path} gives {len(store.repeated)} card names more than once; the last entry of each "
              f"was kept: {names}")
    if skipped:
        print(f"skipped {len(skipped)} cards whose printed values the solver cannot read:")
        for line in skipped[:20]:
            print(f"  {line}")
        if len(skipped) > 20:
            print(f"  ... and {len(skipped) - 20} more")
    return 0


def imported_rulings(store, rulings, path: Path, started: float) -> int:
    """Scryfall's rulings file into the store, matched by oracle id; what was not kept is said."""
    counts = store.add_rulings(rulings, str(path))
    print(f"imported {counts['stored']} rulings from {path} (scryfall-rulings) into {store.path} in "
          f"{time.perf_counter() - started:.1f} s")
    if counts["notes"]:
        print(f"skipped {counts['notes']} notes of Scryfall's own (source: scryfall): only Gatherer's rulings are kept")
    if counts["unmatched"]:
        print(f"warning: {counts['unmatched']} rulings are of cards the store does not have (no oracle id "
              "matches): import Scryfall's oracle-cards file first, then the rulings")
    return 0


def checked(cards, file: str, skipped: list[str]):
    """The cards parse_card reads; the others are named in `skipped` with the reason (never silently)."""
    for name, data, aliases, *extra in cards:
        try:
            parse_card(Reader(file, TRUSTED_WORDS), name, data, name, library=True)   # public data: words as printed
        except CaseError as error:
            skipped.append(f"{name}: {error.problem}")
            continue
        yield name, data, aliases, *extra


def find(name: str, store_option: str | None) -> FoundCard:
    """A card by name: library.yaml, then the card store, then the shipped card pool (catalog.py)."""
    try:
        return find_card(name, store_option)
    except UnknownCard as error:
        raise CaseError(name, "", str(error)) from None


def faces_of(card: Card, raw: dict) -> list[tuple[str, Card, dict]]:
    """(what it is, face, its raw mapping) for every face: a split card is its halves (709.1)."""
    faces = [("", card, raw)] if not card.halves else []
    faces += [("half", half, half_raw) for half, half_raw in zip(card.halves, raw.get("halves", []))]
    for key, what in FACES:
        face = getattr(card, SECOND_FACES[key])
        if face is not None:
            faces.append((what, face, raw.get(key, {})))
    return faces


def run_show(args) -> int:
    found = find(" ".join(args.name), args.store)
    card, raw = found.card, found.raw
    for what, face, face_raw in faces_of(card, raw):
        label = f"   ({what})" if what and what != "half" else ""
        print(f"{face.name}  {face.mana_cost_text}".rstrip() + label)
        print(f"  {face.type_line}" + (f"  {face.pt_text}" if face.pt_text else "")
              + (f"  loyalty {face.loyalty}" if face.loyalty is not None else "")
              + (f"  defense {face.defense}" if face.defense is not None else "")
              + (f"  color indicator: {', '.join(face.color_indicator)}" if face.color_indicator else ""))
        if "spell" in face_raw:                # a written spell effect: what effects: - spell: NAME uses
            print("  [written, usable as effects: - {spell: " + face.name + ", affects: [...]}] spell: "
                  + yaml.safe_dump(face_raw["spell"], sort_keys=False, allow_unicode=True, default_flow_style=True,
                                   width=1000).strip())
        if "abilities" in face_raw:           # written abilities win over the reader
            for ability in face.abilities:
                print(f"  [written] {ability.text}")
            continue
        if what in ("the Adventure", "the prepared spell"):
            print("  [text only: no rule here reads this face yet] " + face.text.replace("\n", " / "))
            continue
        for reading in read_text(face.text, face.name, face.type_line, face.pt_text):
            mark = "read" if reading.structured else ("TEXT ONLY (layer effect not read)" if reading.layer
                                                     else "text only")
            print(f"  [{mark}] {reading.line}")
            if reading.spell:
                print("      " + yaml.safe_dump({"spell": {"does": list(reading.spell)}}, sort_keys=False,
                                                allow_unicode=True, default_flow_style=True, width=1000).strip())
            for number, ops in enumerate(reading.parts, start=1):     # 611.2c (effects: - {spell, part: N})
                print(f"      part {number}: " + yaml.safe_dump({"does": list(ops)}, sort_keys=False,
                                                             allow_unicode=True, default_flow_style=True,
                                                             width=1000).strip())
            for ability in reading.abilities:
                if isinstance(ability, dict) and len(ability) > 1:
                    structure = {k: v for k, v in ability.items() if k != "text"}
                    print("      " + yaml.safe_dump(structure, sort_keys=False, allow_unicode=True,
                                                    default_flow_style=True, width=1000).strip())
    for face, why in card.missing:
        print(f"  NOT IN THE DATA ({face}): {why}")
    print(f"{card.name}: from the {found.source}")
    rulings = rulings_of(card.name, args.store)
    if rulings:
        print(f"Rulings (from the card store's imported data, {len(rulings)}):")
        for ruling in rulings:
            print(f"  {ruling['date']}: {ruling['text']}")
    return 0


def run_search(args) -> int:
    from bridge.cards.store import CardStore, store_path
    names = names_holding(args.words)
    path = store_path(args.store)
    if path.is_file():
        names += [n for n in CardStore(path).search([w.casefold() for w in args.words]) if n not in names]
    for name in sorted(names, key=lambda n: (len(n), n)):
        print(name)
    if not names:
        print(f"no card name holds {' '.join(args.words)!r}")
    return 0 if names else 1


# Why a layer line stays text, by its wording (most lines have one of these): `cards coverage` counts them.
UNREAD_PATTERNS = (
    ("a level, Class level or Station threshold (711, 716)", r"^(?:LEVEL|\d+/\d+$|\d+\+ \|)|: Level \d"),
    ("'for each' / 'where X is' counts", r"(?i:\bfor each\b)|\bwhere X is\b"),
    ("'during your turn' / 'turn'", r"(?i:\bduring\b)|\bturn\b"),
    ("graveyard counts (threshold, delirium ...)", r"\bgraveyard\b"),
    # (before the two below: Spark Double's "except it enters with an additional +1/+1 counter" is a copy's)
    ("copy with exceptions", r"\ba copy of\b"),
    # 614.1c "This creature enters with a menace counter on it", "it enters with two +1/+1 counters on it and with
    # trample": what the permanent enters with, not a subject 'with' a counter
    ("'enters with' counters or abilities (614.1c; keyword counters, 122.1b)", r"\benters? (?:the battlefield )?with\b"),
    ("subjects 'with' a counter or status, attacking, blocking, tapped", r"\bwith (?:a|an|one or more) .*counter|(?i:\battacking\b|\bblocking\b|\btapped\b|\buntapped\b)"),
    ("control", r"\bcontrol (?:of )?(?:enchanted|equipped)|\bgains? control\b"),
    ("'as long as' / 'if' conditions", r"(?i:\bas long as\b|\bif\b)"),
    ("several effects in one ability", r"\. [A-Z]|, and |\band (?:has|gets|is|loses|can't)\b"),
)


# ... and why a spell's, an activated or a loyalty ability's layer line stays text (resolved.py).
RESOLVED_UNREAD_PATTERNS = (
    ("an emblem's abilities (114)", r"You get an emblem"),
    ("'perpetually' (digital-only, not in the CR)", r"\bperpetually\b"),
    ("conditions on how it resolved ('if', 'instead', 'unless')", r"\binstead\b|\b[Ii]f\b|\bunless\b"),
    ("copies (of a card, of each of several, exceptions not read)", r"\bcop(?:y|ies)\b"),
    ("two worked-out numbers, or a count with a group not read", r"(?i:\bfor each\b)|\bX\b"),
    ("control given to another player, or exchanged", r"(?i:\bexchange control\b)|\bgains control\b"),
    ("choices ('of your choice', 'choose')", r"\bchoice\b|(?i:\bchoose\b)|\bchosen\b"),
    ("effects on tokens it creates", r"(?i:\bcreates?\b)"),
    ("delayed effects ('this turn', 'whenever', 'next')", r"\bthis turn\b|(?i:\bwhenever\b|\bwhen\b)|\bnext\b"),
    ("several groups or sentences", r"\. [A-Z]|\band\b"),
)


LEVEL_ROWS = UNREAD_PATTERNS[0][0]


class UnreadLine(NamedTuple):
    name: str
    kind: str
    line: str
    class_level: bool = False           # 716.2a a line under a Class level ("{1}{R}: Level 2")


def unread_pattern(line: str, patterns=UNREAD_PATTERNS) -> str:
    return next((label for label, pattern in patterns if re.search(pattern, line)), "other wording")


def unread_label(unread: UnreadLine, patterns=UNREAD_PATTERNS) -> str:
    """A Class level's line is filed with the levels, whatever its wording (716.2a: it stays text for its level)."""
    return LEVEL_ROWS if unread.class_level else unread_pattern(unread.line, patterns)


def under_a_class_level(readings) -> list[bool]:
    """For each reading of a face, whether a Class level line ("{G}: Level 2", 716.2a) came before it."""
    gated, under = False, []
    for reading in readings:
        header = bool(CLASS_LEVEL.match(reading.line.strip()))
        gated = gated or header
        under.append(gated and not header)
    return under


def coverage(cards) -> tuple[dict, list[UnreadLine]]:
    """({kind: [layer lines structured, layer lines]}, the layer lines left as text: (face, kind, line))
    over cards' faces. A layer line is one whose wording changes characteristics or control (613.1), as
    a static ability or once resolved; mana abilities and other text are not counted."""
    counts = {kind: [0, 0] for kind in KINDS}
    unread = []
    for card in cards:
        for face in (*(card.halves or (card,)), *(f for f in (card.flip_face, card.back_face, card.modal_back_face)
                                                  if f)):
            readings = read_text(face.text, face.name, face.type_line, face.pt_text)
            for reading, class_level in zip(readings, under_a_class_level(readings)):
                if reading.layer:
                    counts[reading.kind][1] += 1
                    counts[reading.kind][0] += reading.structured
                    if not reading.structured:
                        unread.append(UnreadLine(face.name, reading.kind, reading.line, class_level))
    return counts, unread


def run_list(args) -> int:
    """Each card with a static or characteristic-defining ability whose operations apply in the asked
    layers and are of the asked kinds, with every (layer, operation) it has; then the counts per
    (layer, operation). The layer of each operation is asp/editions.lp's, for --rules. --format json:
    one object, its `cards` usable as a sweep pool (docs/research.md)."""
    from bridge.interfaces.card_listing import cards_by_operation, checked_operations
    checked_operations(args.rules, args.operation or ())       # a misspelt kind is said before the cards are read
    cards, where = lookup_cards(args)
    listed = cards_by_operation(cards, args.rules, args.layer or (), args.operation or ())
    counts = collections.Counter(pair for _, _, chosen in listed for pair in chosen)
    ordered = sorted(counts.items(), key=lambda item: (item[0][0], -item[1], item[0][1]))
    if args.format == "json":
        print(json.dumps({"rules": args.rules, "layers": args.layer or [], "operations": args.operation or [],
                          "of": len(cards), "where": where,
                          "cards": [{"name": card.name, "layers": [{"layer": layer, "operation": kind}
                                                                   for layer, kind in found]}
                                    for card, found, _ in listed],
                          "counts": [{"layer": layer, "operation": kind, "cards": n} for (layer, kind), n in ordered]},
                         ensure_ascii=False, indent=1))
        return 0
    for card, found, _ in listed:
        print(f"{card.name}: " + ", ".join(f"layer {layer} {kind}" for layer, kind in found))
    print(f"{len(listed)} of {len(cards)} {where} (rules {args.rules}), by layer and operation:")
    for (layer, kind), n in ordered:
        print(f"  layer {layer:<3} {kind:<28} {n:>6,}")
    return 0


def lookup_cards(args) -> tuple[list, str]:
    """The cards a lookup would give (bridge/interfaces/card_listing.py), of --store when given."""
    from bridge.interfaces.card_listing import every_card
    return every_card(args.store)


def run_coverage(args) -> int:
    """The reader over the cards a lookup would give (lookup_cards)."""
    cards, where = lookup_cards(args)
    counts, unread = coverage(cards)
    stickers = counts.pop("sticker")[1]         # 123.2: not a card's lines; listed, flagged, not counted
    read, total = (sum(counts[k][i] for k in counts) for i in (0, 1))
    print(f"{len(cards)} {where}; the reader structures {read} of {total} layer lines "
          f"({100 * read / max(total, 1):.1f}%), by kind:")
    for kind, (done, of) in counts.items():
        if of:
            note = {"triggered": "  (counted; a triggered ability's effect is the case's effects: once it resolves)",
                    "keyword": "  (changeling, devoid, overload)"}.get(kind, "")
            print(f"  {kind:<10} {done:>6,} of {of:>6,}  {100 * done / of:5.1f}%{note}")
    if stickers:
        print(f"  not counted: {stickers:,} layer lines of sticker sheets (123.2: a sticker sheet is not a card "
              "and has no characteristics; a case cannot put its stickers on an object yet)")
    patterns = collections.Counter(unread_label(u) for u in unread if u.kind in ("static", "cda"))
    if patterns:
        print("static and CDA lines left as text, by what they need:")
        for label, n in patterns.most_common():
            print(f"  {n:>6,}  {label}")
    resolved = collections.Counter(unread_label(u, RESOLVED_UNREAD_PATTERNS) for u in unread
                                   if u.kind in ("spell", "activated", "loyalty"))
    if resolved:
        print("spell, activated and loyalty lines left as text, by what they need:")
        for label, n in resolved.most_common():
            print(f"  {n:>6,}  {label}")
    if args.list:
        for name, kind, line, _ in unread:
            print(f"  {name} ({kind}): {line}")
    return 0
