"""Limits that hold (issue 15): odd input never gives a wrong answer with exit 0, every file gets its
own answer, reading is bounded, and time, memory and output are bounded by a child process.

The heavy boards (600 lords, 5,000/500, /dev/zero) are marked `heavy`: they run with small limits
and assert the exit code, the wall time (the limit plus a few seconds) and the peak memory."""
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

import bridge
from bridge.interfaces.cli.main import main
from bridge.model.errors import CaseError
from bridge.solving.runner import Bounds, OutOfMemory, run_bounded
from bridge.reading.yaml_input import read_yaml

from conftest import CASES, ROOT

BEARS = "case: t\nsource: t\nbattlefield:\n  - card: Grizzly Bears\n"
OGRE = str(CASES / "cr613" / "gray_ogre.yaml")


# --- wrong answers with exit 0 -------------------------------------------------------------------

def test_nul_in_a_string_is_refused(refused):
    err = refused(BEARS + '    id: "bear\\0evil"\n')
    assert "battlefield[0].id: a NUL character" in err


def test_lone_surrogate_is_refused(refused):
    assert "invalid Unicode character escape" in refused(BEARS + '    id: "bear\\ud800"\n')   # by libyaml
    assert "invalid Unicode character escape" in refused(BEARS + '    choices: {"\\udfff": Elf}\n')


def test_lone_surrogate_from_the_python_api_is_refused():
    with pytest.raises(CaseError, match="battlefield\\[0\\].id: a lone surrogate"):
        bridge.solve({"case": "t", "battlefield": [{"card": "Grizzly Bears", "id": "bear\ud800"}]})


def test_nul_from_the_python_api_is_refused():
    with pytest.raises(CaseError, match="NUL"):
        bridge.solve({"case": "t", "battlefield": [{"card": "Grizzly Bears", "id": "a\0b"}]})


def test_an_id_equal_to_a_player_name_is_refused(refused):
    assert "also the name of a player" in refused(BEARS + "    id: Bob\n")


def test_a_default_id_skips_a_player_name():
    case = {"case": "t", "players": ["grizzly_bears", "Bob"], "battlefield": [{"card": "Grizzly Bears"}]}
    result = bridge.solve(case)
    assert "grizzly_bears" not in result.objects and result.objects["grizzly_bears_2"].pt == "2/2"


def test_a_sum_past_32_bits_is_refused(refused):
    err = refused(BEARS + "effects:\n  - affects: [grizzly_bears]\n    does: {modify_pt: \"+2147483646/+0\"}\n")
    assert "could add up to 2,147,483,65" in err and "2,147,483,647" in err


def test_a_number_past_32_bits_in_text_is_refused(refused):
    err = refused(BEARS + "effects:\n  - affects: [grizzly_bears]\n    does: {modify_pt: \"+99999999999/+0\"}\n")
    assert "the number 99999999999 is outside the range" in err


def test_counters_past_32_bits_are_refused(refused):
    assert "outside the range" in refused(BEARS + "    counters: {+1/+1: 3000000000}\n")


def test_big_counters_times_big_counter_kinds_are_refused(refused):
    assert "could add up to" in refused(BEARS + "    counters: {+1000/+1000: 3000000}\n")


def test_a_number_with_4301_digits_is_refused(refused):
    assert "a number with 4,301 digits" in refused(BEARS + "    counters: {+1/+1: " + "9" * 4301 + "}\n")


def test_numbers_just_inside_32_bits_are_solved():
    case = {"case": "t", "battlefield": [{"card": "Grizzly Bears"}],
            "effects": [{"affects": ["grizzly_bears"], "does": {"modify_pt": "+2147483000/+0"}}]}
    assert bridge.solve(case).objects["grizzly_bears"].pt == "2147483002/2"


def test_duplicate_keys_are_refused_with_both_places(refused):
    err = refused(BEARS + "expect: {grizzly_bears: {pt: 9/9}, grizzly_bears: {pt: 2/2}}\n")
    assert "'grizzly_bears' is given twice" in err and "line 5 column 10" in err and ":5:36 " in err


def test_duplicate_keys_on_separate_lines(refused):
    err = refused("case: t\nsource: t\ncase: u\n")
    assert ":3:1 at case: the key 'case' is given twice" in err and "line 1 column 1" in err


def test_base_60_numbers_are_strings():
    data, _ = read_yaml("a: 1:30\nb: 1:30.5\n", "t.yaml")
    assert data == {"a": "1:30", "b": "1:30.5"}
    for other in ("0x10", "1_000", "010", "0b11"):        # YAML 1.1's other integers are refused (issue 36)
        with pytest.raises(CaseError, match="is not read"):
            read_yaml(f"c: {other}\n", "t.yaml")


def test_a_long_base_60_number_is_refused_quickly(refused):
    start = time.monotonic()
    assert "base-60" in refused("case: t\nsource: t\nrules: !!int 1" + ":59" * 300_000 + "\n")
    assert time.monotonic() - start < 5


def test_control_characters_are_escaped_in_text(write_case, capsys):
    path = write_case("case: \"\\e[32mpass\\e[0m \\u009b31m \\u202e\"\nsource: t\nbattlefield:\n"
                      "  - card: Grizzly Bears\nexpect:\n  grizzly_bears: {pt: 9/9}\n")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x9b" not in out and "\u202e" not in out
    assert "\\u001b[32mpass" in out and "\\u009b31m" in out and "\\u202e" in out


def test_control_characters_in_json_stay_valid_json(write_case, capsys):
    path = write_case("case: \"a\\u009bb\"\nsource: t\nbattlefield:\n  - card: Grizzly Bears\n")
    assert main(["solve", "--format", "json", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x9b" not in out
    assert json.loads(out)[0]["case"] == "a\x9bb"


# --- every file gets its answer ------------------------------------------------------------------

def test_solve_goes_on_after_a_bad_file(write_case, capsys):
    bad = write_case(BEARS + '    id: "a\\0b"\n', "bad.yaml")
    assert main(["solve", OGRE, str(bad), OGRE]) == 2
    captured = capsys.readouterr()
    assert captured.out.count("Gray Ogre with a counter") == 2
    assert f"error: {bad}" in captured.err


def test_solve_json_lists_what_was_solved_and_says_the_rest(write_case, capsys):
    bad = write_case("case: t\nsource: t\nrules: nope\n", "bad.yaml")
    assert main(["solve", "--format", "json", str(bad), OGRE]) == 2
    captured = capsys.readouterr()
    assert len(json.loads(captured.out)) == 1 and captured.err.startswith(f"error: {bad}:")


def test_an_internal_error_names_the_file_and_the_others_go_on(write_case, capsys, monkeypatch):
    from bridge.interfaces import api
    real = api.check

    def broken(path, **options):
        if str(path).endswith("boom.yaml"):
            raise RuntimeError("a defect")
        return real(path, **options)
    monkeypatch.setattr(api, "check", broken)       # inherited by the forked child
    boom = write_case(BEARS, "boom.yaml")
    assert main(["check", "--format", "json", str(boom), OGRE]) == 3
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert [e["status"] for e in report] == ["internal", "pass"]
    assert f"INTERNAL {boom}: internal error" in captured.err and "RuntimeError: a defect" in captured.err


def test_the_exit_code_is_the_worst(write_case, capsys):
    bad = write_case("case: t\nsource: t\nrules: nope\n", "bad.yaml")
    failing = write_case(BEARS + "expect:\n  grizzly_bears: {pt: 9/9}\n", "fail.yaml")
    assert main(["check", str(failing), str(bad)]) == 2
    assert main(["check", "--timeout", "0.001", str(bad), OGRE]) == 4
    summary = capsys.readouterr().out.splitlines()[-1]
    assert summary == "0 passed, 0 failed, 1 with bad input, 1 timed out"


def test_an_integer_id_used_as_an_expect_key(write_case, capsys):
    path = write_case(BEARS + "    id: 7\nexpect:\n  7: {pt: 2/2}\n")
    assert main(["check", str(path)]) == 0


def test_a_failed_render_is_one_message(capsys):
    assert main(["deps", OGRE, "--render", "/nonexistent-folder/graph.svg"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {OGRE} at --render: ") and "Traceback" not in err


@pytest.mark.parametrize("value", ["nan", "-1", "inf", "0"])
def test_timeout_must_be_a_positive_number(value, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["solve", "--timeout", value, OGRE])
    assert stop.value.code == 2 and "--timeout" in capsys.readouterr().err


def test_compare_shares_one_limit(capsys):
    assert main(["compare", "--timeout", "0.001", OGRE]) == 4
    assert "longer than the limit of 0.001 s" in capsys.readouterr().err


def test_the_timeout_of_a_case_with_events_names_the_limit(capsys):
    path = next(p for p in sorted((CASES / "events").glob("*.yaml")))
    assert main(["solve", "--timeout", "0.001", str(path)]) == 4
    assert "the limit of 0.001 s" in capsys.readouterr().err


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads any folder")
def test_an_unreadable_folder_is_said(tmp_path, capsys):
    (tmp_path / "shut").mkdir()
    (tmp_path / "ok.yaml").write_text(BEARS + "expect:\n  grizzly_bears: {pt: 2/2}\n", encoding="utf-8")
    (tmp_path / "shut").chmod(0)
    try:
        assert main(["check", str(tmp_path)]) == 2
    finally:
        (tmp_path / "shut").chmod(0o755)
    captured = capsys.readouterr()
    assert "shut: cannot read the folder" in captured.err and "1 passed" in captured.out


def test_an_unreadable_folder_is_reported_by_case_files(monkeypatch, tmp_path):
    from bridge.interfaces import api

    def walk(top, onerror=None, **_):
        onerror(PermissionError(13, "Permission denied", str(tmp_path / "shut")))
        return iter(())
    monkeypatch.setattr(api.os, "walk", walk)
    problems = []
    assert api.case_files([tmp_path], unreadable=problems) == []
    assert problems == [f"{tmp_path / 'shut'}: cannot read the folder: Permission denied"]


def test_a_latin_1_stdout_is_not_an_error():
    env = dict(os.environ, PYTHONIOENCODING="latin-1")
    done = subprocess.run([sys.executable, "-m", "bridge.interfaces.cli.main", "solve", OGRE], env=env, capture_output=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert b"Creature \\u2014 Ogre" in done.stdout


def test_the_stack_over_the_limit_is_named(write_case, capsys):
    path = write_case("case: t\nsource: t\nbattlefield: [{card: Grizzly Bears}]\nstack:\n"
                      + "".join(f"  - {{card: Giant Growth, targets: [grizzly_bears]}}\n" for _ in range(3)))
    assert main(["check", "--max-objects", "2", str(path)]) == 2
    assert " at stack: 4 objects in all" in capsys.readouterr().err


# --- reading and counting ------------------------------------------------------------------------

def test_a_fifo_is_refused_without_blocking(tmp_path, capsys):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert main(["check", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_standard_input_is_read_up_to_the_limit(monkeypatch, capsys):
    import io
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"case: x\n" + b"#" * 2000 + b"\n")))
    assert main(["check", "--max-file-size", "1000", "-"]) == 2
    assert "more than the limit of 1,000 bytes" in capsys.readouterr().err


def test_nodes_are_counted_while_parsing(write_case, capsys):
    path = write_case("case: t\nsource: t\nnotes: [" + "1," * 1_000_000 + "1]\n")
    start = time.monotonic()
    assert main(["check", str(path)]) == 2
    assert time.monotonic() - start < 15
    assert "more than 200,000 nodes" in capsys.readouterr().err


def test_nesting_deeper_than_200_is_named_as_nesting(refused):
    assert "nested too deeply (more than 200 levels)" in refused("case: t\nnotes:" + " [" * 250 + " ]" * 250)


def test_a_deep_error_comes_back_from_the_child_when_tracebacks_pickle(refused):
    """Dask's tblib (imported by sweeps) makes exceptions pickle their tracebacks; the child sends
    back the error alone, never a 250-level stack that fails to pickle (was: exit 3)."""
    pytest.importorskip("tblib.pickling_support").install()
    assert "nested too deeply" in refused("case: t\nnotes:" + " [" * 250 + " ]" * 250)


def test_a_long_string_is_refused(refused):
    assert "a string of 10,001 characters" in refused(BEARS + "    id: " + "x" * 10_001 + "\n")


def test_static_abilities_count_as_effects(write_case, capsys):
    lord = ("  - card: {name: Lord, type_line: Creature — Soldier, pt: 1/1, abilities: [{text: x, static: "
            "{affects: {all: [creature]}, does: {modify_pt: +1/+1}}}]}\n")
    path = write_case("case: t\nsource: t\nbattlefield:\n" + lord * 12)
    assert main(["check", "--max-effects", "10", str(path)]) == 2
    assert "12 static abilities" in capsys.readouterr().err


def test_objects_made_by_events_count(write_case, capsys):
    path = write_case(BEARS + "events:\n" + "  - enters: {card: Grizzly Bears}\n" * 3)
    assert main(["check", "--max-objects", "3", str(path)]) == 2
    assert "at events[2]: after this event there are 4 objects" in capsys.readouterr().err


def test_many_copies_of_one_card_get_ids_in_linear_time():
    case = {"case": "t", "graveyards": {"Alice": ["Grizzly Bears"] * 4000}}
    start = time.monotonic()
    loaded = bridge.load_case(case)
    assert time.monotonic() - start < 20
    assert loaded.objects[-1].id == "grizzly_bears_in_graveyard_4000"


# --- the bounded runner --------------------------------------------------------------------------

def test_the_runner_returns_values_and_raises_exceptions():
    assert run_bounded(lambda: {"a": [1, 2]}, Bounds(seconds=30)) == {"a": [1, 2]}
    with pytest.raises(CaseError, match="t.yaml at x: bad"):
        run_bounded(lambda: (_ for _ in ()).throw(CaseError("t.yaml", "x", "bad")), Bounds(seconds=30))


def test_the_runner_kills_at_the_deadline():
    from bridge.model.errors import SolveTimeout
    start = time.monotonic()
    with pytest.raises(SolveTimeout, match="limit of 0.5 s"):
        run_bounded(lambda: time.sleep(30), Bounds(seconds=0.5))
    assert time.monotonic() - start < 5


def test_the_runner_bounds_memory():
    with pytest.raises(OutOfMemory, match="--max-memory"):
        run_bounded(lambda: len(bytearray(800 << 20)), Bounds(seconds=30, memory_bytes=400 << 20))


def test_the_runner_bounds_output():
    with pytest.raises(OutOfMemory, match="--max-output"):
        run_bounded(lambda: "x" * 2_000_000, Bounds(seconds=30, output_bytes=1_000_000))


# --- heavy boards, small limits ------------------------------------------------------------------

def run_cli(args: list[str], timeout: float = 300) -> tuple[int, float, int, str]:
    """Exit code, wall seconds, peak memory (bytes, the largest high-water mark of the process and its
    children, polled) and stderr.

    Not ru_maxrss from wait4: a child forked from this (large) pytest process keeps the parent's
    maxrss across exec, so late in a full run every child would look as big as pytest itself."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as err_file:
        proc = subprocess.Popen([sys.executable, "-m", "bridge.interfaces.cli.main", *args], stdout=subprocess.DEVNULL,
                                stderr=err_file, cwd=ROOT)
        peak = 0
        while proc.poll() is None:
            peak = max(peak, *(high_water_mark(pid) for pid in process_tree(proc.pid)))
            if time.monotonic() - start > timeout:
                proc.kill()
            time.sleep(0.01)
        err_file.seek(0)
        err = err_file.read().decode()
    return proc.returncode, time.monotonic() - start, peak, err


def process_tree(root: int) -> list[int]:
    """The process and its descendants, from /proc."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    tree, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier]
        tree += frontier
    return tree


def high_water_mark(pid: int) -> int:
    """VmHWM of a process in bytes (0 once it has exited)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def lords(n: int, tmp_path: Path) -> Path:
    lord = ("  - card: {name: Lord, mana_cost: '{1}{W}', type_line: Creature — Soldier, pt: 1/1, abilities: "
            "[{text: Creatures get +1/+1., static: {affects: {all: [creature]}, does: {modify_pt: +1/+1}}}]}\n")
    path = tmp_path / f"lords{n}.yaml"
    path.write_text(f"case: {n} lords\nsource: issue 15\nbattlefield:\n" + lord * n, encoding="utf-8")
    return path


@pytest.mark.heavy
def test_600_lords_end_at_the_time_limit(tmp_path):
    code, seconds, peak, err = run_cli(["solve", "--timeout", "3", str(lords(600, tmp_path))])
    assert code == 4 and "limit of 3 s" in err
    assert seconds < 3 + 10
    assert peak < 1 << 30


@pytest.mark.heavy
def test_5000_500_ends_at_the_memory_limit(tmp_path):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from generate import make_board
    finally:
        sys.path.pop(0)
    import yaml
    path = tmp_path / "b5000.yaml"
    path.write_text(yaml.safe_dump(make_board(5000, 500, seed=1), sort_keys=False), encoding="utf-8")
    code, seconds, peak, err = run_cli(["solve", "--max-memory", "400", "--timeout", "120", str(path)])
    assert code == 5 and "--max-memory" in err and str(path) in err
    assert seconds < 120 + 10
    assert peak < 450 << 20


@pytest.mark.heavy
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_dev_zero_is_refused_at_once():
    code, seconds, peak, err = run_cli(["check", "/dev/zero", "/dev/urandom"])
    assert code == 2 and err.count("not a regular file") == 2
    assert seconds < 10 and peak < 200 << 20
