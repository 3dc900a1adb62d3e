"""Noun phrases naming what a static ability affects or counts, read into a selector (the
vocabulary's `affects`: self, enchanted, equipped, or {all, not, controller, other, any}).

    subject     := '~' | ('enchanted' | 'equipped') NOUN | group ('and' group)*
    group       := ['all' | 'each'] ['other'] word* noun [controller]
    word        := color | 'non'color | 'non-'type | 'non'type | supertype | card type | subtype
    controller  := 'you control' | 'your opponents control' | 'an opponent controls'
"""
from __future__ import annotations

import re

from bridge.cards.oracle.counter_kinds import counter_kind_known
from bridge.cards.oracle.keywords import keyword
from bridge.cards.oracle.patterns import lazy_pattern
from bridge.cards.oracle.words import COLORS, card_type, singular_subtype

CONTROLLERS = {"you control": "you", "your opponents control": "opponent", "an opponent controls": "opponent",
               "you don't control": "opponent",
               "enchanted player controls": "enchanted_player",   # 303.4 a Curse: the player it enchants
               "the chosen player controls": "chosen_player",     # 607.2 Pallimud: the player chosen as it entered
               # 102.4 "your team" is "you" in a game that isn't a multiplayer game between teams: a case has no
               # teams (Khorvath Brightflame: "Knights your team controls")
               "your team controls": "you"}
# 112.1 Spells: objects on the stack ("you control": 110.2 its controller; "you cast": 601.2a the player who cast
# it, `cast_by: you`, which a spell's controller may not be).
SPELLS = lazy_pattern(r"(?:(\w+(?: \w+)?(?:(?:,? and |, )\w+)*) )?[Ss]pells(?: (you control|your opponents control|you cast))?"
                      r"(?: with mana value (\d+) or (greater|less))?")
PERMANENT_SPELL_TYPES = ["artifact", "battle", "creature", "enchantment", "planeswalker"]
# Dune Chanter's "land cards you own that aren't on the battlefield": every zone a card is in but the battlefield
# (400.1; the command zone holds no land card in a case); a land card is never on the stack (305.1, 305.9: it is
# played, not cast). (Creature cards, Teferi's, stay text: whether a card on the stack is one is left to a person.)
LAND_CARDS_ELSEWHERE = "land cards you own that aren't on the battlefield"
# "Spells you control" with no kind: the controller alone ("Spells you cast": cast_by, below).
CONTROLLED_SPELLS = {"you control": {"controller": "you"}, "your opponents control": {"controller": "opponent"}}
# Words that name several kinds at once: 700.12 "outlaws" (Hellspur Posse Boss: "Other outlaws you control"),
# 700.6 "historic" (Bayek of Siwa: "other historic creatures you control").
BATCH = lazy_pattern(r"\b(outlaws?|historic)\b", re.IGNORECASE)
BATCHES = {"outlaw": ["Assassin", "Mercenary", "Pirate", "Rogue", "Warlock"],
           "outlaws": ["Assassins", "Mercenaries", "Pirates", "Rogues", "Warlocks"],
           "historic": ["artifact", "legendary", "Saga"]}
# 108.3 whose card it is, after the noun (ownership, not control).
OWNERS = lazy_pattern(r" (you own|you control but don't own)$", re.IGNORECASE)
OWNED = {"you own": {"owner": "you"}, "you control but don't own": {"controller": "you", "owner": "opponent"}}
# Nouns that name every permanent (the word list's 'permanent').
PERMANENT_NOUNS = ("permanents", "permanent")


# 400.1: every zone — Mycosynth Lattice, Painter's Servant.
EVERYWHERE = "all cards that aren't on the battlefield, spells, and permanents"
GRAVEYARD = lazy_pattern(r" in (your|all|an opponent's)? ?graveyards?$")
# 301.5, 303.4 Halvar, God of Battle: '... that are enchanted or equipped'.
# 506.4c the player attacking creatures attack: Boarded Window's "Creatures attacking you", Blast-Furnace Hellkite's
# "... attacking your opponents", Oviya's "Each creature that's attacking one of your opponents", Curse of Hospitality's
# "... attacking enchanted player"
ATTACKING = lazy_pattern(r"(.+?)(?: that's| that are)? attacking (you|your opponents|one of your opponents|enchanted player)")
ATTACKED = {"you": "you", "your opponents": "opponent", "one of your opponents": "opponent",
            "enchanted player": "enchanted_player"}
THAT_ARE = lazy_pattern(r" that are (enchanted|equipped)(?: or (enchanted|equipped))?$", re.IGNORECASE)


def subject(phrase: str) -> dict | str | None:
    """The selector a subject phrase names, or None when the phrase isn't one the reader knows."""
    phrase = " ".join(phrase.strip().split())
    lower = phrase.lower()
    if phrase == "~":
        return "self"
    if lower == EVERYWHERE:
        return {"zone": "all"}
    batch = BATCH.search(phrase)
    if batch:                       # 700.12 outlaws, 700.6 historic: each kind the word stands for
        kinds = [group(phrase[: batch.start()] + kind + phrase[batch.end():]) for kind in BATCHES[batch.group(1).lower()]]
        return None if any(k is None or "any" in k for k in kinds) else {"any": kinds}
    spells = SPELLS.fullmatch(phrase)
    if spells:                      # Soulfire Grand Master: "Instant and sorcery spells you control" (the stack)
        kinds = re.split(r",? and |, ", spells.group(1)) if spells.group(1) else []
        cast = spells.group(2) == "you cast"
        owner = f" {spells.group(2)}" if spells.group(2) and not cast else ""
        if "permanent" in (k.lower() for k in kinds):     # 110.4b "permanent spell": an artifact, battle, creature,
            if len(kinds) > 1:                              # enchantment or planeswalker spell
                return None
            kinds = PERMANENT_SPELL_TYPES
        found = [group(f"{k}{owner}") for k in kinds] or [CONTROLLED_SPELLS.get(spells.group(2) or "", {})]
        if len(kinds) > 1 and any(len(k.split()) > 1 for k in kinds):
            return None             # "Red instant and sorcery spells": whose adjective, English says not (Maraxus)
        if any(f is None or set(f) - {"all", "not", "controller"} for f in found):
            return None
        if spells.group(3):         # 202.3 Imoti: "Spells you cast with mana value 6 or greater"
            bound = {"mana_value": {"at_least" if spells.group(4) == "greater" else "at_most": int(spells.group(3))}}
            found = [{**f, **bound} for f in found]
        found = [{**f, **({"cast_by": "you"} if cast else {}), "zone": "stack"} for f in found]
        return found[0] if len(found) == 1 else {"any": found}
    if lower == "your commander":   # 903.3 the card designated as your deck's commander (you own it)
        return {"all": ["commander"], "owner": "you"}
    zone = GRAVEYARD.search(phrase)
    if zone:                        # Yixlid Jailer: 'Cards in graveyards'; 'creature cards in your graveyard'
        kinds = {} if re.fullmatch(r"(?:all )?cards", phrase[: zone.start()], re.IGNORECASE) \
            else group(re.sub(r"\bcards?\b", "", phrase[: zone.start()]).strip())
        owner = {"your": {"owner": "you"}, "an opponent's": {"owner": "opponent"}}.get(zone.group(1) or "", {})
        several = re.fullmatch(r"(\w+(?:(?:,? and |, )\w+)+) cards", phrase[: zone.start()])
        if several:                 # Wrenn and Six's emblem: "Instant and sorcery cards in your graveyard": each
            # card of one of the card types (like "instant and sorcery spells" above); colors stay text
            words = re.split(r",? and |, ", several.group(1))
            # (Deeproot Historian: "Merfolk and Druid cards in your graveyard": each card of one of the subtypes)
            if not all(card_type(w) or singular_subtype(w) for w in words):
                return None
            found = [group(w) for w in words]
            return {"any": [{**f, **owner, "zone": "graveyard"} for f in found]}
        # 110.4a a "permanent card" is one of the permanent card types; the word `permanent` names
        # permanents only, so a card's "permanent" stays text (Six: "nonland permanent cards in your graveyard")
        if kinds is None or "controller" in kinds or "permanent" in kinds.get("all", []):
            return None
        return {**kinds, **owner, "zone": "graveyard"}
    match = re.fullmatch(r"(enchanted|equipped|fortified) (creature|permanent|artifact|land|enchantment|planeswalker|"
                         r"equipment)", lower)
    if match:
        return "attached" if match.group(1) == "fortified" else match.group(1)
    attacking = ATTACKING.fullmatch(phrase)
    if attacking:
        base = group(attacking.group(1))
        if base is None or set(base) - {"all", "not"} or "attacking" in base.get("all", []):
            return None
        return {**base, "all": base.get("all", []) + ["attacking"], "attacking": ATTACKED[attacking.group(2)]}
    either = re.fullmatch(r"(.+?) that(?:'s| are) ((?:an? )?[\w-]+(?:, (?:an? )?[\w-]+)*,? (?:and/)?or (?:an? )?[\w-]+)",
                          phrase)
    if either:                      # Howlpack Resurgence: "Each creature you control that's a Wolf or a Werewolf";
        base = group(either.group(1))                 # The Mycotyrant: "creatures ... that are Fungi and/or Saprolings"
        kinds = [word_of_group(re.sub(r"^an? ", "", k)) for k in re.split(r",? (?:and/)?or |, ", either.group(2))]
        if base is None or "any" in base or any(k is None or not k[0] for k in kinds):
            return None
        return {"any": [{**base, "all": base.get("all", []) + [k[1]]} for k in kinds]}
    attached = THAT_ARE.search(phrase)
    if attached:                    # Fencer's Magemark: 'Creatures you control that are enchanted'
        base = group(phrase[: attached.start()])
        if base is None or "any" in base:
            return None
        kinds = [k for k in attached.groups() if k]
        with_kind = [{**base, "all": base.get("all", []) + [kind]} for kind in kinds]
        return with_kind[0] if len(with_kind) == 1 else {"any": with_kind}
    # "artifacts and/or enchantments you control" (Nettlecyst): each object that is either, counted once
    phrase = re.sub(r",? and/or ", ", and " if ", " in phrase else " and ", phrase)
    phrase = re.sub(r"\b(non-?[\w-]+), (?=non)", r"\1 ", phrase)      # (group: "noncreature, nonland")
    # a list: "Other Demons, Devils, Imps, and Tieflings you control" (Tiefling Outcasts)
    groups = re.split(r",? and (?:all |each )?(?=\S)" + ("|, " if ", and " in phrase else ""), phrase) \
        if " and " in phrase else [phrase]
    groups = shared_words(groups)
    if len(groups) > 1 and len(bare(groups[0])) > 1 and any(len(bare(g)) == 1 for g in groups[1:]):
        return None         # Maraxus of Keld: "untapped artifacts, creatures, and lands": the adjective may be
                            # every group's or the first one's only (English says not which): left unread
    # (a group of spells, "Lesson spells you control", is read as one: Lo and Li, Secret Arcade)
    selectors = [subject(g) if len(groups) > 1 and SPELLS.fullmatch(g) else
                 land_cards_elsewhere() if len(groups) > 1 and g == LAND_CARDS_ELSEWHERE else group(g)
                 for g in groups]
    if any(s is None for s in selectors):
        return None
    if len(selectors) == 1:
        return selectors[0]
    if any("any" in s and not SPELLS.fullmatch(g) for s, g in zip(selectors, groups)):
        return None
    return {"any": [branch for s in selectors for branch in s.get("any", [s])]}


def land_cards_elsewhere() -> dict:
    return {"all": ["land"], "owner": "you", "zone": ["hand", "graveyard", "library", "exile"]}


def shared_words(groups: list[str]) -> list[str]:
    """'Other Wolves and Werewolves you control' is other Wolves you control and other Werewolves you
    control: a leading 'other' and a trailing controller belong to every group of the conjunction
    (Nightpack Ambusher; Kirri's 'Other Plants and Treefolk you control'), unless a group says its own."""
    if len(groups) < 2:
        return groups
    ending = next((e for e in CONTROLLERS if groups[-1].lower().endswith(" " + e)), None)
    if ending and not any(g.lower().endswith(" " + e) for g in groups[:-1] for e in CONTROLLERS):
        groups = [g + " " + groups[-1][-len(ending):] for g in groups[:-1]] + [groups[-1]]
    first = re.match(r"(?:(?:all|each) )?(other|another) ", groups[0], re.IGNORECASE)
    if first:
        groups = [groups[0]] + [g if re.match(r"(?:(?:all|each) )?(other|another) ", g, re.IGNORECASE)
                                else f"{first.group(1)} {g}" for g in groups[1:]]
    return groups


def bare(phrase: str) -> list[str]:
    """A group's own words, without a leading all/each/other/another and a trailing controller."""
    phrase = re.sub(r"^(?:(?:all|each) )?(?:(?:other|another) )?", "", phrase, flags=re.IGNORECASE)
    ending = next((e for e in CONTROLLERS if phrase.lower().endswith(" " + e)), None)
    return (phrase[: -len(ending) - 1] if ending else phrase).split()


CHOSEN = {"type": "creature_type", "creature type": "creature_type", "color": "color", "name": "name"}


def group(phrase: str) -> dict | None:
    """One group: 'Other Elf creatures you control', 'nonbasic lands', 'each noncreature artifact',
    'creatures you control of the chosen type' (Adaptive Automaton)."""
    # "noncreature, nonland cards" (Dragonfly Swarm): the qualities the objects lack, all of them
    phrase = re.sub(r"\b(non-?[\w-]+), (?=non)", r"\1 ", phrase)
    chosen = re.search(r" (?:of|with) the chosen (type|creature type|color|name)", phrase)
    if chosen:
        phrase = phrase[: chosen.start()] + phrase[chosen.end():]
    selector: dict = {}
    if phrase.endswith(" other than ~"):     # Lifecraft Engine: "Each creature you control ... other than this Vehicle"
        selector["other"] = True
        phrase = phrase[: -len(" other than ~")]
    phrase = qualities(phrase, selector)
    if phrase is None:
        return None
    words = phrase.split()
    if words and words[0].lower() in ("all", "each"):
        words = words[1:]
    if words and words[0].lower() in ("other", "another"):
        selector["other"] = True
        words = words[1:]
    rest = " ".join(words)
    owned = OWNERS.search(rest)
    if owned:                       # 108.3 Raised by Giants: "Commander creatures you own"; Laughing Jasper
        selector.update(OWNED[owned.group(1).lower()])      # Flint: "Creatures you control but don't own"
        rest = rest[: owned.start()]
        words = rest.split()
    for ending, who in CONTROLLERS.items():
        if rest.lower().endswith(" " + ending):
            selector["controller"] = who
            words = rest[: -len(ending) - 1].split()
            break
    if not words:
        return None
    all_words, not_words = [], []
    for word in words:
        read = word_of_group(word)
        if read is None:
            return None
        positive, value = read
        (all_words if positive else not_words).append(value)
    if words[-1].lower() in PERMANENT_NOUNS and len(all_words) == 1:
        pass
    elif "permanent" in all_words:
        all_words.remove("permanent")
    if chosen:
        all_words.append({"chosen": CHOSEN[chosen.group(1)]})
    if all_words:
        selector["all"] = all_words
    if not_words:
        selector["not"] = not_words
    return selector if all_words or not_words else None


NUMBER_QUALITY = lazy_pattern(r" with (power|toughness|mana value) (\d+) or (less|greater)")
WITH_COUNTERS = lazy_pattern(r" with (?:(a|an|one or more|\w+ or more) )?(?:([+-]\d+/[+-]\d+|[a-z]+) )?counters? on "
                             r"(?:it|them)$")
KEYWORD_QUALITY = lazy_pattern(r" with(out)? ([a-z]+(?: strike)?)\b")


def qualities(phrase: str, selector: dict) -> str | None:
    """'with power 2 or less', 'with flying' / 'without flying', 'with no abilities', 'named ~' (taken out of
    the phrase into the selector: power/toughness/mana_value, has/lacks, abilities: none, named)."""
    m = NUMBER_QUALITY.search(phrase)
    if m:
        key = m.group(1).replace(" ", "_")
        selector[key] = {"at_most" if m.group(3) == "less" else "at_least": int(m.group(2))}
        phrase = phrase[: m.start()] + phrase[m.end():]
    m = WITH_COUNTERS.search(phrase)
    if m:                                        # 122 Crowned Ceratok: "with a +1/+1 counter on it"
        how, kind = m.group(1), m.group(2)
        least = 1 if how in ("a", "an", "one or more", None) else how_many_word(how.split()[0])
        if least is None or (kind and not counter_kind_known(kind)):
            return None
        selector["counters"] = {**({"kind": kind} if kind else {}), "at_least": least}
        phrase = phrase[: m.start()] + phrase[m.end():]
    if " with no abilities" in phrase:
        selector["abilities"] = "none"
        phrase = phrase.replace(" with no abilities", "")
    m = KEYWORD_QUALITY.search(phrase)
    if m:
        if keyword(m.group(2)) is None:
            return None
        selector["lacks" if m.group(1) else "has"] = [keyword(m.group(2))]
        phrase = phrase[: m.start()] + phrase[m.end():]
    # (Rohgahh of Kher Keep: "named Kobolds of Kher Keep"; Seven Dwarves: "other creature named Seven Dwarves you
    # control", the controller after the name)
    m = re.search(r" named (~|[A-Z][\w',-]*(?: (?:(?:of|the) )*[A-Z][\w',-]*)*)( you control| your opponents control)?$",
                  phrase)
    if m:
        selector["named"] = m.group(1)           # '~': the card's own name, filled in by the reader
        phrase = phrase[: m.start()] + (m.group(2) or "")
    return phrase


def how_many_word(word: str) -> int | None:
    numbers = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
    return int(word) if word.isdigit() else numbers.get(word.lower())


def word_of_group(word: str) -> tuple[bool, str] | None:
    """(True, word) for a quality the objects have, (False, word) for one they don't ('non-Aura')."""
    lower = word.lower()
    if lower in PERMANENT_NOUNS:
        return True, "permanent"
    if lower in COLORS or lower in ("colorless", "multicolored", "monocolored"):      # 105.2a-c
        return True, lower
    if lower in ("token", "tokens", "face-down"):        # 111.1, 708.2: what the object is
        return True, "token" if lower.startswith("token") else "face_down"
    if lower in ("equipped", "enchanted", "fortified"):  # 301.5, 303.4, 301.5c: what is attached to it
        return True, lower
    if lower == "unequipped":
        return False, "equipped"
    if lower in ("attacking", "blocking", "tapped", "unblocked"):     # 508.1a, 509.1a in combat, 509.1h unblocked;
        # 110.5 a tapped permanent
        return True, lower
    if lower == "untapped":
        return False, "tapped"
    if lower in ("transformed", "stickered"):          # 701.27g a transformed permanent; 123.4 a stickered one
        return True, lower
    if lower in ("modified", "commander", "commanders"):  # 700.9 modified; 903.3 a commander (the case's status)
        return True, lower.rstrip("s")
    if lower == "transformed":                            # 701.27g a double-faced permanent, back face up
        return True, lower
    if lower.startswith("non"):
        rest = word[4:] if word[3:4] == "-" else word[3:]
        inner = word_of_group(rest)
        return (False, inner[1]) if inner and inner[0] and inner[1] not in ("permanent", "face_down") else None
    kind = card_type(word)
    if kind:
        return True, kind.lower()
    subtype = singular_subtype(word[:1].upper() + word[1:])
    if subtype:
        return True, subtype
    from bridge.vocabulary.words import rules_words          # (only here: the lists are read with clingo)
    if word[:1].isupper() and rules_words().kind_of_subtype(word) == "planeswalker":
        return True, word                        # 205.3j Teferi's Sentinel: "a Teferi planeswalker"
    return None
