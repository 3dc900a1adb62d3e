"""Characteristic-defining abilities of issue 32 read from the real cards' Oracle text (the card pool) and solved:
"the chosen player controls" (607.2: Pallimud, Skyshroud War Beast, Lost Order of Jarkeld), a CDA that defines
only toughness (604.3: People of the Woods, An-Havva Constable ...), "the opponent with the most cards in hand"
(Adamaro), what the case's `game_state:` gives (Nameless Race's "life paid as it entered", Duelist of the Mind's
"cards you've drawn this turn"), and "card types among cards in your opponents' graveyards" (Nighthawk Scavenger). A choice or a hand the
case doesn't give is never taken as none: the values it may change are marked. And the static "Max speed — ..."
(702.178a: as long as your speed is 4)."""
import pytest

from bridge import solve
from bridge.cards.catalog import find_card
from bridge.cards.oracle import read_text
from bridge.interfaces.cli.main import main
from bridge.reading.case import load_case
from bridge.solving.solver import solve_case

HEAD = "case: t\nsource: test\n"
CASES = ["cases/reader/pallimud_chosen_player_controls.yaml",
         "cases/reader/toughness_only_cdas.yaml",
         "cases/reader/adamaro_opponent_with_most_cards.yaml",
         "cases/reader/nighthawk_scavenger_opponents_graveyards.yaml",
         "cases/reader/life_paid_and_cards_drawn_cdas.yaml",
         "cases/reader/speed_and_exiled_cards_cdas.yaml",
         "cases/reader/max_speed_gastal_raider.yaml"]


def reading(name, line):
    """The reading of LINE on the face named NAME (a crafted card's back face: Sunbird Effigy)."""
    card = find_card(name).card
    faces = (card, *(f for f in (card.back_face, card.flip_face, card.modal_back_face) if f))
    face = next(f for f in faces if f.name == name)
    return {r.line: r for r in read_text(face.text, face.name, face.type_line, face.pt_text)}[line]


def cda_of(name, line):
    r = reading(name, line)
    assert r.structured and r.layer and r.kind == "cda"
    (ability,) = r.abilities
    assert ability["cda"] is True and ability["static"]["affects"] == "self"
    return ability


@pytest.mark.parametrize("name,line,power,toughness", [
    ("Pallimud", "Pallimud's power is equal to the number of tapped lands the chosen player controls.",
     {"count": {"all": ["tapped", "land"], "controller": "chosen_player"}}, 3),
    ("Skyshroud War Beast", "Skyshroud War Beast's power and toughness are each equal to the number of nonbasic lands "
     "the chosen player controls.", {"count": {"all": ["land"], "not": ["basic"], "controller": "chosen_player"}},
     None),
    ("Lost Order of Jarkeld", "Lost Order of Jarkeld's power and toughness are each equal to 1 plus the number of "
     "creatures the chosen player controls.",
     {"sum": [1, {"count": {"all": ["creature"], "controller": "chosen_player"}}]}, None),
])
def test_the_chosen_player_controls(name, line, power, toughness):
    ability = cda_of(name, line)
    assert ability["chosen"] == "player"        # 607.2 the ability uses its object's choice
    pt = ability["static"]["does"]["set_base_pt"]
    assert pt == {"power": power, "toughness": power if toughness is None else toughness}
    chooses = reading(name, "As this creature enters, choose an opponent.")
    assert chooses.abilities[0]["choose"] == "player"


@pytest.mark.parametrize("name,line,power,toughness", [
    ("People of the Woods", "People of the Woods's toughness is equal to the number of Forests you control.",
     1, {"count": {"all": ["Forest"], "controller": "you"}}),
    ("An-Havva Constable", "An-Havva Constable's toughness is equal to 1 plus the number of green creatures on the "
     "battlefield.", 2, {"sum": [1, {"count": {"all": ["green", "creature"]}}]}),
    ("Tymaret, Chosen from Death", "Tymaret's toughness is equal to your devotion to black. (Each {B} in the mana "
     "costs of permanents you control counts toward your devotion to black.)", 2, {"devotion": ["black"]}),
    ("Aven Trailblazer", "Domain — Aven Trailblazer's toughness is equal to the number of basic land types among "
     "lands you control.", 2, {"basic_land_types": {"all": ["land"], "controller": "you"}}),
])
def test_a_cda_of_toughness_only_keeps_the_printed_power(name, line, power, toughness):
    assert cda_of(name, line)["static"]["does"]["set_base_pt"] == {"power": power, "toughness": toughness}


def test_a_toughness_cda_beside_a_power_cda_is_flagged_never_silent():
    # Yavimaya Kavu (*/*): each line defines one of the two; neither printed number is one to keep (once read as
    # no layer line at all, its toughness line was silent)
    for line in ("Yavimaya Kavu's power is equal to the number of red creatures on the battlefield.",
                 "Yavimaya Kavu's toughness is equal to the number of green creatures on the battlefield."):
        r = reading("Yavimaya Kavu", line)
        assert r.layer and not r.structured and r.kind == "cda"
        assert r.abilities[0]["unread"]["changes"] == ["pt"]


def test_other_counts():
    adamaro = cda_of("Adamaro, First to Desire", "Adamaro's power and toughness are each equal to the number of "
                     "cards in the hand of the opponent with the most cards in hand.")
    assert adamaro["static"]["does"]["set_base_pt"]["power"] == {"count_cards": {"zone": "hand", "owner": "an_opponent"}}
    nighthawk = cda_of("Nighthawk Scavenger", "Nighthawk Scavenger's power is equal to 1 plus the number of card "
                       "types among cards in your opponents' graveyards.")
    assert nighthawk["static"]["does"]["set_base_pt"] == {"power": {"sum": [1, {"card_types_in_graveyards": "opponent"}]},
                                                          "toughness": 3}


@pytest.mark.parametrize("path", CASES)
def test_the_cases_pass_and_every_atom_is_a_fact(path):
    assert main(["check", "--strict", path]) == 0
    solve_case(load_case(path), strict=True)


def unsure(write_case, board):
    out = solve(str(write_case(HEAD + board)))
    return {i for i, o in out.objects.items() if o.unsure}


def test_a_choice_or_a_hand_not_given_is_marked(write_case):
    board = ("players: [Alice, Bob]\nbattlefield:\n  - card: Pallimud\n  - {card: Forest, controller: Bob, "
             "status: {tapped: true}}\n")
    assert "pallimud" in unsure(write_case, board)
    assert "pallimud" not in unsure(write_case, board.replace("card: Pallimud", "{card: Pallimud, choices: {player: Bob}}"))
    board = "players: [Alice, Bob, Carol]\nbattlefield:\n  - {card: \"Adamaro, First to Desire\", id: adamaro}\n"
    assert "adamaro" in unsure(write_case, board + "hands: {Alice: 7, Bob: 2}\n")
    assert "adamaro" not in unsure(write_case, board + "hands: {Alice: 7, Bob: 2, Carol: 5}\n")


def test_the_chosen_player_is_counted_not_the_controller(write_case):
    board = ("players: [Alice, Bob]\nbattlefield:\n  - {card: Skyshroud War Beast, choices: {player: Bob}}\n"
             "  - {card: Mutavault, id: mine}\n  - {card: Mutavault, id: bobs_1, controller: Bob}\n"
             "  - {card: Mutavault, id: bobs_2, controller: Bob}\n")
    out = solve(str(write_case(HEAD + board)))
    assert out.objects["skyshroud_war_beast"].pt == "2/2"


@pytest.mark.parametrize("name,line,fact", [
    ("Nameless Race", "Nameless Race's power and toughness are each equal to the life paid as it entered.",
     "life_paid_as_it_entered"),
    ("Minion of the Wastes", "Minion of the Wastes's power and toughness are each equal to the life paid as it entered.",
     "life_paid_as_it_entered"),
    ("Wood Elemental", "Wood Elemental's power and toughness are each equal to the number of Forests sacrificed as it "
     "entered.", "forests_sacrificed_as_it_entered"),
    ("Unlicensed Hearse", "Unlicensed Hearse's power and toughness are each equal to the number of cards exiled with it.",
     "cards_exiled_with_it"),
    ("Living Lore", "Living Lore's power and toughness are each equal to the exiled card's mana value.",
     "exiled_card_mana_value"),
    ("Sunbird Effigy", "Sunbird Effigy's power and toughness are each equal to the number of colors among the exiled "
     "cards used to craft it.", "crafted_with_colors"),
    ("Wretched Bonemass", "Wretched Bonemass's power and toughness are each equal to the total power of the exiled cards "
     "used to craft it.", "crafted_with_total_power"),
    ("Control Win Condition", "Control Win Condition's power and toughness are each equal to the number of turns you've "
     "taken this game. (If this is in your deck, please keep track of your turns. This means you, Mark.)",
     "turns_taken_this_game"),
])
def test_what_was_done_as_it_entered_is_the_cases(name, line, fact):
    assert cda_of(name, line)["static"]["does"]["set_base_pt"] == {"power": {"game_state": fact},
                                                                   "toughness": {"game_state": fact}}


def test_a_speed_not_given_is_marked(write_case):
    assert cda_of("Gomif, Fast Racer", "Gomif's power is equal to your speed.")["static"]["does"]["set_base_pt"] == \
        {"power": {"game_state": "speed"}, "toughness": 2}
    board = "battlefield:\n  - {card: \"Gomif, Fast Racer\", id: gomif}\n"
    assert unsure(write_case, board) == {"gomif"}
    assert unsure(write_case, board + "game_state: {Alice: {speed: 0}}\n") == set()


def test_what_the_case_does_not_give_is_marked(write_case):
    assert cda_of("Duelist of the Mind", "Duelist of the Mind's power is equal to the number of cards you've drawn this "
                  "turn.")["static"]["does"]["set_base_pt"] == {"power": {"game_state": "cards_drawn_this_turn"},
                                                                "toughness": 3}
    board = "battlefield:\n  - card: Nameless Race\n  - card: Duelist of the Mind\n"
    assert unsure(write_case, board) == {"nameless_race", "duelist_of_the_mind"}
    given = board.replace("card: Nameless Race", "{card: Nameless Race, game_state: {life_paid_as_it_entered: 0}}")
    assert unsure(write_case, given + "game_state: {Alice: {cards_drawn_this_turn: 0}}\n") == set()


def test_max_speed_is_a_condition_on_the_controllers_speed():
    r = reading("Nesting Bot", "Max speed — This creature gets +1/+0.")
    assert r.structured and r.abilities[0]["static"] == {"as_long_as": {"game_state": "speed", "at_least": 4},
                                                         "affects": "self", "does": [{"modify_pt": "+1/+0"}]}
    # two sentences under one max speed: the condition is both's; never the second read as always on
    r = reading("Tsagan, Raider Warlord", "Max speed — Tsagan has deathtouch. Other creatures you control have first "
                "strike.")
    assert r.structured and len(r.abilities) == 2
    assert all(a["static"]["as_long_as"] == {"game_state": "speed", "at_least": 4} for a in r.abilities)


def test_a_speed_not_given_leaves_max_speed_marked(write_case):
    assert unsure(write_case, "battlefield:\n  - card: Nesting Bot\n") == {"nesting_bot"}
