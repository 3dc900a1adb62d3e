"""Bad input: one clear message naming the file and key, exit code 2, never a traceback."""
import pytest

from bridge.interfaces.cli.main import main

BEARS = "case: t\nsource: test\n"

BAD = {
    "malformed_yaml": (BEARS + "battlefield: [{card: Grizzly Bears\n", "malformed YAML"),
    "unknown_top_key": (BEARS + "battlefeld: []\n", "unknown key 'battlefeld' (did you mean 'battlefield'?)"),
    "unknown_object_key": (BEARS + "battlefield: [{card: Grizzly Bears, countres: {}}]\n",
                           "battlefield[0].countres: unknown key 'countres' (did you mean 'counters'"),
    "unknown_card": (BEARS + "battlefield: [{card: Grizly Bears}]\n",
                     "battlefield[0].card: unknown card 'Grizly Bears' (did you mean 'Grizzly Bears'"),
    "unknown_operation": (BEARS + "battlefield: [{card: Grizzly Bears}]\n"
                          "effects: [{affects: [grizzly_bears], does: {modfy_pt: +1/+1}}]\n",
                          "effects[0].does: unknown operation 'modfy_pt' (did you mean 'modify_pt'?)"),
    "duplicate_id": (BEARS + "battlefield: [{card: Grizzly Bears, id: a}, {card: Gray Ogre, id: a}]\n",
                     "battlefield[1].id: id 'a' is already used by battlefield[0]"),
    "absent_id": (BEARS + "battlefield: [{card: Grizzly Bears}]\n"
                  "effects: [{affects: [grizly_bears], does: switch_pt}]\n",
                  "effects[0].affects[0]: no object with id 'grizly_bears' (did you mean 'grizzly_bears'?)"),
    "aura_on_itself": (BEARS + "battlefield: [{card: Rancor, id: r, attached_to: r}]\n",
                       "battlefield[0].attached_to: 'r' cannot be attached to itself"),
    "bad_pt": (BEARS + "battlefield: [{card: Grizzly Bears}]\n"
               "effects: [{affects: [grizzly_bears], does: {set_base_pt: 3-3}}]\n",
               "effects[0].does.set_base_pt: expected power/toughness like 1/1, got '3-3'"),
    "bad_inline_pt": (BEARS + "battlefield: [{card: {name: X, type_line: Creature, pt: two}}]\n",
                      "battlefield[0].card.pt: expected power/toughness like 2/2, got 'two'"),
    "unknown_player": (BEARS + "battlefield: [{card: Grizzly Bears, controller: Carol}]\n",
                       "battlefield[0].controller: unknown player 'Carol'"),
    "bad_expectation_pt": (BEARS + "battlefield: [{card: Grizzly Bears}]\nexpect: {grizzly_bears: {pt: big}}\n",
                           "expect.grizzly_bears.pt: expected power/toughness like 2/2"),
    "bad_type_line_word": (BEARS + "battlefield: [{card: {name: X, type_line: Creture — Bear, pt: 1/1}}]\n",
                           "'Creture' before the dash is neither a card type nor a supertype"),
    # 113.6b a static ability that functions in a graveyard needs the card's timestamp there (613.7d)
    "graveyard_static_without_timestamp": (BEARS + "graveyards: {Alice: [Wonder]}\n",
                                           "graveyards.Alice[0]: Wonder has a static ability that functions in the graveyard"),
    "functions_in_unknown_zone": (BEARS + "graveyards: {Alice: [{card: {name: X, type_line: Enchantment, abilities: "
                                  "[{functions_in: grave, static: {affects: self, does: {add_colors: [red]}}}]}}]}\n",
                                  "functions_in: unknown zone 'grave' (did you mean 'graveyard'?)"),
    "functions_in_on_a_cda": (BEARS + "battlefield: [{card: {name: X, type_line: Creature, pt: 1/1, abilities: "
                              "[{cda: true, functions_in: hand, static: {affects: self, does: {add_colors: [red]}}}]}}]\n",
                              "a characteristic-defining ability functions everywhere (113.6a)"),
    "not_a_mapping": ("- just a list\n", "expected a mapping, got a list"),
    "empty": ("", "the file is empty"),
    "missing_title": ("battlefield: []\n", "case: missing"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_input_gets_one_clear_message(name, refused):
    text, message = BAD[name]
    assert message in refused(text, f"{name}.yaml")


def test_solve_also_exits_2(write_case, capsys):
    path = write_case(BAD["unknown_card"][0])
    assert main(["solve", str(path)]) == 2
    assert "unknown card" in capsys.readouterr().err


def test_missing_file(tmp_path, capsys):
    assert main(["check", str(tmp_path / "nope.yaml")]) == 2
    assert "cannot read the file" in capsys.readouterr().err


def test_check_keeps_going_past_a_broken_file(write_case, capsys):
    write_case(BAD["unknown_card"][0], "a_broken.yaml")
    good = write_case(BEARS + "battlefield: [{card: Grizzly Bears}]\nexpect: {grizzly_bears: {pt: 2/2}}\n", "b.yaml")
    assert main(["check", str(good.parent)]) == 2
    captured = capsys.readouterr()
    assert "pass  " in captured.out and "1 passed, 0 failed, 1 with bad input" in captured.out
