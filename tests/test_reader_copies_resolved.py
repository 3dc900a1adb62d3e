"""Copies made by spells and activated or loyalty abilities (707.2, 707.9, 707.10), and a delayed trigger at a
time (603.7a), read from the cards' Oracle text (Scryfall bulk data in the pool)."""
from __future__ import annotations

import pytest

from bridge.cards.oracle import read_text


def one_line(name: str, text: str, type_line: str):
    (line,) = read_text(text, name, type_line)
    assert line.layer, line
    return line


def test_a_token_copy_of_one_target_of_three_types():
    line = one_line("Relm's Sketching", "Create a token that's a copy of target artifact, creature, or land.", "Sorcery")
    assert line.structured and line.abilities[0]["creates_token_copy"] == {}
    # a list of words that is not one target's types stays text
    line = one_line("Nobody", "Create a token that's a copy of target creature, then sacrifice it, and draw a card.",
                    "Sorcery")
    assert not line.structured


def test_a_token_copy_of_each_creature_target_player_controls():
    line = one_line("Clone Legion", "For each creature target player controls, create a token that's a copy of that "
                    "creature.", "Sorcery")
    assert line.structured and line.abilities[0]["creates_token_copy"] == {}
    # each player's own tokens: stays text
    line = one_line("Parallel Evolution", "For each creature token on the battlefield, its controller creates a token "
                    "that's a copy of that creature.", "Sorcery")
    assert not line.structured


def test_fork_copies_a_spell_except_its_color():
    line = one_line("Fork", "Copy target instant or sorcery spell, except that the copy is red. You may choose new "
                    "targets for the copy.", "Instant")
    assert line.structured and line.abilities[0]["copies_spell"] == {"except": {"colors": ["red"]}}


@pytest.mark.parametrize("name,text,copy", [
    ("Saheeli, Sublime Artificer", "[−2]: Target artifact you control becomes a copy of another target artifact or "
     "creature you control until end of turn, except it's an artifact in addition to its other types.",
     {"except": {"add_types": ["Artifact"]}}),
    ("Shuri, Wakandan Inventor", "{1}, {T}: Target artifact you control becomes a copy of a second target artifact you "
     "control until end of turn, except it isn't legendary. Activate only as a sorcery.",
     {"except": {"remove_supertypes": ["Legendary"]}}),
    ("Shapesharer", "{2}{U}: Target Shapeshifter becomes a copy of target creature until your next turn.", {}),
])
def test_an_ability_that_makes_another_object_become_a_copy(name, text, copy):
    line = one_line(name, text, "Legendary Planeswalker — Saheeli" if "[" in text else "Creature")
    assert line.structured and line.abilities[0]["becomes_copy"] == copy


def test_a_delayed_trigger_at_the_beginning_of_combat():
    line = one_line("Impulsive Charge", "At the beginning of combat this turn, all Revelers gain haste until end of "
                    "turn and attack this combat if able.", "Sorcery")
    assert line.structured and list(line.spell) == [{"add_abilities": ["haste"]}]


def test_a_copy_not_legendary_if_the_copied_creature_is():
    line = one_line("Echoing Equation", "Choose target creature you control. Each other creature you control becomes a "
                    "copy of it until end of turn, except those creatures aren't legendary if the chosen creature is "
                    "legendary.", "Sorcery")
    assert line.structured and line.abilities[0]["becomes_copy"] == {"except": {"remove_supertypes": ["Legendary"]}}


def test_gain_control_untap_it_and_it_gains_haste_if_kicked():
    line = one_line("Jet's Brainwashing", "Target creature can't block this turn. If this spell was kicked, gain "
                    "control of that creature until end of turn, untap it, and it gains haste until end of turn.",
                    "Sorcery")
    assert line.structured and list(line.spell) == [{"gain_control": "you", "if": "kicked"},
                                                    {"add_abilities": ["haste"], "if": "kicked"}]


def test_gideon_him_is_the_card():
    line = one_line("Gideon, Champion of Justice", "[0]: Until end of turn, Gideon becomes a Human Soldier creature "
                    "with power and toughness each equal to the number of loyalty counters on him and gains "
                    "indestructible. He's still a planeswalker. Prevent all damage that would be dealt to him this turn.",
                    "Legendary Planeswalker — Gideon")
    x = {"calculated": "X"}
    assert line.structured and line.abilities[0]["activated"]["does"][2] == {"set_base_pt": {"power": x, "toughness": x}}


@pytest.mark.parametrize("name,text,first,second", [
    ("Alchemist's Gift", "Target creature gets +1/+1 and gains your choice of deathtouch or lifelink until end of turn.",
     [{"add_abilities": ["deathtouch"]}], [{"add_abilities": ["lifelink"]}]),
    ("Razor Barrier", "Target permanent you control gains protection from artifacts or from the color of your choice "
     "until end of turn.", [{"add_abilities": ["protection from artifacts"]}],
     [{"add_abilities": [{"text": "protection from the chosen color", "chosen": "color"}]}]),
    ("Mercurial Transformation", "Until end of turn, target nonland permanent loses all abilities and becomes your "
     "choice of a blue Frog creature with base power and toughness 1/1 or a blue Octopus creature with base power and "
     "toughness 4/4.", [{"set_types": ["Creature"]}, {"set_creature_types": ["Frog"]}, {"set_colors": ["blue"]},
                        {"set_base_pt": "1/1"}],
     [{"set_types": ["Creature"]}, {"set_creature_types": ["Octopus"]}, {"set_colors": ["blue"]}, {"set_base_pt": "4/4"}]),
])
def test_your_choice_of_one_of_two(name, text, first, second):
    """608.2d: the first `if: first_chosen`, the second `unless: first_chosen` (the case says which)."""
    line = one_line(name, text, "Instant")
    chosen = [op for op in line.spell if isinstance(op, dict) and ("if" in op or "unless" in op)]
    assert line.structured and chosen == [{**op, "if": "first_chosen"} for op in first] + \
        [{**op, "unless": "first_chosen"} for op in second]


def test_an_option_not_chosen_needs_no_choice(tmp_path, capsys):
    """With the second option chosen the color is the case's; with the first, none is asked (the case file in
    cases/reader/razor_barrier_and_alchemists_gift_your_choice_of_two.yaml)."""
    from bridge.interfaces.cli.main import main
    case = tmp_path / "razor.yaml"
    case.write_text("case: t\nsource: t\nbattlefield: [{card: Grizzly Bears}]\neffects:\n"
                    "  - {spell: Razor Barrier, affects: [grizzly_bears], conditions: {first_chosen: false}}\n")
    assert main(["solve", str(case)]) == 2
    assert "give choices: {color: ...}" in capsys.readouterr().err
    case.write_text(case.read_text().replace("first_chosen: false", "first_chosen: true"))
    assert main(["solve", str(case)]) == 0


def test_a_players_hexproof_or_protection_is_no_layer_effect():
    """702.11d, 702.16j: hexproof or protection of a player changes no object's characteristics (613.1)."""
    line = one_line("Everybody Lives!", "All creatures gain hexproof and indestructible until end of turn. Players gain "
                    "hexproof until end of turn. Players can't lose life this turn and players can't lose the game or "
                    "win the game this turn.", "Instant")
    assert line.structured and list(line.spell) == [{"add_abilities": ["hexproof", "indestructible"]}]
    for name, text in (("Teferi's Protection", "Until your next turn, your life total can't change and you gain "
                        "protection from everything. All permanents you control phase out."),
                       ("Blow Your House Down", "Up to three target creatures can't block this turn. Destroy any of "
                        "them that are Walls.")):
        (line,) = read_text(text, name, "Instant")
        assert not line.layer, line
    # objects beside the player still change: a layer line
    (line,) = read_text("You and permanents you control gain hexproof until end of turn.", "Nobody", "Instant")
    assert line.layer


def test_blocking_riders_beside_a_layer_effect():
    line = one_line("Revenge of the Hunted", "Until end of turn, target creature gets +6/+6 and gains trample, and all "
                    "creatures able to block it this turn do so.", "Sorcery")
    assert line.structured and list(line.spell) == [{"modify_pt": "+6/+6"}, {"add_abilities": ["trample"]}]
    # (the card's name after "a" is the creature type, not the card, 201.5)
    line = one_line("Coward", "Target creature can't block this turn and becomes a Coward in addition to its other types "
                    "until end of turn.", "Sorcery")
    assert line.structured and list(line.spell) == [{"add_subtypes": ["Coward"]}]


@pytest.mark.parametrize("name,text,type_line,copied", [
    ("Mordor on the March", "Exile a creature card from your graveyard. Create a token that's a copy of it. It gains "
     "haste until end of turn. Exile it at the beginning of the next end step.", "Sorcery", {}),
    ("Tamiyo, Compleated Sage", "[−X]: Exile target nonland permanent card with mana value X from your graveyard. "
     "Create a token that's a copy of that card.", "Legendary Planeswalker — Tamiyo", {}),
    ("Tawnos, Solemn Survivor", "{1}{W}{U}{B}, {T}, Sacrifice two artifact tokens, Exile an artifact or creature card "
     "from your graveyard: Create a token that's a copy of the exiled card, except it's an artifact in addition to its "
     "other types. Activate only as a sorcery.", "Legendary Creature — Human Artificer",
     {"except": {"add_types": ["Artifact"]}}),
])
def test_a_token_copy_of_a_card(name, text, type_line, copied):
    """707.2: the case's copy_of names the card in exile or in a graveyard."""
    line = one_line(name, text, type_line)
    assert line.structured and line.abilities[0]["creates_token_copy"] == copied
    # a card the case cannot name ("a card exiled with this artifact": which one?) stays text
    line = one_line("Mimic Vat", "{3}, {T}: Create a token that's a copy of a card exiled with this artifact. It gains "
                    "haste. Exile it at the beginning of the next end step.", "Artifact")
    assert not line.structured


def test_giver_of_runes_one_of_two_qualities():
    line = one_line("Giver of Runes", "{T}: Another target creature you control gains protection from colorless or "
                    "from the color of your choice until end of turn.", "Creature")
    assert line.structured and line.abilities[0]["activated"]["does"] == [
        {"add_abilities": ["protection from colorless"], "if": "first_chosen"},
        {"add_abilities": [{"text": "protection from the chosen color", "chosen": "color"}], "unless": "first_chosen"}]
