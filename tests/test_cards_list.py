"""`mtg-layers cards list`: cards by the layer and operation kind of their static and
characteristic-defining abilities (issue 38). The layers are asp/editions.lp's: CR 613.1d (type
changing, layer 4), 613.1e (color, layer 5), 613.1f (abilities, layer 6), 613.4a-c (power and
toughness: 7a CDAs, 7b setting, 7c modifying); before M10, 418.5 put modifying effects in 6d."""
import pytest

from bridge.cards.catalog import find_card
from bridge.interfaces.cli import cards as cards_cli
from bridge.interfaces.cli.main import main
from bridge.solving.operation_layers import operation_layers

NAMES = ("Blood Moon", "Humility", "Tarmogoyf", "Glorious Anthem", "Chameleon Spirit", "Giant Growth")


@pytest.fixture
def few_cards(monkeypatch):
    cards = [find_card(name).card for name in NAMES]
    monkeypatch.setattr(cards_cli, "lookup_cards", lambda args: (cards, "test cards"))


def listed(capsys, *options) -> tuple[dict, str]:
    assert main(["cards", "list", *options]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if not line.startswith(" ") and ": layer" in line]
    return {line.split(": ")[0]: line.split(": ", 1)[1] for line in lines}, out


def test_the_layers_are_those_of_asp_editions():
    assert operation_layers("current")[("set_land_types", "static")] == "4"
    assert operation_layers("current")[("set_base_pt", "cda")] == "7a"
    assert operation_layers("current")[("modify_pt", "static")] == "7c"
    assert operation_layers("pre-m10")[("modify_pt", "static")] == "6d"


def test_cards_by_layer_and_operation(few_cards, capsys):
    cards, out = listed(capsys, "--layer", "7")
    assert cards == {"Chameleon Spirit": "layer 7a set_base_pt", "Glorious Anthem": "layer 7c modify_pt",
                     "Humility": "layer 6 lose_all_abilities, layer 7b set_base_pt",
                     "Tarmogoyf": "layer 7a set_base_pt"}
    assert "4 of 6 test cards (rules current)" in out
    assert "layer 7c  modify_pt" in out
    cards, _ = listed(capsys, "--operation", "set_land_types")
    assert set(cards) == {"Blood Moon"}
    cards, _ = listed(capsys, "--layer", "6d", "--rules", "pre-m10")
    assert set(cards) == {"Glorious Anthem"}
    # Giant Growth's +3/+3 is a resolved spell's effect, no static one: never listed
    cards, _ = listed(capsys)
    assert set(cards) == set(NAMES) - {"Giant Growth"}


def test_an_unknown_operation_kind_is_one_message(few_cards, capsys):
    assert main(["cards", "list", "--operation", "set_colour"]) == 2
    err = capsys.readouterr().err
    assert "set_colour" in err and "set_colors" in err and "Traceback" not in err
