"""Counts of what a player did this turn (the case's `game_state:`) and of counters on the object an effect
changes, in any static ability (issue 32): Knowledge Is Power, Greven, Samut, Lumbering Battlement, Luxior,
Toxrill. A value the case leaves out is never taken as zero: the values the ability may change are marked."""
import pytest

from bridge import solve
from bridge.cards.oracle import read_text

HEAD = "case: t\nsource: test\n"


def static_of(name: str, line: str, type_line: str = "Creature — Test", pt: str = "2/2") -> dict:
    found = [r for r in read_text(line, name, type_line, pt) if r.layer]
    assert len(found) == 1 and found[0].structured, found
    return found[0].abilities[0]["static"]


@pytest.mark.parametrize("name,line,power", [
    ("Knowledge Is Power", "Creatures you control get +X/+X, where X is the number of cards you've drawn this turn.",
     {"game_state": "cards_drawn_this_turn"}),
    ("Greven, Predator Captain", "Greven gets +X/+0, where X is the amount of life you've lost this turn.",
     {"game_state": "life_lost_this_turn"}),
    ("Samut, the Driving Force", "Other creatures you control get +X/+0, where X is your speed.",
     {"game_state": "speed"}),
])
def test_what_its_controller_did_is_a_number(name, line, power):
    assert static_of(name, line)["does"][0]["modify_pt"]["power"] == power


def test_cards_exiled_with_its_own_object():
    """Lumbering Battlement: 'it' is the creature itself, whose exiled cards the case gives."""
    read = static_of("Lumbering Battlement", "This creature gets +2/+2 for each card exiled with it.")
    once = {"game_state": "cards_exiled_with_it"}
    assert read == {"affects": "self", "does": [{"modify_pt": {"power": {"sum": [once, once]},
                                                               "toughness": {"sum": [once, once]}}}]}


def test_cards_exiled_with_the_source_read_of_another_object_stays_text():
    """What was done with the Aura is no value of the enchanted creature: the line stays text."""
    found = [r for r in read_text("Enchanted creature gets +1/+1 for each card exiled with Test Aura.", "Test Aura",
                                  "Enchantment — Aura", "") if r.layer]
    assert not found[0].structured


def test_counters_on_it_and_on_them_are_the_affected_object_s():
    luxior = static_of("Luxior, Giada's Gift", "Equipped creature gets +1/+1 for each counter on it.",
                       "Legendary Artifact — Equipment", "")
    assert luxior["does"] == [{"modify_pt": {"power": {"all_counters": "affected"},
                                             "toughness": {"all_counters": "affected"}}}]
    toxrill = static_of("Toxrill, the Corrosive", "Creatures you don't control get -1/-1 for each slime counter on them.")
    assert toxrill["does"] == [{"modify_pt": {"power": {"minus": {"counters": "slime"}},
                                              "toughness": {"minus": {"counters": "slime"}}}}]


BOARD = ("battlefield:\n  - {card: Knowledge Is Power}\n  - {card: Grizzly Bears}\n"
         "  - {card: Grizzly Bears, id: bobs_bears, controller: Bob}\n")


def test_cards_drawn_given(write_case):
    result = solve(str(write_case(HEAD + "game_state: {Alice: {cards_drawn_this_turn: 3}}\n" + BOARD)))
    bears, bobs = result.objects["grizzly_bears"], result.objects["bobs_bears"]
    assert (bears.power, bears.toughness, bobs.power) == (5, 5, 2)
    assert not bears.unsure


def test_cards_drawn_left_out_is_never_zero(write_case):
    result = solve(str(write_case(HEAD + BOARD)))
    assert dict(result.objects["grizzly_bears"].unsure).keys() == {"pt"}
    assert "cards drawn this turn: not given" in dict(result.objects["grizzly_bears"].unsure)["pt"][0][1]


def test_all_counters_on_the_equipped_creature(write_case):
    """Luxior: every counter on the equipped creature, whatever its kind (122.1); none on the Equipment counted."""
    result = solve(str(write_case(HEAD + "battlefield:\n  - {card: Grizzly Bears, counters: {+1/+1: 1, shield: 2}}\n"
                                  "  - {card: \"Luxior, Giada's Gift\", attached_to: grizzly_bears}\n")))
    bears = result.objects["grizzly_bears"]
    assert (bears.power, bears.toughness) == (6, 6)         # 2/2, +1/+1 from its counter, +3/+3 from Luxior


def test_five_mana_values_among_cards_in_your_graveyard_is_a_condition():
    """Syndicate Infiltrator (202.3): each mana value once."""
    read = static_of("Syndicate Infiltrator", "As long as there are five or more mana values among cards in your "
                     "graveyard, this creature gets +2/+2.", pt="3/3")
    assert read["as_long_as"] == {"mana_values_in_graveyard": "you", "at_least": 5}


@pytest.mark.parametrize("graveyard,pt", [
    ("[Island, Lightning Bolt, Grizzly Bears, Hill Giant, Serra Angel]", (5, 5)),
    ("[Island, Forest, Lightning Bolt, Shock, Grizzly Bears, Hill Giant]", (3, 3)),      # four different ones
    ("[Island, Lightning Bolt, Grizzly Bears, Hill Giant, {card: Serra Angel, owner: Bob}]", (3, 3)),
])
def test_mana_values_in_your_graveyard(write_case, graveyard, pt):
    case = HEAD + "battlefield:\n  - {card: Syndicate Infiltrator}\n" + f"graveyards:\n  Alice: {graveyard}\n"
    if "owner: Bob" in graveyard:       # a card Bob owns is in his graveyard, not Alice's
        case = case.replace(", {card: Serra Angel, owner: Bob}]", "]\n  Bob: [Serra Angel]")
    infiltrator = solve(str(write_case(case))).objects["syndicate_infiltrator"]
    assert (infiltrator.power, infiltrator.toughness) == pt


def test_mana_values_of_cards_given_as_a_number_are_not_guessed(refused):
    err = refused(HEAD + "battlefield:\n  - {card: Syndicate Infiltrator}\ngraveyards:\n  Alice: 7\n")
    assert "given as a number only" in err


def test_named_before_you_control_and_names_with_of():
    dwarves = static_of("Seven Dwarves", "This creature gets +1/+1 for each other creature named Seven Dwarves you "
                        "control.")
    counted = {"count": {"named": "Seven Dwarves", "other": True, "controller": "you", "all": ["creature"]}}
    assert dwarves["does"] == [{"modify_pt": {"power": counted, "toughness": counted}}]
    rohgahh = static_of("Rohgahh of Kher Keep", "Creatures you control named Kobolds of Kher Keep get +2/+2.")
    assert rohgahh["affects"] == {"named": "Kobolds of Kher Keep", "controller": "you", "all": ["creature"]}


def test_seven_dwarves_counts_only_its_controller_s_other_dwarves(write_case):
    """Seven Dwarves (2/2): two other Dwarves Alice controls, +2/+2; Bob's is not counted."""
    result = solve(str(write_case(HEAD + "battlefield:\n  - {card: Seven Dwarves, id: a}\n"
                                  "  - {card: Seven Dwarves, id: b}\n  - {card: Seven Dwarves, id: c}\n"
                                  "  - {card: Seven Dwarves, id: d, controller: Bob}\n")))
    assert (result.objects["a"].power, result.objects["a"].toughness) == (4, 4)
    assert (result.objects["d"].power, result.objects["d"].toughness) == (2, 2)


@pytest.mark.parametrize("graveyards,power", [
    ("{Alice: 9, Bob: 9}", 1),              # eighteen cards, but no single graveyard holds ten
    ("{Alice: 2, Bob: 10}", 4),             # an opponent's graveyard counts
    ("{Alice: 10}", 4),                     # its controller's too
])
def test_ten_or_more_cards_in_a_single_graveyard(write_case, graveyards, power):
    """Swimmer in Nightmares (1/4): 'gets +3/+0 as long as there are ten or more cards in a single graveyard'."""
    result = solve(str(write_case(HEAD + "battlefield:\n  - {card: Swimmer in Nightmares}\n"
                                  f"graveyards: {graveyards}\n")))
    assert result.objects["swimmer_in_nightmares"].power == power


def test_creatures_entered_this_turn(write_case):
    """Kinbinding: 'the number of creatures that entered the battlefield under your control this turn' (game_state)."""
    board = "battlefield:\n  - {card: Kinbinding}\n  - {card: Grizzly Bears}\n"
    given = solve(str(write_case(HEAD + "game_state: {Alice: {creatures_entered_this_turn: 2}}\n" + board)))
    assert (given.objects["grizzly_bears"].power, given.objects["grizzly_bears"].toughness) == (4, 4)
    left_out = solve(str(write_case(HEAD + board)))
    assert dict(left_out.objects["grizzly_bears"].unsure).keys() == {"pt"}


@pytest.mark.parametrize("card", ["Tarmogoyf", "Kessig Dire Swine", "Syndicate Infiltrator"])
def test_card_types_and_mana_values_of_cards_given_as_a_number_are_refused(refused, card):
    """Before: Tarmogoyf over 'graveyards: {Alice: 5}' was a silent 0/1 (the five cards had no card types)."""
    err = refused(HEAD + f"battlefield:\n  - {{card: {card}}}\ngraveyards:\n  Alice: 5\n")
    assert "given as a number only" in err


def test_an_empty_graveyard_given_as_zero_is_no_unknown(write_case):
    result = solve(str(write_case(HEAD + "battlefield:\n  - {card: Tarmogoyf}\ngraveyards:\n  Alice: 0\n")))
    assert (result.objects["tarmogoyf"].power, result.objects["tarmogoyf"].toughness) == (0, 1)
