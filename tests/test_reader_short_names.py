"""201.5c a legendary card named without a comma, " of " or " the " may name itself by its first word
(Zurgo Helmsmasher's "Zurgo"); the first word is not the card when it is an article, a type, or the start
of another name (issue 32)."""
from __future__ import annotations

import pytest

from bridge.cards.oracle import read_line
from bridge.cards.oracle.text import first_word_name, with_self_reference


def test_zurgo_helmsmasher_has_indestructible_during_your_turn():
    reading = read_line("During your turn, Zurgo has indestructible.", "Zurgo Helmsmasher")
    assert reading.structured
    assert reading.abilities[0]["static"] == {"as_long_as": {"turn": "yours"}, "affects": "self",
                                             "does": [{"add_abilities": ["indestructible"]}]}


@pytest.mark.parametrize("name, first", [
    ("Zurgo Helmsmasher", "Zurgo"), ("A-Zurgo Helmsmasher", "Zurgo"), ("Legolas Greenleaf", "Legolas"),
    ("The Goblin Mastermind", None),        # an article
    ("Sliver Queen", None),                 # a creature type: "Create a 1/1 colorless Sliver creature token"
    ("Dragon Cultist", None),
    ("Tuvasa the Sunlit", None),            # named by the part before " the " (self_names)
    ("Zurgo, Thunder's Decree", None),      # named by the part before the comma
])
def test_first_word_name(name, first):
    assert first_word_name(name) == first


def test_a_nonlegendary_card_is_not_named_by_its_first_word():
    assert first_word_name("Goblin Guide", legendary=False) is None
    assert first_word_name("Zurgo Helmsmasher", legendary=False) is None


@pytest.mark.parametrize("name, line, plain", [
    ("Zurgo Helmsmasher", "Whenever a creature dealt damage by Zurgo this turn dies, put a +1/+1 counter on Zurgo.",
     "Whenever a creature dealt damage by ~ this turn dies, put a +1/+1 counter on ~."),
    # another card's name that starts with the same word is not the card
    ("Mitotic Ultimus", "When Mitotic Ultimus dies, conjure two cards named Mitotic Slime onto the battlefield.",
     "When ~ dies, conjure two cards named Mitotic Slime onto the battlefield."),
    ("Marit Lage's Slumber", "create Marit Lage, a legendary 20/20 black Avatar creature token",
     "create Marit Lage, a legendary 20/20 black Avatar creature token"),
    ("Nissa Revane", "Search your library for a card named Nissa's Chosen.",
     "Search your library for a card named Nissa's Chosen."),
])
def test_the_first_word_is_written_as_the_card(name, line, plain):
    assert with_self_reference(line, name) == plain
