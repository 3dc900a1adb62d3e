"""The keys and words of the card vocabulary (docs/case-format.md): what each YAML mapping may hold."""
# Operations and the shape of their argument.
LIST_OPS = {
    "add_types", "remove_types", "set_types", "add_subtypes", "remove_subtypes",
    "set_land_types", "add_supertypes", "remove_supertypes", "set_colors", "add_colors",
}
ABILITY_OPS = {"add_abilities", "lose_abilities"}
PT_OPS = {"set_base_pt", "modify_pt"}
BARE_OPS = {"switch_pt", "lose_all_abilities", "add_all_creature_types"}
CHOSEN_OPS = {"set_creature_types", "add_subtypes", "set_colors", "add_colors", "set_land_types"}
# 613.1f "has all activated abilities of all creature cards in all graveyards" (Necrotic Ooze): a selector
ABILITIES_OF_OPS = {"add_activated_abilities_of"}
OPERATIONS = sorted(LIST_OPS | ABILITY_OPS | PT_OPS | BARE_OPS | ABILITIES_OF_OPS | {"set_creature_types", "gain_control", "copy_of",
                                                                "change_text", "set_name", "full_text_of"})
# 608.2c What a resolved effect's instruction may depend on, as the case's effect gives it (`conditions:`):
# 702.33d kicked, 702.166b bargained, 702.174k the gift promised, and any other one condition the text states.
# 608.2d which of two things the text offers was chosen as it resolved ("+1/-1 or -1/+1"): first_chosen.
RESOLUTION_CONDITIONS = ("kicked", "bargained", "gift_promised", "condition", "first_chosen")
KEEP_WORDS = {"name": ("name",), "mana_cost": ("mana_value",), "color": ("color",), "colors": ("color",),
              "types": ("type", "subtype", "supertype"), "abilities": ("ability",), "pt": ("power", "toughness")}
EXCEPT_KEYS = ("keep", "pt", "colors", "add_types", "add_subtypes", "add_supertypes", "add_abilities",
               "remove_supertypes", "enters_with", "conditional")
SELECTOR_KEYS = ("all", "not", "controller", "other", "any", "zone", "owner", "cast_by", "has", "lacks", "abilities", "named",
                 "power", "toughness", "mana_value", "attached_to", "counters", "attacking")
# (Where each key can be read: bridge/vocabulary/selector_places.py.)
COLOR_QUALITIES = ("Multicolored", "Monocolored", "Colorless")     # 105.2a-c
# The selector keys of `count_cards` (cards in a zone; power and toughness are refused there, why: selector_places).
COUNT_CARDS_KEYS = ("all", "not", "any", "has", "lacks", "abilities", "named", "mana_value", "power", "toughness")
# Words for what an object is rather than what it has (111.1 a token, 708.2 a face-down permanent; 301.5,
# 303.4, 301.5c a permanent with an Equipment / an Aura / a Fortification attached): in `all` / `not`
# ("nontoken" = `not: [token]`).
STATUS_SELECTOR_WORDS = {"token": "token", "nontoken": "token", "face_down": "face_down", "face-down": "face_down",
                         # 508.1a, 509.1a attacking / blocking creatures (the case's status), 110.5 tapped / untapped
                         "attacking": "attacking", "blocking": "blocking", "tapped": "tapped", "untapped": "tapped",
                         # 509.1h an attacking creature no creature blocks, once blockers are declared
                         "unblocked": "unblocked",
                         "equipped": "equipped", "enchanted": "enchanted", "fortified": "fortified",
                         # 700.9 modified (counters, equipped, or enchanted by an Aura of its controller's);
                         # 903.3 a commander (the case's status)
                         "modified": "modified", "unmodified": "modified", "commander": "commander",
                         # 701.27g a transformed permanent (a double-faced one, back face up); 123.4 a stickered
                         # object (one with a sticker on it: the case's status)
                         "transformed": "transformed", "stickered": "stickered"}
NEGATED_STATUS_WORDS = ("nontoken", "untapped", "unmodified")      # the status the object does not have
COMPARISONS = {"at_most": "le", "at_least": "ge", "equal": "eq", "less_than": "lt", "greater_than": "gt"}
# 400.1 The zones a selector can name; `zone: all` names every one of them (Painter's Servant).
SELECTOR_ZONES = ("battlefield", "stack", "hand", "graveyard", "library", "exile")
SELECTOR_WORDS = ("self", "enchanted", "equipped", "fortified", "attached", "paired")
# 702.16n "This effect doesn't remove this Aura" / "... doesn't remove Auras": a static's `spares:`.
SPARED = ("this", "auras")
# Whose counters `{counters: ...}` counts: the object the operation affects, the ability's source, or the
# permanent that source is attached to.
COUNTER_HOLDERS = ("affected", "source", "attached")
EXPRESSION_KEYS = ("count", "count_cards", "card_types_in_graveyards", "sum", "counters", "devotion", "calculated", "minus", "life",
                   "count_sharing_creature_type", "basic_land_types", "colors_among",
                   "greatest_mana_value", "player_counters",
                   "commander_casts", "all_counters", "counters_among", "game_state", "mana_values_in_graveyard",
                   "emblems", "half", "opponents", "names_among",
                   "mana_symbols_in_its_cost", "at_most", "greatest_card_mana_value", "greatest_of", "class_level")
TRIGGER_EVENTS = ("enters", "leaves", "cast", "turned_face_up", "becomes_target", "leaves_graveyard")
TRIGGER_KEYS = ("when", "what", "to", "once")
ZONES = ("graveyard", "exile", "hand", "library")
# What an "as ... enters, choose" ability chooses (the object's `choices:` key holds the value).
CHOICE_KEYS = ("creature_type", "color", "land_type", "basic_land_type", "name", "card_type", "player")
# 613.11 Rules an ability can say don't apply (`rule_off: {rule: ...}`): the legend rule (704.5j).
RULES_SWITCHED_OFF = ("legend_rule",)
