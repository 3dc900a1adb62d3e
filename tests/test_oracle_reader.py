"""The Oracle-text reader (bridge/cards/oracle): one test per template, each on a real card's Oracle text.

Each expected structure is what docs/case-format.md says the card's ability is in the vocabulary;
every reading is also passed through vocabulary.Reader, so it is something a case file could say."""
import pytest

from bridge.cards.oracle import read_line, read_text
from bridge.vocabulary.reader import Reader


def read(line, name, type_line="Enchantment"):
    readings = read_text(line, name, type_line)
    assert len(readings) == 1
    reading = readings[0]
    for i, ability in enumerate(reading.abilities):
        Reader("test").ability(ability, f"ability {i}")       # valid vocabulary
    return reading


def static(line, name, type_line="Enchantment", layer=True):
    reading = read(line, name, type_line)
    assert reading.structured and reading.layer == layer
    (ability,) = reading.abilities
    assert ability["text"] == line
    return ability


# (card, Oracle line, expected entry without its text) — one per template of statics.py and predicates.py
TEMPLATES = [
    ("Glorious Anthem", "Creatures you control get +1/+1.",                       # anthem: gets_pt
     {"static": {"affects": {"all": ["creature"], "controller": "you"}, "does": [{"modify_pt": "+1/+1"}]}}),
    ("Elvish Archdruid", "Other Elf creatures you control get +1/+1.",            # lord: other + subtype
     {"static": {"affects": {"other": True, "all": ["Elf", "creature"], "controller": "you"},
                 "does": [{"modify_pt": "+1/+1"}]}}),
    ("Lord of Atlantis", "Other Merfolk get +1/+1 and have islandwalk.",          # has_keywords
     {"static": {"affects": {"other": True, "all": ["Merfolk"]},
                 "does": [{"modify_pt": "+1/+1"}, {"add_abilities": ["islandwalk"]}]}}),
    ("Crusade", "White creatures get +1/+1.",                                      # color word in a subject
     {"static": {"affects": {"all": ["white", "creature"]}, "does": [{"modify_pt": "+1/+1"}]}}),
    ("Blanchwood Armor", "Enchanted creature gets +1/+1 for each Forest you control.",   # gets_pt for each
     {"static": {"affects": "enchanted", "does": [{"modify_pt": {
         "power": {"count": {"all": ["Forest"], "controller": "you"}},
         "toughness": {"count": {"all": ["Forest"], "controller": "you"}}}}]}}),
    ("Rancor", "Enchanted creature gets +2/+0 and has trample.",                  # Aura
     {"static": {"affects": "enchanted", "does": [{"modify_pt": "+2/+0"}, {"add_abilities": ["trample"]}]}}),
    ("Colossus Hammer", "Equipped creature gets +10/+10 and loses flying.",       # Equipment, loses_keywords
     {"static": {"affects": "equipped", "does": [{"modify_pt": "+10/+10"}, {"lose_abilities": ["flying"]}]}}),
    ("Humility", "All creatures lose all abilities and have base power and toughness 1/1.",   # loses_all, base_pt
     {"static": {"affects": {"all": ["creature"]}, "does": ["lose_all_abilities", {"set_base_pt": "1/1"}]}}),
    ("Opalescence", "Each other non-Aura enchantment is a creature in addition to its other types and has base "
     "power and base toughness each equal to its mana value.",                    # is_types + base_pt equal to
     {"static": {"affects": {"other": True, "all": ["enchantment"], "not": ["Aura"]},
                 "does": [{"add_types": ["Creature"]},
                          {"set_base_pt": {"power": "mana_value", "toughness": "mana_value"}}]}}),
    ("Ensoul Artifact", "Enchanted artifact is a creature with base power and toughness 5/5 in addition to its "
     "other types.",
     {"static": {"affects": "enchanted", "does": [{"add_types": ["Creature"]}, {"set_base_pt": "5/5"}]}}),
    ("Life and Limb", "All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands in "
     "addition to their other types. (They're affected by summoning sickness.)",  # two groups, description
     {"static": {"affects": {"any": [{"all": ["Forest"]}, {"all": ["Saproling"]}]},
                 "does": [{"add_types": ["Creature", "Land"]}, {"add_subtypes": ["Saproling", "Forest"]},
                          {"set_colors": ["green"]}, {"set_base_pt": "1/1"}]}}),
    ("Urborg, Tomb of Yawgmoth", "Each land is a Swamp in addition to its other land types.",
     {"static": {"affects": {"all": ["land"]}, "does": [{"add_subtypes": ["Swamp"]}]}}),
    ("Mycosynth Lattice", "All permanents are artifacts in addition to their other types.",
     {"static": {"affects": {"all": ["permanent"]}, "does": [{"add_types": ["Artifact"]}]}}),
    ("Blood Moon", "Nonbasic lands are Mountains.",                               # land-type changer (305.7)
     {"static": {"affects": {"all": ["land"], "not": ["basic"]}, "does": [{"set_land_types": ["Mountain"]}]}}),
    ("Lignify", "Enchanted creature is a Treefolk with base power and toughness 0/4 and loses all abilities.",
     {"static": {"affects": "enchanted", "does": [{"set_creature_types": ["Treefolk"]}, {"set_base_pt": "0/4"},
                                                   "lose_all_abilities"]}}),
    ("Darkest Hour", "All creatures are black.",                                  # color changer
     {"static": {"affects": {"all": ["creature"]}, "does": [{"set_colors": ["black"]}]}}),
    ("Control Magic", "You control enchanted creature.",                          # control
     {"static": {"affects": "enchanted", "does": {"gain_control": "you"}}}),
    ("Nightmare", "Nightmare's power and toughness are each equal to the number of Swamps you control.",   # CDA
     {"cda": True, "static": {"affects": "self", "does": {"set_base_pt": {
         "power": {"count": {"all": ["Swamp"], "controller": "you"}},
         "toughness": {"count": {"all": ["Swamp"], "controller": "you"}}}}}}),
    ("Tarmogoyf", "Tarmogoyf's power is equal to the number of card types among cards in all graveyards and its "
     "toughness is equal to that number plus 1.",                                 # CDA, power then toughness
     {"cda": True, "static": {"affects": "self", "does": {"set_base_pt": {
         "power": {"card_types_in_graveyards": "all"},
         "toughness": {"sum": [{"card_types_in_graveyards": "all"}, 1]}}}}}),
    ("Lhurgoyf", "Lhurgoyf's power is equal to the number of creature cards in all graveyards and its toughness "
     "is equal to that number plus 1.",                                           # count_cards
     {"cda": True, "static": {"affects": "self", "does": {"set_base_pt": {
         "power": {"count_cards": {"zone": "graveyard", "owner": "any", "all": ["creature"]}},
         "toughness": {"sum": [{"count_cards": {"zone": "graveyard", "owner": "any", "all": ["creature"]}},
                               1]}}}}}),
    ("Vastwood Zendikon", "Enchanted land is a 6/4 green Elemental creature. It's still a land.",   # 205.1b
     {"static": {"affects": "enchanted", "does": [{"add_types": ["Creature"]}, {"add_subtypes": ["Elemental"]},
                                                   {"set_colors": ["green"]}, {"set_base_pt": "6/4"}]}}),
    ("Crusher Zendikon", "Enchanted land is a 4/2 red Beast creature with trample. It's still a land.",
     {"static": {"affects": "enchanted", "does": [{"add_types": ["Creature"]}, {"add_subtypes": ["Beast"]},
                                                   {"set_colors": ["red"]}, {"set_base_pt": "4/2"},
                                                   {"add_abilities": ["trample"]}]}}),
    ("Dralnu's Crusade", "All Goblins are black and are Zombies in addition to their other creature types.",
     {"static": {"affects": {"all": ["Goblin"]}, "does": [{"set_colors": ["black"]}, {"add_subtypes": ["Zombie"]}]}}),
    ("Lush Growth", "Enchanted land is a Mountain, Forest, and Plains.",          # longest description that reads
     {"static": {"affects": "enchanted", "does": [{"set_land_types": ["Mountain", "Forest", "Plains"]}]}}),
    ("Prismatic Omen", "Lands you control are every basic land type in addition to their other types.",
     {"static": {"affects": {"all": ["land"], "controller": "you"},
                 "does": [{"add_subtypes": ["Plains", "Island", "Swamp", "Mountain", "Forest"]}]}}),
    ("On Serra's Wings", "Enchanted creature is legendary, gets +1/+1, and has flying, vigilance, and lifelink.",
     {"static": {"affects": "enchanted", "does": [{"add_supertypes": ["Legendary"]}, {"modify_pt": "+1/+1"},
                                                   {"add_abilities": ["flying", "vigilance", "lifelink"]}]}}),
    ("Sword of Fire and Ice", "Equipped creature gets +2/+2 and has protection from red and from blue.",
     {"static": {"affects": "equipped", "does": [{"modify_pt": "+2/+2"},
                                                  {"add_abilities": ["protection from red and from blue"]}]}}),
    ("Fearsome Temper", 'Enchanted creature gets +2/+2 and has "{2}{R}: Target creature can\'t block this creature '
     'this turn."',                                                               # a quoted ability, kept as text
     {"static": {"affects": "enchanted", "does": [{"modify_pt": "+2/+2"}, {"add_abilities": [
         {"text": "{2}{R}: Target creature can't block this creature this turn."}]}]}}),
    ("Metallic Mimic", "Metallic Mimic is the chosen type in addition to its other types.",
     {"static": {"affects": "self", "does": [{"add_subtypes": {"chosen": "creature_type"}}]}}),
    ("Adaptive Automaton", "Other creatures you control of the chosen type get +1/+1.",
     {"static": {"affects": {"other": True, "controller": "you", "all": ["creature", {"chosen": "creature_type"}]},
                 "does": [{"modify_pt": "+1/+1"}]}}),
    ("Dauntless Dourbark", "Dauntless Dourbark's power and toughness are each equal to the number of Forests you "
     "control plus the number of Treefolk you control.",                          # a sum of counts
     {"cda": True, "static": {"affects": "self", "does": {"set_base_pt": {
         "power": {"sum": [{"count": {"all": ["Forest"], "controller": "you"}},
                           {"count": {"all": ["Treefolk"], "controller": "you"}}]},
         "toughness": {"sum": [{"count": {"all": ["Forest"], "controller": "you"}},
                               {"count": {"all": ["Treefolk"], "controller": "you"}}]}}}}}),
    ("Lord of Extinction", "Lord of Extinction's power and toughness are each equal to the number of cards in all "
     "graveyards.",
     {"cda": True, "static": {"affects": "self", "does": {"set_base_pt": {
         "power": {"count_cards": {"zone": "graveyard", "owner": "any"}},
         "toughness": {"count_cards": {"zone": "graveyard", "owner": "any"}}}}}}),
    ("Yixlid Jailer", "Cards in graveyards lose all abilities.",                 # zones (400.1)
     {"static": {"affects": {"zone": "graveyard"}, "does": ["lose_all_abilities"]}}),
    ("Mycosynth Lattice", "All cards that aren't on the battlefield, spells, and permanents are colorless.",
     {"static": {"affects": {"zone": "all"}, "does": [{"set_colors": []}]}}),
    ("Painter's Servant", "All cards that aren't on the battlefield, spells, and permanents are the chosen color in "
     "addition to their other colors.",
     {"static": {"affects": {"zone": "all"}, "does": [{"add_colors": {"chosen": "color"}}]}}),
    ("Ruination Guide", "Other colorless creatures you control get +1/+0.",      # 105.2c colorless
     {"static": {"affects": {"other": True, "controller": "you", "all": ["colorless", "creature"]},
                 "does": [{"modify_pt": "+1/+0"}]}}),
    ("Favorable Winds", "Creatures you control with flying get +1/+1.",            # has: [flying]
     {"static": {"affects": {"has": ["flying"], "controller": "you", "all": ["creature"]},
                 "does": [{"modify_pt": "+1/+1"}]}}),
    ("True Believer", "You have shroud. (You can't be the target of spells or abilities.)",   # players
     {"players": {"who": "you", "gain": ["shroud"]}}),
    ("Spellbook", "You have no maximum hand size.", {"players": {"who": "you", "max_hand_size": "none"}}),
    ("Forsaken Wastes", "Players can't gain life.", {"players": {"who": "each", "gain": ["can't gain life"]}}),
    ("Maro", "Maro's power and toughness are each equal to the number of cards in your hand.",   # cards in hand
     {"cda": True, "static": {"affects": "self", "does": {"set_base_pt": {
         "power": {"count_cards": {"zone": "hand", "owner": "you"}},
         "toughness": {"count_cards": {"zone": "hand", "owner": "you"}}}}}}),
    ("Multani, Maro-Sorcerer", "Multani, Maro-Sorcerer's power and toughness are each equal to the total number "
     "of cards in all players' hands.",
     {"cda": True, "static": {"affects": "self", "does": {"set_base_pt": {
         "power": {"count_cards": {"zone": "hand", "owner": "any"}},
         "toughness": {"count_cards": {"zone": "hand", "owner": "any"}}}}}}),
    ("Banshee's Blade", "Equipped creature gets +1/+1 for each charge counter on this Equipment.",  # on its source
     {"static": {"affects": "equipped", "does": [{"modify_pt": {
         "power": {"counters": {"kind": "charge", "object": "source"}},
         "toughness": {"counters": {"kind": "charge", "object": "source"}}}}]}}),
    ("Rusting Golem", "Rusting Golem's power and toughness are each equal to the number of fade counters on it.",
     {"cda": True, "static": {"affects": "self", "does": {"set_base_pt": {
         "power": {"counters": "fade"}, "toughness": {"counters": "fade"}}}}}),
    ("Kemba, Kha Enduring", "Equipped creatures you control get +1/+1.",           # 301.5 equipped
     {"static": {"affects": {"controller": "you", "all": ["equipped", "creature"]}, "does": [{"modify_pt": "+1/+1"}]}}),
    ("Fencer's Magemark", "Creatures you control that are enchanted get +1/+1 and have first strike.",   # 303.4
     {"static": {"affects": {"controller": "you", "all": ["creature", "enchanted"]},
                 "does": [{"modify_pt": "+1/+1"}, {"add_abilities": ["first strike"]}]}}),
    ("Volrath's Shapeshifter", 'As long as the top card of your graveyard is a creature card, this creature has the full '
     'text of that card and has the text "{2}: Discard a card."',                # 612, 404.1: full_text_of
     {"static": {"affects": "self", "does": [{"full_text_of": {"top_card_of": "graveyard", "if": {"all": ["creature"]},
                                                               "add_abilities": [{"text": "{2}: Discard a card."}]}}]}}),
    ("Halvar, God of Battle", "Creatures you control that are enchanted or equipped have double strike.",
     {"static": {"affects": {"any": [{"controller": "you", "all": ["creature", "enchanted"]},
                                     {"controller": "you", "all": ["creature", "equipped"]}]},
                 "does": [{"add_abilities": ["double strike"]}]}}),
]


@pytest.mark.parametrize("name,line,expected", TEMPLATES, ids=[t[0] for t in TEMPLATES])
def test_static_template(name, line, expected):
    # an effect on players (613.10) changes no object's characteristics: it is no layer line
    ability = static(line, name, layer="players" not in expected)
    assert {k: v for k, v in ability.items() if k != "text"} == expected


COPIES = [
    ("Clone", "You may have this creature enter as a copy of any creature on the battlefield.", {}),
    ("Quicksilver Gargantuan", "You may have this creature enter as a copy of any creature on the battlefield, "
     "except it's 7/7.", {"except": {"pt": "7/7"}}),
    ("Phyrexian Metamorph", "You may have this creature enter as a copy of any artifact or creature on the "
     "battlefield, except it's an artifact in addition to its other types.", {"except": {"add_types": ["Artifact"]}}),
    ("Phantasmal Image", "You may have Phantasmal Image enter the battlefield as a copy of any creature on the "
     "battlefield, except it's an Illusion in addition to its other types and it has \"Whenever this creature "
     "becomes the target of a spell or ability, sacrifice it.\"", None),
]


@pytest.mark.parametrize("name,line,expected", COPIES[:3], ids=[c[0] for c in COPIES[:3]])
def test_enters_as_copy(name, line, expected):
    assert static(line, name, "Creature — Shapeshifter")["enters_as_copy"] == expected


def test_copy_in_2020_wording_and_granted_keywords_dacks_duplicate():
    line = ("You may have Dack's Duplicate enter the battlefield as a copy of any creature on the battlefield except "
            "it gains haste and dethrone. (Whenever it attacks the player with the most life or tied for most life, "
            "put a +1/+1 counter on it.)")
    assert static(line, "Dack's Duplicate", "Creature")["enters_as_copy"] == {
        "except": {"add_abilities": ["haste", "dethrone"]}}


def test_becomes_a_copy_activated_mirage_mirror_and_dimir_doppelganger():
    mirror = "{2}: Mirage Mirror becomes a copy of target artifact, creature, enchantment, or land until end of turn."
    assert static(mirror, "Mirage Mirror", "Artifact")["becomes_copy"] == {}
    dimir = ("{1}{U}{B}: Exile target creature card from a graveyard. This creature becomes a copy of that card, "
             "except it has this ability.")
    assert static(dimir, "Dimir Doppelganger", "Creature")["becomes_copy"] == {"except": {"add_abilities": ["this"]}}


def test_choice_as_it_enters_voice_of_all():
    assert static("As this creature enters, choose a color.", "Voice of All", "Creature", layer=False) == {
        "text": "As this creature enters, choose a color.", "choose": "color", "chosen": "color"}


def test_ability_word_set_aside_and_threshold_read_wayward_angel():
    line = ("Threshold — As long as seven or more cards are in your graveyard, Wayward Angel gets +3/+3, is black, has "
            "trample, and has \"At the beginning of your upkeep, sacrifice a creature.\"")
    found = static(line, "Wayward Angel", "Creature")["static"]
    assert found["as_long_as"] == {"count_cards": {"zone": "graveyard", "owner": "you"}, "at_least": 7}
    assert found["affects"] == "self" and {"set_colors": ["black"]} in found["does"]


@pytest.mark.parametrize("line,name,condition,affects", [
    ("As long as enchanted permanent is a creature, it has flying.", "Rune of Flight",
     {"attached": {"all": ["creature"]}}, "enchanted"),
    ("Kird Ape gets +1/+2 as long as you control a Forest.", "Kird Ape",
     {"count": {"all": ["Forest"], "controller": "you"}, "at_least": 1}, "self"),
    ("Metalcraft — Rusted Relic is a 5/5 Golem artifact creature as long as you control three or more artifacts.",
     "Rusted Relic", {"count": {"all": ["artifact"], "controller": "you"}, "at_least": 3}, "self"),
    ("Dauntless Dourbark has trample as long as you control another Treefolk.", "Dauntless Dourbark",
     {"count": {"all": ["Treefolk"], "controller": "you", "other": True}, "at_least": 1}, "self"),
    ("As long as equipped creature is a Human or an Angel, it has vigilance.", "Bladed Bracers",
     {"attached": {"any": [{"all": ["Human"]}, {"all": ["Angel"]}]}}, "equipped"),
    ("Enchanted creature gets +1/+2 as long as it's white.", "Favorable Destiny", {"attached": {"all": ["white"]}},
     "enchanted"),
    ("Hellbent — Enchanted creature gets an additional +2/+0 as long as you have no cards in hand.", "Taste for Mayhem",
     {"count_cards": {"zone": "hand", "owner": "you"}, "equal": 0}, "enchanted"),
    ("As long as your devotion to red is less than five, Purphoros isn't a creature.", "Purphoros, God of the Forge",
     {"devotion": ["red"], "less_than": 5}, "self"),
])
def test_as_long_as(line, name, condition, affects):
    found = static(line, name, "Creature")["static"]
    assert found["as_long_as"] == condition and found["affects"] == affects


@pytest.mark.parametrize("line,name", [
    ("Each Vehicle you control gets +1/+1 as long as it's a car.", "Depala, Pilot Exemplar"),   # no such group
    ("Each Vehicle you control gets +1/+1 as long as it's tapped and untapped.", "Depala, Pilot Exemplar"),
])
def test_as_long_as_not_read_stays_text(line, name):
    reading = read(line, name, "Creature")
    assert not reading.structured


def test_as_long_as_it_is_each_one_narrows_the_group():
    """Depala's "as long as it's a creature": 'it' is each Vehicle, so the Vehicles that are creatures."""
    assert static("Each Vehicle you control gets +1/+1 as long as it's a creature.", "Depala, Pilot Exemplar",
                  "Creature")["static"]["affects"] == {"controller": "you", "all": ["Vehicle", "creature"]}


def test_copy_exception_keeps_the_printed_words_of_a_quoted_ability():
    line = ("You may have this creature enter as a copy of any creature on the battlefield, except it's an Illusion "
            "in addition to its other types and it has \"When this creature becomes the target of a spell or "
            "ability, sacrifice it.\"")          # Phantasmal Image, 2025 wording
    exceptions = static(line, "Phantasmal Image", "Creature — Illusion")["enters_as_copy"]["except"]
    assert exceptions == {"add_subtypes": ["Illusion"], "add_abilities": [
        {"text": "When this creature becomes the target of a spell or ability, sacrifice it.",
         "triggered": {"when": "becomes_target", "what": "self"}}]}      # issue 33: its trigger condition is read


def test_cda_of_power_only_keeps_the_printed_toughness_dakmor_sorceress():
    (reading,) = read_text("Dakmor Sorceress's power is equal to the number of Swamps you control.",
                           "Dakmor Sorceress", "Creature — Human Wizard", "*/4")
    assert reading.structured and reading.abilities[0]["static"]["does"] == {"set_base_pt": {
        "power": {"count": {"all": ["Swamp"], "controller": "you"}}, "toughness": 4}}


def test_every_creature_type_mistform_ultimus_and_changeling():
    ability = static("Mistform Ultimus is every creature type (even if this card isn't on the battlefield).",
                     "Mistform Ultimus", "Legendary Creature — Illusion")
    assert ability["cda"] and ability["static"] == {"affects": "self", "does": ["add_all_creature_types"]}
    changeling = read("Changeling (This card is every creature type.)", "Amoeboid Changeling", "Creature — Shapeshifter")
    assert changeling.abilities == ("changeling",) and changeling.structured and changeling.layer   # asp/702


def test_creatures_named_like_itself_plague_rats():
    (reading,) = read_text("Plague Rats's power and toughness are each equal to the number of creatures named "
                           "Plague Rats on the battlefield.", "Plague Rats", "Creature — Rat", "*/*")
    counted = {"count": {"named": "Plague Rats", "all": ["creature"]}}
    assert reading.abilities[0]["static"]["does"] == {"set_base_pt": {"power": counted, "toughness": counted}}


def test_keyword_line_serra_angel():
    assert read("Flying, vigilance", "Serra Angel", "Creature — Angel").abilities == ("flying", "vigilance")


def test_reminder_text_is_set_aside_grinning_demon():
    line = "Morph {2}{B}{B} (You may cast this card face down as a 2/2 creature for {3}. Turn it face up any time " \
           "for its morph cost.)"
    assert read(line, "Grinning Demon", "Creature — Demon").abilities == ("morph {2}{b}{b}",)


def test_reminder_only_line_is_no_ability_plains():
    assert read("({T}: Add {W}.)", "Plains", "Basic Land — Plains").abilities == ()


def test_devoid_is_a_colorless_cda_eldrazi_skyspawner():
    (ability,) = read("Devoid (This card has no color.)", "Eldrazi Skyspawner", "Creature — Eldrazi Drone").abilities
    assert ability == {"text": "Devoid", "cda": True, "static": {"affects": "self", "does": {"set_colors": []}}}


def test_enters_tapped_skyshroud_behemoth():
    ability = static("Skyshroud Behemoth enters tapped.", "Skyshroud Behemoth", "Creature — Beast", layer=False)
    assert ability["enters"] == {"tapped": True}


def test_trigger_condition_soul_warden_and_gelectrode():
    (warden,) = read("Whenever another creature enters, you gain 1 life.", "Soul Warden", "Creature").abilities
    assert warden["triggered"] == {"when": "enters", "what": {"other": True, "all": ["creature"]}}
    (gelectrode,) = read("Whenever you cast an instant or sorcery spell, you may untap this creature.",
                         "Gelectrode", "Creature").abilities
    assert gelectrode["triggered"] == {"when": "cast", "what": {"any": [{"all": ["instant"]}, {"all": ["sorcery"]}],
                                                                "controller": "you"}}


def test_old_and_new_self_reference_read_alike_skyshroud_behemoth():
    old = read("Skyshroud Behemoth enters the battlefield tapped.", "Skyshroud Behemoth", "Creature")
    new = read("This creature enters tapped.", "Skyshroud Behemoth", "Creature")
    assert old.abilities[0]["enters"] == new.abilities[0]["enters"] == {"tapped": True}


def test_conspiracy_reaches_its_creature_spells_and_cards_as_the_library_writes_it():
    """400.1: "The same is true for creature spells you control and creature cards you own that aren't on the
    battlefield" — the reading is the hand-written one of library.yaml (cases/zones/conspiracy_cards_you_own.yaml)."""
    line = ("Creatures you control are the chosen type. The same is true for creature spells you control and "
            "creature cards you own that aren't on the battlefield.")
    reading = read(line, "Conspiracy")
    assert reading.structured and reading.layer
    assert reading.abilities == ({"text": line, "static": {
        "affects": {"any": [{"all": ["creature"], "controller": "you", "zone": ["battlefield", "stack"]},
                            {"all": ["creature"], "owner": "you", "zone": ["hand", "graveyard", "library", "exile"]}]},
        "does": [{"set_creature_types": {"chosen": "creature_type"}}]}},)


def test_an_artifact_creature_keeps_its_types_march_of_the_machines():
    """205.1b: an object that becomes an "artifact creature" keeps its prior card types and subtypes."""
    line = ("Each noncreature artifact is an artifact creature with power and toughness each equal to its mana "
            "value. (Equipment that's a creature can't equip a creature.)")
    assert static(line, "March of the Machines")["static"] == {
        "affects": {"all": ["artifact"], "not": ["creature"]},
        "does": [{"add_types": ["Artifact", "Creature"]}, {"set_base_pt": {"power": "mana_value",
                                                                            "toughness": "mana_value"}}]}


def test_other_types_without_in_addition_are_left_to_a_person_song_of_the_dryads():
    reading = read("Enchanted permanent is a colorless Forest land.", "Song of the Dryads")
    assert reading.layer and not reading.structured


def test_spell_lines_are_not_abilities_giant_growth():
    assert read("Target creature gets +3/+3 until end of turn.", "Giant Growth", "Instant").abilities == ()


def test_written_abilities_win_over_the_reader():
    from bridge.cards.library import library
    conspiracy = library().card("Conspiracy")
    assert any(a.selector is not None for a in conspiracy.abilities)     # hand-written: chosen creature type


def test_cards_without_abilities_get_them_from_the_reader():
    from bridge.cards.catalog import find_card
    found = find_card("Humility")                     # a pool card: printed characteristics and text only
    assert "abilities" not in found.raw
    (humility,) = found.card.abilities
    assert [op.kind for op in humility.operations] == ["lose_all_abilities", "set_base_pt"]


def test_read_line_keeps_the_printed_line():
    reading = read_line("Enchanted creature gets +2/+0 and has trample.", "Rancor")
    assert reading.line == reading.abilities[0]["text"]


def test_inline_cards_given_only_by_text_answer_as_if_written_out():
    """cases/oracle: the same board, once with Oracle text only, once with the abilities written out."""
    from pathlib import Path

    from bridge.interfaces.api import solve
    cases = Path(__file__).parent.parent / "cases" / "oracle"
    read_by_reader = solve(str(cases / "inline_text_only.yaml"))
    written_out = solve(str(cases / "inline_written_out.yaml"))
    assert [o.as_dict() for o in read_by_reader.permanents] == [o.as_dict() for o in written_out.permanents]
    assert read_by_reader.permanents[2].as_dict()["pt"] == "3/3"


def test_every_card_loads_and_coverage_counts_them(capsys):
    """library.yaml's cards and the pool's all load (the build left out what the library cannot read);
    `cards coverage` counts the layer abilities of every one."""
    import re
    from bridge.interfaces.cli.cards import coverage
    from bridge.interfaces.cli.main import main
    from bridge.cards.library import library
    cards = library().all_cards()
    counts, unread = coverage(cards)
    assert sum(total - read for read, total in counts.values()) == len(unread)
    assert main(["cards", "coverage"]) == 0
    counted = re.search(r"^(\d+) cards \(library.yaml and the card pool\); the reader structures (\d+) of (\d+) layer lines",
                        capsys.readouterr().out, re.M)
    assert counted and int(counted.group(1)) > 34000 and int(counted.group(2)) <= int(counted.group(3))


@pytest.mark.parametrize("line,name,affects", [
    ("Creature tokens you control get +1/+1 and have vigilance.", "Intangible Virtue",
     {"controller": "you", "all": ["creature", "token"]}),
    ("Nontoken creatures you control have riot.", "Rhythm of the Wild",
     {"controller": "you", "all": ["creature"], "not": ["token"]}),
    ("Face-down creatures you control get +0/+1.", "Secret Plans", {"controller": "you", "all": ["face_down", "creature"]}),
])
def test_token_and_face_down_subjects(line, name, affects):
    assert static(line, name)["static"]["affects"] == affects


def test_counter_kind_the_cards_text_names_is_read_kangee():
    """'feather' is in no rules list (122), but Kangee's own text names it (122.1: a counter may have any name):
    the count of feather counters on Kangee is read, and the ability passes a case's word check once declared."""
    from bridge.vocabulary.words import rules_words
    line = "Other Bird creatures get +1/+1 for each feather counter on Kangee, Aerie Keeper."
    (reading,) = read_text(line, "Kangee, Aerie Keeper", "Legendary Creature — Bird Wizard")
    assert reading.structured
    count = {"counters": {"kind": "feather", "object": "source"}}
    assert reading.abilities[0]["static"]["does"] == [{"modify_pt": {"power": count, "toughness": count}}]
    Reader("test", rules_words().with_declared([("counter", "feather")])).ability(
        reading.abilities[0], "ability 0")

# Wordings read since issue 32's static and CDA half (real cards' Oracle text; each reading is valid vocabulary).
YOU = {"count_cards": {"zone": "hand", "owner": "you"}}
STATIC_WORDINGS = [
    ("Grim Strider", "This creature gets -1/-1 for each card in your hand.",       # 107.1: a count negated
     {"static": {"affects": "self", "does": [{"modify_pt": {"power": {"minus": YOU}, "toughness": {"minus": YOU}}}]}}),
    ("Cranial Ram", "Equipped creature gets +X/+1, where X is the number of artifacts you control.",
     {"static": {"affects": "equipped", "does": [{"modify_pt": {
         "power": {"count": {"controller": "you", "all": ["artifact"]}}, "toughness": 1}}]}}),
    ("Death's Shadow", "This creature gets -X/-X, where X is your life total.",
     {"static": {"affects": "self", "does": [{"modify_pt": {"power": {"minus": {"life": "you"}},
                                                             "toughness": {"minus": {"life": "you"}}}}]}}),
    ("Angel of Vitality", "This creature gets +2/+2 as long as you have 25 or more life.",
     {"static": {"as_long_as": {"life": "you", "at_least": 25}, "affects": "self", "does": [{"modify_pt": "+2/+2"}]}}),
    ("Village Survivors", "Fateful hour — As long as you have 5 or less life, other creatures you control have vigilance.",
     {"static": {"as_long_as": {"life": "you", "at_most": 5}, "affects": {"other": True, "controller": "you",
                                                                          "all": ["creature"]},
                 "does": [{"add_abilities": ["vigilance"]}]}}),
    ("Razorkin Needlehead", "This creature has first strike during your turn.",
     {"static": {"as_long_as": {"turn": "yours"}, "affects": "self", "does": [{"add_abilities": ["first strike"]}]}}),
    ("Grond, the Gatebreaker", "As long as it's your turn and you control an Army, Grond is an artifact creature.",
     {"static": {"as_long_as": [{"turn": "yours"}, {"count": {"all": ["Army"], "controller": "you"}, "at_least": 1}],
                 "affects": "self", "does": [{"add_types": ["Artifact", "Creature"]}]}}),
    ("Angelic Voices", "Creatures you control get +1/+1 as long as you control no nonartifact, nonwhite creatures.",
     {"static": {"as_long_as": {"count": {"all": ["creature"], "not": ["artifact", "white"], "controller": "you"},
                                "equal": 0},
                 "affects": {"controller": "you", "all": ["creature"]}, "does": [{"modify_pt": "+1/+1"}]}}),
    ("Ice-Fang Coatl", "This creature has deathtouch as long as you control at least three other snow permanents.",
     {"static": {"as_long_as": {"count": {"other": True, "all": ["snow"], "controller": "you"}, "at_least": 3},
                 "affects": "self", "does": [{"add_abilities": ["deathtouch"]}]}}),
    ("Sultai Runemark", "Enchanted creature has deathtouch as long as you control a green or blue permanent.",
     {"static": {"as_long_as": {"count": {"any": [{"all": ["green"], "controller": "you"},
                                                  {"all": ["blue"], "controller": "you"}]}, "at_least": 1},
                 "affects": "enchanted", "does": [{"add_abilities": ["deathtouch"]}]}}),
    ("Aang, Airbending Master", "This creature gets +1/+1 as long as there's a Lesson card in your graveyard.",
     {"static": {"as_long_as": {"count_cards": {"zone": "graveyard", "owner": "you", "all": ["Lesson"]},
                                "at_least": 1}, "affects": "self", "does": [{"modify_pt": "+1/+1"}]}}),
    ("Frogify", "Enchanted creature loses all abilities and is a blue Frog creature with base power and toughness 1/1.",
     {"static": {"affects": "enchanted", "does": ["lose_all_abilities", {"set_types": ["Creature"]},
                                                  {"set_creature_types": ["Frog"]}, {"set_colors": ["blue"]},
                                                  {"set_base_pt": "1/1"}]}}),
    ("Enchantmentize", "Enchanted permanent is an enchantment and loses all other card types.",
     {"static": {"affects": "enchanted", "does": [{"set_types": ["Enchantment"]}]}}),
    ("Tiefling Outcasts", "Other Demons, Devils, Imps, and Tieflings you control get +1/+0.",
     {"static": {"affects": {"any": [{"other": True, "controller": "you", "all": [t]}
                                     for t in ("Demon", "Devil", "Imp", "Tiefling")]},
                 "does": [{"modify_pt": "+1/+0"}]}}),
    ("Nettlecyst", "Equipped creature gets +1/+1 for each artifact and/or enchantment you control.",
     {"static": {"affects": "equipped", "does": [{"modify_pt": {
         "power": {"count": {"any": [{"controller": "you", "all": ["artifact"]},
                                     {"controller": "you", "all": ["enchantment"]}]}},
         "toughness": {"count": {"any": [{"controller": "you", "all": ["artifact"]},
                                         {"controller": "you", "all": ["enchantment"]}]}}}}]}}),
    ("Pietra, Crafter of Clowns", "Robots you control get +1/+1.",                 # 205.3m of 2025
     {"static": {"affects": {"controller": "you", "all": ["Robot"]}, "does": [{"modify_pt": "+1/+1"}]}}),
]


@pytest.mark.parametrize("name,line,expected", STATIC_WORDINGS, ids=[w[0] for w in STATIC_WORDINGS])
def test_static_wordings_read_since_issue_32(name, line, expected):
    assert {k: v for k, v in static(line, name).items() if k != "text"} == expected


def test_several_sentences_one_static_each_tenza():
    """Tenza, Godo's Maul: each sentence is an effect; "it" is the equipped creature (611.3a for the conditions)."""
    line = ("Equipped creature gets +1/+1. As long as it's legendary, it gets an additional +2/+2. As long as it's red, "
            "it has trample.")
    reading = read(line, "Tenza, Godo's Maul", "Legendary Artifact — Equipment")
    assert reading.structured and [a["static"] for a in reading.abilities] == [
        {"affects": "equipped", "does": [{"modify_pt": "+1/+1"}]},
        {"as_long_as": {"attached": {"all": ["legendary"]}}, "affects": "equipped", "does": [{"modify_pt": "+2/+2"}]},
        {"as_long_as": {"attached": {"all": ["red"]}}, "affects": "equipped", "does": [{"add_abilities": ["trample"]}]}]


@pytest.mark.parametrize("name,line,first,second", [
    ("Phyrexian Boon", "Enchanted creature gets +2/+1 as long as it's black. Otherwise, it gets -1/-2.",
     {"attached": {"all": ["black"]}}, {"attached": {"not": ["black"]}}),
    ("Hunter's Blowgun", "Equipped creature has deathtouch during your turn. Otherwise, it has reach.",
     {"turn": "yours"}, {"turn": "not_yours"}),
    ("Tahngarth's Rage", "Enchanted creature gets +3/+0 as long as it's attacking. Otherwise, it gets -2/-1.",
     {"attached": {"all": ["attacking"]}}, {"attached": {"not": ["attacking"]}}),
])
def test_otherwise_is_the_opposite_condition(name, line, first, second):
    reading = read(line, name)
    assert reading.structured and [a["static"]["as_long_as"] for a in reading.abilities] == [first, second]


@pytest.mark.parametrize("name,line", [
    # "instead" under a condition the reader cannot say the opposite of, and a sentence that is no layer effect
    # 702.16p "already attached to it" (White Ward's "this Aura" is read: tests/test_reader_statuses_and_riders.py)
    ("Benevolent Blessing", "Enchanted creature has protection from the chosen color. This effect doesn't remove Auras "
                            "and Equipment you control that are already attached to it."),
    ("Armament of Nyx", "Enchanted creature has double strike as long as it's an enchantment. Otherwise, prevent all "
                        "damage that would be dealt by enchanted creature."),
    # a condition on "an opponent": some opponent, not all of them together
    ("Predator's Gambit", "Enchanted creature has intimidate as long as its controller controls no other creatures."),
    # 601.2a "spells you cast" is read (cast_by: tests/test_reader_class_levels_and_spells_you_cast.py); the zone a
    # spell was cast from is not said
    ("Hoarding Broodlord", "Spells you cast from exile have convoke."),
    # an adjective before "and": every group's, or the first one's only
    ("Firesong and Sunspeaker", "Red instant and sorcery spells you control have lifelink."),
])
def test_what_a_sentence_leaves_unsaid_keeps_the_line_text(name, line):
    reading = read(line, name)
    assert not reading.structured and reading.layer


@pytest.mark.parametrize("name,line,kinds", [
    ("Howlpack Resurgence", "Each creature you control that's a Wolf or a Werewolf gets +1/+1 and has trample.",
     ["Wolf", "Werewolf"]),
    ("Kaheera, the Orphanguard", "Each other creature you control that's a Cat, Elemental, Nightmare, Dinosaur, or Beast "
     "gets +1/+1 and has vigilance.", ["Cat", "Elemental", "Nightmare", "Dinosaur", "Beast"]),
])
def test_a_creature_thats_one_of_several_types(name, line, kinds):
    """One creature that is any of the types (each counted once): a disjunction of one group per type."""
    affects = static(line, name, "Creature")["static"]["affects"]
    assert [branch["all"] for branch in affects["any"]] == [["creature", kind] for kind in kinds]
    assert all(branch["controller"] == "you" for branch in affects["any"])


def test_a_count_of_creatures_that_are_one_type_or_another_the_mycotyrant():
    line = ("The Mycotyrant's power and toughness are each equal to the number of creatures you control that are "
            "Fungi and/or Saprolings.")
    ability = static(line, "The Mycotyrant", "Legendary Creature — Elder Fungus")
    count = {"count": {"any": [{"controller": "you", "all": ["creature", "Fungus"]},
                               {"controller": "you", "all": ["creature", "Saproling"]}]}}
    assert ability["cda"] and ability["static"]["does"] == {"set_base_pt": {"power": count, "toughness": count}}


def test_instant_and_sorcery_cards_are_the_cards_that_are_either_haughty_djinn():
    line = "Haughty Djinn's power is equal to the number of instant and sorcery cards in your graveyard."
    (reading,) = read_text(line, "Haughty Djinn", "Creature — Djinn", "*/4")
    count = {"count_cards": {"zone": "graveyard", "owner": "you", "any": [{"all": ["instant"]}, {"all": ["sorcery"]}]}}
    assert reading.structured and reading.abilities[0]["static"]["does"] == {"set_base_pt": {"power": count,
                                                                                             "toughness": 4}}
    Reader("test").ability(reading.abilities[0], "ability 0")


def test_instant_and_sorcery_cards_count_once_each_in_the_solver():
    from bridge.interfaces.cli.main import main
    assert main(["check", "cases/reader/haughty_djinn_instant_and_sorcery_cards.yaml"]) == 0


def test_an_opponent_controlling_several_is_one_opponent_walking_dream():
    """Walking Dream: "if an opponent controls two or more creatures" — one opponent controls two, not the
    opponents' creatures counted together (a multiplayer game): the vocabulary has no "some opponent", so it
    is not read; "an opponent controls a ..." (Tide Shaper) is the same either way and is read."""
    from bridge.cards.oracle.conditions import one_condition
    assert one_condition("an opponent controls two or more creatures", "self") is None
    assert one_condition("an opponent controls an Island", "self") == {
        "count": {"all": ["Island"], "controller": "opponent"}, "at_least": 1}


@pytest.mark.parametrize("name,type_line,line,kept", [
    # 201.5: only a legendary card names itself by the part before " of the "; a nonlegendary card's
    # "Knight" is the creature type (Oracle text of Knight of the Mists / Knight of the New Coalition)
    ("Knight of the Mists", "Creature — Human Knight",
     "When this creature enters, you may pay {U}. If you don't, destroy target Knight and it can't be regenerated.",
     "target Knight"),
    ("Knight of the New Coalition", "Creature — Human Knight",
     "When this creature enters, create a 2/2 white and blue Knight creature token with vigilance.", "Knight creature"),
])
def test_a_nonlegendary_card_is_not_named_by_its_first_word(name, type_line, line, kept):
    from bridge.cards.oracle.text import normalized
    assert kept in normalized(line, name, legendary=False)
    assert kept in normalized(line, name, legendary="Legendary" in type_line)
    assert normalized("Whenever Gimli attacks, draw a card.", "Gimli of the Glittering Caves") == \
        "Whenever ~ attacks, draw a card."


@pytest.mark.parametrize("name,line", [
    ("Kaheera, the Orphanguard", "Companion — Each creature card in your starting deck is a Cat, Elemental, Nightmare, "
     "Dinosaur, or Beast card. (If this card is your chosen companion, you may put it into your hand from outside the "
     "game for {3} any time you could cast a sorcery.)"),
    ("Mister Cheddar, Cheese Sliver", 'As long as Mister Cheddar is your commander, Sliver cards in your deck have '
     '"Your deck may contain any number of this card."'),
])
def test_what_functions_outside_the_game_is_no_layer_line(name, line):
    """702.139a: companion functions outside the game; its condition on the starting deck changes no object."""
    reading = read(line, name, "Legendary Creature — Cat Beast")
    assert not reading.layer and not reading.structured


@pytest.mark.parametrize("line,name,condition", [
    ("This creature gets +3/+3 as long as no opponent controls a creature.", "Vexing Beetle",
     {"count": {"all": ["creature"], "controller": "opponent"}, "equal": 0}),
    ("This creature gets +1/+0 as long as any player controls a black permanent.", "Knight of Grace",
     {"count": {"all": ["black"]}, "at_least": 1}),
    ("As long as you control another Wolf or Werewolf, this creature gets +1/+0 and has trample.", "Hungry Ridgewolf",
     {"count": {"any": [{"all": ["Wolf"], "controller": "you", "other": True},
                        {"all": ["Werewolf"], "controller": "you", "other": True}]}, "at_least": 1}),
    # 'another' is the Merfolk's: this creature counts itself if it is an Island
    ("This creature gets +1/+1 as long as you control another Merfolk or an Island.", "Kumena's Speaker",
     {"count": {"any": [{"all": ["Merfolk"], "controller": "you", "other": True},
                        {"all": ["Island"], "controller": "you"}]}, "at_least": 1}),
])
def test_conditions_on_what_players_control(line, name, condition):
    assert static(line, name, "Creature")["static"]["as_long_as"] == condition


def test_legendary_short_name_before_of_svyelun_of_sea_and_sky():
    found = static("Svyelun has indestructible as long as you control at least two other Merfolk.",
                   "Svyelun of Sea and Sky", "Legendary Creature — Merfolk God")["static"]
    assert found["affects"] == "self" and found["as_long_as"]["at_least"] == 2


def test_an_adjective_before_a_list_of_groups_stays_unread_maraxus_of_keld():
    """"untapped artifacts, creatures, and lands": untapped may be every group's or the first's only."""
    reading = read("Maraxus's power and toughness are each equal to the number of untapped artifacts, creatures, "
                   "and lands you control.", "Maraxus of Keld", "Legendary Creature — Human Warrior")
    assert reading.layer and not reading.structured
