"""The keys of a case file (docs/case-format.md) and the values some of them take."""
from __future__ import annotations

from bridge.model.card import Card
from bridge.reading.sba_input import SBA_OBJECT_KEYS, SBA_TOP_KEYS

TOP_KEYS = ("case", "source", "rules", "new_words", "emblems", "players", "battlefield", "stack", "graveyards", "hands",
            "libraries", "exile",
            "effects", "events",
            "questions", "expect", "expect_under", "expect_players", "notes", "game_state", "player_counters",
            "commander_casts") + SBA_TOP_KEYS
OBJECT_KEYS = ("id", "card", "controller", "owner", "timestamp", "counters", "attached_to", "paired_with", "attacks", "status", "game_state",
               "choices", "chosen_as", "copy_of", "token", "created_by", "created_by_ability", "merged_under", "class_level") + SBA_OBJECT_KEYS
# A spell on the stack: what was decided as it was cast (601.2), or what it is a copy of (707.10).
SPELL_KEYS = ("modes", "targets", "x", "kicked", "divided", "replicate", "mana_spent", "copied_by", "new_targets",
              "half", "ability_of", "ability")
QUESTION_KEYS = ("object", "ask", "expect", "expect_under")
VALUE_QUESTIONS = {"mana_value": "mana_value", "name": "name", "names": "name", "colors": "color", "types": "type"}
COMPARISONS = ("mana_value", "mana_value_less_than", "mana_value_greater_than", "color", "name", "type",
               "different_names", "matches")
EFFECT_KEYS = ("from", "controller", "affects", "does", "timestamp", "spell", "mode", "activated", "ability",
               "becomes_copy_of", "x", "choices", "part", "conditions")
# 111.4, 707.2 A token created as a copy has no characteristics of its own: the copy effect gives them.
TOKEN_COPY = Card(name="token", mana_cost=None, mana_cost_text="", color_indicator=(), type_line="",
                  supertypes_and_types=(), subtypes=(), power=None, toughness=None, pt_text="", loyalty=None, text="",
                  abilities=(), spell=(), library=False)
# The zones besides the battlefield and the stack, by the top-level key that lists their cards per owner
# (400.1); a library is listed top first.
CARD_ZONES = (("graveyards", "graveyard"), ("hands", "hand"), ("libraries", "library"), ("exile", "exile"))
# Choices of an object as a permanent enters ("choose a creature", Metamorphic Alteration): their value is an id.
OBJECT_CHOICES = ("creature", "permanent", "card")
CARD_ZONE_NAMES = tuple(zone for _, zone in CARD_ZONES)
# Cards outside the battlefield and the stack: no controller (108.4a), no status (face-down exiled cards
# are not modelled).
ZONE_OBJECT_KEYS = ("id", "card", "timestamp")
STATUS_KEYS = ("face_down", "flipped", "transformed", "tapped", "back_face_up", "monstrous", "attacking", "blocking",
               "unblocked", "renowned", "commander", "stickered", "solved")
EXPECT_KEYS = ("name", "mana_value", "types", "subtypes", "supertypes", "colors", "abilities", "has_abilities",
               "lacks_abilities", "pt", "power", "toughness", "controller", "zone", "tapped", "counters", "cast",
               "decisions", "illegal_targets", "countered_on_resolution")
PLAYER_EXPECT_KEYS = ("has", "lacks", "max_hand_size")
DECISION_KEYS = ("modes", "targets", "x", "kicked", "divided", "replicate", "sacrificed", "sacrificed_power",
                 "mana_spent")
EDITIONS = ("current", "m10", "pre-m10")
STDIN = "-"               # a case path that means: read the case from standard input
