"""What a spell or an activated ability does once it resolves, when that is a continuous effect
(611.2: it changes characteristics or control for a while), read into the vocabulary's operations:
an instant's or sorcery's `spell: {does: ...}`, an activated (or loyalty, 606) ability's `activated:
{does: ...}`. Which objects it affects is the case's (`effects: - {spell: NAME, affects: [...]}`), set
when it resolved (611.2c); so every sentence with a layer effect must affect the same group ("it" and
"that creature" name the group before), and sentences without one ("Draw a card.") are left to the
rest of the game. Anything else stays text. Each template names the card it was written from.
"""
from __future__ import annotations

import re

from bridge.cards.oracle.patterns import lazy_pattern
from bridge.cards.oracle.predicates import description_ops, operations
from bridge.cards.oracle.quoted import quoted_ability
from bridge.cards.oracle.reach import LAYER_HINTS, RESOLVED_HINTS, unread_reach

# The group a resolved effect affects: a target, the source, or every creature of a kind (611.2c).
TARGET = (r"(?:up to (?:one|two|three|X) |any number of |one or two |two |three )?(?:another )?(?:other )?"
          r"target [\w ,'-]*?(?: each)?")
GROUP = (r"(?:all |each )?(?:other )?(?:[\w-]+ ){0,2}(?:creatures?|permanents?|lands?|artifacts?|[A-Z][a-z]+s)"
         r"(?: you control| you don't control| your opponents control| an opponent controls"
         r"| target (?:player|opponent) controls)?")
SELF = r"~|this creature|this land|this artifact|this permanent|this Vehicle"
BACK = r"it|that creature|that permanent|that land|they|they each|those creatures|those permanents"
SUBJECT = lazy_pattern(rf"(?P<who>{SELF}|{BACK}|{TARGET}|{GROUP})", re.IGNORECASE)
DURATION = lazy_pattern(r",? until (?:end of turn|your next turn)|^until (?:end of turn|your next turn), ", re.IGNORECASE)
STILL = lazy_pattern(r"(?:(?<=[.\"]) (?:It's still (?:a|an) \w+|They're still \w+)| that's still (?:a|an) \w+"
                     r"| that are still \w+)\.?$")
VERB = lazy_pattern(r" (?=(?:gets?|gains?|has|have|loses?|becomes?|is|are) )")


def sentences(effect: str) -> list[str]:
    """The effect's sentences, a quoted ability kept whole ('gains "{T}: Add {G}."')."""
    out, current, quoted = [], "", False
    for char in effect:
        current += char
        if char == '"':
            quoted = not quoted
        if char == "." and not quoted:
            out.append(current.strip())
            current = ""
    if current.strip():
        out.append(current.strip())
    # "It's still a land." belongs to the sentence before it (205.1b)
    merged: list[str] = []
    for s in out:
        if re.fullmatch(r"(?:It's still (?:a|an) \w+|They're still \w+)\.", s) and merged:
            merged[-1] = merged[-1] + " " + s
        else:
            merged.append(s)
    return merged


def outside_quotes(change, text: str) -> str:
    """`change` applied to the text outside quotes only (a granted ability keeps its own words)."""
    parts = text.split('"')
    return '"'.join(change(part) if i % 2 == 0 else part for i, part in enumerate(parts))


def changes_the_layers(sentence: str) -> bool:
    """A sentence with a continuous effect on objects. Creating a token is none (111.3: its characteristics
    are the effect's, the case lists the token), unless the token is a copy (707.2: a copy effect)."""
    if re.search(r"\bcreates?\b[^.]*\btokens?\b", sentence, re.IGNORECASE) and not re.search(r"\bcop(?:y|ies)\b", sentence):
        return False
    return bool(LAYER_HINTS.search(sentence) or RESOLVED_HINTS.search(sentence))


def resolved_effect(effect: str, self_only: bool = False) -> tuple[str, list] | None:
    """(whom: "self" or "others", operations) of an effect's text, or None when a layer part of it is not
    read. `self_only`: only effects on the ability's own object (an activated ability's default)."""
    group, ops = None, []
    if re.search(r"\binstead\b", effect, re.IGNORECASE):
        return None        # Power Plant Worker: "If ..., put two +1/+1 counters on it instead" (no effect then)
    created = False
    for sentence in sentences(effect):
        created = created or bool(re.search(r"\bcreates?\b[^.]*\btokens?\b", sentence, re.IGNORECASE))
        if not changes_the_layers(sentence):
            continue                           # "Draw a card.", "Untap that creature." (no layer effect)
        found = layer_sentence(sentence)
        if found is None:
            return None
        who, sentence_ops = found
        if re.fullmatch(BACK, who, re.IGNORECASE):
            if group is None and created:
                return None                    # Void Attendant: "Create a ... token. It has ..." (the token's, 111.3)
            if group is None:
                group = who                    # Shallow Grave: "Return ... That creature gains haste" (named)
        elif group is not None and who.casefold() != group.casefold():
            return None                        # two groups: one `affects` cannot hold them
        else:
            group = who
        ops.extend(sentence_ops)
    if not ops:
        return None
    whom = "self" if re.fullmatch(SELF, group, re.IGNORECASE) else "others"
    return None if self_only and whom != "self" else (whom, ops)


def layer_sentence(sentence: str) -> tuple[str, list] | None:
    """(subject, operations) of one sentence with a layer effect."""
    still = bool(STILL.search(sentence))
    text = STILL.sub("", sentence).rstrip(".")
    text = outside_quotes(lambda part: DURATION.sub("", part), text).strip()
    # Threaten, Act of Treason: "[Untap target creature and ]gain control of it/target creature"
    m = re.fullmatch(r"(?:untap (?P<untapped>.+?) and )?gain control of (?P<who>.+?)", text, re.IGNORECASE)
    if m:
        who = m.group("untapped") if m.group("who") == "it" and m.group("untapped") else m.group("who")
        return (who, [{"gain_control": "you"}]) if SUBJECT.fullmatch(who) else None
    m = re.fullmatch(r"switch (?P<who>.+?)'s power and toughness", text, re.IGNORECASE)
    if m:                                      # Twisted Image (613.4d)
        return (m.group("who"), ["switch_pt"]) if SUBJECT.fullmatch(m.group("who")) else None
    for split in VERB.finditer(text):
        who = text[: split.start()]
        if not SUBJECT.fullmatch(who):
            continue
        predicate = text[split.end():]
        # Turn to Frog: "loses all abilities and becomes a blue Frog with base power and toughness 1/1"
        lose_all = re.match(r"loses? all abilities and ", predicate, re.IGNORECASE)
        if lose_all:
            predicate = predicate[lose_all.end():]
        becomes = re.fullmatch(r"becomes? (?!a copy\b)(.+)", predicate, re.IGNORECASE)
        if becomes:
            # Mishra's Factory: "becomes a 2/2 Assembly-Worker artifact creature. It's still a land." (205.1b);
            # Secret Identity: "becomes a Hero with base power and toughness 3/4 and gains flying and vigilance"
            what, more = becomes.group(1), None
            tail = re.search(r",? and (?=(?:gains?|gets?|loses?|has) )", what)
            if tail and '"' not in what[:tail.start()].replace('""', ""):
                what, more = what[:tail.start()], what[tail.end():]
            addition = re.search(r" in addition to its other (?:card )?types$", what)
            if addition:                   # Relic's Roar: "... 4/3 in addition to its other types" (205.1b)
                what, still = what[:addition.start()], True
            colors = re.sub(r"\b(white|blue|black|red|green) and (white|blue|black|red|green)\b", r"\1 \2", what)
            ops = description_ops(colors, in_addition=still, colors_addition=False)
            if ops is not None and more is not None:
                rest = operations(more)
                ops = None if rest is None else ops + rest
        else:
            ops = operations(predicate)
        if ops is None or not all(fixed_numbers(op) for op in ops):
            return None
        return who, (["lose_all_abilities"] if lose_all else []) + ops
    return None


def fixed_numbers(op) -> bool:
    """608.2h: a number in a resolved effect is worked out once, as it resolves; the reader cannot know
    it ("+1/+1 for each Elf you control", Karn, the Great Creator's "power and toughness each equal to its
    mana value" leave the line text: the case gives `{calculated: N}`). Only numbers written as such
    ("+2/+2", "1/1") are read."""
    return not (isinstance(op, dict) and any(isinstance(value, dict) for value in op.values()))


EMBLEM = lazy_pattern(r'^(?:.*?: )?(?:[^.]*\. )?You get an emblem with (".+")\.?$')


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
