"""Numbers in Oracle text read into the vocabulary's number expressions:
'the number of Swamps you control' -> {count: SELECTOR}, 'its mana value' -> mana_value,
'the number of creature cards in your graveyard' -> {count_cards: ...}."""
from __future__ import annotations

import re

from bridge.cards.oracle.counter_kinds import counter_kind_known
from bridge.cards.oracle.keywords import keyword
from bridge.cards.oracle.patterns import lazy_pattern
from bridge.cards.oracle.subjects import group, subject

WORD_NUMBERS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10, "twenty": 20}
CARDS_IN_GRAVEYARD = lazy_pattern(r"the number of (?:(.+?) )?cards? in (your|all|your opponents'|its controller's|"
                                  r"the chosen player's) "
                                  r"graveyards?")
# Maro: 'the number of cards in your hand'; Multani, Maro-Sorcerer: 'in all players' hands'.
# Enemy of Enlightenment: "in your opponents' hands".
# Adamaro, First to Desire: "in the hand of the opponent with the most cards in hand" (one opponent's, the most any
# one opponent holds: an_opponent).
CARDS_IN_HAND = lazy_pattern(r"the (?:total )?number of cards? in (your hand|all players' hands|your opponents' hands|"
                             r"its controller's hand|the chosen player's hand|"
                             r"the hand of the opponent with the most cards in hand)")
OWNERS = {"your": "you", "your hand": "you", "all": "any", "all players' hands": "any", "your opponents'": "opponent",
          "your opponents' hands": "opponent", "its controller's": "affected_controller",
          "its controller's hand": "affected_controller", "the chosen player's": "chosen_player",
          "the chosen player's hand": "chosen_player", "the hand of the opponent with the most cards in hand": "an_opponent"}
# 205.3 Coat of Arms: "each other creature on the battlefield that shares at least one creature type with it" (it:
# the object the effect changes; Alpha Status, Stoneforge Masterwork: the enchanted or equipped creature).
SHARING = lazy_pattern(r"the number of (other .+?) that shares (?:at least one|a) creature type with (?:it|that creature)")
# Umbris: "each card your opponents own in exile"; Crackling Drake: "the total number of instant and sorcery cards
# you own in exile and in your graveyard".
IN_EXILE = lazy_pattern(r"the (?:total )?number of (?:(.+?) )?cards? (you|your opponents) own in exile( and in your graveyard)?")
# 122.1 counters on players: Kalemne's "experience counter you have", Vishgraz's "poison counter your opponents have"
PLAYER_COUNTERS = lazy_pattern(r"the number of (poison|experience|energy|rad|ticket) counters? (you|your opponents) have")
# 122.1 Banshee's Blade: 'charge counter on ~' (the ability's source); '... on it': the object affected.
# (Toxrill: "Creatures you don't control get -1/-1 for each slime counter on them": on each affected object.)
COUNTERS_ON = lazy_pattern(r"the number of ([a-z]+|[+-]\d+/[+-]\d+) counters? on (~|this \w+|it|them)")
# 611.3a What its controller did or has that no permanent shows: the case's `game_state:` gives it
# (bridge/model/game_state.py; left out, the values it may change are marked: asp/604_2_conditions.lp).
PLAYER_STATE_NUMBERS = {"the number of cards you've drawn this turn": "cards_drawn_this_turn",   # Duelist of the Mind
                        "the amount of life you've lost this turn": "life_lost_this_turn",       # 119.3 Greven
                        "your speed": "speed",                           # 702.179 Gomif, Fast Racer; Samut
                        "the number of turns you've taken this game": "turns_taken_this_game",   # Control Win Condition
                        "the number of creatures that entered the battlefield under your control this turn":
                            "creatures_entered_this_turn",                                         # Kinbinding
                        # 309.7 Ellywick Tumblestrum's emblem: "for each differently named dungeon you've completed"
                        "the number of differently named dungeon you've completed": "differently_named_dungeons_completed",
                        "the number of differently named dungeons you've completed":
                            "differently_named_dungeons_completed"}
# ... and what was done with the ability's own object (606.2a, 406.6 Lumbering Battlement: "for each card exiled
# with it", its source's own: "~"; statics.py says when "it" is the source).
OWN_STATE_NUMBERS = {"the number of card exiled with ~": "cards_exiled_with_it",
                     "the number of cards exiled with ~": "cards_exiled_with_it"}


def number(phrase: str):
    """A number expression, or None."""
    phrase = " ".join(phrase.strip().rstrip(".").split())
    lower = phrase.lower()
    if re.fullmatch(r"\d+", phrase):
        return int(phrase)
    if lower in WORD_NUMBERS:
        return WORD_NUMBERS[lower]
    lower = lower.replace("converted mana cost", "mana value")          # the wording before 2021
    if lower in ("its mana value", "that permanent's mana value", "that creature's mana value"):
        return "mana_value"
    if lower in ("the number of point of bushido it has", "the number of points of bushido it has"):
        return "bushido_points"                 # 702.45a Takeno: the N of each bushido N of the object it changes
    match = re.fullmatch(r"the number of (?:of )?its creature types(?:, to a maximum of (\w+))?", lower)
    if match:                                   # 205.3m Diligent Zookeeper: "for each of its creature types, to a
        if not match.group(1):                  # maximum of 10" (the object the effect changes)
            return "number_of_creature_types"
        most = number(match.group(1))
        return {"at_most": ["number_of_creature_types", most]} if isinstance(most, int) else None
    if lower in ("the number of of its colors", "the number of its colors"):
        return "number_of_colors"               # 105.2 Knight of New Alara: "for each of its colors" (the affected object)
    if lower in PLAYER_STATE_NUMBERS:
        return {"game_state": PLAYER_STATE_NUMBERS[lower]}
    if lower in OWN_STATE_NUMBERS:
        return {"game_state": OWN_STATE_NUMBERS[lower]}
    if lower in ("the number of opponents you have", "the number of opponent you have"):
        return {"opponents": "you"}             # 102.2 Blazing Sunsteel: "for each opponent you have"
    if lower == "your life total":              # 119 Death's Shadow: "where X is your life total"
        return {"life": "you"}
    if lower == "the number of card types among cards in all graveyards":
        return {"card_types_in_graveyards": "all"}
    if lower == "the number of card types among cards in your graveyard":
        return {"card_types_in_graveyards": "you"}
    if lower == "the number of card types among cards in your opponents' graveyards":
        return {"card_types_in_graveyards": "opponent"}     # Nighthawk Scavenger
    match = re.fullmatch(r"the number of (white|blue|black|red|green) mana symbols? in its mana cost", lower)
    if match:                                   # chroma: Light from Within (the object the effect changes)
        return {"mana_symbols_in_its_cost": [match.group(1)]}
    match = re.fullmatch(r"your devotion to (white|blue|black|red|green)(?: and (white|blue|black|red|green))?", lower)
    if match:                                   # 700.5 Anax: "your devotion to red"
        return {"devotion": [c for c in match.groups() if c]}
    if lower in ("the highest life total among your opponents", "the life total of an opponent with the most life"):
        return {"life": "most_among_opponents"}     # 119 Malignus, Roiling Horror (102.2: your opponents)
    if lower == "the highest life total among players":
        return {"life": "most_among_players"}       # 119 Scourge of the Skyclaves (102.1: you too)
    match = re.fullmatch(r"half (.+), rounded (up|down)", lower)
    if match:                                   # 107.1a Malignus: "half the highest life total ..., rounded up"
        halved = number(phrase[len("half "):match.end(1)])
        return None if halved is None else {"half": {"of": halved, "rounded": match.group(2)}}
    match = re.fullmatch(r"(.+?) minus (.+)", phrase)
    if match:                                   # Scourge of the Skyclaves: "20 minus the highest life total ..."
        first, second = number(match.group(1)), number(match.group(2))
        if first is None or second is None:
            return None
        return {"sum": [first, -second if isinstance(second, int) else {"minus": second}]}
    match = re.fullmatch(r"twice (.+)", phrase)
    if match:                                   # Melek: "twice the number of instant and sorcery cards ..."
        once = number(match.group(1))
        return None if once is None else {"sum": [once, once]}
    match = re.fullmatch(r"(.+?) plus (.+)", phrase)
    if match:
        first, second = number(match.group(1)), number(match.group(2))
        return None if first is None or second is None else {"sum": [first, second]}
    match = re.fullmatch(r"the number of (.+?) and each (.+? cards? in your graveyard)", phrase)
    if match:                                   # Multani: "each land you control and each land card in your graveyard"
        on_battlefield, in_graveyard = number(f"the number of {match.group(1)}"), number(f"the number of {match.group(2)}")
        if isinstance(on_battlefield, dict) and "count" in on_battlefield and in_graveyard is not None:
            return {"sum": [on_battlefield, in_graveyard]}
        return None
    match = IN_EXILE.fullmatch(lower)
    if match:                                   # 406 Cosmogoyf: "the number of cards you own in exile"
        kinds = card_kinds(match.group(1)) if match.group(1) else {}
        if kinds is None:
            return None
        exiled = {"count_cards": {"zone": "exile", "owner": "you" if match.group(2) == "you" else "opponent", **kinds}}
        if not match.group(3):
            return exiled                       # Crackling Drake: "... in exile and in your graveyard" (both counted)
        return {"sum": [exiled, {"count_cards": {**exiled["count_cards"], "zone": "graveyard"}}]} \
            if match.group(2) == "you" else None
    match = CARDS_IN_HAND.fullmatch(lower)
    if match:
        return {"count_cards": {"zone": "hand", "owner": OWNERS[match.group(1)]}}
    if re.fullmatch(r"the number of counters? on (?:~|this (?:creature|artifact|enchantment|equipment|permanent))", lower):
        return {"all_counters": "source"}       # 122.1 Gavel of the Righteous: "for each counter on this Equipment"
    if re.fullmatch(r"the number of counters? on it", lower):
        return {"all_counters": "affected"}     # 122.1 Luxior: "Equipped creature gets +1/+1 for each counter on it"
    match = re.fullmatch(r"the number of ([a-z]+|[+-]\d+/[+-]\d+) counters? on (.+? you control)", lower)
    if match and counter_kind_known(match.group(1)):     # 122.1 Fungal Behemoth: "+1/+1 counters on creatures you control"
        counted = subject(match.group(2))
        if isinstance(counted, dict) and "zone" not in counted and "other" not in counted:
            return {"counters_among": {"kind": match.group(1), "of": counted}}
    match = COUNTERS_ON.fullmatch(lower)
    if match:
        kind = match.group(1)
        if not counter_kind_known(kind):
            return None                          # a kind neither the rules (122) nor the card's text names
        return {"counters": kind} if match.group(2) in ("it", "them") else {"counters": {"kind": kind, "object": "source"}}
    match = re.fullmatch(r"the number of (?:(.+?) )?cards? with (\w+) in (your|all) graveyards?", lower)
    if match and keyword(match.group(2)) == match.group(2):     # 702 Vile Manifestation: "each card with cycling in
        kinds = card_kinds(match.group(1)) if match.group(1) else {}    # your graveyard" (the keyword, any cost)
        if kinds is None or "has" in kinds:
            return None
        return {"count_cards": {"zone": "graveyard", "owner": OWNERS[match.group(3)], **kinds, "has": [match.group(2)]}}
    match = CARDS_IN_GRAVEYARD.fullmatch(phrase)
    if match:
        kinds = card_kinds(match.group(1)) if match.group(1) else {}
        if kinds is None:
            return None
        return {"count_cards": {"zone": "graveyard", "owner": OWNERS[match.group(2)], **kinds}}
    match = re.fullmatch(r"the number of (.+?) attached to (~|it|him|her)", phrase)
    if match:                                   # Rabid Wombat: "for each Aura attached to it" (it: the source)
        counted = subject(match.group(1))             # (Champion of the Flame: "each Aura and Equipment")
        groups = counted.get("any", [counted]) if isinstance(counted, dict) else []
        if not groups or any(set(g) - {"all", "not"} for g in groups):
            return None
        # ~ the source (statics.py says when "it" is); "it" else: the object the effect changes (Strong Back's
        # enchanted creature, Bruenor Battlehammer's each creature you control)
        on = "self" if match.group(2) == "~" else "affected"
        groups = [{**g, "attached_to": on} for g in groups]
        return {"count": groups[0] if len(groups) == 1 else {"any": groups}}
    match = re.fullmatch(r"the number of basic land types? among (.+)", phrase)
    if match:                                   # 305.6 domain: "basic land types among lands you control"
        counted = subject(match.group(1))
        return {"basic_land_types": counted} if isinstance(counted, dict) else None
    if lower == "the number of time you've cast your commander from the command zone this game":
        return {"commander_casts": "you"}       # 903.8 Commander's Insignia (the case's commander_casts:)
    match = SHARING.fullmatch(phrase)
    if match:                                   # 205.3 Coat of Arms (the affected object "it" is never counted)
        counted = subject(re.sub(r" on the battlefield$", "", match.group(1)))
        if not isinstance(counted, dict) or set(counted) - {"all", "not", "controller", "other"}:
            return None
        return {"count_sharing_creature_type": {k: v for k, v in counted.items() if k != "other"}}
    match = PLAYER_COUNTERS.fullmatch(lower)
    if match:                                   # 122.1 Kalemne: "for each experience counter you have"
        return {"player_counters": {"kind": match.group(1), "whose": "you" if match.group(2) == "you" else "opponent"}}
    match = re.fullmatch(r"the greatest mana value among (.+?) and (.+? cards in your graveyard)", phrase)
    if match:                                   # Dragon Man: "... among noncreature permanents you control and
        on_battlefield = number(f"the greatest mana value among {match.group(1)}")      # noncreature cards in your
        in_graveyard = number(f"the greatest mana value among {match.group(2)}")        # graveyard": the greater
        if isinstance(on_battlefield, dict) and "greatest_mana_value" in on_battlefield and in_graveyard is not None:
            return {"greatest_of": [on_battlefield, in_graveyard]}
        return None
    match = re.fullmatch(r"the greatest mana value among (?:(.+?) )?cards in (your|all) graveyards?", phrase)
    if match:                                   # 202.3 Monstrous War-Leech: "among cards in your graveyard"
        kinds = card_kinds(match.group(1)) if match.group(1) else {}
        return None if kinds is None else {"greatest_card_mana_value": {"zone": "graveyard",
                                                                        "owner": OWNERS[match.group(2)], **kinds}}
    match = re.fullmatch(r"the greatest mana value among (.+)", phrase)
    if match:                                   # 202.3 Glint Raker: "the greatest mana value among artifacts you control"
        counted = subject(match.group(1))
        return {"greatest_mana_value": counted} if isinstance(counted, dict) and "zone" not in counted else None
    match = re.fullmatch(r"the number of differently named (.+?)( among permanents you control)?", phrase)
    if match:                                   # 201.2 Awakened Amalgam: "differently named lands you control"; Grek:
        counted = subject(match.group(1) + (" you control" if match.group(2) else ""))   # "token among permanents
        if not isinstance(counted, dict) or "zone" in counted or "other" in counted:     # you control"
            return None
        return {"names_among": counted}
    match = re.fullmatch(r"the number of colors? among (.+)", phrase)
    if match:                                   # 105.2 "for each color among permanents you control"
        counted = subject(match.group(1))
        return {"colors_among": counted} if isinstance(counted, dict) else None
    # a count looks at the battlefield (Relentless Rats: "each other creature on the battlefield named ...")
    match = re.fullmatch(r"the number of (.+?)(?: on the battlefield)?", phrase)
    if match:
        counted = subject(re.sub(r" on the battlefield(?= (?:with|named|that)\b)", "", match.group(1)))
        return {"count": counted} if isinstance(counted, dict) else None
    return None


# 110.4a "permanent card": "an artifact, battle, creature, enchantment, land, or planeswalker card";
# 700.6 historic: "the legendary supertype, the artifact card type, or the Saga subtype" (each a card that
# is one of them, counted once: `any`).
PERMANENT_CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")
KINDS_OF_CARDS = {"permanent": [{"all": [t]} for t in PERMANENT_CARD_TYPES],
                  "historic": [{"all": ["artifact"]}, {"all": ["legendary"]}, {"all": ["Saga"]}]}


def card_kinds(phrase: str) -> dict | None:
    """What counted cards are: 'creature' -> {all: [creature]}; Haughty Djinn's 'instant and sorcery' (each card
    that is either) -> {any: [{all: [instant]}, {all: [sorcery]}]}; descend's 'permanent' and Havi's 'historic'
    (KINDS_OF_CARDS) -> the card types they name, in `any`; None for other words a card in a zone has no
    reading of (110.4a: a "permanent card" is no `permanent` selector word)."""
    if phrase.lower() in KINDS_OF_CARDS:
        return {"any": KINDS_OF_CARDS[phrase.lower()]}
    kinds = group(phrase)
    whole = subject(phrase) if kinds is None else None
    branches = [kinds] if kinds is not None else whole.get("any") if isinstance(whole, dict) else None
    if not branches or any(set(b) - {"all", "not"} or "permanent" in b.get("all", []) for b in branches):
        return None
    return kinds if kinds is not None else {"any": branches}
