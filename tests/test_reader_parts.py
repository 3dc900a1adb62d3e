"""A resolved effect on several groups (611.2c), read as parts the case names with `part: N`, and an exchange
of control (701.12b) as two parts (issue 32). Every line is a real card's Oracle text (its name given)."""
import pytest

from bridge.cards.oracle import read_text, spell_from_text, spell_parts_from_text

TO_PLAYER = {"gain_control": {"chosen": "player"}}
VIGILANCE, HASTE = {"add_abilities": ["vigilance"]}, {"add_abilities": ["haste"]}


def spell_parts(name: str, text: str):
    (line,) = read_text(text, name, "Instant")
    assert line.kind == "spell" and line.structured and line.layer and not line.spell, line
    return [list(ops) for ops in line.parts]


def activated(name: str, text: str, type_line: str = "Creature"):
    (line,) = read_text(text, name, type_line)
    assert line.structured and line.layer, line
    (ability,) = line.abilities
    return ability["activated"]


@pytest.mark.parametrize("name,text,expected", [
    ("Rites of Reaping", "Target creature gets +3/+3 until end of turn. Another target creature gets -3/-3 until end "
     "of turn.", [[{"modify_pt": "+3/+3"}], [{"modify_pt": "-3/-3"}]]),
    ("Zealous Persecution", "Until end of turn, creatures you control get +1/+1 and creatures your opponents control "
     "get -1/-1.", [[{"modify_pt": "+1/+1"}], [{"modify_pt": "-1/-1"}]]),
    ("Take to the Streets", "Creatures you control get +2/+2 until end of turn. Citizens you control get an "
     "additional +1/+1 and gain vigilance until end of turn.",
     [[{"modify_pt": "+2/+2"}], [{"modify_pt": "+1/+1"}, {"add_abilities": ["vigilance"]}]]),
    ("Nightcreep", "Until end of turn, all creatures become black and all lands become Swamps.",
     [[{"set_colors": ["black"]}], [{"set_land_types": ["Swamp"]}]]),
    ("Quick Draw", "Target creature you control gets +1/+1 and gains first strike until end of turn. Creatures target "
     "opponent controls lose first strike and double strike until end of turn.",
     [[{"modify_pt": "+1/+1"}, {"add_abilities": ["first strike"]}],
      [{"lose_abilities": ["first strike", "double strike"]}]]),
    ("Hostile Takeover", "Up to one target creature has base power and toughness 1/1 until end of turn. Up to one "
     "other target creature has base power and toughness 4/4 until end of turn. Then Hostile Takeover deals 3 damage "
     "to each creature.", [[{"set_base_pt": "1/1"}], [{"set_base_pt": "4/4"}]]),
    # "Those creatures" after several groups: every one of them; each "target" one more group (115.1)
    ("Arm the Cathars", "Until end of turn, target creature gets +3/+3, up to one other target creature gets +2/+2, "
     "and up to one other target creature gets +1/+1. Those creatures gain vigilance until end of turn.",
     [[{"modify_pt": "+3/+3"}, VIGILANCE], [{"modify_pt": "+2/+2"}, VIGILANCE], [{"modify_pt": "+1/+1"}, VIGILANCE]]),
    # 613.1b each gains control of what the other controlled: to you, then to the opponent (the case's player)
    ("Twist Allegiance", "You and target opponent each gain control of all creatures the other controls until end of "
     "turn. Untap those creatures. Those creatures gain haste until end of turn.",
     [[{"gain_control": "you"}, HASTE], [TO_PLAYER, HASTE]]),
    ("Switcheroo", "Exchange control of two target creatures.", [[TO_PLAYER], [TO_PLAYER]]),
    ("Trade the Helm", "Exchange control of target artifact or creature you control and target artifact or creature "
     "an opponent controls.", [[TO_PLAYER], [TO_PLAYER]]),
])
def test_a_spell_on_several_groups_is_read_as_parts(name, text, expected):
    assert spell_parts(name, text) == expected
    assert spell_parts_from_text(text, name, "Instant") == expected
    assert spell_from_text(text, name, "Instant") == (None, [])      # no one effect: each part is named


def test_an_activated_ability_on_itself_and_a_target():
    assert activated("Fleshformer", "{W}{U}{B}{R}{G}: This creature gets +2/+2 and gains fear until end of turn. "
                     "Target creature gets -2/-2 until end of turn. Activate only during your turn.") == {"parts": [
                         {"does": [{"modify_pt": "+2/+2"}, {"add_abilities": ["fear"]}]},
                         {"does": [{"modify_pt": "-2/-2"}], "affects": "others"}]}
    assert activated("Phyrexian Infiltrator", "{2}{U}{U}: Exchange control of this creature and target creature. "
                     "(This effect lasts indefinitely.)") == {"parts": [
                         {"does": [TO_PLAYER]}, {"does": [TO_PLAYER], "affects": "others"}]}
    assert activated("Oko, Thief of Crowns", "[−5]: Exchange control of target artifact or creature you control and "
                     "target creature an opponent controls with power 3 or less.", "Legendary Planeswalker — Oko") == \
        {"parts": [{"does": [TO_PLAYER], "affects": "others"}, {"does": [TO_PLAYER], "affects": "others"}]}


@pytest.mark.parametrize("effect,message", [
    ("{spell: Zealous Persecution, affects: [grizzly_bears]}", "say which with part: 1 to 2"),
    ("{spell: Zealous Persecution, part: 3, affects: [grizzly_bears]}", "Zealous Persecution has 2 parts"),
    ("{spell: Giant Growth, part: 1, affects: [grizzly_bears]}", "no parts read from its text"),
    ("{part: 1, affects: [grizzly_bears], does: [{modify_pt: +1/+1}]}", "'part' only goes with 'spell' or 'activated'"),
    ("{activated: fleshformer}", "say which with part: 1 to 2"),
    ("{activated: fleshformer, part: 2}", "name them with affects"),
])
def test_a_part_is_named_or_the_case_is_refused(tmp_path, capsys, effect, message):
    from bridge.interfaces.cli.main import main
    from test_resolved_effects import case
    board = "battlefield: [{card: Fleshformer}, {card: Grizzly Bears}]\n"
    assert main(["solve", case(tmp_path, board + f"effects: [{effect}]\n")]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("name,text,read", [
    # 114.1: what the line does after the emblem ("Search your library ...") changes no characteristic
    ("Nissa, Who Shakes the World", '[−8]: You get an emblem with "Lands you control have indestructible." Search your '
     "library for any number of Forest cards, put them onto the battlefield tapped, then shuffle.", True),
    # an emblem's ability that changes nothing of the layers (a cost, 601.2f) leaves it read
    ("Saheeli, Filigree Master", '[−4]: You get an emblem with "Artifact creatures you control get +1/+1" and '
     '"Artifact spells you cast cost {1} less to cast."', True),
])
def test_an_emblem_line(name, text, read):
    from bridge.cards.oracle import emblems_from_text
    (line,) = read_text(text, name, "Legendary Planeswalker")
    assert line.kind == "loyalty" and line.layer and line.structured == read, line
    (emblem,) = emblems_from_text(text, name)
    assert emblem[0].get("static") or not read


def test_an_emblem_with_only_a_triggered_ability_is_counted_with_the_triggered_ones():
    """114.4, 603.1, 611.2: creating Tezzeret the Schemer's emblem changes no characteristic; its trigger's effect
    does once it resolves, a triggered ability's layer line (counted, unread, like a permanent's trigger)."""
    (line,) = read_text('[−7]: You get an emblem with "At the beginning of combat on your turn, target artifact you '
                        'control becomes an artifact creature with base power and toughness 5/5."', "Tezzeret the Schemer",
                        "Legendary Planeswalker")
    assert (line.kind, line.layer, line.structured) == ("triggered", True, False)
    # Zariel's emblem untaps a creature and adds a combat phase (500.8): no layer line at all
    (line,) = read_text('[−6]: You get an emblem with "At the end of the first combat phase on your turn, untap target '
                        'creature you control. After this phase, there is an additional combat phase."',
                        "Zariel, Archduke of Avernus", "Legendary Planeswalker")
    assert line.kind == "loyalty" and not line.layer


@pytest.mark.parametrize("name,type_line,text,kind", [
    ("Crashing Tide", "Sorcery", "This spell has flash as long as you control a Merfolk.", "static"),
    ("Ghostfire", "Instant", "Ghostfire is colorless.", "cda"),
    ("Steeling Stance", "Instant", "Forecast — {W}, Reveal this card from your hand: Target creature gets +1/+1 until "
     "end of turn. (Activate only during your upkeep and only once each turn.)", "activated"),
])
def test_an_instants_own_static_or_activated_ability_is_no_spell_effect(name, type_line, text, kind):
    """113.6a-b, 604.3, 702.57a: the card's own ability, read as one, not as what the spell does."""
    (line,) = read_text(text, name, type_line)
    assert line.kind == kind and line.structured and not line.spell, line


@pytest.mark.parametrize("name,text", [
    ("Mana Short", "Tap all lands target player controls and that player loses all unspent mana."),
    ("Leeches", "Target player loses all poison counters. Leeches deals that much damage to that player."),
])
def test_what_a_player_loses_is_no_layer_line(name, text):
    """613.1: a player's mana pool and counters are no object's characteristics."""
    (line,) = read_text(text, name, "Instant")
    assert not line.layer, line


@pytest.mark.parametrize("name,text,spell,parts", [
    ("Eldritch Immunity", "Target creature you control gains protection from each color until end of turn.",
     [{"add_abilities": [f"protection from {c}" for c in ("white", "blue", "black", "red", "green")]}], ()),
    ("Blatant Thievery", "For each opponent, gain control of target permanent that player controls.",
     [{"gain_control": "you"}], ()),
    ("Mass Mutiny", "For each opponent, gain control of up to one target creature that player controls until end of "
     "turn. Untap those creatures. They gain haste until end of turn.",
     [{"gain_control": "you"}, {"add_abilities": ["haste"]}], ()),
    ("Brand", "Gain control of all permanents you own. (This effect lasts indefinitely.)", [{"gain_control": "you"}], ()),
    ("Invert", "Switch the power and toughness of each of up to two target creatures until end of turn.",
     ["switch_pt"], ()),
    ("Glistening Deluge", "All creatures get -1/-1 until end of turn. Creatures that are green and/or white get an "
     "additional -2/-2 until end of turn.", [], (({"modify_pt": "-1/-1"},), ({"modify_pt": "-2/-2"},))),
])
def test_more_spells_read(name, text, spell, parts):
    """702.16h each color; 115.1 one target per opponent; 108.3 owner; 613.4d switch; 611.2c two groups."""
    (line,) = read_text(text, name, "Sorcery")
    assert line.structured and list(line.spell) == spell and tuple(line.parts) == parts, line


def test_a_loyalty_ability_on_cards_exiled_this_way():
    (line,) = read_text('[+1]: Exile the top three cards of your library. Creature cards exiled this way gain "You may '
                        'cast this card from exile as long as you control a Lukka planeswalker."',
                        "Lukka, Coppercoat Outcast", "Legendary Planeswalker")
    assert line.structured and line.abilities[0]["activated"]["affects"] == "others", line


def test_a_token_copy_then_an_effect_on_the_token():
    """707.2 the copy is the token's; "That token gains haste" an effect on it the case names (611.2c)."""
    assert activated("Cogwork Assembler", "{7}: Create a token that's a copy of target artifact. That token gains "
                     "haste. Exile it at the beginning of the next end step.", "Artifact Creature") == \
        {"does": [{"add_abilities": ["haste"]}], "affects": "others"}
    (line,) = read_text("Create a token that's a copy of target artifact or creature you control, except it's an "
                        "artifact in addition to its other types. It gains haste until end of turn. Sacrifice it at "
                        "the beginning of the next end step.", "Molten Duplication", "Sorcery")
    assert line.structured and list(line.spell) == [{"add_abilities": ["haste"]}]
    assert line.abilities[0]["creates_token_copy"] == {"except": {"add_types": ["Artifact"]}}


@pytest.mark.parametrize("name,text", [
    # (a copy of a card exiled from a graveyard, Mordor on the March, and one token copy of each creature target player
    # controls, Clone Legion: read, tests/test_reader_copies_resolved.py)
    # one copy for each player's group: each player's tokens
    ("Parallel Evolution", "For each creature token on the battlefield, its controller creates a token that's a copy "
     "of that creature."),
    # no duration: not a delayed trigger of this spell
    ("Theoretical Duplication", "Whenever a nontoken creature an opponent controls enters this turn, create a token "
     "that's a copy of that creature."),
    # a counter and an effect joined: stays text
    ("First Day of Class", "Whenever a creature you control enters this turn, put a +1/+1 counter on it and it gains "
     "haste until end of turn."),
    ("Grist, the Plague Swarm", "For each creature card in your graveyard, create a token that's a copy of it, "
     "except it's a 1/1 black and green Insect."),
    # "it" after two groups: which of them?
    ("Rites of Reaping", "Target creature gets +3/+3 until end of turn. Another target creature gets -3/-3 until end "
     "of turn. It gains flying until end of turn."),
    # (players are no objects, 613.10: Everybody Lives!' "Players gain hexproof" is no layer effect, its creatures'
    # hexproof one group, tests/test_reader_copies_resolved.py)
    # a spell's control (701.12b) is no permanent's
    ("Sudden Substitution", "Exchange control of target noncreature spell and target creature. Then the spell's "
     "controller may choose new targets for it."),
])
def test_what_stays_text(name, text):
    (line,) = read_text(text, name, "Sorcery")
    assert line.layer and not line.structured and not line.spell and not line.parts, line


@pytest.mark.parametrize("name,text,type_line,expected", [
    ("Battle Cry", "Whenever a creature blocks this turn, it gets +0/+1 until end of turn.", "Instant",
     [{"modify_pt": "+0/+1"}]),
    ("Consuming Rage", "Whenever a Minotaur attacks this turn, it gets +2/+0 until end of turn. Destroy that creature "
     "at end of combat.", "Instant", [{"modify_pt": "+2/+0"}]),
])
def test_a_delayed_triggers_effect_is_the_spells(name, text, type_line, expected):
    """603.7: the effect of the delayed trigger, once it resolves, on the object the case names (611.2c)."""
    (line,) = read_text(text, name, type_line)
    assert line.structured and list(line.spell) == expected


def test_a_loyalty_abilitys_delayed_trigger():
    assert activated("Jace, Architect of Thought", "[+1]: Until your next turn, whenever a creature an opponent "
                     "controls attacks, it gets -1/-0 until end of turn.", "Legendary Planeswalker — Jace") == \
        {"does": [{"modify_pt": "-1/-0"}], "affects": "others"}


@pytest.mark.parametrize("name,text,expected", [
    # the source and a target: two parts (611.2c), the source's its own
    ("Razorgrass Invoker", "{8}: This creature and up to one other target creature each get +3/+3 until end of turn.",
     {"parts": [{"does": [{"modify_pt": "+3/+3"}]}, {"does": [{"modify_pt": "+3/+3"}], "affects": "others"}]}),
    # two groups of others joined by "and": one group, which the case names
    ("Rise of the Hobgoblins", "{R/W}: Red creatures and white creatures you control gain first strike until end of "
     "turn.", {"does": [{"add_abilities": ["first strike"]}], "affects": "others"}),
    # two clauses, each with a subject whose words ("with shadow") could swallow the other clause's verb
    ("Stronghold Overseer", "{B}{B}: Creatures with shadow get +1/+0 until end of turn and creatures without shadow get "
     "-1/-0 until end of turn.", {"parts": [{"does": [{"modify_pt": "+1/+0"}], "affects": "others"},
                                             {"does": [{"modify_pt": "-1/-0"}], "affects": "others"}]}),
])
def test_subjects_joined_by_and(name, text, expected):
    assert activated(name, text, "Enchantment") == expected


def test_also_is_no_word_of_the_effect():
    assert spell_parts("Sanctified Charge", "Creatures you control get +2/+1 until end of turn. White creatures you "
                       "control also gain first strike until end of turn.") == \
        [[{"modify_pt": "+2/+1"}], [{"add_abilities": ["first strike"]}]]


EARTHBEND_2 = ("(Target land you control becomes a 0/0 creature with haste that's still a land. Put two +1/+1 counters "
               "on it. When it dies or is exiled, return it to the battlefield tapped.)")
BENT = [{"add_types": ["Creature"]}, {"set_base_pt": "0/0"}, {"add_abilities": ["haste"]}]


def test_earthbend_is_read_from_its_reminder_text():
    (line,) = read_text("Earthbend 2. " + EARTHBEND_2, "Dai Li Indoctrination", "Instant")
    assert line.structured and list(line.spell) == BENT
    assert activated("Ba Sing Se", "{2}{G}, {T}: Earthbend 2. Activate only as a sorcery. " + EARTHBEND_2, "Land") == \
        {"does": BENT, "affects": "others"}
    # two lands: not one group; and no reminder text, no reading
    for text in ("Earthbend 3, then earthbend 3. You gain 3 life. (To earthbend 3, target land you control becomes "
                 "a 0/0 creature with haste that's still a land. Put three +1/+1 counters on it.)", "Earthbend 2."):
        (line,) = read_text(text, "Cracked Earth Technique", "Sorcery")
        assert line.layer and not line.structured, line


@pytest.mark.parametrize("name,text,copied,then", [
    ("Twinflame", "Choose any number of target creatures you control. For each of them, create a token that's a copy "
     "of that creature, except it has haste. Exile those tokens at the beginning of the next end step.",
     {"except": {"add_abilities": ["haste"]}}, []),
    ("Hate Mirage", "Choose up to two target creatures you don't control. For each of those creatures, create a token "
     "that's a copy of that creature. Those tokens gain haste. Exile them at the beginning of the next end step.",
     {}, [{"add_abilities": ["haste"]}]),
])
def test_a_token_copy_of_each_object_of_a_group(name, text, copied, then):
    (line,) = read_text(text, name, "Sorcery")
    assert line.structured and line.abilities[0]["creates_token_copy"] == copied and list(line.spell) == then



def test_wider_groups_and_riders():
    # 205.1a: "becomes a 4/4 red Dragon creature" replaces its card types (Sarkhan, the Dragonspeaker's ruling of
    # 2014-09-20: "he's not a planeswalker at this time")
    assert activated("Sarkhan the Masterless", "[+1]: Until end of turn, each planeswalker you control becomes a 4/4 "
                     "red Dragon creature and gains flying.", "Legendary Planeswalker — Sarkhan") == {"does": [
                         {"set_types": ["Creature"]}, {"set_creature_types": ["Dragon"]}, {"set_colors": ["red"]},
                         {"set_base_pt": "4/4"}, {"add_abilities": ["flying"]}], "affects": "others"}
    (line,) = read_text("Destroy target creature an opponent controls. Each other creature that player controls gets "
                        "-2/-0 until end of turn.", "Public Execution", "Instant")
    assert line.structured and list(line.spell) == [{"modify_pt": "-2/-0"}]
    # 509.1b-c: a blocking permission changes no characteristic
    (line,) = read_text("Untap target creature. It gets +2/+2 until end of turn and can block an additional creature "
                        "this turn.", "Act of Heroism", "Instant")
    assert line.structured and list(line.spell) == [{"modify_pt": "+2/+2"}]


def test_a_group_sharing_a_type_and_a_may_have_it_become():
    assert activated("Crown of Vigor", "Sacrifice this Aura: Enchanted creature and other creatures that share a "
                     "creature type with it get +1/+1 until end of turn.", "Enchantment — Aura") == \
        {"does": [{"modify_pt": "+1/+1"}], "affects": "others"}
    # 205.1b "It's still a land"; the case lists the effect when the player chose to have it
    assert activated("Nissa of Shadowed Boughs", "[+1]: Untap target land you control. You may have it become a 3/3 "
                     "Elemental creature with haste and menace until end of turn. It's still a land.",
                     "Legendary Planeswalker — Nissa") == {"does": [
                         {"add_types": ["Creature"]}, {"add_subtypes": ["Elemental"]}, {"set_base_pt": "3/3"},
                         {"add_abilities": ["haste", "menace"]}], "affects": "others"}


def test_each_of_a_subtype():
    assert activated("Sorin, Vampire Lord", '[−8]: Until end of turn, each Vampire you control gains "{T}: Gain control '
                     'of target creature."', "Legendary Planeswalker — Sorin") == \
        {"does": [{"add_abilities": [{"text": "{T}: Gain control of target creature."}]}], "affects": "others"}
