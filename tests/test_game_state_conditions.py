"""Conditions on what a player has or did that no permanent shows (the case's `game_state:`,
bridge/reading/game_state.py, asp/604_2_conditions.lp), and the Oracle reader's words for them
(bridge/cards/oracle/conditions.py). Issue 32: a value the case leaves out is never assumed."""
import pytest

from bridge import solve
from bridge.cards.oracle import read_text

HEAD = "case: t\nsource: test\n"


def reading(name: str, line: str, type_line: str = "Creature — Test", pt: str = "2/2") -> dict:
    found = [r for r in read_text(line, name, type_line, pt) if r.layer]
    assert len(found) == 1 and found[0].structured, found
    return found[0].abilities[0]["static"]


@pytest.mark.parametrize("name,line,condition", [
    ("Spire Winder", "This creature gets +1/+1 as long as you have the city's blessing.",
     {"game_state": "citys_blessing", "at_least": 1}),
    ("Dawnglade Regent", "As long as you're the monarch, permanents you control have hexproof.",
     {"game_state": "monarch", "at_least": 1}),
    ("Cloister Gargoyle", "As long as you've completed a dungeon, this creature gets +3/+0 and has flying.",
     {"game_state": "completed_dungeon", "at_least": 1}),
    ("Messenger Hawk", "This creature gets +2/+0 as long as you've drawn two or more cards this turn.",
     {"game_state": "cards_drawn_this_turn", "at_least": 2}),
    ("Tenured Concocter", "Infusion — This creature gets +2/+0 as long as you gained life this turn.",
     {"game_state": "life_gained_this_turn", "at_least": 1}),
    ("Essence Channeler", "As long as you've lost life this turn, this creature has flying and vigilance.",
     {"game_state": "life_lost_this_turn", "at_least": 1}),
    ("The Howling Abomination", "The Howling Abomination has trample as long as you've cast three or more "
     "spells this turn.", {"game_state": "spells_cast_this_turn", "at_least": 3}),
    ("Stoic Sphinx", "This creature has hexproof as long as you haven't cast a spell this turn.",
     {"game_state": "spells_cast_this_turn", "at_most": 0}),
    ("Lyse Hext", "As long as you've cast two or more noncreature spells this turn, Lyse Hext has double strike.",
     {"game_state": "noncreature_spells_cast_this_turn", "at_least": 2}),
    ("Leapfrog", "This creature has flying as long as you've cast an instant or sorcery spell this turn.",
     {"game_state": "instant_sorcery_spells_cast_this_turn", "at_least": 1}),
    ("Omenport Vigilante", "This creature has double strike as long as you've committed a crime this turn.",
     {"game_state": "crimes_committed_this_turn", "at_least": 1}),
    ("Darkblade Agent", "As long as you've surveilled this turn, this creature has deathtouch.",
     {"game_state": "surveilled_this_turn", "at_least": 1}),
    ("Goblin Blast-Runner", "This creature gets +2/+0 and has menace as long as you sacrificed a permanent "
     "this turn.", {"game_state": "permanents_sacrificed_this_turn", "at_least": 1}),
    ("Armory Mice", "Celebration — This creature gets +0/+2 as long as two or more nonland permanents entered "
     "the battlefield under your control this turn.", {"game_state": "nonland_permanents_entered_this_turn",
                                                       "at_least": 2}),
])
def test_the_reader_reads_a_game_state_condition(name, line, condition):
    assert reading(name, line)["as_long_as"] == condition


def test_the_main_sentence_is_read_whole():
    """Spire Winder's and Goblin Blast-Runner's effects are all there (no word of the line dropped)."""
    static = reading("Goblin Blast-Runner", "This creature gets +2/+0 and has menace as long as you sacrificed "
                                            "a permanent this turn.")
    assert static["affects"] == "self"
    assert static["does"] == [{"modify_pt": "+2/+0"}, {"add_abilities": ["menace"]}]


def test_a_history_of_attacks_is_a_game_state():
    """'you attacked with three or more Merfolk this turn' is read as the player's game_state (issue 32, j32i)."""
    found = [r for r in read_text("As long as you attacked with three or more Merfolk this turn, Merfolk you "
                                  "control get +1/+0.", "Deepway Navigator", "Creature — Merfolk Wizard", "2/2")
             if r.layer]
    assert found[0].structured and "merfolk_attacked_with_this_turn" in repr(found[0])


WINDER = "battlefield:\n  - {card: Spire Winder}\n  - {card: Messenger Hawk, controller: Bob}\n"


@pytest.mark.parametrize("state,winder,hawk", [
    ("{Alice: {citys_blessing: true}, Bob: {cards_drawn_this_turn: 2}}", (3, 4), (3, 2)),
    ("{Alice: {citys_blessing: false}, Bob: {cards_drawn_this_turn: 1}}", (2, 3), (1, 2)),
])
def test_the_case_gives_the_game_state(write_case, state, winder, hawk):
    """109.5: each condition reads its own controller's values."""
    result = solve(str(write_case(HEAD + f"game_state: {state}\n" + WINDER)))
    assert (result.objects["spire_winder"].power, result.objects["spire_winder"].toughness) == winder
    assert (result.objects["messenger_hawk"].power, result.objects["messenger_hawk"].toughness) == hawk
    assert not result.objects["spire_winder"].unsure and not result.objects["messenger_hawk"].unsure


def test_a_game_state_left_out_is_never_assumed(write_case):
    """Not given: the effect does not apply, and the values it may change are marked (as a choice not made)."""
    result = solve(str(write_case(HEAD + "game_state: {Bob: {citys_blessing: true}}\n" + WINDER)))
    winder, hawk = result.objects["spire_winder"], result.objects["messenger_hawk"]
    assert (winder.power, hawk.power) == (2, 1)
    assert dict(winder.unsure).keys() == {"pt"} and dict(hawk.unsure).keys() == {"pt"}
    assert "city's blessing" in dict(winder.unsure)["pt"][0][1]
    assert "cards drawn this turn: not given" in dict(hawk.unsure)["pt"][0][1]


@pytest.mark.parametrize("state,words", [
    ("{Alice: {blessing: true}}", "unknown game state 'blessing'"),
    ("{Carol: {monarch: true}}", "unknown player 'Carol'"),
    ("{Alice: {cards_drawn_this_turn: -1}}", "expected true, false or a whole number"),
    ("[Alice]", "expected a mapping of player name"),
])
def test_bad_game_state_is_refused(refused, state, words):
    err = refused(HEAD + f"game_state: {state}\n" + WINDER)
    assert words in err and "game_state" in err


def test_a_condition_names_a_known_game_state(refused):
    card = ("  - card: {name: W, type_line: Creature — Bear, pt: 1/1, abilities: [{text: t, static: {as_long_as: "
            "{game_state: monarchy}, affects: self, does: {modify_pt: +1/+1}}}]}\n")
    err = refused(HEAD + "battlefield:\n" + card)
    assert "unknown game state 'monarchy'" in err and "did you mean 'monarch'" in err


@pytest.mark.parametrize("name,line,condition", [
    ("Crew Captain", "This creature has indestructible as long as it entered this turn.",
     {"game_state": "entered_this_turn", "at_least": 1}),
    ("Shardmage's Rescue", "As long as this Aura entered this turn, enchanted creature has hexproof.",
     {"game_state": "entered_this_turn", "at_least": 1}),
    ("Agent Frank Horrigan", "Agent Frank Horrigan has indestructible as long as it attacked this turn.",
     {"game_state": "attacked_this_turn", "at_least": 1}),
    ("Karakyk Guardian", "This creature has hexproof if it hasn't dealt damage yet. (It can't be the target of "
     "spells or abilities your opponents control.)", {"game_state": "dealt_damage", "at_most": 0}),
])
def test_the_reader_reads_an_object_state_condition(name, line, condition):
    assert reading(name, line, "Creature — Human")["as_long_as"] == condition


def test_it_must_be_the_ability_s_own_object():
    """'it' is the main sentence's subject: an enchanted creature's history is not its Aura's."""
    found = [r for r in read_text("Enchanted creature has hexproof as long as it entered this turn.", "Test Aura",
                                  "Enchantment — Aura", "") if r.layer]
    assert not found[0].structured


@pytest.mark.parametrize("given,indestructible,unsure", [
    ("{entered_this_turn: true}", True, False),
    ("{entered_this_turn: false}", False, False),
    ("{}", False, True),
])
def test_an_object_s_game_state(write_case, given, indestructible, unsure):
    result = solve(str(write_case(HEAD + f"battlefield:\n  - {{card: Crew Captain, game_state: {given}}}\n")))
    captain = result.objects["crew_captain"]
    assert ("indestructible" in captain.abilities) == indestructible
    assert bool(captain.unsure) == unsure


def test_an_unknown_object_game_state_is_refused(refused):
    err = refused(HEAD + "battlefield:\n  - {card: Crew Captain, game_state: {entered: true}}\n")
    assert "unknown game state 'entered'" in err and "entered_this_turn" in err


@pytest.mark.parametrize("name,line,condition", [
    ("Bloodghast", "This creature has haste as long as an opponent has 10 or less life.",
     {"life": "an_opponent", "at_most": 10}),
    ("Apostle of Invasion", "Corrupted — As long as an opponent has three or more poison counters, this creature "
     "has double strike.", {"poison": "an_opponent", "at_least": 3}),
    ("Blood Baron of Vizkopa", "As long as you have 30 or more life and an opponent has 10 or less life, this "
     "creature gets +6/+6 and has flying.", [{"life": "you", "at_least": 30}, {"life": "an_opponent", "at_most": 10}]),
])
def test_the_reader_reads_some_opponent(name, line, condition):
    assert reading(name, line, "Creature — Vampire")["as_long_as"] == condition


GHAST = "battlefield:\n  - {card: Bloodghast}\n  - {card: Apostle of Invasion}\n"


@pytest.mark.parametrize("players,life,poison,haste,double", [
    ("[Alice, Bob]", "{Alice: 5, Bob: 11}", "{Alice: 3, Bob: 2}", False, False),
    ("[Alice, Bob]", "{Alice: 5, Bob: 10}", "{Alice: 0, Bob: 3}", True, True),
    ("[Alice, Bob, Carol]", "{Alice: 5, Bob: 20, Carol: 9}", "{Alice: 0, Bob: 0, Carol: 4}", True, True),
])
def test_some_opponent(write_case, players, life, poison, haste, double):
    """102.2 any one opponent (never the ability's controller) within the bound."""
    result = solve(str(write_case(HEAD + f"players: {players}\nlife: {life}\npoison: {poison}\n" + GHAST)))
    assert ("haste" in result.objects["bloodghast"].abilities) == haste
    assert ("double strike" in result.objects["apostle_of_invasion"].abilities) == double


def test_an_opponent_s_total_left_out_is_refused(refused):
    assert "give them (poison: {Bob: N})" in refused(HEAD + "life: {Bob: 3}\n" + GHAST)
    assert "give it (life: {Bob: N})" in refused(HEAD + "poison: {Bob: 3}\n" + GHAST)


def test_some_opponent_takes_one_bound(refused):
    card = ("  - card: {name: W, type_line: Creature — Bear, pt: 1/1, abilities: [{text: t, static: {as_long_as: "
            "{life: an_opponent, equal: 10}, affects: self, does: {modify_pt: +1/+1}}}]}\n")
    assert "takes one bound" in refused(HEAD + "battlefield:\n" + card)


@pytest.mark.parametrize("name,line,type_line,does", [
    ("Coercive Impetus", "Enchanted creature gets +1/+1 and is goaded. (It attacks each combat if able and attacks "
     "a player other than you if able.)", "Enchantment — Aura", [{"modify_pt": "+1/+1"}]),
    ("Hellraiser Goblin", "Creatures you control have haste and attack each combat if able.", "Creature — Goblin",
     [{"add_abilities": ["haste"]}]),
])
def test_goad_and_attacking_if_able_are_riders(name, line, type_line, does):
    """701.15b goaded, 508.1d 'attack each combat if able': rules for attacking joined to a layer effect,
    read as nothing (the ability keeps its text)."""
    assert reading(name, line, type_line)["does"] == does


def test_that_creature_of_exactly_one():
    """Deadly Wanderings: 'that creature' is the one creature you control while there is exactly one."""
    static = reading("Deadly Wanderings", "As long as you control exactly one creature, that creature gets +2/+0 "
                                          "and has deathtouch and lifelink.", "Enchantment", "")
    yours = {"all": ["creature"], "controller": "you"}
    assert static == {"as_long_as": {"count": yours, "at_least": 1, "at_most": 1}, "affects": yours,
                      "does": [{"modify_pt": "+2/+0"}, {"add_abilities": ["deathtouch", "lifelink"]}]}


def test_instead_under_a_game_state():
    """Precipitous Drop: -2/-2 as long as you haven't completed a dungeon, -5/-5 instead as long as you have
    (611.3a: one effect or the other, never both)."""
    found = [r for r in read_text("Enchanted creature gets -2/-2. It gets -5/-5 instead as long as you've completed a "
                                  "dungeon.", "Precipitous Drop", "Enchantment — Aura", "") if r.layer]
    assert [a["static"] for a in found[0].abilities] == [
        {"as_long_as": {"game_state": "completed_dungeon", "at_most": 0}, "affects": "enchanted",
         "does": [{"modify_pt": "-2/-2"}]},
        {"as_long_as": {"game_state": "completed_dungeon", "at_least": 1}, "affects": "enchanted",
         "does": [{"modify_pt": "-5/-5"}]}]


def test_some_opponent_has_no_opposite():
    """'Otherwise' of "an opponent has 10 or less life" is "every opponent has more" (102.2), which the
    vocabulary does not say: the line stays text rather than read as "an opponent has 11 or more"."""
    found = [r for r in read_text("This creature gets +2/+2 as long as an opponent has 10 or less life. Otherwise, it "
                                  "gets -1/-1.", "Test Vampire", "Creature — Vampire", "2/2") if r.layer]
    assert not found[0].structured


def test_riders_of_blocking_and_attacking_with_monstrous():
    """Hundred-Handed One: 'can block an additional ninety-nine creatures each combat' (509.1b) is no layer effect."""
    static = reading("Hundred-Handed One", "As long as Hundred-Handed One is monstrous, it has reach and can block an "
                                           "additional ninety-nine creatures each combat.", "Creature — Giant", "3/5")
    assert static == {"as_long_as": {"status": "monstrous"}, "affects": "self", "does": [{"add_abilities": ["reach"]}]}


@pytest.mark.parametrize("name,line,type_line,condition", [
    ("Homarid", "As long as there are exactly three tide counters on this creature, it gets +1/+1.", "Creature — Homarid",
     {"counters": "tide", "at_least": 3, "at_most": 3}),
    ("Balan, Wandering Knight", "Balan has double strike as long as two or more Equipment are attached to it.",
     "Legendary Creature — Cat Knight", {"count": {"all": ["Equipment"], "attached_to": "self"}, "at_least": 2}),
    ("Manor Gargoyle", "This creature has indestructible as long as it has defender.", "Artifact Creature — Gargoyle",
     {"self": {"has": ["defender"]}}),
])
def test_conditions_on_its_own_object(name, line, type_line, condition):
    assert reading(name, line, type_line)["as_long_as"] == condition


def test_equipment_attached_to_the_equipped_creature_is_counted():
    """Brass Knuckles: 'it' is the equipped creature, whose Equipment the condition counts (`attached_to:
    attached`, issue 32, j32i)."""
    found = [r for r in read_text("Equipped creature has double strike as long as two or more Equipment are attached "
                                  "to it.", "Brass Knuckles", "Artifact — Equipment", "") if r.layer]
    assert found[0].structured and "attached_to" in repr(found[0])
