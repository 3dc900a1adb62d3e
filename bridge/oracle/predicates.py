"""Verb phrases of static abilities read into the vocabulary's operations (layers 4-7 and 2).

A predicate is a list of clauses joined by ',' / 'and'. Each clause template below names the
card whose text it was written from (tests/test_oracle_reader.py reads each of them).
"""
from __future__ import annotations

import re

from .keywords import keyword
from .numbers import number
from .words import BASIC_LAND_TYPES, COLORS, card_type, singular_subtype

PT = r"([+-]\d+|[+-]X)/([+-]\d+|[+-]X)"
BASE = r"(\d+)/(\d+)"


def operations(predicate: str) -> list | None:
    """The operations of a predicate ('get +1/+1 and have flying'), or None if a clause is not known."""
    rest = " ".join(predicate.strip().rstrip(".").split())
    ops: list = []
    while rest:
        for template in CLAUSES:
            found = template(rest)
            if found is not None:
                new_ops, rest = found
                ops.extend(new_ops)
                break
        else:
            return None
        rest = re.sub(r"^(?:,? and |, )", "", rest)
    return ops or None


def starts(pattern: str, text: str):
    return re.match(pattern + r"(?=$|,| and )", text, flags=re.IGNORECASE)


def gets_pt(text: str):
    """Glorious Anthem: 'get +1/+1'; Bonesplitter: 'gets +2/+0'."""
    m = starts(r"gets? " + PT + r"(?: for each (.+?))?", text)
    if not m:
        return None
    power, toughness, each = m.group(1), m.group(2), m.group(3)
    if each is not None:
        counted = number("the number of " + each)
        if counted is None or not all(x in ("+1", "-1", "+0", "-0") for x in (power, toughness)):
            return None
        per = {"+1": counted, "-1": None, "+0": 0, "-0": 0}
        if None in (per[power], per[toughness]):
            return None
        return [{"modify_pt": {"power": per[power], "toughness": per[toughness]}}], text[m.end():]
    if "X" in power + toughness:
        return None
    return [{"modify_pt": f"{power}/{toughness}"}], text[m.end():]


def has_keywords(text: str):
    """Rancor: 'has trample'; Archetype of Courage: 'have first strike'. Keywords joined by ',' or 'and'."""
    m = re.match(r"(?:has|have) (.+)", text, flags=re.IGNORECASE)
    if not m or m.group(1).lower().startswith(("base ", '"')):
        return None
    pieces = re.split(r",? and |, ", m.group(1))
    found = []
    for i, piece in enumerate(pieces):
        kw = keyword(piece)
        if kw is None:
            break
        found.append(kw)
    if not found:
        return None
    consumed = re.split(r"(,? and |, )", m.group(1))[: 2 * len(found) - 1]
    return [{"add_abilities": found}], m.group(1)[len("".join(consumed)):]


def loses_all(text: str):
    """Humility: 'lose all abilities'."""
    m = starts(r"loses? all abilities", text)
    return ([ "lose_all_abilities"], text[m.end():]) if m else None


def loses_keywords(text: str):
    """Colossus Hammer: 'loses flying'."""
    m = re.match(r"loses? (.+)", text, flags=re.IGNORECASE)
    if not m:
        return None
    pieces = re.split(r",? and |, ", m.group(1))
    kw = keyword(pieces[0])
    if kw is None:
        return None
    return [{"lose_abilities": [kw]}], m.group(1)[len(pieces[0]):]


def base_pt(text: str):
    """Humility: 'have base power and toughness 1/1'; Opalescence: 'has base power and base toughness
    each equal to its mana value'."""
    m = starts(r"(?:has|have|with) base power and (?:base )?toughness " + BASE, text)
    if m:
        return [{"set_base_pt": f"{m.group(1)}/{m.group(2)}"}], text[m.end():]
    m = re.match(r"(?:has|have|with) (?:base )?power and (?:base )?toughness each equal to (.+?)(?=$|, and |,)",
                 text, flags=re.IGNORECASE)
    if m:
        value = number(m.group(1))
        if value is not None:
            return [{"set_base_pt": {"power": value, "toughness": value}}], text[m.end():]
    return None


def is_types(text: str):
    """'is/are [a/an] DESCRIPTION [in addition to its/their other (creature|land) types]':
    Ensoul Artifact, Life and Limb, Urborg (in addition); Blood Moon (land types), Lignify (creature
    types), color changers (Deathlace: 'is black'). Colors and base P/T inside the description are set."""
    m = re.match(r"(?:is|are) (?:still )?(.+?)(?: in addition to (?:its|their) other (creature |land |)types|"
                 r" in addition to (?:its|their) other colors)?(?=$| and (?:has|have|gets?|loses?) |, )",
                 text, flags=re.IGNORECASE)
    if not m:
        return None
    description = m.group(1)
    in_addition = " in addition to " in m.group(0)
    colors_addition = m.group(0).endswith("other colors")
    read = description_ops(description, in_addition and not colors_addition, colors_addition)
    return (read, text[m.end():]) if read else None


def description_ops(description: str, in_addition: bool, colors_addition: bool) -> list | None:
    """'a 1/1 green Saproling creature and Forest lands' -> types, subtypes, colors, base P/T."""
    ops: list = []
    pt = re.search(r"(?:with base power and toughness )?\b" + BASE + r"\b", description)
    if pt:
        ops.append({"set_base_pt": f"{pt.group(1)}/{pt.group(2)}"})
        description = (description[: pt.start()] + description[pt.end():]).strip()
    words = [w for w in re.split(r"[\s,]+", description) if w and w.lower() not in ("a", "an", "and", "the")]
    if not words:
        return None
    colors, types, subtypes = [], [], []
    for word in words:
        lower = word.lower()
        if lower in COLORS:
            colors.append(lower)
        elif lower == "colorless":
            colors.append(None)
        elif card_type(word):
            types.append(card_type(word))
        elif singular_subtype(word[:1].upper() + word[1:]):
            subtypes.append(singular_subtype(word[:1].upper() + word[1:]))
        else:
            return None
    color_op = "add_colors" if colors_addition else "set_colors"
    if colors:
        ops.insert(0, {color_op: [c for c in colors if c]})
    if colors_addition:
        return ops if colors and not types and not subtypes else None
    if types or subtypes:
        if in_addition:
            ops[0:0] = ([{"add_types": types}] if types else []) + ([{"add_subtypes": subtypes}] if subtypes else [])
        elif types:
            return None          # 'is an artifact creature' without 'in addition': left to a person (205.1a)
        elif all(s in BASIC_LAND_TYPES for s in subtypes):
            ops.insert(0, {"set_land_types": subtypes})          # Blood Moon, 305.7
        else:
            ops.insert(0, {"set_creature_types": subtypes})      # Lignify: 'is a Treefolk'
    return ops


CLAUSES = (loses_all, base_pt, gets_pt, has_keywords, loses_keywords, is_types)
