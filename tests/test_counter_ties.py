"""Counters that modify power and toughness commute: no timestamp tie between two of them (asp/613_7_timestamps.lp)."""
import pytest

import bridge

BEARS = {"card": "Grizzly Bears", "counters": {"+1/+1": 2, "-1/-1": 1}, "timestamp": 1}


def solved(battlefield, effects=()):
    return bridge.solve({"case": "ties", "source": "test", "battlefield": battlefield, "effects": list(effects)},
                        file="ties.yaml", sba=False)


@pytest.mark.parametrize("edition", ["current", "m10", "pre-m10"])
def test_plus_and_minus_counters_on_one_object_are_no_tie(edition):
    """613.4c, 122.1a: each adds a fixed number; the order of the two cannot change the result."""
    result = bridge.solve({"case": "ties", "source": "test", "rules": edition, "battlefield": [BEARS]},
                          file="ties.yaml", sba=False)
    assert result.objects["grizzly_bears"].pt == "3/3"
    assert result.trace.ties == ()


def test_counters_of_two_objects_with_one_timestamp_are_no_tie():
    other = {"card": "Gray Ogre", "counters": {"-1/-1": 1}, "timestamp": 1}
    result = solved([BEARS, other])
    assert (result.objects["grizzly_bears"].pt, result.objects["gray_ogre"].pt) == ("3/3", "1/1")
    assert result.trace.ties == ()


def test_a_counter_and_another_effect_with_its_timestamp_still_tie():
    """Only pairs of counters are exempt: an effect without a source with the same timestamp is reported."""
    result = solved([BEARS], [{"affects": ["grizzly_bears"], "does": {"modify_pt": "+1/+1"}, "timestamp": 1}])
    assert result.objects["grizzly_bears"].pt == "4/4"
    assert len(result.trace.ties) >= 1
