"""Copy abilities (706, 707.9) read into `enters_as_copy` / `becomes_copy` with their exceptions.

    You may have ~ enter as a copy of any creature on the battlefield[, except EXCEPTIONS].   (Clone)
    ... ~ becomes a copy of that creature[, except EXCEPTIONS].           (Unstable Shapeshifter)
    EXCEPTIONS := exception (', and ' | ' and ' exception)*
"""
from __future__ import annotations

import re

from bridge.cards.oracle.patterns import lazy_pattern
from bridge.cards.oracle.predicates import description_ops, keyword_list
from bridge.cards.oracle.words import CARD_TYPES
from bridge.cards.oracle.quoted import quoted_ability
from bridge.cards.oracle.subjects import subject

# (What it may copy is the case's copy_of: Malleable Impostor's "a creature an opponent controls", Deceptive
# Frostkite's "a creature you control with power 4 or greater".)
ENTERS = lazy_pattern(r"You may have ~ enter(?: the battlefield)?( tapped)? as a copy of (?:any|an?|another) [\w ]+?"
                      r"(?: on the battlefield| you control| an opponent controls| in a graveyard)"
                      r"(?: with (?:power|toughness|mana value) \d+ or (?:greater|less)"
                      # Mockingbird: "with mana value less than or equal to the amount of mana spent to cast ~"
                      r"| with mana value less than or equal to the amount of mana spent to cast ~)?"
                      r"(?:,? except (.+?))?\.?")
# 'Mirage Mirror: "{2}: ~ becomes a copy of target artifact ... until end of turn."'; Cryptoplasm: "... you may
# have ~ become a copy of another target creature. If you do, ~ gains this ability."
BECOMES = lazy_pattern(r"~ becomes? a copy of [^.]+?(?:,? except (?P<except>[^.]+?)| and gains? (?P<this>this ability))?"
                       r"(?: until [^.]+)?\.")


# 707.2, 607.2 Metamorphic Alteration: "Enchanted creature is a copy of the chosen creature." (its "As this Aura enters,
# choose a creature": the Aura's choices.creature, an object's id)
CHOSEN_COPY = lazy_pattern(r"(Enchanted|Equipped) creature is a copy of the chosen creature\.?")


# 614.1c, 707.5 Essence of the Wild: "Creatures you control enter as a copy of this creature."; Infinite Reflection:
# "Nontoken creatures you control enter as a copy of enchanted creature."
OTHERS_ENTER_AS_COPY = lazy_pattern(r"(.+?) enter as a copy of (~|enchanted creature)\.?")


def copy_ability(sentence: str, printed: str) -> dict | None:
    """`sentence` is the normalized line, `printed` the line as printed (quoted abilities keep its words)."""
    m = OTHERS_ENTER_AS_COPY.fullmatch(sentence)
    what = subject(m.group(1)) if m and not m.group(1).startswith("~") else None
    if isinstance(what, dict) and not set(what) - {"all", "not", "controller", "other"}:
        return {"others_enter_as_copy": {"what": what, **({"of": "attached"} if m.group(2) != "~" else {})}}
    m = CHOSEN_COPY.fullmatch(sentence)
    if m:
        return {"chosen": "creature", "static": {"affects": m.group(1).lower(), "does": [{"copy_of": {"chosen": "creature"}}]}}
    m = ENTERS.fullmatch(sentence)
    if m:
        # Callidus Assassin: "enter tapped as a copy" (614.1c, on the copy as it enters: enters_as_copy.tapped)
        exceptions = copy_exceptions(m.group(2), quoted(printed)) if m.group(2) else {}
        tapped = {"tapped": True} if m.group(1) else {}
        return None if exceptions is None else {"enters_as_copy": {**tapped, **({"except": exceptions} if exceptions else {})}}
    masked = re.sub(r'["“][^"”]*["”]', '"…"', sentence)          # a quoted ability's own period
    m = BECOMES.search(masked + ("" if masked.endswith(".") else "."))
    if m:
        written = m.group("except")
        if written is None and re.search(r"\bexcept\b", masked[m.start():]):
            # 707.9: "... until end of turn, except it's 1/4 and has ..." (Cephalid Facetaker, Vesuvan
            # Drifter): the exceptions after the duration are the copy's too; never dropped.
            after = re.search(r" until [^,.]+, except ([^.]+)\.?$", masked)
            if after is None:
                return None
            written = after.group(1)
        exceptions = copy_exceptions(written, quoted(printed)) if written else {}
        if exceptions is None:
            return None
        if m.group("this") or re.search(r"\bIf you do, ~ gains this ability\.", sentence):
            exceptions.setdefault("add_abilities", []).append("this")
        return {"becomes_copy": {"except": exceptions} if exceptions else {}}
    return None


def quoted(printed: str) -> list[str]:
    return re.findall(r'["“]([^"”]+)["”]', printed)


# 707.9f Moritte of the Frost: "..., and, if it's a creature, it enters with two additional +1/+1 counters
# on it and has changeling": what follows the condition applies only if the copy is of that card type.
IF_IT_IS = lazy_pattern(r"(.+?),? and, if it's an? (\w+), (.+)")
# 707.9e-f Spark Double: "it enters with an additional +1/+1 counter on it if it's a creature" (an additional
# effect, 614.1c; on the copy as it would exist)
ENTERS_WITH = lazy_pattern(r"it enters with (an|one|two|three|four|five) additional ([+-]\d+/[+-]\d+|loyalty|shield) "
                           r"counters? on it(?: if it's an? (\w+))?")
ADDITIONAL = {"an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def copy_exceptions(text: str, printed_quotes: list[str]) -> dict | None:
    """707.9: what the copy doesn't copy or gets. None if a part is not known."""
    m = IF_IT_IS.fullmatch(text)
    if m:
        if "if " in m.group(1) or "if " in m.group(3) or m.group(2).capitalize() not in CARD_TYPES:
            return None
        found = copy_exceptions(m.group(1), printed_quotes)
        if found is None:
            return None
        condition = {"all": [m.group(2)]}
        for part in re.split(r" and (?=has )", m.group(3)):
            entering = ENTERS_WITH.fullmatch(part)
            granted, rest = keyword_list(part[len("has "):]) if part.startswith("has ") else ([], "x")
            if entering and not entering.group(3):
                found.setdefault("enters_with", []).append(
                    {"counters": {entering.group(2): ADDITIONAL[entering.group(1)]}, "if": condition})
            elif granted and not rest and all(isinstance(g, str) for g in granted):
                found.setdefault("conditional", []).append({"if": condition, "add_abilities": granted})
            else:
                return None
        return found
    parts = re.split(r",? and (?=it|its|that|has|gains|they|the token)|, (?=it|its|his|her|they)",
                     re.sub(r'"[^"]*"', '"…"', text))
    found: dict = {}
    for part in parts:
        part = part.strip()
        # Irenicus's Vile Duplication: "the token has flying"; Rebuild the City: "they're 3/3 creatures in addition
        # to their other types" (the tokens the effect creates, each a copy: what one has, each has)
        part = re.sub(r"^the tokens? (?=has|have)", "it ", part)
        part = re.sub(r"^they're ", "it's ", re.sub(r" their other ", " its other ", part))
        if part.startswith(("has ", "gains ")):          # "it's 1/4 and has ..." (Cephalid Facetaker)
            part = "it " + part
        m = re.fullmatch(r"it doesn't copy that \w+'s (color|name|mana cost)", part)
        if m:
            found.setdefault("keep", []).append(m.group(1).replace(" ", "_"))
            continue
        if re.fullmatch(r"(?:its|his|her) name is ~", part):
            # Sakashima the Impostor: its own name, not the copied one (707.9b: part of its copiable values)
            found.setdefault("keep", []).append("name")
            continue
        m = re.fullmatch(r"it's (\d+)/(\d+)", part)
        if m:
            found["pt"] = f"{m.group(1)}/{m.group(2)}"
            continue
        m = re.fullmatch(r"it's (?:(?:a |an )?(\d+)/(\d+) )?(.+) in addition to its other (?:creature )?types", part)
        if m:
            # Will of the Temur: "it's a 4/4 Dragon creature with flying in addition to its other types" (707.9b:
            # its power and toughness 4/4, the types added, the keyword gained as part of the copy effect)
            what = "creature" if m.group(1) and m.group(3) == "creatures" else m.group(3)
            ops = description_ops(what, in_addition=True, colors_addition=False)
            allowed = ("add_types", "add_subtypes", "add_supertypes") + (("add_abilities",) if m.group(1) else ())
            if not ops or any(k not in allowed for op in ops for k in op) or (m.group(1) and "pt" in found):
                return None
            if m.group(1):
                found["pt"] = f"{m.group(1)}/{m.group(2)}"
            for op in ops:
                if "add_abilities" in op:
                    if any(not isinstance(a, str) for a in op["add_abilities"]):
                        return None
                    found.setdefault("add_abilities", []).extend(op["add_abilities"])
                else:
                    found.update(op)
            continue
        if part == "it has this ability":
            found.setdefault("add_abilities", []).append("this")
            continue
        if part in ("it has ~'s other abilities", "it has its other abilities"):
            # 707.9b Sakashima of a Thousand Faces, The Misty Stepper: the card's abilities other than this one
            found.setdefault("add_abilities", []).append("its_other_abilities")
            continue
        m = re.fullmatch(r'it (?:has|gains) "…"', part)
        if m and printed_quotes:
            found.setdefault("add_abilities", []).append(quoted_ability(printed_quotes.pop(0)))
            continue
        entering = ENTERS_WITH.fullmatch(part)
        if entering and (entering.group(3) is None or entering.group(3).capitalize() in CARD_TYPES):
            found.setdefault("enters_with", []).append(
                {"counters": {entering.group(2): ADDITIONAL[entering.group(1)]},
                 **({"if": {"all": [entering.group(3)]}} if entering.group(3) else {})})
            continue
        # Spark Double's "it isn't legendary if that permanent is legendary", Echoing Equation's "those creatures
        # aren't legendary if the chosen creature is legendary": a copy of a nonlegendary permanent has no
        # Legendary to remove (707.2: the supertypes are copied), so the condition changes nothing and the
        # exception reads as "isn't legendary"
        m = re.fullmatch(r"(?:it isn't|it's not|they're not|they aren't|those creatures aren't) legendary"
                         r"(?: if (?:that permanent|the chosen creature) is legendary)?", part)
        if m:                                  # Jace, Cunning Castaway's "except they're not legendary"
            found.setdefault("remove_supertypes", []).append("Legendary")
            continue
        m = re.fullmatch(r"(?:it|they) (?:has|have|gains?) (.+)", part)
        granted, rest = keyword_list(m.group(1)) if m else ([], "x")
        if granted and not rest:
            # Dack's Duplicate: haste and dethrone; Kiki-Jiki: haste and "At the beginning of the end step, ..."
            quotes = [g for g in granted if not isinstance(g, str)]
            if len(quotes) > len(printed_quotes):
                return None
            granted = [g if isinstance(g, str) else quoted_ability(printed_quotes.pop(0)) for g in granted]
            found.setdefault("add_abilities", []).extend(granted)
            continue
        return None
    return found


# 707.10, 707.9b: Fork's "Copy target instant or sorcery spell, except that the copy is red. You may choose new
# targets for the copy." (the copy's color is red, its other values the copied spell's; 707.10c new targets): the
# copy is the case's (a `copy` event with `copied_by:` the spell), its exception the card's `copies_spell`.
SPELL_COPY = lazy_pattern(r"Copy target (?:instant or sorcery |instant |sorcery )?spell, except that the copy is "
                          r"(?P<color>white|blue|black|red|green)\. You may choose new targets for the copy\.?")


def spell_copy(effect: str) -> dict | None:
    m = SPELL_COPY.fullmatch(effect)
    return {"copies_spell": {"except": {"colors": [m.group("color")]}}} if m else None
