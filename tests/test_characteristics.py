"""Characteristics the tables show after the layers: 208.3 (no power or toughness for a noncreature
permanent), said by explain."""
import bridge
from bridge.interfaces.cli.main import main

from conftest import CASES

RULES = CASES / "rules"


def test_noncreature_permanent_has_no_power_or_toughness(capsys):
    result = bridge.solve(RULES / "cr208_3_song_of_the_dryads_bear.yaml")
    bear = result.objects["grizzly_bears"]
    assert (bear.power, bear.toughness, bear.pt) == (None, None, None)
    assert main(["explain", str(RULES / "cr208_3_song_of_the_dryads_bear.yaml"), "grizzly_bears"]) == 0
    out = capsys.readouterr().out
    assert "  power: none\n    start: 2 — printed (613.1)\n    end: none — not a creature after the layers" in out
    assert "(208.3)" in out


def test_vehicle_has_its_numbers_once_it_is_a_creature():
    result = bridge.solve(RULES / "cr208_3_vehicle_not_crewed.yaml")
    assert result.objects["parked_copter"].pt is None
    assert result.objects["crewed_copter"].pt == "3/3"


def test_text_change_reaches_keywords_and_text_and_says_when_it_finds_nothing(capsys):
    """612.2: 'protection from red' and 'a red spell' change; a change with no word to change is said."""
    path = CASES / "text" / "trait_doctoring_twice_kor_firewalker.yaml"
    result = bridge.solve(path)
    assert set(result.objects["kor_firewalker"].abilities) == {
        "protection from blue", "Whenever a player casts a blue spell, you may gain 1 life."}
    assert result.trace.notes == ("step 3: Sleight of Mind (white → black) found no word 'white' used as such on "
                                  "kor_firewalker and changed nothing there (612.2)",)
    assert main(["explain", str(path)]) == 0
    assert "found no word 'white'" in capsys.readouterr().out


def test_activated_abilities_are_numbered_as_printed(refused):
    """`ability: N` is the card's N-th activated ability in its Oracle text, modelled or not."""
    result = bridge.solve(CASES / "cr613" / "svogthos_second_activated_ability.yaml")
    assert result.objects["svogthos_the_restless_tomb"].pt == "2/2"
    err = refused("case: t\nsource: t\nbattlefield: [{card: 'Svogthos, the Restless Tomb'}]\n"
                  "effects: [{activated: svogthos_the_restless_tomb, ability: 1}]\n")
    assert "activated ability 1 of Svogthos, the Restless Tomb is '{T}: Add {C}.'" in err


def test_explain_object_shows_every_value_a_characteristic_took(capsys):
    """Humility's 1/1, then Opalescence's 4/4, in the same 7b step (613.4b, 613.7); and a control effect
    that gives the bear to the player who already has it (Mind Control after Confiscate)."""
    assert main(["explain", str(CASES / "classics" / "humility_then_opalescence.yaml"), "humility"]) == 0
    out = capsys.readouterr().out
    power = out[out.index("  power: 4"):out.index("  toughness: 4")]
    assert "    step 3: 1 — Humility (humility)" in power
    assert "    step 3: 4 — Opalescence (opalescence)" in power
    assert power.index("step 3: 1") < power.index("step 3: 4")
    assert main(["explain", str(CASES / "peers" / "forge_control_layer_dependency.yaml"), "bear_cub"]) == 0
    assert ("step 2: Alice — Mind Control (mind_control): You control enchanted creature. (layer 2, CR 613.1b); "
            "the value it already had") in capsys.readouterr().out


def test_values_inside_a_step_are_traced_only_when_asked():
    """asp/613_4_values_in_order.lp is grounded only for `explain OBJECT` (values_in_order): the same
    answers either way, and a one-object history refuses a result solved without the values (it would
    miss Humility's 1/1 silently)."""
    import pytest
    from bridge.results.explain import explain_data
    case = CASES / "classics" / "humility_then_opalescence.yaml"
    plain, traced = bridge.solve(case), bridge.solve(case, values_in_order=True)
    assert [(o.id, o.pt, o.abilities) for o in plain.objects.values()] == \
        [(o.id, o.pt, o.abilities) for o in traced.objects.values()]
    assert not any(step.values for step in plain.trace.steps)
    assert any(step.values for step in traced.trace.steps)
    assert explain_data(plain) == explain_data(traced)
    with pytest.raises(ValueError, match="values_in_order"):
        explain_data(plain, "humility")
    assert explain_data(traced, "humility")["object"]["history"]


def test_explain_names_every_creature_type_as_the_table_does(capsys):
    """205.3m: a changeling's history says "every creature type", not the ~250 types one by one; 305.7:
    Blood Moon on the creature land it became takes changeling and trample away, 613.6: the types stay."""
    path = CASES / "changeling" / "life_and_limb_blood_moon_changeling.yaml"
    assert main(["explain", str(path), "game_trail_changeling"]) == 0
    out = capsys.readouterr().out
    assert "  subtypes: Mountain, every creature type\n" in out
    assert "    step 1: every creature type — Game-Trail Changeling" in out
    assert "subtypes: Forest, every creature type → Mountain, every creature type" in out
    assert "Advisor" not in out and len(out) < 8_000
