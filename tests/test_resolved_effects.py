"""What spells, activated and loyalty abilities do once they resolve, read from their Oracle text
(bridge/cards/oracle/resolved.py, issue 32): usable by name in a case's effects, refused with a
clear message where the text names other objects or modes the case must say."""
import pytest

from bridge.cards.oracle.resolved import resolved_effect
from bridge.interfaces.cli.main import main


@pytest.mark.parametrize("effect,expected", [
    ("Target creature gets +3/+3 until end of turn.", ("others", [{"modify_pt": "+3/+3"}])),
    ("Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn.",
     ("others", [{"gain_control": "you"}, {"add_abilities": ["haste"]}])),
    ("Until end of turn, target creature loses all abilities and becomes a blue Frog with base power and "
     "toughness 1/1.", ("others", ["lose_all_abilities", {"set_creature_types": ["Frog"]}, {"set_colors": ["blue"]},
                                   {"set_base_pt": "1/1"}])),
    ("~ becomes a 2/2 Assembly-Worker artifact creature until end of turn. It's still a land.",
     ("self", [{"add_types": ["Artifact", "Creature"]}, {"add_subtypes": ["Assembly-Worker"]}, {"set_base_pt": "2/2"}])),
    ("Target creature gets +2/+2 until end of turn. Draw a card.", ("others", [{"modify_pt": "+2/+2"}]))])
def test_a_resolved_effect_is_read(effect, expected):
    assert resolved_effect(effect) == expected


@pytest.mark.parametrize("effect", [
    "Target creature gets +X/+X until end of turn, where X is its power. Other creatures get +1/+1 for each Elf.",
    "Target creature gets +2/+0 until end of turn. Other creatures you control get +1/+0 until end of turn.",
    "Target creature becomes a copy of target creature."])
def test_what_one_affects_list_cannot_hold_stays_text(effect):
    assert resolved_effect(effect) is None


def case(tmp_path, body):
    path = tmp_path / "case.yaml"
    path.write_text("case: t\nsource: test\n" + body, encoding="utf-8")
    return str(path)


def test_an_activated_ability_on_other_objects_needs_them_named(tmp_path, capsys):
    """Bone Flute: '{2}, {T}: All creatures get -1/-0 until end of turn.' (611.2c: the set is fixed)."""
    board = "battlefield: [{card: Bone Flute}, {card: Grizzly Bears}]\n"
    assert main(["solve", case(tmp_path, board + "effects: [{activated: bone_flute}]\n")]) == 2
    assert "affects other objects than Bone Flute" in capsys.readouterr().err
    path = case(tmp_path, board + "effects: [{activated: bone_flute, affects: [grizzly_bears]}]\n"
                "expect: {grizzly_bears: {pt: 1/2}}\n")
    assert main(["check", path]) == 0


def test_a_modal_spell_needs_its_mode(tmp_path, capsys):
    board = "battlefield: [{card: Grizzly Bears}]\n"
    assert main(["solve", case(tmp_path, board + "effects: [{spell: \"Darigaaz's Charm\", affects: [grizzly_bears]}]\n")]) == 2
    assert "is modal (700.2): say which mode resolved, mode: 1 to 3" in capsys.readouterr().err
    assert main(["solve", case(tmp_path, board + "effects: [{spell: \"Darigaaz's Charm\", mode: 1, "
                               "affects: [grizzly_bears]}]\n")]) == 2
    assert "mode 1 of Darigaaz's Charm has no effect that changes the layers" in capsys.readouterr().err
    assert main(["solve", case(tmp_path, board + "effects: [{spell: \"Darigaaz's Charm\", mode: 4, "
                               "affects: [grizzly_bears]}]\n")]) == 2
    assert "has 3 modes" in capsys.readouterr().err


def test_an_emblem_by_its_card_and_a_card_without_one(tmp_path, capsys):
    """114.1: Gideon, Ally of Zendikar's emblem is read from its Oracle text; a card without one is refused."""
    assert main(["check", "cases/reader/gideon_emblem_by_name.yaml"]) == 0
    capsys.readouterr()
    assert main(["solve", case(tmp_path, "emblems: [{from: Grizzly Bears}]\n")]) == 2
    assert "Grizzly Bears creates no emblem in its text" in capsys.readouterr().err
