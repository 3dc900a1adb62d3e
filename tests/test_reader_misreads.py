"""The Oracle reader's silent misreads of issue 32, each on the real card's current Oracle text (the card
pool): a line is read right, or it stays text and is flagged as a layer line, never read wrong."""
import pytest

from bridge.cards.catalog import find_card
from bridge.cards.oracle import read_line, read_text
from bridge.cards.oracle.keywords import keyword
from bridge.interfaces.cli.main import main


def readings(name):
    card = find_card(name).card
    return {r.line: r for r in read_text(card.text, card.name, card.type_line, card.pt_text)}


def test_other_and_you_control_qualify_every_group_of_a_conjunction():
    """Nightpack Ambusher: 'Other Wolves and Werewolves you control get +1/+1.' (both groups are yours)."""
    (ability,) = readings("Nightpack Ambusher")["Other Wolves and Werewolves you control get +1/+1."].abilities
    groups = ability["static"]["affects"]["any"]
    assert all(g.get("controller") == "you" and g.get("other") for g in groups) and len(groups) == 2
    assert main(["check", "cases/reader/nightpack_ambusher_only_your_wolves.yaml"]) == 0


@pytest.mark.parametrize("name,line", [
    ("Phantasmal Terrain", "Enchanted land is the chosen type."),
    ("Convincing Mirage", "Enchanted land is the chosen type."),
    ("Realmwright", "Lands you control are the chosen type in addition to their other types."),
    ("Thran Portal", "This land is the chosen type in addition to its other types.")])
def test_a_chosen_basic_land_type_is_not_read_as_a_creature_type(name, line):
    """305.7: these choose a basic land type (before: set_creature_types of the chosen creature type; then
    text, flagged); read as that basic land type, never a creature type."""
    reading = readings(name)[line]
    assert reading.structured and reading.layer
    (op,) = reading.abilities[0]["static"]["does"]
    assert list(op.values()) == [{"chosen": "basic_land_type"}] and "creature_type" not in repr(reading.abilities)


def test_a_chosen_creature_type_is_still_read():
    reading = readings("Metallic Mimic")["This creature is the chosen type in addition to its other types."]
    assert reading.structured and reading.abilities[0]["static"]["does"] == [
        {"add_subtypes": {"chosen": "creature_type"}}]


@pytest.mark.parametrize("name,header,condition", [
    ("Kabira Vindicator", "LEVEL 2-4", {"counters": "level", "at_least": 2, "at_most": 4}),
    ("Student of Warfare", "LEVEL 7+", {"counters": "level", "at_least": 7}),
    ("Exploration Broodship", "8+ | Flying", {"counters": "charge", "at_least": 8})])
def test_what_a_level_or_a_station_threshold_gives_applies_only_there(name, header, condition):
    """711.2a-b, 721.2a-b: a level or station symbol is one static ability with what its striation holds,
    as long as the object has that many counters (before issue 32: always on, Grizzly Bears 5/5 beside a
    Kabira Vindicator with no level counter)."""
    (ability,) = readings(name)[header].abilities
    assert ability["static"]["as_long_as"] == condition and ability["static"]["affects"] == "self"


def test_what_a_class_level_gives_holds_from_that_level():
    """716.2a: a Class level is no counter: "As long as this Class is level N or greater, it has [abilities]"."""
    reading = readings("Innkeeper's Talent")["Permanents you control with counters on them have ward {1}."]
    assert reading.structured and reading.layer
    assert reading.abilities[0]["static"]["as_long_as"] == {"class_level": "source", "at_least": 2}


def test_a_level_up_creature_grants_nothing_at_level_zero(tmp_path):
    from bridge.interfaces.api import solve
    case = tmp_path / "kabira.yaml"
    case.write_text("case: Kabira Vindicator with no level counter\nsource: derived by the authors (711.2a)\n"
                    "battlefield: [{card: Kabira Vindicator}, {card: Grizzly Bears}]\n")
    pts = {o.id: o.pt for o in solve(str(case)).permanents}
    assert pts == {"kabira_vindicator": "2/4", "grizzly_bears": "2/2"}


@pytest.mark.parametrize("name,except_", [
    ("Cephalid Facetaker", {"pt": "1/4", "add_abilities": [{"text": "This creature can't be blocked."}]}),
    ("Vesuvan Drifter", {"add_abilities": ["flying"]})])
def test_copy_exceptions_after_until_end_of_turn_are_kept(name, except_):
    """707.9: 'becomes a copy of ... until end of turn, except ...' keeps its exceptions."""
    line = next(line for line in readings(name) if "copy" in line)
    reading = readings(name)[line]
    assert reading.structured
    assert next(a for a in reading.abilities if "becomes_copy" in a)["becomes_copy"] == {"except": except_}


@pytest.mark.parametrize("piece,read", [
    ("ward {4} as long as it's untapped", None), ("Ward {2}", "ward {2}"),
    ("Morph—Discard a card", "morph — discard a card"), ("Cycling—Pay 2 life", "cycling — pay 2 life"),
    ("Ward—Pay 3 life", "ward — pay 3 life"), ("suspend 4—{1}{U}", "suspend 4 — {1}{u}"),
    ("equip legendary creature {3}", "equip legendary creature {3}"), ("crew 3", "crew 3")])
def test_a_keyword_takes_its_parameter_and_no_rider(piece, read):
    """702: text after a keyword is its cost or number, or the line is no keyword line; a non-mana cost
    after an em dash is a cost (702.37a morph, 702.29a cycling, 702.21a ward)."""
    assert keyword(piece) == read


def test_a_keyword_with_a_rider_is_a_flagged_layer_line():
    line = "Ward {4} as long as it's untapped."
    (reading,) = read_text(line, "X", "Creature — Bear")
    assert not reading.structured and reading.layer


def test_a_keyword_with_a_non_mana_cost_is_accepted_in_a_case(tmp_path):
    case = tmp_path / "morph.yaml"
    case.write_text("case: morph with a non-mana cost\nsource: derived by the authors (702.37a)\nbattlefield:\n"
                    "  - {card: {name: X, type_line: Creature — Bear, pt: 1/1, text: \"Morph—Discard a card.\"}}\n")
    assert main(["solve", str(case)]) == 0


def test_a_die_roll_table_row_is_no_station_symbol():
    """706.3a: '20+ | ...' on a card without Station is a row of a die roll's result table (found by review)."""
    reading = readings("Druid of the Emerald Grove")["20+ | Put those cards onto the battlefield tapped, then shuffle."]
    assert not reading.structured and not any("static" in a for a in reading.abilities if isinstance(a, dict))


def test_a_permanent_card_in_a_graveyard_stays_text():
    """110.4a: Six's 'nonland permanent cards in your graveyard' is no selector of the vocabulary's (its word
    `permanent` names permanents): read, it gave Lightning Bolt in a graveyard retrace (found by review)."""
    reading = readings("Six")["During your turn, nonland permanent cards in your graveyard have retrace. (You may "
                              "cast permanent cards from your graveyard by discarding a land card in addition to "
                              "paying their other costs.)"]
    assert not reading.structured and reading.layer


def test_an_emblem_holds_no_choice(tmp_path):
    """114.3: Oko, Shadowmoor Scion's emblem 'Creatures you control of the chosen type get +3/+3 ...' stays
    text, and the table marks what it may change."""
    from bridge.interfaces.api import solve
    case = tmp_path / "oko.yaml"
    case.write_text("case: Oko's emblem\nsource: Oracle text (card pool)\nbattlefield: [{card: Grizzly Bears}]\n"
                    "emblems: [{from: 'Oko, Lorwyn Liege'}]\n")
    bears = solve(str(case)).objects["grizzly_bears"]
    assert bears.pt == "2/2" and dict(bears.unsure).keys() >= {"pt", "abilities"}


@pytest.mark.parametrize("line,name,kind", [
    # 207.2d flavor words of several capitalized words, and ability words with a number (Descend 8)
    ("Psionic Adept — Whenever Wizened Githzerai becomes blocked by a creature, that creature perpetually gets "
     "-2/-0.", "Wizened Githzerai", "triggered"),
    ("Combat Inspiration — At the beginning of combat on your turn, target creature you control gets +1/+0 until "
     "end of turn.", "Valor Singer", "triggered"),
])
def test_flavor_word_before_a_trigger_is_no_static_ability(line, name, kind):
    reading = read_line(line, name)
    assert reading.kind == kind and not reading.structured


def test_flavor_word_before_a_static_ability_is_set_aside_skorpekh_lord():
    reading = read_line("Command Protocols — Other artifact creatures you control get +1/+0 and have menace.",
                        "Skorpekh Lord")
    assert reading.structured and reading.abilities[0]["static"] == {
        "affects": {"other": True, "controller": "you", "all": ["artifact", "creature"]},
        "does": [{"modify_pt": "+1/+0"}, {"add_abilities": ["menace"]}]}


def test_keyword_cost_after_a_dash_is_no_ability_word():
    # 702.21a ward with a non-mana cost: no spaces around the dash, so no ability word is set aside
    from bridge.cards.oracle.text import normalized
    assert normalized("Ward—Pay 2 life.", "X") == "Ward—Pay 2 life."


def test_a_sticker_sheets_lines_are_flagged_and_counted_apart():
    """123.2: a sticker sheet is not a card; its power/toughness sticker (123.8) still says what it would change."""
    readings = read_text("{TK}{TK} — 4/1", "Werewolf Lightning Mage", "Stickers", "")
    assert [r.kind for r in readings] == ["sticker"]
    assert readings[0].layer and not readings[0].structured and "unread" in readings[0].abilities[0]


@pytest.mark.parametrize("line,label", [
    ("Attacking creatures you control get +1/+0.", "subjects 'with' a counter or status, attacking, blocking, tapped"),
    ("As long as this enchantment has five or more quest counters on it, creatures you control get +2/+0.",
     "'as long as' / 'if' conditions"),
    ("Creatures your opponents control get -1/-1.", "other wording"),
])
def test_coverage_sorts_a_line_by_its_wording_at_the_start_of_a_sentence_too(line, label):
    from bridge.interfaces.cli.cards import unread_pattern
    assert unread_pattern(line) == label


# --- counter kinds the card's text names (122.1), combat and tap status, "with a counter on it" ---

def test_a_counter_kind_the_cards_text_names_is_read_beastmaster_ascension():
    """'quest' is in no rules list; the card's own text names it ("put a quest counter on this enchantment")."""
    (ability,) = readings("Beastmaster Ascension")[
        "As long as this enchantment has seven or more quest counters on it, creatures you control get +5/+5."].abilities
    assert ability["static"]["as_long_as"] == {"counters": "quest", "at_least": 7}
    assert main(["check", "cases/reader/beastmaster_ascension_quest_counters.yaml"]) == 0


def test_a_counter_kind_named_by_no_card_is_refused_on_an_object(tmp_path):
    """Grizzly Bears' text names no 'quest' counter: the case must declare it (a misspelling stays an error)."""
    case = tmp_path / "bears.yaml"
    case.write_text("case: t\nsource: test\nbattlefield:\n  - {card: Grizzly Bears, counters: {quest: 1}}\n")
    assert main(["solve", str(case)]) == 2


@pytest.mark.parametrize("name,line,expected", [
    ("Endless Scream", "Enchanted creature gets +1/+0 for each scream counter on this Aura.",
     {"affects": "enchanted", "does": [{"modify_pt": {"power": {"counters": {"kind": "scream", "object": "source"}},
                                                      "toughness": 0}}]}),
    ("Myojin of Seeing Winds", "Myojin of Seeing Winds has indestructible as long as it has a divinity counter on it.",
     {"as_long_as": {"counters": "divinity", "at_least": 1}, "affects": "self",
      "does": [{"add_abilities": ["indestructible"]}]}),
    ("Comforting Counsel", "As long as there are five or more growth counters on this enchantment, creatures you "
     "control get +3/+3.", {"as_long_as": {"counters": "growth", "at_least": 5},
                            "affects": {"controller": "you", "all": ["creature"]}, "does": [{"modify_pt": "+3/+3"}]}),
    ("Kitesail Corsair", "This creature has flying as long as it's attacking.",
     {"as_long_as": {"status": "attacking"}, "affects": "self", "does": [{"add_abilities": ["flying"]}]}),
    ("Orcish Oriflamme", "Attacking creatures you control get +1/+0.",
     {"affects": {"controller": "you", "all": ["attacking", "creature"]}, "does": [{"modify_pt": "+1/+0"}]}),
    ("Castle", "Untapped creatures you control get +0/+2.",
     {"affects": {"controller": "you", "all": ["creature"], "not": ["tapped"]}, "does": [{"modify_pt": "+0/+2"}]}),
    ("Crowned Ceratok", "Each creature you control with a +1/+1 counter on it has trample.",
     {"affects": {"counters": {"kind": "+1/+1", "at_least": 1}, "controller": "you", "all": ["creature"]},
      "does": [{"add_abilities": ["trample"]}]}),
    ("Tesak, Judith's Hellhound", "Creatures you control with counters on them have haste.",
     {"affects": {"counters": {"at_least": 1}, "controller": "you", "all": ["creature"]},
      "does": [{"add_abilities": ["haste"]}]}),
])
def test_counters_and_status_read_from_the_real_card(name, line, expected):
    (ability,) = readings(name)[line].abilities
    assert ability["static"] == expected


def test_combat_status_and_counter_selectors_solve():
    assert main(["check", "cases/reader/orcish_oriflamme_and_castle_combat_status.yaml"]) == 0
    assert main(["check", "cases/reader/ainok_bond_kin_with_a_counter.yaml"]) == 0


def test_an_it_condition_is_no_status_of_another_subject():
    """'it' in the condition names the main sentence's subject only when that is the object itself."""
    from bridge.cards.oracle.conditions import read_condition
    assert read_condition("it's attacking", "self") == {"status": "attacking"}
    # an enchanted 'it' is the enchanted permanent, never the Aura: `attached` (Tahngarth's Rage)
    assert read_condition("it's attacking", "enchanted") == {"attached": {"all": ["attacking"]}}
    assert read_condition("it's attacking", None) is None


@pytest.mark.parametrize("name,line,expected", [
    ("Kessig Dire Swine", "Delirium — This creature has trample as long as there are four or more card types among "
     "cards in your graveyard.", {"as_long_as": {"card_types_in_graveyards": "you", "at_least": 4}, "affects": "self",
                                  "does": [{"add_abilities": ["trample"]}]}),
    ("Goblin Gaveleer", "This creature gets +2/+0 for each Equipment attached to it.",
     {"affects": "self", "does": [{"modify_pt": {"power": {"sum": [{"count": {"all": ["Equipment"], "attached_to": "self"}}] * 2},
                                                 "toughness": 0}}]}),
    ("Empyrial Armor", "Enchanted creature gets +1/+1 for each card in your hand.",
     {"affects": "enchanted", "does": [{"modify_pt": {"power": {"count_cards": {"zone": "hand", "owner": "you"}},
                                                 "toughness": {"count_cards": {"zone": "hand", "owner": "you"}}}}]}),
])
def test_delirium_attached_to_it_and_cards_in_hand_read_from_the_real_card(name, line, expected):
    (ability,) = readings(name)[line].abilities
    assert ability["static"] == expected


@pytest.mark.parametrize("name,line", [
    # 'it' is the enchanted or each affected creature, not the source: attached_to: affected, never self
    # (tests/test_reader_for_each.py solves them)
    ("Strong Back", "Enchanted creature gets +2/+2 for each Aura and Equipment attached to it."),
    ("Bruenor Battlehammer", "Each creature you control gets +2/+0 for each Equipment attached to it."),
])
def test_attached_to_it_of_another_subject_is_the_affected_object(name, line):
    reading = readings(name)[line]
    assert reading.structured and "'attached_to': 'affected'" in str(reading.abilities)
    assert "'attached_to': 'self'" not in str(reading.abilities)


def test_delirium_and_auras_and_equipment_solve():
    assert main(["check", "cases/reader/kessig_dire_swine_delirium_your_graveyard.yaml"]) == 0
    assert main(["check", "cases/reader/champion_of_the_flame_auras_and_equipment.yaml"]) == 0


def test_a_planeswalker_type_is_a_subtype_of_the_subject_teferis_sentinel():
    """205.3j: 'a Teferi planeswalker' names the planeswalker type Teferi."""
    (ability,) = readings("Teferi's Sentinel")[
        "As long as you control a Teferi planeswalker, this creature gets +4/+0."].abilities
    assert ability["static"]["as_long_as"] == {"count": {"all": ["Teferi", "planeswalker"], "controller": "you"},
                                               "at_least": 1}
    assert main(["check", "cases/reader/teferis_sentinel_with_a_teferi.yaml"]) == 0


@pytest.mark.parametrize("name,line", [
    # (a max speed ability is read as `as_long_as: {game_state: speed, at_least: 4}`, each of its sentences:
    # tests/test_reader_round_k_statics.py, tests/test_reader_copy_exceptions_and_status.py)
    ("Case of the Gateway Express", "Solved — Creatures you control get +1/+0."),     # 702.169, 719.3c
])
def test_max_speed_and_solved_are_conditions_not_ability_words(name, line):
    """'Max speed — ' and 'Solved — ' look like ability words (207.2c) but are keywords that make their ability
    apply only at max speed or once the Case is solved (702.169b: `as_long_as: {status: solved}`), never always on."""
    (reading,) = [r for r in read_text(line, name, "Creature") if r.line == line]
    assert reading.structured and reading.abilities[0]["static"]["as_long_as"] == {"status": "solved"}
