"""Whole-sentence templates of abilities with layer effects, each read into one vocabulary entry
(the mapping a library card's `abilities:` item would hold, without its text). Each template
names the real card it was written from; tests/test_oracle_reader.py reads that card."""
from __future__ import annotations

import re

from bridge.cards.oracle.conditions import conditional_static, with_condition
from bridge.cards.oracle.numbers import number
from bridge.cards.oracle.counters import counter_replacement
from bridge.cards.oracle.players import enters_tapped, legend_rule_off, player_ability
from bridge.cards.oracle.predicates import only_riders, operations
from bridge.cards.oracle.subjects import subject
from bridge.cards.oracle.patterns import lazy_pattern
from bridge.model.game_state import OBJECT_GAME_STATE

VERBS = lazy_pattern(r" (?=(?:gets?|has|have|is|isn't|are|loses?|can't) )")


def control(sentence: str):
    """Control Magic: 'You control enchanted creature.' (layer 2)."""
    m = re.fullmatch(r"You control (enchanted \w+)\.?", sentence)
    who = subject(m.group(1)) if m else None
    return {"static": {"affects": who, "does": {"gain_control": "you"}}} if who else None


# What a CDA counts that no permanent shows: what its controller did this turn or what was done as it entered (the
# case's `game_state:`, never assumed: asp/604_2_conditions.lp marks the values when it leaves it out).
# (What its controller did: numbers.PLAYER_STATE_NUMBERS.)
GAME_STATE_NUMBERS = {"the life paid as it entered": "life_paid_as_it_entered",             # Nameless Race
                      "the number of forests sacrificed as it entered": "forests_sacrificed_as_it_entered",
                      "the number of cards exiled with it": "cards_exiled_with_it",         # Unlicensed Hearse
                      "the exiled card's mana value": "exiled_card_mana_value",             # Living Lore
                      "the total power of the exiled cards used to craft it": "crafted_with_total_power",
                      "the number of colors among the exiled cards used to craft it": "crafted_with_colors"}


def cda_number(phrase: str):
    """A number a CDA is equal to (numbers.number), or one the case's `game_state:` gives (GAME_STATE_NUMBERS)."""
    fact = GAME_STATE_NUMBERS.get(" ".join(phrase.strip().rstrip(".").split()).lower())
    return {"game_state": fact} if fact else number(phrase)


def cda_power_toughness(sentence: str):
    """Nightmare: "~'s power and toughness are each equal to the number of Swamps you control." (604.3, 7a)."""
    m = re.fullmatch(r"~'s power and toughness are each equal to (.+?)\.?", sentence)
    value = cda_number(m.group(1)) if m else None
    if value is None:
        return None
    return {"cda": True, "static": {"affects": "self", "does": {"set_base_pt": {"power": value, "toughness": value}}}}


def cda_power_then_toughness(sentence: str):
    """Tarmogoyf: "~'s power is equal to N and its toughness is equal to that number plus 1." (7a)."""
    m = re.fullmatch(r"~'s power is equal to (.+?) and its toughness is equal to (.+?)\.?", sentence)
    if not m:
        return None
    power = number(m.group(1))
    toughness = number(m.group(2).replace("that number", m.group(1)))
    if power is None or toughness is None:
        return None
    return {"cda": True, "static": {"affects": "self", "does": {"set_base_pt": {"power": power,
                                                                                 "toughness": toughness}}}}


STILL = lazy_pattern(r"(?:\. It's still a land| that's still a land| that are still lands)\.?$")


def cda_power_only(sentence: str, printed_toughness: int | None):
    """Yavimaya Kavu: "~'s power is equal to the number of red creatures on the battlefield." (604.3; the
    toughness is the printed one, which 7a then sets again: the same value)."""
    m = re.fullmatch(r"~'s power is equal to (.+?)\.?", sentence)
    value = cda_number(m.group(1)) if m and printed_toughness is not None else None
    if value is None:
        return None
    return with_choice({"cda": True, "static": {"affects": "self", "does": {"set_base_pt": {
        "power": value, "toughness": printed_toughness}}}})


def cda_toughness_only(sentence: str, printed_power: int | None):
    """People of the Woods: "~'s toughness is equal to the number of Forests you control." (604.3; the power is
    the printed one, which 7a then sets again: the same value). A printed power that is no number (Yavimaya Kavu's
    */*, whose power is another line's CDA) leaves the line text, flagged."""
    m = re.fullmatch(r"~'s toughness is equal to (.+?)\.?", sentence)
    value = cda_number(m.group(1)) if m and printed_power is not None else None
    if value is None:
        return None
    return with_choice({"cda": True, "static": {"affects": "self", "does": {"set_base_pt": {
        "power": printed_power, "toughness": value}}}})


def subject_predicate(sentence: str):
    """Glorious Anthem, Elvish Archdruid, Humility, Blood Moon, Rancor, Lignify ...:
    SUBJECT (get|have|is|are|lose ...) PREDICATE, split at the first verb after a known subject.
    Vastwood Zendikon: '... is a 6/4 green Elemental creature. It's still a land.' — 205.1b: it keeps
    its prior types, as 'in addition to its other types' says."""
    if STILL.search(sentence):
        sentence = STILL.sub(" in addition to its other types", sentence)
    sentence = re.sub(r" also (?=get|have|has|is|are)", " ", sentence.rstrip("."))    # Jetmir: "also get"
    for split in VERBS.finditer(sentence):
        who = subject(sentence[: split.start()])
        if who is None:
            continue
        predicate = sentence[split.end():]
        if who == "self":               # "for each Aura attached to it": it is the object itself, the source
            predicate = re.sub(r" (attached to|exiled with) (?:it|him|her)\b", r" \1 ~", predicate)
        ops = operations(predicate)
        if ops is not None and who != "self" and reads_own_state(ops):
            return None                 # what was done with the source, read of another object: no such value
        if ops is not None and who in ("enchanted", "equipped") and counts_other(ops):
            ops = other_than_affected(ops)      # Bravado: other than the enchanted creature
        elif ops is not None and isinstance(who, dict) and counts_other(ops):
            ops = other_than_affected(ops, counts_of=who)    # Heroes' Podium: other than each legendary creature
        if ops is None or (who != "self" and counts_other(ops)):
            return None
        if who == "self" and ops == ["add_all_creature_types"]:
            return {"cda": True, "static": {"affects": who, "does": ops}}     # 604.3: defines its own types
        return {"static": {"affects": who, "does": ops}}
    return None


def self_and_attached(sentence: str) -> list[dict] | None:
    """Nighthowler, Eidolon of Countless Battles: "~ and enchanted creature each get +X/+X, where X is ..." (702.103
    bestow): the one effect on each of the two objects, read as the same operations on ~ and on the enchanted
    creature (613.4c: both in layer 7c, at the ability's one timestamp); both read, or neither."""
    m = re.fullmatch(r"~ and (enchanted|equipped) creature each (get .+?)\.?", sentence)
    if not m:
        return None
    own, attached = subject_predicate(f"~ {m.group(2)}."), subject_predicate(f"{m.group(1).capitalize()} creature "
                                                                             f"{m.group(2)}.")
    if own is None or attached is None or own["static"]["does"] != attached["static"]["does"]:
        return None
    return [own, attached]


def reads_own_state(value) -> bool:
    """A number of what was done with the ability's own object (OBJECT_GAME_STATE: "for each card exiled with
    ~"), which the solver reads of the object the effect changes: only an ability changing its own object."""
    if isinstance(value, dict):
        return value.get("game_state") in OBJECT_GAME_STATE or any(reads_own_state(v) for v in value.values())
    if isinstance(value, list):
        return any(reads_own_state(v) for v in value)
    return False


def counts_other(value) -> bool:
    """A count of "other" objects (`other: true`: not the source) in an ability of something else than its
    subject: Bravado's "Enchanted creature gets +1/+1 for each other creature you control" means other
    than the enchanted creature, which `other` cannot say; such a line stays text, flagged."""
    if isinstance(value, dict):
        return any(isinstance(value.get(key), dict) and value[key].get("other") is True
                   for key in ("count", "basic_land_types", "colors_among")) \
            or any(counts_other(v) for v in value.values())
    if isinstance(value, list):
        return any(counts_other(v) for v in value)
    return False


def other_than_affected(value, counts_of: dict | None = None):
    """Bravado's "Enchanted creature gets +1/+1 for each other creature you control": other than the enchanted
    creature, the object the effect changes (`other: affected`, a count of power and toughness); None when the
    "other" is in something else than a `count` of creatures.
    `counts_of`: the group the ability affects (Heroes' Podium's "Each legendary creature you control gets +1/+1
    for each other legendary creature you control", Sliver Legion's "All Sliver creatures get +1/+1 for each
    other Sliver on the battlefield"): "other" leaves out each affected object itself, which the count counts
    — only where every word of the count is one of the group's (each affected object is one the count could
    count); else None (the line stays text)."""
    if isinstance(value, list):
        items = [other_than_affected(v, counts_of) for v in value]
        return None if any(i is None for i in items) else items
    if not isinstance(value, dict):
        return value
    result = {}
    for key, item in value.items():
        if key in ("basic_land_types", "colors_among") and isinstance(item, dict) and item.get("other") is True:
            return None
        if key == "count" and isinstance(item, dict) and item.get("other") is True:
            # only a count of creatures: the Aura or Equipment is none, so "other" can only leave out the
            # creature; Ancestral Mask's "each other enchantment" leaves out the Aura itself (stays text)
            if counts_of is None and "creature" not in item.get("all", []):
                return None
            if counts_of is not None and not group_within(item, counts_of):
                return None
            result[key] = {**item, "other": "affected"}
        else:
            result[key] = other_than_affected(item, counts_of)
            if result[key] is None:
                return None
    return result


def you_and_permanents(sentence: str):
    """Sigarda, Heron's Grace: "You and Humans you control have hexproof."; Shalai: "You, planeswalkers you control,
    and other creatures you control have hexproof." — the player's part (613.10) and the permanents' (613.1f) of
    one ability, both read or neither."""
    m = re.fullmatch(r"You(?:,| and) (.+?) have (.+?)\.?", sentence)
    if not m:
        return None
    player = player_ability(f"You have {m.group(2)}.")
    permanents = subject_predicate(f"{m.group(1).removeprefix('and ')} have {m.group(2)}.")
    if player is None or permanents is None:
        return None
    return {**player, **permanents}


def group_within(counted: dict, affected: dict) -> bool:
    """Every word the count asks is one the affected group asks too, and the count asks nothing else (no
    `has`, `named`, `any`): each object the ability affects is then one the count counts (but for "other")."""
    asked = set(counted) - {"other", "all", "controller"}
    return not asked and set(counted.get("all", [])) <= set(affected.get("all", [])) and \
        counted.get("controller") in (None, affected.get("controller")) and "any" not in affected


def choose_as_it_enters(sentence: str):
    """Voice of All: 'As ~ enters, choose a color.' (607.2: the abilities that use the choice see it)."""
    m = re.fullmatch(r"As (?:~ enters(?: the battlefield)?|an additional cost to cast ~), choose (?:a (color|creature type|"
                     r"player|basic land type)|an (opponent))\.?", sentence)
    # (Pallimud: "choose an opponent" is a player choice whose value is an opponent, 102.2)
    key = (m.group(1) or "player").replace(" ", "_") if m else None
    return {"choose": key, "chosen": key} if m else None      # choose: the choice is the object's choices: entry


def devoid(sentence: str):
    """Eldrazi Devourer: 'Devoid' (702.114a: a CDA, this object is colorless; layer 5)."""
    if sentence.lower() != "devoid":
        return None
    return {"cda": True, "static": {"affects": "self", "does": {"set_colors": []}}}


def full_text_of_top_card(sentence: str):
    """Volrath's Shapeshifter: 'As long as the top card of your graveyard is a creature card, ~ has the full
    text of that card and has the text "{2}: Discard a card."' (612, layer 3; 404.1 the top card)."""
    m = re.fullmatch(r'As long as the top card of your graveyard is an? (\w+) card, ~ has the full text of that card'
                     r'(?: and has the text "(?P<text>[^"]+)")?\.?', sentence)
    if not m:
        return None
    op = {"top_card_of": "graveyard", "if": {"all": [m.group(1)]}}
    if m.group("text"):
        op["add_abilities"] = [{"text": m.group("text")}]
    return {"static": {"affects": "self", "does": [{"full_text_of": op}]}}


def conditional(sentence: str):
    """Rune of Flight, Kird Ape, Rusted Relic: a static ability that applies 'as long as ...' (oracle/conditions.py)."""
    lower = sentence.lower()
    return conditional_static(sentence, static_ability) if "as long as" in lower or lower.startswith("during ") \
        or lower.rstrip(".").endswith((" during your turn", " if it hasn't dealt damage yet", " unless it's attacking",
                                       " unless it's attacking or blocking", " if it devoured a creature")) \
        else None


def max_speed(sentence: str):
    """Samut's Sprint-like "Max speed — This creature gets +1/+0." (702.178a: "As long as your speed is 4, this object
    has '[Ability]'": the ability of this object alone, read as applying as long as its controller's speed is 4)."""
    m = re.fullmatch(r"Max speed — (~ .+|Other .+)", sentence)
    return conditional(f"As long as your speed is 4, {m.group(1)[:1].lower() + m.group(1)[1:]}") if m else None


def solved(sentence: str):
    """Case of the Gateway Express: "Solved — Creatures you control get +1/+0." (702.169b: "As long as this Case is
    solved, [ability text]"; 719.3b solved is a designation, the case's `status: {solved: true}`)."""
    m = re.fullmatch(r"Solved — (.+)", sentence)
    read = static_ability(m.group(1)) if m else None
    if read is None or set(read) != {"static"}:
        return None
    return {"static": with_condition(read["static"], {"status": "solved"})}


TEMPLATES = (full_text_of_top_card, max_speed, solved, conditional, control, cda_power_toughness, cda_power_then_toughness, devoid, player_ability, legend_rule_off,
             enters_tapped, counter_replacement, choose_as_it_enters, you_and_permanents,
             subject_predicate)


# The subject a later sentence's "it" names (Tenza, Godo's Maul: "Equipped creature gets +1/+1. As long as
# it's legendary, it gets an additional +2/+2."): the object the first sentence's ability affects.
IT_NAMES = lazy_pattern(r"^(~|[Ee]nchanted (?:creature|permanent|land|artifact)|[Ee]quipped creature) ")


# The group a later sentence's "they" names: the first sentence's subject (Radiant Destiny).
GROUP_NAMES = lazy_pattern(r"^([A-Z][\w ]+?) (?:get|have|are) ")


SAME_OUTSIDE = lazy_pattern(r"(.+?)\. The same is true for (creature spells|spells) you control and (creature|nonland) cards "
                            r"you own that aren't on the battlefield\.?")
# ... of the same objects as the first sentence's: Conspiracy's creatures, Celestial Dawn's nonland permanents (a
# land is never a spell, 305.9: "spells you control" are the nonland objects on the stack)
SAME_KINDS = {("creature spells", "creature"): {"all": ["creature"]}, ("spells", "nonland"): {"not": ["land"]}}
ELSEWHERE = ["hand", "graveyard", "library", "exile"]


def same_outside_the_battlefield(text: str) -> dict | None:
    """Conspiracy: "Creatures you control are the chosen type. The same is true for creature spells you control
    and creature cards you own that aren't on the battlefield." (400.1 every zone; a card outside the
    battlefield and the stack has an owner, no controller: 108.4, 110.2)."""
    m = SAME_OUTSIDE.fullmatch(text)
    read = static_ability(m.group(1) + ".") if m else None
    if read is None or set(read) != {"static"} or "as_long_as" in read["static"]:
        return None
    who = read["static"]["affects"]
    kinds = SAME_KINDS.get((m.group(2), m.group(3)))
    if not isinstance(who, dict) or who.get("controller") != "you" or set(who) - {"all", "not", "controller", "other"}:
        return None
    if {k: v for k, v in who.items() if k in ("all", "not") and v != ["permanent"]} != kinds:
        return None                     # (the first sentence's objects must be those the second names)
    who = {k: v for k, v in who.items() if v != ["permanent"]}
    cards = {k: v for k, v in who.items() if k != "controller"}
    affects = {"any": [{**who, "zone": ["battlefield", "stack"]}, {**cards, "owner": "you", "zone": ELSEWHERE}]}
    return {"static": {**read["static"], "affects": affects}}


def several_statics(text: str) -> list[dict] | None:
    """A line of several sentences, each a static ability of its own (113.2b: one paragraph, one ability,
    here with one effect per sentence): Retro-Mutation's "Enchanted creature is a Turtle with base power and
    toughness 0/1. It can't attack and loses all abilities." Every sentence must read, or none is."""
    sentences = re.split(r"(?<=\.)\s+(?=[A-Z~])", re.sub(r'"[^"]*"', lambda q: q.group(0).replace(". ", ".\0"), text))
    sentences = [s.replace(".\0", ". ") for s in sentences]
    if len(sentences) < 2:
        return None
    if text.startswith("Max speed — "):
        # 702.178a the condition is every sentence's (Tsagan, Raider Warlord: "Max speed — ~ has deathtouch. Other
        # creatures you control have first strike."): each read as its own "as long as your speed is 4"
        found = [max_speed(sentence if i == 0 else f"Max speed — {sentence}") for i, sentence in enumerate(sentences)]
        return found if all(f and set(f) == {"static"} for f in found) else None
    same = same_outside_the_battlefield(text)
    if same:
        return [same]
    named = IT_NAMES.match(sentences[0])
    found = []
    for i, sentence in enumerate(sentences):
        spared = SPARES.fullmatch(sentence)
        if spared and found:            # 702.16n White Ward: the sentence before granted the protection
            last = found[-1]["static"]
            if last.get("affects") != "enchanted" or "spares" in last or not grants_protection(last["does"]):
                return None
            found[-1] = {"static": {**last, "spares": "this" if spared.group(1) == "~" else "auras"}}
            continue
        if i and named:
            who = named.group(1)[:1].lower() + named.group(1)[1:] if named.group(1) != "~" else "~"
            sentence = re.sub(r"\bit's\b", f"{who} is", sentence.replace("It's ", "it's ", 1))
            sentence = re.sub(r"\bit\b", who, sentence[:1].lower() + sentence[1:] if sentence.startswith("It ")
                              else sentence)
            sentence = sentence[:1].upper() + sentence[1:]
        elif i and re.search(r"\b[Ii]t(?:s|'s)?\b", sentence):
            return None                 # an "it" with nothing to name
        group_named = GROUP_NAMES.match(sentences[0]) if i and not named else None
        if i and re.search(r"\b[Tt]hey\b", sentence):
            # Radiant Destiny: "Creatures you control of the chosen type get +1/+1. As long as you have the city's
            # blessing, they also have vigilance.": 'they' are the first sentence's objects (the same group, checked)
            if group_named is None or not found or not isinstance(found[0]["static"].get("affects"), dict):
                return None
            words = group_named.group(1)
            sentence = re.sub(r"\b[Tt]hey\b", lambda t: words if t.group(0) == "They" else words[:1].lower() + words[1:],
                              sentence)
            they = static_ability(sentence)
            if they is None or they.get("static", {}).get("affects") != found[0]["static"]["affects"]:
                return None
        if i and named and sentence.startswith(named.group(1)[:1].upper() + named.group(1)[1:] + " ") and \
                only_riders(sentence[len(named.group(1)) + 1:].rstrip(".")):
            continue                    # A-Gutter Shortcut: "It can't be blocked ...": a rule of combat (509.1b), text
        otherwise = re.match(r"Otherwise, (.+)", sentence)
        if otherwise and found and named and "as_long_as" in found[-1]["static"] and \
                no_characteristic_changed(otherwise.group(1).rstrip("."), named.group(1)):
            continue                    # 611.3a Bonds of Faith: "Otherwise, it can't attack or block." (508.1c, text)
        instead = re.fullmatch(r"(?:If (.+?), (.+) instead|(.+) instead (as long as .+?))\.?", sentence)
        if instead:                     # "If it's a Warrior, it gets +2/+1 instead." (a static's "if": as long as)
            sentence = (f"As long as {instead.group(1)}, {instead.group(2)}." if instead.group(1)
                        else f"{instead.group(3)} {instead.group(4)}.")
        read = static_ability(otherwise.group(1)[:1].upper() + otherwise.group(1)[1:] if otherwise else sentence)
        if read is None or "static" not in read or read.get("cda") or len(read) > 1 + ("functions_in" in read):
            return None
        if otherwise or instead:
            # 611.3a the two effects apply by turns: one as long as the condition holds, the other when it doesn't
            before, after = (found[-1], read) if otherwise else (read, found[-1]) if found else (None, None)
            condition = before and before["static"].get("as_long_as")
            if not condition or "as_long_as" in after["static"] or (instead and "as_long_as" not in read["static"]):
                return None
            opposite = negated(condition)
            if opposite is None:
                return None
            read = {"static": {"as_long_as": opposite, **read["static"]}} if otherwise else read
            if instead:
                found[-1] = {"static": {"as_long_as": opposite, **found[-1]["static"]}}
        found.append(read)
    ops = [[next(iter(op)) if isinstance(op, dict) else op for op in each["static"]["does"]] for each in found]
    if any("lose_all_abilities" in o for o in ops) and sum("add_abilities" in o or "lose_all_abilities" in o
                                                           for o in ops) > 1:
        return None                     # "loses all other abilities" in one sentence, abilities granted in another
    return found


def no_characteristic_changed(sentence: str, subject_words: str) -> bool:
    """The other branch of an "as long as ..., Otherwise, ..." that is only a rule of combat (riders) of the same
    object: it has no layer effect (613.1). (Armament of Nyx's "Otherwise, prevent all damage ..." stays text.)"""
    lead = subject_words[:1].lower() + subject_words[1:] if subject_words != "~" else "~"
    return sentence.startswith(lead + " ") and only_riders(sentence[len(lead) + 1:])


# 702.16n "This effect doesn't remove this Aura." / "... doesn't remove Auras." (702.16p's "Auras and Equipment you
# control that are already attached to it" is not read: Benevolent Blessing stays text).
SPARES = lazy_pattern(r"This effect doesn't remove (~|Auras)\.?")


def grants_protection(ops) -> bool:
    return any(isinstance(op, dict) and any((a if isinstance(a, str) else a.get("text", "")).startswith("protection from")
                                            for a in op.get("add_abilities", ())) for op in ops)


def negated(condition):
    """The condition that holds exactly when CONDITION doesn't ("Otherwise, ..."), or None where the
    vocabulary cannot say it: one quality of its object, a count's bound, whose turn it is."""
    if not isinstance(condition, dict) or "an_opponent" in condition.values():
        return None                     # (not "some opponent has ...": every opponent hasn't, 102.2)
    for key in ("attached", "self"):
        quality = condition.get(key)
        if isinstance(quality, dict) and set(quality) == {"all"} and len(quality["all"]) == 1:
            return {key: {"not": quality["all"]}}
    if condition.get("turn"):
        return {"turn": "not_yours" if condition["turn"] == "yours" else "yours"}
    bounds = [k for k in condition if k in ("at_least", "at_most")]
    if len(bounds) == 1 and len(condition) == 2:
        (key,) = bounds
        other = {"at_least": "at_most", "at_most": "at_least"}[key]
        number_key = next(k for k in condition if k != key)
        return {number_key: condition[number_key], other: condition[key] + (-1 if key == "at_least" else 1)}
    return None


def static_ability(sentence: str) -> dict | None:
    for template in TEMPLATES:
        found = template(sentence)
        if found is not None:
            return with_choice(found)
    return None


def with_choice(found: dict) -> dict:
    """607.2 a count of the chosen player's cards uses the choice its object made as it entered (Sewer Nemesis)."""
    return {**found, "chosen": "player"} if "'chosen_player'" in repr(found) else found
