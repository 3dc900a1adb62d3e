"""`mtg-layers check --jobs N`: several cases at a time, each still in its own child under the limits,
with the same output, summary, JSON and exit code as one at a time."""
import json
import time

import pytest

from bridge.interfaces.cli.main import main
from bridge.solving.runner import Bounds, OutOfMemory, run_bounded_each
from bridge.model.errors import SolveTimeout

from conftest import CASES

BEARS = "case: t\nsource: t\nbattlefield:\n  - card: Grizzly Bears\n"
SOME_CASES = [str(p) for p in sorted((CASES / "cr613").glob("*.yaml"))[:6]]


def run(capsys, *argv):
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def mixed_files(write_case, monkeypatch):
    """Passing cases with, among them, a failing case, a file with bad input, a case that runs past
    the deadline and one that fills its memory."""
    from bridge.interfaces import api
    real = api.check

    def slow_or_greedy(path, **options):
        if str(path).endswith("slow.yaml"):
            time.sleep(30)
        if str(path).endswith("greedy.yaml"):
            return len(bytearray(800 << 20))
        return real(path, **options)
    monkeypatch.setattr(api, "check", slow_or_greedy)       # inherited by the forked children
    failing = write_case(BEARS + "expect:\n  grizzly_bears: {pt: 9/9}\n", "fail.yaml")
    bad = write_case("case: t\nsource: t\nrules: nope\n", "bad.yaml")
    slow = write_case(BEARS, "slow.yaml")
    greedy = write_case(BEARS, "greedy.yaml")
    return [SOME_CASES[0], str(failing), SOME_CASES[1], str(slow), str(bad), SOME_CASES[2], str(greedy),
            SOME_CASES[3]]


LIMITS = ["--timeout", "5", "--max-memory", "400"]


@pytest.mark.parametrize("output", ["text", "json"])
def test_same_output_whatever_the_jobs(capsys, output):
    one = run(capsys, "check", "--format", output, "--jobs", "1", *SOME_CASES)
    assert one[0] == 0 and one[1]
    for jobs in ("2", "4", "16"):
        assert run(capsys, "check", "--format", output, "--jobs", jobs, *SOME_CASES) == one
    assert run(capsys, "check", "--format", output, *SOME_CASES) == one          # the default


def test_limits_hold_for_each_file_among_others(capsys, mixed_files):
    one = run(capsys, "check", *LIMITS, "--jobs", "1", *mixed_files)
    started = time.monotonic()
    three = run(capsys, "check", *LIMITS, "--jobs", "3", *mixed_files)
    assert time.monotonic() - started < 25           # the slow case was stopped at its deadline
    assert three == one
    status, out, err = three
    assert status == 5                                # the worst: out of memory
    assert out.splitlines()[-1] == "4 passed, 1 failed, 1 with bad input, 1 timed out, 1 out of memory"
    lines = [line.split()[0] for line in out.splitlines()[:-1] if not line.startswith(" ")]
    assert lines == ["pass", "FAIL", "pass", "pass", "pass"]
    assert [line.split()[0] for line in err.splitlines() if not line.startswith(" ")] == ["TIMEOUT", "ERROR", "MEMORY"]


def test_json_report_keeps_the_order_of_the_files(capsys, mixed_files):
    status, out, _ = run(capsys, "check", *LIMITS, "--format", "json", "--jobs", "4", *mixed_files)
    report = json.loads(out)
    assert [e["file"] for e in report] == mixed_files
    assert [e["status"] for e in report] == ["pass", "fail", "pass", "timeout", "error", "pass", "memory", "pass"]


def test_jobs_must_be_a_positive_number(capsys):
    with pytest.raises(SystemExit):
        main(["check", "--jobs", "0", SOME_CASES[0]])
    assert "expected a whole number of 1 or more" in capsys.readouterr().err


def test_run_bounded_each_answers_in_order_with_each_its_own_deadline():
    def sleeper(seconds, value):
        def work():
            time.sleep(seconds)
            return value
        return work
    works = [("a", sleeper(0.3, "a")), ("b", sleeper(30, "b")), ("c", sleeper(0, "c")),
             ("d", lambda: len(bytearray(800 << 20))), ("e", sleeper(0.1, "e"))]
    started = time.monotonic()
    answers = list(run_bounded_each(works, Bounds(seconds=2, memory_bytes=400 << 20), jobs=3))
    assert time.monotonic() - started < 20
    assert answers[0]() == "a" and answers[2]() == "c" and answers[4]() == "e"
    with pytest.raises(SolveTimeout):
        answers[1]()
    with pytest.raises(OutOfMemory):
        answers[3]()
