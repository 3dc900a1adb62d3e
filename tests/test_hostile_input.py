"""Hostile and large input: alias bombs, huge files, deep nesting, limits, time limit."""
import time

from bridge.interfaces.cli.main import main

BILLION_LAUGHS = """case: lol
source: test
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
"""


def run(argv):
    start = time.monotonic()
    code = main(argv)
    return code, time.monotonic() - start


def test_alias_bomb_is_refused_quickly(write_case, capsys):
    code, seconds = run(["check", str(write_case(BILLION_LAUGHS))])
    assert code == 2 and seconds < 2
    assert "expands to more than 200,000 nodes" in capsys.readouterr().err


def test_a_50_mb_file_is_refused_before_reading(tmp_path, capsys):
    path = tmp_path / "big.yaml"
    with open(path, "wb") as out:
        out.write(b"case: big\nsource: test\nnotes: |\n")
        out.write((b"  " + b"x" * 98 + b"\n") * 500_000)
    code, seconds = run(["check", str(path)])
    assert code == 2 and seconds < 2
    assert "more than the limit of 5,000,000 (--max-file-size)" in capsys.readouterr().err


def test_deep_nesting(write_case, capsys):
    code, _ = run(["check", str(write_case("case: deep\nsource: t\nnotes: " + "[" * 5000 + "]" * 5000 + "\n"))])
    assert code == 2
    assert "nested too deeply" in capsys.readouterr().err


def test_object_limit_is_configurable(write_case, capsys):
    path = write_case("case: many\nsource: t\nbattlefield: [" + ", ".join(["{card: Grizzly Bears}"] * 12) + "]\n")
    assert main(["check", "--max-objects", "10", str(path)]) == 2
    assert "12 permanents is more than the limit of 10 (--max-objects)" in capsys.readouterr().err
    assert main(["solve", str(path)]) == 0


def test_errors_give_line_and_column(write_case, capsys):
    path = write_case("case: t\nsource: t\nbattlefield:\n  - card: Grizzly Bears\n    countres: {+1/+1: 1}\n")
    assert main(["check", str(path)]) == 2
    assert f"{path}:5:5 at battlefield[0].countres: unknown key" in capsys.readouterr().err


def test_timeout_is_a_clear_message_and_exit_4(capsys):
    from conftest import CASES
    assert main(["solve", "--timeout", "0.001", str(CASES / "cr613" / "gray_ogre.yaml")]) == 4
    assert "solving took longer than the limit of 0.001 s" in capsys.readouterr().err


def test_every_case_prints_the_same_bytes_twice(capsys):
    from conftest import CASES
    for path in sorted(CASES.rglob("*.yaml"))[::7]:
        outputs = []
        for _ in range(2):
            main(["explain", "--format", "json", str(path)])
            outputs.append(capsys.readouterr().out)
        assert outputs[0] == outputs[1], path
