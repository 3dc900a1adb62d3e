"""Class levels (716.2a), a Case's "Solved — " (702.169b), "spells you cast" (601.2a), "permanent spells"
(110.4b), a list of permanents and spells, "lose all other abilities" and "other than this Vehicle" (issue 32):
each reading from the real card's Oracle text, the cases that check what they do, and the input they refuse."""
import pytest

from bridge.cards.catalog import find_card
from bridge.cards.oracle import read_text
from bridge.interfaces.cli.main import main
from bridge.reading.case import load_case
from bridge.solving.solver import solve_case

HEAD = "case: t\nsource: test\n"
CASES = ["cases/reader/class_levels_paladin_rogue_blacksmith.yaml",
         "cases/reader/class_levels_rogue_and_blacksmith_level_reached.yaml",
         "cases/reader/case_solved_gateway_express_gorgons_kiss.yaml",
         "cases/reader/spells_you_cast_mothlight_processionist_convoke.yaml",
         "cases/reader/lo_and_li_noble_creatures_and_lesson_spells.yaml",
         "cases/reader/toxicrene_lands_lose_all_other_abilities.yaml",
         "cases/reader/lifecraft_engine_other_than_this_vehicle.yaml",
         "cases/reader/dune_chanter_lands_and_land_cards_are_deserts.yaml",
         "cases/reader/khorvath_your_team_is_you.yaml",
         "cases/reader/petrified_hamlet_with_the_chosen_name_from_oracle.yaml"]


def readings(name):
    """The readings of the face named NAME (a Room's door: Secret Arcade)."""
    card = find_card(name).card
    face = next(f for f in (card, *(card.halves or ())) if f.name == name)
    return {r.line: r for r in read_text(face.text, face.name, face.type_line, face.pt_text)}


def static_of(name, line):
    found = readings(name)[line]
    assert found.structured and found.layer, found
    (ability,) = found.abilities
    return ability["static"]


@pytest.mark.parametrize("name,line,level,own", [
    ("Paladin Class", "Creatures you control get +1/+1.", 2, None),
    ("Barbarian Class", "Creatures you control have haste.", 3, None),
    ("Caretaker's Talent", "Creature tokens you control get +2/+2.", 3, None),
    ("Blacksmith's Talent", "During your turn, equipped creatures you control have double strike and haste.", 3,
     {"turn": "yours"}),
])
def test_a_class_levels_static_ability_holds_from_that_level(name, line, level, own):
    """716.2a "As long as this Class is level N or greater, it has [abilities]" (with its own condition too)."""
    gate = {"class_level": "source", "at_least": level}
    assert static_of(name, line)["as_long_as"] == ([gate, own] if own else gate)


def test_a_class_levels_trigger_stays_text():
    paladin = readings("Paladin Class")
    trigger = paladin["Whenever you attack, until end of turn, target attacking creature gets +1/+1 for each other "
                      "attacking creature and gains double strike."]
    assert not trigger.structured and "static" not in trigger.abilities[0]
    # 716.3 the ability of the top section is the Class's at every level: no condition
    assert "class_level" not in repr(readings("Paladin Class")["Spells your opponents cast during your turn cost {1} "
                                                              "more to cast."].abilities)


def test_solved_is_a_condition_of_the_case():
    kiss = static_of("Case of the Gorgon's Kiss", "Solved — This Case is a 4/4 Gorgon creature with deathtouch and "
                                                  "lifelink in addition to its other types.")
    assert kiss == {"as_long_as": {"status": "solved"}, "affects": "self",
                    "does": [{"add_types": ["Creature"]}, {"add_subtypes": ["Gorgon"]}, {"set_base_pt": "4/4"},
                             {"add_abilities": ["deathtouch", "lifelink"]}]}


@pytest.mark.parametrize("name,line,affects", [
    ("Mothlight Processionist", "Enchantment spells you cast have convoke.",
     {"all": ["enchantment"], "cast_by": "you", "zone": "stack"}),
    ("Imoti, Celebrant of Bounty", "Spells you cast with mana value 6 or greater have cascade.",
     {"mana_value": {"at_least": 6}, "cast_by": "you", "zone": "stack"}),
    ("We Ride at Dawn", "Legendary creature spells you cast have convoke. (Your creatures can help cast those spells. "
     "Each creature you tap while casting a legendary creature spell pays for {1} or one mana of that creature's "
     "color.)", {"all": ["legendary", "creature"], "cast_by": "you", "zone": "stack"}),
    ("Lo and Li, Twin Tutors", "Noble creatures you control and Lesson spells you control have lifelink.",
     {"any": [{"controller": "you", "all": ["Noble", "creature"]},
              {"controller": "you", "all": ["Lesson"], "zone": "stack"}]}),
    ("Dune Chanter", "Lands you control and land cards you own that aren't on the battlefield are Deserts in addition "
     "to their other types.", {"any": [{"controller": "you", "all": ["land"]},
                                       {"all": ["land"], "owner": "you", "zone": ["hand", "graveyard", "library", "exile"]}]}),
    ("Sylvia Brightspear", "Dragons your team controls have double strike.",       # 102.4 (no teams in a case)
     {"controller": "you", "all": ["Dragon"]}),
    ("Petrified Hamlet", 'Lands with the chosen name have "{T}: Add {C}."', {"all": ["land", {"chosen": "name"}]}),
    ("Lifecraft Engine", "Each creature you control of the chosen type other than this Vehicle gets +1/+1.",
     {"other": True, "controller": "you", "all": ["creature", {"chosen": "creature_type"}]}),
])
def test_subjects(name, line, affects):
    assert static_of(name, line)["affects"] == affects


def test_permanent_spells_are_the_permanent_card_types():
    """110.4b: an artifact, battle, creature, enchantment or planeswalker spell (a land is never a spell)."""
    affects = static_of("Secret Arcade", "Nonland permanents you control and permanent spells you control are "
                                         "enchantments in addition to their other types.")["affects"]
    on_stack = [b["all"] for b in affects["any"] if b.get("zone") == "stack"]
    assert on_stack == [["artifact"], ["battle"], ["creature"], ["enchantment"], ["planeswalker"]]


@pytest.mark.parametrize("line", [
    "Spells you cast from exile have convoke.",                   # the zone it was cast from: not said
    "Red instant and sorcery spells you control have lifelink.",  # whose adjective: left to a person
    # whether a creature card on the stack is one "that isn't on the battlefield": left to a person
    "Creature cards you own that aren't on the battlefield have flash.",
])
def test_what_stays_text(line):
    (found,) = [r for r in read_text(line, "Test Card", "Creature — Test", "1/1") if r.layer]
    assert not found.structured


def test_lose_all_other_abilities_in_the_plural():
    assert static_of("Toxicrene", 'Hypertoxic Miasma — All lands have "{T}: Add one mana of any color" and lose all '
                                  'other abilities.')["does"] == [
        {"add_abilities": [{"text": "{T}: Add one mana of any color"}]}, "lose_all_abilities"]


@pytest.mark.parametrize("path", CASES)
def test_the_cases_pass_and_every_atom_is_a_fact(path):
    assert main(["check", "--strict", path]) == 0
    solve_case(load_case(path), strict=True)


@pytest.mark.parametrize("board,message", [
    ("battlefield:\n  - {card: Paladin Class, class_level: 0}\n", "a level is 1 or more"),
    ("battlefield:\n  - {card: Paladin Class, class_level: two}\n", "class_level"),
    ("battlefield:\n  - card: {name: T, type_line: Enchantment, abilities: [{static: {as_long_as: {class_level: "
     "opponent, at_least: 2}, affects: self, does: {add_types: [Creature]}}}]}\n", "expected source"),
    ("battlefield:\n  - card: {name: T, type_line: Enchantment, abilities: [{static: {affects: {cast_by: you}, "
     "does: {add_abilities: [flash]}}}]}\n", "give zone: stack"),
    ("battlefield:\n  - card: {name: T, type_line: Enchantment, abilities: [{static: {affects: {cast_by: Bob, "
     "zone: stack}, does: {add_abilities: [flash]}}}]}\n", "expected you"),
    ("stack:\n  - {card: Shock, status: {solved: true}, targets: [Alice]}\n", "only permanents can be solved"),
])
def test_bad_input_is_refused(refused, board, message):
    assert message in refused(HEAD + board)
