"""What a spell or an activated ability does once it resolves, when that is a continuous effect
(611.2: it changes characteristics or control for a while), read into the vocabulary's operations:
an instant's or sorcery's `spell: {does: ...}`, an activated (or loyalty, 606) ability's `activated:
{does: ...}`. Which objects it affects is the case's (`effects: - {spell: NAME, affects: [...]}`), set
when it resolved (611.2c); so every sentence with a layer effect must affect the same group ("it" and
"that creature" name the group before), and sentences without one ("Draw a card.") are left to the
rest of the game. Anything else stays text. Each template names the card it was written from.
"""
from __future__ import annotations

import copy
import re

from bridge.cards.oracle.choices import becomes_chosen, gains_protection_from_chosen, your_choice_of
from bridge.cards.oracle.copies import copy_exceptions
from bridge.cards.oracle.predicates import description_ops, is_types, keyword_list, loses_all_creature_types, operations
from bridge.cards.oracle.quoted import quoted_ability
from bridge.cards.oracle.words import COLORS, CREATURE_TYPES, singular_subtype
from bridge.cards.oracle.resolution_conditions import WOULD_INSTEAD, conditional, op_kind, stated_once
from bridge.cards.oracle.reach import LAYER_HINTS, RESOLVED_HINTS, unread_reach, without_conditions
from bridge.cards.oracle.patterns import lazy_pattern

# The group a resolved effect affects: a target, the source, or every creature of a kind (611.2c).
# (the case names the objects, 611.2c: a group's words need not be a selector, only one group of objects)
TARGET = (r"(?:up to (?:one|two|three|four|five|X) |any number of |one or two |one or more |two |three |X )?"
          r"(?:another )?(?:other )?target [\w ,'+/~-]*?(?: each)?")
# (Crippling Fear's "Creatures that aren't of the chosen type", Defensive Maneuvers' "of the creature type of your
# choice": the type chosen as it resolved picks the group, which the case names, 611.2c)
# (Glistening Deluge: "Creatures that are green and/or white")
QUALIFIER = (r"(?: with(?:out)? [\w ,'+/~-]+?| named [^,.\"]+?| that's (?:an? )?[\w ]+?| that are \w+(?: and/or \w+)?"
             r"|(?: that aren't)? of (?:the chosen|that) type| of the creature type of your choice"
             # (Crown of Vigor: "other creatures that share a creature type with it", the enchanted creature's)
             r"| that share a creature type with (?:it|~))?")
# (Sarkhan the Masterless: "each planeswalker you control"; Public Execution: "Each other creature that player
# controls", the player of the target before)
GROUP = (r"(?:(?:all |each )?(?:other )?(?:[\w/-]+ ){0,2}(?:creatures?|permanents?|lands?|artifacts?|planeswalkers?|"
         r"[A-Z][a-z]+s)|each (?:other )?[A-Z][a-z]+"       # (Sorin, Vampire Lord: "each Vampire you control")
         r"|(?:[\w/-]+ ){0,2}cards? exiled this way)"        # (Lukka, Coppercoat Outcast, 406.3: in exile)
         # (Brand: "Gain control of all permanents you own", 108.3 the owner)
         r"(?: you control| you own| you don't control| your opponents control| an opponent controls"
         r"| target (?:player|opponent) controls| that player controls)?" + QUALIFIER + r"(?: you control)?")
# (Oracle's "he" and "she" are the card's own character: Bosco, Just a Bear's "He gains trample")
SELF = r"~|this (?:creature|land|artifact|permanent|Vehicle|Spacecraft|enchantment|Equipment)|he|she"
ATTACHED = r"(?:enchanted|equipped|fortified) (?:[A-Z]\w+|creature|permanent|land|artifact)"
BACK = (r"it|that creature|that permanent|that land|they|they each|those creatures|those permanents|each of them|"
        r"that token|those tokens|them")
SUBJECT_WORDS = lazy_pattern(rf"(?P<who>{SELF}|{BACK}|{ATTACHED}|{TARGET}|{GROUP})", re.IGNORECASE)
# "and" joins two groups or nouns of one, never an action: Jabari's Influence's "gain control of target ... creature
# ... and put a -1/-0 counter on it" is no subject (its counter would be dropped).
ANOTHER_ACTION = lazy_pattern(r" and (?!/or\b)(?-i:(?![A-Z]))(?!(?:\w+ ){0,2}(?:creatures?|planeswalkers?|artifacts?|enchantments?|lands?|"
                              r"permanents?|tokens?|Equipment|Auras?)\b)", re.IGNORECASE)


def is_subject(who: str) -> bool:
    """The subject of a resolved sentence: its words, and no second action joined by "and"."""
    return not ANOTHER_ACTION.search(who) and not re.search(r"\bthen\b", who) and bool(SUBJECT_WORDS.fullmatch(who))
# 611.2a-b: how long the effect lasts; the case lists the effects that exist (Thran Weaponry's "for as long as
# this artifact remains tapped", Rubinia Soulsinger's "for as long as you control ~ and ~ remains tapped")
# (Gaea's Liege: "until ~ leaves the battlefield")
LASTS = r"(?:end of turn|end of combat|your next turn|the end of your next turn|~ leaves the battlefield)"
DURATION = lazy_pattern(r",? until " + LASTS + r"|^until " + LASTS + r", |,? for as long as [^,.\"]+", re.IGNORECASE)
STILL = lazy_pattern(r"(?:(?<=[.\"]) (?:(?:It's|He's|She's) still (?:a|an) (?:\w+ )?\w+|They're still \w+)| that's still (?:a|an) \w+"
                     r"| that are still \w+)\.?$")
VERB = lazy_pattern(r" (?=(?:gets?|gains?|has|have|loses?|becomes?|is|are) )")


def sentences(effect: str) -> list[str]:
    """The effect's sentences, a quoted ability kept whole ('gains "{T}: Add {G}."')."""
    out, current, quoted = [], "", False
    for char in effect:
        current += char
        if char == '"':
            quoted = not quoted
        # (a quoted ability ending the sentence: 'tokens with "This token can't block." Creatures ...')
        if (char == "." and not quoted) or (char == '"' and not quoted and current.endswith('."')):
            out.append(current.strip())
            current = ""
    if current.strip():
        out.append(current.strip())
    # "It's still a land." belongs to the sentence before it (205.1b)
    merged: list[str] = []
    for s in out:
        if re.fullmatch(r"(?:(?:It's|He's|She's) still (?:a|an) (?:\w+ )?\w+|They're still \w+)\.", s) and merged:
            merged[-1] = merged[-1] + " " + s
        else:
            merged.append(s)
    return merged


# 608.2c the instructions of a sentence are followed in order: Hire a Crew's "Create a 2/1 ... token with menace,
# then creatures you control get +1/+0 until end of turn" is two instructions, each read on its own. A sentence
# with a condition or a trigger word stays whole (its condition may reach past the "then").
THEN = lazy_pattern(r",? then (?=[a-z])")
GATED = lazy_pattern(r"\b(?:if|unless|instead|when|whenever|otherwise)\b", re.IGNORECASE)


def then_parts(sentence: str) -> list[str]:
    """A sentence's instructions joined by ", then" (outside quotes), each a sentence of its own."""
    bare = re.sub(r'"[^"]*"', lambda m: "_" * len(m.group(0)), sentence)
    if GATED.search(bare):
        return [sentence]
    cuts = [m.span() for m in THEN.finditer(bare)]
    if not cuts:
        return [sentence]
    parts, start = [], 0
    for begin, end in cuts:
        parts.append(sentence[start:begin].strip() + ".")
        start = end
    parts.append(sentence[start:].strip())
    return [p[0].upper() + p[1:] if p else p for p in parts]


def outside_quotes(change, text: str) -> str:
    """`change` applied to the text outside quotes only (a granted ability keeps its own words)."""
    parts = text.split('"')
    return '"'.join(change(part) if i % 2 == 0 else part for i, part in enumerate(parts))


# 111.3: what a token created by the effect has is its "text", its copiable values, as if printed: "Create a
# green Saproling creature token. It has "This token's power and toughness are each equal to ..."" (Saproling
# Burst) defines the token (the case lists it with those values), no continuous effect on it.
TOKEN_TEXT = lazy_pattern(r"(?:It|They|That token|Those tokens|The tokens?|Those creatures|Each of them) (?:each )?"
                          r"(?:has|have|is|are)\b|(?:It|They)'(?:s|re) (?!still\b)|Its power is\b")


def changes_the_layers_after(sentence: str, created: bool) -> bool:
    """A sentence with a continuous effect on objects, `created` telling whether a sentence before it created
    a token (whose own characteristics the sentence may give, 111.3)."""
    return changes_the_layers(sentence) and not (created and TOKEN_TEXT.match(sentence))


def creates_a_token(sentence: str) -> bool:
    """(not a quoted ability that creates one: Kaya the Inexorable's 'It gains "When ..., create ... token."')"""
    return bool(re.search(r"\bcreates?\b[^.]*\btokens?\b", re.sub(r'"[^"]*"', '""', sentence), re.IGNORECASE))


# What a player loses is no object's characteristic (613.1; 106.4 mana in a pool, 122.1 a player's counters):
# Mana Short's "that player loses all unspent mana", Leeches' "Target player loses all poison counters".
PLAYER_LOSSES = lazy_pattern(r"\bloses? all (?:unspent mana|poison counters)\b", re.IGNORECASE)


def changes_the_layers(sentence: str) -> bool:
    """A sentence with a continuous effect on objects. Creating a token is none (111.3: its characteristics
    are the effect's, the case lists the token), unless the token is a copy (707.2: a copy effect)."""
    # (Hire a Crew: "Create a 2/1 ... token with menace, then creatures you control get +1/+0 ...": each part)
    parts = re.split(r",? then |, and (?=(?:those|these|the|that|it|they)\b)", sentence, flags=re.IGNORECASE)
    if len(parts) > 1:
        return any(changes_the_layers(part) for part in parts)
    if creates_a_token(sentence) and not re.search(r"\bcop(?:y|ies)\b", sentence):
        return False
    sentence = PLAYER_LOSSES.sub("", without_conditions(sentence))
    return bool(LAYER_HINTS.search(sentence) or RESOLVED_HINTS.search(sentence)
                or re.search(r"\b(?:gains?|loses?|with) all creature types\b", sentence, re.IGNORECASE)   # 205.3m
                # keyword actions that change an object on the battlefield: amass (701.47a: "it becomes a [subtype]
                # in addition to its other types"), earthbend ("target land ... becomes a 0/0 creature with haste"),
                # suspect (701.60c: menace and "can't block"): stay text. (Manifest and cloak put a card onto the
                # battlefield face down, 701.40, 701.58: the case lists it face down, as a created token, 111.3.)
                or re.search(r"\b(?:amass(?:es)?|earthbends?|suspect(?:s|ed)?)\b",
                             re.sub(r'"[^"]*"', '""', sentence), re.IGNORECASE))


# 115.1, 601.2c: "For each opponent, gain control of target permanent that player controls" (Blatant Thievery, Mass
# Mutiny) says how many targets there are, one per opponent: the targets are the objects the case names (611.2c).
EACH_OPPONENTS_TARGET = lazy_pattern(r"^For each opponent, (?=gain control of (?:up to one )?target [^.\"]*?\bthat player "
                                     r"controls\b)")


def resolved_effect(effect: str, self_only: bool = False) -> tuple[str, list] | None:
    """(whom: "self" or "others", operations) of an effect's text, or None when a layer part of it is not
    read. `self_only`: only effects on the ability's own object (an activated ability's default)."""
    group, ops = None, []
    if re.search(r"\bthe chosen color\b", effect, re.IGNORECASE) and not re.search(r"\bchoose a color\b", effect,
                                                                                  re.IGNORECASE):
        return None        # Floating Shield: the color its Aura chose as it entered (607.2), no choice of this effect
    if re.search(r"\bfrom that colou?r\b", effect, re.IGNORECASE):
        return None        # Mondo Gecko's "hexproof from that color": a keyword whose quality is the choice, not read
    if re.search(r"\bIf\b[^.]*\.[^.]*\bThat player gains control\b", effect):
        return None        # Goblin Festival: "If you lose the flip, choose ... That player gains control" (a condition)
    effect = WOULD_INSTEAD.sub("", effect).strip()
    effect = EACH_OPPONENTS_TARGET.sub("", effect)
    created = False
    stated: dict = {}                         # each condition key the effect states: its words (one `condition`)
    last: list[int] = []                      # the operations of the layer sentence before
    before = None
    for sentence in (part for whole in sentences(effect) for part in then_parts(whole)):
        found_condition = conditional(sentence, before)
        key, held, instead, text = (found_condition[:4] if found_condition else (None, True, False, sentence))
        words = found_condition[4] if found_condition and len(found_condition) > 4 else ""
        if re.search(r"\bwould\b", words):      # 614.1a a replacement effect (Blind Fury's "If a creature would
            if changes_the_layers(text):          # deal combat damage ..., it deals double that damage instead")
                return None
            continue
        if found_condition and re.match(r"choose\b", text, re.IGNORECASE):
            return None                        # Aven Warcraft: "If ..., choose a color." gates what follows
        if re.search(r"\bwith (?:a|an|another) creature\b", words):
            return None                        # Joint Assault: "If it's paired with a creature, that creature also
            # gets +2/+2" ("that creature" is the other one)
        if re.search(r"\binstead\b", re.sub(r'"[^"]*"', '""', text), re.IGNORECASE):
            return None                        # an "instead" not read (Power Plant Worker's is, below)
        if not changes_the_layers_after(text, created):
            created = created or creates_a_token(text)
            if instead:                        # Will of the All-Hunter: "If it's blocking, instead put two +1/+1
                if not last or any(isinstance(ops[i], dict) and ({"if", "unless"} & set(ops[i])) for i in last):
                    return None                # counters on it" replaces the layer operations before it
                if not stated_once(stated, key, found_condition):
                    return None
                for i in last:
                    ops[i] = {**ops[i], "unless": key} if isinstance(ops[i], dict) else {ops[i]: True, "unless": key}
            last = []
            continue                           # "Draw a card.", "Untap that creature." (no layer effect)
        created = created or creates_a_token(text)
        text = re.sub(r"^(.+?) also (?=(?:gets?|gains?|has|have|loses?) )", r"\1 ", text)   # "that creature also gains"
        # Regent's Authority: "put a +1/+1 counter on it and it gets +1/+1", Harsh Deceiver: "untap this creature and
        # it gets +1/+1" (the counter or the untapping is the case's; 122.1b a keyword counter too)
        first = re.match(r"(?:put (?:a|an|one|two|three|four|five) [^.\"]*?counters? on (?P<on>it|~|that creature|each of "
                         r"those creatures)|(?:un)?tap (?P<tapped>it|~|that creature)) and (?=(?:it|they|~) )", text,
                         re.IGNORECASE)
        if first:
            text = text[first.end():]
            if "~" in (first.group("on"), first.group("tapped")):
                text = re.sub(r"^it ", "~ ", text)      # Harsh Deceiver: "untap ~ and it gets +1/+1" ("it" is ~)
        if found_condition and len(found_condition) > 4 and re.match(r"~ ", found_condition[4]):
            text = re.sub(r"^it (?=(?:becomes?|gets?|gains?|has|loses?) )", "~ ", text)   # Figure of Destiny: "If ~
            # is a Spirit, it becomes a Kithkin Spirit Warrior ..." ("it" is the object the condition names)
        # Blademane Baku: "For each counter removed, this creature gets +2/+0 until end of turn" (608.2h)
        ahead = re.fullmatch(r"for each ([^,\"]+), (.+? gets? (?:an additional )?[+-]\d+/[+-]\d+)(.*?)\.?", text,
                             re.IGNORECASE)
        if ahead:
            text = f"{ahead.group(2)} for each {ahead.group(1)}{ahead.group(3)}"
        found = layer_sentence(text)
        if found is None:
            return None
        who, sentence_ops = found
        if re.fullmatch(BACK, who, re.IGNORECASE):
            if group is None and created and not re.match(r"(?:until end of turn, )?(?:it|they|that token|those tokens|"
                                                          r"the token|that creature|those creatures)"
                                                          r"(?: each)? (?:gains?|gets?) ", text, re.IGNORECASE):
                return None                    # Void Attendant: "Create a ... token. It has ..." (the token's, 111.3)
            if group is None:
                group = who                    # Shallow Grave: "Return ... That creature gains haste" (named)
        elif group is not None and who.casefold() != group.casefold():
            if not (key and instead and last and len(last) == len(ops)):
                return None                    # two groups: one `affects` cannot hold them
            # Everflame Eidolon: "~ gets +1/+0 ... If it's an Aura, enchanted creature gets +1/+0 ... instead": one
            # group or the other is affected, never both (608.2c): the case names it
            group = "others"
        else:
            group = who
        if key is not None:
            if not stated_once(stated, key, found_condition):
                return None                    # two conditions of its own words: one `condition` cannot hold them
            if instead:                        # 608.2c it replaces what the text before it did of the same kind
                kinds = {op_kind(op) for op in sentence_ops}
                replaced = [i for i in last if op_kind(ops[i]) in kinds]
                if not last and not ops:
                    replaced = []              # Crown of Empires: "Tap target creature. Gain control of that creature
                    # instead if ...": what it replaces is no layer effect
                elif not replaced or any(isinstance(ops[i], dict) and ({"if", "unless"} & set(ops[i])) for i in replaced):
                    return None
                for i in replaced:
                    ops[i] = {**ops[i], "unless": key} if isinstance(ops[i], dict) else {ops[i]: True, "unless": key}
            word = "if" if held else "unless"
            sentence_ops = [{**op, word: key} if isinstance(op, dict) else {op: True, word: key} for op in sentence_ops]
            before = key
        last = list(range(len(ops), len(ops) + len(sentence_ops)))
        ops.extend(sentence_ops)
    layer_text = " ".join(s for s in sentences(effect) if changes_the_layers(s))
    if len(re.findall(r"\bfor each\b", layer_text)) + bool(re.search(r"\bX\b", without_conditions(layer_text))) > 1:
        return None                            # two numbers worked out on resolution: one `x:` cannot hold them
    if not ops:
        return None
    whom = "self" if re.fullmatch(SELF, group, re.IGNORECASE) else "others"      # ("others": one of two groups)
    return None if self_only and whom != "self" else (whom, ops)


def layer_sentence(sentence: str) -> tuple[str, list] | None:
    """(subject, operations) of one sentence with a layer effect."""
    still = bool(STILL.search(sentence))
    text = STILL.sub("", sentence).rstrip(".")
    # Storm of Souls: "It's a Spirit in addition to its other types" (the objects it returned, named before)
    text = re.sub(r"^(It|it)'s (?!still\b)", r"\1 is ", re.sub(r"^(They|they)'re (?!still\b)", r"\1 are ", text))
    text = outside_quotes(lambda part: DURATION.sub("", part), text).strip()
    if re.search(r"\bX\b", WHERE_X.sub("", text)):
        text = WHERE_X.sub("", text)          # "gets +X/+X, where X is ...": X is the case's (x_numbers)
    # Chimeric Staff's "becomes an X/X Construct", Mirror Entity's "base power and toughness X/X": read as a
    # number written, then made the X (BASE_X never is printed: power and toughness are below 100,000)
    text = re.sub(r"\bX/X\b", BASE_X, text)
    # (Gideon, Champion of Justice: "Gideon becomes ... each equal to the number of loyalty counters on him": Oracle's
    # "him" and "her" after the card's own name are the card, "it")
    if re.match(r"~ ", text):
        text = re.sub(r"\bon (?:him|her)\b", "on it", text)
    # Threaten, Act of Treason: "[Untap target creature and ]gain control of it/target creature"
    # Grab the Reins: "you gain control of target creature and it gains haste"; Insurrection: "Untap all
    # creatures and gain control of them"
    # (Jet's Brainwashing: "gain control of that creature until end of turn, untap it, and it gains haste": the
    # untapping changes no characteristic)
    m = re.fullmatch(r"(?:you )?(?:untap (?P<untapped>.+?) and )?gain control of (?P<who>.+?)"
                     r"(?:(?:, untap (?:it|them),)? and (?:it|they) (?P<more>(?:gains?|gets?|loses?) .+))?", text,
                     re.IGNORECASE)
    if m:
        who = m.group("untapped") if m.group("who") in ("it", "them") and m.group("untapped") else m.group("who")
        more = operations(m.group("more"), RESOLVED_CLAUSES) if m.group("more") else []
        return (who, copy.deepcopy([{"gain_control": "you"}] + more)) if is_subject(who) and more is not None else None
    # 613.1b control given to a player the effect names, the case's choices: {player: NAME}: Humble Defector's
    # "Target opponent gains control of this creature", Donate's "Target player gains control of target permanent
    # you control", Wishclaw Talisman's "An opponent gains control of this artifact" ("Each player gains control
    # of all creatures they own" gives each object its own player: stays text)
    m = re.fullmatch(r"(?:target opponent|target player(?: other than [^,.]+?'s owner)?|an opponent|that player|"
                     r"the player to your right|that (?:permanent|creature)'s controller) gains control of (?P<who>.+)",
                     text, re.IGNORECASE)
    if m:
        return (m.group("who"), [{"gain_control": {"chosen": "player"}}]) if is_subject(m.group("who")) else None
    # 701.47a amass: "If it isn't a [subtype], it becomes a [subtype] in addition to its other types": the Army
    # chosen as it resolved, which the case names (Lazotep Plating's "Amass Zombies 1"); its counters are the case's
    m = re.fullmatch(r"(?:then )?(?:each player )?amass(?:es)? (?P<kind>[A-Z]\w+) (?:\d+|X)(?:, where X is [^\"]+)?",
                     text, re.IGNORECASE)
    if m:
        kind = singular_subtype(m.group("kind"))
        return ("the amassed Army", [{"add_subtypes": [kind]}]) if kind in CREATURE_TYPES else None
    # (Coward: "Target creature can't block this turn and becomes a Coward ...": a blocking restriction, 509.1b, no
    # characteristic)
    text = re.sub(r"^(.+?) can't block this turn and (?=(?:becomes?|gets?|gains?) )", r"\1 ", text)
    # Twisted Image (613.4d); Invert: "Switch the power and toughness of each of up to two target creatures"
    m = re.fullmatch(r"switch (?P<who>.+?)'s power and toughness|switch the power and toughness of (?:each of )?"
                     r"(?P<of>.+)", text, re.IGNORECASE)
    if m and m.group("of"):
        return (m.group("of"), ["switch_pt"]) if is_subject(m.group("of")) else None
    if m:
        return (m.group("who"), ["switch_pt"]) if is_subject(m.group("who")) else None
    for split in VERB.finditer(text):
        who = text[: split.start()]
        if not is_subject(who):
            continue
        predicate = text[split.end():]
        # Turn to Frog: "loses all abilities and becomes a blue Frog with base power and toughness 1/1"
        lose_all = re.match(r"loses? all abilities and ", predicate, re.IGNORECASE)
        if lose_all:
            predicate = predicate[lose_all.end():]
        becomes = re.fullmatch(r"becomes? (?!a copy\b)(?!all colors\b)(?!your choice of\b)(?!the (?:color|creature type|basic land type) of your choice)(.+)", predicate, re.IGNORECASE)
        if becomes:
            # Mishra's Factory: "becomes a 2/2 Assembly-Worker artifact creature. It's still a land." (205.1b);
            # Secret Identity: "becomes a Hero with base power and toughness 3/4 and gains flying and vigilance"
            what, more = becomes.group(1), None
            # (Incite: "becomes red until end of turn and attacks this turn if able", Dimir Keyrune: "... and can't
            # be blocked this turn": a rider that changes no characteristic, RESOLVED_RIDER)
            tail = re.search(r"(?:,? and |, )(?=(?:gains?|gets?|loses?|has|have) |" + RESOLVED_RIDER.pattern + ")", what)
            if tail and '"' not in what[:tail.start()].replace('""', ""):
                what, more = what[:tail.start()], what[tail.end():]
            addition = re.search(r" in addition to (?:its|their) other (?:card |creature )?types$", what)
            if addition:                   # Relic's Roar: "... 4/3 in addition to its other types" (205.1b)
                what, still = what[:addition.start()], True
            colors_too = re.search(r" in addition to (?:its|their) other colors(?: and types)?$", what)
            if colors_too:                 # Indigo Faerie: "becomes blue in addition to its other colors" (105.3)
                what = what[:colors_too.start()]
            colors = re.sub(r"\b(white|blue|black|red|green) and (white|blue|black|red|green)\b", r"\1 \2", what)
            # Mutavault: "a 2/2 creature with all creature types" (205.3m: every creature type, as changeling)
            every_type = re.search(r"(?: with| and|,) all creature types(?=$| in addition)", colors)
            if every_type:
                colors = colors[:every_type.start()] + colors[every_type.end():]
                colors = re.sub(r" with (\w+(?: \w+)?)$", r" with \1", colors)
            ops = description_ops(colors, in_addition=still or bool(colors_too and "types" in colors_too.group(0)),
                                  colors_addition=bool(colors_too))
            if ops is not None and every_type:
                ops = ops + ["add_all_creature_types"]
            if ops is not None and more is not None:
                rest = [] if RESOLVED_RIDER.fullmatch(more) else operations(more, RESOLVED_CLAUSES)
                ops = None if rest is None else ops + rest
        else:
            ops = operations(predicate, RESOLVED_CLAUSES)
        ops = None if ops is None else x_numbers([X_BASE_PT if op == {"set_base_pt": BASE_X} else op for op in ops],
                                                 text.replace(BASE_X, "X/X"))
        if ops is None:
            return None
        return who, copy.deepcopy((["lose_all_abilities"] if lose_all else []) + ops)   # (each X its own value)
    return None


# 608.2h, 611.2d: a number a resolved effect works out once, as it resolves ("+X/+X, where X is ...",
# "+1/+1 for each Elf you control", an X paid in the cost, Karn, the Great Creator's "power and toughness
# each equal to its mana value"), read as `{calculated: X}`: the case gives X with the effect (`x: N`), as
# the tool keeps no game history to work it out. A line needing two such numbers stays text.
X = {"calculated": "X"}
BASE_X = "919191/919191"
X_BASE_PT = {"set_base_pt": {"power": X, "toughness": X}}
WHERE_X = lazy_pattern(r",? where X is [^\"]*$")
FOR_EACH = r"for each (?:(?!\b(?:and|then)\b)[^,\"])+?(?=,? and (?:gains?|gets?|has|have|loses?) |,|$)"


# A resolved effect's words that change no characteristic, joined to one that does (508.1d, 509.1c,
# 120.3): Stormcloud Djinn's "and deals 1 damage to you", Wall of Wonder's "can attack this turn as though it
# didn't have defender", Chemister's Trick's "attacks this turn if able". Read as nothing, kept in the text.
RESOLVED_RIDER = lazy_pattern(r"(?:deals? \d+ damage to you|attacks? this (?:turn|combat) if able|"
                              r"can attack this turn as though (?:it|they) didn't have defender|"
                              r"can't (?:block|be blocked) this turn|"
                              # Act of Heroism, Give No Ground (509.1b-c: blocking restrictions, no characteristic)
                              r"can block (?:an additional creature|any number of creatures) this turn|"
                              # Revenge of the Hunted: "and all creatures able to block it this turn do so" (509.1c)
                              r"all creatures able to block (?:it|that creature) this turn do so)"
                              r"(?=$|,| and )", re.IGNORECASE)


def resolved_rider(text: str):
    m = RESOLVED_RIDER.match(text)
    return ([], text[m.end():]) if m else None


def becomes_clause(text: str):
    """Traitor's Clutch: "gets +1/+0, becomes black, and gains shadow" (a "becomes" after another clause, read
    like "is": 205.1a, 105.3 the new color or type replaces the old ones)."""
    m = re.match(r"becomes? (?!a copy\b)", text, flags=re.IGNORECASE)
    return is_types("is " + text[m.end():]) if m else None


def gains_all_creature_types(text: str):
    """Blades of Velis Vel: "gain all creature types" (205.3m, as changeling: every creature type)."""
    m = re.match(r"gains? all creature types(?=$|,| and )", text, flags=re.IGNORECASE)
    return (["add_all_creature_types"], text[m.end():]) if m else None


def becomes_all_colors(text: str):
    """Scrapbasket: "becomes all colors" (105.1: white, blue, black, red and green; layer 5)."""
    m = re.match(r"becomes? all colors(?=$|,| and )", text, flags=re.IGNORECASE)
    return ([{"set_colors": list(COLORS)}], text[m.end():]) if m else None


def loses_several(text: str):
    """Shadowspear: "lose hexproof and indestructible" (each keyword, 613.1f)."""
    m = re.match(r"loses? (?!all\b)", text, flags=re.IGNORECASE)
    found, rest = keyword_list(text[m.end():]) if m else ([], text)
    return ([{"lose_abilities": found}], rest) if len(found) > 1 and all(isinstance(k, str) for k in found) else None


def signed_x(sign: str, per: int = 1):
    """'+X', '-X', '+2 for each' (twice X: a sum), as a number of the vocabulary (107.1b: minus)."""
    value = dict(X)
    for _ in range(per - 1):                  # a sum holds two numbers: "+3 for each" is X + (X + X)
        value = {"sum": [dict(X), value]}
    return value if sign == "+" else {"minus": value}


def gets_x(text: str):
    """Giant Growth-like pumps with a worked-out number: Aspect of Hydra's 'gets +X/+X' (where X is ...),
    Belbe's Armor's '-X/+X' (X paid), Fists of Flame's 'gets +1/+0 for each card you've drawn this turn'."""
    m = re.match(r"gets? (?:an additional )?([+-])(X|\d+)/([+-])(X|\d+)(?: (" + FOR_EACH + r"))?(?=$|,| and )", text,
                 flags=re.IGNORECASE)
    if not m or (m.group(5) is None) == ("X" not in (m.group(2), m.group(4))):
        return None                            # a number written as such (predicates.gets_pt), or X and "for each"
    values = []
    for sign, amount in ((m.group(1), m.group(2)), (m.group(3), m.group(4))):
        if amount == "X":
            values.append(signed_x(sign))
        elif m.group(5) is None or amount == "0":
            values.append(int(sign + amount) if amount != "0" else 0)
        elif 1 <= int(amount) <= 5:
            values.append(signed_x(sign, int(amount)))
        else:
            return None
    return [{"modify_pt": {"power": values[0], "toughness": values[1]}}], text[m.end():]


def pt_change(written: str):
    """"+1/-1" as written, "+X/-X" with each X the worked-out number (signed_x)."""
    if "X" not in written:
        return written
    power, toughness = written.split("/")
    return {"power": signed_x(power[0]) if power[1:] == "X" else int(power),
            "toughness": signed_x(toughness[0]) if toughness[1:] == "X" else int(toughness)}


def gets_one_or_the_other(text: str):
    """608.2d a choice between two pumps made as it resolves: Endling's "gets +1/-1 or -1/+1", Urborg's "loses
    first strike or swampwalk": the first `if: first_chosen`, the second `unless: first_chosen` (the case's
    `conditions: {first_chosen: true}` says which was chosen)."""
    m = re.match(r"gets? ([+-](?:\d+|X)/[+-](?:\d+|X)) or ([+-](?:\d+|X)/[+-](?:\d+|X))(?=$|,| and )", text,
                 flags=re.IGNORECASE)
    if m:                                  # (Liliana of the Dark Realms: "+X/+X or -X/-X, where X is ...": the case's x)
        pts = [pt_change(m.group(1)), pt_change(m.group(2))]
        return [{"modify_pt": pts[0], "if": "first_chosen"}, {"modify_pt": pts[1], "unless": "first_chosen"}], \
            text[m.end():]
    m = re.match(r"loses? ([a-z]+(?: strike)?) or ([a-z]+(?: strike)?)(?=$|,| and )", text)
    if not m:
        return None
    found = [keyword_list(m.group(i)) for i in (1, 2)]
    if any(len(keywords) != 1 or rest or not isinstance(keywords[0], str) for keywords, rest in found):
        return None
    return [{"lose_abilities": found[0][0], "if": "first_chosen"},
            {"lose_abilities": found[1][0], "unless": "first_chosen"}], text[m.end():]


RESOLVED_CLAUSES = (your_choice_of, gets_one_or_the_other, gets_x, resolved_rider, becomes_all_colors, becomes_chosen, gains_protection_from_chosen, becomes_clause, gains_all_creature_types,
                    loses_all_creature_types, loses_several)


def worked_out(op, found: list):
    """`op` with each number it counts continuously (a static ability's count, its mana value) made
    the X worked out as it resolves (608.2h); `found` collects what was replaced."""
    def number(value):
        if isinstance(value, int) or (isinstance(value, str) and value.lstrip("+-").isdigit()) or value == X:
            return value
        if isinstance(value, dict) and set(value) <= {"sum", "minus"}:
            return {k: ([number(v) for v in part] if isinstance(part, list) else number(part)) for k, part in value.items()}
        found.append(value)
        return X
    if isinstance(op, dict) and set(op) <= {"modify_pt", "set_base_pt"} and isinstance(next(iter(op.values())), dict):
        (key, pt), = op.items()
        return {key: {side: number(value) for side, value in pt.items()}}
    return op


def x_numbers(ops: list, text: str) -> list | None:
    """`ops` with their worked-out numbers as X, or None when they would need two different ones."""
    found: list = []
    ops = [worked_out(op, found) for op in ops]
    sources = len(re.findall(r"\bfor each\b", text)) + bool(re.search(r"\bX\b", text))
    if found and any(f != found[0] for f in found) or sources > 1 or (found and re.search(r"\bX\b", text)):
        return None
    return ops


# 707.2, 111.1: "Create a token that's a copy of target creature[, except ...]" (Kiki-Jiki, Mirror Breaker's
# "except it has haste and "At the beginning of the end step, sacrifice this token.""): the copy effect is the
# token's (a case object `{token: true, copy_of: ID, created_by: ID}`), the exceptions the ability's
# `creates_token_copy`. Only a copy of one object named by a target, "it" or the source is read (Relm's Sketching's
# "target artifact, creature, or land": one target of one of three types, 115.1).
TOKEN_COPY = lazy_pattern(r"(?:then )?(?:(?:you|target player) )?(?:create|(?<=player )creates) (?:a|one|two|three|four|five|X|that many) (?:tapped )?(?:and attacking )?"
                          r"tokens? that(?:'s| are) (?:each )?(?:a )?cop(?:y|ies) of (?P<of>[^,.\"]+?|target \w+(?:, \w+)+,? or \w+)"
                          r"(?:,? except (?P<except>.+?))?\.?",
                          re.IGNORECASE)
# (Shuri, Wakandan Inventor: "a copy of a second target artifact you control", one more target, 115.1)
# (Tamiyo, Compleated Sage: "a copy of that card"; Osgir, the Reconstructor: "copies of the exiled card")
CARD_COPIED = lazy_pattern(r"that card|the exiled card", re.IGNORECASE)
COPIED = lazy_pattern(rf"(?:{SELF}|{BACK}|(?:a second )?{TARGET}|(?:equipped|enchanted) creature)", re.IGNORECASE)


def token_copy(effect: str, printed: str) -> dict | None:
    """{"creates_token_copy": {...}} when the effect's only layer sentence creates token copies (its other
    sentences change nothing: "Draw a card."), else None."""
    layered = [s for s in sentences(effect) if changes_the_layers(s)]
    if len(layered) != 1:
        return None
    m = TOKEN_COPY.fullmatch(layered[0])
    # (a copy of a card in a graveyard or in exile, Nahiri, the Unforgiving's "copy of it": the case's copy_of names
    # that card, 707.2; "for each": several copies of several objects)
    if not m or not (COPIED.fullmatch(m.group("of")) or CARD_COPIED.fullmatch(m.group("of"))) \
            or re.search(r"\bfor each\b", effect, re.IGNORECASE):
        return None
    if m.group("except") is None:
        return {"creates_token_copy": {}}
    exceptions = copy_exceptions(m.group("except"), re.findall(r'["“]([^"”]+)["”]', printed))
    return None if exceptions is None else {"creates_token_copy": {"except": exceptions}}


# 707.2, 613.2a: Cytoshape's "Target creature becomes a copy of that creature until end of turn", Mirrorweave's
# "Each other creature becomes a copy of target nonlegendary creature until end of turn": the objects are the
# case's (`effects: - {spell: NAME, affects: [...], becomes_copy_of: ID}`), the exceptions the card's.
# (Shapesharer: "... until your next turn", 611.2a: the case lists the effects that exist)
BECOMES_COPY = lazy_pattern(r"(?:until end of turn, )?(?P<who>.+?) (?:each )?becomes? (?:a )?cop(?:y|ies) of (?P<of>[^,.\"]+?)"
                            r"(?: until (?:end of turn|your next turn))?(?:,? except (?P<except>.+?))?\.?", re.IGNORECASE)


def becomes_copy(effect: str, printed: str) -> dict | None:
    """{"becomes_copy": {...}} when the effect's only layer sentence makes objects become copies, else None."""
    layered = [s for s in sentences(effect) if changes_the_layers(s)]
    if len(layered) != 1:
        return None
    m = BECOMES_COPY.fullmatch(layered[0])
    who = m and re.sub(r"^(?:any number of|each other|each|all other|all) ", "", m.group("who"), flags=re.IGNORECASE)
    # (March from Velis Vel: "... a copy of target creature you control until end of turn and gains haste": a
    # second effect after the copied object's words stays text, never dropped)
    if m and re.search(r"\b(?:and|gains?|gets?|has|have|loses?|until)\b", m.group("of"), re.IGNORECASE):
        return None
    if not m or not is_subject(who) or not COPIED.fullmatch(m.group("of")) and not re.fullmatch(
            r"(?:that|the chosen) (?:creature|artifact|permanent)", m.group("of"), re.IGNORECASE):
        return None
    if m.group("except") is None:
        return {"becomes_copy": {}}
    exceptions = copy_exceptions(m.group("except"), re.findall(r'["“]([^"”]+)["”]', printed))
    return None if exceptions is None else {"becomes_copy": {"except": exceptions}}


# (Nissa, Who Shakes the World: '... emblem with "Lands you control have indestructible." Search your library ...':
# what the line does after it is read with the line, in __init__.py)
# (Garruk, Apex Predator: "Target opponent gets an emblem with ...": 114.2 that player owns and controls it, the
# case's `emblems: - {from: CARD, controller: PLAYER}`)
EMBLEM = lazy_pattern(r'^(?:.*?: )?(?:[^.]*\. )?(?:You get|Target opponent gets) an emblem with,? (".+")\.?'
                      r'(?= [A-Z][^"]*$|$)')


def emblem_abilities(line: str) -> list | None:
    """114.1: the abilities of the emblem a line creates ("[−4]: You get an emblem with "Creatures you control
    get +1/+1.""), each read like a quoted ability (the case lists the emblem: `emblems: - from: CARD`)."""
    m = EMBLEM.match(line)
    if not m:
        return None
    texts = re.findall(r'"([^"]+)"', m.group(1))
    found = [quoted_ability(text.replace("'", '"') if text.count("'") >= 2 else text) for text in texts]
    # An emblem holds no choice (114.3): "of the chosen type" (Oko, Shadowmoor Scion) stays text, flagged.
    return [{"text": a["text"], "unread": unread_reach(a["text"])} if re.search(r"\bchosen\b", a["text"]) else a
            for a in found] or None
