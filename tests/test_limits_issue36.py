"""Limits that hold on every surface (issue 36): numbers, printed text, output size, query programs,
card imports and stores, folders. Each test failed on main before the change it guards."""
import pytest

from bridge.interfaces.cli.main import main

from conftest import CASES

BEARS = "case: t\nsource: t\nbattlefield:\n  - card: Grizzly Bears\n"
OGRE = str(CASES / "cr613" / "gray_ogre.yaml")


# --- 6: options past what the clock can count; --max-output to the byte ---------------------------

@pytest.mark.parametrize("value", ["1e308", "1e7", "nan", "inf", "-1", "x"])
def test_a_timeout_past_the_clock_is_a_usage_error(value, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["solve", "--timeout", value, OGRE])
    assert stop.value.code == 2
    assert "argument --timeout: expected a number of seconds" in capsys.readouterr().err


def test_max_output_holds_to_the_byte(capsys):
    assert main(["solve", OGRE]) == 0
    size = len(capsys.readouterr().out.encode("utf-8")) - 1          # print's newline is not the file's output
    assert main(["solve", "--max-output", str(size), OGRE]) == 0
    assert len(capsys.readouterr().out.encode("utf-8")) == size + 1
    assert main(["solve", "--max-output", str(size - 1), OGRE]) == 5
    captured = capsys.readouterr()
    assert captured.out == "" and "larger than the limit of" in captured.err


def test_max_output_100_prints_nothing_of_a_longer_table(capsys):
    assert main(["solve", "--max-output", "100", OGRE]) == 5
    assert capsys.readouterr().out == ""


# --- 7: YAML 1.1 integers ------------------------------------------------------------------------

@pytest.mark.parametrize("number", ["010", "0x10", "0b11", "1_0", "-010"])
def test_yaml_1_1_integers_are_refused(number, refused):
    err = refused(BEARS + f"    counters: {{+1/+1: {number}}}\n")
    assert f"the number {number} is not read" in err and ":5:" in err


@pytest.mark.parametrize("number, pt", [("10", "12/12"), ("+3", "5/5"), ("0", "2/2")])
def test_decimal_integers_are_still_read(number, pt):
    import bridge
    from bridge.reading.yaml_input import read_yaml
    data, _ = read_yaml(BEARS + f"    counters: {{+1/+1: {number}}}\n", "t.yaml")
    assert bridge.solve(data).objects["grizzly_bears"].pt == pt


# --- 8: user text cannot print a line of its own -------------------------------------------------

FAKE_PASS = ('case: "t\\npass  fake.yaml  (current) ok\\n1 passed, 0 failed\\u2028x"\nsource: t\n'
             'battlefield:\n  - card: Grizzly Bears\n    id: "bear\\nFAKE"\nexpect:\n  "bear\\nFAKE": {pt: 3/3}\n')


def test_a_title_with_newlines_cannot_fake_a_pass_line(write_case, capsys):
    path = write_case(FAKE_PASS)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert not [line for line in lines if line.startswith("pass")]
    assert [line for line in lines if line.endswith(" failed")] == ["0 passed, 1 failed"]
    assert "\u2028" not in out and "\\u2028" in out and "bear\\u000aFAKE.pt: expected 3/3" in out


def test_a_table_keeps_an_id_with_a_newline_on_its_row(write_case, capsys):
    assert main(["solve", str(write_case(FAKE_PASS))]) == 0
    out = capsys.readouterr().out
    assert "\nFAKE" not in out and "bear\\u000aFAKE  Grizzly Bears" in out
    assert out.splitlines()[0].startswith("t\\u000apass")
