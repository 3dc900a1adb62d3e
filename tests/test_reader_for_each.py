"""'For each' counts of issue 32, read from the real cards' Oracle text (the card pool) and solved: domain
(305.6), colors (105.2), and a count whose 'it' is the object the effect changes (301.5, 303.4)."""
import pytest

from bridge import solve
from bridge.cards.catalog import find_card
from bridge.cards.oracle import read_text
from bridge.interfaces.cli.main import main
from bridge.reading.case import load_case
from bridge.solving.solver import solve_case

HEAD = "case: t\nsource: test\n"
YOUR_LANDS = {"controller": "you", "all": ["land"]}
CASES = ["cases/reader/territorial_kavu_domain_under_blood_moon.yaml",
         "cases/reader/knight_of_new_alara_civic_saber_faeburrow_colors.yaml",
         "cases/reader/strong_back_bruenor_bravado_it_is_the_affected_creature.yaml"]


def reading(name, line):
    card = find_card(name).card
    return {r.line: r for r in read_text(card.text, card.name, card.type_line, card.pt_text)}[line]


def static_of(name, line):
    (ability,) = reading(name, line).abilities
    return ability["static"]


@pytest.mark.parametrize("name,line,power,toughness", [
    ("Territorial Kavu", "Domain — Territorial Kavu's power and toughness are each equal to the number of basic land "
     "types among lands you control.", {"basic_land_types": YOUR_LANDS}, {"basic_land_types": YOUR_LANDS}),
    ("Nishoba Brawler", "Domain — Nishoba Brawler's power is equal to the number of basic land types among lands you "
     "control.", {"basic_land_types": YOUR_LANDS}, 3),
    ("Squawkroaster", "Vivid — Squawkroaster's power is equal to the number of colors among permanents you control.",
     {"colors_among": {"controller": "you", "all": ["permanent"]}}, 4),
])
def test_a_cda_counts_basic_land_types_or_colors(name, line, power, toughness):
    assert static_of(name, line) == {"affects": "self", "does": {"set_base_pt": {"power": power, "toughness": toughness}}}


@pytest.mark.parametrize("name,line,affects,power,toughness", [
    ("Wayfaring Giant", "Domain — This creature gets +1/+1 for each basic land type among lands you control.", "self",
     {"basic_land_types": YOUR_LANDS}, {"basic_land_types": YOUR_LANDS}),
    ("Exotic Curse", "Domain — Enchanted creature gets -1/-1 for each basic land type among lands you control.",
     "enchanted", {"minus": {"basic_land_types": YOUR_LANDS}}, {"minus": {"basic_land_types": YOUR_LANDS}}),
    ("Civic Saber", "Equipped creature gets +1/+0 for each of its colors.", "equipped", "number_of_colors", 0),
    ("Earthen Ally", "This creature gets +1/+0 for each color among Allies you control.", "self",
     {"colors_among": {"controller": "you", "all": ["Ally"]}}, 0),
    ("Sisay, Weatherlight Captain", "Sisay gets +1/+1 for each color among other legendary permanents you control.",
     "self", {"colors_among": {"other": True, "controller": "you", "all": ["legendary"]}},
     {"colors_among": {"other": True, "controller": "you", "all": ["legendary"]}}),
    ("Golem-Skin Gauntlets", "Equipped creature gets +1/+0 for each Equipment attached to it.", "equipped",
     {"count": {"all": ["Equipment"], "attached_to": "affected"}}, 0),
    ("Bravado", "Enchanted creature gets +1/+1 for each other creature you control.", "enchanted",
     {"count": {"other": "affected", "controller": "you", "all": ["creature"]}},
     {"count": {"other": "affected", "controller": "you", "all": ["creature"]}}),
])
def test_a_for_each_count_read_from_the_real_card(name, line, affects, power, toughness):
    assert static_of(name, line) == {"affects": affects, "does": [{"modify_pt": {"power": power, "toughness": toughness}}]}


def test_each_of_its_colors_is_the_affected_objects():
    does = static_of("Knight of New Alara", "Each other multicolored creature you control gets +1/+1 for each of its colors.")
    assert does["does"] == [{"modify_pt": {"power": "number_of_colors", "toughness": "number_of_colors"}}]


def test_attached_to_it_of_a_group_is_each_affected_creature():
    does = static_of("Bruenor Battlehammer", "Each creature you control gets +2/+0 for each Equipment attached to it.")
    count = {"count": {"all": ["Equipment"], "attached_to": "affected"}}
    assert does["does"] == [{"modify_pt": {"power": {"sum": [count, count]}, "toughness": 0}}]
    # ... and the source's own 'it' is still the source (Rabid Wombat)
    assert static_of("Rabid Wombat", "This creature gets +2/+2 for each Aura attached to it.")["does"][0]["modify_pt"][
        "power"]["sum"][0] == {"count": {"all": ["Aura"], "attached_to": "self"}}


@pytest.mark.parametrize("name,line", [
    # "other" is the Aura itself here (an enchantment), not the enchanted creature: not read
    ("Ancestral Mask", "Enchanted creature gets +2/+2 for each other enchantment on the battlefield."),
    # "other" of a group's each creature is not the source: not read
    ("Mirror Box", "Each nontoken creature you control gets +1/+1 for each other creature you control with the same "
     "name as that creature."),
])
def test_what_is_not_read_stays_flagged(name, line):
    r = reading(name, line)
    assert not r.structured and r.layer


@pytest.mark.parametrize("path", CASES)
def test_the_cases_pass_and_every_atom_is_a_fact(path):
    assert main(["check", path]) == 0
    solve_case(load_case(path), strict=True)


def test_attached_to_it_counts_only_what_is_on_each_creature(write_case):
    """Bruenor: each creature counts its own Equipment; one with none gets nothing (301.5)."""
    board = ("battlefield:\n  - card: Bruenor Battlehammer\n  - card: Grizzly Bears\n  - card: Hill Giant\n"
             "  - {card: Bonesplitter, attached_to: hill_giant}\n  - {card: Bonesplitter, id: b2, attached_to: hill_giant}\n")
    objects = solve(str(write_case(HEAD + board))).objects
    assert (objects["grizzly_bears"].pt, objects["hill_giant"].pt, objects["bruenor_battlehammer"].pt) == ("2/2", "11/3", "5/3")


def test_affected_is_refused_where_there_is_no_affected_object(refused):
    aura = "  - card: {{name: C, type_line: Enchantment, abilities: [{{text: t, static: {}}}]}}\n"
    err = refused(HEAD + "battlefield:\n" + aura.format("{affects: {all: [creature], attached_to: affected}, "
                                                        "does: {modify_pt: +1/+1}}"))
    assert "attached_to" in err
    err = refused(HEAD + "battlefield:\n" + aura.format("{as_long_as: {count: {all: [creature], other: affected}, "
                                                        "at_least: 2}, affects: self, does: {add_types: [Creature]}}"))
    assert "as_long_as" in err and "affected" in err
    err = refused(HEAD + "battlefield:\n" + aura.format(
        "{affects: self, does: {modify_pt: {power: {count: {any: [{all: [Aura], attached_to: affected}, "
        "{all: [Equipment]}]}}, toughness: 0}}}"))
    assert "every branch" in err


def test_domain_and_colors_in_a_condition_are_refused(refused):
    err = refused(HEAD + "battlefield:\n  - card: {name: C, type_line: Artifact, abilities: [{text: t, static: "
                  "{as_long_as: {basic_land_types: {all: [land]}, at_least: 1}, affects: self, "
                  "does: {add_types: [Creature]}}}]}\n")
    assert "as_long_as" in err
