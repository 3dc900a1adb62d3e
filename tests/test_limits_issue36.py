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


# --- 1: a query program is parsed under the limits; #include is refused ---------------------------

def mtg_layers(*argv, seconds=60):
    """The command in a process of its own: its exit code, stderr, wall time and the peak memory (KB)
    of the processes it waited for (its children: the bounded ones)."""
    import resource
    import subprocess
    import sys
    import time
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "bridge", *argv], capture_output=True, text=True, timeout=seconds)
    return done.returncode, done.stderr, time.monotonic() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss


def test_a_query_including_a_fifo_ends_at_its_timeout(tmp_path):
    import os
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "q.lp").write_text(f'#include "{tmp_path / "fifo"}".\n#show a/0.\n')
    code, err, seconds, _ = mtg_layers("query", "--timeout", "1", "--program", str(tmp_path / "q.lp"), OGRE,
                                       seconds=30)       # main: blocked on the FIFO past any --timeout
    assert code == 2 and "parsing it took longer than the limit of 1 s (--timeout)" in err
    assert seconds < 15


def test_a_query_with_an_include_is_refused(tmp_path):
    big = tmp_path / "big.lp"
    big.write_text("b(1).\n" * 200_000)                # 1.2 MB, more than --max-file-size 1000
    (tmp_path / "q.lp").write_text(f'#include "{big}".\n#show b/1.\n')
    code, err, _, _ = mtg_layers("query", "--max-file-size", "1000", "--program", str(tmp_path / "q.lp"), OGRE)
    assert code == 2 and "#include is not allowed in a query program" in err and "Traceback" not in err


def test_a_query_without_includes_still_runs(tmp_path, capsys):
    (tmp_path / "q.lp").write_text("#show object/1.\n")
    assert main(["query", "--program", str(tmp_path / "q.lp"), OGRE]) == 0
