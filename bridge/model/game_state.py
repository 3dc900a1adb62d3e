"""What a case's `game_state:` may give per player (bridge/reading/game_state.py), and what a condition may
read of it (bridge/vocabulary/conditions.py, asp/604_2_conditions.lp)."""

# Each thing a case may give per player, with the rule that defines it: true / false or a whole number.
GAME_STATE = {
    "citys_blessing": "702.131 the city's blessing (ascend)",
    "monarch": "724 the monarch",
    "completed_dungeon": "309.7 completed a dungeon (this game)",
    "differently_named_dungeons_completed": "309.7 differently named dungeons they have completed this game "
                                            "(Ellywick Tumblestrum's emblem)",
    "cards_drawn_this_turn": "121 cards drawn this turn",
    "life_gained_this_turn": "119.9 life gained this turn",
    "life_lost_this_turn": "119.3 life lost this turn",
    "spells_cast_this_turn": "601.2i spells cast this turn",
    "noncreature_spells_cast_this_turn": "601.2i noncreature spells cast this turn",
    "instant_sorcery_spells_cast_this_turn": "601.2i instant and sorcery spells cast this turn",
    "crimes_committed_this_turn": "700.13 crimes committed this turn",
    "surveilled_this_turn": "701.25 times surveilled this turn",
    "permanents_sacrificed_this_turn": "701.21 permanents sacrificed this turn",
    "speed": "702.179 their speed (Start your engines!; a player with none has 0 for an effect, 702.179f)",
    "turns_taken_this_game": "500 the turns they have taken this game (Control Win Condition)",
    "creatures_entered_this_turn": "creatures that entered the battlefield under their control this turn (Kinbinding)",
    "nonland_permanents_entered_this_turn": "nonland permanents that entered under their control this turn "
                                            "(celebration, an ability word: 207.2c)",
    "artifacts_entered_this_turn": "artifacts that entered the battlefield under their control this turn",
    "creatures_died_this_turn": "700.4 creatures that died under their control this turn",
    "creatures_given_plus_one_counters_this_turn": "122.6 times they put one or more +1/+1 counters on a creature "
                                                   "this turn",
    "dice_rolled_this_turn": "706 dice they rolled this turn",
    "unspent_mana": "106.4 the unspent mana in their mana pool",
    "attractions_visited_this_turn": "701.52a times they visited an Attraction this turn (Soul Swindler)",
    "merfolk_attacked_with_this_turn": "508.1 the Merfolk they attacked with this turn (Deepway Navigator)",
    "starting_life_total": "103.4 their starting life total (20; 40 in Commander, 903.7)",
}

# ... and per object (an object's `game_state:`): what it did, read by a condition on the ability's own object.
OBJECT_GAME_STATE = {
    "entered_this_turn": "it entered the battlefield this turn",
    "attacked_this_turn": "508.1 it attacked this turn",
    "dealt_damage": "120 it has dealt damage (\"if it hasn't dealt damage yet\")",
    "other_creatures_entered_this_turn": "other creatures that entered the battlefield under its controller's "
                                         "control this turn (Bristlebane Outrider)",
    "other_knights_entered_this_turn": "other Knights that entered the battlefield under its controller's control "
                                       "this turn (Swordsworn Cavalier)",
    "other_merfolk_or_islands_entered_this_turn": "other Merfolk and Islands that entered the battlefield under its "
                                                  "controller's control this turn (Shoreline Scout)",
    "given_plus_one_counters_this_turn": "122.6 its controller put one or more +1/+1 counters on it this turn "
                                         "(Beast, Erudite Aerialist)",
    "attacked_a_battle_this_turn": "508.1 it attacked a battle this turn (War Historian)",
    "cast": "601.2i it was cast (The Tarrasque: \"as long as it was cast\")",
    "creatures_devoured": "702.82b the creatures it devoured as it entered (Hellkite Hatchling)",
    # 614.12, 607.2 what was done as it entered, which its CDA reads (Nameless Race: "As ~ enters, pay any amount of
    # life." "... power and toughness are each equal to the life paid as it entered.")
    "life_paid_as_it_entered": "119.4 the life paid as it entered (Nameless Race, Minion of the Wastes)",
    "forests_sacrificed_as_it_entered": "701.21 the Forests sacrificed as it entered (Wood Elemental)",
    # 406.6, 607.2a the cards its linked ability exiled; 702.167c the exiled cards used to craft it (the case lists no
    # exiled card as linked to an object: it gives the number)
    "cards_exiled_with_it": "406.6 the number of cards exiled with it (Unlicensed Hearse)",
    "card_types_exiled_with_it": "205.2a the number of card types among the cards exiled with it (Keen-Eyed "
                                 "Curator)",
    "exiled_card_mana_value": "607.2a the mana value of the card exiled with it (Living Lore)",
    "crafted_with_total_power": "702.167c the total power of the exiled cards used to craft it (Mastercraft Raptor)",
    "crafted_with_colors": "702.167c the number of colors among the exiled cards used to craft it (Sunbird Effigy)",
}
