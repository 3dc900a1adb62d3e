"""What a condition reads that no permanent shows (oracle/conditions.py): the wordings of what "you" have or did,
and of what the ability's own object did, each read as the case's `game_state:` (bridge/model/game_state.py;
never assumed: asp/604_2_conditions.lp)."""
from __future__ import annotations

from bridge.cards.oracle.patterns import lazy_pattern

# 611.3a What "you" have or did that no permanent shows (bridge/model/game_state.py): the case's `game_state:`.
# (wording, what it reads, the bound: "N" in the wording is the number group)
GAME_STATE_WORDS = (
    (lazy_pattern(r"you have the city's blessing"), "citys_blessing", "at_least", 1),            # 702.131
    (lazy_pattern(r"you(?:'re| are) the monarch"), "monarch", "at_least", 1),                   # 724
    (lazy_pattern(r"you've completed a dungeon"), "completed_dungeon", "at_least", 1),          # 309.7
    (lazy_pattern(r"your speed is 4|you have max speed"), "speed", "at_least", 4),      # 702.179e (never above 4)
    (lazy_pattern(r"you've drawn (\w+) or more cards this turn"), "cards_drawn_this_turn", "at_least", None),
    (lazy_pattern(r"you(?:'ve)? gained life this turn"), "life_gained_this_turn", "at_least", 1),
    (lazy_pattern(r"you've lost life this turn"), "life_lost_this_turn", "at_least", 1),
    (lazy_pattern(r"you've cast (\w+) or more spells this turn"), "spells_cast_this_turn", "at_least", None),
    (lazy_pattern(r"you haven't cast a spell this turn"), "spells_cast_this_turn", "at_most", 0),
    (lazy_pattern(r"you've cast (\w+) or more noncreature spells this turn"), "noncreature_spells_cast_this_turn",
     "at_least", None),
    (lazy_pattern(r"you've cast an instant or sorcery spell this turn"), "instant_sorcery_spells_cast_this_turn",
     "at_least", 1),
    (lazy_pattern(r"you've committed a crime this turn"), "crimes_committed_this_turn", "at_least", 1),   # 700.13
    (lazy_pattern(r"you've surveilled this turn"), "surveilled_this_turn", "at_least", 1),               # 701.25
    (lazy_pattern(r"you sacrificed a permanent this turn"), "permanents_sacrificed_this_turn", "at_least", 1),
    (lazy_pattern(r"(\w+) or more nonland permanents entered the battlefield under your control this turn"),
     "nonland_permanents_entered_this_turn", "at_least", None),                                    # celebration
    (lazy_pattern(r"an artifact entered the battlefield under your control this turn"),
     "artifacts_entered_this_turn", "at_least", 1),                               # Sentinel Sarah Lyons
    (lazy_pattern(r"(\w+) or more creatures died under your control this turn"),
     "creatures_died_this_turn", "at_least", None),                               # 700.4 Gimli, Mournful Avenger
    (lazy_pattern(r"you've put (\w+) or more \+1/\+1 counters on a creature this turn"),
     "creatures_given_plus_one_counters_this_turn", "at_least", None),          # 122.6 Sigardian Paladin
    (lazy_pattern(r"you've rolled (\w+) or more dice this turn"), "dice_rolled_this_turn", "at_least", None),  # 706
    (lazy_pattern(r"you have (\w+) or more unspent mana"), "unspent_mana", "at_least", None),    # 106.4 Ozai
    (lazy_pattern(r"you've visited an Attraction this turn"), "attractions_visited_this_turn", "at_least", 1),  # 701.52a
    (lazy_pattern(r"you attacked with (\w+) or more Merfolk this turn"), "merfolk_attacked_with_this_turn", "at_least",
     None),                                                                       # 508.1 Deepway Navigator
)
# ... and of the ability's own object: "as long as it entered this turn" (Crew Captain), "it attacked this
# turn" (Agent Frank Horrigan), "if it hasn't dealt damage yet" (Karakyk Guardian); 'it' the main subject.
OBJECT_STATE_WORDS = (
    (lazy_pattern(r"(~|it|this (?:creature|Aura|artifact|enchantment|permanent)) entered this turn"),
     "entered_this_turn", "at_least", 1),
    (lazy_pattern(r"(~|it|this creature) attacked this turn"), "attacked_this_turn", "at_least", 1),
    (lazy_pattern(r"(~|it|this creature) hasn't dealt damage yet"), "dealt_damage", "at_most", 0),
    # "as long as another creature entered the battlefield under your control this turn" (Bristlebane Outrider),
    # "you had another creature enter ..." (Saddled Rimestag): 'another' is other than this object
    (lazy_pattern(r"(?:another creature entered|you had another creature enter) the battlefield under your "
                  r"control this turn()"), "other_creatures_entered_this_turn", "at_least", 1),
    # Swordsworn Cavalier: "another Knight entered ..."; Shoreline Scout: "another Merfolk or an Island entered ..."
    (lazy_pattern(r"another Knight entered the battlefield under your control this turn()"),
     "other_knights_entered_this_turn", "at_least", 1),
    (lazy_pattern(r"another Merfolk or an Island entered the battlefield under your control this turn()"),
     "other_merfolk_or_islands_entered_this_turn", "at_least", 1),
    (lazy_pattern(r"(~|it|this creature) attacked a battle this turn"), "attacked_a_battle_this_turn", "at_least", 1),
    (lazy_pattern(r"you've put (?:one or more|a) \+1/\+1 counters? on (~) this turn"),
     "given_plus_one_counters_this_turn", "at_least", 1),                      # 122.6 Beast, Erudite Aerialist
    (lazy_pattern(r"(~|it) was cast"), "cast", "at_least", 1),                       # 601.2i The Tarrasque
    (lazy_pattern(r"(~|it) devoured a creature"), "creatures_devoured", "at_least", 1),  # 702.82b Hellkite Hatchling
)
