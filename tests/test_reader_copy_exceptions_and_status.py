"""Issue 32: copy exceptions that are additional effects or conditional (707.9e-f: Spark Double, Moritte of the
Frost), read as the library writes them by hand; "as long as it isn't attacking (or blocking)", "unless it's
attacking" (506.4, 611.3a) on its own object, and "as long as it's not attacking" of each object of a group."""
from pathlib import Path

import pytest
import yaml

import bridge.cards
from bridge.cards.oracle import read_text
from bridge.vocabulary.reader import Reader


def read(line, name, type_line="Creature — Shapeshifter"):
    (reading,) = read_text(line, name, type_line)
    for i, ability in enumerate(reading.abilities):
        Reader("test").ability(ability, f"ability {i}")       # valid vocabulary
    return reading


def only(reading):
    assert reading.structured and reading.layer
    (ability,) = reading.abilities
    return {k: v for k, v in ability.items() if k != "text"}


@pytest.mark.parametrize("name", ["Spark Double", "Moritte of the Frost"])
def test_a_copy_exception_reads_as_the_library_writes_it(name):
    written = yaml.safe_load((Path(bridge.cards.__file__).parent / "library.yaml").read_text())[name]
    (line,) = [a["text"] for a in written["abilities"] if isinstance(a, dict) and "enters_as_copy" in a]
    expected = next(a for a in written["abilities"] if isinstance(a, dict) and "enters_as_copy" in a)
    assert only(read(line, name)) == {"enters_as_copy": expected["enters_as_copy"]}


def test_mockingbird_copies_a_creature_of_the_mana_spent_as_a_bird_with_flying():
    line = ("You may have this creature enter as a copy of any creature on the battlefield with mana value less than "
            "or equal to the amount of mana spent to cast this creature, except it's a Bird in addition to its other "
            "types and it has flying.")
    assert only(read(line, "Mockingbird")) == {"enters_as_copy": {"except": {"add_subtypes": ["Bird"],
                                                                              "add_abilities": ["flying"]}}}


@pytest.mark.parametrize("name,line", [
    # what the exception gives depends on X, on a choice, or on who controls the copied creature: not read
    ("Altered Ego", "You may have this creature enter as a copy of any creature on the battlefield, except it enters "
                    "with X additional +1/+1 counters on it."),
    ("Higher Level Zone Monster", "You may have this creature enter as a copy of any creature on the battlefield, "
                                  "except it enters with an additional +1/+1 counter on it and it's the colors of "
                                  "your choice in addition to its other colors."),
    ("Undercover Operative", "You may have this creature enter as a copy of any creature on the battlefield, except it "
                             "enters with a shield counter on it if you control that creature."),
    ("Made Up", "You may have this creature enter as a copy of any creature on the battlefield, except it's a Bird in "
                "addition to its other types and, if it's a creature, it enters with two additional +1/+1 counters on "
                "it if you control an Island."),
])
def test_an_exception_not_known_leaves_the_line_unread(name, line):
    reading = read(line, name)
    assert reading.layer and not reading.structured


@pytest.mark.parametrize("name,line,condition,does", [
    ("Intrepid Ace", "This creature gets +2/+0 as long as it isn't attacking or blocking.",
     {"self": {"not": ["attacking", "blocking"]}}, [{"modify_pt": "+2/+0"}]),
    ("Tadeas, Juniper Ascendant", "Tadeas has hexproof unless it's attacking.",
     {"self": {"not": ["attacking"]}}, [{"add_abilities": ["hexproof"]}]),
    ("Tromokratis", "Tromokratis has hexproof unless it's attacking or blocking.",
     {"self": {"not": ["attacking", "blocking"]}}, [{"add_abilities": ["hexproof"]}]),
    ("Made Up", "This creature has flying as long as it isn't tapped.", {"self": {"not": ["tapped"]}},
     [{"add_abilities": ["flying"]}]),
    ("Made Up", "This creature has flying as long as it isn't untapped.", {"status": "tapped"},
     [{"add_abilities": ["flying"]}]),
])
def test_a_status_its_own_object_lacks(name, line, condition, does):
    assert only(read(line, name)) == {"static": {"as_long_as": condition, "affects": "self", "does": does}}


def test_each_object_of_a_group_with_its_own_status_arcades_sabboth():
    line = "Each untapped creature you control gets +0/+2 as long as it's not attacking."
    assert only(read(line, "Arcades Sabboth")) == {"static": {
        "affects": {"controller": "you", "all": ["creature"], "not": ["tapped", "attacking"]},
        "does": [{"modify_pt": "+0/+2"}]}}


@pytest.mark.parametrize("name,line", [
    ("Sting, the Glinting Dagger", "Equipped creature has first strike as long as it's blocking or blocked by a "
                                   "Goblin or Orc."),
    ("Made Up", "Creatures you control get +1/+1 unless it's attacking."),      # 'it' names nothing here
    ("Made Up", "This creature has flying as long as it isn't untapped or attacking."),
])
def test_a_status_condition_it_cannot_place_stays_unread(name, line):
    reading = read(line, name)
    assert reading.layer and not reading.structured


FIVE = ["protection from white", "protection from blue", "protection from black", "protection from red",
        "protection from green"]


@pytest.mark.parametrize("name,line,granted", [
    ("Spectra Ward", "Enchanted creature gets +2/+2 and has protection from each color. This effect doesn't remove "
                     "Auras.", FIVE),
    ("Pristine Angel", "As long as this creature is untapped, it has protection from artifacts and from each color.",
     ["protection from artifacts", *FIVE]),
])
def test_protection_from_each_color_is_five_protections(name, line, granted):
    """702.16h: shorthand for a protection from each color (105.1)."""
    ability = only(read(line, name))
    assert ability["static"]["does"][-1] == {"add_abilities": granted}


@pytest.mark.parametrize("name,line", [
    ("Commander's Plate", "Equipped creature gets +3/+3 and has protection from each color that's not in your "
                          "commander's color identity."),
    ("Made Up", "Creatures you control have protection from each color among permanents you control."),
])
def test_protection_from_some_colors_only_stays_unread(name, line):
    reading = read(line, name)
    assert reading.layer and not reading.structured


@pytest.mark.parametrize("line,label", [
    ("This creature enters with a menace counter on it.", "'enters with' counters or abilities (614.1c; keyword "
                                                          "counters, 122.1b)"),
    ("If this creature was kicked, it enters with three +1/+1 counters on it and with trample.",
     "'enters with' counters or abilities (614.1c; keyword counters, 122.1b)"),
    ("You may have this creature enter as a copy of any creature on the battlefield, except it enters with X "
     "additional +1/+1 counters on it.", "copy with exceptions"),
    ("Each creature you control with a +1/+1 counter on it has trample.",
     "subjects 'with' a counter or status, attacking, blocking, tapped"),
])
def test_coverage_files_enters_with_lines_apart_from_subjects_with_counters(line, label):
    from bridge.interfaces.cli.cards import unread_pattern
    assert unread_pattern(line) == label


def test_coverage_files_a_class_levels_lines_with_the_levels():
    """716.2a: a line under Barbarian Class's "{1}{R}: Level 2" left as text (its trigger) is filed with the levels,
    whatever its wording ("Creatures you control have haste" under Level 3 is read: tests/test_reader_class_levels_and_
    spells_you_cast.py)."""
    from bridge.cards.catalog import find_card
    from bridge.interfaces.cli.cards import LEVEL_ROWS, coverage, unread_label
    _, unread = coverage([find_card("Barbarian Class").card])
    assert not any(u.line == "Creatures you control have haste." for u in unread)
    trigger = next(u for u in unread if u.line.startswith("Whenever you roll one or more dice"))
    assert trigger.class_level and unread_label(trigger) == LEVEL_ROWS
    assert LEVEL_ROWS.startswith("a level, Class level")


def test_max_speed_covers_every_sentence_after_the_dash_tsagan():
    """702.178a: "Max speed — [Ability]": the ability is both sentences, each read as long as the speed is 4."""
    reading = read("Max speed — Tsagan has deathtouch. Other creatures you control have first strike.",
                   "Tsagan, Raider Warlord")
    assert reading.structured and reading.layer
    speed = {"game_state": "speed", "at_least": 4}
    assert [a["static"] for a in reading.abilities] == [
        {"as_long_as": speed, "affects": "self", "does": [{"add_abilities": ["deathtouch"]}]},
        {"as_long_as": speed, "affects": {"other": True, "controller": "you", "all": ["creature"]},
         "does": [{"add_abilities": ["first strike"]}]}]


def test_a_sentence_of_combat_rules_only_is_left_in_the_text_gutter_shortcut():
    """509.1b: "It can't be blocked as long as it's attacking alone" changes no characteristic."""
    line = "Enchanted creature gets +3/+0. It can't be blocked as long as it's attacking alone."
    assert only(read(line, "A-Gutter Shortcut")) == {"static": {"affects": "enchanted",
                                                                "does": [{"modify_pt": "+3/+0"}]}}


def test_the_same_is_true_for_spells_and_nonland_cards_celestial_dawn():
    """400.1, 108.4: the nonland objects of every zone its controller controls or owns (a land is never a spell)."""
    line = ("Nonland permanents you control are white. The same is true for spells you control and nonland cards you "
            "own that aren't on the battlefield.")
    assert only(read(line, "Celestial Dawn")) == {"static": {
        "affects": {"any": [{"controller": "you", "not": ["land"], "zone": ["battlefield", "stack"]},
                            {"not": ["land"], "owner": "you", "zone": ["hand", "graveyard", "library", "exile"]}]},
        "does": [{"set_colors": ["white"]}]}}


def test_the_same_is_true_for_other_objects_than_the_first_sentences_stays_unread():
    line = ("Creatures you control are white. The same is true for spells you control and nonland cards you own that "
            "aren't on the battlefield.")
    reading = read(line, "Made Up")
    assert reading.layer and not reading.structured
