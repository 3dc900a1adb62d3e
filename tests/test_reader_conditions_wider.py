"""More 'as long as' / 'during your turn' shapes of issue 32, each read from the real card's Oracle text in the pool
(bridge/cards/oracle/conditions.py, statics.py): stickered and transformed permanents (123.4, 701.27g), what is
attached to the equipped or enchanted creature, the cards exiled with the object, some opponent's or some player's
cards (the fewest), libraries (401), counters among a group, and what happened this turn (the case's `game_state:`)."""
import pytest

from bridge import solve
from bridge.cards.catalog import find_card
from bridge.cards.oracle import read_text
from bridge.model.errors import CaseError

HEAD = "case: t\nsource: test\n"


def card_line(name: str, starts: str):
    """The reading of the line of the real card (the pool's Oracle text) that begins with `starts`."""
    card = find_card(name, None).card
    found = [r for r in read_text(card.text, card.name, card.type_line, card.pt_text) if r.line.startswith(starts)]
    assert len(found) == 1, found
    return found[0]


def static_of(name: str, starts: str) -> dict:
    found = card_line(name, starts)
    assert found.structured and found.layer, found
    (ability,) = [a for a in found.abilities if "static" in a]
    return ability["static"]


@pytest.mark.parametrize("name,starts,condition", [
    ("Big Winner", "This creature has trample", {"count": {"all": ["stickered"], "controller": "you"}, "at_least": 1}),
    ("Oculus Whelp", "As long as", {"count": {"all": ["transformed"], "controller": "you"}, "at_least": 1}),
    ("Timber Paladin", "As long as this creature is enchanted by exactly two",
     {"count": {"all": ["Aura"], "attached_to": "self"}, "at_least": 2, "at_most": 2}),
    ("Veteran Survivor", "As long as", {"game_state": "cards_exiled_with_it", "at_least": 3}),
    ("Keen-Eyed Curator", "As long as", {"game_state": "card_types_exiled_with_it", "at_least": 4}),
    ("Gray Harbor Merfolk", "This creature gets", {"count": {"any": [
        {"all": ["creature", "commander"], "controller": "you"},
        {"all": ["planeswalker", "commander"], "controller": "you"}]}, "at_least": 1}),
    ("Idol of False Gods", "As long as", {"counters": "+1/+1", "at_least": 8}),
    ("Soul Swindler", "As long as", {"game_state": "attractions_visited_this_turn", "at_least": 1}),
    ("Deepway Navigator", "As long as", {"game_state": "merfolk_attacked_with_this_turn", "at_least": 3}),
    ("Swordsworn Cavalier", "This creature has first strike",
     {"game_state": "other_knights_entered_this_turn", "at_least": 1}),
    ("Shoreline Scout", "As long as", {"game_state": "other_merfolk_or_islands_entered_this_turn", "at_least": 1}),
    ("Tom Bombadil", "As long as", {"counters_among": {"kind": "lore", "of": {"controller": "you", "all": ["Saga"]}},
                                    "at_least": 4}),
    ("Warden of the Beyond", "This creature gets", {"count_cards": {"zone": "exile", "owner": "an_opponent"},
                                                    "at_least": 1}),
    ("Guul Draz Specter", "This creature gets", {"count_cards": {"zone": "hand", "owner": "an_opponent"}, "equal": 0}),
    ("Baneslayer Aspirant", "Baneslayer Aspirant gets", {"emblems": "you", "at_least": 1}),
    ("Mul Daya Channelers", "As long as the top card of your library is a creature",
     {"count_cards": {"zone": "library", "owner": "your_top_card", "all": ["creature"]}, "at_least": 1}),
    ("Vampire Nocturnus Avatar", "As long as",
     {"count_cards": {"zone": "library", "owner": "your_top_card", "all": ["black"]}, "at_least": 1}),
    ("Living Conundrum", "As long as", {"count_cards": {"zone": "library", "owner": "you"}, "equal": 0}),
    ("Isleback Spawn", "This creature gets", {"count_cards": {"zone": "library", "owner": "a_player"}, "at_most": 20}),
    ("Brass Knuckles", "Equipped creature has double strike",
     {"count": {"all": ["Equipment"], "attached_to": "attached"}, "at_least": 2}),
    ("Face of Divinity", "As long as", {"count": {"all": ["Aura"], "attached_to": "attached", "other": True},
                                        "at_least": 1}),
    ("Bonds of Faith", "Enchanted creature gets", {"attached": {"all": ["Human"]}}),
    ("Kosei, Penitent Warlord", "As long as", [{"self": {"all": ["enchanted"]}}, {"self": {"all": ["equipped"]}},
                                               {"all_counters": "source", "at_least": 1}]),
])
def test_the_condition_of_the_real_card(name, starts, condition):
    assert static_of(name, starts)["as_long_as"] == condition


@pytest.mark.parametrize("name,starts,affects,does", [
    ("Timber Paladin", "As long as this creature is enchanted by three", "self",
     [{"set_base_pt": "10/10"}, {"add_abilities": ["vigilance", "trample"]}]),
    ("Idol of False Gods", "As long as", "self",
     [{"add_types": ["Creature"]}, {"set_base_pt": "0/0"}, {"add_abilities": ["annihilator 2"]}]),
    ("Veteran Survivor", "As long as", "self", [{"modify_pt": "+3/+3"}, {"add_abilities": ["hexproof"]}]),
    ("Face of Divinity", "As long as", "enchanted", [{"add_abilities": ["first strike", "lifelink"]}]),
    ("Bonds of Faith", "Enchanted creature gets", "enchanted", [{"modify_pt": "+2/+2"}]),
    ("Vectis Gloves", "Equipped creature gets", "equipped",
     [{"modify_pt": "+2/+0"}, {"add_abilities": ["artifact landwalk"]}]),
])
def test_what_applies_under_it(name, starts, affects, does):
    """Every word of the line: the main sentence's 'it' is the condition's object, its second 'it' too (Idol), the
    keywords after a base P/T are had too (Timber Paladin)."""
    static = static_of(name, starts)
    assert (static["affects"], static["does"]) == (affects, does)


def test_they_names_the_first_sentences_group():
    """Radiant Destiny: "..., they also have vigilance": the creatures of the first sentence, under the condition."""
    found = card_line("Radiant Destiny", "Creatures you control")
    first, second = (a["static"] for a in found.abilities)
    assert found.structured and second["affects"] == first["affects"]
    assert second["as_long_as"] == {"game_state": "citys_blessing", "at_least": 1}
    assert second["does"] == [{"add_abilities": ["vigilance"]}] and "as_long_as" not in first


@pytest.mark.parametrize("name", ["Solid Footing", "Warmonger's Chariot", "Foriysian Totem"])
def test_a_rule_of_combat_under_a_condition_is_no_layer_line(name):
    """510.1c, 508.1, 509.1: what applies under the condition changes no characteristic; the keyword or type words
    that looked like a layer effect are the condition's."""
    found = card_line(name, "As long as")
    assert not found.layer


@pytest.mark.parametrize("name", ["Crown of Gondor", "Arm-Mounted Anchor", "Plate Armor"])
def test_an_equip_cost_lowered_is_no_layer_line(name):
    """601.2f, 602.2b "Equip {4}. This ability costs {3} less to activate if ...": a cost, no characteristic."""
    found = card_line(name, "Equip {")
    assert not found.layer


@pytest.mark.parametrize("name,starts", [
    # 615 a prevention effect in the "Otherwise" branch stays text (tests/test_oracle_reader.py)
    ("Armament of Nyx", "Enchanted creature has double strike"),
    # 'it's a Detective you control': the opposite is not one quality (Burden of Proof)
    ("Burden of Proof", "Enchanted creature gets"),
    # a player's hexproof under a condition: the vocabulary's players: has no condition
    ("Gruul Spellbreaker", "During your turn"),
    ("Captain America, Super-Soldier", "As long as"),
    # some opponent controls none: the vocabulary counts every opponent's permanents together
    ("Rankle, Pitiless Trickster", "Rankle has lifelink"),
])
def test_what_the_vocabulary_cannot_say_stays_text(name, starts):
    found = card_line(name, starts)
    assert found.layer and not found.structured


@pytest.mark.parametrize("libraries,pt,unsure", [
    ("libraries: {Alice: 0}\n", (10, 10), False),
    ("libraries: {Alice: 3}\n", (2, 5), False),
    ("", (10, 10), True),           # left out: the count is 0, and the values it may change are marked
])
def test_a_library_left_out_is_marked(write_case, libraries, pt, unsure):
    """401.1: a library the case doesn't give is no empty library: Living Conundrum's values are marked."""
    conundrum = solve(str(write_case(HEAD + libraries + "battlefield:\n  - {card: Living Conundrum}\n"))) \
        .objects["living_conundrum"]
    assert (conundrum.power, conundrum.toughness) == pt
    assert bool(conundrum.unsure) == unsure
    if unsure:
        assert "library: not given" in str(dict(conundrum.unsure))


@pytest.mark.parametrize("libraries,pt,unsure", [
    ("libraries: {Alice: [Grizzly Bears, Forest]}\n", (5, 5), False),
    ("libraries: {Alice: [Forest, Grizzly Bears]}\n", (2, 2), False),     # only the top card
    ("libraries: {Alice: 2}\n", None, True),                               # its top card not said
    ("", None, True),
])
def test_the_top_card_of_your_library_is_given_or_marked(write_case, libraries, pt, unsure):
    """401.1 Mul Daya Channelers: the case lists a library top first; a top card it doesn't say is never assumed."""
    text = HEAD + libraries + "battlefield:\n  - {card: Mul Daya Channelers}\n"
    try:
        channelers = solve(str(write_case(text))).objects["mul_daya_channelers"]
    except CaseError as error:          # words asked of cards given as a number only: said, the case refused
        assert unsure and "library" in str(error)
        return
    if pt:
        assert (channelers.power, channelers.toughness) == pt
    assert bool(channelers.unsure) == unsure


@pytest.mark.parametrize("hands,pt", [
    ("hands: {Alice: 0, Bob: 2, Carol: 1}\n", (2, 2)),     # Alice's own empty hand is no opponent's
    ("hands: {Alice: 1, Bob: 2, Carol: 0}\n", (5, 5)),     # Carol, one opponent, has none
    ("hands: {Alice: 1, Bob: 2, Carol: 1}\n", (2, 2)),
])
def test_some_opponent_has_no_cards_in_hand(write_case, hands, pt):
    """102.2 "an opponent has no cards in hand" (Guul Draz Specter): the fewest any one opponent holds, not all
    opponents' cards together nor the most."""
    text = HEAD + "players: [Alice, Bob, Carol]\n" + hands + "battlefield:\n  - {card: Guul Draz Specter}\n"
    specter = solve(str(write_case(text))).objects["guul_draz_specter"]
    assert (specter.power, specter.toughness) == pt


def test_some_opponents_cards_take_one_bound(write_case):
    """`owner: an_opponent` with both bounds has no one meaning (the most or the fewest): refused, named."""
    text = HEAD + ("battlefield:\n  - card:\n      name: Test Specter\n      type_line: Creature — Specter\n"
                   "      pt: 2/2\n      abilities:\n        - static: {as_long_as: {count_cards: {zone: hand, owner: "
                   "an_opponent}, at_least: 1, at_most: 3}, affects: self, does: [{modify_pt: +1/+1}]}\n")
    with pytest.raises(CaseError, match="takes one bound"):
        solve(str(write_case(text)))
