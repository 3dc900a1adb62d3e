"""Every bundled case passes `mtg-layers check`, and a wrong expectation is caught."""
import copy

import pytest
import yaml

import bridge
from bridge.interfaces.cli.main import main

from conftest import CASES

CASE_FILES = sorted(CASES.rglob("*.yaml"))


def test_there_are_cases():
    assert len(CASE_FILES) >= 20


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: str(p.relative_to(CASES)))
def test_case_passes(path):
    outcome = bridge.check(path)
    assert outcome.passed, "\n".join(str(m) for m in outcome.mismatches)


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: str(p.relative_to(CASES)))
def test_case_has_a_source_and_expectations(path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert str(data.get("source", "")).strip(), f"{path} has no source"
    expects_triggers = any("expect_triggers" in event for event in data.get("events", []) or [])
    expects_answers = any("expect" in q or "expect_under" in q for q in data.get("questions", []) or [])
    assert data.get("expect") or data.get("expect_players") or data.get("expect_after_sba") or expects_triggers \
        or expects_answers, \
        f"{path} expects nothing"


def test_check_command_over_the_folder(capsys):
    assert main(["check", str(CASES)]) == 0
    out = capsys.readouterr().out
    assert f"{len(CASE_FILES)} passed, 0 failed" in out


def test_a_wrong_expectation_fails(capsys):
    data = yaml.safe_load((CASES / "cr613" / "gray_ogre.yaml").read_text(encoding="utf-8"))
    wrong = copy.deepcopy(data)
    wrong["expect"]["gray_ogre"]["pt"] = "1/4"
    outcome = bridge.check(wrong, file="wrong.yaml")
    assert not outcome.passed
    assert str(outcome.mismatches[0]) == "gray_ogre.pt: expected 1/4, derived 5/8"


def test_check_exits_1_on_a_failed_expectation(write_case, capsys):
    path = write_case("case: wrong\nsource: test\nbattlefield: [{card: Grizzly Bears}]\n"
                      "expect: {grizzly_bears: {pt: 3/3, colors: [blue]}}\n")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "grizzly_bears.pt: expected 3/3, derived 2/2" in out
    assert "grizzly_bears.colors: expected [blue], derived [green]" in out
