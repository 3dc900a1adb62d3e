"""The Oracle reader's 'as long as' / 'during your turn' shapes of issue 32 (bridge/cards/oracle/conditions.py):
counters of every kind, Auras on it, your commander, an opponent poisoned, the zone it functions in, 'each X ...
as long as it's a Y', two conditions at once, and what happened this turn (the case's `game_state:`, never
assumed: asp/604_2_conditions.lp)."""
import pytest

from bridge import solve
from bridge.cards.oracle import read_text

HEAD = "case: t\nsource: test\n"


def reading(name: str, line: str, type_line: str = "Creature — Test", pt: str = "2/2") -> dict:
    found = [r for r in read_text(line, name, type_line, pt) if r.layer]
    assert len(found) == 1 and found[0].structured, found
    return found[0].abilities[0]


@pytest.mark.parametrize("name,line,condition", [
    ("Ezio, Brash Novice", "As long as Ezio has two or more counters on it, it has first strike and is an Assassin "
     "in addition to its other types.", {"all_counters": "source", "at_least": 2}),
    ("Gavel of the Righteous", "As long as this Equipment has four or more counters on it, equipped creature has "
     "double strike.", {"all_counters": "source", "at_least": 4}),
    ("Zhao, the Moon Slayer", "As long as Zhao has a conqueror counter on him, nonbasic lands are Mountains.",
     {"counters": "conqueror", "at_least": 1}),
    ("Timber Paladin", "As long as this creature is enchanted by exactly one Aura, it has base power and toughness "
     "3/3.", {"count": {"all": ["Aura"], "attached_to": "self"}, "at_least": 1, "at_most": 1}),
    ("Skyhunter Strike Force", "Lieutenant — As long as you control your commander, other creatures you control "
     "have melee.", {"count": {"all": ["commander"], "owner": "you", "controller": "you"}, "at_least": 1}),
    ("Viridian Betrayers", "This creature has infect as long as an opponent is poisoned.",
     {"poison": "an_opponent", "at_least": 1}),
    ("Sentinel Sarah Lyons", "As long as an artifact entered the battlefield under your control this turn, "
     "creatures you control get +2/+2.", {"game_state": "artifacts_entered_this_turn", "at_least": 1}),
    ("Gimli, Mournful Avenger", "Gimli has indestructible as long as two or more creatures died under your control "
     "this turn.", {"game_state": "creatures_died_this_turn", "at_least": 2}),
    ("Sigardian Paladin", "As long as you've put one or more +1/+1 counters on a creature this turn, this creature "
     "has trample and lifelink.", {"game_state": "creatures_given_plus_one_counters_this_turn", "at_least": 1}),
    ("The Space Family Goblinson", "The Space Family Goblinson has trample as long as you've rolled three or more "
     "dice this turn.", {"game_state": "dice_rolled_this_turn", "at_least": 3}),
    ("Ozai, the Phoenix King", "Ozai has flying and indestructible as long as you have six or more unspent mana.",
     {"game_state": "unspent_mana", "at_least": 6}),
    ("Bristlebane Outrider", "As long as another creature entered the battlefield under your control this turn, "
     "this creature gets +2/+0.", {"game_state": "other_creatures_entered_this_turn", "at_least": 1}),
    ("Saddled Rimestag", "This creature gets +2/+2 as long as you had another creature enter the battlefield under "
     "your control this turn.", {"game_state": "other_creatures_entered_this_turn", "at_least": 1}),
    ("War Historian", "This creature has indestructible as long as it attacked a battle this turn.",
     {"game_state": "attacked_a_battle_this_turn", "at_least": 1}),
    ("The Tarrasque", "The Tarrasque has haste and ward {10} as long as it was cast.",
     {"game_state": "cast", "at_least": 1}),
    ("Hellkite Hatchling", "This creature has flying and trample if it devoured a creature.",
     {"game_state": "creatures_devoured", "at_least": 1}),
    ("Beast, Erudite Aerialist", "As long as you've put one or more +1/+1 counters on Beast this turn, he has "
     "flying.", {"game_state": "given_plus_one_counters_this_turn", "at_least": 1}),
    ("Tenacious Hunter", "As long as a creature has a -1/-1 counter on it, this creature has vigilance and "
     "deathtouch.", {"count": {"counters": {"kind": "-1/-1", "at_least": 1}, "all": ["creature"]}, "at_least": 1}),
    ("Secretkeeper", "As long as you have more cards in hand than each opponent, this creature gets +2/+2 and has "
     "flying.", {"sum": [{"count_cards": {"zone": "hand", "owner": "you"}},
                         {"minus": {"count_cards": {"zone": "hand", "owner": "an_opponent"}}}], "at_least": 1}),
    ("Kaito, Bane of Nightmares", "During your turn, as long as Kaito has one or more loyalty counters on him, he's "
     "a 3/4 Ninja creature and has hexproof.", [{"turn": "yours"}, {"counters": "loyalty", "at_least": 1}]),
    ("Cloud, Planet's Champion", "During your turn, as long as Cloud is equipped, it has double strike and "
     "indestructible.", [{"turn": "yours"}, {"self": {"all": ["equipped"]}}]),
])
def test_the_reader_reads_the_condition(name, line, condition):
    assert reading(name, line)["static"]["as_long_as"] == condition


def test_it_is_each_object_it_affects():
    """Earth Surge: 'it' is each land: the condition narrows the group (611.3a)."""
    found = reading("Earth Surge", "Each land gets +2/+2 as long as it's a creature.", "Enchantment", "")
    assert found["static"] == {"affects": {"all": ["land", "creature"]}, "does": [{"modify_pt": "+2/+2"}]}


@pytest.mark.parametrize("line,functions_in", [
    ("As long as this creature is on the battlefield, it's a land in addition to its other types.", None),
    ("As long as Grist isn't on the battlefield, it's a 1/1 Insect creature in addition to its other types.",
     {"except": ["battlefield"]}),
])
def test_the_zone_it_functions_in(line, functions_in):
    """113.6: on the battlefield only (said again by the text), or everywhere else (113.6b)."""
    found = reading("Grist, the Hunger Tide", line, "Legendary Planeswalker — Grist", "")
    assert found.get("functions_in") == functions_in and found["static"]["affects"] == "self"


@pytest.mark.parametrize("line", [
    "Enchanted creature has first strike as long as it has two or more counters on it.",
])
def test_what_it_cannot_say_stays_text(line):
    found = [r for r in read_text(line, "Kosei, Penitent Warlord", "Enchantment — Aura", "") if r.layer]
    assert not found[0].structured


@pytest.mark.parametrize("name,line", [
    ("Gust Walker", "You may exert this creature as it attacks. When you do, it gets +1/+1 and gains flying until "
     "end of turn. (An exerted creature won't untap during your next untap step.)"),
    ("Kiddie Coaster", "Visit — Creatures you control get +1/+0 until end of turn."),
])
def test_a_reflexive_or_visit_trigger_is_a_triggered_ability(name, line):
    """701.43d exert's 'When you do' and 702.159a Visit are triggered abilities: their effects are the case's."""
    found = [r for r in read_text(line, name, "Creature — Test", "2/2") if r.layer]
    assert [r.kind for r in found] == ["triggered"] and not found[0].structured


GIMLI = "battlefield:\n  - {card: \"Gimli, Mournful Avenger\", id: gimli}\n"


@pytest.mark.parametrize("state,indestructible,unsure", [
    ("game_state: {Alice: {creatures_died_this_turn: 2}}\n", True, False),
    ("game_state: {Alice: {creatures_died_this_turn: 1}}\n", False, False),
    ("", False, True),
])
def test_what_happened_this_turn_is_given_or_marked(write_case, state, indestructible, unsure):
    """Left out: never assumed; the effect does not apply and the abilities it may change are marked."""
    gimli = solve(str(write_case(HEAD + state + GIMLI))).objects["gimli"]
    assert ("indestructible" in gimli.abilities) == indestructible
    assert bool(gimli.unsure) == unsure


@pytest.mark.parametrize("controller,counters,creature", [
    ("Alice", 3, True),        # Alice's turn (the case's first player is the active one, 109.5)
    ("Alice", 0, False),       # no loyalty counters
    ("Bob", 3, False),         # not Bob's turn
])
def test_both_conditions_hold(write_case, controller, counters, creature):
    """Kaito, Bane of Nightmares: 'During your turn, as long as ~ has one or more loyalty counters on him'."""
    text = HEAD + ("players: [Alice, Bob]\nbattlefield:\n  - {card: \"Kaito, Bane of Nightmares\", id: kaito, "
                   f"controller: {controller}, counters: {{loyalty: {counters}}}}}\n")
    kaito = solve(str(write_case(text))).objects["kaito"]
    assert ("Creature" in kaito.types) == creature
    assert ("Planeswalker" in kaito.types) == (not creature)


@pytest.mark.parametrize("name,line,conditions", [
    ("Tek", "This creature gets +0/+2 as long as you control a Plains, has flying as long as you control an Island, "
     "gets +2/+0 as long as you control a Swamp, has first strike as long as you control a Mountain, and has "
     "trample as long as you control a Forest.", ["Plains", "Island", "Swamp", "Mountain", "Forest"]),
    ("Multiclass Baldric", "Equipped creature has lifelink if you control a Cleric, deathtouch if you control a "
     "Rogue, haste if you control a Warrior, and flying if you control a Wizard.",
     ["Cleric", "Rogue", "Warrior", "Wizard"]),
])
def test_several_parts_each_with_its_condition(name, line, conditions):
    found = [r for r in read_text(line, name, "Artifact Creature — Dragon", "2/2") if r.layer]
    assert found[0].structured
    assert [a["static"]["as_long_as"]["count"]["all"] for a in found[0].abilities] == [[c] for c in conditions]


@pytest.mark.parametrize("line", [
    "This creature gets +1/+1 as long as you control a Plains, an Island, or a Swamp, and has flying.",
    "This creature has flying as long as you control an Island, and trample.",
])
def test_a_part_without_its_condition_leaves_the_line_text(line):
    found = [r for r in read_text(line, "Test", "Creature — Test", "2/2") if r.layer]
    assert not found[0].structured


PATH = "life: {Alice: 27}\nbattlefield:\n  - {card: Path of Bravery}\n  - {card: Grizzly Bears}\n"


@pytest.mark.parametrize("state,pt,unsure", [
    ("game_state: {Alice: {starting_life_total: 20}}\n", (3, 3), False),
    ("game_state: {Alice: {starting_life_total: 30}}\n", (2, 2), False),
    ("", (2, 2), True),
])
def test_the_starting_life_total_is_given_or_marked(write_case, state, pt, unsure):
    """103.4: the case gives each player's starting life total; left out, it is never assumed to be 20."""
    bears = solve(str(write_case(HEAD + state + PATH))).objects["grizzly_bears"]
    assert (bears.power, bears.toughness) == pt
    assert bool(bears.unsure) == unsure
    if unsure:
        assert "starting life total: not given" in dict(bears.unsure)["pt"][0][1]


def test_a_hand_left_out_is_marked(write_case):
    """402.1: a hand the case doesn't give is no empty hand: Okina Nightwatch's P/T is marked."""
    text = HEAD + "hands: {Alice: 5}\nbattlefield:\n  - {card: Okina Nightwatch}\n"
    okina = solve(str(write_case(text))).objects["okina_nightwatch"]
    assert dict(okina.unsure).keys() == {"pt"}


def test_the_object_and_a_group():
    """Dion: '~ and other Knights you control have flying': the object itself, and the group."""
    found = reading("Dion, Bahamut's Dominant", "Dragonfire Dive — During your turn, Dion and other Knights you "
                    "control have flying.", "Legendary Creature — Human Noble Knight", "3/3")
    assert found["static"]["affects"] == {"any": ["self", {"other": True, "controller": "you", "all": ["Knight"]}]}


def test_two_clauses_under_one_condition():
    """Angelic Field Marshal: each clause its own subject, both under the condition."""
    found = [r for r in read_text("Lieutenant — As long as you control your commander, this creature gets +2/+2 and "
                                  "creatures you control have vigilance.", "Angelic Field Marshal", "Creature — Angel",
                                  "3/3") if r.layer]
    assert found[0].structured
    assert [a["static"]["affects"] for a in found[0].abilities] == ["self", {"controller": "you", "all": ["creature"]}]
    assert all("as_long_as" in a["static"] for a in found[0].abilities)


def test_still_a_planeswalker_keeps_every_type():
    """205.1b Gideon Blackblade: read as the hand-written case cases/conditions/gideon_blackblade_during_your_turn.yaml."""
    found = reading("Gideon Blackblade", "During your turn, Gideon Blackblade is a 4/4 Human Soldier creature with "
                    "indestructible that's still a planeswalker.", "Legendary Planeswalker — Gideon", "")
    assert found["static"] == {"as_long_as": {"turn": "yours"}, "affects": "self", "does": [
        {"add_types": ["Creature"]}, {"add_subtypes": ["Human", "Soldier"]}, {"set_base_pt": "4/4"},
        {"add_abilities": ["indestructible"]}]}
