"""Characteristics the tables show after the layers: 208.3 (no power or toughness for a noncreature
permanent), said by explain."""
import bridge
from bridge.cli import main

from conftest import CASES

RULES = CASES / "rules"


def test_noncreature_permanent_has_no_power_or_toughness(capsys):
    result = bridge.solve(RULES / "cr208_3_song_of_the_dryads_bear.yaml")
    bear = result.objects["grizzly_bears"]
    assert (bear.power, bear.toughness, bear.pt) == (None, None, None)
    assert main(["explain", str(RULES / "cr208_3_song_of_the_dryads_bear.yaml"), "grizzly_bears"]) == 0
    out = capsys.readouterr().out
    assert "  power: —\n    start: 2 — printed (613.1)\n    end: — — not a creature after the layers" in out
    assert "(208.3)" in out


def test_vehicle_has_its_numbers_once_it_is_a_creature():
    result = bridge.solve(RULES / "cr208_3_vehicle_not_crewed.yaml")
    assert result.objects["parked_copter"].pt is None
    assert result.objects["crewed_copter"].pt == "3/3"
