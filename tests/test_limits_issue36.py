"""Limits that hold on every surface (issue 36): numbers, printed text, output size, query programs,
card imports and stores, folders. Each test failed on main before the change it guards."""
import json

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


# --- 3, 4: card imports: bounded, and wrong shapes named ------------------------------------------

def imported(tmp_path, content, *more) -> tuple[int, str]:
    """`cards import` of `content` (bytes or text) into a store in tmp_path: (exit code, stderr)."""
    pytest.importorskip("ijson")
    path = tmp_path / "cards.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    code, err, _, _ = mtg_layers("cards", "import", "--store", str(tmp_path / "s.db"), str(path), *more)
    return code, err


def test_deeply_nested_brackets_are_refused_quickly(tmp_path):
    import time
    start = time.monotonic()
    code, err = imported(tmp_path, b"[" * 200_000 + b"]" * 200_000)      # main: 8 GB, then exit 3
    assert code == 2 and "nested more than 32 levels deep" in err
    assert time.monotonic() - start < 20


def test_a_huge_string_is_refused_without_reading_it_all(tmp_path):
    code, err = imported(tmp_path, b'[{"name": "' + b"x" * 3_000_000 + b'"}]')
    assert code == 2 and "a string (or a run of bytes without a quote) of more than 1,000,000 bytes" in err


def test_the_stream_guard_measures_a_string_across_reads():
    import io
    from bridge.cards.json_stream import GuardedStream
    from bridge.model.errors import CaseError
    guarded = GuardedStream(io.BytesIO(b'["' + b"x" * 1_200_000 + b'"]'), "f.json")
    with pytest.raises(CaseError, match="more than 1,000,000 bytes"):
        while guarded.read(65_536):
            pass
    fine = GuardedStream(io.BytesIO(b'["' + b"x" * 900_000 + b'", "' + b"y" * 900_000 + b'"]'), "f.json")
    while fine.read(65_536):
        pass


@pytest.mark.parametrize("content, where, problem", [
    ('[{"name": "A", "type_line": "Creature", "card_faces": "x"}]', "[0].card_faces", "expected a list of faces"),
    ('[{"name": "A", "card_faces": ["x", "y"]}]', "[0].card_faces[0]", "expected a card face (an object)"),
    ('[{"name": 5, "type_line": "Creature"}]', "[0].name", "expected the card's name, got a number"),
    ('[{"name": "A", "type_line": 5}]', "[0].type_line", "expected text, got a number"),
    ("[7]", "[0]", "expected a card (an object)"),
    ('[{"type_line": "Creature"}]', "[0].name", "expected the card's name, got nothing"),
    ('{"data": {"A": [{"name": "A", "type": "Creature", "side": 1}]}}', "data.A[0].side", "expected text"),
    ('{"data": {"A": "x"}}', "data.A", "expected a list of the card's faces"),
])
def test_wrong_shapes_in_an_import_file_are_named(tmp_path, content, where, problem):
    code, err = imported(tmp_path, content)              # main: exit 3, internal error
    assert code == 2 and f"cards.json at {where}: {problem}" in err and "Traceback" not in err


def test_a_name_given_twice_in_an_import_file_is_said(tmp_path):
    pytest.importorskip("ijson")
    bear = {"name": "Bear Q", "type_line": "Creature — Bear", "oracle_text": "", "power": "2", "toughness": "2"}
    (tmp_path / "cards.json").write_text(json.dumps([bear, {**bear, "power": "3"}]))
    code, out = 0, None
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "bridge", "cards", "import", "--store", str(tmp_path / "s.db"),
                           str(tmp_path / "cards.json")], capture_output=True, text=True, timeout=60)
    code, out = done.returncode, done.stdout
    assert code == 0 and "gives 1 card names more than once; the last entry of each was kept: 'Bear Q'" in out


# --- 5: a broken card store; no folder made where none was asked for ------------------------------

@pytest.fixture
def broken_store(tmp_path):
    path = tmp_path / "broken.db"
    path.write_bytes(b"SQLite format 3\x00" + b"\x10\x00" + b"\x00" * 5000)      # a header, then nothing right
    return path


def test_a_broken_store_is_one_message_for_every_command(broken_store, tmp_path, monkeypatch):
    case = tmp_path / "c.yaml"
    case.write_text("case: t\nsource: t\nbattlefield:\n  - card: Zork Bear\n")
    (tmp_path / "z.json").write_text('[{"name": "Zork Bear", "type_line": "Creature — Bear", "power": "2", '
                                     '"toughness": "2"}]')
    monkeypatch.setenv("MTG_LAYERS_CARD_STORE", str(broken_store))
    for argv in (["solve", str(case)], ["cards", "search", "zork"], ["cards", "show", "Zork", "Bear"]) + (
            (["cards", "import", str(tmp_path / "z.json")],) if __import__("importlib").util.find_spec("ijson")
            else ()):
        code, err, _, _ = mtg_layers(*argv)                  # main: exit 3, DatabaseError
        assert code == 2, (argv, err)
        assert f"{broken_store}: not a readable card store" in err and "Traceback" not in err


def test_a_store_path_in_a_missing_folder_makes_no_folder(tmp_path):
    pytest.importorskip("ijson")
    (tmp_path / "z.json").write_text('[{"name": "Zork Bear", "type_line": "Creature — Bear"}]')
    target = tmp_path / "nonexistent" / "dir" / "x.db"
    code, err, _, _ = mtg_layers("cards", "import", "--store", str(target), str(tmp_path / "z.json"))
    assert code == 2 and "no such folder" in err
    assert not (tmp_path / "nonexistent").exists()


# --- 9: check FOLDER follows linked folders (once each) and says what it did not read ---------------

def test_check_follows_a_linked_folder_and_lists_what_it_skipped(tmp_path, capsys):
    import os
    import shutil
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "bad.yaml").write_text(BEARS + "expect:\n  grizzly_bears: {pt: 3/3}\n")
    tree = tmp_path / "tree"
    (tree / "sub").mkdir(parents=True)
    shutil.copy(OGRE, tree / "sub" / "ok.yaml")
    os.symlink(outside, tree / "linked")                 # main: not followed, "1 passed, 0 failed", exit 0
    os.symlink("..", tree / "sub" / "loop")
    os.mkfifo(tree / "fifo.yaml")
    os.symlink(tmp_path / "nothing", tree / "dangling.yaml")
    code = main(["check", str(tree)])
    captured = capsys.readouterr()
    assert code == 2
    assert "FAIL  " + str(tree / "linked" / "bad.yaml") in captured.out
    assert captured.out.strip().endswith("1 passed, 1 failed")
    assert "fifo.yaml: skipped: not a regular file (a FIFO)" in captured.err
    assert "dangling.yaml: skipped: not a regular file (a broken link)" in captured.err
    assert "loop: skipped: a link to a folder already read (a loop)" in captured.err


# --- 2: the web server under attack (loopback only; every loop ends by itself) ---------------------

def server_memory_mb(pid: int) -> tuple[int, int]:
    """(peak, current) resident memory of a process, in MB, from /proc."""
    status = open(f"/proc/{pid}/status").read()
    return tuple(int(status.split(key + ":")[1].split()[0]) // 1024 for key in ("VmHWM", "VmRSS"))


def raw_post(port: int, body: bytes) -> str:
    """The status line the server answers a POST of `body` with ('' when it closed the connection)."""
    import socket
    with socket.create_connection(("127.0.0.1", port), timeout=60) as connection:
        try:
            connection.sendall(f"POST /api/parse HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: {len(body)}"
                               "\r\n\r\n".encode() + body)
            return connection.recv(200).split(b"\r\n")[0].decode()
        except OSError:
            return ""


@pytest.mark.skipif(not __import__("os").path.exists("/proc/self/status"), reason="reads /proc")
def test_json_bodies_are_parsed_outside_the_server_process():
    from concurrent.futures import ThreadPoolExecutor
    from web_server import command
    body = b"[" + b"[]," * 650_000 + b"[]]"               # 1.95 MB: 650,000 lists once parsed
    with command("--max-file-size", "1000000", "--max-memory", "300") as (where, process):
        port = int(where.rstrip("/").rsplit(":", 1)[1])
        before, _ = server_memory_mb(process.pid)
        with ThreadPoolExecutor(4) as pool:
            answers = list(pool.map(lambda _: raw_post(port, body), range(4)))
        peak, now = server_memory_mb(process.pid)
    assert all(a.startswith("HTTP/1.1 400") for a in answers), answers     # "must be a JSON object"
    assert peak - before < 40, (before, peak, now)      # main: +150 MB and more (the lists in the server)


def short_head_deadline(monkeypatch, seconds: float) -> None:
    try:
        from bridge.interfaces.web import connections
    except ImportError:                  # before issue 36 there was no deadline to shorten
        return
    monkeypatch.setattr(connections, "HEAD_SECONDS", seconds)


def test_a_slowloris_crowd_does_not_keep_real_requests_out(monkeypatch):
    import socket
    import threading
    import time
    from web_server import request, running
    short_head_deadline(monkeypatch, 2)
    with running() as where:
        port = int(where.rstrip("/").rsplit(":", 1)[1])
        slow = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(110)]
        stop = time.monotonic() + 5
        cut = []

        def trickle():                                    # one byte each 0.5 s, for 5 s
            while time.monotonic() < stop:
                for connection in slow:
                    try:
                        connection.sendall(b"G")
                    except OSError:
                        if connection not in cut:
                            cut.append(connection)
                time.sleep(0.5)
        thread = threading.Thread(target=trickle)
        thread.start()
        try:
            answers = []
            while time.monotonic() < stop:                # main: every real request is closed unanswered
                started = time.monotonic()
                answers.append((request(where, "/api/meta")[0], time.monotonic() - started))
                time.sleep(0.5)
        finally:
            thread.join()
            for connection in slow:
                connection.close()
    assert answers and all(status == 200 and seconds < 3 for status, seconds in answers), answers
    assert len(cut) >= 100                                # past the 2 s head deadline, or closed to make room


def test_a_head_trickling_in_is_cut_at_its_deadline(monkeypatch):
    import socket
    import time
    from web_server import running
    short_head_deadline(monkeypatch, 1.5)
    with running() as where:
        port = int(where.rstrip("/").rsplit(":", 1)[1])
        started = time.monotonic()
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            try:
                for byte in b"GET /api/meta HTTP/1.1\r\nX-Slow: " + b"x" * 40:     # 8 s of trickle at most
                    connection.sendall(bytes([byte]))
                    time.sleep(0.2)
                    if time.monotonic() - started > 3:
                        connection.sendall(b"x")
            except OSError:
                pass                                      # cut
        assert time.monotonic() - started < 4             # main: the idle timer restarts at each byte


def test_a_server_bound_to_every_address_checks_the_host():
    import socket
    import threading
    from bridge.interfaces.web.server import Server
    from web_server import request
    from bridge.solving.runner import Bounds
    from bridge.interfaces.web.server import Settings
    from bridge.reading.yaml_input import DEFAULT_LIMITS
    server = Server(("0.0.0.0", 0), Settings(limits=DEFAULT_LIMITS, bounds=Bounds(seconds=30, memory_bytes=8 << 30)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_address[1]
        where = f"http://127.0.0.1:{port}/"
        assert request(where, "/api/meta", headers={"Host": f"evil.example:{port}"})[0] == 421   # main: 200
        assert request(where, "/api/meta", headers={"Host": f"127.0.0.1:{port}"})[0] == 200
        assert request(where, "/api/meta", headers={"Host": f"192.168.1.20:{port}"})[0] == 200  # an address
        assert request(where, "/api/meta", headers={"Host": f"{socket.gethostname()}:{port}"})[0] == 200
        assert request(where, "/api/meta", headers={"Host": f"127.0.0.1:{port + 1}"})[0] == 421
    finally:
        server.shutdown()
        server.server_close()


# --- 10: what used to be accepted without a word ----------------------------------------------------

@pytest.mark.parametrize("text, where, problem", [
    (BEARS + "    choices: {color: blue}\n", "battlefield[0].choices", "Grizzly Bears makes no choice"),
    ("case: t\nsource: t\nbattlefield:\n  - card: Grizzly Bears\n    id: a\n  - card: Clone\n    id: b\n"
     "    copy_of: a\n", None, None),                                                          # not a cycle
    ("case: t\nsource: t\nbattlefield:\n  - card: Clone\n    id: a\n    copy_of: b\n  - card: Clone\n    id: b\n"
     "    copy_of: a\n", "battlefield[0].copy_of", "copy_of goes round in a cycle (a → b → a)"),
    ("case: t\nsource: t\nbattlefield:\n  - card: {name: Walker, type_line: Planeswalker — Jace, loyalty: -3}\n",
     "battlefield[0].card.loyalty", "a printed loyalty is 0 or more, got -3"),
    (BEARS + "    id: bear\n  - card: Grizzly Bears\n    id: 'bear '\n", "battlefield[1].id",
     "differs from 'bear' (battlefield[0]) only by spaces"),
    ("case: t\nsource: t\nbattlefield:\n  - card: Grizzly Bears\n  - card:\n      name: Counter\n"
     "      type_line: Enchantment\n      abilities: [{text: x, static: {affects: {all: [creature]}, does: "
     "{set_base_pt: {power: {count: {all: [creature], named: Grizly Bears}}, toughness: 1}}}}]\n",
     "named", "no card is named 'Grizly Bears', so this selector would match nothing"),
])
def test_what_nothing_would_read_is_refused(text, where, problem, write_case, capsys):
    path = write_case(text)
    code = main(["solve", str(path)])
    err = capsys.readouterr().err
    if problem is None:
        assert code == 0, err
        return
    assert code == 2 and where in err and problem in err, err


def test_a_close_card_name_is_suggested(refused):
    err = refused("case: t\nsource: t\nbattlefield:\n  - card: Grizzly Bears\n  - card:\n      name: Counter\n"
                  "      type_line: Enchantment\n      abilities: [{text: x, static: {affects: {all: [creature]}, "
                  "does: {set_base_pt: {power: {count: {all: [creature], named: Grizly Bears}}, toughness: 1}}}}]\n")
    assert "did you mean 'Grizzly Bears'" in err


def test_a_named_card_written_in_the_case_is_known(write_case, capsys):
    path = write_case("case: t\nsource: t\nbattlefield:\n  - card: {name: Zork, type_line: Creature — Bear, pt: 1/1}\n"
                      "  - card:\n      name: Counter\n      type_line: Enchantment\n      abilities: [{text: x, static: "
                      "{affects: {all: [creature]}, does: {set_base_pt: {power: {count: {all: [creature], named: Zork}}"
                      ", toughness: 1}}}}]\n")
    assert main(["solve", str(path)]) == 0, capsys.readouterr().err


def test_a_query_calling_an_undefined_function_is_refused(tmp_path, capsys):
    (tmp_path / "q.lp").write_text("a(X) :- object(X), X != @f(1).\n#show a/1.\n")
    assert main(["query", "--program", str(tmp_path / "q.lp"), OGRE]) == 2
    assert "line 1: @f is called, but a query program runs no code" in capsys.readouterr().err


def test_a_child_killed_from_outside_is_not_out_of_memory():
    import os
    import signal
    from bridge.solving.runner import Bounds, OutOfMemory, run_bounded
    try:
        from bridge.solving.runner import ChildKilled
    except ImportError:                       # main: the kill was reported as running out of memory
        ChildKilled = type("ChildKilled", (Exception,), {})
    for sig in (signal.SIGTERM, signal.SIGKILL):
        with pytest.raises(ChildKilled, match=f"ended from outside by {sig.name}"):
            try:
                run_bounded(lambda: os.kill(os.getpid(), sig), Bounds(seconds=20), file="f.yaml")
            except OutOfMemory as wrong:
                pytest.fail(f"reported as out of memory: {wrong}")


def test_resume_solves_a_killed_board_again(tmp_path):
    from bridge.interfaces.sweep.output import done_boards
    out = tmp_path / "rows.jsonl"
    out.write_text(json.dumps({"board": "a", "error": None}) + "\n" + json.dumps(
        {"board": "b", "error": "sweep x: b: the child process solving it was ended from outside by SIGKILL"}) + "\n"
        + json.dumps({"board": "c", "error": "sweep x: c: solving took longer than the limit"}) + "\n")
    assert done_boards(out, "jsonl") == {"a", "c"}


def test_a_sweep_whose_every_board_failed_is_not_a_success(tmp_path, capsys):
    pytest.importorskip("dask.distributed")
    spec = tmp_path / "s.yaml"
    spec.write_text("sweep: s\npool:\n  cards: [Grizzly Bears, Glorious Anthem]\nsizes: [1]\norders: pool\n"
                    "findings: [dependency_loop]\n")
    code = main(["sweep", str(spec), "-o", str(tmp_path / "rows.jsonl"), "--workers", "1", "--no-progress",
                 "--max-objects", "0"])
    captured = capsys.readouterr()
    assert code == 1 and "every one of the 2 boards of this run failed" in captured.err, captured


def test_a_name_set_by_a_named_cards_reading_is_known(write_case, capsys, monkeypatch):
    """612.7: a `named:` that only the Oracle reading of a card in the case gives (here Awakening of
    Vitu-Ghazi's 'named Vitu-Ghazi', with the library's own list of such names emptied so that the card
    store's or pool's path is what answers) is a name some object may have, not an unknown card."""
    import bridge.reading.case as case_reading
    monkeypatch.setattr(case_reading, "names_set_by_library", lambda: frozenset())
    assert case_reading.names_set_by_cards_of({"awakening of vitu-ghazi", "no such card"}) == {"vitu-ghazi"}
    path = write_case("case: t\nsource: t\nbattlefield:\n  - {card: Mountain, id: land}\n"
                      "  - card:\n      name: Counter\n      type_line: Enchantment\n      abilities: [{text: x, "
                      "static: {affects: {all: [creature]}, does: {set_base_pt: {power: {count: {all: [creature], "
                      "named: Vitu-Ghazi}}, toughness: 1}}}}]\n"
                      "effects:\n  - {spell: Awakening of Vitu-Ghazi, affects: [land]}\n")
    code = main(["solve", str(path)])
    assert code == 0, capsys.readouterr().err
