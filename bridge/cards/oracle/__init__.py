"""The Oracle-text reader: a card's text read into the card vocabulary (docs/case-format.md).

Each line of Oracle text is one ability (113.2b). A line is read as keywords, as a static ability
(statics.py), as a copy ability (copies.py), or kept as text. What the reader cannot read stays
text and is reported (`Reading.structured` false), so a table never rests on a silent guess.
A card's written `abilities:` always win over the reader (bridge/cards/library.py).
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from bridge.cards.oracle.activated import activated_ability
from bridge.cards.oracle.conditions import conditional_parts, only_riders_under_a_condition
from bridge.cards.oracle.copies import copy_ability, spell_copy
from bridge.cards.oracle.counter_kinds import is_keyword, kinds_named_by
from bridge.cards.oracle.delayed import delayed_trigger_effect
from bridge.cards.oracle.keyword_actions import earthbend_effect
from bridge.cards.oracle.keywords import keyword_line, starts_with_keyword
from bridge.cards.oracle.parts import one_group, resolved_parts
from bridge.cards.oracle.token_copies import for_each_token_copy, token_copy_then
from bridge.cards.oracle.statics import cda_power_only, cda_toughness_only, self_and_attached, several_statics, \
    static_ability
from bridge.cards.oracle.striations import read_striations
from bridge.cards.oracle.text import ability_lines, normalized
from bridge.cards.oracle.quoted import read_quotes_with
from bridge.cards.oracle.resolved import (becomes_copy, changes_the_layers_after, creates_a_token, emblem_abilities,
                                          resolved_effect, sentences, token_copy)
from bridge.cards.oracle.reach import LAYER_HINTS, NOT_STATIC, RESOLVED_HINTS, unread_reach
from bridge.cards.oracle.triggers import trigger
from bridge.cards.oracle.patterns import lazy_pattern

read_quotes_with(copy_ability, static_ability, trigger)    # quoted abilities are read like printed lines (quoted.py)

# Keywords whose effect is in the layers (702.73a changeling: every creature type; 702.114a devoid;
# 702.96a-c overload: its spell's text says "each" for "target", layer 3).
LAYER_KEYWORDS = ("changeling", "devoid", "overload")
# Layer keywords asp/ applies by their name (asp/702_keyword_abilities.lp: changeling is a CDA), or that a
# case says with what it has: an overloaded spell affects "each" (702.96b), the objects its `affects` lists.
MODELLED_KEYWORDS = ("changeling", "overload")


@dataclass(frozen=True)
class Reading:
    """One line of Oracle text and what the reader made of it."""
    line: str
    abilities: tuple            # vocabulary entries: keyword strings or mappings with 'text'
    structured: bool            # the reader found what the line does (keywords count as read)
    layer: bool                 # the line carries a layer effect (613.1) by its wording
    kind: str = "static"        # keyword, static, cda, activated, loyalty, triggered, spell, sticker (KINDS)
    spell: tuple = ()           # an instant's or sorcery's line: the operations of its effect (resolved.py)
    parts: tuple = ()           # ... or of each part, when it affects several groups (parts.py, 611.2c)


# What a line is (113.3): counted apart by `mtg-layers cards coverage`. Only a static ability's (or a
# CDA's) effect is on the board of a case; the others' effects are the case's `effects:` once resolved.
KINDS = ("static", "cda", "spell", "activated", "loyalty", "triggered", "keyword", "sticker")
LOYALTY = lazy_pattern(r"^\[?[+−-]?(?:\d+|X)\]?: ")         # "+1: ", "[−4]: " (the pool's brackets)


# 702.139a companion "functions outside the game": its condition is on the starting deck (Kaheera, the
# Orphanguard: "Companion — Each creature card in your starting deck is a Cat ..."), as is a permission for
# the cards of a deck (Mister Cheddar: "Sliver cards in your deck have "Your deck may contain ...""): no layer
# effect (613.1), neither counted nor flagged.
OUTSIDE_THE_GAME = lazy_pattern(r"^Companion —|\bcards? in your (?:starting )?deck (?:is|are|has|have)\b")


# An instant's or sorcery's own triggered ability (Decree of Pain: "When you cycle this card, ..."); a spell's
# "Whenever ... this turn, ..." is its effect, a delayed trigger (603.7, delayed.py).
CARD_TRIGGER = lazy_pattern(r"^When you (?:cycle|discard) ~, ")


# An instant's or sorcery's own static or activated ability (113.6a-b: one that says it works from the hand, the
# stack or a graveyard), not its effect: Crashing Tide's "This spell has flash as long as you control a Merfolk",
# Ghostfire's "~ is colorless" (604.3), Viral Spawning's "As long as ... this card is in your graveyard, it has
# flashback {2}{G}", Steeling Stance's "Forecast — {W}, Reveal this card from your hand: ..." (702.57a).
CARD_ABILITY = lazy_pattern(r"^(?:This spell|~) (?:has|is) (?!\w+ (?:in addition|until)\b)|^As long as [^,.]* (?:this card|~) is in "
                            r"your (?:graveyard|hand)\b[^,.]*, it has |^Forecast — [^:\"]+: ")


def resolved_kind(plain: str, spell: bool) -> str:
    if spell:
        return "spell"
    if LOYALTY.match(plain):
        return "loyalty"                      # 606.4 a loyalty ability's cost
    # 603.1 triggers, 714.2b a Saga's chapters; a mode ("• ...", 700.2) counted with the triggers
    return "triggered" if re.match(r"(?:when|whenever|at\b|[IV]+(?:, [IV]+)* —|•)", plain, re.IGNORECASE) \
        else "activated"


def read_line(line: str, name: str, spell: bool = False, toughness: int | None = None,
              legendary: bool = True, power: int | None = None) -> Reading:
    """`spell`: the line is an instant's or sorcery's; its effects are the spell's (`spell:`), not abilities.
    `toughness`, `power`: the printed toughness and power (for a CDA that defines only the other one). `legendary`: the card may name
    itself by a short name (text.self_names)."""
    plain = normalized(line, name, legendary)
    if not plain:
        return Reading(line, (), True, False)          # reminder text only (207.2): Plains' "({T}: Add {W}.)"
    own_cost = OWN_ACTIVATION_COST.fullmatch(plain)
    if own_cost and (keyword_line(own_cost.group(1)) or [""])[0].startswith("equip "):
        # Plate Armor: "Equip {3}. This ability costs {1} less to activate for each other Equipment you control." —
        # an activated ability (702.6a) and what its cost is (601.2f, 602.2b): no layer effect (613.1), as "Equip {3}"
        # alone is none; the cost is kept as text
        return Reading(line, (*keyword_line(own_cost.group(1)), {"text": own_cost.group(2)}), False, False)
    keywords = keyword_line(plain) if plain else None
    if keywords is not None:
        layer = any(kw.split()[0] in LAYER_KEYWORDS for kw in keywords)
        abilities, structured = [], True
        for kw in keywords:
            found = static_ability(kw.capitalize()) if kw in LAYER_KEYWORDS else None
            if found is not None:
                abilities.append({"text": kw.capitalize(), **found})
            else:
                abilities.append(kw)
                structured = structured and (kw.split()[0] not in LAYER_KEYWORDS or kw.split()[0] in MODELLED_KEYWORDS)
        return Reading(line, tuple(abilities), structured, layer, "keyword")
    if spell and re.match(r"overload\b", plain, re.IGNORECASE):
        # 702.96b: "target" becomes "each" in the spell's text; the case lists the objects it affects
        return Reading(line, (plain.lower(),), True, True, "keyword")
    if spell and CARD_ABILITY.match(plain):
        spell = False               # the card's own static or activated ability, not the spell's effect
    if spell and CARD_TRIGGER.match(plain):
        # 603.1, 702.29a: "When you cycle this card, ..." is a triggered ability of the card (it triggers in
        # the hand, 113.6), not the spell's effect: counted with the triggered abilities, flagged the same
        return Reading(line, (), False, resolves_a_layer_effect(plain), "triggered")
    if spell:
        # 603.7: a delayed trigger's effect on the object that triggered it (delayed.py), read as the spell's
        # (and parts.one_group: a subject of two groups joined by "and", Rise of the Hobgoblins-like)
        effect = resolved_effect(MODE.sub("", plain)) or delayed_trigger_effect(MODE.sub("", plain)) \
            or one_group(MODE.sub("", plain)) or earthbend_effect(MODE.sub("", plain), line)
        if effect is not None and effect[0] == "others":     # (a spell's "~" is the spell itself)
            return Reading(line, (), True, True, "spell", tuple(effect[1]))
        copied = token_copy(MODE.sub("", plain), line) or becomes_copy(MODE.sub("", plain), line) \
            or spell_copy(MODE.sub("", plain))
        if copied:                  # the tokens are the case's (copy_of, created_by: the spell card)
            return Reading(line, ({"text": line, **copied},), True, True, "spell")
        then = token_copy_then(MODE.sub("", plain), line) or for_each_token_copy(MODE.sub("", plain), line)
        if then:                    # the token copy, then an effect on the token (token_copies.py)
            return Reading(line, ({"text": line, **then[0]},), True, True, "spell", tuple(then[1]))
        parts = None if MODE.match(plain) else resolved_parts(plain)
        if parts and all(whom == "others" for whom, _ in parts):     # 611.2c: each part's group, the case's
            return Reading(line, (), True, True, "spell", parts=tuple(tuple(ops) for _, ops in parts))
        return Reading(line, (), False, resolves_a_layer_effect(plain), "spell")
    if OUTSIDE_THE_GAME.search(line) or OUTSIDE_THE_GAME.search(plain):
        return Reading(line, ({"text": line},), False, False)   # no object's characteristics in a game
    if VISIT.match(line) or EXERT_WHEN_YOU_DO.match(plain):
        # 702.159a "Visit — [Effect]" is a triggered ability; 701.43d exert's "When you do, ..." is a triggered
        # ability printed with the static one (603.12 reflexive): their effects are the case's, once they resolve
        return Reading(line, ({"text": line, **uses_choice(plain)},), False, resolves_a_layer_effect(plain), "triggered")
    layer = (bool(LAYER_HINTS.search(plain)) and not only_riders_under_a_condition(plain)) or starts_with_keyword(plain)
    if NOT_STATIC.search(plain) and not re.search(r"~ becomes? a copy", plain):
        kind = resolved_kind(plain, spell)
        when = trigger(plain)
        if when:
            return Reading(line, ({"text": line, **when},), False, resolves_a_layer_effect(plain), kind)
        animation = activated_ability(plain)
        if animation is None and kind in ("activated", "loyalty") and ": " in plain:
            animation = token_copy(plain.split(": ", 1)[1], line)     # Kiki-Jiki's "{T}: Create a token that's a copy"
            # (Saheeli, Sublime Artificer: "Target artifact you control becomes a copy of another target ...": the
            # case's `activated` + `becomes_copy_of`, the objects its `affects`)
            animation = animation or becomes_copy(plain.split(": ", 1)[1], line)
            bends = None if animation else earthbend_effect(plain.split(": ", 1)[1], line)
            if bends:               # Ba Sing Se: "{2}{G}, {T}: Earthbend 2." (its reminder text, keyword_actions.py)
                animation = {"activated": {"does": bends[1], "affects": "others"}}
            then = None if animation else (token_copy_then(plain.split(": ", 1)[1], line)
                                           or for_each_token_copy(plain.split(": ", 1)[1], line))
            if then:                # Cogwork Assembler: "... copy of target artifact. That token gains haste."
                animation = {**then[0], **({"activated": {"does": then[1], "affects": "others"}} if then[1] else {})}
        emblem = emblem_abilities(plain)
        if emblem is not None:      # 114: the emblem's abilities are read; the case lists it (emblems: - from:)
            # a layer line when the emblem's abilities, or what the line does besides, change characteristics
            # or control ("You get an emblem with "Your opponents can't untap ..."" is none, 613.1)
            before = EMBLEM_WORDS.sub("", plain.split(": ", 1)[-1])
            layer = resolves_a_layer_effect(before) or any(
                "static" in a or "unread" in a or changes_what_it_gives(a) for a in emblem)
            if layer and not resolves_a_layer_effect(before) and all(
                    len(a) == 1 and NOT_STATIC.search(normalized(a["text"], "")) for a in emblem):
                # 114.4, 603.1: an emblem with only triggered abilities: creating it changes no characteristic; a
                # layer effect is its trigger's once it resolves (611.2), counted with the triggered abilities
                return Reading(line, ({"text": line},), False, True, "triggered")
            # (an ability left as text that changes nothing of the layers, Saheeli, Filigree Master's "Artifact
            # spells you cast cost {1} less to cast." (601.2f), leaves the emblem read)
            return Reading(line, ({"text": line},), not any(a.get("unread") or len(a) == 1 and changes_what_it_gives(a)
                                                            for a in emblem)
                           and not resolves_a_layer_effect(before), layer, kind)
        return Reading(line, ({"text": line, **uses_choice(plain), **(animation or {})},), bool(animation),
                       bool(animation) or resolves_a_layer_effect(plain), kind)
    found = copy_ability(plain, line) or cda_power_only(plain, toughness) or cda_toughness_only(plain, power) or \
        (static_ability(plain) if one_sentence(plain) else None)
    kind = "cda" if CDA_WORDING.search(plain) else "static"
    several = (several_statics(plain) if not one_sentence(plain) else conditional_parts(plain, static_ability)
               or self_and_attached(plain)) \
        if found is None else None
    if several:                         # one ability, one effect per sentence (statics.several_statics)
        return Reading(line, tuple({"text": line, **(uses_choice(plain) if grants_a_choice(each) else {}), **each}
                                   for each in several), True, True, kind)
    if found is None:
        return Reading(line, ({"text": line, **uses_choice(plain), **unread_mark(plain, layer)},), False, layer, kind)
    if "becomes_copy" in found:
        found = {**found, **(trigger(plain) or {})}        # Unstable Shapeshifter: "Whenever ..., ~ becomes a copy"
    if grants_a_choice(found):
        found = {**uses_choice(plain), **found}            # Voice of All: it shows the color its object chose
    # 613.1: an object's characteristics or control; an effect on players (613.10) is none of them
    layer = any(key in found for key in ("static", "enters_as_copy", "becomes_copy", "others_enter_as_copy")) \
        or puts_layer_counters(found)
    return Reading(line, ({"text": line, **found},), True, layer, "cda" if found.get("cda") else kind)


def puts_layer_counters(found: dict) -> bool:
    """A replacement effect that puts keyword counters (122.1b: an ability in layer 6) or makes a permanent enter with
    a keyword (614.1c): a layer line read, as it was unread (reach.py's LAYER_HINTS). (+1/+1 counters a permanent
    enters with are counted as no layer line, read or not.)"""
    spec = found.get("enters") or found.get("others_enter_with") or found.get("turned_face_up_with") or {}
    kinds = [*spec.get("counters", {}), *spec.get("counter_choice", [])]
    return bool(spec.get("abilities")) or any(is_keyword(k) for k in kinds)


VISIT = lazy_pattern(r"Visit — ")
OWN_ACTIVATION_COST = lazy_pattern(r"(.+?)\. (This ability costs \{\w+\} less to activate(?: for each [^.]+|, where X is [^.]+)\.)")
EXERT_WHEN_YOU_DO = lazy_pattern(r"You may exert ~ as it attacks\. When you do, ")
EMBLEM_WORDS = lazy_pattern(r'(?:You get|Target opponent gets) an emblem with,? ".+"\.?(?= [A-Z][^"]*$|$)')


def changes_what_it_gives(ability: dict) -> bool:
    """An emblem's ability that changes characteristics or control once it resolves, or copies a spell (707.10)."""
    return resolves_a_layer_effect(ability["text"]) or bool(re.search(r"\bcop(?:y|ies)\b", ability["text"]))

# 604.3: a characteristic-defining ability, by its wording (for counting a line left as text).
CDA_WORDING = lazy_pattern(r"^~(?:'s power| is (?:every|all|colorless|(?:white|blue|black|red|green)\b))|"
                           r"^~'s (?:power and toughness|toughness)")


def resolves_a_layer_effect(plain: str) -> bool:
    """An activated or triggered ability's or a spell's effect that, once it resolves, changes
    characteristics or control (611.2, 613.1); a mana ability never does (605)."""
    effect = plain.split(": ", 1)[1] if NOT_STATIC.match(plain) and ": " in plain else plain
    if re.match(r"add \{", effect, re.IGNORECASE):
        return False
    created, layer = False, False
    for sentence in sentences(effect):                 # (111.3: a created token's own text is no effect)
        layer = layer or changes_the_layers_after(sentence, created)
        created = created or creates_a_token(sentence)
    return layer


def unread_mark(plain: str, layer: bool) -> dict:
    """A layer line left as text says what it may change (reach.py), so that the table marks those values."""
    if not layer:
        return {}
    # 113.6b a line that says it works from a graveyard or a hand is marked there too, never left silent
    zone = re.search(r"(?:this card|~) is in your (graveyard|hand)\b", plain)
    return {"unread": unread_reach(plain), **({"functions_in": zone.group(1)} if zone else {})}


def grants_a_choice(found: dict) -> bool:
    """A static ability that grants an ability using its object's choice ("protection from the chosen color")."""
    return any(isinstance(a, dict) and "chosen" in a for op in found.get("static", {}).get("does", ())
               if isinstance(op, dict) for a in op.get("add_abilities", ()))


def uses_choice(plain: str) -> dict:
    """607.2: an ability that refers to a value chosen as its object entered shows that value."""
    m = re.search(r"\bthe chosen (color|creature type|type)\b", plain)
    return {"chosen": "color" if m.group(1) == "color" else "creature_type"} if m else {}


def one_sentence(text: str) -> bool:
    """One sentence, or one followed by "It's still a land." (205.1b, read with the sentence before it)."""
    return not re.search(r"\.\s+\S", re.sub(r"\. It's still a land\.$", ".", re.sub(r'"[^"]*"', '""', text)))


def is_spell(type_line: str) -> bool:
    return bool(re.search(r"\b(?:Instant|Sorcery)\b", type_line))


def with_own_name(value, name: str):
    """`named: ~` (Plague Rats: 'creatures named Plague Rats') is the card's own name."""
    if isinstance(value, dict):
        return {k: (name if k == "named" and v == "~" else with_own_name(v, name)) for k, v in value.items()}
    if isinstance(value, list):
        return [with_own_name(v, name) for v in value]
    return value


def read_text(text: str, name: str, type_line: str = "", pt: str = "") -> list[Reading]:
    """Every line of a card's Oracle text, read. `pt`: the printed power/toughness ("*/2")."""
    toughness = pt.split("/")[1].strip() if pt.count("/") == 1 else ""
    printed = int(toughness) if toughness.isdigit() else None
    power = pt.split("/")[0].strip() if pt.count("/") == 1 else ""
    printed_power = int(power) if power.isdigit() else None
    legendary = not type_line or bool(re.search(r"\bLegendary\b", type_line))
    with kinds_named_by(text):          # 122.1: counter kinds the card's own text names are known
        readings = [read_line(line, name, is_spell(type_line), printed, legendary, printed_power) for line in ability_lines(text)]
        readings = [unread_if_chosen_type_is_not_a_creature_type(r, text, name) for r in readings]
        if is_spell(type_line):
            readings = spell_lines_joined(readings, name, legendary)
        readings = read_striations(readings, name, text, lambda line: read_line(line, name, legendary=legendary), pt)
    if re.search(r"\bStickers\b", type_line):
        # 123.2: a sticker sheet is not a card and has no characteristics; its lines are stickers, which
        # change the object they are put on (123.7 layer 6, 123.8 layer 7b) and stay text, flagged
        readings = [dataclasses.replace(r, kind="sticker") for r in readings]
    return [Reading(r.line, tuple(with_own_name(a, name) for a in r.abilities), r.structured, r.layer, r.kind,
                    r.spell, r.parts) for r in readings]


# 608.2c A spell's line after an ability word that goes on from the line before it: Tragic Slip's "Morbid — That
# creature gets -13/-13 until end of turn instead if a creature died this turn", Kytheon's Tactics' "Spell mastery
# — If there are two or more ..., those creatures also gain vigilance" (207.2c: the ability word has no rules
# meaning; "that creature" is the one the line before named).
GOES_ON = lazy_pattern(r"^(?:If [^,]+, )?(?:instead )?(?:put [^.]*? on (?:it|that creature|each of those creatures) and )?"
                       r"(?:that creature|those creatures|the creature you control|it|they)\b",
                       re.IGNORECASE)


def spell_lines_joined(readings: list, name: str, legendary: bool) -> list:
    """Each spell line that goes on from the read one before it, read with it: the line before holds the
    effect of both, this one is read as part of it (never as an effect of its own on "that creature")."""
    out = list(readings)
    for i, reading in enumerate(out):
        if i == 0 or reading.kind != "spell" or reading.line.lstrip().startswith(("•", "+ {")):
            continue
        plain = normalized(reading.line, name, legendary)
        before = out[i - 1]
        if not before.spell or not GOES_ON.match(plain) or not re.match(r"[A-Z][\w' ]+ — ", reading.line):
            continue
        both = resolved_effect(normalized(before.line, name, legendary) + " " + plain)
        if both is None or both[0] != "others":
            continue
        out[i - 1] = dataclasses.replace(before, spell=tuple(both[1]))
        out[i] = dataclasses.replace(reading, structured=True, spell=())
    return out


CHOICE = lazy_pattern(r"\bchoose an? ((?:basic |nonbasic )?land type|creature type|card type|color|artifact type)\b",
                      re.IGNORECASE)


def unread_if_chosen_type_is_not_a_creature_type(reading: Reading, text: str, name: str) -> Reading:
    """'the chosen type' is the type the card chose (607.2): a creature type only where the card says
    "choose a creature type". Phantasmal Terrain, Convincing Mirage, Realmwright and Thran Portal choose
    a basic land type (305.7): read as that choice (chosen_land_type); any other kind of type chosen
    (a card type, an artifact type ...) leaves the line text, flagged."""
    if not reading.structured or not re.search(r"\bthe chosen type\b", reading.line, re.IGNORECASE):
        return reading
    chosen = CHOICE.search(text)
    if chosen is None or chosen.group(1).lower() == "creature type":
        return reading                      # (a line read alone, without its card's choice, as before)
    if chosen.group(1).lower() == "basic land type":
        land = [chosen_land_type(a) for a in reading.abilities]
        if all(a is not None for a in land):
            return dataclasses.replace(reading, abilities=tuple(land))
    return Reading(reading.line, ({"text": reading.line, **unread_mark(normalized(reading.line, name), True)},),
                   False, True, reading.kind)


def chosen_land_type(ability):
    """Phantasmal Terrain's "Enchanted land is the chosen type" (305.7: its land types are set to the basic land
    type chosen), Thran Portal's "... the chosen type in addition to its other types" (305.7: it gains that type);
    None when the ability uses the chosen type otherwise."""
    if not isinstance(ability, dict) or set(ability) - {"text", "static"} or "static" not in ability:
        return None
    static = ability["static"]
    ops = []
    for op in static["does"]:
        (kind, value), = op.items() if isinstance(op, dict) and len(op) == 1 else ((None, None),)
        if value != {"chosen": "creature_type"} or kind not in ("set_creature_types", "add_subtypes"):
            return None
        ops.append({"set_land_types" if kind == "set_creature_types" else "add_subtypes": {"chosen": "basic_land_type"}})
    if "as_long_as" in static or not isinstance(static["affects"], (str, dict)):
        return None
    return {**ability, "static": {**static, "does": ops}}


# 700.2 a mode of a modal spell: "• Target creature gets +3/+3 ..." (with a mode's name, "• Conceal — ").
# 702.172a-b a Spree mode ("+ {1} — ..."), a mode with its own cost (Tifa's Limit Break's "• Somersault — {0} — ").
MODE = lazy_pattern(r"^(?:•\s*|\+ (?:\{[^}]+\})+ — )(?:[A-Z][\w',-]*(?: [\w',-]+)* — )?(?:(?:\{[^}]+\})+ — )?")


def spell_from_text(text: str, name: str, type_line: str) -> tuple[list | None, list]:
    """An instant's or sorcery's effect (`spell: {does: ...}`), when one line that is no mode reads as
    one and no other such line with a layer effect stays text; and its modes' effects, in order ([] for
    a mode not read). (None, []) when nothing is read: a case gives `does:`."""
    if not is_spell(type_line):
        return None, []
    readings = read_text(text, name, type_line)
    modes = [r for r in readings if r.line.lstrip().startswith(("•", "+ {"))]
    others = [r for r in readings if r not in modes]
    effects = [r.spell for r in others if r.spell]
    unread = [r for r in others if r.layer and not r.structured]
    # (a line with several parts beside it: the case names each part, spell_parts_from_text)
    effect = list(effects[0]) if len(effects) == 1 and not unread and not any(r.parts for r in others) else None
    mode_effects = [list(r.spell) for r in modes]
    return effect, (mode_effects if any(mode_effects) else [])


def spell_parts_from_text(text: str, name: str, type_line: str) -> list:
    """The parts of an instant's or sorcery's effect that affects several groups (611.2c: "Target creature
    gets +2/+2 ... Another target creature gets -2/-2 ..."), each part's operations in printed order, when
    its one such line is its only layer line that is no mode; else []."""
    if not is_spell(type_line):
        return []
    others = [r for r in read_text(text, name, type_line) if not r.line.lstrip().startswith(("•", "+ {"))]
    with_parts = [r for r in others if r.parts]
    if len(with_parts) != 1 or any(r.spell or (r.layer and not r.structured) for r in others):
        return []
    return [list(ops) for ops in with_parts[0].parts]


def emblems_from_text(text: str, name: str) -> list[list]:
    """The abilities of each emblem the card's text creates (114.1), in printed order."""
    return [found for found in (emblem_abilities(normalized(line, name)) for line in ability_lines(text)) if found]


def abilities_from_text(text: str, name: str, type_line: str = "", pt: str = "") -> list:
    """The vocabulary entries of a card's text, ready for vocabulary.Reader.ability."""
    return [ability for reading in read_text(text, name, type_line, pt) for ability in reading.abilities]
