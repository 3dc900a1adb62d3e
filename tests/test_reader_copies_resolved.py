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
