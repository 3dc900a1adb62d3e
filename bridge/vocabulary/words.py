"""The rules' own word lists (asp/word_lists.lp), and checking a case's words against them.

A card type, supertype, subtype, color, keyword or counter kind that is not in the Comprehensive
Rules' lists (105.1, 205.2a, 205.3g-n, 205.4a, 702, 122) is bad input with the closest words
suggested, unless the case (or the card library) declares it under `new_words:`.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

import clingo

from bridge.files.derived import derived
from bridge.model.errors import CaseError, close_matches

# new_words keys: a word kind, or a kind of subtype (205.3g-n: the card type it belongs to).
SUBTYPE_KEYS = {"creature_type": "creature", "land_type": "land", "artifact_type": "artifact",
                "enchantment_type": "enchantment", "planeswalker_type": "planeswalker", "spell_type": "spell",
                "planar_type": "planar", "battle_type": "battle", "dungeon_type": "dungeon"}
WORD_KEYS = ("card_type", "supertype", "keyword", "counter")
NEW_WORD_KEYS = WORD_KEYS + tuple(SUBTYPE_KEYS)
# 702.14a "[type]walk": a land type, or card types and supertypes before "landwalk".
LANDWALK = re.compile(r"(?:(\S+) )?(\S+?)walk")
TYPECYCLING = re.compile(r"(?:(\S+) )?(\S+?)cycling(?: .*)?")
PT_COUNTER = re.compile(r"[+-]\d+/[+-]\d+")


@dataclass(frozen=True)
class WordLists:
    """The words the rules list, plus those declared by the case (or the library)."""
    words: dict = field(default_factory=dict)         # kind -> frozenset of words
    subtypes: dict = field(default_factory=dict)      # subtype -> kind (creature, land ...)
    declared: tuple = ()                              # (key, word) pairs from new_words
    trusted: bool = False                             # every word is taken as it is (public card data)

    def of(self, kind: str) -> frozenset:
        return self.words.get(kind, frozenset())

    def with_declared(self, pairs) -> "WordLists":
        words = {k: set(v) for k, v in self.words.items()}
        subtypes = dict(self.subtypes)
        for key, word in pairs:
            if key in SUBTYPE_KEYS:
                subtypes[word] = SUBTYPE_KEYS[key]
            else:
                words.setdefault(key, set()).add(word)
        return WordLists({k: frozenset(v) for k, v in words.items()}, subtypes, self.declared + tuple(pairs))

    def kind_of_subtype(self, word: str) -> str | None:
        return self.subtypes.get(word)

    def keyword_known(self, keyword: str) -> bool:
        """A keyword ability as written ("flying", "protection from red", "equip {8}", "swampwalk"):
        its name is a 702 keyword, or it is a form of landwalk (702.14a)."""
        return self.keyword_title(keyword) is not None

    def keyword_title(self, keyword: str) -> str | None:
        """The 702 keyword a keyword ability as written is a form of ("equip {8}" -> "equip",
        "swampwalk" -> "landwalk", "basic landcycling {1}{B}" -> "cycling"), or None."""
        names = self.of("keyword")
        words = keyword.split()
        for n in range(min(len(words), 3), 0, -1):
            if " ".join(words[:n]) in names:
                return " ".join(words[:n])
        qualifiers = {w.lower() for w in self.of("supertype") | self.of("card_type")} | {"nonbasic"}
        match = LANDWALK.fullmatch(keyword)
        if match:
            before, kind = match.groups()
            land_or_type = {w.lower() for w in self.subtypes if self.subtypes[w] == "land"} | {"land"}
            return "landwalk" if kind in land_or_type and (before is None or before in qualifiers | land_or_type) \
                else None
        # 702.29e typecycling: "[type]cycling" ("swampcycling {2}", "basic landcycling {1}{B}")
        match = TYPECYCLING.fullmatch(keyword)
        if match:
            before, kind = match.groups()
            return "cycling" if kind in {w.lower() for w in self.subtypes} | {"land"} \
                and (before is None or before in qualifiers) else None
        return None

    def counter_known(self, kind: str) -> bool:
        return bool(PT_COUNTER.fullmatch(kind)) or kind in self.of("counter")


@functools.lru_cache(maxsize=1)
def rules_words() -> WordLists:
    """The lists of asp/word_lists.lp (read with clingo: asp/ is their one home; what clingo read is
    kept between processes by bridge/files/derived.py)."""
    from bridge.files.locations import asp_files
    path = next(p for p in asp_files() if p.name == "word_lists.lp")
    lists, subtypes = derived("word-lists", path, read_word_lists)
    return WordLists({kind: frozenset(listed) for kind, listed in lists.items()}, subtypes)


def read_word_lists(text: bytes) -> tuple[dict, dict]:
    """rules_word(Kind, Word) and rules_subtype(Word, Kind) of asp/word_lists.lp, as plain data."""
    control = clingo.Control(["--warn=none"])
    control.add("base", [], text.decode("utf-8"))
    control.ground([("base", [])])
    words: dict[str, list] = {}
    subtypes = {}
    for atom in control.symbolic_atoms.by_signature("rules_word", 2):
        kind, word = atom.symbol.arguments
        words.setdefault(kind.name, []).append(word.string)
    for atom in control.symbolic_atoms.by_signature("rules_subtype", 2):
        word, kind = atom.symbol.arguments
        subtypes[word.string] = kind.name
    return words, subtypes


EVERY_CREATURE_TYPE = "every creature type"


@functools.lru_cache(maxsize=1)
def creature_types() -> frozenset:
    """The creature types of 205.3m (made once: every object's subtypes are compared with them)."""
    return frozenset(w for w, k in rules_words().subtypes.items() if k == "creature")


def every_creature_type(subtypes) -> list[str]:
    """Subtypes as shown: an object with each creature type of 205.3m (changeling, 702.73a) shows
    "every creature type" in their place."""
    creature = creature_types()
    if not creature <= set(subtypes):
        return list(subtypes)
    return [s for s in subtypes if s not in creature] + [EVERY_CREATURE_TYPE]


def suggest(word: str, choices) -> str:
    """' (did you mean ...?)': the singular of a plural first ("Elves" -> 'Elf', 122.1 ...), then a word with
    two letters swapped ("Baer" -> 'Bear'), then the closest spellings."""
    choices = set(choices)
    for plural, singular in (("ves", "f"), ("ies", "y"), ("es", ""), ("s", "")):
        if word.endswith(plural) and word[:-len(plural)] + singular in choices:
            return f" (did you mean {word[:-len(plural)] + singular!r}?)"
    swapped = sorted(c for c in choices if len(c) == len(word) and c.lower() != word.lower()
                     and sorted(c.lower()) == sorted(word.lower())
                     and sum(a != b for a, b in zip(c.lower(), word.lower())) == 2)
    if swapped:
        return " (did you mean " + " or ".join(repr(c) for c in swapped[:3]) + "?)"
    return close_matches(word, choices)


TRUSTED_WORDS = WordLists(trusted=True)


class WordChecker:
    """Checks one file's words; every refusal names the file, the key and the closest known words."""

    def __init__(self, file: str, lists: WordLists | None = None):
        self.file = file
        self.lists = lists or rules_words()
        if self.lists.trusted:
            for name in ("card_type", "supertype", "type_line_word", "subtype", "color", "keyword", "counter",
                         "characteristic_word"):
                setattr(self, name, lambda *args, **kwargs: None)

    def with_counter_kinds(self, kinds) -> "WordChecker":
        """This checker, also knowing these kinds of counters (122.1: those a card's own text names)."""
        if self.lists.trusted or not kinds:
            return self
        return WordChecker(self.file, self.lists.with_declared(("counter", kind) for kind in sorted(kinds)))

    def refuse(self, where: str, what: str, word: str, choices, declare: str) -> CaseError:
        return CaseError(self.file, where, f"unknown {what} {word!r}" + suggest(word, choices)
                         + f"; if it is a new word, declare it: new_words: {{{declare}: [{word}]}}")

    def card_type(self, word: str, where: str) -> None:
        if word not in self.lists.of("card_type"):
            raise self.refuse(where, "card type", word, self.lists.of("card_type"), "card_type")

    def supertype(self, word: str, where: str) -> None:
        if word not in self.lists.of("supertype"):
            raise self.refuse(where, "supertype", word, self.lists.of("supertype"), "supertype")

    def type_line_word(self, word: str, where: str) -> None:
        if word not in self.lists.of("card_type") | self.lists.of("supertype"):
            raise CaseError(self.file, where, f"{word!r} before the dash is neither a card type nor a supertype"
                            + suggest(word, self.lists.of("card_type") | self.lists.of("supertype"))
                            + "; if it is a new word, declare it: new_words: {card_type: [...]} or {supertype: [...]}")

    def subtype(self, word: str, where: str, kind: str | None = None) -> None:
        """A subtype (of a given kind: creature, land ...)."""
        found = self.lists.kind_of_subtype(word)
        if word.lower() == EVERY_CREATURE_TYPE and kind in (None, "creature"):
            return
        if found is not None and (kind is None or found == kind):
            return
        choices = [w for w, k in self.lists.subtypes.items() if kind is None or k == kind]
        key = next((k for k, v in SUBTYPE_KEYS.items() if v == kind), "creature_type")
        what = f"{kind} type" if kind else "subtype"
        if found is not None:
            raise CaseError(self.file, where, f"{word!r} is a {found} type, not a {what}")
        raise self.refuse(where, what, word, choices, key)

    def color(self, word: str, where: str) -> None:
        if word.lower() not in self.lists.of("color"):
            raise CaseError(self.file, where, f"unknown color {word!r}" + close_matches(word.lower(), self.lists.of("color")))

    def keyword(self, keyword: str, where: str) -> None:
        if not self.lists.keyword_known(keyword):
            raise self.refuse(where, "keyword ability", keyword, self.lists.of("keyword"), "keyword")

    def counter(self, kind: str, where: str) -> None:
        if not self.lists.counter_known(kind):
            raise self.refuse(where, "kind of counter", kind, self.lists.of("counter"), "counter")

    def characteristic_word(self, word: str, where: str, extra=()) -> None:
        """A selector word: a card type, supertype, color or subtype (or one of `extra`)."""
        lists = self.lists
        if word in extra or word in lists.of("card_type") | lists.of("supertype") or word in lists.subtypes \
                or word.lower() in lists.of("color"):
            return
        choices = set(extra) | lists.of("card_type") | lists.of("supertype") | set(lists.subtypes) \
            | {c.capitalize() for c in lists.of("color")}
        raise CaseError(self.file, where, f"unknown word {word!r}" + suggest(word, choices)
                        + " (not a card type, supertype, color or subtype in the Comprehensive Rules); if it is a"
                        f" new word, declare it: new_words: {{creature_type: [{word}]}} (or the kind it is)")


def declared_words(reader, value, where: str = "new_words") -> tuple[tuple[str, str], ...]:
    """`new_words: {creature_type: [Saproling2], keyword: [...], counter: [oil]}`."""
    data = reader.mapping(value or {}, where, NEW_WORD_KEYS)
    pairs = []
    for key, items in data.items():
        for word in reader.string_list(items or [], f"{where}.{key}"):
            word = " ".join(word.split())
            if key in ("keyword", "counter"):
                word = word.lower()
            elif key in ("card_type", "supertype"):
                word = word[:1].upper() + word[1:]
            pairs.append((key, word))
    return tuple(pairs)
