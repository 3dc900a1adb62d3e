"""Every error of a file in one pass (bridge/reading/collect.py): a file with two typos needs one run."""
import pytest

import bridge
from bridge.reading.collect import MAX_ERRORS
from bridge.model.errors import CaseError

TYPOS = """case: two typos and more
rules: curent
battlefeld: []
battlefield:
  - card: Grizly Bears
  - {crad: Gray Ogre}
  - {card: Llanowar Elves, countres: {+1/+1: 1}}
  - {card: Humility, id: hum}
effects:
  - {affects: [grizly_bears], does: {modfy_pt: +1/+1}}
  - {affects: [hum], does: switch_pt}
expect:
  grizly_bears: {pt: 2/2}
  hum: {pt: big, colors: 3, types: [Enchantment]}
  nobody: {pt: 1/1}
"""


def errors_of(write_case, text: str) -> CaseError:
    path = write_case(text)
    with pytest.raises(CaseError) as caught:
        bridge.load_case(path)
    return caught.value


def test_every_error_of_a_file_in_file_order(write_case):
    error = errors_of(write_case, TYPOS)
    found = [(e.line, e.where) for e in (error, *error.others)]
    assert found == [(2, "rules"), (3, "battlefeld"), (5, "battlefield[0].card"), (6, "battlefield[1].crad"),
                     (7, "battlefield[2].countres"), (10, "effects[0].does"), (14, "expect.hum.pt"),
                     (14, "expect.hum.colors"), (15, "expect.nobody")]
    assert not error.stopped


def test_what_follows_from_a_reported_error_is_left_out(write_case):
    """No "missing key 'card'" beside `crad`, no "no object 'grizly_bears'" for the broken Bears."""
    text = str(errors_of(write_case, TYPOS))
    assert "missing key" not in text and "'grizly_bears'" not in text
    assert text.count("\n") == 8          # nine errors, one line each, the file named on every line


def test_the_command_prints_them_all(write_case, capsys):
    from bridge.interfaces.cli.main import main
    path = write_case(TYPOS)
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count(str(path)) == 9 and "modfy_pt" in err and "'curent'" in err


def test_reading_stops_at_the_limit(write_case):
    cards = "".join(f"  - card: Grizly Bears {i}\n" for i in range(MAX_ERRORS + 5))
    error = errors_of(write_case, f"case: t\nbattlefield:\n{cards}")
    assert len(error.others) == MAX_ERRORS - 1 and error.stopped
    assert str(error).endswith(f"stopped after {MAX_ERRORS} errors; fix these and run again")


def test_events_are_read_only_on_a_whole_board(write_case):
    """An event would refer to what a broken entry left out: the board's errors come alone."""
    error = errors_of(write_case, "case: t\nbattlefield: [{card: Grizly Bears}]\n"
                                  "events: [{enters: {card: Nonesuch}}]\n")
    assert error.where == "battlefield[0].card" and error.others == ()


def test_one_error_is_one_line(write_case):
    error = errors_of(write_case, "case: t\nbattlefield: [{card: Grizly Bears}]\n")
    assert error.others == () and "\n" not in str(error)
