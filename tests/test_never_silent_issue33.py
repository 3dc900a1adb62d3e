"""Issue 33, the silent items: an "as ... enters, choose" choice the case leaves out is marked (614.12);
loyalty and defense counters come from intrinsic abilities (306.5b, 310.4b); an ability granted to a card in
a graveyard functions there only when it says so (113.6b); an activated ability's targets become targets
(602.2b); the bundled cases of each pass."""
import json

import pytest

from bridge.interfaces.cli.main import main

HEAD = "case: t\nsource: test\nplayers: [Alice, Bob]\n"


def run(tmp_path, capsys, text, *args):
    path = tmp_path / "case.yaml"
    path.write_text(HEAD + text, encoding="utf-8")
    code = main([*args, str(path)])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_conspiracy_without_a_chosen_type_marks_the_types_it_may_change(tmp_path, capsys):
    board = ("battlefield: [{card: Conspiracy, id: consp}, {card: Llanowar Elves, id: elves}]\n"
             "expect: {elves: {pt: 1/1}}\n")
    code, out = run(tmp_path, capsys, board, "solve")
    assert code == 0
    row = next(line for line in out.splitlines() if line.startswith("elves "))
    assert "Creature ?" in row and "[chosen creature type: not given, 614.12]" in out
    code, out = run(tmp_path, capsys, board, "solve", "--format", "json")
    elves = next(o for o in json.loads(out)[0]["objects"] if o["id"] == "elves")
    assert list(elves["unsure"]) == ["types"]
    assert run(tmp_path, capsys, board, "check", "--strict")[0] == 1
    chosen = board.replace("id: consp}", "id: consp, choices: {creature_type: Elf}}")
    code, out = run(tmp_path, capsys, chosen, "solve")
    assert code == 0 and "?" not in next(line for line in out.splitlines() if line.startswith("elves "))


def test_a_copy_that_became_one_after_entering_is_not_marked(tmp_path, capsys):
    # 707.6 Unstable Shapeshifter never entered as Voice of All: no choice to give (seed 000, 503.7)
    board = ("battlefield: [{card: Voice of All, choices: {color: red}}, {card: Unstable Shapeshifter, id: shifter}]\n"
             "effects: [{becomes_copy_of: voice_of_all, affects: [shifter], from: Unstable Shapeshifter's trigger}]\n")
    code, out = run(tmp_path, capsys, board, "solve")
    assert code == 0 and "not given, 614.12" not in out


@pytest.mark.parametrize("case", [
    "cases/events/cr306_5b_loyalty_is_an_intrinsic_ability.yaml",
    "cases/sba/cr704_5v_battle_with_defense_0.yaml",
    "cases/zones/cr113_6b_granted_ability_functions_from_the_graveyard.yaml",
    "cases/events/becomes_the_target_of_an_activated_ability.yaml",
    "cases/classics/turn_to_frog_then_giant_growth.yaml"])
def test_the_bundled_cases_pass(case, capsys):
    assert main(["check", case]) == 0


def test_an_ability_is_activated_not_cast(tmp_path, capsys):
    code, out = run(tmp_path, capsys, "battlefield: [{card: Prodigal Sorcerer}]\n"
                    "events: [{cast: {ability_of: prodigal_sorcerer, ability: 1, targets: [Bob]}}]\n", "solve")
    assert code != 0 and "an ability is not cast: use an activate event" in out
    code, out = run(tmp_path, capsys, "battlefield: [{card: Gelectrode}]\n"
                    "events: [{activate: {ability_of: gelectrode, ability: 2}}]\n", "solve")
    assert code != 0 and "is not an activated ability" in out
