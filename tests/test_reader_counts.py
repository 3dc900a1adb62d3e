"""Counts of issue 32 read from the real cards' Oracle text (the card pool) and solved: permanent and historic
cards (110.4a, 700.6), one opponent's or all opponents' cards, the greatest mana value (202.3), counters on
players (122.1), casts of a commander (903.8), every counter on the source, creatures sharing a type (205.3).
A count of what the case doesn't give (a hand, a player's counters, commander casts) is never taken as none:
the values it may change are marked."""
import json

import pytest

from bridge import solve
from bridge.cards.catalog import find_card
from bridge.cards.oracle import read_text
from bridge.interfaces.cli.main import main
from bridge.reading.case import load_case
from bridge.solving.solver import solve_case

HEAD = "case: t\nsource: test\n"
PERMANENT_CARDS = [{"all": [t]} for t in ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")]
CASES = ["cases/reader/sliver_legion_heroes_podium_each_other.yaml",
         "cases/reader/descend_multani_permanent_cards_in_graveyard.yaml",
         "cases/reader/opponents_graveyards_one_opponent_or_all.yaml",
         "cases/reader/greatest_mana_value_karn_glint_raker.yaml",
         "cases/reader/player_counters_and_commander_casts.yaml"]


def reading(name, line):
    card = find_card(name).card
    return {r.line: r for r in read_text(card.text, card.name, card.type_line, card.pt_text)}[line]


def static_of(name, line):
    r = reading(name, line)
    assert r.structured
    (ability,) = r.abilities
    return ability["static"]


def power_of(name, line):
    does = static_of(name, line)["does"]
    return (does[0] if isinstance(does, list) else does).get("modify_pt", (does if isinstance(does, dict) else {}).get(
        "set_base_pt"))["power"]


@pytest.mark.parametrize("name,line,condition", [
    ("Basking Capybara", "Descend 4 — This creature gets +3/+0 as long as there are four or more permanent cards in "
     "your graveyard.", {"count_cards": {"zone": "graveyard", "owner": "you", "any": PERMANENT_CARDS}, "at_least": 4}),
    ("Havi, the All-Father", "Havi has indestructible as long as there are four or more historic cards in your "
     "graveyard. (Artifacts, legendaries, and Sagas are historic.)",
     {"count_cards": {"zone": "graveyard", "owner": "you", "any": [{"all": ["artifact"]}, {"all": ["legendary"]},
                                                                   {"all": ["Saga"]}]}, "at_least": 4}),
    ("Tenured Oilcaster", "This creature gets +3/+0 as long as an opponent has eight or more cards in their graveyard.",
     {"count_cards": {"zone": "graveyard", "owner": "an_opponent"}, "at_least": 8}),
])
def test_a_graveyard_condition_read_from_the_real_card(name, line, condition):
    assert static_of(name, line)["as_long_as"] == condition


@pytest.mark.parametrize("name,line,power", [
    ("Souls of the Lost", "Fathomless descent — Souls of the Lost's power is equal to the number of permanent cards in "
     "your graveyard and its toughness is equal to that number plus 1.",
     {"count_cards": {"zone": "graveyard", "owner": "you", "any": PERMANENT_CARDS}}),
    ("Multani, Yavimaya's Avatar", "Multani gets +1/+1 for each land you control and each land card in your graveyard.",
     {"sum": [{"count": {"controller": "you", "all": ["land"]}},
              {"count_cards": {"zone": "graveyard", "owner": "you", "all": ["land"]}}]}),
    ("Relentless Rats", "This creature gets +1/+1 for each other creature on the battlefield named Relentless Rats.",
     {"count": {"named": "Relentless Rats", "other": True, "all": ["creature"]}}),
    ("Pride of the Clouds", "This creature gets +1/+1 for each other creature on the battlefield with flying.",
     {"count": {"has": ["flying"], "other": True, "all": ["creature"]}}),
    ("Wight of Precinct Six", "This creature gets +1/+1 for each creature card in your opponents' graveyards.",
     {"count_cards": {"zone": "graveyard", "owner": "opponent", "all": ["creature"]}}),
    ("Consuming Aberration", "Consuming Aberration's power and toughness are each equal to the number of cards in your "
     "opponents' graveyards.", {"count_cards": {"zone": "graveyard", "owner": "opponent"}}),
    ("Death's Approach", "Enchanted creature gets -X/-X, where X is the number of creature cards in its controller's "
     "graveyard.", {"minus": {"count_cards": {"zone": "graveyard", "owner": "affected_controller", "all": ["creature"]}}}),
    ("Umbris, Fear Manifest", "Umbris gets +1/+1 for each card your opponents own in exile.",
     {"count_cards": {"zone": "exile", "owner": "opponent"}}),
    ("Karn, Legacy Reforged", "Karn's power and toughness are each equal to the greatest mana value among artifacts "
     "you control.", {"greatest_mana_value": {"controller": "you", "all": ["artifact"]}}),
    ("Emissary Escort", "This creature gets +X/+0, where X is the greatest mana value among other artifacts you "
     "control.", {"greatest_mana_value": {"other": True, "controller": "you", "all": ["artifact"]}}),
    ("Kalemne, Disciple of Iroas", "Kalemne gets +1/+1 for each experience counter you have.",
     {"player_counters": {"kind": "experience", "whose": "you"}}),
    ("Vishgraz, the Doomhive", "Vishgraz gets +1/+1 for each poison counter your opponents have.",
     {"player_counters": {"kind": "poison", "whose": "opponent"}}),
    ("Commander's Insignia", "Creatures you control get +1/+1 for each time you've cast your commander from the "
     "command zone this game.", {"commander_casts": "you"}),
    ("Gavel of the Righteous", "Equipped creature gets +1/+1 for each counter on this Equipment.",
     {"all_counters": "source"}),
    ("Coat of Arms", "Each creature gets +1/+1 for each other creature on the battlefield that shares at least one "
     "creature type with it. (For example, if two Goblin Warriors and a Goblin Shaman are on the battlefield, each "
     "gets +2/+2.)", {"count_sharing_creature_type": {"all": ["creature"]}}),
    ("Sewer Nemesis", "Sewer Nemesis's power and toughness are each equal to the number of cards in the chosen "
     "player's graveyard.", {"count_cards": {"zone": "graveyard", "owner": "chosen_player"}}),
    ("Fungal Behemoth", "Fungal Behemoth's power and toughness are each equal to the number of +1/+1 counters on "
     "creatures you control.", {"counters_among": {"kind": "+1/+1", "of": {"controller": "you", "all": ["creature"]}}}),
    ("Tuvasa the Sunlit", "Tuvasa gets +1/+1 for each enchantment you control.",
     {"count": {"controller": "you", "all": ["enchantment"]}}),
    ("Winter Soldier, Icy Assassin", "Winter Soldier gets +2/+0 for each Equipment attached to him.",
     {"sum": [{"count": {"all": ["Equipment"], "attached_to": "self"}}] * 2}),
])
def test_a_count_read_from_the_real_card(name, line, power):
    assert power_of(name, line) == power


@pytest.mark.parametrize("name,line,count", [
    ("Heroes' Podium", "Each legendary creature you control gets +1/+1 for each other legendary creature you control.",
     {"other": "affected", "controller": "you", "all": ["legendary", "creature"]}),
    ("Sliver Legion", "All Sliver creatures get +1/+1 for each other Sliver on the battlefield.",
     {"other": "affected", "all": ["Sliver"]}),
])
def test_other_of_a_groups_count_is_each_affected_object(name, line, count):
    assert power_of(name, line) == {"count": count}


@pytest.mark.parametrize("name,line", [
    # "other" in a count with words the group doesn't have: the affected object is not one it counts
    ("Mirror Box", "Each nontoken creature you control gets +1/+1 for each other creature you control with the same "
     "name as that creature."),
    # the greatest power of cards in a graveyard: not read
    ("Carrion Grub", "This creature gets +X/+0, where X is the greatest power among creature cards in your graveyard."),
])
def test_what_is_not_read_stays_flagged(name, line):
    r = reading(name, line)
    assert not r.structured and r.layer


@pytest.mark.parametrize("path", CASES)
def test_the_cases_pass_and_every_atom_is_a_fact(path):
    assert main(["check", "--strict", path]) == 0
    solve_case(load_case(path), strict=True)


def pts(write_case, board):
    return {i: o.pt for i, o in solve(str(write_case(HEAD + board))).objects.items()}


def test_an_opponent_is_one_opponent_all_opponents_are_together(write_case):
    board = ("players: [Alice, Bob, Carol]\nbattlefield:\n  - card: Tenured Oilcaster\n  - card: Wight of Precinct Six\n"
             "graveyards:\n  Bob: [Grizzly Bears, Hill Giant, Forest, Forest, Forest, Forest, Forest]\n  Carol: [Shock]\n")
    found = pts(write_case, board)
    assert found["tenured_oilcaster"] == "2/4" and found["wight_of_precinct_six"] == "3/3"
    found = pts(write_case, board.replace("Carol: [Shock]", "Carol: [Shock]\n  Alice: [Shock]").replace("Bob: [", "Bob: [Shock, "))
    assert found["tenured_oilcaster"] == "5/4"


def test_its_controllers_graveyard_is_the_affected_creatures_controllers(write_case):
    board = ("battlefield:\n  - {card: Hill Giant, controller: Bob}\n  - {card: Death's Approach, attached_to: hill_giant}\n"
             "graveyards:\n  Alice: [Grizzly Bears, Runeclaw Bear]\n  Bob: [Hill Giant]\n")
    assert pts(write_case, board)["hill_giant"] == "2/2"


def test_a_count_of_the_chosen_player_uses_the_choice_it_made(write_case):
    assert reading("Sewer Nemesis", "Sewer Nemesis's power and toughness are each equal to the number of cards in the "
                   "chosen player's graveyard.").abilities[0]["chosen"] == "player"
    board = ("battlefield:\n  - {card: Sewer Nemesis, choices: {player: Bob}}\n  - {card: Nyxathid, choices: {player: Bob}}\n"
             "graveyards:\n  Alice: [Forest]\n  Bob: [Hill Giant, Mountain, Shock]\nhands: {Bob: 2}\n")
    found = pts(write_case, board)
    assert (found["sewer_nemesis"], found["nyxathid"]) == ("3/3", "5/5")
    marks = unsure(write_case, board.replace(", choices: {player: Bob}}", "}"))
    assert set(marks) == {"sewer_nemesis", "nyxathid"}


def test_counters_among_the_permanents_a_group_names(write_case):
    board = ("battlefield:\n  - {card: Fungal Behemoth, counters: {+1/+1: 1}}\n  - {card: Grizzly Bears, counters: "
             "{+1/+1: 2}}\n  - {card: Hill Giant, controller: Bob, counters: {+1/+1: 5}}\n")
    assert pts(write_case, board)["fungal_behemoth"] == "4/4"


def test_two_cards_in_a_graveyard_and_all_creature_types(write_case):
    static = static_of("Bloodfire Enforcers", "This creature has first strike and trample as long as an instant card "
                       "and a sorcery card are in your graveyard.")
    assert [c["count_cards"]["all"] for c in static["as_long_as"]] == [["instant"], ["sorcery"]]
    board = "battlefield:\n  - card: Bloodfire Enforcers\n  - card: Undercover Skrull\ngraveyards:\n  Alice: [{}]\n"
    both = solve(str(write_case(HEAD + board.format("Lightning Bolt, Duress, Grizzly Bears, Hill Giant")))).objects
    assert "first strike" in both["bloodfire_enforcers"].abilities and both["undercover_skrull"].pt == "3/3"
    one = solve(str(write_case(HEAD + board.format("Lightning Bolt, Grizzly Bears")))).objects
    assert "first strike" not in one["bloodfire_enforcers"].abilities and one["undercover_skrull"].pt == "1/1"


def test_greatest_mana_value_is_zero_without_any(write_case):
    assert pts(write_case, "battlefield:\n  - card: Glint Raker\n")["glint_raker"] == "1/3"


def test_every_counter_on_the_source(write_case):
    board = ("battlefield:\n  - card: Grizzly Bears\n  - {card: Gavel of the Righteous, attached_to: grizzly_bears, "
             "counters: {charge: 2, +1/+1: 1}}\n")
    assert pts(write_case, board)["grizzly_bears"] == "5/5"


def unsure(write_case, board):
    out = solve(str(write_case(HEAD + board)))
    return {i: dict(o.unsure) for i, o in out.objects.items() if o.unsure}


@pytest.mark.parametrize("board,said", [
    ("battlefield:\n  - card: Maro\n", "cards in Alice's hand: not given"),
    ("battlefield:\n  - card: Enemy of Enlightenment\nhands: {Alice: 2}\n", "cards in Bob's hand: not given"),
    ("battlefield:\n  - card: Kalemne, Disciple of Iroas\n", "experience counters on Alice: not given"),
    ("battlefield:\n  - card: Vishgraz, the Doomhive\npoison: {Alice: 3}\n", "poison counters on Bob: not given"),
    ("battlefield:\n  - card: Commander's Insignia\n  - card: Grizzly Bears\n",
     "times Alice cast their commander from the command zone: not given"),
])
def test_a_count_the_case_does_not_give_is_marked_never_taken_as_none(write_case, board, said):
    marks = unsure(write_case, board)
    assert marks and all("pt" in m for m in marks.values())
    texts = [text for m in marks.values() for by in m.values() for _, text in by]
    assert any(said in t for t in texts)


@pytest.mark.parametrize("board", [
    "battlefield:\n  - card: Maro\nhands: {Alice: 3}\n",
    "battlefield:\n  - card: Enemy of Enlightenment\nhands: {Bob: []}\n",
    "battlefield:\n  - card: Kalemne, Disciple of Iroas\nplayer_counters: {Alice: {}}\n",
    "battlefield:\n  - card: Vishgraz, the Doomhive\npoison: {Bob: 0}\n",
    "battlefield:\n  - card: Commander's Insignia\n  - card: Grizzly Bears\ncommander_casts: {Alice: 0}\n",
])
def test_a_count_the_case_gives_is_no_doubt(write_case, board):
    assert not unsure(write_case, board)


def test_an_unknown_hand_shows_a_question_mark_in_the_table(write_case, capsys):
    assert main(["solve", str(write_case(HEAD + "battlefield:\n  - card: Maro\n"))]) == 0
    out = capsys.readouterr().out
    assert "0/0 ?" in out and "give it `hands:`" in out


def test_the_json_says_the_doubt(write_case, capsys):
    main(["solve", "--format", "json", str(write_case(HEAD + "battlefield:\n  - card: Kalemne, Disciple of Iroas\n"))])
    (data,) = json.loads(capsys.readouterr().out)
    kalemne = next(o for o in data["objects"] if o["id"] == "kalemne_disciple_of_iroas")
    assert "pt" in kalemne["unsure"]


@pytest.mark.parametrize("text,words", [
    ("player_counters: {Alice: {poison: 2}}\n", ["player_counters.Alice.poison", "poison:"]),
    ("player_counters: {Zed: {experience: 2}}\n", ["player_counters.Zed"]),
    ("player_counters: {Alice: {experience: -1}}\n", ["cannot be negative"]),
    ("commander_casts: {Alice: -1}\n", ["commander_casts.Alice"]),
    ("commander_casts: [Alice]\n", ["commander_casts"]),
])
def test_bad_player_numbers_are_refused(refused, text, words):
    err = refused(HEAD + "battlefield:\n  - card: Grizzly Bears\n" + text)
    assert all(w in err for w in words)


def test_bad_count_expressions_are_refused(refused):
    card = "  - card: {{name: C, type_line: Creature, pt: 1/1, abilities: [{{text: t, static: {}}}]}}\n"
    err = refused(HEAD + "battlefield:\n" + card.format(
        "{affects: self, does: {modify_pt: {power: {count_cards: {zone: graveyard, owner: someone}}, toughness: 0}}}"))
    assert "owner" in err and "an_opponent" in err
    err = refused(HEAD + "battlefield:\n" + card.format(
        "{affects: self, does: {modify_pt: {power: {player_counters: {kind: experience, whose: all}}, toughness: 0}}}"))
    assert "whose" in err
    err = refused(HEAD + "battlefield:\n" + card.format(
        "{affects: self, does: {modify_pt: {power: {all_counters: equipped}, toughness: 0}}}"))
    assert "all_counters" in err and "affected" in err
    err = refused(HEAD + "battlefield:\n" + card.format(
        "{as_long_as: {count_cards: {zone: graveyard, owner: affected_controller}, at_least: 1}, affects: self, "
        "does: {add_types: [Artifact]}}"))
    assert "affected" in err
