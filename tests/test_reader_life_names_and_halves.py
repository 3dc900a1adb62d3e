"""Counts of issue 32 read from the real cards' Oracle text (the card pool): life totals (119) and halves (107.1a),
opponents (102.2), "differently named" (201.2), keywords of cards in a graveyard (702.29), two "for each" bonuses,
"~ and enchanted creature each", a count ended before "and has", "or there is a ... card in your graveyard"; each
solved in its case file (cases/reader/, cases/conditions/)."""
import pytest

from bridge.cards.catalog import find_card
from bridge.cards.oracle import read_text
from bridge.interfaces.cli.main import main

CASES = ["cases/reader/life_total_cdas_malignus_roiling_horror.yaml",
         "cases/reader/life_total_scourge_aettir_aspect_of_wolf.yaml",
         "cases/reader/nighthowler_eidolon_this_and_enchanted_creature_each.yaml",
         "cases/reader/thran_power_suit_auras_and_equipment_attached.yaml",
         "cases/conditions/desert_controlled_or_in_graveyard_sidewinder_naga_camel.yaml",
         "cases/reader/vile_manifestation_cards_with_cycling.yaml",
         "cases/reader/blazing_sunsteel_for_each_opponent.yaml",
         "cases/reader/blazing_sunsteel_two_players.yaml",
         "cases/reader/katilda_rising_dawn_and_it_gets.yaml",
         "cases/reader/differently_named_grek_brewing_chef_amalgam.yaml",
         "cases/reader/light_from_within_chroma_its_mana_cost.yaml",
         "cases/reader/diligent_zookeeper_creature_types_to_a_maximum.yaml",
         "cases/reader/mutagen_connoisseur_transformed_permanents.yaml",
         "cases/reader/takeno_points_of_bushido.yaml",
         "cases/reader/monstrous_war_leech_greatest_mana_value_in_graveyard.yaml",
         "cases/reader/dragon_man_greatest_of_permanents_and_graveyard_cards.yaml",
         "cases/reader/ashes_of_the_fallen_chosen_type_in_your_graveyard.yaml",
         "cases/reader/deeproot_historian_merfolk_and_druid_cards_have_retrace.yaml"]


def readings(name):
    card = find_card(name).card
    return [r for r in read_text(card.text, card.name, card.type_line, card.pt_text) if r.layer]


def only_static(name, starts):
    (found,) = [r for r in readings(name) if r.line.startswith(starts)]
    assert found.structured
    (ability,) = found.abilities
    return ability["static"]


def test_life_totals_and_halves():
    most = {"life": "most_among_opponents"}
    malignus = only_static("Malignus", "Malignus's power")["does"]["set_base_pt"]
    assert malignus["power"] == malignus["toughness"] == {"half": {"of": most, "rounded": "up"}}
    horror = only_static("Roiling Horror", "Roiling Horror's power")["does"]["set_base_pt"]
    assert horror["power"] == {"sum": [{"life": "you"}, {"minus": most}]}
    scourge = only_static("Scourge of the Skyclaves", "Scourge of the Skyclaves's power")["does"]["set_base_pt"]
    assert scourge["toughness"] == {"sum": [20, {"minus": {"life": "most_among_players"}}]}
    forests = {"count": {"controller": "you", "all": ["Forest"]}}
    assert only_static("Aspect of Wolf", "Enchanted creature")["does"] == [{"modify_pt": {
        "power": {"half": {"of": forests, "rounded": "down"}}, "toughness": {"half": {"of": forests, "rounded": "up"}}}}]
    assert only_static("Aettir and Priwen", "Equipped creature")["does"] == [
        {"set_base_pt": {"power": {"life": "you"}, "toughness": {"life": "you"}}}]


def test_opponents_names_and_cards_with_a_keyword():
    assert only_static("Blazing Sunsteel", "Equipped")["does"] == [{"modify_pt": {"power": {"opponents": "you"},
                                                                                  "toughness": 0}}]
    tokens = {"names_among": {"controller": "you", "all": ["token"]}}
    assert only_static("Grek the Ogre", "Grek gets")["does"] == [{"modify_pt": {"power": tokens, "toughness": tokens}}]
    assert only_static("Vile Manifestation", "This creature")["does"] == [{"modify_pt": {"power": {"count_cards": {
        "zone": "graveyard", "owner": "you", "has": ["cycling"]}}, "toughness": 0}}]


def test_chroma_counts_the_affected_objects_own_mana_cost():
    symbols = {"mana_symbols_in_its_cost": ["white"]}
    assert only_static("Light from Within", "Chroma")["does"] == [{"modify_pt": {"power": symbols, "toughness": symbols}}]


def test_points_of_bushido_are_the_affected_objects():
    assert only_static("Takeno, Samurai General", "Each other Samurai")["does"] == [
        {"modify_pt": {"power": "bushido_points", "toughness": "bushido_points"}}]


def test_greatest_mana_value_among_cards_in_your_graveyard():
    greatest = {"greatest_card_mana_value": {"zone": "graveyard", "owner": "you"}}
    assert only_static("Monstrous War-Leech", "Monstrous War-Leech's power")["does"] == {
        "set_base_pt": {"power": greatest, "toughness": greatest}}


def test_greatest_among_permanents_and_cards_is_the_greater():
    (line,) = [r for r in readings("Dragon Man, Reformed Robot") if r.line.startswith("Dragon Man's power")]
    power = line.abilities[0]["static"]["does"]["set_base_pt"]["power"]
    assert power == {"greatest_of": [{"greatest_mana_value": {"controller": "you", "all": ["permanent"],
                                                              "not": ["creature"]}},
                                     {"greatest_card_mana_value": {"zone": "graveyard", "owner": "you",
                                                                   "not": ["creature"]}}]}


def test_has_the_chosen_creature_type_in_addition():
    assert only_static("Ashes of the Fallen", "Each creature card")["does"] == [
        {"add_subtypes": {"chosen": "creature_type"}}]


def test_cards_of_two_subtypes_in_your_graveyard():
    static = only_static("Deeproot Historian", "Merfolk and Druid cards")
    assert static["affects"] == {"any": [{"all": ["Merfolk"], "owner": "you", "zone": "graveyard"},
                                         {"all": ["Druid"], "owner": "you", "zone": "graveyard"}]}
    assert static["does"] == [{"add_abilities": ["retrace"]}]


@pytest.mark.parametrize("name,starts", [
    ("Platypus-Bear", "As long as there is a Lesson card"),        # a rule of combat (508.1c), no layer effect
    ("Igneous Elemental", "This spell costs {2} less"),             # a cost (601.2f)
])
def test_there_is_a_card_is_no_layer_wording(name, starts):
    (line,) = [r for r in read_text_of(name) if r.line.startswith(starts)]
    assert not line.layer


def test_transformed_permanents():
    count = {"count": {"controller": "you", "all": ["transformed"]}}
    assert only_static("Mutagen Connoisseur", "This creature")["does"] == [{"modify_pt": {"power": count,
                                                                                          "toughness": 0}}]


def test_its_creature_types_to_a_maximum():
    most = {"at_most": ["number_of_creature_types", 10]}
    assert only_static("Diligent Zookeeper", "Each non-Human")["does"] == [{"modify_pt": {"power": most,
                                                                                          "toughness": most}}]


def test_this_creature_and_enchanted_creature_each_is_one_effect_on_each():
    (line,) = [r for r in readings("Eidolon of Countless Battles") if r.line.startswith("This creature")]
    assert line.structured and [a["static"]["affects"] for a in line.abilities] == ["self", "enchanted"]
    assert len(line.abilities[0]["static"]["does"]) == 2      # "+1/+1 for each creature ... and +1/+1 for each Aura"


def test_either_condition_is_a_sum_at_least_one():
    condition = only_static("Solitary Camel", "This creature has lifelink")["as_long_as"]
    assert condition == {"sum": [{"count": {"all": ["Desert"], "controller": "you"}},
                                 {"count_cards": {"zone": "graveyard", "owner": "you", "all": ["Desert"]}}],
                         "at_least": 1}


def test_equip_and_its_own_cost_is_no_layer_line():
    (line,) = [r for r in read_text_of("Plate Armor") if r.line.startswith("Equip {3}.")]
    assert not line.layer and line.abilities[0] == "equip {3}" and line.abilities[1] == {
        "text": "This ability costs {1} less to activate for each other Equipment you control."}


def read_text_of(name):
    card = find_card(name).card
    return read_text(card.text, card.name, card.type_line, card.pt_text)


@pytest.mark.parametrize("name,starts", [
    ("Cid, Timeless Artificer", "Artifact creatures and Heroes"),         # whose adjective: not read
    ("Sword of the Squeak", "Equipped creature"),           # base power: not read
    ("Mirror Box", "Each nontoken creature"),
])
def test_neighbours_stay_flagged(name, starts):
    (line,) = [r for r in readings(name) if r.line.startswith(starts)]
    assert not line.structured


@pytest.mark.parametrize("path", CASES)
def test_cases_pass(path, capsys):
    assert main(["check", path]) == 0, capsys.readouterr().out
