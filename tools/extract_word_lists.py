"""Write asp/word_lists.lp: the Comprehensive Rules' own lists of words, as ASP facts.

    python tools/extract_word_lists.py [REFERENCE_FOLDER]      (default ../shared/reference)

Reads the editions of EDITIONS (the 2022-04-29 and 2025-09-19 rules) from that folder.

Reads 105.1 (colors), 205.2a (card types), 205.3g-205.3n (subtypes, by kind), 205.4a
(supertypes), the section titles of 702 (keyword abilities), and every "<kind> counter" the rules
text names (122: the rules have no closed list of counter kinds; these are the ones they name).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

SUBTYPE_RULES = {"205.3g": "artifact", "205.3h": "enchantment", "205.3i": "land", "205.3j": "planeswalker",
                 "205.3k": "spell", "205.3m": "creature", "205.3n": "planar", "205.3p": "dungeon", "205.3q": "battle"}
# The editions read, oldest first: a word one lists and a later one does not is kept (old cases and cards
# print it: "Tribal"), marked with the last edition that lists it.
EDITIONS = ("comprehensive-rules-2022-04-29.txt", "comprehensive-rules-2025-09-19.txt")
# Words before "counter(s)" in the rules text that are not kinds of counters.
NOT_COUNTER_KINDS = {
    "a", "an", "the", "any", "each", "one", "two", "three", "four", "five", "six", "seven", "ten", "that", "those",
    "this", "these", "of", "no", "more", "additional", "such", "same", "its", "their", "his", "her", "kind",
    "many", "x", "n", "number", "keyword", "named", "appropriate", "all", "with", "and", "or", "player",
    "other", "put", "remove", "removed", "or", "than", "another", "new", "object's", "which", "be", "have",
    "has", "had", "on", "to", "from", "s", "any", "given", "first", "second", "different", "specific",
    "choose", "counters", "counter", "those", "type", "plus", "minus", "that's", "it", "as", "in", "is",
}


def rule_text(lines: list[str], number: str) -> str:
    """The text of one rule, without its "(see rule ...)" references."""
    for line in lines:
        if line.strip().startswith(number + " "):
            return re.sub(r"\s*\(see rule[^)]*\)", "", line.strip()[len(number) + 1:])
    raise SystemExit(f"rule {number} not found")


def listed(sentence: str) -> list[str]:
    """The items of 'The X types are A, B (see rule ...), and C.'"""
    body = sentence.split(" are ", 1)[1]
    body = body.rstrip(".")
    items = [i.strip() for i in re.split(r",\s*(?:and\s+)?|\s+and\s+", body)]
    return [i for i in items if i]


def subtype_list(lines: list[str], number: str) -> list[str]:
    """The subtypes one rule of 205.3 lists: "The X types are A, B, and C." (2022), "One creature type is
    two words long: Time Lord. All other creature types are one word long: A, B ..." (2025), "That battle
    type is Siege." A rule an edition does not have lists nothing."""
    try:
        text = rule_text(lines, number).replace("\u2019", "'")
    except SystemExit:
        return []
    found = []
    two_words = re.search(r"two words long: ([^.]+)\.", text)
    if two_words:
        found += [w.strip() for w in two_words.group(1).split(",")]
        found += listed(" are " + re.search(r"one word long: (.*)\.$", text).group(1))
        return found
    single = re.search(r"That [a-z]+ type is ([A-Z][\w-]*)\.", text)
    if single:
        return [single.group(1)]
    sentence = re.search(r"The [a-z ]+ types are [^.]*(?:'s [^.]*)*\.", text)
    return listed(sentence.group(0)) if sentence else []


def extract(text: str) -> dict[str, list]:
    lines = text.lstrip("\ufeff").splitlines()
    words: dict[str, list] = {}
    colors = rule_text(lines, "105.1.").split(": ", 1)[1].rstrip(".")
    words["color"] = [c.strip().removeprefix("and ").strip() for c in colors.split(",")]
    words["card_type"] = [w.capitalize() for w in listed(rule_text(lines, "205.2a").split(". See")[0])]
    words["supertype"] = [w.capitalize() for w in listed(rule_text(lines, "205.4a").split("The supertypes")[1])]
    subtypes = []
    for number, kind in SUBTYPE_RULES.items():
        subtypes += [(w, kind) for w in subtype_list(lines, number)]
    words["subtype"] = subtypes
    keywords = []
    for line in lines:
        m = re.fullmatch(r"\s*702\.(\d+)\. (.+)", line)
        if m and int(m.group(1)) >= 2:
            keywords += [(n.strip().lower(), "702." + m.group(1)) for n in m.group(2).split(" and ")]
    # variants named in a rule of their own: "702.37b Megamorph is a variant of the morph ability"
    for line in lines:
        m = re.match(r"\s*(702\.\d+)[a-z] \"?([A-Z][a-z-]+(?: [a-z-]+)?)\"? is a variant of", line)
        if m and "[" not in m.group(2):
            keywords.append((m.group(2).lower(), m.group(1)))
    words["keyword"] = keywords
    # "a lore counter", "two +1/+1 counters", "no time counters" ...
    kinds = set()
    for m in re.finditer(r"\b(?:a|an|one|two|three|four|five|six|ten|\d+|X|N|no|more|of|with|the) "
                         r"([a-z][a-z-]*|[+-]\d/[+-]\d) counters?\b", text):
        if m.group(1) not in NOT_COUNTER_KINDS:
            kinds.add(m.group(1))
    # 122.1b the keywords a keyword counter can be
    keyword_counters = rule_text(lines, "122.1b").split("can be are ", 1)[1].split(", as well")[0]
    kinds.update(listed(" are " + keyword_counters))
    words["counter"] = sorted(kinds)
    return words


def merged(editions: list[tuple[str, dict[str, list]]]) -> tuple[dict[str, list], dict]:
    """Every edition's words, the newest edition's order first; `retired` maps an item the newest
    edition no longer lists to the last edition that lists it."""
    newest = editions[-1][1]
    words = {kind: list(items) for kind, items in newest.items()}
    retired = {}
    for name, older in reversed(editions[:-1]):
        for kind, items in older.items():
            known = {i[0] if isinstance(i, tuple) else i for i in words[kind]}
            for item in items:
                key = item[0] if isinstance(item, tuple) else item
                if key not in known:
                    words[kind].append(item)
                    known.add(key)
                    retired[(kind, key)] = name
    return words, retired


def asp(words: dict[str, list], source: str, retired: dict | None = None) -> str:
    retired = retired or {}

    def s(word: str) -> str:
        return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'

    def note(kind: str, word: str) -> str:
        return f" % not in the newest: last listed {retired[(kind, word)]}" if (kind, word) in retired else ""
    out = [f"% The rules' own word lists, extracted from {source}",
           "% by tools/extract_word_lists.py (do not edit by hand; run the script again). Words an older edition",
           "% lists and the newest does not are kept (cases and cards print them: \"Tribal\"), marked so.",
           "% rules_word(Kind, Word): Kind is color (105.1), card_type (205.2a), supertype (205.4a),",
           "% keyword (702, the section titles, and the variants named in their rules) or counter (every kind of",
           "% counter the rules text names; 122 has no closed list). rules_subtype(Word, Kind): 205.3g-205.3q,",
           "% Kind the card type it belongs to (spell: instants and sorceries; creature: creatures and kindreds).",
           "% keyword_rule(Word, Rule): where each keyword is defined.",
           "#program base."]
    for kind in ("color", "card_type", "supertype"):
        out.append(" ".join(f"rules_word({kind}, {s(w)})." for w in words[kind] if (kind, w) not in retired))
        out += [f"rules_word({kind}, {s(w)}).{note(kind, w)}" for w in words[kind] if (kind, w) in retired]
    for kind in ("artifact", "enchantment", "land", "planeswalker", "spell", "creature", "planar", "dungeon",
                 "battle"):
        items = [w for w, k in words["subtype"] if k == kind]
        out.append(f"% {len(items)} {kind} types")
        out += rows([f"rules_subtype({s(w)}, {kind})." for w in items if ("subtype", w) not in retired], 4)
        out += [f"rules_subtype({s(w)}, {kind}).{note('subtype', w)}" for w in items if ("subtype", w) in retired]
    out.append(f"% {len(words['keyword'])} keyword abilities")
    for word, rule in words["keyword"]:
        out.append(f"rules_word(keyword, {s(word)}). keyword_rule({s(word)}, \"{rule}\").{note('keyword', word)}")
    out.append(f"% {len(words['counter'])} kinds of counters")
    out += rows([f"rules_word(counter, {s(w)})." for w in words["counter"] if ("counter", w) not in retired], 5)
    out += [f"rules_word(counter, {s(w)}).{note('counter', w)}" for w in words["counter"] if ("counter", w) in retired]
    return "\n".join(out) + "\n"


def rows(facts: list[str], per_line: int) -> list[str]:
    return [" ".join(facts[i:i + per_line]) for i in range(0, len(facts), per_line)]


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("../shared/reference")
    editions = [(name.removeprefix("comprehensive-rules-").removesuffix(".txt"),
                 extract((folder / name).read_text(encoding="utf-8"))) for name in EDITIONS]
    words, retired = merged(editions)
    target = Path(__file__).resolve().parent.parent / "asp" / "word_lists.lp"
    source = "the Comprehensive Rules of " + " and ".join(name for name, _ in editions)
    target.write_text(asp(words, source, retired), encoding="utf-8")
    print(target, {k: len(v) for k, v in words.items()}, f"{len(retired)} kept from older editions")


if __name__ == "__main__":
    main()
