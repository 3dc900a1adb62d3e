"""Cards: printed characteristics and abilities, from the built-in library or inline in a case."""
from __future__ import annotations

import functools
import re

import yaml

from bridge.cards.names import folded
from bridge.cards.oracle import abilities_from_text, spell_from_text, spell_parts_from_text
from bridge.cards.oracle.counter_kinds import named_counter_kinds
from bridge.files.derived import derived
from bridge.files.locations import CARDS_FOLDER
from bridge.model.card import Card, ManaSymbol
from bridge.model.errors import CaseError, close_matches
from bridge.model.vocabulary import COLOR_WORDS, Ability, canonical_word
from bridge.vocabulary.reader import Reader
from bridge.vocabulary.words import TRUSTED_WORDS, declared_words, rules_words

NEW_WORDS = "new_words"          # not a card: the words the library declares (words.py)

CARD_KEYS = ("name", "mana_cost", "color_indicator", "type_line", "pt", "loyalty", "defense", "text", "abilities",
             "spell", "flip", "back", "modal_back", "adventure", "prepare", "halves", "targets")
HALF_KEYS = ("name", "mana_cost", "color_indicator", "type_line", "text", "abilities", "targets")
FACE_KEYS = {"flip": ("name", "type_line", "pt", "text", "abilities"),
             "back": ("name", "color_indicator", "type_line", "pt", "loyalty", "defense", "text", "abilities"),
             # 712.1d-e a modal double-faced card's back face has its own mana cost
             "modal_back": ("name", "mana_cost", "color_indicator", "type_line", "pt", "loyalty", "defense", "text",
                            "abilities", "spell", "targets"),
             # 715.2 an Adventurer's second set of characteristics, used only as an Adventure on the stack;
             # likewise a prepared spell (2026). Named and shown; no rule here reads them yet.
             "adventure": ("name", "mana_cost", "color_indicator", "type_line", "text"),
             "prepare": ("name", "mana_cost", "color_indicator", "type_line", "text")}
SECOND_FACES = {"flip": "flip_face", "back": "back_face", "modal_back": "modal_back_face",
                "adventure": "adventure_face", "prepare": "prepare_face"}
MANA_SYMBOL = re.compile(r"\{([^{}]*)\}")
COLOR_LETTERS = "WUBRG"
LIBRARY_FILES = ("library.yaml",)
PRINTED_NUMBER = re.compile(r"(-?\d+)|\*|(\d+)\+\*|\*\+(\d+)|(\d+)-\*")


def parse_mana_cost(reader: Reader, text: str, where: str) -> tuple[ManaSymbol, ...]:
    symbols = []
    rest = MANA_SYMBOL.sub("", text).strip()
    if rest:
        raise reader.fail(where, f"not a mana cost: {text!r} (write symbols in braces, e.g. {{1}}{{G}})")
    for raw in MANA_SYMBOL.findall(text):
        s = raw.upper()
        parts = s.split("/")
        if s.isdigit():
            symbols.append(ManaSymbol("generic", amount=int(s)))
        elif s in COLOR_LETTERS and len(s) == 1:
            symbols.append(ManaSymbol("colored", letters=(s,)))
        elif s in ("X", "Y", "Z"):
            symbols.append(ManaSymbol("x"))
        elif s == "C":
            symbols.append(ManaSymbol("colorless"))
        elif s == "S":
            symbols.append(ManaSymbol("snow"))
        elif len(parts) == 2 and parts[0] in COLOR_LETTERS and parts[1] in COLOR_LETTERS and parts[0]:
            symbols.append(ManaSymbol("hybrid", letters=(parts[0], parts[1])))
        elif len(parts) == 2 and parts[0] == "2" and parts[1] in COLOR_LETTERS and parts[1]:
            symbols.append(ManaSymbol("twobrid", letters=(parts[1],)))
        elif len(parts) == 2 and parts[1] == "P" and parts[0] in COLOR_LETTERS and parts[0]:
            symbols.append(ManaSymbol("phyrexian", letters=(parts[0],)))
        elif len(parts) == 3 and parts[2] == "P" and all(p in COLOR_LETTERS and p for p in parts[:2]):
            symbols.append(ManaSymbol("hybrid_phyrexian", letters=(parts[0], parts[1])))     # 107.4f
        elif len(parts) == 2 and parts[0] == "C" and parts[1] in COLOR_LETTERS and parts[1]:
            symbols.append(ManaSymbol("colorless_hybrid", letters=(parts[1],)))              # 107.4e {C/W}
        elif s == "C/P":
            symbols.append(ManaSymbol("colorless_phyrexian"))
        else:
            raise reader.fail(where, f"unknown mana symbol {{{raw}}} in {text!r}")
    return tuple(symbols)


def split_type_line(reader: Reader, text: str, where: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Words before and after the dash of a type line (what they are is decided in asp/205)."""
    for dash in ("—", "–", " - ", "--"):
        if dash in text:
            before, after = text.split(dash, 1)
            break
    else:
        before, after = text, ""
    words_before = tuple(canonical_word(w) for w in before.split())
    if not words_before:
        raise reader.fail(where, f"a type line needs at least one card type, got {text!r}")
    for word in words_before:
        reader.words.type_line_word(word, where)
    if "Plane" in words_before:                  # 310.3 a planar type may be several words
        return words_before, (" ".join(after.split()),) if after.strip() else ()
    subtypes = subtype_words(after)
    for word in subtypes:
        reader.words.subtype(word, where)
    return words_before, subtypes


def subtype_words(after: str) -> tuple[str, ...]:
    """The subtypes after a type line's dash; 205.3m one creature type is two words long (Time Lord)."""
    words = after.split()
    two_words = {tuple(s.split()) for s in rules_words().subtypes if " " in s}
    out, i = [], 0
    while i < len(words):
        if tuple(words[i:i + 2]) in two_words:
            out.append(" ".join(words[i:i + 2]))
            i += 2
        else:
            out.append(words[i])
            i += 1
    return tuple(out)


def parse_printed_number(reader: Reader, text: str, where: str) -> int:
    """Printed power or toughness: N (negative too: Spinal Parasite is -1/-1), or * (0 outside a CDA,
    208.2a), N+*, *+N."""
    text = text.strip()
    match = PRINTED_NUMBER.fullmatch(text)
    if not match:
        raise reader.fail(where, f"expected a printed number like 2, -1, * or 1+*, got {text!r}")
    digits = next((g for g in match.groups() if g is not None), "0")
    return int(digits)


def parse_split_card(reader: Reader, name: str, data: dict, where: str, library: bool) -> Card:
    """709.1 A split card: two halves, each with its own name, mana cost, type line and text."""
    raw = data["halves"]
    if not isinstance(raw, list) or len(raw) != 2:
        raise reader.fail(f"{where}.halves", "a split card has exactly two halves")
    for key in data:
        if key not in ("halves", "text", "name"):
            raise reader.fail(f"{where}.{key}", "a split card's characteristics are those of its halves: give "
                              f"{key!r} in each half")
    halves = []
    for i, half in enumerate(raw):
        half = reader.mapping(half, f"{where}.halves[{i}]", HALF_KEYS)
        if "name" not in half:
            raise reader.fail(f"{where}.halves[{i}]", "a half needs its name")
        halves.append(parse_card(reader, reader.string(half["name"], f"{where}.halves[{i}].name"), half,
                                 f"{where}.halves[{i}]", library, keys=HALF_KEYS))
    text = reader.string(data.get("text", ""), f"{where}.text") if data.get("text") is not None else ""
    return Card(name=name, mana_cost=None, mana_cost_text=" // ".join(h.mana_cost_text for h in halves),
                color_indicator=(), type_line=" // ".join(h.type_line for h in halves), supertypes_and_types=(),
                subtypes=(), power=None, toughness=None, pt_text="", loyalty=None, text=text, abilities=(),
                spell=(), library=library, halves=tuple(halves))


def parse_card(reader: Reader, name: str, data, where: str, library: bool, keys=CARD_KEYS) -> Card:
    data = reader.mapping(data, where, keys)
    if "halves" in data:
        return parse_split_card(reader, name, data, where, library)
    if "type_line" not in data:
        raise reader.fail(where, "a card needs a type_line")
    type_line = reader.string(data["type_line"], f"{where}.type_line")
    before, after = split_type_line(reader, type_line, f"{where}.type_line")
    cost_text = ""
    mana_cost = None
    if data.get("mana_cost") is not None:
        cost_text = reader.string(data["mana_cost"], f"{where}.mana_cost")
        mana_cost = parse_mana_cost(reader, cost_text, f"{where}.mana_cost")
    indicator = reader.string_list(data.get("color_indicator", []), f"{where}.color_indicator")
    for i, color in enumerate(indicator):
        if color.lower() not in COLOR_WORDS:
            raise reader.fail(f"{where}.color_indicator[{i}]", f"unknown color {color!r}"
                              + close_matches(color, COLOR_WORDS))
    power = toughness = None
    pt_text = ""
    if data.get("pt") is not None:
        pt_text = reader.string(data["pt"], f"{where}.pt")
        if pt_text.count("/") != 1:
            raise reader.fail(f"{where}.pt", f"expected power/toughness like 2/2, got {pt_text!r}")
        p, t = pt_text.split("/")
        power = parse_printed_number(reader, p, f"{where}.pt")
        toughness = parse_printed_number(reader, t, f"{where}.pt")
    loyalty = reader.integer(data["loyalty"], f"{where}.loyalty") if "loyalty" in data else None
    defense = reader.integer(data["defense"], f"{where}.defense") if "defense" in data else None   # 310.4
    for key, value in (("loyalty", loyalty), ("defense", defense)):
        if value is not None and value < 0:        # 209.1, 310.4: printed in the lower right corner, never below 0
            raise reader.fail(f"{where}.{key}", f"a printed {key} is 0 or more, got {value}")
    if "abilities" in data:
        raw_abilities = data["abilities"] or []
        if not isinstance(raw_abilities, list):
            raise reader.fail(f"{where}.abilities", "expected a list of abilities")
        # The case-file contract's own example: the card's text, one structured ability without a text.
        only_text = reader.string(data["text"], f"{where}.text") if len(raw_abilities) == 1 and data.get("text") \
            is not None else None
        abilities = tuple(reader.ability(a, f"{where}.abilities[{i}]", default_text=only_text)
                          for i, a in enumerate(raw_abilities))
    else:
        abilities = abilities_read_from_text(reader, name, data, where)
    spell, modes, parts = (), (), ()
    if "spell" in data:
        spec = reader.mapping(data["spell"], f"{where}.spell", ("does",))
        if "does" not in spec:
            raise reader.fail(f"{where}.spell", "missing key 'does'")
        spell = reader.operations(spec["does"], f"{where}.spell.does", resolved=True)
    elif "abilities" not in data and data.get("text"):
        # an instant's or sorcery's effect and its modes, read from its text (bridge/cards/oracle/resolved.py)
        read, read_modes = spell_from_text(reader.string(data["text"], f"{where}.text"), name, type_line)
        if read:
            spell = reader.operations(read, f"{where}.text (as read: the spell's effect)", resolved=True)
        modes = tuple(reader.operations(m, f"{where}.text (as read: mode {i + 1})", resolved=True) if m else ()
                      for i, m in enumerate(read_modes))
        parts = tuple(reader.operations(p, f"{where}.text (as read: part {i + 1})")
                      for i, p in enumerate(spell_parts_from_text(data["text"], name, type_line)))
    text = reader.string(data.get("text", ""), f"{where}.text") if data.get("text") is not None else ""
    faces = {}
    if "back" in data and "modal_back" in data:
        raise reader.fail(f"{where}.modal_back", "a card is either transforming (back) or modal (modal_back), 712.1")
    for face in SECOND_FACES:
        if face in data:
            face_data = reader.mapping(data[face], f"{where}.{face}", FACE_KEYS[face])
            if "name" not in face_data:
                raise reader.fail(f"{where}.{face}", "a face needs its name")
            faces[SECOND_FACES[face]] = parse_card(reader, reader.string(face_data["name"], f"{where}.{face}.name"),
                                               face_data, f"{where}.{face}", library, keys=FACE_KEYS[face])
    raw_targets = data.get("targets", []) or []
    if not isinstance(raw_targets, list):
        raise reader.fail(f"{where}.targets", "expected a list of targets, e.g. [any] or [{permanent: {all: [land]}}]")
    targets = tuple(reader.target_spec(x, f"{where}.targets[{i}]") for i, x in enumerate(raw_targets))
    return Card(name=name, mana_cost=mana_cost, mana_cost_text=cost_text, targets=targets,
                color_indicator=tuple(canonical_word(c.lower()) for c in indicator),
                type_line=" ".join(type_line.split()), supertypes_and_types=before, subtypes=after,
                power=power, toughness=toughness, pt_text=pt_text, loyalty=loyalty, defense=defense, text=text,
                abilities=abilities, spell=spell, library=library, spell_modes=modes,
                spell_parts=parts, **faces)


def abilities_read_from_text(reader: Reader, name: str, data: dict, where: str) -> tuple[Ability, ...]:
    """A card without `abilities:` has those the Oracle-text reader finds in its `text:` (bridge/cards/oracle);
    what it cannot read stays an ability shown by its text."""
    text = reader.string(data.get("text", ""), f"{where}.text") if data.get("text") is not None else ""
    type_line = reader.string(data.get("type_line", ""), f"{where}.type_line")
    pt = reader.string(data["pt"], f"{where}.pt") if data.get("pt") is not None else ""
    checker = reader.words
    reader.words = checker.with_counter_kinds(named_counter_kinds(text))     # 122.1: kinds its text names
    try:
        return tuple(reader.ability(a, f"{where}.text (as read: ability {i + 1})")
                     for i, a in enumerate(abilities_from_text(text, name, type_line, pt)))
    finally:
        reader.words = checker


class Library:
    """The built-in card library (bridge/cards/library.yaml), looked up by English name."""

    def __init__(self, raw: dict, files: dict[str, str], declared: tuple = ()):
        self.files = files              # card name -> the library file it is in
        # The library's own new words (cards printed after the rules it checks against, 205.3f).
        self.words = rules_words().with_declared(declared)
        self._raw = raw
        self._cards: dict[str, Card] = {}
        self._folded = {name.casefold(): name for name in raw}
        self._forgiving = {folded(name): name for name in raw}

    @property
    def names(self) -> list[str]:
        return sorted(self._raw)

    def lookup(self, name: str) -> str | None:
        """The library's spelling of `name` (case-insensitive), or None."""
        return self._folded.get(name.casefold())

    def lookup_folded(self, key: str) -> str | None:
        """The library's spelling of a name in bridge/cards/names.py's folded form, or None."""
        return self._forgiving.get(key)

    def raw(self, name: str) -> dict:
        """The card's mapping as its library file has it."""
        return self._raw[name]

    def card(self, name: str) -> Card:
        proper = self.lookup(name)
        if proper is None:
            raise KeyError(name)
        if proper not in self._cards:
            self._cards[proper] = parse_card(Reader(self.files[proper], self.words), proper, self._raw[proper], proper,
                                             library=True)
        return self._cards[proper]

    def all_cards(self) -> list[Card]:
        return [self.card(name) for name in self.names]




@functools.lru_cache(maxsize=1)
def library() -> Library:
    """bridge/cards/library.yaml: the cards written by hand (abilities the reader cannot read yet, or
    cards a case needs exactly so); every other card comes from the card pool (bridge/cards/pool.py)."""
    # The library is our own file: parse it with libyaml's safe loader when PyYAML has it (20x faster).
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    raw, files, declared = {}, {}, ()
    for name in LIBRARY_FILES:
        source = CARDS_FOLDER / name
        # kept read between processes (bridge/files/derived.py): ~25 ms per process otherwise
        cards = derived(f"cards-{name}", source,
                        lambda text: yaml.load(text.decode("utf-8"), Loader=loader)) or {}
        if not isinstance(cards, dict):
            raise CaseError(str(source), "", "the card library must be a mapping of card names")
        declared += declared_words(Reader(str(source)), cards.pop(NEW_WORDS, None) or {})
        for card_name in cards:
            if card_name in raw:
                raise CaseError(str(source), card_name, f"{card_name!r} is also in {files[card_name]}")
            files[card_name] = str(source)
        raw.update(cards)
    return Library(raw, files, declared)


def stored_card(name: str) -> Card | None:
    """A card of the local card store (bridge/cards/store.py) by name, or None."""
    from bridge.cards.store import default_store
    store = default_store()
    return stored_card_in(str(store.path), name.casefold()) if store is not None else None


@functools.lru_cache(maxsize=4096)
def stored_card_in(path: str, folded_name: str) -> Card | None:
    from bridge.cards.store import CardStore
    found = CardStore(path).lookup(folded_name)
    if found is None:
        return None
    proper, data = found
    # public card data: its words are taken as printed (words.py checks what people type)
    return parse_card(Reader(path, TRUSTED_WORDS), proper, data, proper, library=True)
