"""A resolved effect that affects several groups of objects (611.2c): "Target creature gets +3/+3 until end
of turn. Another target creature gets -3/-3 until end of turn." (Rites of Reaping), "Until end of turn,
creatures you control get +1/+1 and creatures your opponents control get -1/-1" (Zealous Persecution).
One `affects` cannot hold two groups, so each group's effect is a part of the spell (`spell: {parts:
...}`), which a case names with `part: N` and its own `affects` (docs/case-format.md). Each part is read
like a one-group effect (resolved.py); anything else stays text.
"""
from __future__ import annotations

import copy
import re

from bridge.cards.oracle.resolved import (BACK, SELF, VERB, changes_the_layers, changes_the_layers_after,
                                          creates_a_token, is_subject, layer_sentence, resolved_effect, sentences)
from bridge.cards.oracle.patterns import lazy_pattern

# Where one sentence joins two clauses, each with its own subject: "... gets +3/+3 and other creatures you
# control get +1/+1", "... gets +3/+3, up to one other target creature gets +2/+2, and ..." (Arm the Cathars).
CLAUSE_JOIN = lazy_pattern(r",? and |, ")
MAY_HAVE = lazy_pattern(r"^(?:then )?you may have (?P<who>it|that creature|that land|~) become ", re.IGNORECASE)
ALSO = lazy_pattern(r" also (?=(?:gets?|gains?|has|have|loses?|becomes?) )")
# Wording whose reading is another part of the reader's (a condition, a count, a choice, a created token):
# a line with it is never read as parts.
PLAYERS = lazy_pattern(r"(?:all |each )?players?|you|each opponent|your opponents", re.IGNORECASE)
NOT_PARTS = lazy_pattern(r"\b(?:instead|if|unless|for each|X|choose|chosen|choice|create|creates|perpetually|"
                         r"whenever|when|next|exchange|copy|copies|emblem|that colou?r)\b", re.IGNORECASE)


def one_clause(text: str) -> list[tuple[str, list]] | None:
    """(subject, operations) of one clause; a subject of two groups joined by "and" (Razorgrass Invoker's "This
    creature and up to one other target creature each get +3/+3") is two clauses when one is the source itself
    (whom differs), else one group (Rise of the Hobgoblins' "Red creatures and white creatures you control")."""
    found = layer_sentence(text)
    if found is not None:
        return [found]
    if EACH_OTHERS.fullmatch(text):
        return [("what the opponent controlled", [{"gain_control": "you"}]),
                ("what you controlled", [{"gain_control": {"chosen": "player"}}])]
    # (Nissa of Shadowed Boughs: "You may have it become a 3/3 Elemental creature ...": the case lists the effect
    # when the player chose it)
    may = MAY_HAVE.sub(r"\g<who> becomes ", text, count=1)
    if may != text:
        return one_clause(may)
    also = ALSO.sub(" ", text, count=1)       # Sanctified Charge: "White creatures you control also gain first strike"
    if also != text:
        return one_clause(also)
    for split in VERB.finditer(text):
        who = re.sub(r" each$", "", text[:split.start()])
        halves = who.split(" and ", 1)
        # (Stronghold Overseer: "Creatures with shadow get +1/+0 ... and creatures without shadow get -1/-0": a
        # half holding a verb is a clause of its own, never a subject: clauses() splits it)
        if len(halves) != 2 or any(VERB.search(f" {half} ") or not is_subject(half) for half in halves):
            continue
        found = layer_sentence("they" + text[split.start():])
        if found is None:
            return None
        if any(re.fullmatch(SELF, half, re.IGNORECASE) for half in halves):
            return [(half, copy.deepcopy(found[1])) for half in halves]
        return [(who, found[1])]
    return None


def clauses(sentence: str) -> list[tuple[str, list]] | None:
    """(subject, operations) of each clause of one sentence with a layer effect: the sentence read whole, or
    split where each side reads with a subject of its own."""
    whole = one_clause(sentence)
    if whole is not None:
        return whole
    duration = re.match(r"until end of turn, ", sentence, re.IGNORECASE)
    body = sentence[duration.end():] if duration else sentence
    for join in CLAUSE_JOIN.finditer(body):
        left = one_clause(body[:join.start()])
        if left is None:
            continue
        rest = clauses(body[join.end():])
        if rest is not None and not re.fullmatch(BACK, rest[0][0], re.IGNORECASE):
            return left + rest
    return None


# 701.12b: "Exchange control of two target creatures" (Switcheroo), "... of target artifact or creature you control
# and target creature an opponent controls" (Oko, Thief of Crowns), "... of this artifact and target nonland
# permanent" (Avarice Totem): each object's control is given to the player who controlled the other, two
# control-changing effects (613.1b): part 1 the first object (or each first of two targets), part 2 the other,
# each `gain_control: {chosen: player}` with the case's `choices: {player: NAME}`. (A spell's control, 701.12b,
# is no permanent's: "target noncreature spell" stays text.)
EXCHANGE = lazy_pattern(r"exchange control of (?:two target (?:[^.\"]+?)|(?P<first>(?:target|this|~)[^.\"]*?) and "
                        r"(?:another )?target (?:[^.\"]+?))\.?", re.IGNORECASE)


# Twist Allegiance: "You and target opponent each gain control of all creatures the other controls until end of
# turn." (613.1b): part 1 what the opponent controlled (to you), part 2 what you controlled (to the opponent, the
# case's `choices: {player: NAME}`)
EACH_OTHERS = lazy_pattern(r"you and (?:target|that) opponent each gain control of all (?:creatures|permanents) the "
                           r"other controls(?: until end of turn)?\.?", re.IGNORECASE)


def exchange_parts(effect: str) -> list[tuple[str, list]] | None:
    """The two parts of an exchange of control (701.12b), when it is the effect's only layer sentence."""
    layered = [s for s in sentences(effect) if changes_the_layers(s) or re.search(r"\bexchange\b", s, re.IGNORECASE)]
    if len(layered) != 1 or re.search(r"\bspells?\b", effect, re.IGNORECASE):
        return None
    m = EXCHANGE.fullmatch(layered[0])
    if m is None:
        return None
    first = "self" if m.group("first") and re.fullmatch(SELF, m.group("first"), re.IGNORECASE) else "others"
    return [(first, [{"gain_control": {"chosen": "player"}}]), ("others", [{"gain_control": {"chosen": "player"}}])]


def resolved_parts(effect: str) -> list[tuple[str, list]] | None:
    """[(whom: "self" or "others", operations), ...], one per group the effect affects, in printed order,
    when it has two groups or more and every layer sentence reads; else None."""
    groups = resolved_groups(effect)
    return groups if groups and len(groups) > 1 else None


def one_group(effect: str) -> tuple[str, list] | None:
    """(whom, operations) of an effect on one group that only this module reads (a subject joined by "and",
    "also"), like resolved.resolved_effect's."""
    groups = resolved_groups(effect)
    return groups[0] if groups and len(groups) == 1 else None


def resolved_groups(effect: str) -> list[tuple[str, list]] | None:
    """[(whom, operations), ...] per group, when every layer sentence reads and resolved.py does not read
    it whole. "It" / "that creature" / "those creatures" name the group before them, which must be the
    only one so far."""
    exchange = exchange_parts(effect)
    if exchange is not None:
        return exchange
    # ("instead" even in a granted ability: resolved.resolved_effect's own refusal, Martyrdom)
    if NOT_PARTS.search(re.sub(r'"[^"]*"', '""', effect)) or re.search(r"\binstead\b", effect, re.IGNORECASE) \
            or resolved_effect(effect) is not None:
        return None
    pieces: list[tuple[str, list]] = []
    created = False
    for sentence in sentences(effect):
        if not changes_the_layers_after(sentence, created):
            created = created or creates_a_token(sentence)
            continue
        found = clauses(sentence)
        if found is None:
            return None
        pieces.extend(found)
    parts: list[tuple[str, list]] = []
    for who, ops in pieces:
        if PLAYERS.fullmatch(who):
            return None                        # Everybody Lives!' "Players gain hexproof": no object (613.10)
        if re.fullmatch(BACK, who, re.IGNORECASE):
            if len(parts) > 1 and re.fullmatch(r"those (?:creatures|permanents)", who, re.IGNORECASE):
                for part in parts:             # Arm the Cathars' "Those creatures": every group before
                    part[1].extend(copy.deepcopy(ops))
                continue
            if len(parts) > 1:
                return None                    # "it" after several groups: which of them?
            if not parts:                      # (Nissa of Shadowed Boughs: "Untap target land ... it")
                parts.append((who, list(ops)))
                continue
            parts[-1][1].extend(ops)
        # (the same words name the same group, except a target: each "target" is one more, 115.1 - Arm the
        # Cathars' two "up to one other target creature")
        elif parts and who.casefold() == parts[-1][0].casefold() and not re.search(r"\btarget\b", who, re.IGNORECASE):
            parts[-1][1].extend(ops)
        else:
            parts.append((who, list(ops)))
    if not parts:
        return None
    return [("self" if re.fullmatch(SELF, who, re.IGNORECASE) else "others", ops) for who, ops in parts]
