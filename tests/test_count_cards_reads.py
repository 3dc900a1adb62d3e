"""count_cards with the reads of a static's selector: abilities, name, mana value, color qualities
(asp/613_selector_reads.lp, cards in a zone); power and toughness refused (bridge/vocabulary/selector_places.py)."""
import pytest

from bridge.interfaces.cli.main import main

HEAD = "case: t\nsource: test (derived by the authors)\nplayers: [Alice, Bob]\n"
GRAVEYARD = ("graveyards:\n  Alice:\n    - card: {name: Bird, mana_cost: '{1}{W}', type_line: Creature — Bird, pt: 1/1, "
             "abilities: [flying]}\n    - card: {name: Gold, mana_cost: '{W}{U}{B}', type_line: Creature — Elf, pt: 2/2}\n"
             "    - card: Grizzly Bears\n  Bob: [Giant Growth]\n")


def counter(selector: str) -> str:
    return ("battlefield:\n  - card: {name: Goyf, type_line: Creature — Lhurgoyf, pt: 0/0, abilities: [{text: t, cda: true, "
            "static: {affects: self, does: {set_base_pt: {power: {count_cards: " + selector + "}, toughness: 9}}}}]}\n")


def passes(write_case, capsys, text: str) -> bool:
    code = main(["check", str(write_case(HEAD + text))])
    out = capsys.readouterr()
    assert code in (0, 1), out.err
    return code == 0


@pytest.mark.parametrize("selector, count", [
    ("{has: [flying]}", 1),
    ("{all: [creature], lacks: [flying]}", 2),
    ("{abilities: none}", 3),                      # Giant Growth has no ability (its spell effect); Bird has flying
    ("{named: Grizzly Bears}", 1),
    ("{mana_value: {at_least: 2}}", 3),
    ("{mana_value: 1}", 1),
    ("{all: [multicolored]}", 1),
    ("{all: [monocolored], owner: you}", 2),
    ("{all: [token]}", 0),                         # 111.7 no token is a card in a zone
])
def test_count_cards_reads(write_case, capsys, selector, count):
    text = counter(selector) + GRAVEYARD + "expect:\n  goyf: {pt: %d/9}\n"
    assert passes(write_case, capsys, text % count)
    assert not passes(write_case, capsys, text % (count + 1))


def test_power_is_refused_in_count_cards(refused):
    err = refused(HEAD + counter("{power: {at_least: 2}}") + GRAVEYARD)
    assert "'power' cannot be used in a count cards's selector" in err and "layer 7" in err


def test_cards_given_as_a_number_cannot_answer_a_read(refused):
    err = refused(HEAD + counter("{has: [flying]}") + "graveyards: {Alice: 3}\n")
    assert "graveyard" in err
