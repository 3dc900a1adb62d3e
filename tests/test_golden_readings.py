"""The golden set (issue 32): 340 real cards drawn at random over the card pool (tools/golden_readings.py
says how), each line's reading checked by hand against its Oracle text and the CR. A change to the
reader that alters any of these readings fails here until the line is checked again and recorded
(`python tools/golden_readings.py diff`, then `rerecord`)."""
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from golden_readings import LAYER_CARDS, OTHER_CARDS, differences, load_golden  # noqa: E402

VERDICTS = ("right", "misread", "missed")


def test_the_golden_set_is_whole_and_every_line_was_checked():
    cards = load_golden()
    assert len(cards) == LAYER_CARDS + OTHER_CARDS
    verdicts = collections.Counter(line.get("verdict") for card in cards for face in card["faces"]
                                   for line in face["lines"])
    assert set(verdicts) <= set(VERDICTS), verdicts          # nothing left unchecked
    assert sum(verdicts.values()) >= 800


def test_no_line_of_the_golden_set_is_misread_or_missed():
    wrong = [(card["card"], line["line"], line.get("why")) for card in load_golden() for face in card["faces"]
             for line in face["lines"] if line["verdict"] != "right"]
    assert wrong == []


def test_every_line_reads_as_it_was_checked():
    assert differences() == []
