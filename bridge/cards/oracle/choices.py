"""Choices a resolving effect makes (608.2d, 608.2h): "becomes the color of your choice", "protection from the
color of your choice", "your choice of A or B" - read into `{chosen: KEY}` (the case's `choices:`) or the
`first_chosen` condition (the case's `conditions:`), never assumed."""
from __future__ import annotations

import re

from bridge.cards.oracle.predicates import description_ops, keyword_list


# 608.2h, 607.2-like: a choice made as the effect resolves ("becomes the color of your choice", Wild Mongrel;
# "the creature type of your choice", Amoeboid Changeling-like) is `{chosen: KEY}`: the case gives the value made
# with the effect (`choices: {color: red}`), and an effect without it is refused (bridge/reading/effects.py).
CHOICE_OF_YOURS = r"the (?P<kind>color|creature type|basic land type) of your choice"


def becomes_chosen(text: str):
    """Wild Mongrel: "becomes the color of your choice" (105.3: the new color replaces the old ones; 205.1a: a
    new creature type replaces the old creature types)."""
    m = re.match(r"becomes? " + CHOICE_OF_YOURS + r"(?=$|,| and )", text, flags=re.IGNORECASE)
    if not m:
        return None
    kind = m.group("kind").lower()
    # (Shimmering Mirage: "becomes the basic land type of your choice", 305.7: it loses its other land types and
    # the abilities of its rules text)
    op = {"color": {"set_colors": {"chosen": "color"}}, "creature type": {"set_creature_types": {"chosen": "creature_type"}},
          "basic land type": {"set_land_types": {"chosen": "basic_land_type"}}}[kind]
    return [op], text[m.end():]


def gains_protection_from_chosen(text: str):
    """Gods Willing: "gains protection from the color of your choice" (702.16a: protection from a color); Akroma's
    Blessing: "Choose a color. ... gain protection from the chosen color" (the color chosen by this effect: the
    caller reads "the chosen color" only after "Choose a color." in the same text, never an object's choice)."""
    m = re.match(r"gains? protection from (?:the color of your choice|the chosen color)(?=$|,| and )", text,
                 flags=re.IGNORECASE)
    if not m:
        return None
    return [{"add_abilities": [{"text": "protection from the chosen color", "chosen": "color"}]}], text[m.end():]


def your_choice_of(text: str):
    """608.2d a choice between two things made as it resolves, the first `if: first_chosen`, the second `unless:
    first_chosen` (the case's `conditions: {first_chosen: ...}`): Alchemist's Gift's "gains your choice of deathtouch
    or lifelink", Razor Barrier's "gains protection from artifacts or from the color of your choice" (702.16a: the
    color is the case's `choices: {color: ...}` too), Mercurial Transformation's "becomes your choice of a blue Frog
    creature with base power and toughness 1/1 or a blue Octopus creature with base power and toughness 4/4"."""
    def either(first: list, second: list, rest: str):
        return [{**op, "if": "first_chosen"} for op in first] + [{**op, "unless": "first_chosen"} for op in second], rest
    m = re.match(r"gains? your choice of ([a-z]+(?: strike)?) or ([a-z]+(?: strike)?)(?=$|,| and )", text)
    if m:
        found = [keyword_list(m.group(i)) for i in (1, 2)]
        if any(len(keywords) != 1 or rest or not isinstance(keywords[0], str) for keywords, rest in found):
            return None
        return either([{"add_abilities": found[0][0]}], [{"add_abilities": found[1][0]}], text[m.end():])
    m = re.match(r"gains? protection from (\w+) or from the color of your choice(?=$|,| and )", text)
    if m:
        keywords, rest = keyword_list("protection from " + m.group(1))
        if len(keywords) != 1 or rest or not isinstance(keywords[0], str):
            return None
        chosen = {"text": "protection from the chosen color", "chosen": "color"}
        return either([{"add_abilities": keywords}], [{"add_abilities": [chosen]}], text[m.end():])
    m = re.fullmatch(r"becomes? your choice of (an? [^\"]+?) or (an? [^\"]+?)", text)
    if m:
        found = [description_ops(m.group(i), in_addition=False, colors_addition=False) for i in (1, 2)]
        if not all(found) or any(not isinstance(op, dict) for ops in found for op in ops):
            return None
        return either(found[0], found[1], "")
    return None
