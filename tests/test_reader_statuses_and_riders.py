"""Issue 32: static lines read from real cards' Oracle text — subjects that are modified (700.9), commanders
(903.3), owned but not controlled (108.3), spells (112.1); riders joined to a layer effect; protection that
doesn't remove its Aura (702.16n); copy exceptions that keep the copy's name (707.9b)."""
import pytest

from bridge.cards.oracle import read_text
from bridge.vocabulary.reader import Reader


def read(line, name, type_line="Enchantment"):
    (reading,) = read_text(line, name, type_line)
    for i, ability in enumerate(reading.abilities):
        Reader("test").ability(ability, f"ability {i}")       # valid vocabulary
    return reading


def only(reading):
    assert reading.structured and reading.layer
    (ability,) = reading.abilities
    return {k: v for k, v in ability.items() if k != "text"}


@pytest.mark.parametrize("name,line,affects", [
    ("Kodama of the West Tree", "Modified creatures you control have trample. (Equipment, Auras you control, and "
                                "counters are modifications.)", {"all": ["modified", "creature"], "controller": "you"}),
    ("Red XIII, Proud Warrior", "Other modified creatures you control have vigilance and trample. (Equipment, Auras "
                                "you control, and counters are modifications.)",
     {"all": ["modified", "creature"], "controller": "you", "other": True}),
    ("Bastion Protector", "Commander creatures you control get +2/+2 and have indestructible.",
     {"all": ["commander", "creature"], "controller": "you"}),
    ("Raised by Giants", "Commander creatures you own have base power and toughness 10/10 and are Giants in addition "
                         "to their other types.", {"all": ["commander", "creature"], "owner": "you"}),
    ("Codsworth, Handy Helper", "Commanders you control have ward {2}.", {"all": ["commander"], "controller": "you"}),
    ("My Champion Stands Supreme", "Your commander has ward {2}.", {"all": ["commander"], "owner": "you"}),
    ("Laughing Jasper Flint", "Creatures you control but don't own are Mercenaries in addition to their other types.",
     {"all": ["creature"], "controller": "you", "owner": "opponent"}),
    ("Soulfire Grand Master", "Instant and sorcery spells you control have lifelink.",
     {"any": [{"all": ["instant"], "controller": "you", "zone": "stack"},
              {"all": ["sorcery"], "controller": "you", "zone": "stack"}]}),
    ("Curse of Death's Hold", "Creatures enchanted player controls get -1/-1.",
     {"all": ["creature"], "controller": "enchanted_player"}),
    ("Hellspur Posse Boss", "Other outlaws you control have haste. (Assassins, Mercenaries, Pirates, Rogues, and "
                            "Warlocks are outlaws.)",
     {"any": [{"all": [t], "controller": "you", "other": True}
              for t in ("Assassin", "Mercenary", "Pirate", "Rogue", "Warlock")]}),
    ("Thurid, Mare of Destiny", "Other Pegasi, Unicorns, and Horses you control get +1/+1.",
     {"any": [{"all": [t], "controller": "you", "other": True} for t in ("Pegasus", "Unicorn", "Horse")]}),
])
def test_subjects(name, line, affects):
    assert only(read(line, name))["static"]["affects"] == affects


@pytest.mark.parametrize("name,line,does", [
    ("Vanguard's Shield", "Equipped creature gets +0/+3 and can block an additional creature each combat.",
     [{"modify_pt": "+0/+3"}]),
    ("Aether Web", "Enchanted creature gets +1/+1, has reach, and can block creatures with shadow as though they "
                   "didn't have shadow.", [{"modify_pt": "+1/+1"}, {"add_abilities": ["reach"]}]),
    ("Indrik Umbra", "Enchanted creature gets +4/+4 and has first strike, and all creatures able to block it do so.",
     [{"modify_pt": "+4/+4"}, {"add_abilities": ["first strike"]}]),
    ("Errantry", "Enchanted creature gets +3/+0 and can only attack alone.", [{"modify_pt": "+3/+0"}]),
    ("Treefolk Umbra", "Enchanted creature gets +0/+2 and assigns combat damage equal to its toughness rather than "
                       "its power.", [{"modify_pt": "+0/+2"}]),
    ("Viper's Kiss", "Enchanted creature gets -1/-1, and its activated abilities can't be activated.",
     [{"modify_pt": "-1/-1"}]),
])
def test_riders_change_no_characteristic(name, line, does):
    reading = read(line, name)
    assert only(reading)["static"]["does"] == does
    assert reading.abilities[0]["text"] == line            # the rider stays in the ability's text


def test_protection_that_doesnt_remove_this_aura():
    reading = read("Enchanted creature has protection from white. This effect doesn't remove this Aura.", "White Ward")
    assert only(reading) == {"static": {"affects": "enchanted", "does": [{"add_abilities": ["protection from white"]}],
                                        "spares": "this"}}


def test_doesnt_remove_needs_the_protection_before_it():
    reading = read("Enchanted creature gets +1/+1. This effect doesn't remove this Aura.", "Test Aura")
    assert not reading.structured


@pytest.mark.parametrize("name,line,exceptions", [
    ("Sakashima the Impostor", "You may have Sakashima the Impostor enter as a copy of any creature on the battlefield, "
     "except its name is Sakashima the Impostor, it's legendary in addition to its other types, and it has "
     "\"{2}{U}{U}: Return Sakashima the Impostor to its owner's hand at the beginning of the next end step.\"",
     {"keep": ["name"], "add_supertypes": ["Legendary"], "add_abilities": [
         {"text": "{2}{U}{U}: Return Sakashima the Impostor to its owner's hand at the beginning of the next end step."}]}),
    ("Chameleon, Master of Disguise", "You may have Chameleon enter as a copy of a creature you control, except his "
     "name is Chameleon, Master of Disguise.", {"keep": ["name"]}),
    ("Malleable Impostor", "You may have this creature enter as a copy of a creature an opponent controls, except it's "
     "a Faerie Shapeshifter in addition to its other types and it has flying.",
     {"add_subtypes": ["Faerie", "Shapeshifter"], "add_abilities": ["flying"]}),
])
def test_copy_exceptions(name, line, exceptions):
    assert only(read(line, name, "Creature"))["enters_as_copy"]["except"] == exceptions


def test_a_name_that_is_not_its_own_is_not_kept():
    reading = read("You may have this creature enter as a copy of a creature you control, except its name is Bob.",
                   "Test Copier", "Creature")
    assert not reading.structured


@pytest.mark.parametrize("name,line,does", [
    ("Deep Freeze", "Enchanted creature has base power and toughness 0/4, has defender, loses all other abilities, and "
                    "is a blue Wall in addition to its other colors and types.",
     [{"set_base_pt": "0/4"}, {"add_abilities": ["defender"]}, {"add_subtypes": ["Wall"]}, {"add_colors": ["blue"]},
      "lose_all_abilities"]),
    ("Fog on the Barrow-Downs", "Enchanted creature is a Spirit and can't attack or block. (It loses all other "
                                "creature types.)", [{"set_creature_types": ["Spirit"]}]),
    ("Brotherhood Regalia", "Equipped creature has ward {2}, is an Assassin in addition to its other types, and can't "
                            "be blocked.", [{"add_abilities": ["ward {2}"]}, {"add_subtypes": ["Assassin"]}]),
    ("Mystic Decree", "All creatures lose flying and islandwalk.", [{"lose_abilities": ["flying", "islandwalk"]}]),
    ("Stalactite Dagger", "Equipped creature gets +1/+1 and is all creature types.",
     [{"modify_pt": "+1/+1"}, "add_all_creature_types"]),
    ("Curse of Conformity", "Nonlegendary creatures enchanted player controls have base power and toughness 3/3 and "
                            "lose all creature types.", [{"set_base_pt": "3/3"}, {"set_creature_types": []}]),
    ("Sword of Fire and Ice and War and Peace", "Equipped creature gets +4/+4 and has protection from white, blue, and "
     "red.", [{"modify_pt": "+4/+4"}, {"add_abilities": ["protection from white", "protection from blue",
                                                         "protection from red"]}]),
])
def test_several_effects_in_one_sentence(name, line, does):
    assert only(read(line, name))["static"]["does"] == does


def test_you_and_permanents_you_control():
    reading = read("You and Humans you control have hexproof.", "Sigarda, Heron's Grace", "Legendary Creature")
    assert only(reading) == {"players": {"who": "you", "gain": ["hexproof"]},
                             "static": {"affects": {"all": ["Human"], "controller": "you"},
                                        "does": [{"add_abilities": ["hexproof"]}]}}


@pytest.mark.parametrize("name,text,does", [
    ("Phantasmal Terrain", "Enchant land\nAs Phantasmal Terrain enters, choose a basic land type.\nEnchanted land is "
                           "the chosen type.", [{"set_land_types": {"chosen": "basic_land_type"}}]),
    ("Realmwright", "As Realmwright enters, choose a basic land type.\nLands you control are the chosen type in "
                    "addition to their other types.", [{"add_subtypes": {"chosen": "basic_land_type"}}]),
])
def test_the_chosen_basic_land_type(name, text, does):
    last = read_text(text, name, "Enchantment")[-1]
    assert last.structured and last.abilities[0]["static"]["does"] == does
    Reader("test").ability(last.abilities[0], "ability")


@pytest.mark.parametrize("name,line,expected", [
    ("Voice of All", "This creature has protection from the chosen color.",
     {"chosen": "color", "static": {"affects": "self", "does": [{"add_abilities": [
         {"text": "protection from the chosen color", "chosen": "color"}]}]}}),
    ("Flickering Ward", "Enchanted creature has protection from the chosen color. This effect doesn't remove this Aura.",
     {"chosen": "color", "static": {"affects": "enchanted", "does": [{"add_abilities": [
         {"text": "protection from the chosen color", "chosen": "color"}]}], "spares": "this"}}),
])
def test_protection_from_the_chosen_color(name, line, expected):
    assert only(read(line, name, "Creature")) == expected
