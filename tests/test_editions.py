"""Rules editions: one file, several answers, and why they differ."""
import json

import bridge
from bridge.interfaces.cli.main import main

from conftest import CASES

OGRE = CASES / "cr613" / "gray_ogre.yaml"


def test_gray_ogre_under_each_edition():
    assert bridge.solve(OGRE).objects["gray_ogre"].pt == "5/8"
    assert bridge.solve(OGRE, rules="m10").objects["gray_ogre"].pt == "5/8"
    assert bridge.solve(OGRE, rules="pre-m10").objects["gray_ogre"].pt == "1/4"


def test_check_reports_the_edition_and_uses_expect_under(capsys):
    assert main(["check", "--rules", "pre-m10", str(OGRE)]) == 0
    out = capsys.readouterr().out
    assert "(pre-m10)" in out and "1 passed, 0 failed" in out


def test_a_case_without_expectations_for_an_edition_is_skipped(capsys):
    assert main(["check", "--rules", "m10", str(CASES / "cr613" / "wild_mongrel.yaml")]) == 0
    assert "0 passed, 0 failed, 1 skipped" in capsys.readouterr().out


def test_compare_explains_the_difference_by_sublayer(capsys):
    assert main(["compare", str(OGRE), "--rules", "pre-m10,current"]) == 0
    out = capsys.readouterr().out
    assert "P/T: pre-m10: 1/4   current: 5/8" in out
    assert "Target creature gets +4/+4 until end of turn: pre-m10: layer 6b" in out
    assert "current: layer 7c (613.4c" in out


def test_compare_json(capsys):
    assert main(["compare", "--format", "json", str(OGRE), "--rules", "pre-m10,m10,current"]) == 0
    (data,) = json.loads(capsys.readouterr().out)
    values = data["objects"][0]["differences"][0]["values"]
    assert values == {"pre-m10": "1/4", "m10": "5/8", "current": "5/8"}


def test_compare_needs_two_known_editions(capsys):
    assert main(["compare", str(OGRE), "--rules", "current"]) == 2
    assert main(["compare", str(OGRE), "--rules", "current,m11"]) == 2


def test_2020_apnap_order_of_simultaneous_timestamps():
    path = CASES / "editions" / "simultaneous_timestamps_apnap.yaml"
    current = bridge.solve(path)
    assert current.objects["grizzly_bears"].colors == ("red",) and not current.trace.ties
    older = bridge.solve(path, rules="m10")
    assert len(older.trace.ties) == 1 and "613.6j (2017)" in older.trace.ties[0]


def test_pre_2009_choice_memory():
    path = CASES / "copy" / "vesuvan_chameleon_then_quirion_elves.yaml"
    texts = bridge.solve(path, rules="pre-m10").objects["vesuvan_doppelganger"].abilities
    assert "{T}: Add one mana of the chosen color. [chosen color: blue]" in texts
