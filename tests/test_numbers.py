"""Numbers fixed on resolution and CR 107.1b (asp/107_numbers.lp)."""
from pathlib import Path

import pytest

from bridge import solve
from bridge.reading.case import load_case
from bridge.solving.solver import solve_case

HEAD = "case: t\nsource: test\n"
NUMBER_CASES = sorted((Path(__file__).resolve().parent.parent / "cases" / "numbers").glob("*.yaml"))


def pt_of(write_case, text: str, obj: str = "grizzly_bears") -> str:
    return solve(str(write_case(HEAD + text))).objects[obj].pt


@pytest.mark.parametrize("path", NUMBER_CASES, ids=lambda p: p.name)
def test_every_atom_is_a_fact(path):
    solve_case(load_case(path), strict=True)
    solve_case(load_case(path), strict=True, batches=False)


def test_a_negative_calculated_number_that_sets_is_kept(write_case):
    """107.1b: '... unless that effect ... sets to a specific value ... the power and/or toughness'."""
    board = ("battlefield:\n  - card: Grizzly Bears\neffects:\n  - {affects: [grizzly_bears], does: {set_base_pt: "
             "{power: {calculated: -1}, toughness: {calculated: 3}}}}\n")
    assert pt_of(write_case, board) == "-1/3"


def test_a_negative_continuous_calculation_that_modifies_is_zero(write_case):
    """107.1b (derived by the authors): 'gets +X/+0 where X is the number of creatures minus three', with two
    creatures, gets +0/+0, not -1/+0."""
    anthem = ("  - card: {name: A, type_line: Enchantment, abilities: [{text: t, static: {affects: {all: [creature]}, "
              "does: {modify_pt: {power: {sum: [{count: {all: [creature]}}, -3]}, toughness: 0}}}}]}\n")
    board = "battlefield:\n" + anthem + "  - card: Grizzly Bears\n  - card: Gray Ogre\n"
    assert pt_of(write_case, board) == "2/2"
    assert pt_of(write_case, board + "  - card: Grizzly Bears\n  - card: Grizzly Bears\n") == "3/2"


def test_the_zero_is_said_by_explain(write_case):
    board = ("battlefield:\n  - card: Grizzly Bears\neffects:\n  - {affects: [grizzly_bears], does: {modify_pt: "
             "{power: {calculated: -4}, toughness: {calculated: 1}}}}\n")
    result = solve(str(write_case(HEAD + board)))
    assert result.objects["grizzly_bears"].pt == "2/3"
    assert any("calculated -4" in note and "107.1b" in note for note in result.trace.notes)


@pytest.mark.parametrize("does,message", [
    ("{modify_pt: {power: {calculated: x}, toughness: 0}}", "expected a whole number"),
])
def test_bad_calculated_number(refused, does, message):
    err = refused(HEAD + "battlefield:\n  - card: Grizzly Bears\neffects:\n  - {affects: [grizzly_bears], does: " + does + "}\n")
    assert message in err


def test_calculated_in_a_static_ability_is_refused(refused):
    err = refused(HEAD + "battlefield:\n  - card: {name: A, type_line: Enchantment, abilities: [{text: t, static: "
                  "{affects: {all: [creature]}, does: {modify_pt: {power: {calculated: 2}, toughness: 0}}}}]}\n")
    assert "611.2d" in err and "static.does" in err


def test_minus_negates_a_calculation_after_107_1b(write_case):
    """'+X/-X' (Tezzeret the Schemer): X = 3 gives +3/-3; a negative X is zero before it is negated."""
    board = ("battlefield:\n  - card: Grizzly Bears\neffects:\n  - {affects: [grizzly_bears], does: {modify_pt: "
             "{power: {calculated: 3}, toughness: {minus: {calculated: %d}}}}}\n")
    assert pt_of(write_case, board % 3) == "5/-1"
    assert pt_of(write_case, board % -3) == "5/2"


def test_minus_sets_a_base_value_as_it_is(write_case):
    """107.1b: an effect that sets power and toughness uses the number as it is, negated too."""
    board = ("battlefield:\n  - card: Grizzly Bears\neffects:\n  - {affects: [grizzly_bears], does: {set_base_pt: "
             "{power: {minus: {calculated: -2}}, toughness: {minus: {calculated: 1}}}}}\n")
    assert pt_of(write_case, board) == "2/-1"


def test_minus_of_a_count_is_a_read_for_dependency(write_case):
    """613.8a (derived by the authors): '-1/-0 for each creature with power 3 or more' depends on a later
    '+1/+0' anthem, which changes what it counts, even when the count sits under minus."""
    counted = ("  - card: {name: Q, type_line: Enchantment, abilities: [{text: t, static: {affects: {all: [creature]}, "
               "does: {modify_pt: {power: {minus: {count: {all: [creature], power: {at_least: 3}}}}, toughness: 0}}}}]}\n")
    anthem = ("  - card: {name: A, type_line: Enchantment, abilities: [{text: u, static: {affects: {all: [creature]}, "
              "does: {modify_pt: +1/+0}}}]}\n")
    board = "battlefield:\n  - card: Grizzly Bears\n  - card: Hill Giant\n" + counted + anthem
    assert pt_of(write_case, board) == "1/2"
    assert pt_of(write_case, board, "hill_giant") == "2/3"


def test_minus_of_a_written_number_is_refused(refused):
    err = refused(HEAD + "battlefield:\n  - card: Grizzly Bears\neffects:\n  - {affects: [grizzly_bears], does: "
                  "{modify_pt: {power: {minus: 2}, toughness: 0}}}\n")
    assert "minus" in err and "keeps its sign" in err


def test_check_says_the_107_1b_zero_when_an_expectation_fails(write_case, capsys):
    from bridge.interfaces.cli.main import main
    board = ("battlefield:\n  - card: Grizzly Bears\neffects:\n  - {affects: [grizzly_bears], does: {modify_pt: "
             "{power: {calculated: -4}, toughness: 0}}}\nexpect:\n  grizzly_bears: {pt: -2/2}\n")
    assert main(["check", str(write_case(HEAD + board))]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "calculated -4" in out and "107.1b" in out


def test_count_sharing_a_creature_type_is_per_object_and_refused_in_a_condition(write_case, refused):
    """Coat of Arms (205.3): the affected object is left out, and what it shares is its own."""
    coat = ("  - card: {name: C, type_line: Artifact, abilities: [{text: t, static: {affects: {all: [creature]}, "
            "does: {modify_pt: {power: {count_sharing_creature_type: {all: [creature]}}, toughness: 0}}}}]}\n")
    board = "battlefield:\n" + coat + "  - card: Grizzly Bears\n  - {card: Grizzly Bears, id: b2}\n  - card: Hill Giant\n"
    assert pt_of(write_case, board) == "3/2"
    assert pt_of(write_case, board, "hill_giant") == "3/3"
    err = refused(HEAD + "battlefield:\n  - card: {name: C, type_line: Artifact, abilities: [{text: t, static: "
                  "{as_long_as: {count_sharing_creature_type: {all: [creature]}, at_least: 1}, affects: self, "
                  "does: {add_types: [Creature]}}}]}\n")
    assert "as_long_as" in err
