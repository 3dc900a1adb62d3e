"""Issue 32, resolved side (round k): instructions joined by ", then" (608.2c), a rider after "becomes",
token copies created by another player or "each" copies, copy exceptions with a P/T, types and keywords
(707.9b), and a card's cycling trigger counted as a triggered ability (603.1). Every line is a real card's
Oracle text (its name given)."""
import pytest

from bridge.cards.oracle import read_text, spell_from_text

X = {"calculated": "X"}


def line_of(name: str, text: str, type_line: str = "Instant"):
    (line,) = read_text(text, name, type_line)
    return line


@pytest.mark.parametrize("name,text,expected", [
    # 608.2c: the token first, then the pump on a group the case names (611.2c)
    ("Hire a Crew", "Create a 2/1 black Villain creature token with menace, then creatures you control get +1/+0 "
     "until end of turn. (A creature with menace can't be blocked except by two or more creatures.)",
     [{"modify_pt": "+1/+0"}]),
    # the destruction after "then" is no layer effect (the case's)
    ("Spectacular Pileup", "All creatures and Vehicles lose indestructible until end of turn, then destroy all "
     "creatures and Vehicles.", [{"lose_abilities": ["indestructible"]}]),
    ("Grip of Phyresis", "Gain control of target Equipment, then create a 0/0 black Phyrexian Germ creature token and "
     "attach that Equipment to it.", [{"gain_control": "you"}]),
    # one worked-out number, "for each" (608.2h): the case's x
    ("Drown in Filth", "Choose target creature. Mill four cards, then that creature gets -1/-1 until end of turn for "
     "each land card in your graveyard.", [{"modify_pt": {"power": {"minus": X}, "toughness": {"minus": X}}}]),
    ("Confront the Unknown", "Investigate, then target creature gets +1/+1 until end of turn for each Clue you "
     "control. (Create a Clue token. It's an artifact with \"{2}, Sacrifice this token: Draw a card.\")",
     [{"modify_pt": {"power": X, "toughness": X}}]),
    # 701.47a amass, then an instruction that changes nothing of the layers
    ("Surrounded by Orcs", "Amass Orcs 3, then target player mills X cards, where X is the amassed Army's power.",
     [{"add_subtypes": ["Orc"]}]),
    # a rider after "becomes" (508.1d: a requirement, no characteristic)
    ("Incite", "Target creature becomes red until end of turn and attacks this turn if able.",
     [{"set_colors": ["red"]}]),
])
def test_spells_read(name, text, expected):
    line = line_of(name, text)
    assert line.kind == "spell" and line.structured and line.layer
    assert list(line.spell) == expected
    assert spell_from_text(text, name, "Instant")[0] == expected


def test_a_then_with_a_condition_stays_whole():
    # "If you do" reaches past the "then": the sentence is never cut (a condition would be dropped)
    line = line_of("Localized Destruction", "You get {E} (an energy counter), then you may pay one or more {E}. If you "
                   "do, each creature you control with power equal to the amount of {E} paid this way gains "
                   "indestructible until end of turn.")
    assert line.layer and not line.structured


def test_a_keyrune_rider():
    line = line_of("Dimir Keyrune", "{U}{B}: This artifact becomes a 2/2 blue and black Horror artifact creature until "
                   "end of turn and can't be blocked this turn.", "Artifact")
    assert line.kind == "activated" and line.structured
    assert line.abilities[0]["activated"]["does"] == [
        {"add_types": ["Artifact", "Creature"]}, {"set_creature_types": ["Horror"]},
        {"set_colors": ["blue", "black"]}, {"set_base_pt": "2/2"}]


@pytest.mark.parametrize("name,text,type_line,exceptions", [
    ("Will of the Temur", "• Create a token that's a copy of target permanent, except it's a 4/4 Dragon creature with "
     "flying in addition to its other types.", "Sorcery",
     {"pt": "4/4", "add_types": ["Creature"], "add_subtypes": ["Dragon"], "add_abilities": ["flying"]}),
    ("Ember Island Production", "• Create a token that's a copy of target creature you control, except it's not "
     "legendary and it's a 4/4 Hero in addition to its other types.", "Sorcery",
     {"remove_supertypes": ["Legendary"], "pt": "4/4", "add_subtypes": ["Hero"]}),
    ("Irenicus's Vile Duplication", "Create a token that's a copy of target creature you control, except the token has "
     "flying and it isn't legendary.", "Sorcery", {"add_abilities": ["flying"], "remove_supertypes": ["Legendary"]}),
    ("Rebuild the City", "Choose target land. Create three tokens that are copies of it, except they're 3/3 creatures "
     "in addition to their other types and they have vigilance and menace. (They're affected by summoning sickness.)",
     "Sorcery", {"pt": "3/3", "add_types": ["Creature"], "add_abilities": ["vigilance", "menace"]}),
    ("Applied Geometry", "Create a token that's a copy of target non-Aura permanent you control, except it's a 0/0 "
     "Fractal creature in addition to its other types. Put six +1/+1 counters on it.", "Sorcery",
     {"pt": "0/0", "add_types": ["Creature"], "add_subtypes": ["Fractal"]}),
    ("Phone a Friend", "• B — Choose target creature you control. Create two tokens that are each copies of it.",
     "Sorcery", None),
    ("Echocasting Symposium", "Target player creates a token that's a copy of target creature you control.",
     "Sorcery", None),
])
def test_token_copies(name, text, type_line, exceptions):
    line = line_of(name, text, type_line)
    assert line.structured and line.layer
    (ability,) = line.abilities
    assert ability["creates_token_copy"] == ({"except": exceptions} if exceptions else {})


@pytest.mark.parametrize("name,text", [
    # a copy exception whose colors and creature type replace the copied ones: no exception key holds it
    ("Croaking Counterpart", "Create a token that's a copy of target non-Frog creature, except it's a 1/1 green "
     "Frog."),
    # a copy of a card revealed from a library: copy_of names a permanent
    ("Haunting Imitation", "Each player reveals the top card of their library. For each creature card revealed this "
     "way, create a token that's a copy of that card, except it's 1/1, it's a Spirit in addition to its other types, "
     "and it has flying."),
])
def test_copies_that_stay_text(name, text):
    line = line_of(name, text, "Sorcery")
    assert line.layer and not line.structured


def test_a_cycling_trigger_is_the_cards_triggered_ability():
    line = line_of("Decree of Pain", "When you cycle this card, all creatures get -2/-2 until end of turn.", "Sorcery")
    assert line.kind == "triggered" and line.layer and not line.structured
