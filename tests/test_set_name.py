"""Effects that set a name (612.7, asp/612_text_changing.lp): their layer, what reads the name, what copies it."""
from pathlib import Path

import pytest

from bridge import solve
from bridge.reading.case import load_case
from bridge.cards.oracle import read_line
from bridge.solving.solver import solve_case

HEAD = "case: t\nsource: test\n"
AWAKENED_MOUNTAIN = ("battlefield:\n  - {card: Mountain, counters: {+1/+1: 9}, timestamp: 1}\n"
                     "effects:\n  - {spell: Awakening of Vitu-Ghazi, affects: [mountain], timestamp: 2}\n")


def anthem(affects: str, timestamp: int = 3) -> str:
    return ("  - card: {name: A, type_line: Enchantment, abilities: [{text: t, static: {affects: " + affects
            + ", does: {modify_pt: +1/+1}}}]}\n    timestamp: " + str(timestamp) + "\n")


def solved(write_case, text: str):
    return solve(str(write_case(HEAD + text)))


def test_named_selector_reads_the_name_set(write_case):
    """201.2 'creatures named X' reads the name the effect gave (derived by the authors from the Vitu-Ghazi
    ruling, 2019-05-03: 'its name is just Vitu-Ghazi')."""
    for named, pt in (("Vitu-Ghazi", "10/10"), ("Mountain", "9/9")):
        board = AWAKENED_MOUNTAIN.replace("effects:", anthem("{all: [creature], named: " + named + "}") + "effects:")
        assert solved(write_case, board).objects["mountain"].pt == pt, named


def test_a_name_is_set_in_layer_3(write_case):
    """612.7: an effect that sets a name is a text-changing effect (613.1c)."""
    for edition in ("current", "m10", "pre-m10"):
        result = solved(write_case, f"rules: {edition}\n" + AWAKENED_MOUNTAIN)
        assert [step.layer for step in result.steps][:2] == ["3", "4"], edition
    assert result.objects["mountain"].name == "Vitu-Ghazi"


def test_the_last_name_set_wins_in_timestamp_order(write_case):
    board = ("battlefield:\n  - card: Grizzly Bears\n"
             "effects:\n  - {affects: [grizzly_bears], does: {set_name: Later}, timestamp: 3}\n"
             "  - {affects: [grizzly_bears], does: {set_name: Earlier}, timestamp: 2}\n")
    assert solved(write_case, board).objects["grizzly_bears"].name == "Later"


def test_a_name_setting_effect_that_reads_a_name_waits_for_the_one_that_sets_it(write_case):
    """613.8a in layer 3 (derived by the authors): 'creatures named Bob are named Carl' (earlier timestamp)
    depends on the effect that names the bear Bob (later): what it applies to changes."""
    board = ("battlefield:\n  - card: Grizzly Bears\n"
             "  - card: {name: Renamer, type_line: Enchantment, abilities: [{text: t, static: {affects: "
             "{all: [creature], named: Bob}, does: {set_name: Carl}}}]}\n"
             "effects:\n  - {affects: [grizzly_bears], does: {set_name: Bob}}\n")
    result = solved(write_case, board)
    assert result.objects["grizzly_bears"].name == "Carl"


def test_a_text_change_does_not_change_a_name(write_case):
    """612.2: a text-changing effect can't change a proper noun, such as a card name. In layer 3 the ability
    that sets the name depends on the text change (613.8a: it changes its text), so its changed text applies."""
    board = ("battlefield:\n  - card: {name: Totem, type_line: Enchantment Creature, pt: 1/1, abilities: [{text: t, static: "
             "{affects: self, does: [{set_name: Elf}, {add_subtypes: [Elf]}]}}]}\n"
             "effects:\n  - {affects: [totem], does: {change_text: {from: Elf, to: Goblin}}}\n")
    totem = solved(write_case, board).objects["totem"]
    assert totem.name == "Elf" and "Goblin" in totem.subtypes and "Elf" not in totem.subtypes


def test_bad_set_name_is_refused(refused):
    err = refused(HEAD + "battlefield:\n  - card: Grizzly Bears\neffects:\n  - {affects: [grizzly_bears], does: {set_nam: X}}\n")
    assert "unknown operation 'set_nam'" in err and "set_name" in err
    err = refused(HEAD + "battlefield:\n  - card: Grizzly Bears\neffects:\n  - {affects: [grizzly_bears], does: {set_name: [X]}}\n")
    assert "set_name" in err and "expected a string" in err


def test_oracle_reader_reads_named_in_a_becomes_sentence():
    line = "{2}{G}: Until end of turn, ~ becomes a legendary 0/0 Elemental creature with haste named Vitu-Ghazi. It's still a land."
    does = read_line(line, "Test Land").abilities[0]["activated"]["does"]
    assert {"set_name": "Vitu-Ghazi"} in does and {"add_abilities": ["haste"]} in does


@pytest.mark.parametrize("path", sorted((Path(__file__).resolve().parent.parent / "cases" / "names").glob("*.yaml")),
                         ids=lambda p: p.name)
def test_every_atom_is_a_fact(path):
    solve_case(load_case(path), strict=True)
    solve_case(load_case(path), strict=True, batches=False)
