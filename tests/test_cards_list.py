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


def test_the_list_as_json_and_as_a_sweep_pool(few_cards, capsys, monkeypatch, tmp_path):
    """`--format json` gives the listed cards with every (layer, operation) and the counts; its file, or the
    same filter in the spec (`pool: {cards_list: ...}`), is a sweep pool of those cards."""
    import json

    from bridge.interfaces import card_listing
    from bridge.interfaces.sweep.spec import load_spec
    assert main(["cards", "list", "--layer", "7", "--format", "json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert [c["name"] for c in listing["cards"]] == ["Chameleon Spirit", "Glorious Anthem", "Humility", "Tarmogoyf"]
    assert listing["cards"][2]["layers"] == [{"layer": "6", "operation": "lose_all_abilities"},
                                             {"layer": "7b", "operation": "set_base_pt"}]
    assert {"layer": "7a", "operation": "set_base_pt", "cards": 2} in listing["counts"]
    (tmp_path / "layer7.json").write_text(json.dumps(listing))
    cards = [find_card(name).card for name in NAMES]
    monkeypatch.setattr(card_listing, "every_card", lambda store=None: (cards, "test cards"))
    background = "background:\n  - card: Grizzly Bears\n"
    for pool, expected in (("{cards_list: {file: layer7.json}}", listing["cards"]),
                           ("{cards_list: {layer: 7, limit: 3}}", listing["cards"][:3]),
                           ("{cards_list: {layer: [4, 6], operation: set_land_types}}", [{"name": "Blood Moon"}])):
        spec = tmp_path / "spec.yaml"
        spec.write_text(f"sweep: listed\npool: {pool}\nsizes: [1]\n{background}")
        assert [card.label for card in load_spec(spec).pool] == [c["name"] for c in expected]
    for pool, said in (("{cards_list: {operation: set_colour}}", "pool.cards_list.operation"),
                       ("{cards_list: {file: missing.json}}", "pool.cards_list.file"),
                       ("{cards_list: {layer: 3}}", "no card matches")):
        spec.write_text(f"sweep: listed\npool: {pool}\nsizes: [1]\n{background}")
        assert main(["sweep", str(spec), "--dry-run"]) == 2
        err = capsys.readouterr().err
        assert said in err and "Traceback" not in err, err
