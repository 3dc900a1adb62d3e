"""The judges' page's server (bridge/interfaces/web): each endpoint, the command line's messages for bad boards,
the limits, and hostile requests that must get an error response, never a crash or a hung server."""
from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time

import pytest

from bridge.solving.runner import Bounds
from bridge.interfaces.web.graph_svg import columns, step_svg
from bridge.model.graphs import strongly_connected
from bridge.interfaces.web.server import Settings
from bridge.reading.yaml_input import Limits
from web_server import ROOT, command, request, running

HUMILITY_FIRST = {"case": "Humility, then Opalescence", "battlefield": [
    {"card": "Humility"}, {"card": "Opalescence"}, {"card": "Grizzly Bears", "id": "bear"}]}


def received(connection) -> str:
    """Everything the server sends until it closes the connection (it does after an error)."""
    chunks = []
    while chunk := connection.recv(65_536):
        chunks.append(chunk)
    return b"".join(chunks).decode(errors="replace")


@pytest.fixture(scope="module")
def address():
    with running() as where:
        yield where


def pts(result: dict) -> dict:
    return {o["id"]: o["pt"] for o in result["objects"]}


def test_the_page_and_its_files(address):
    status, page = request(address, "/")
    assert status == 200 and b'<script type="module" src="/static/app.js">' in page
    for name in ("app.js", "editor.js", "results.js", "zones.js", "style.css", "rules.json"):
        assert request(address, f"/static/{name}")[0] == 200
    assert request(address, "/favicon.ico")[1].startswith(b"<svg")
    assert b"http" not in request(address, "/static/app.js")[1]      # nothing from the internet


def test_solve_gives_the_table_the_explanation_and_the_graph(address):
    status, data = request(address, "/api/solve", {"board": HUMILITY_FIRST})
    assert status == 200
    assert pts(data["result"]) == {"humility": "4/4", "opalescence": None, "bear": "1/1"}
    assert data["explain"]["layers"][0]["rule"] == "613.1d"
    assert data["yaml"].startswith("case: Humility, then Opalescence\n")
    swapped = {**HUMILITY_FIRST, "battlefield": [HUMILITY_FIRST["battlefield"][i] for i in (1, 0, 2)]}
    assert pts(request(address, "/api/solve", {"board": swapped})[1]["result"])["humility"] == "1/1"


def test_the_same_answer_as_the_command_line(address):
    path = ROOT / "cases" / "dependency" / "blood_moon_urborg_urborg_older.yaml"
    status, parsed = request(address, "/api/parse", {"yaml": path.read_text(encoding="utf-8"), "file": path.name})
    assert status == 200 and parsed["errors"] == []
    assert [o["id"] for o in parsed["board"]["battlefield"]][:2] == ["urborg_tomb_of_yawgmoth", "blood_moon"]
    data = request(address, "/api/solve", {"board": parsed["board"]})[1]
    cli = subprocess.run([sys.executable, "-m", "bridge.interfaces.cli.main", "deps", "--format", "json", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert json.loads(cli.stdout)["steps"] == data["deps"]["steps"]
    (graph,) = data["graphs"]
    assert graph.startswith("<svg") and graph.count('class="edge"') == 1 and "Blood Moon" in graph


def test_explain_one_object_and_compare(address):
    status, data = request(address, "/api/explain", {"board": HUMILITY_FIRST, "object": "humility"})
    assert status == 200 and data["object"]["history"]["power"][-1]["value"] == ["4"]
    status, data = request(address, "/api/explain", {"board": HUMILITY_FIRST, "object": "nobody"})
    assert status == 422 and "no permanent with id 'nobody'" in data["message"]
    ogre = (ROOT / "cases" / "cr613" / "gray_ogre.yaml").read_text(encoding="utf-8")
    board = request(address, "/api/parse", {"yaml": ogre})[1]["board"]
    status, data = request(address, "/api/compare", {"board": board, "editions": ["pre-m10", "current"]})
    assert status == 200
    assert data["objects"][0]["differences"][0]["values"] == {"pre-m10": "1/4", "current": "5/8"}
    assert request(address, "/api/compare", {"board": board, "editions": ["current"]})[0] == 422


def test_the_edition_is_chosen_like_the_command_lines_rules(address):
    """gray_ogre.yaml says what it expects under pre-m10, so its own `rules:` cannot be pre-m10: the
    page asks for an edition as --rules does."""
    ogre = (ROOT / "cases" / "cr613" / "gray_ogre.yaml").read_text(encoding="utf-8")
    board = request(address, "/api/parse", {"yaml": ogre})[1]["board"]
    status, data = request(address, "/api/solve", {"board": board, "rules": "pre-m10"})
    assert status == 200 and data["result"]["rules"] == "pre-m10" and pts(data["result"])["gray_ogre"] == "1/4"
    status, data = request(address, "/api/solve", {"board": board, "rules": "m11"})
    assert status == 422 and "at --rules: unknown rules edition 'm11' (did you mean 'm10'?)" in data["message"]


def test_bad_boards_get_the_command_lines_messages_with_their_key_paths(address, tmp_path):
    board = {"case": "t", "battlefield": [{"card": "Humilty"}, {"card": "Grizzly Bears", "counters": {"+1/+1": "x"}}]}
    status, data = request(address, "/api/solve", {"board": board, "file": "../../etc/judge.yaml"})
    assert status == 422 and data["status"] == "error"
    assert [e["where"] for e in data["errors"]] == ["battlefield[0].card", "battlefield[1].counters.+1/+1"]
    yaml_text = request(address, "/api/yaml", {"board": board})[1]["yaml"]
    (tmp_path / "judge.yaml").write_text(yaml_text, encoding="utf-8")
    cli = subprocess.run([sys.executable, "-m", "bridge.interfaces.cli.main", "check", "judge.yaml"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300)
    assert cli.returncode == 2
    assert cli.stderr == f"ERROR {data['message']}\n"          # the summary line goes to stdout
    assert data["errors"][0]["message"].startswith("judge.yaml:3:3 at battlefield[0].card: unknown card 'Humilty'")


def test_an_opened_file_is_solved_as_its_own_text(address):
    """Until the page edits it, the board is the file's text: errors name the file's own lines, and the
    download is the file, byte for byte."""
    text = "# a comment first\n\ncase: t\nbattlefield:\n  - card: Humility\n  - {card: Opalesence}\n"
    status, data = request(address, "/api/solve", {"board": text, "file": "mine.yaml"})
    assert status == 422 and data["errors"][0]["message"].startswith("mine.yaml:6:6 at battlefield[1].card:")
    assert request(address, "/api/yaml", {"board": text})[1]["yaml"] == text
    status, data = request(address, "/api/solve", {"board": text.replace("Opalesence", "Opalescence")})
    assert status == 200 and pts(data["result"])["humility"] == "4/4"


def test_a_pasted_file_with_errors_still_loads_into_the_page(address):
    status, data = request(address, "/api/parse", {"yaml": "case: t\nbattlefield:\n  - card: Humilty\n"})
    assert status == 200 and data["board"]["battlefield"] == [{"card": "Humilty"}]
    assert data["errors"][0]["message"].startswith("board.yaml:3:5 at battlefield[0].card: unknown card")
    # the page's words: no file, line or command to run, and the names it may have meant, to click
    error = data["errors"][0]
    assert error["where"] == "battlefield[0].card" and error["suggestions"] == ["Humility", "Humiliate"]
    assert error["problem"].startswith("unknown card 'Humilty' (did you mean 'Humility' or 'Humiliate'?); fix the name, or add the "
                                       "card with its printed values under “A card not in the pool”")
    assert "board.yaml" not in error["problem"] and "mtg-layers" not in error["problem"]
    # an unknown key's suggestion is a key: never offered as the value to put in the field
    status, data = request(address, "/api/parse", {"yaml": "case: t\nbattlefield:\n  - card: Humility\n    countres: {a: 1}\n"})
    assert data["errors"][0]["where"] == "battlefield[0].countres" and "did you mean 'counters'" in data["errors"][0]["problem"]
    assert data["errors"][0]["suggestions"] == []
    status, data = request(address, "/api/parse", {"yaml": "case: [unclosed\n"})
    assert status == 422 and "malformed YAML" in data["message"]
    assert request(address, "/api/parse", {"yaml": "- a list\n"})[0] == 422


def test_odd_yaml_values_reach_the_page_as_json(address):
    """.nan, .inf, dates and a list as a key: JSON has no such values, so the page gets them as text,
    and the case loader's errors still name them."""
    status, data = request(address, "/api/parse", {"yaml": "case: t\nx: .nan\ny: -.inf\nz: 2020-01-01\n1: 2\n"})
    assert status == 200
    assert data["board"] == {"case": "t", "x": ".nan", "y": "-.inf", "z": "2020-01-01", "1": 2}
    assert [e["message"].split(": ")[0] for e in data["errors"]] == [f"board.yaml:{n}:1 at {k}" for n, k in
                                                                      ((2, "x"), (3, "y"), (4, "z"), (5, "1"))]
    status, data = request(address, "/api/parse", {"yaml": "case: t\n? [a, b]\n: c\n"})
    assert status == 422 and data["message"] == "board.yaml:2:3: malformed YAML: found unhashable key"


def test_completion_from_the_library(address):
    status, data = request(address, "/api/cards?q=blood%20mo")
    assert status == 200 and data["cards"][0] == {"name": "Blood Moon", "id": "blood_moon"}
    assert {"name": "Urborg, Tomb of Yawgmoth", "id": "urborg_tomb_of_yawgmoth"} in request(address, "/api/cards?q=urborg")[1]["cards"]
    assert request(address, "/api/cards?q=" + "x" * 100_000)[0] in (200, 414, 431)


def test_a_cards_facts_give_its_fields(address):
    """The editor's fields from the card data: the choices an "as ... enters, choose" ability makes
    (614.12), entering as or becoming a copy (707.5, 707.2); an unknown name is said, not an error."""
    facts = lambda name: request(address, "/api/card?name=" + name.replace(" ", "%20"))  # noqa: E731
    assert facts("conspiracy") == (200, {"known": True, "name": "Conspiracy", "id": "conspiracy", "type_line": "Enchantment",
                                         "types": ["Enchantment"], "pt": None, "chooses": ["creature_type"],
                                         "enters_as_copy": False, "becomes_copy": False,
                                         "rulings": []})
    assert facts("Painter's Servant")[1]["chooses"] == ["color"]
    assert facts("Clone")[1]["enters_as_copy"] and facts("Unstable Shapeshifter")[1]["becomes_copy"]
    status, unknown = facts("Grizly Beers")
    assert status == 200 and not unknown["known"] and "unknown card 'Grizly Beers'" in unknown["message"]


def test_completion_from_the_card_store_too(address, tmp_path, monkeypatch):
    from bridge.cards.store import CardStore
    store = CardStore(tmp_path / "cards.sqlite", create=True)
    store.add_all([("Zodiac Zebrafish", {"name": "Zodiac Zebrafish", "type_line": "Creature — Fish", "pt": "2/2"},
                    ())], "test", "mtgjson")                      # a name the card pool does not have
    store.db.close()
    monkeypatch.setenv("MTG_LAYERS_CARD_STORE", str(tmp_path / "cards.sqlite"))
    assert request(address, "/api/cards?q=zebrafish")[1]["cards"] == [{"name": "Zodiac Zebrafish",
                                                                       "id": "zodiac_zebrafish"}]
    monkeypatch.setenv("MTG_LAYERS_CARD_STORE", str(tmp_path / "none.sqlite"))
    assert request(address, "/api/cards?q=zebrafish")[1]["cards"] == []
    assert {"name": "Zebra Unicorn", "id": "zebra_unicorn"} in request(address, "/api/cards?q=zebra")[1]["cards"]


@pytest.mark.parametrize("path, payload, raw, expected", [
    ("/api/solve", None, b"{bad json", 400),
    ("/api/solve", None, b"[1, 2]", 400),
    ("/api/solve", None, b"\xff\xfe", 400),
    ("/api/solve", None, b"[" * 100_000, 400),
    ("/api/solve", {"board": [1]}, None, 422),
    ("/api/solve", {"board": "humility"}, None, 422),
    ("/api/solve", {"board": {"case": "t", "battlefield": [{"card": "x\u0000y"}]}}, None, 422),
    ("/api/parse", {"yaml": 3}, None, 400),
    ("/api/parse", {"yaml": "a: &a [*a, *a]\n" + "".join(f"l{i}: &l{i} [*l{i - 1}, *l{i - 1}]\n" if i else "l0: &l0 [1, 1]\n"
                                                        for i in range(40))}, None, 422),
    ("/api/nothing", {}, None, 404),
])
def test_bad_requests_get_an_error_response(address, path, payload, raw, expected):
    status, data = request(address, path, payload, raw=raw, headers={"Content-Type": "application/json"})
    assert status == expected and data["message"]
    assert request(address, "/api/cards?q=hum")[0] == 200           # and the server goes on


@pytest.mark.parametrize("path", ["/static/../../../etc/passwd", "/../bridge/cli.py", "/static/%2e%2e/server.py",
                                  "/static/", "/static/app.js/../../x", "//etc/passwd", "/static/app.js%00.css"])
def test_no_file_but_the_pages_own(address, path):
    host, port = address.split("//")[1].rstrip("/").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as connection:
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
        answer = received(connection)
    assert answer.startswith("HTTP/1.1 404"), answer[:200]
    assert "root:" not in answer and "import" not in answer


def test_a_request_from_another_name_is_refused(address):
    """DNS rebinding: a page of another site that resolves its name to 127.0.0.1 gets nothing."""
    host, port = address.split("//")[1].rstrip("/").split(":")
    status, data = request(address, "/api/meta", headers={"Host": f"evil.example:{port}"})
    assert status == 421


def test_a_huge_body_is_refused_before_it_is_read(address):
    host, port = address.split("//")[1].rstrip("/").split(":")
    started = time.monotonic()
    with socket.create_connection((host, int(port)), timeout=30) as connection:
        connection.sendall(f"POST /api/solve HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Length: 10000000000\r\n"
                           "Content-Type: application/json\r\n\r\n{".encode())
        answer = received(connection)
    assert answer.startswith("HTTP/1.1 413") and "more than the limit" in answer
    assert time.monotonic() - started < 10
    status, _ = request(address, "/api/solve", raw=b"{}", headers={"Content-Length": "x"})
    assert status in (400, 411)


def test_a_slow_or_silent_client_does_not_hold_the_server(address):
    host, port = address.split("//")[1].rstrip("/").split(":")
    silent = [socket.create_connection((host, int(port)), timeout=30) for _ in range(40)]
    try:
        for connection in silent[:5]:
            connection.sendall(b"POST /api/solve HTTP/1.1\r\nContent-Length: 100\r\n\r\n{")    # and nothing more
        assert request(address, "/api/cards?q=hum")[0] == 200
    finally:
        for connection in silent:
            connection.close()


def test_a_body_trickling_in_is_cut_off(monkeypatch):
    import bridge.interfaces.web.server as server
    monkeypatch.setattr(server, "BODY_SECONDS", 1.5)
    with running() as where:
        host, port = where.split("//")[1].rstrip("/").split(":")
        started = time.monotonic()
        with socket.create_connection((host, int(port)), timeout=30) as connection:
            connection.sendall(f"POST /api/solve HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Length: 100\r\n\r\n".encode())
            try:
                for _ in range(20):
                    connection.sendall(b" ")
                    time.sleep(0.25)
            except OSError:
                pass                                   # the server closed the connection
            answer = received(connection)
        assert answer.startswith("HTTP/1.1 408") and "longer than 1.5 s" in answer
        assert time.monotonic() - started < 8


def test_requests_at_the_same_time(address):
    """Eight boards at once: two are solved at a time (each in its own child process), all answered."""
    from concurrent.futures import ThreadPoolExecutor
    boards = [{**HUMILITY_FIRST, "battlefield": HUMILITY_FIRST["battlefield"][::step]} for step in (1, -1) * 4]
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda b: request(address, "/api/solve", {"board": b}), boards))
    assert [status for status, _ in answers] == [200] * 8
    assert [pts(data["result"])["humility"] for _, data in answers] == ["4/4", "1/1"] * 4


def test_a_defect_answers_500_and_the_server_goes_on(address, monkeypatch):
    from bridge.interfaces.web import board

    def broken(words):
        raise KeyError("oops")
    monkeypatch.setattr(board, "completions", broken)
    status, data = request(address, "/api/cards?q=hum")
    assert status == 500 and data["message"] == ("internal error (please report it with the case file): "
                                                 "KeyError: 'oops'")
    monkeypatch.undo()
    assert request(address, "/api/cards?q=hum")[0] == 200


def test_solving_is_bounded_by_the_time_limit():
    lords = {"case": "many lords", "battlefield": [
        {"card": {"name": f"Lord {i}", "type_line": "Creature — Elf", "pt": "1/1", "text": "Creatures get +1/+1."}}
        for i in range(600)]}
    # no memory limit here: a forked pytest late in a full run has a large address space already, and
    # RLIMIT_AS counts it (the limit was reached before the deadline); this test is about the deadline
    settings = Settings(limits=Limits(), bounds=Bounds(seconds=2, grace=1.0, memory_bytes=None))
    with running(settings) as where:
        started = time.monotonic()
        status, data = request(where, "/api/solve", {"board": lords})
        assert status == 422 and data["status"] == "timeout" and "longer than the limit of 2 s" in data["message"]
        assert data["message"].startswith("solving took longer") and "--timeout" not in data["message"]
        assert time.monotonic() - started < 15
        assert request(where, "/api/solve", {"board": HUMILITY_FIRST})[0] == 200


def test_the_input_limits_hold():
    settings = Settings(limits=Limits(max_file_bytes=2_000, max_objects=3),
                        bounds=Bounds(seconds=30, grace=1.0, memory_bytes=8 << 30))
    with running(settings) as where:
        status, data = request(where, "/api/solve", {"board": {**HUMILITY_FIRST, "notes": "x" * 3_000}})
        assert status == 422 and "(--max-file-size)" in data["message"]
        status, data = request(where, "/api/solve", {"board": {**HUMILITY_FIRST, "battlefield":
                                                               HUMILITY_FIRST["battlefield"] * 2}})
        assert status == 422 and "--max-objects" in data["message"]
        assert request(where, "/api/solve", raw=b" " * 100_000, headers={"Content-Type": "application/json"})[0] == 413


def test_names_stay_text_in_the_graph():
    step = {"effects": [{"id": "a#1", "effect": "<script>alert(1)</script> & co", "timestamp": 1, "kind": "static"},
                        {"id": 'b"#1', "effect": "B ]]> <!--", "timestamp": 2, "kind": "static"}],
            "applied": ["B ]]> <!--"],
            "dependencies": [{"dependent": "<script>", "depends_on": "B", "reasons": ["<b>why</b>"], "in_loop": True,
                              "dependent_id": "a#1", "depends_on_id": 'b"#1'},
                             {"dependent": "B", "depends_on": "<script>", "reasons": [], "in_loop": True,
                              "dependent_id": 'b"#1', "depends_on_id": "a#1"}]}
    svg = step_svg(step)
    assert "<script>" not in svg and "<b>" not in svg and "&lt;script&gt;" in svg
    assert svg.count('class="edge loop"') == 2
    import xml.dom.minidom
    document = xml.dom.minidom.parseString(svg)      # well-formed
    width = float(document.documentElement.getAttribute("width"))
    paths = [p.getAttribute("d") for p in document.getElementsByTagName("path") if p.parentNode.tagName == "g"]
    xs = [float(point.split(",")[0]) for d in paths for point in re.findall(r"-?[\d.]+,-?[\d.]+", d)]
    assert len(paths) == 2 and max(xs) < width       # the loop's two arcs are inside the picture
    assert len(set(paths)) == 2


def test_the_layout_puts_an_effect_right_of_what_it_depends_on():
    nodes = ["blood_moon", "urborg", "a", "b", "c"]
    edges = [("urborg", "blood_moon"), ("a", "b"), ("b", "a"), ("c", "a")]
    component = strongly_connected(nodes, edges)
    assert component["a"] == component["b"] != component["c"]
    assert columns(nodes, edges) == {"blood_moon": 0, "urborg": 1, "a": 0, "b": 0, "c": 1}
    chain = [f"e{i}" for i in range(3000)]             # deep graphs: no recursion limit
    assert columns(chain, list(zip(chain[1:], chain)))["e2999"] == 2999


def test_the_command_prints_its_address_and_serves(tmp_path):
    with command("--timeout", "30") as (where, process):
        assert where.startswith("http://127.0.0.1:")
        assert request(where, "/api/meta")[1]["editions"] == ["current", "m10", "pre-m10"]
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    try:
        done = subprocess.run([sys.executable, "-m", "bridge.interfaces.cli.main", "serve", "--port", str(busy.getsockname()[1])],
                              cwd=ROOT, capture_output=True, text=True, timeout=120)
    finally:
        busy.close()
    assert done.returncode == 2 and done.stderr.startswith("error: cannot listen on 127.0.0.1:")


def child_memory_limit(path, body, settings):
    """Put in place of the server's request work: the address-space limit its child process runs under."""
    import resource
    return {"limit": resource.getrlimit(resource.RLIMIT_AS)[0]}


def test_two_solves_at_once_stay_within_max_memory_in_all(monkeypatch):
    # --max-memory is the server's limit in all: each of the two solves at once runs under half of it
    from bridge.interfaces.web import server
    from bridge.solving.runner import memory_error
    settings = Settings(limits=Limits(), bounds=Bounds(seconds=30, grace=1.0, memory_bytes=16 << 30))
    assert settings.solving_at_once == 2
    monkeypatch.setattr(server, "answer_post", child_memory_limit)
    with running(settings) as where:
        status, data = request(where, "/api/solve", {"board": HUMILITY_FIRST})
    assert status == 200 and data == {"limit": 8 << 30}
    message = str(memory_error("board.yaml", settings.solve_bounds))
    assert "the limit of 8.0 GiB (1/2 of --max-memory: the server solves 2 boards at once)" in message
    one_at_a_time = Settings(limits=Limits(), bounds=Bounds(memory_bytes=16 << 30), solving_at_once=1)
    assert one_at_a_time.solve_bounds.memory_bytes == 16 << 30
