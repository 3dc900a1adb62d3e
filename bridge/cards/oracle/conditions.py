"""'As long as ...' static abilities (611.3a) read into `static: {as_long_as: CONDITION, ...}`
(docs/case-format.md). The rest of the sentence is read by the other static templates.

    As long as CONDITION, MAIN.        Rune of Flight: 'As long as enchanted permanent is a creature, it has flying.'
    MAIN as long as CONDITION.         Kird Ape: '~ gets +1/+2 as long as you control a Forest.'
    During your turn, MAIN.            Wildwood Geist: 'During your turn, ~ gets +2/+2.' (and "as long as it's
                                       your turn"; "During turns other than yours"; Razorkin Needlehead's
                                       "~ has first strike during your turn.")

    CONDITION := SUBJECT is [a|an] WORDS ['or' [a|an] WORDS]     (enchanted/equipped X, ~; 'it' = MAIN's subject)
               | ~ is monstrous | ~ is tapped | ~ is untapped | ~ has (a|N or more) KIND counter(s) on it
               | you control (a|an|another|no|at least N|N or more|N or fewer) WORDS | an opponent controls (a|an) WORDS
               | no opponent controls (a|an) WORDS | any player controls (a|an) WORDS  (WORDS: also 'X or [a|an] Y')
               | you have N or (more|less) life                             (119: `life`)
               | an opponent has N or (more|less) life | ... N or more poison counters  (`an_opponent`, 122.1f)
               | CONDITION and CONDITION                                    (a list: all hold)
               | N or more cards are in your graveyard | there are N or more cards in your graveyard  (threshold)
               | you have no cards in hand                                    (hellbent)
               | your devotion to COLOR [and COLOR] is less than N            (700.5)
               | this card is in your graveyard|hand [and CONDITION]        (113.6b: `functions_in`)
               | you have the city's blessing | you're the monarch | you've completed a dungeon
               | ~ is paired with another creature   (702.95b, with MAIN "each of those creatures" / "both
                 creatures ...": `status: paired`, affects {any: [self, paired]})
               | you control exactly one creature   (with MAIN "that creature ...": the creatures you control)
               | you've drawn N or more cards this turn | you gained life this turn | you've cast N or more
                 spells this turn ...                     (`game_state`: the case gives it, GAME_STATE_WORDS)
"""
from __future__ import annotations

import re

from bridge.cards.oracle.condition_words import GAME_STATE_WORDS, OBJECT_STATE_WORDS
from bridge.cards.oracle.counter_kinds import counter_kind_known
from bridge.cards.oracle.keywords import keyword
from bridge.cards.oracle.numbers import WORD_NUMBERS, card_kinds, number
from bridge.cards.oracle.predicates import only_riders
from bridge.cards.oracle.subjects import group
from bridge.cards.oracle.patterns import lazy_pattern
from bridge.cards.oracle.words import COLORS

SEVERAL_QUALITIES = lazy_pattern(r"As long as ~ is (\w+), (\w+), and (has [^,]+ on it), (~ .+)")
FIRST = lazy_pattern(r"(?:As long as (.+?)|(During your turn|During turns other than yours)), (.+?)\.?")
LAST = lazy_pattern(r"(.+?) (?:as long as (.+?)|(during your turn)|if (it hasn't dealt damage yet|it devoured a creature)"
                    r"|unless it's ((?:attacking|blocking)(?: or (?:attacking|blocking))?))\.?")
SUBJECTS = {"~": "self", "enchanted creature": "attached", "enchanted permanent": "attached",
            "equipped creature": "attached", "enchanted land": "attached", "enchanted artifact": "attached"}
STATUS = lazy_pattern(r"(~|it) is (monstrous|renowned|tapped|untapped|attacking|blocking)")
# 506.4, 110.5 Intrepid Ace: "as long as it isn't attacking or blocking" (neither: a selector's `not`), and
# Tadeas's "unless it's attacking" (as long as it isn't); on its own object.
NOT_STATUS = lazy_pattern(r"(~|it) (?:isn't|is not|'s not) (attacking|blocking|tapped|untapped)(?: or (attacking|blocking))?")
# 611.3a Arcades Sabboth: "Each untapped creature you control gets +0/+2 as long as it's not attacking":
# 'it' is each object of the group, so the status belongs to the group's selector.
EACH_STATUS = lazy_pattern(r"it(?: is|'s)( not|n't)? (attacking|blocking|tapped|untapped)")
IS = lazy_pattern(r"(~|enchanted \w+|equipped creature|it)(?: is|'s) (.+)", re.IGNORECASE)
CONTROLS = lazy_pattern(r"(you control|an opponent controls) (a|an|another|no|at least \w+|exactly \w+|\w+ or (?:more|fewer)) (.+)")
# 119 Serra Ascendant: "you have 30 or more life"; Village Survivors: "you have 5 or less life"
LIFE = lazy_pattern(r"you have (\w+) or (more|less) life")
# 102.2 some opponent: Bloodghast's "an opponent has 10 or less life"; corrupted: "an opponent has three or
# more poison counters" (122.1f)
AN_OPPONENT_HAS = lazy_pattern(r"an opponent has (\w+) or (more|less|fewer) (life|poison counters)")
# threshold, in its old wording and in today's ("there are seven or more cards in your graveyard")
THRESHOLD = lazy_pattern(r"(?:(\w+) or more cards are|there are (\w+) or more cards) in your graveyard")
# 122: "as long as it has a +1/+1 counter on it" / "ten or more +1/+1 counters" (on its own object only)
COUNTERS = lazy_pattern(r"(~|it) has (a|an|one|no|exactly \w+|\w+ or (?:more|fewer)) ([+-]\d+/[+-]\d+|[a-z]+) counters? on (?:it|him|her)")
# Comforting Counsel: "there are five or more growth counters on this enchantment"
THERE_ARE_COUNTERS = lazy_pattern(r"there (?:is|are) (a|an|one|exactly \w+|\w+ or more) ([+-]\d+/[+-]\d+|[a-z]+) counters? on "
                                  r"(?:~|this (?:creature|artifact|enchantment|land|permanent))")
# 113.6b "As long as this card is in your graveyard [and CONDITION], ...": the zone it functions in (Wonder,
# Filth, Anger, Brawn, Valor), read as `functions_in`; "your graveyard" is its owner's, the only one it can be in.
ON_BATTLEFIELD = lazy_pattern(r"~ (?:is|(isn't)) on the battlefield")
IN_ZONE = lazy_pattern(r"(?:this card|~) is in your (graveyard|hand)(?: and (.+))?")
# "no opponent controls a ..." (none among every opponent's permanents) / "any player controls a ..." (anyone's)
NOBODY_OR_ANYONE = lazy_pattern(r"(no opponent|any player) controls (?:a|an) (.+)")
# 702.95b Soulbond: "As long as ~ is paired with another creature, each of those creatures has ..." (Wolfir
# Silverheart) / "..., both creatures have reach" (Geist Trappers): the object and the one it is paired with.
SOULBOND = lazy_pattern(r"As long as (?:~|this creature) is paired with another creature, "
                        r"(?:each of those creatures (has|gets)|both creatures (have|get)) (.+)")
# Deadly Wanderings: "As long as you control exactly one creature, that creature gets +2/+0 ...": the
# creatures you control (the one there is) while there is exactly one.
THAT_CREATURE = lazy_pattern(r"As long as you control exactly one creature, that creature (.+)")
# Balan: "two or more Equipment are attached to it" (its own object: attached_to self); Manor Gargoyle: "it has
# defender" (a keyword of its own object, 613.1f: read with the characteristics of the moment).
ATTACHED_TO_IT = lazy_pattern(r"(\w+) or more (Equipment|Auras) are attached to (~|it)")
# 103.4 "you have at least 7 life more than your starting life total" (Righteous Valkyrie), "your life total is at
# least 10 greater than ..." (Elenda), "... is less than or equal to half your starting life total" (Bane, Lord of
# Darkness), "... is greater than [or equal to] your starting life total" (Path of Bravery)
STARTING_LIFE = lazy_pattern(r"(?:you have at least (?P<more>\w+) life more than|your life total is at least (?P<greater>\w+) "
                             r"greater than|your life total is (?P<less>less than(?: or equal to)?) half|your life total "
                             r"is (?P<above>greater than(?: or equal to)?)) your starting life total")
LIFE_TOTAL = {"life": "you"}
MINUS_STARTING_LIFE = {"minus": {"game_state": "starting_life_total"}}
# 105.1 the Mirage Djinn: "green is the most common color among all permanents or is tied for most common" — the
# permanents of that color (a multicolored one counts for each of its colors) are at least as many as those of each
# other color (none of any color: all five are tied)
MOST_COMMON_COLOR = lazy_pattern(r"(white|blue|black|red|green) is the most common color among all permanents or is "
                                 r"tied for most common")
ANY_WITH_COUNTER = lazy_pattern(r"an? (creature|permanent|artifact|land) has an? ([+-]\d+/[+-]\d+|[a-z]+) counter on it")
# Gideon Blackblade: "During your turn, ~ is a 4/4 Human Soldier creature with indestructible that's still a
# planeswalker."
STILL_A = lazy_pattern(r"(~ is an? [^,]+? creature) with ([a-z ]+) that's still an? (?:planeswalker|land)")
# 122.1 "as long as ~ has two or more counters on it" (of any kinds, together: Ezio, Hero of Bretagard, Gavel)
ALL_COUNTERS = lazy_pattern(r"(~|it) has (a|an|one|\w+ or more) counters? on (?:it|him|her)")
# 406.6, 607.2a what the object's linked ability exiled, which the case gives as a number (the object's
# `game_state:`): Veteran Survivor's "there are three or more cards exiled with this creature", Keen-Eyed Curator's
# "... four or more card types among cards exiled with this creature" (205.2a)
EXILED_WITH_IT = lazy_pattern(r"there are (\w+) or more (cards|card types among cards) exiled with ~")
COUNTERS_AMONG = lazy_pattern(r"there are (\w+) or more ([+-]\d+/[+-]\d+|[a-z]+) counters among (.+)")
# Face of Divinity: "another Aura is attached to enchanted creature" (303.4)
ANOTHER_ATTACHED = lazy_pattern(r"another (Aura|Equipment) is attached to (?:enchanted|equipped) creature")
TOP_OF_LIBRARY = lazy_pattern(r"the top card of your library is (?:an? )?(\w+)( card)?")
ENCHANTED_BY = lazy_pattern(r"(~|it) is enchanted by (an|exactly \w+|\w+ or more) Auras?")
HAS_KEYWORD = lazy_pattern(r"(~|it) has ([a-z ]+)")
DEVOTION = lazy_pattern(r"your devotion to (white|blue|black|red|green)(?: and (white|blue|black|red|green))? is less than (\w+)")


def conditional_static(sentence: str, read_static) -> dict | None:
    """`read_static`: the reader of a sentence without condition (statics.static_ability)."""
    m = THAT_CREATURE.fullmatch(sentence)
    if m:
        found = read_static(f"~ {m.group(1).rstrip('.')}.")
        if not found or "static" not in found or found.get("cda") or found["static"]["affects"] != "self":
            return None
        yours = {"all": ["creature"], "controller": "you"}
        return {"static": {"as_long_as": {"count": yours, "at_least": 1, "at_most": 1}, **found["static"],
                           "affects": yours}}
    m = SOULBOND.fullmatch(sentence)
    if m:
        verb = {"have": "has", "get": "gets"}.get(m.group(2), m.group(1))
        found = read_static(f"~ {verb} {m.group(3).rstrip('.')}.")
        if not found or "static" not in found or found.get("cda") or found["static"]["affects"] != "self":
            return None
        return {"static": {"as_long_as": {"status": "paired"}, **found["static"], "affects": {"any": ["self", "paired"]}}}
    m = SEVERAL_QUALITIES.fullmatch(sentence)
    if m:
        # Kosei, Penitent Warlord: "As long as ~ is enchanted, equipped, and has a counter on it, ~ has ...": each
        # quality a condition of its own, all holding (a list)
        parts = [one_condition(f"~ is {m.group(1)}", "self"), one_condition(f"~ is {m.group(2)}", "self"),
                 one_condition(f"~ {m.group(3)}", "self")]
        found = read_static(m.group(4).rstrip(".") + ".")
        if any(p is None or isinstance(p, list) for p in parts) or not found or set(found) != {"static"} or \
                "as_long_as" in found["static"]:
            return None
        return {"static": {"as_long_as": parts, **found["static"]}}
    m = FIRST.fullmatch(sentence)
    if m and m.group(2) and m.group(3).startswith("as long as "):
        # Kaito, Bane of Nightmares: "During your turn, as long as ~ has one or more loyalty counters on him, ..."
        # (both hold: a list of conditions)
        inner = conditional_static("A" + m.group(3)[1:], read_static)
        turn = one_condition(m.group(2).lower(), None)
        if not inner or "functions_in" in inner or "as_long_as" not in inner["static"]:
            return None
        held = inner["static"]["as_long_as"]
        return {"static": {**inner["static"], "as_long_as": [turn, *(held if isinstance(held, list) else [held])]}}
    if m:
        condition_text, main = m.group(1) or m.group(2).lower(), m.group(3)
        # Kaito: "..., he's a 3/4 Ninja creature": a card's text calls itself "he" or "she" (its character)
        main = re.sub(r"^(?:he|she)(?:'s | )", lambda p: "~ is " if p.group(0).endswith("'s ") else "~ ", main)
    else:
        m = LAST.fullmatch(sentence)
        if not m:
            return None
        main, condition_text = m.group(1), m.group(2) or m.group(3) or m.group(4)
        if m.group(5):
            condition_text = f"it isn't {m.group(5)}"
    zone = IN_ZONE.fullmatch(condition_text)
    if zone:
        found = read_static(main.rstrip(".") + ".") if not zone.group(2) else \
            conditional_static(f"As long as {zone.group(2)}, {main}", read_static)
        if not found or "static" not in found or found.get("cda"):
            return None
        return {"functions_in": zone.group(1), **found}
    battlefield = ON_BATTLEFIELD.fullmatch(condition_text)
    if battlefield:
        # 113.6 a static ability functions on the battlefield only: "as long as ~ is on the battlefield" says it
        # again (Awakened Skyclave); "isn't" is every other zone (113.6b, Grist, the Hunger Tide)
        main = re.sub(r"^it's |^it ", lambda m: "~ is " if m.group(0) == "it's " else "~ ", main)
        found = read_static(main.rstrip(".") + ".")
        if not found or "static" not in found or found.get("cda") or found["static"]["affects"] != "self":
            return None
        return {"functions_in": {"except": ["battlefield"]}, **found} if battlefield.group(1) else found
    who = IS.match(condition_text) or (ANOTHER_ATTACHED.fullmatch(condition_text) and
                                       re.search(r"(?<=attached to )(enchanted creature|equipped creature)", condition_text))
    if re.match(r"it(?:'s| )", main):
        if who is None and (condition_text.startswith("~ ") or THERE_ARE_COUNTERS.fullmatch(condition_text)
                            or EXILED_WITH_IT.fullmatch(condition_text)):
            who = re.match(r"(~)", "~")     # "As long as ~ has three or more +1/+1 counters" / "there are ... on ~"
        if who is None or who.group(1).lower() == "it":       # 'it' must name the condition's subject
            return None
        main = who.group(1) + (" is" + main[4:] if main.startswith("it's") else main[2:])
        # Idol of False Gods: "it's a 0/0 creature in addition to its other types and it has annihilator 2": the
        # second 'it' is the same object
        main = re.sub(r" and it (?=has |gets )", " and ", main)
    still = STILL_A.fullmatch(main.rstrip("."))
    if still:       # 205.1b "that's still a planeswalker": every prior type kept (Gideon Blackblade)
        main = f"{still.group(1)} in addition to its other types and has {still.group(2)}."
    found = read_static(main.rstrip(".") + ".") or self_and_group(main, read_static)
    if not found or "static" not in found or found.get("cda"):
        return None
    main_subject = found["static"]["affects"]
    each = EACH_STATUS.fullmatch(condition_text)
    if each and isinstance(main_subject, dict) and main.startswith("Each "):       # 'it': one object
        return status_of_each(found, main_subject, each.group(2), negated=bool(each.group(1)))
    each = re.fullmatch(r"it's (?:an? )?(\w+)", condition_text)
    if each and isinstance(main_subject, dict) and set(main_subject) <= {"all", "not", "controller"}:
        # Earth Surge: "Each land gets +2/+2 as long as it's a creature": 'it' is each object it affects, so the
        # condition narrows the group (the objects it applies to are those that match it then, 611.3a, 613.6)
        kind = group(each.group(1))
        if kind is None or set(kind) != {"all"}:
            return None
        return {"static": {**found["static"], "affects": {**main_subject,
                                                          "all": [*main_subject.get("all", []), *kind["all"]]}}}
    condition = read_condition(condition_text, main_subject if isinstance(main_subject, str) else None)
    if condition is None:
        return None
    return {"static": {"as_long_as": condition, **found["static"]}}


def only_riders_under_a_condition(sentence: str) -> bool:
    """Solid Footing: "As long as enchanted creature has vigilance, it assigns combat damage equal to its toughness
    rather than its power."; Warmonger's Chariot's "..., it can attack as though it didn't have defender": what
    applies under the condition is a rule of combat only (510.1c, 508.1), no layer effect (613.1); the words that
    look like one are the condition's."""
    m = FIRST.fullmatch(sentence)
    if not m or not m.group(1):
        return False
    main = re.sub(r"^(?:it|~|enchanted creature|equipped creature) ", "", m.group(3).rstrip("."))
    return main != m.group(3).rstrip(".") and only_riders(main)


def status_of_each(found: dict, group: dict, status: str, negated: bool) -> dict | None:
    """The group's selector with the status each object must (not) have (`untapped` = `not: [tapped]`)."""
    if set(group) - {"all", "not", "controller", "other"}:
        return None
    if status == "untapped":
        status, negated = "tapped", not negated
    key = "not" if negated else "all"
    return {"static": {**found["static"], "affects": {**group, key: [*group.get(key, []), status]}}}


# Tek: "This creature gets +0/+2 as long as you control a Plains, has flying as long as you control an Island,
# ..., and has trample as long as you control a Forest."; Multiclass Baldric: "Equipped creature has lifelink if
# you control a Cleric, deathtouch if you control a Rogue, ..."; Scion of Draco: "Each creature you control has
# vigilance if it's white, hexproof if it's blue, ...": one subject, each part its own condition (611.3a).
PARTS_SUBJECT = lazy_pattern(r"(.+?) (has|have|gets|get) (.+)\.?")
ONE_PART = lazy_pattern(r"(?:(has|have|gets|get) )?(.+?) (?:as long as|if) (.+)")


def conditional_parts(sentence: str, read_static) -> list[dict] | None:
    """One effect per part, each with its condition: every part must read, or none is."""
    two = two_clauses(sentence, read_static)
    if two:
        return two
    m = PARTS_SUBJECT.fullmatch(sentence)
    if not m or re.search(r'"[^"]*,[^"]*"', sentence):
        return None
    parts = re.split(r", (?:and )?", m.group(3).rstrip("."))
    if len(parts) < 2:
        return None
    found, verb = [], m.group(2)
    for part in parts:
        each = ONE_PART.fullmatch(part)
        if not each:
            return None
        verb = each.group(1) or verb
        read = conditional_static(f"{m.group(1)} {verb} {each.group(2)} as long as {each.group(3)}.", read_static)
        if not read or set(read) != {"static"} or "as_long_as" not in read["static"] and not found_narrowed(read):
            return None
        found.append(read)
    return found


def two_clauses(sentence: str, read_static) -> list[dict] | None:
    """Lieutenant: "As long as you control your commander, ~ gets +2/+2 and creatures you control have vigilance."
    (Angelic Field Marshal): two clauses, each with its own subject, under one condition."""
    m = re.fullmatch(r"As long as (.+?), (.+?)\.?", sentence)
    if not m:
        return None
    words = m.group(2).split(" and ")
    for i in range(1, len(words)):
        first, second = " and ".join(words[:i]), " and ".join(words[i:])
        if not re.match(r"(?:~|other|[a-z]+ creatures|creatures) ", second):
            continue
        found = [conditional_static(f"As long as {m.group(1)}, {clause}.", read_static) for clause in (first, second)]
        if all(f and set(f) == {"static"} and "as_long_as" in f["static"] for f in found):
            return found
    return None


def self_and_group(main: str, read_static) -> dict | None:
    """Dion, Bahamut's Dominant: "~ and other Knights you control have flying": the object and the group."""
    m = re.fullmatch(r"~ and (.+?) (have|get) (.+?)\.?", main)
    if not m:
        return None
    found = read_static(f"~ {'has' if m.group(2) == 'have' else 'gets'} {m.group(3)}.")
    counted = group(m.group(1))
    if not found or set(found) != {"static"} or found["static"]["affects"] != "self" or counted is None:
        return None
    return {"static": {**found["static"], "affects": {"any": ["self", counted]}}}


def found_narrowed(read: dict) -> bool:
    """Scion of Draco's "if it's white": the condition went into the group it affects (no `as_long_as`)."""
    return isinstance(read["static"].get("affects"), dict)


def read_condition(text: str, main_subject: str | None) -> dict | list | None:
    """One condition, or the list of those joined by 'and' (all must hold: Grond's "it's your turn and
    you control an Army")."""
    found = one_condition(text, main_subject)
    if found is not None or " and " not in text:
        return found
    parts = [one_condition(part, main_subject) for part in text.split(" and ")]
    if any(p is None or isinstance(p, list) for p in parts):
        return None
    return parts


def one_condition(text: str, main_subject: str | None) -> dict | None:
    text = text.strip()
    m = re.fullmatch(r"(you control an? .+?) or (there(?: is|'s) an? .+? card in your graveyard)", text)
    if m:                                  # Sidewinder Naga: "you control a Desert or there is a Desert card in your
        either = [one_condition(part, main_subject) for part in m.groups()]     # graveyard": one of them, or both,
        if any(not isinstance(e, dict) or e.get("at_least") != 1 or len(e) != 2 for e in either):     # is there:
            return None                    # the two numbers' sum is at least 1
        return {"sum": [{k: v for k, v in e.items() if k != "at_least"} for e in either], "at_least": 1}
    for pattern, what, bound, n in GAME_STATE_WORDS:
        m = pattern.fullmatch(text)
        if m:
            n = n if n is not None else how_many(m.group(1))
            return None if n is None else {"game_state": what, bound: n}
    m = ATTACHED_TO_IT.fullmatch(text)
    if m and how_many(m.group(1)) is not None and (m.group(3) == "~" or main_subject in ("self", "enchanted", "equipped")):
        # (Brass Knuckles: 'it' the equipped creature, what the ability's object is attached to)
        on = "self" if m.group(3) == "~" or main_subject == "self" else "attached"
        return {"count": {"all": ["Aura" if m.group(2) == "Auras" else "Equipment"], "attached_to": on},
                "at_least": how_many(m.group(1))}
    m = ANOTHER_ATTACHED.fullmatch(text)
    if m:                                       # Face of Divinity: another than this Aura, on the same creature
        return {"count": {"all": [m.group(1)], "attached_to": "attached", "other": True}, "at_least": 1}
    m = HAS_KEYWORD.fullmatch(text)
    if m and keyword(m.group(2)) == m.group(2) and (m.group(1) == "~" or main_subject == "self"):
        return {"self": {"has": [m.group(2)]}}
    for pattern, what, bound, n in OBJECT_STATE_WORDS:
        m = pattern.fullmatch(text)
        if m:
            return {"game_state": what, bound: n} if m.group(1) != "it" or main_subject == "self" else None
    m = ALL_COUNTERS.fullmatch(text)
    if m and (m.group(1) == "~" or main_subject == "self"):     # 122.1 counters of every kind (Hero of Bretagard)
        bound = counter_bound(m.group(2))
        return None if bound is None else {"all_counters": "source", **bound}
    m = EXILED_WITH_IT.fullmatch(text)
    if m and how_many(m.group(1)) is not None:
        what = "cards_exiled_with_it" if m.group(2) == "cards" else "card_types_exiled_with_it"
        return {"game_state": what, "at_least": how_many(m.group(1))}
    m = COUNTERS_AMONG.fullmatch(text)
    if m and how_many(m.group(1)) is not None:      # 122.1 Tom Bombadil: the counters on them all together
        counted = number(f"the number of {m.group(2)} counters on {m.group(3)}")
        if counted is None or set(counted) != {"counters_among"} or not counter_kind_known(m.group(2)):
            return None
        return {**counted, "at_least": how_many(m.group(1))}
    m = ENCHANTED_BY.fullmatch(text)
    if m and (m.group(1) == "~" or main_subject == "self"):     # Timber Paladin: the Auras attached to it (303.4)
        bound = counter_bound(m.group(2))
        return None if bound is None else {"count": {"all": ["Aura"], "attached_to": "self"}, **bound}
    m = STARTING_LIFE.fullmatch(text)
    if m:                                  # 103.4 the starting life total: the case's game_state, never assumed
        if m.group("more") or m.group("greater"):
            n = how_many(m.group("more") or m.group("greater"))
            return None if n is None else {"sum": [LIFE_TOTAL, MINUS_STARTING_LIFE], "at_least": n}
        if m.group("less"):                # "less than or equal to half": 2 x life - starting life <= 0
            return {"sum": [{"sum": [LIFE_TOTAL, LIFE_TOTAL]}, MINUS_STARTING_LIFE],
                    "at_most": 0 if m.group("less").endswith("equal to") else -1}
        return {"sum": [LIFE_TOTAL, MINUS_STARTING_LIFE], "at_least": 0 if m.group("above").endswith("equal to") else 1}
    if text == "you have more cards in hand than each opponent":     # Secretkeeper: more than the most any has
        return {"sum": [{"count_cards": {"zone": "hand", "owner": "you"}},
                        {"minus": {"count_cards": {"zone": "hand", "owner": "an_opponent"}}}], "at_least": 1}
    m = MOST_COMMON_COLOR.fullmatch(text)
    if m:                                  # 105.1 Sulam Djinn: as many permanents of that color as of each other
        return [{"sum": [{"count": {"all": [m.group(1)]}}, {"minus": {"count": {"all": [other]}}}], "at_least": 0}
                for other in COLORS if other != m.group(1)]
    if text == "you control your commander":                    # Lieutenant (903.3: `commander: true`)
        return {"count": {"all": ["commander"], "owner": "you", "controller": "you"}, "at_least": 1}
    if text == "an opponent is poisoned":                        # 122.1f: one or more poison counters
        return {"poison": "an_opponent", "at_least": 1}
    m = LIFE.fullmatch(text)
    if m and how_many(m.group(1)) is not None:
        return {"life": "you", "at_least" if m.group(2) == "more" else "at_most": how_many(m.group(1))}
    m = AN_OPPONENT_HAS.fullmatch(text)
    if m and how_many(m.group(1)) is not None:
        return {"life" if m.group(3) == "life" else "poison": "an_opponent",
                "at_least" if m.group(2) == "more" else "at_most": how_many(m.group(1))}
    m = NOT_STATUS.fullmatch(text)
    if m and (m.group(1) == "~" or main_subject == "self"):
        words = [w for w in m.group(2, 3) if w]
        if words == ["untapped"]:
            return {"status": "tapped"}
        return None if "untapped" in words else {"self": {"not": words}}
    m = STATUS.fullmatch(text.replace("it's ", "it is ", 1) if text.startswith("it's ") else text)
    if m and (m.group(1) == "~" or main_subject == "self"):  # 'it': the main sentence's subject, the object itself
        return {"status": m.group(2)}
    if m and main_subject not in ("enchanted", "equipped"):
        return None                             # (an enchanted or equipped 'it' is read below: `attached`)
    m = re.fullmatch(r"(?:there(?: is|'s) an? (.+?) card in your graveyard|an? (.+?) card is in your graveyard)", text)
    if m:                                       # Aang: "there's a Lesson card in your graveyard"
        kinds = group(m.group(1) or m.group(2))
        if kinds is None or set(kinds) - {"all", "not"} or "permanent" in kinds.get("all", []):
            return None
        return {"count_cards": {"zone": "graveyard", "owner": "you", **kinds}, "at_least": 1}
    m = re.fullmatch(r"an? (\w+) card and an? (\w+) card are in your graveyard", text)
    if m:                                       # Bloodfire Enforcers: both hold (a list of conditions)
        kinds = [card_kinds(k) for k in m.groups()]
        if any(k is None for k in kinds):
            return None
        return [{"count_cards": {"zone": "graveyard", "owner": "you", **k}, "at_least": 1} for k in kinds]
    if text == "there are no cards in your graveyard":
        return {"count_cards": {"zone": "graveyard", "owner": "you"}, "equal": 0}
    m = THRESHOLD.fullmatch(text)
    if m and how_many(m.group(1) or m.group(2)) is not None:
        return {"count_cards": {"zone": "graveyard", "owner": "you"}, "at_least": how_many(m.group(1) or m.group(2))}
    m = re.fullmatch(r"an opponent has (\w+) or more cards in their graveyard", text)
    if m and how_many(m.group(1)) is not None:                  # Tenured Oilcaster: one opponent's own graveyard
        return {"count_cards": {"zone": "graveyard", "owner": "an_opponent"}, "at_least": how_many(m.group(1))}
    if text == "you have one or more emblems":                  # Baneslayer Aspirant (114.2)
        return {"emblems": "you", "at_least": 1}
    if text == "an opponent owns a card in exile":               # Warden of the Beyond (404, 108.3 the owner)
        return {"count_cards": {"zone": "exile", "owner": "an_opponent"}, "at_least": 1}
    m = re.fullmatch(r"there are (\w+) or more cards in a single graveyard", text)
    if m and how_many(m.group(1)) is not None:                  # Swimmer in Nightmares: any one player's graveyard
        return {"count_cards": {"zone": "graveyard", "owner": "a_player"}, "at_least": how_many(m.group(1))}
    m = re.fullmatch(r"there are (\w+) or more card types among cards in your graveyard", text)
    if m and how_many(m.group(1)) is not None:                  # delirium (207.2c)
        return {"card_types_in_graveyards": "you", "at_least": how_many(m.group(1))}
    m = re.fullmatch(r"there are (\w+) or more mana values among cards in your graveyard", text)
    if m and how_many(m.group(1)) is not None:                  # 202.3 Syndicate Infiltrator
        return {"mana_values_in_graveyard": "you", "at_least": how_many(m.group(1))}
    m = TOP_OF_LIBRARY.fullmatch(text)
    if m:                                       # 401.1 Mul Daya Channelers, Vampire Nocturnus: the top card only
        kinds = card_kinds(m.group(1)) if m.group(2) else ({"all": [m.group(1)]} if m.group(1) in COLORS else None)
        if kinds is None:
            return None
        return {"count_cards": {"zone": "library", "owner": "your_top_card", **kinds}, "at_least": 1}
    if text == "there are no cards in your library":            # Living Conundrum (401)
        return {"count_cards": {"zone": "library", "owner": "you"}, "equal": 0}
    m = re.fullmatch(r"a library has (\w+) or fewer cards in it", text)
    if m and how_many(m.group(1)) is not None:                  # Isleback Spawn: some player's library
        return {"count_cards": {"zone": "library", "owner": "a_player"}, "at_most": how_many(m.group(1))}
    if text == "an opponent has no cards in hand":              # Guul Draz Specter: some opponent (102.2)
        return {"count_cards": {"zone": "hand", "owner": "an_opponent"}, "equal": 0}
    if text == "you have no cards in hand":                     # hellbent
        return {"count_cards": {"zone": "hand", "owner": "you"}, "equal": 0}
    m = re.fullmatch(r"you have (\w+) or (more|fewer) cards in (?:your )?hand", text)
    if m and how_many(m.group(1)) is not None:                  # Carnage Interpreter: "one or fewer"
        bound = "at_least" if m.group(2) == "more" else "at_most"
        return {"count_cards": {"zone": "hand", "owner": "you"}, bound: how_many(m.group(1))}
    m = re.fullmatch(r"there are (\w+) or more (.+?) cards in your graveyard", text)
    if m and how_many(m.group(1)) is not None:                  # Killmonger: "two or more creature cards"
        kinds = card_kinds(m.group(2))                           # ("instant and/or sorcery cards": either)
        if kinds is None:
            return None
        return {"count_cards": {"zone": "graveyard", "owner": "you", **kinds}, "at_least": how_many(m.group(1))}
    m = re.fullmatch(r"your opponents control no (.+)", text)
    if m:                                                       # (every opponent: none in all)
        counted = group(m.group(1))
        if counted is None or "controller" in counted:
            return None
        return {"count": {**counted, "controller": "opponent"}, "equal": 0}
    if text in ("during your turn", "it's your turn"):
        return {"turn": "yours"}                                 # Wildwood Geist
    if text in ("during turns other than yours", "it's not your turn"):
        return {"turn": "not_yours"}
    m = COUNTERS.fullmatch(text) or THERE_ARE_COUNTERS.fullmatch(text)
    if m and m.re.pattern == THERE_ARE_COUNTERS.pattern:
        m_subject, how, kind = "~", m.group(1), m.group(2)
    elif m:
        m_subject, how, kind = m.group(1), m.group(2), m.group(3)
    if m and (m_subject == "~" or main_subject == "self"):
        bound = counter_bound(how)
        if bound is not None and counter_kind_known(kind):
            return {"counters": kind, **bound}
        return None
    m = ANY_WITH_COUNTER.fullmatch(text)
    if m:                                   # Tenacious Hunter: "a creature has a -1/-1 counter on it" (anyone's)
        counted = group(f"{m.group(1)} with a {m.group(2)} counter on it")
        if counted is None or not counter_kind_known(m.group(2)):
            return None
        return {"count": counted, "at_least": 1}
    m = DEVOTION.fullmatch(text)
    if m and how_many(m.group(3)) is not None:                  # the Theros gods (700.5)
        return {"devotion": [c for c in m.group(1, 2) if c], "less_than": how_many(m.group(3))}
    m = NOBODY_OR_ANYONE.fullmatch(text)
    if m:                   # Vexing Beetle: "no opponent controls a creature" (none among all opponents' permanents);
        counted = group(m.group(2)) or either_group(m.group(2)) or one_of_groups(m.group(2))
        if counted is None or "controller" in counted:          # Knight of Malice: "any player controls a ..."
            return None
        if m.group(1) == "any player":
            return {"count": counted, "at_least": 1}
        mark = {"controller": "opponent"}
        return {"count": {"any": [{**b, **mark} for b in counted["any"]]} if "any" in counted else
                {**counted, **mark}, "equal": 0}
    # 903.3 Gray Harbor Merfolk: "a commander that's a creature or planeswalker" (a commander of either type)
    text = re.sub(r"(controls? an?) commander that's an? (\w+) or (?:an? )?(\w+)$", r"\1 \2 commander or \3 commander", text)
    m = CONTROLS.fullmatch(text)
    if m:
        counted = group(m.group(3)) or either_group(m.group(3)) or one_of_groups(m.group(3))
        how = m.group(2)
        if m.group(1) != "you control" and how not in ("a", "an", "one or more"):
            # "an opponent controls two or more creatures" (Walking Dream): one opponent controls them,
            # not all opponents' together; the vocabulary counts over all opponents, so only "a"/"an"
            # (some opponent controls one = the opponents control one) is read, the rest stays text
            return None
        bound = {"equal": 0} if how == "no" else counter_bound(how.replace("at least ", "") + " or more"
                                                                if how.startswith("at least ") else
                                                                ("a" if how == "another" else how))
        if counted is None or "controller" in counted or bound is None:
            return None
        mark = {"controller": "you" if m.group(1) == "you control" else "opponent", **({"other": True}
                                                                                     if how == "another" else {})}
        # Kumena's Speaker: "another Merfolk or an Island": 'another' is the Merfolk's only
        only_first = how == "another" and re.search(r" or an? ", m.group(3))
        counted = {"any": [{**b, **mark} if i == 0 or not only_first else {**b, "controller": mark["controller"]}
                           for i, b in enumerate(counted["any"])]} if "any" in counted else {**counted, **mark}
        return {"count": counted, **bound}
    m = IS.fullmatch(text)
    if m:
        who = m.group(1).lower()
        key = ({"enchanted": "attached", "equipped": "attached", "self": "self"}.get(main_subject)
               if who == "it" else SUBJECTS.get(who))
        branches = [group(re.sub(r"^(?:a|an) ", "", part)) for part in m.group(2).split(" or ")]
        if key is None or any(b is None or set(b) - {"all", "not"} for b in branches):
            return None
        return {key: branches[0] if len(branches) == 1 else {"any": branches}}
    return None


def either_group(phrase: str) -> dict | None:
    """Sultai Runemark: "a green or blue permanent" — a permanent that is either (one object, counted once)."""
    m = re.fullmatch(r"(\w+) or (\w+) (.+)", phrase)
    branches = [group(f"{m.group(i)} {m.group(3)}") for i in (1, 2)] if m else [None]
    return None if any(b is None or "any" in b for b in branches) else {"any": branches}


def one_of_groups(phrase: str) -> dict | None:
    """Hungry Ridgewolf: "another Wolf or Werewolf"; Kumena's Speaker: "another Merfolk or an Island" — a
    permanent of either group (one object, counted once)."""
    parts = re.split(r" or (?:an? )?", phrase)
    branches = [group(part) for part in parts] if len(parts) > 1 else [None]
    if any(b is None or "any" in b or "controller" in b for b in branches):
        return None
    return {"any": branches}


def counter_bound(how: str) -> dict | None:
    """'a' / 'N or more' -> at_least, 'N or fewer' -> at_most (Evolved Spinoderm), 'no' -> at_most 0."""
    if how in ("a", "an", "one"):
        return {"at_least": 1}
    if how == "no":
        return {"at_most": 0}
    if how.startswith("exactly "):                              # Tidal Influence: "exactly one tide counter"
        n = how_many(how.split()[1])
        return None if n is None else {"at_least": n, "at_most": n}
    n = how_many(how.split()[0])
    return None if n is None else {"at_most" if how.endswith("fewer") else "at_least": n}


def how_many(word: str) -> int | None:
    return int(word) if word.isdigit() else WORD_NUMBERS.get(word.lower())



def with_condition(static: dict, condition: dict) -> dict:
    """The static ability with one more condition (every one must hold, 611.3a)."""
    own = static.get("as_long_as")
    both = [condition] + (own if isinstance(own, list) else [own] if own else [])
    return {"as_long_as": both[0] if len(both) == 1 else both, **{k: v for k, v in static.items() if k != "as_long_as"}}
