"""Layers 1 and 3: copies, face-down, flip and transform status, choices, text changes."""
import json

import bridge
from bridge.interfaces.cli.main import main

from conftest import CASES


def test_explain_names_the_copy_effect_and_its_exception(capsys):
    path = CASES / "copy" / "quicksilver_gargantuan_tarmogoyf.yaml"
    assert main(["explain", "--format", "json", str(path), "quicksilver_gargantuan"]) == 0
    history = json.loads(capsys.readouterr().out)["object"]["history"]
    assert "entered as a copy of tarmogoyf" in history["name"][-1]["how"]
    assert "707.9d" in history["power"][-1]["how"] and "given by the exception" in history["power"][-1]["how"]


def test_explain_says_which_characteristic_was_kept(capsys):
    path = CASES / "copy" / "clone_of_vesuvan_bear.yaml"
    assert main(["explain", str(path), "vesuvan_doppelganger"]) == 0
    out = capsys.readouterr().out
    assert "not copied: kept by the exception" in out and "707.9c" in out


def test_copy_chain_depends_on_the_older_copy_not_the_newer():
    older = bridge.solve(CASES / "copy" / "clone_of_vesuvan_bear.yaml").objects["clone"]
    newer = bridge.solve(CASES / "copy" / "clone_of_vesuvan_then_it_changes.yaml").objects["clone"]
    assert (older.name, older.pt) == ("Runeclaw Bear", "2/2")
    assert (newer.name, newer.pt) == ("Vesuvan Doppelganger", "0/0")


def test_face_down_table_shows_no_name(capsys):
    assert main(["solve", "--format", "json", str(CASES / "copy" / "clone_face_down_demon.yaml")]) == 0
    objects = {o["id"]: o for o in json.loads(capsys.readouterr().out)[0]["objects"]}
    assert objects["clone"]["name"] == "" and objects["clone"]["type_line"] == "Creature"


def bad(write_case, capsys, body: str) -> str:
    path = write_case("case: t\nsource: test\n" + body)
    assert main(["check", str(path)]) == 2
    return capsys.readouterr().err


def test_copy_of_needs_a_card_that_can_enter_as_a_copy(write_case, capsys):
    err = bad(write_case, capsys, "battlefield: [{card: Grizzly Bears}, {card: Gray Ogre, copy_of: grizzly_bears}]\n")
    assert "battlefield[1].copy_of: Gray Ogre has no ability that lets it enter as a copy" in err


def test_transformed_needs_a_back_face(write_case, capsys):
    err = bad(write_case, capsys, "battlefield: [{card: Gray Ogre, status: {transformed: true}}]\n")
    assert "battlefield[0].status.transformed: Gray Ogre has no back face" in err


def test_a_copy_of_an_unknown_object(write_case, capsys):
    err = bad(write_case, capsys, "battlefield: [{card: Clone, copy_of: bears}]\n")
    assert "battlefield[0].copy_of: no object with id 'bears'" in err


def test_unknown_copy_exception(write_case, capsys):
    err = bad(write_case, capsys, "battlefield: [{card: Grizzly Bears}, {card: Gray Ogre}]\n"
              "effects: [{affects: [gray_ogre], does: {copy_of: {object: grizzly_bears, except: {keep: [colour]}}}}]\n")
    assert "unknown characteristic 'colour' (did you mean 'color'" in err
