"""The resolved side of the Oracle reader, widened (issue 32): numbers worked out on resolution, token
copies, durations, riders, several effects in one sentence, wider subjects; and what must stay text.
Every line is a real card's Oracle text (its name given), read as `cards show` reads it."""
import pytest

from bridge.cards.oracle import read_text
from bridge.interfaces.cli.main import main
from test_resolved_effects import case     # a case file of a few lines, written in tmp_path

X = {"calculated": "X"}
MINUS_X = {"minus": X}


def reading(name: str, text: str, type_line: str = "Creature"):
    (line,) = read_text(text, name, type_line)
    return line


def spell(name: str, text: str):
    line = reading(name, text, "Instant")
    assert line.kind == "spell" and line.structured and line.layer, line
    return list(line.spell)


def activated(name: str, text: str, type_line: str = "Creature"):
    line = reading(name, text, type_line)
    assert line.structured and line.layer, line
    (ability,) = line.abilities
    return ability["activated"]


@pytest.mark.parametrize("name,text,expected", [
    ("Aspect of Hydra", "Target creature gets +X/+X until end of turn, where X is your devotion to green.",
     [{"modify_pt": {"power": X, "toughness": X}}]),
    ("Fists of Flame", "Draw a card. Until end of turn, target creature gains trample and gets +1/+0 for each card "
     "you've drawn this turn.", [{"add_abilities": ["trample"]}, {"modify_pt": {"power": X, "toughness": 0}}]),
    ("Toxic Deluge", "As an additional cost to cast this spell, pay X life.\nAll creatures get -X/-X until end of turn.",
     None),
    ("Flowstone Slide", "All creatures get +X/-X until end of turn.",
     [{"modify_pt": {"power": X, "toughness": MINUS_X}}]),
    ("Drag Down", "Domain — Target creature gets -1/-1 until end of turn for each basic land type among lands you "
     "control.", [{"modify_pt": {"power": MINUS_X, "toughness": MINUS_X}}]),
    ("Desert's Due", "Target creature gets -2/-2 until end of turn. It gets an additional -1/-1 until end of turn for "
     "each Desert you control.", [{"modify_pt": "-2/-2"}, {"modify_pt": {"power": MINUS_X, "toughness": MINUS_X}}]),
])
def test_a_number_worked_out_on_resolution_is_the_cases_x(name, text, expected):
    """608.2h: read as `{calculated: X}`; the case gives X (`x: N`)."""
    if expected is None:                                   # two lines: the last is the effect
        lines = read_text(text, name, "Sorcery")
        assert list(lines[-1].spell) == [{"modify_pt": {"power": MINUS_X, "toughness": MINUS_X}}]
    else:
        assert spell(name, text) == expected


def test_activated_and_loyalty_numbers():
    assert activated("Belbe's Armor", "{X}, {T}: Target creature gets -X/+X until end of turn.", "Artifact") == \
        {"does": [{"modify_pt": {"power": MINUS_X, "toughness": X}}], "affects": "others"}
    assert activated("Nissa, Ascended Animist", "[−7]: Until end of turn, creatures you control get +1/+1 for each "
                     "Forest you control and gain trample.", "Legendary Planeswalker — Nissa") == \
        {"does": [{"modify_pt": {"power": X, "toughness": X}}, {"add_abilities": ["trample"]}], "affects": "others"}
    assert activated("Karn, the Great Creator", "+1: Until your next turn, up to one target noncreature artifact "
                     "becomes an artifact creature with power and toughness each equal to its mana value.",
                     "Legendary Planeswalker — Karn") == \
        {"does": [{"add_types": ["Artifact", "Creature"]}, {"set_base_pt": {"power": X, "toughness": X}}],
         "affects": "others"}
    assert activated("Chimeric Staff", "{X}: This artifact becomes an X/X Construct artifact creature until end of "
                     "turn.", "Artifact") == \
        {"does": [{"add_types": ["Artifact", "Creature"]}, {"set_creature_types": ["Construct"]},
                  {"set_base_pt": {"power": X, "toughness": X}}]}
    assert activated("Mirror Entity", "{X}: Until end of turn, creatures you control have base power and toughness "
                     "X/X and gain all creature types.") == \
        {"does": [{"set_base_pt": {"power": X, "toughness": X}}, "add_all_creature_types"], "affects": "others"}


@pytest.mark.parametrize("name,text,exceptions", [
    ("Kiki-Jiki, Mirror Breaker", "{T}: Create a token that's a copy of target nonlegendary creature you control, "
     "except it has haste. Sacrifice it at the beginning of the next end step.", {"add_abilities": ["haste"]}),
    ("Chandra, Flameshaper", "[+1]: Create a token that's a copy of target creature you control, except it has haste "
     "and \"At the beginning of the end step, sacrifice this token.\"",
     {"add_abilities": ["haste", {"text": "At the beginning of the end step, sacrifice this token."}]}),
    ("Jace, Cunning Castaway", "[−5]: Create two tokens that are copies of Jace, except they're not legendary.",
     {"remove_supertypes": ["Legendary"]}),
    ("Mirrorpool", "{4}{C}, {T}, Sacrifice this land: Create a token that's a copy of target creature you control.",
     None),
])
def test_a_token_copy_is_the_abilitys_creates_token_copy(name, text, exceptions):
    """707.2, 707.9b: the token is the case's ({token: true, copy_of, created_by}), the exceptions the ability's."""
    line = reading(name, text)
    assert line.structured and line.layer
    (ability,) = line.abilities
    trigger_free = {k: v for k, v in ability["creates_token_copy"].get("except", {}).items()}
    assert (trigger_free or None) == exceptions


def test_a_spell_that_copies_one_target():
    line = reading("Cackling Counterpart", "Create a token that's a copy of target creature you control.", "Instant")
    assert line.structured and line.abilities[0]["creates_token_copy"] == {}


@pytest.mark.parametrize("name,text,expected", [
    ("Thran Weaponry", "{2}, {T}: All creatures get +2/+2 for as long as this artifact remains tapped.",
     {"does": [{"modify_pt": "+2/+2"}], "affects": "others"}),
    ("Rubinia Soulsinger", "{T}: Gain control of target creature for as long as you control Rubinia Soulsinger and "
     "Rubinia Soulsinger remains tapped.", {"does": [{"gain_control": "you"}], "affects": "others"}),
    ("Stormcloud Djinn", "{R}{R}: This creature gets +2/+0 until end of turn and deals 1 damage to you.",
     {"does": [{"modify_pt": "+2/+0"}]}),
    ("Wall of Wonder", "{2}{U}{U}: This creature gets +4/-4 until end of turn and can attack this turn as though it "
     "didn't have defender.", {"does": [{"modify_pt": "+4/-4"}]}),
    ("Sprite Noble", "{T}: Other creatures you control with flying get +1/+0 until end of turn.",
     {"does": [{"modify_pt": "+1/+0"}], "affects": "others"}),
    ("Steppe Glider", "{1}{W}: Target creature with a +1/+1 counter on it gains flying and vigilance until end of turn.",
     {"does": [{"add_abilities": ["flying", "vigilance"]}], "affects": "others"}),
    ("Sorceress Queen", "{T}: Target creature other than this creature has base power and toughness 0/2 until end of "
     "turn.", {"does": [{"set_base_pt": "0/2"}], "affects": "others"}),
    ("Shadowspear", "{1}: Permanents your opponents control lose hexproof and indestructible until end of turn.",
     {"does": [{"lose_abilities": ["hexproof", "indestructible"]}], "affects": "others"}),
    ("Indigo Faerie", "{U}: Target permanent becomes blue in addition to its other colors until end of turn.",
     {"does": [{"add_colors": ["blue"]}], "affects": "others"}),
    ("Paragon of the Amesha", "{W}{U}{B}{R}{G}: Until end of turn, this creature becomes an Angel, gets +3/+3, and "
     "gains flying and lifelink.", {"does": [{"set_creature_types": ["Angel"]}, {"modify_pt": "+3/+3"},
                                             {"add_abilities": ["flying", "lifelink"]}]}),
    ("Mutavault", "{1}: This land becomes a 2/2 creature with all creature types until end of turn. It's still a land.",
     {"does": [{"add_types": ["Creature"]}, {"set_base_pt": "2/2"}, "add_all_creature_types"]}),
    ("Faceless Haven", "{S}{S}{S}: This land becomes a 4/3 creature with vigilance and all creature types until end "
     "of turn. It's still a land.", {"does": [{"add_types": ["Creature"]}, {"set_base_pt": "4/3"},
                                              {"add_abilities": ["vigilance"]}, "add_all_creature_types"]}),
    ("Genju of the Falls", "{2}: Enchanted Island becomes a 3/2 blue Spirit creature with flying until end of turn. "
     "It's still a land.", {"does": [{"add_types": ["Creature"]}, {"add_subtypes": ["Spirit"]},
                                     {"set_colors": ["blue"]}, {"set_base_pt": "3/2"},
                                     {"add_abilities": ["flying"]}], "affects": "others"}),
    ("Bosco, Just a Bear", "{2}{G}, Sacrifice a Food: Put two +1/+1 counters on Bosco. He gains trample until end of "
     "turn.", {"does": [{"add_abilities": ["trample"]}]}),
])
def test_activated_abilities_read(name, text, expected):
    assert activated(name, text) == expected


@pytest.mark.parametrize("name,text,expected", [
    ("Traitor's Clutch", "Target creature gets +1/+0, becomes black, and gains shadow until end of turn.",
     [{"modify_pt": "+1/+0"}, {"set_colors": ["black"]}, {"add_abilities": ["shadow"]}]),
    ("Dance of the Skywise", "Until end of turn, target creature you control becomes a blue Dragon Illusion with base "
     "power and toughness 4/4, loses all abilities, and gains flying.",
     [{"set_creature_types": ["Dragon", "Illusion"]}, {"set_colors": ["blue"]}, {"set_base_pt": "4/4"},
      "lose_all_abilities", {"add_abilities": ["flying"]}]),
    ("Blades of Velis Vel", "Up to two target creatures each get +2/+0 and gain all creature types until end of turn.",
     [{"modify_pt": "+2/+0"}, "add_all_creature_types"]),
    ("Sylvan Paradise", "One or more target creatures become green until end of turn.", [{"set_colors": ["green"]}]),
    ("Chemister's Trick", "Target creature you don't control gets -2/-0 until end of turn and attacks this turn if "
     "able.", [{"modify_pt": "-2/-0"}]),
    ("Storm of Souls", "Return all creature cards from your graveyard to the battlefield. Each of them is a 1/1 Spirit "
     "with flying in addition to its other types. Exile Storm of Souls.",
     [{"add_subtypes": ["Spirit"]}, {"set_base_pt": "1/1"}, {"add_abilities": ["flying"]}]),
    ("Grab the Reins", "• Until end of turn, you gain control of target creature and it gains haste.", None),
    ("Insurrection", "Untap all creatures and gain control of them until end of turn. They gain haste until end of "
     "turn.", [{"gain_control": "you"}, {"add_abilities": ["haste"]}]),
    ("Besmirch", "Until end of turn, gain control of target creature and it gains haste. Untap and goad that "
     "creature.", [{"gain_control": "you"}, {"add_abilities": ["haste"]}]),      # (goad: no layer, 701.15)
    ("Kaito's Pursuit", "Target player discards two cards. Ninjas and Rogues you control gain menace until end of turn.",
     [{"add_abilities": ["menace"]}]),
    ("Goblin Rally", "Create four 1/1 red Goblin creature tokens.", None),
])
def test_spells_read(name, text, expected):
    if name == "Grab the Reins":                       # a mode: read as the mode's effect
        assert list(reading(name, text, "Instant").spell) == [{"gain_control": "you"}, {"add_abilities": ["haste"]}]
    elif expected is None:
        assert not reading(name, text, "Sorcery").layer    # a token's own characteristics: no effect (111.3)
    else:
        assert spell(name, text) == expected


@pytest.mark.parametrize("name,text", [
    # a second action joined by "and" is no subject: the -1/-0 counter would be dropped
    ("Jabari's Influence", "Gain control of target nonartifact, nonblack creature that attacked you this turn and put "
     "a -1/-0 counter on it."),
    # (Hire a Crew, Grip of Phyresis: each instruction before and after ", then" read on its own, tests/test_reader_round_k.py)
    # (Glistening Deluge's "Creatures that are green and/or white": read as a second part, tests/test_reader_parts.py)
    # (a copy of a card in exile, and the token's own effect after it: read, tests/test_reader_copies_resolved.py)
    # a condition in words of its own, then another: one `condition` cannot hold them (608.2c)
    ("Unclaimed Blessing", "Choose target creature. If you're on the Mirran team, put a +1/+1 counter on that "
     "creature and it gains lifelink until end of turn. If you're on the Phyrexian team, put a -1/-1 counter on that "
     "creature and it gains deathtouch until end of turn."),
])
def test_what_stays_text(name, text):
    line = reading(name, text, "Instant")
    assert line.layer and not line.structured and not line.spell


@pytest.mark.parametrize("name,text,type_line", [
    ("Rending Flame", "Rending Flame deals 5 damage to target creature or planeswalker. If that permanent is a Spirit, "
     "Rending Flame also deals 2 damage to that permanent's controller.", "Instant"),
    ("Seize the Day", "Untap target creature. After this main phase, there is an additional combat phase followed by "
     "an additional main phase.", "Sorcery"),
    ("Dovin Baan", "[−7]: You get an emblem with \"Your opponents can't untap more than two permanents during their "
     "untap steps.\"", "Legendary Planeswalker — Dovin"),
    # a created token's own characteristics (111.3: its text), no effect on it
    ("Glimpse the Impossible", "Exile the top three cards of your library. You may play those cards this turn. At the "
     "beginning of the next end step, if any of those cards remain exiled, put them into your graveyard, then create "
     "a 0/1 colorless Eldrazi Spawn creature token for each card put into your graveyard this way. Those tokens have "
     "\"Sacrifice this token: Add {C}.\"", "Sorcery"),
    ("Tornellan Protector", "{T}: Until end of turn, each time damage is dealt to target creature or player, prevent X "
     "of that damage, where X is a number from 1 to 3 chosen at random each time.", "Creature"),
])
def test_no_layer_line(name, text, type_line):
    """A line with no continuous effect on objects is not in the denominator (613.1)."""
    assert not reading(name, text, type_line).layer


def test_x_is_the_cases(tmp_path, capsys):
    board = "battlefield: [{card: Grizzly Bears}]\n"
    assert main(["solve", case(tmp_path, board + "effects: [{spell: Aspect of Hydra, affects: [grizzly_bears]}]\n")]) == 2
    assert "has a number X worked out as it resolved (608.2h" in capsys.readouterr().err
    assert main(["solve", case(tmp_path, board + "effects: [{spell: Brute Force, affects: [grizzly_bears], x: 2}]\n")]) == 2
    assert "has no number X to give" in capsys.readouterr().err
    # 107.1b: a negative X counts as zero in +X/+X
    path = case(tmp_path, board + "effects: [{spell: Aspect of Hydra, affects: [grizzly_bears], x: -1}]\n"
                "expect: {grizzly_bears: {pt: 2/2}}\n")
    assert main(["check", path]) == 0
    path = case(tmp_path, board + "effects: [{does: {modify_pt: {power: {calculated: X}, toughness: 0}}, "
                "affects: [grizzly_bears], x: 4}]\nexpect: {grizzly_bears: {pt: 6/2}}\n")
    assert main(["check", path]) == 0


@pytest.mark.parametrize("name,text,copy", [
    ("Mirrorweave", "Each other creature becomes a copy of target nonlegendary creature until end of turn.", {}),
    ("Cytoshape", "Choose a nonlegendary creature on the battlefield. Target creature becomes a copy of that creature "
     "until end of turn.", {}),
    ("Nanogene Conversion", "Choose target creature you control. Each other creature becomes a copy of that creature "
     "until end of turn, except it isn't legendary.", {"except": {"remove_supertypes": ["Legendary"]}}),
])
def test_a_spell_that_makes_objects_become_copies(name, text, copy):
    """707.2: the case names the objects and what they copy (`becomes_copy_of`)."""
    line = reading(name, text, "Instant")
    assert line.structured and line.abilities[0]["becomes_copy"] == copy


def test_becomes_copy_of_with_a_spell_that_makes_no_copy(tmp_path, capsys):
    board = "battlefield: [{card: Grizzly Bears}, {card: Hill Giant}]\n"
    assert main(["solve", case(tmp_path, board + "effects: [{spell: Brute Force, affects: [grizzly_bears], "
                               "becomes_copy_of: hill_giant}]\n")]) == 2
    assert "Brute Force has no effect that makes objects become a copy" in capsys.readouterr().err


@pytest.mark.parametrize("line,label", [
    ("Target creature gets +2/+2 until end of turn. If this spell was kicked, that creature gets +5/+5 until end of "
     "turn instead.", "conditions on how it resolved ('if', 'instead', 'unless')"),          # Explosive Growth
    ("Target creature gets +3/+3 until end of turn. Another target creature gets -3/-3 until end of turn.",
     "several groups or sentences"),                                                        # Rites of Reaping
    ("[−8]: You get an emblem with \"Artifacts, creatures, enchantments, and lands you control have indestructible.\"",
     "an emblem's abilities (114)"),                                                        # Elspeth, Knight-Errant
])
def test_coverage_sorts_a_resolved_line_by_what_it_needs(line, label):
    from bridge.interfaces.cli.cards import RESOLVED_UNREAD_PATTERNS, unread_pattern
    assert unread_pattern(line, RESOLVED_UNREAD_PATTERNS) == label


def test_creature_types_and_colors_all_or_none():
    assert activated("Amoeboid Changeling", "{T}: Target creature gains all creature types until end of turn.") == \
        {"does": ["add_all_creature_types"], "affects": "others"}
    assert activated("Amoeboid Changeling", "{T}: Target creature loses all creature types until end of turn.") == \
        {"does": [{"set_creature_types": []}], "affects": "others"}
    assert activated("Scrapbasket", "{1}: This creature becomes all colors until end of turn.", "Artifact Creature") == \
        {"does": [{"set_colors": ["white", "blue", "black", "red", "green"]}]}
    assert activated("Lena, Selfless Champion", "Sacrifice Lena: Creatures you control with power less than Lena's "
                     "power gain indestructible until end of turn.") == \
        {"does": [{"add_abilities": ["indestructible"]}], "affects": "others"}


@pytest.mark.parametrize("name,text", [
    ("Blessed Wind", "Target player's life total becomes 20."),                 # 119.5: a player's life
    ("Gilded Light", "You gain shroud until end of turn."),                     # 613.10: a player's ability
])
def test_effects_on_players_are_no_layer_lines(name, text):
    assert not reading(name, text, "Instant").layer


def test_amass_after_an_effect_on_a_target_is_a_second_part():
    # 701.47a: the Army "becomes a Zombie in addition to its other types"; the target and the Army are two
    # groups (611.2c), each its own part
    line = reading("Bleeding Edge", "Up to one target creature gets -2/-2 until end of turn. Amass Zombies 2.", "Sorcery")
    assert line.structured and line.parts == (({"modify_pt": "-2/-2"},), ({"add_subtypes": ["Zombie"]},))


@pytest.mark.parametrize("name,text", [
    # earthbend animates a land: one group read, the other's effect dropped
    ("Earthshape", "Earthbend 3. Then each creature you control with power less than or equal to that land's power "
     "gains hexproof and indestructible until end of turn. You gain hexproof until end of turn."),
])
def test_a_keyword_action_that_changes_an_object_keeps_the_line_text(name, text):
    line = reading(name, text, "Sorcery")
    assert line.layer and not line.structured


# 608.2h: a choice made as the effect resolves is `{chosen: KEY}`, the case's `choices: {KEY: VALUE}`.
PROTECTION_CHOSEN = {"add_abilities": [{"text": "protection from the chosen color", "chosen": "color"}]}


@pytest.mark.parametrize("name,text,expected", [
    ("Gods Willing", "Target creature you control gains protection from the color of your choice until end of turn. "
     "Scry 1.", [PROTECTION_CHOSEN]),
    ("Akroma's Blessing", "Choose a color. Creatures you control gain protection from the chosen color until end of "
     "turn.", [PROTECTION_CHOSEN]),
    ("Sway of Illusion", "Any number of target creatures become the color of your choice until end of turn.",
     [{"set_colors": {"chosen": "color"}}]),
    ("Crippling Fear", "Choose a creature type. Creatures that aren't of the chosen type get -3/-3 until end of turn.",
     [{"modify_pt": "-3/-3"}]),
    ("Defensive Maneuvers", "Creatures of the creature type of your choice get +0/+4 until end of turn.",
     [{"modify_pt": "+0/+4"}]),
    ("Shimmering Mirage", "Target land becomes the basic land type of your choice until end of turn. Draw a card at "
     "the beginning of the next turn's upkeep.", [{"set_land_types": {"chosen": "basic_land_type"}}]),
])
def test_spells_with_a_choice_made_as_they_resolve(name, text, expected):
    assert spell(name, text) == expected


def test_activated_abilities_with_a_choice():
    assert activated("Wild Mongrel", "Discard a card: This creature gets +1/+1 and becomes the color of your choice "
                     "until end of turn.") == {"does": [{"modify_pt": "+1/+1"}, {"set_colors": {"chosen": "color"}}]}
    assert activated("Mistform Dreamer", "{1}: This creature becomes the creature type of your choice until end of "
                     "turn.") == {"does": [{"set_creature_types": {"chosen": "creature_type"}}]}
    assert activated("Mother of Runes", "{T}: Target creature you control gains protection from the color of your "
                     "choice until end of turn.") == {"does": [PROTECTION_CHOSEN], "affects": "others"}


@pytest.mark.parametrize("name,text,type_line", [
    # the color its Aura chose as it entered (607.2), not one this ability chooses
    ("Floating Shield", "Sacrifice this Aura: Target creature gains protection from the chosen color until end of "
     "turn.", "Enchantment — Aura"),
    # a keyword whose quality is the choice ("hexproof from that color") is not the keyword of those words
    ("Mondo Gecko", "{1}, Discard a card: Until end of turn, Mondo Gecko becomes the color of your choice and gains "
     "hexproof from that color.", "Creature"),
    ("Skrelv, Defector Mite", "{W/P}, {T}: Choose a color. Another target creature you control gains toxic 1 and "
     "hexproof from that color until end of turn. It can't be blocked by creatures of that color this turn.", "Creature"),
    # (one of two qualities chosen, Giver of Runes: read with first_chosen, tests/test_reader_copies_resolved.py)
    ("March from Velis Vel", "Choose a nonbasic land type. Each land you control of that type becomes a copy of target "
     "creature you control until end of turn and gains haste until end of turn.", "Sorcery"),
])
def test_choices_that_stay_text(name, text, type_line):
    line = reading(name, text, type_line)
    assert line.layer and not line.structured, line


def test_a_choice_is_the_cases(tmp_path, capsys):
    board = "battlefield: [{card: Wild Mongrel}]\n"
    assert main(["solve", case(tmp_path, board + "effects: [{activated: wild_mongrel}]\n")]) == 2
    assert "makes a choice as it resolves" in capsys.readouterr().err
    assert main(["solve", case(tmp_path, board + "effects: [{activated: wild_mongrel, choices: {color: mauve}}]\n")]) == 2
    assert "unknown color" in capsys.readouterr().err
    assert main(["solve", case(tmp_path, board + "effects: [{activated: wild_mongrel, choices: {creature_type: Elf}}]"
                               "\n")]) == 2
    assert "chooses a color" in capsys.readouterr().err
    bears = "battlefield: [{card: Grizzly Bears}]\n"
    assert main(["solve", case(tmp_path, bears + "effects: [{spell: Giant Growth, affects: [grizzly_bears], "
                               "choices: {color: red}}]\n")]) == 2
    assert "makes no choice" in capsys.readouterr().err
    land = "battlefield: [{card: Forest}]\n"
    assert main(["solve", case(tmp_path, land + "effects: [{spell: Shimmering Mirage, affects: [forest], "
                               "choices: {basic_land_type: Desert}}]\n")]) == 2
    assert "'Desert' is no basic land type" in capsys.readouterr().err
    path = case(tmp_path, bears + "effects: [{spell: Gods Willing, affects: [grizzly_bears], choices: {color: Red}}]\n"
                "expect: {grizzly_bears: {abilities: [protection from red]}}\n")
    assert main(["check", path]) == 0
    # (a `does` written by hand with {chosen: KEY} too: without the choice it would change nothing)
    path = case(tmp_path, bears + "effects: [{does: {set_creature_types: {chosen: creature_type}}, "
                "affects: [grizzly_bears]}]\n")
    assert main(["solve", path]) == 2
    assert "give choices: {creature_type: ...}" in capsys.readouterr().err


# 613.1b control given to a player the effect names: `{gain_control: {chosen: player}}`, `choices: {player: NAME}`.
@pytest.mark.parametrize("name,text,type_line,expected", [
    ("Humble Defector", "{T}: Draw two cards. Target opponent gains control of this creature. Activate only during "
     "your turn.", "Creature", {"does": [{"gain_control": {"chosen": "player"}}]}),
    ("Zedruu the Greathearted", "{U}{R}{W}: Target opponent gains control of target permanent you control.", "Creature",
     {"does": [{"gain_control": {"chosen": "player"}}], "affects": "others"}),
])
def test_activated_control_given_to_a_player(name, text, type_line, expected):
    assert activated(name, text, type_line) == expected


def test_spells_that_give_control():
    assert spell("Donate", "Target player gains control of target permanent you control.") == \
        [{"gain_control": {"chosen": "player"}}]
    assert spell("Fateful Handoff", "Draw cards equal to the mana value of target artifact or creature you control. "
                 "An opponent gains control of that permanent.") == [{"gain_control": {"chosen": "player"}}]


@pytest.mark.parametrize("name,text,type_line", [
    ("Homeward Path", "{T}: Each player gains control of all creatures they own.", "Land"),     # a player each
    # 701.12b a spell's control (Switcheroo's two permanents are read as parts: test_reader_parts.py)
    ("Sudden Substitution", "Exchange control of target noncreature spell and target creature. Then the spell's "
     "controller may choose new targets for it.", "Instant"),
    ("Goblin Festival", "{2}: This enchantment deals 1 damage to any target. Flip a coin. If you lose the flip, "
     "choose one of your opponents. That player gains control of this enchantment.", "Enchantment"),
])
def test_control_that_stays_text(name, text, type_line):
    line = reading(name, text, type_line)
    assert line.layer and not line.structured, line


def test_the_player_given_control_is_the_cases(tmp_path, capsys):
    board = "players: [Alice, Bob]\nbattlefield: [{card: Grizzly Bears, controller: Alice}]\n"
    assert main(["solve", case(tmp_path, board + "effects: [{spell: Donate, affects: [grizzly_bears]}]\n")]) == 2
    assert "give choices: {player: ...}" in capsys.readouterr().err
    assert main(["solve", case(tmp_path, board + "effects: [{spell: Donate, affects: [grizzly_bears], "
                               "choices: {player: Carol}}]\n")]) == 2
    assert "unknown player 'Carol'" in capsys.readouterr().err
    # 613.7 timestamps: Act of Treason after Donate gives the Bears back to Alice
    path = case(tmp_path, board + "effects: [{spell: Donate, affects: [grizzly_bears], choices: {player: Bob}}, "
                "{spell: Act of Treason, affects: [grizzly_bears]}]\nexpect: {grizzly_bears: {controller: Alice}}\n")
    assert main(["check", path]) == 0
    path = case(tmp_path, board + "effects: [{spell: Donate, affects: [grizzly_bears], choices: {player: Bob}}]\n"
                "expect: {grizzly_bears: {controller: Bob}}\n")
    assert main(["check", path]) == 0
