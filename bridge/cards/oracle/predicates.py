"""Verb phrases of static abilities read into the vocabulary's operations (layers 4-7 and 2).

A predicate is a list of clauses joined by ',' / 'and'. Each clause template below names the
card whose text it was written from (tests/test_oracle_reader.py reads each of them).
"""
from __future__ import annotations

import re

from bridge.cards.oracle.keywords import keyword
from bridge.cards.oracle.numbers import number
from bridge.cards.oracle.patterns import lazy_pattern
from bridge.cards.oracle.quoted import quoted_ability
from bridge.cards.oracle.words import (BASIC_LAND_TYPES, COLORS, CREATURE_TYPES, LAND_TYPES, SUPERTYPES, card_type,
                                       singular_subtype)

PT = r"([+-]\d+|[+-]X)/([+-]\d+|[+-][XY])"
BASE = r"(\d+)/(\d+)"


ALL_OTHER = r"(?:abilities|card types|creature types)"
LOSES_ALL_OTHER_AMID = lazy_pattern(r"(.+?), loses? all other (abilities), and (.+)")
LOSES_ALL_OTHER = lazy_pattern(rf"(.+?),? and (?:it |they )?loses? all other ({ALL_OTHER}(?:(?:,? and |, ){ALL_OTHER})*)")


def operations(predicate: str, first: tuple = ()) -> list | None:
    """The operations of a predicate ('get +1/+1 and have flying'), or None if a clause is not known.
    `first`: clause templates tried before these (a resolved effect's numbers, resolved.py)."""
    rest = " ".join(predicate.strip().rstrip(".").split())
    others = LOSES_ALL_OTHER.fullmatch(rest)
    middle = LOSES_ALL_OTHER_AMID.fullmatch(rest)
    if middle and not others:       # Deep Freeze: "..., has defender, loses all other abilities, and is a blue Wall ..."
        return all_other_lost(f"{middle.group(1)}, and {middle.group(3)}", middle.group(2))
    if others:
        return all_other_lost(others.group(1), others.group(2))
    ops: list = []
    while rest:
        for template in first + CLAUSES:
            found = template(rest)
            if found is not None:
                new_ops, rest = found
                ops.extend(new_ops)
                break
        else:
            return None
        rest = re.sub(r"^(?:,? and |, )", "", rest)
        # Katilda's Rising Dawn: "has flying, lifelink, and protection from Vampires, and it gets +X/+X ...": "it" is
        # the subject the predicate is of, as in the clauses before
        rest = re.sub(r"^it (?=(?:gets|has) )", "", rest) if ops else rest
    return ops or None


def all_other_lost(rest: str, lost: str) -> list | None:
    """Darksteel Mutation: "is an Insect artifact creature with base power and toughness 0/1 and has
    indestructible, and it loses all other abilities, card types, and creature types"; Enchantmentize: "is an
    enchantment and loses all other card types" — what the object is replaces what it was (205.1a), and its
    own granted abilities are the only ones left (613.1f: the abilities are cleared, then granted)."""
    kinds = re.findall(ALL_OTHER, lost)
    if "card types" in kinds:
        rest = re.sub(r"^((?:is|are) .+?)(?=,? and (?:has|have|gets?) |, (?:has|have|gets?) |$)",
                      r"\1 in addition to its other types", rest, count=1)
    ops = operations(rest)
    if ops is None:
        return None
    result = []
    for op in ops:
        key = next(iter(op)) if isinstance(op, dict) else op
        if key == "add_types" and "card types" in kinds:
            op = {"set_types": op["add_types"]}
        elif key == "add_subtypes" and ("creature types" in kinds or "card types" in kinds):
            if "creature types" not in kinds or not all(s in CREATURE_TYPES for s in op["add_subtypes"]):
                return None             # (an artifact or land type set this way replaces its kind: not said)
            op = {"set_creature_types": op["add_subtypes"]}
        result.append(op)
    keys = {next(iter(op)) if isinstance(op, dict) else op for op in result}
    if ("card types" in kinds and "set_types" not in keys) or ("creature types" in kinds and
                                                               "set_creature_types" not in keys):
        return None
    return result + (["lose_all_abilities"] if "abilities" in kinds else [])


def starts(pattern: str, text: str):
    return re.match(pattern + r"(?=$|,| and )", text, flags=re.IGNORECASE)


def gets_pt(text: str):
    """Glorious Anthem: 'get +1/+1'; Bonesplitter: 'gets +2/+0'; Taste for Mayhem: 'gets an additional +2/+0';
    Quag Sickness: 'gets -1/-1 for each Swamp you control'; Cranial Ram: 'gets +X/+1, where X is ...'."""
    m = starts(r"gets? (?:an additional )?" + PT + r"(?: for each (.+?))?", text)
    if not m:
        return None
    # the longest words after "for each" that read as a count (Champion of the Flame: "for each Aura and Equipment
    # attached to it"; Thran Power Suit: "... attached to it and has ward {2}": the count ends before "and has")
    ends = [len(text)] + [cut.start() for cut in re.finditer(r",| and ", text)][::-1]
    longest = (starts(r"gets? (?:an additional )?" + PT + r" for each (.+)", text[:end]) for end in ends)
    m = next((w for w in longest if w and number("the number of " + w.group(3)) is not None), m)
    power, toughness, each = m.group(1), m.group(2), m.group(3)
    if each is not None:
        counted = number("the number of " + each)
        if counted is None:
            return None
        then = re.match(r" and (" + PT + r" for each .+)", text[m.end():])
        more = gets_pt("gets " + then.group(1)) if then else None
        if more and ("X" in then.group(2) + then.group(3) or "Y" in then.group(3)):
            more = None
        if more:                    # Eidolon of Countless Battles: "+1/+1 for each creature you control and +1/+1
            first, _ = gets_pt(text[:m.end()])              # for each Aura you control": both apply (7c)
            return first + more[0], more[1]
        # "+2/+2 for each": twice the count (a sum); "-1/-1 for each": the count negated (107.1b)
        per = {"+1": counted}
        for n in range(2, 6):
            per[f"+{n}"] = {"sum": [counted, per[f"+{n - 1}"]]}
        per.update({f"-{n}": {"minus": per[f"+{n}"]} for n in range(1, 6)})
        per.update({"+0": 0, "-0": 0})
        if per.get(power) is None or per.get(toughness) is None:
            return None
        return [{"modify_pt": {"power": per[power], "toughness": per[toughness]}}], text[m.end():]
    if "X" in power + toughness:
        return x_pt(power, toughness, text[m.end():])
    return [{"modify_pt": f"{power}/{toughness}"}], text[m.end():]


def x_pt(power: str, toughness: str, rest: str):
    """Cranial Ram: 'gets +X/+1, where X is the number of artifacts you control'; Death's Shadow's
    '-X/-X, where X is your life total' (107.3: X is the number the sentence's end defines)."""
    # Aspect of Wolf: "+X/+Y, where X is half the number of Forests you control, rounded down, and Y is half the
    # number of Forests you control, rounded up" (each letter the number its own clause defines)
    both = re.fullmatch(r",? where X is (.+?),? and Y is (.+)", rest) if "Y" in toughness else None
    m = both or re.fullmatch(r",? where X is (.+)", rest)
    x = number(m.group(1)) if m else None
    y = number(m.group(2)) if both else None
    if x is None or (both is None) != ("Y" not in toughness) or (both and y is None):
        return None
    values = []
    for part in (power, toughness):
        if part in ("+X", "-X", "+Y", "-Y"):
            letter = x if "X" in part else y
            values.append(letter if part[0] == "+" else {"minus": letter})
        else:
            values.append(int(part))
    return [{"modify_pt": {"power": values[0], "toughness": values[1]}}], ""


def has_keywords(text: str):
    """Rancor: 'has trample'; Sword of Fire and Ice: 'has protection from red and from blue';
    Fearsome Temper: 'has "{2}{R}: ..."' (a quoted ability, granted as its text)."""
    m = re.match(r"(?:has|have|gains?) (.+)", text, flags=re.IGNORECASE)
    if not m or m.group(1).lower().startswith("base "):
        return None
    found, rest = keyword_list(m.group(1))
    return ([{"add_abilities": found}], rest) if found else None


def keyword_list(text: str) -> tuple[list, str]:
    """Leading keywords and quoted abilities joined by ',' / 'and', and what follows them."""
    found: list = []
    rest = text
    while rest:
        quoted = re.match(r'"([^"]+)"', rest)
        protection = re.match(r"protection from \w+(?: and from \w+)*", rest, flags=re.IGNORECASE)
        colors = re.match(r"protection from ((?:white|blue|black|red|green), (?:(?:white|blue|black|red|green), )*"
                          r"and (?:white|blue|black|red|green))\b", rest, flags=re.IGNORECASE)
        if colors:                # "protection from white, blue, and red": one protection from each (702.16g)
            protection = colors
        # 702.16h "protection from each color": one protection from each of the five colors (105.1); Pristine
        # Angel's "protection from artifacts and from each color" (702.16g)
        each_color = re.match(r"protection from (?:(\w+) and from )?each color(?=$|[,.]| and | until | as long as )", rest,
                              flags=re.IGNORECASE)
        chosen = re.match(r"protection from the chosen color", rest, flags=re.IGNORECASE)
        if each_color:
            found.extend([f"protection from {each_color.group(1).lower()}"] if each_color.group(1) else [])
            found.extend(f"protection from {c}" for c in COLORS)
            piece_end = each_color.end()
        elif chosen:                # Voice of All, Flickering Ward: the color its source chose (607.2, 702.16a)
            found.append({"text": "protection from the chosen color", "chosen": "color"})
            piece_end = chosen.end()
        elif quoted:
            found.append(quoted_ability(quoted.group(1)))
            piece_end = quoted.end()
        elif colors:
            found.extend(f"protection from {c}" for c in re.split(r",? and |, ", colors.group(1).lower()))
            piece_end = colors.end()
        elif protection:
            found.append(protection.group(0).lower())
            piece_end = protection.end()
        else:
            piece = re.split(r",? and |, ", rest, maxsplit=1)[0]
            kw = keyword(piece)
            if kw is None:
                break
            found.append(kw)
            piece_end = len(piece)
        rest = rest[piece_end:]
        separator = re.match(r",? and |, (?:and )?", rest)
        if not separator or not found:
            break
        after = rest[separator.end():]
        if not (after.startswith('"') or keyword(re.split(r",? and |, ", after, maxsplit=1)[0])
                or after.lower().startswith("protection from the chosen color")
                or re.match(r"protection from", after, flags=re.IGNORECASE)):
            break
        rest = after
    return found, rest


def loses_all(text: str):
    """Humility: 'lose all abilities'."""
    m = starts(r"loses? all abilities", text)
    return ([ "lose_all_abilities"], text[m.end():]) if m else None


def loses_all_creature_types(text: str):
    """Amoeboid Changeling, Curse of Conformity: "lose(s) all creature types" (its creature types become none, 205.1a,
    layer 4)."""
    m = re.match(r"loses? all creature types(?=$|,| and )", text, flags=re.IGNORECASE)
    return ([{"set_creature_types": []}], text[m.end():]) if m else None


def loses_keywords(text: str):
    """Colossus Hammer: 'loses flying'."""
    m = re.match(r"loses? (.+)", text, flags=re.IGNORECASE)
    if not m:
        return None
    pieces = re.split(r",? and |, ", m.group(1))
    kw = keyword(pieces[0])
    if kw is None:
        return None
    lost, rest = keyword_list(m.group(1))     # Mystic Decree: "lose flying and islandwalk"
    if lost and all(isinstance(k, str) for k in lost):
        return [{"lose_abilities": lost}], rest
    return [{"lose_abilities": [kw]}], m.group(1)[len(pieces[0]):]


def base_pt(text: str):
    """Humility: 'have base power and toughness 1/1'; Opalescence: 'has base power and base toughness
    each equal to its mana value'."""
    m = starts(r"(?:has|have|with) base power and (?:base )?toughness " + BASE, text)
    if m:
        rest = text[m.end():]
        # Timber Paladin: "has base power and toughness 10/10, vigilance, and trample": the keywords after the P/T
        # are what it has too (the verb is the P/T's)
        joined = re.match(r"(?:,? and |, )(?=[a-z])", rest) if m.group(0).lower().startswith(("has", "have")) else None
        if joined and keyword_list(rest[joined.end():])[0]:
            rest = f" and has {rest[joined.end():]}"
        return [{"set_base_pt": f"{m.group(1)}/{m.group(2)}"}], rest
    m = re.fullmatch(r"(?:has|have) base power and toughness X/X, where X is (.+)", text, flags=re.IGNORECASE)
    if m and number(m.group(1)) is not None:    # Aettir and Priwen: "... X/X, where X is your life total" (107.3)
        return [{"set_base_pt": {"power": number(m.group(1)), "toughness": number(m.group(1))}}], ""
    m = re.match(r"(?:has|have|with) (?:base )?power and (?:base )?toughness each equal to (.+?)(?=$|, and |,)",
                 text, flags=re.IGNORECASE)
    if m:
        value = number(m.group(1))
        if value is not None:
            return [{"set_base_pt": {"power": value, "toughness": value}}], text[m.end():]
    return None


IN_ADDITION = lazy_pattern(r"(.*?) in addition to (?:its|their) other (creature types|land types|card types|types|"
                           r"colors and types|colors)$")


def is_types(text: str):
    """'is/are DESCRIPTION [in addition to its/their other types]': Ensoul Artifact, Life and Limb,
    Urborg (in addition); Blood Moon (land types); Lignify (creature types); Darkest Hour (colors).
    The description ends at the longest boundary (',' or 'and') after which the rest still reads."""
    m = re.match(r"(?:is|are) ", text, flags=re.IGNORECASE)
    if not m:
        return None
    rest = text[m.end():]
    ends = [len(rest)] + sorted((b.start() for b in re.finditer(r",? and |, ", rest)), reverse=True)
    for end in ends:
        description, tail = rest[:end], rest[end:]
        addition = IN_ADDITION.fullmatch(description)
        if addition:
            description = addition.group(1)
        ops = description_ops(description, in_addition=bool(addition) and addition.group(2) != "colors",
                              colors_addition=bool(addition) and addition.group(2).startswith("colors"))
        if ops is None:
            continue
        after = re.sub(r"^(?:,? and |, )", "", tail)
        if not after or operations(after) is not None or only_riders(after):
            return ops, tail
    return None


def description_ops(description: str, in_addition: bool, colors_addition: bool) -> list | None:
    """'a 1/1 green Saproling creature and Forest lands' -> types, subtypes, colors, base P/T;
    'a 4/2 red Beast creature with trample' (Crusher Zendikon) also grants the keywords."""
    ops: list = []
    named = re.search(r",? named (?P<name>[A-Z][^.,\"]*)$", description)
    if named:                       # Awakening of Vitu-Ghazi: '... creature with haste named Vitu-Ghazi' (201)
        description = description[: named.start()]
    pt = re.search(r"(?:with base power and toughness )?\b" + BASE + r"\b", description)
    if pt:
        ops.append({"set_base_pt": f"{pt.group(1)}/{pt.group(2)}"})
        after = description[pt.end():]
        # Figure of Destiny: "... Avatar with base power and toughness 8/8, flying, and first strike" (what follows
        # the P/T is what it has too)
        joined = pt.group(0).startswith("with ") and re.match(r"(?:,? and |, )(?=[a-z])", after)
        description = (description[: pt.start()] + (" with " + after[joined.end():] if joined else after)).strip()
    equal = re.search(r"(?:,? )?with (?:base )?power and (?:base )?toughness each equal to (.+)$", description)
    if equal:                       # March of the Machines: '... with power and toughness each equal to its mana value'
        value = number(equal.group(1))
        if value is None:
            return None
        ops.append({"set_base_pt": {"power": value, "toughness": value}})
        description = description[: equal.start()]
    granted = []
    if " with " in f" {description}":
        description, _, keywords = f" {description}".partition(" with ")
        granted, rest = keyword_list(keywords)
        if not granted or rest:
            return None
    if description.strip() in ("every creature type", "all creature types"):   # Mistform Ultimus, Undercover Skrull,
        # Stalactite Dagger (205.3m)
        return ops + ["add_all_creature_types"]
    description = description.replace("every basic land type", " ".join(BASIC_LAND_TYPES))
    # 205.3i Omo, Queen of Vesuva: "is every land type in addition to its other types" (each land type the rules list)
    description = description.replace("every land type", " ".join(sorted(w for w in LAND_TYPES if w[:1].isupper() and w != "The")))
    words = [w for w in re.split(r"[\s,]+", description) if w and w.lower() not in ("a", "an", "and", "the")]
    if not words and not granted:
        return None
    colors, types, subtypes, supertypes = [], [], [], []
    for word in words:
        lower = word.lower()
        if lower in COLORS:
            colors.append(lower)
        elif lower == "colorless":
            colors.append(None)
        elif card_type(word) in SUPERTYPES:
            supertypes.append(card_type(word))
        elif card_type(word):
            types.append(card_type(word))
        elif singular_subtype(word[:1].upper() + word[1:]):
            subtypes.append(singular_subtype(word[:1].upper() + word[1:]))
        else:
            return None
    if colors:
        ops.insert(0, {"add_colors" if colors_addition else "set_colors": [c for c in colors if c]})
    if colors_addition and not in_addition and (types or subtypes):
        return None
    if not in_addition and set(types) == {"Artifact", "Creature"}:
        # 205.1b: an object that becomes an "artifact creature" keeps its card types and subtypes; a
        # "[creature types] artifact creature" keeps them too but its creature types are replaced.
        ops[0:0] = [{"add_types": types}] + ([{"set_creature_types": subtypes}] if subtypes else [])
        types = subtypes = []
    if types or subtypes:
        if in_addition:
            ops[0:0] = ([{"add_types": types}] if types else []) + ([{"add_subtypes": subtypes}] if subtypes else [])
        elif types == ["Creature"] and all(singular_subtype(s) in CREATURE_TYPES for s in subtypes):
            # 205.1a Frogify: "is a blue Frog creature": its card types and creature types are replaced
            ops[0:0] = [{"set_types": types}] + ([{"set_creature_types": subtypes}] if subtypes else [])
        elif types:
            return None          # 'is an artifact creature' without 'in addition': left to a person (205.1a)
        elif all(s in BASIC_LAND_TYPES for s in subtypes):
            ops.insert(0, {"set_land_types": subtypes})          # Blood Moon, 305.7
        else:
            ops.insert(0, {"set_creature_types": subtypes})      # Lignify: 'is a Treefolk'
    if supertypes:
        ops.append({"add_supertypes": supertypes})              # On Serra's Wings: 'is legendary'
    if granted:
        ops.append({"add_abilities": granted})
    if named:
        ops.append({"set_name": named.group("name")})
    return ops or None


def is_chosen(text: str):
    """Metallic Mimic: 'is the chosen type in addition to its other types'; Conspiracy-like
    'are the chosen type'; Painter's Servant: 'are the chosen color in addition to their other colors'."""
    m = re.match(r"(?:is|are) the chosen (type|creature type|color)( in addition to (?:its|their) other "
                 r"(?:creature )?(?:types|colors))?(?=$|,| and )", text, flags=re.IGNORECASE)
    # Ashes of the Fallen: "has the chosen creature type in addition to its other types" (the same: 205.1b)
    m = m or re.match(r"ha(?:s|ve) the chosen (creature type)( in addition to (?:its|their) other (?:creature )?types)"
                      r"(?=$|,| and )", text, flags=re.IGNORECASE)
    if not m:
        return None
    if m.group(1) == "color":
        op = {"add_colors" if m.group(2) else "set_colors": {"chosen": "color"}}
    else:
        op = {"add_subtypes" if m.group(2) else "set_creature_types": {"chosen": "creature_type"}}
    return [op], text[m.end():]


def is_not_type(text: str):
    """Purphoros, God of the Forge: "isn't a creature" (205.1a: it loses that card type)."""
    m = starts(r"isn't an? (\w+)", text)
    kind = card_type(m.group(1)) if m else None
    return ([{"remove_types": [kind]}], text[m.end():]) if kind else None


# Riders that change no characteristic (rules effects: 509.1b, 508.1d, 302.6 ...), joined to a layer
# effect in one sentence: read as nothing, and kept in the ability's text. "can't have or gain ..." is
# not one (it removes an ability, 613.1f). "is goaded": 701.15b, it attacks each combat if able and a player
# other than the goading player if able (a rule for attacking, 508.1d); "can block an additional ... creature"
# (509.1b), "can attack as though it didn't have defender" (508.1a).
RIDER = lazy_pattern(r"(?:(?:can't (?!have\b|gain\b|lose\b)|must be blocked|attacks? each (?:combat|turn) if able|is goaded|"
                     r"can block an additional|can attack as though|"
                     r"blocks each (?:combat|turn) if able|doesn't untap during)[^,]*?"
                     # 509.1b-c blocking restrictions and requirements: Aether Web, Indrik Umbra
                     r"|can block (?:any number of creatures|creatures with [\w ]+? "
                     r"as though (?:they|it) didn't have (?:it|that ability|those abilities|[\w ]+?))"
                     r"|all creatures able to block it do so"
                     r"|can only attack alone"                                      # 508.1c Errantry
                     # 510.1c Treefolk Umbra, Gauntlets of Light: how combat damage is assigned
                     r"|assigns combat damage equal to its toughness rather than its power"
                     r"|its activated abilities can't be activated)"                # 602.5 Viper's Kiss
                     r"(?=$|,| and )", re.IGNORECASE)


def only_riders(text: str) -> bool:
    """Fog on the Barrow-Downs: "is a Spirit and can't attack or block": what follows the description
    changes no characteristic (riders only)."""
    while text:
        m = RIDER.match(text)
        if not m:
            return False
        text = re.sub(r"^(?:,? and |, )", "", text[m.end():])
    return True


def rider(text: str):
    """Skyblinder Staff: 'gets +1/+0 and can't be blocked by creatures with flying'; Childhood Horror's
    'can't block'; Frozen in Ice's 'can't become untapped'."""
    m = RIDER.match(text)
    return ([], text[m.end():]) if m else None


CLAUSES = (loses_all, loses_all_creature_types, base_pt, gets_pt, has_keywords, loses_keywords, is_chosen, is_types, is_not_type, rider)
