"""Fuzzing the surfaces of issue 36: query programs, card import files, HTTP requests to the judges'
page. Every input gets an answer or a message (CaseError, a 4xx), never a traceback, an internal error
(exit 3, HTTP 500) or a hang. A few seconds each in the default run; `pytest --fuzz-long` for 20 times more."""
import io
import json
import socket
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from bridge.interfaces.query import parse_program, parsed_program, run_query
from bridge.model.errors import CaseError, SolveTimeout
from bridge.solving.runner import Bounds, OutOfMemory, run_bounded

LONG = "--fuzz-long" in sys.argv
SCALE = 20 if LONG else 1


def fuzz(examples: int):
    return settings(max_examples=examples * SCALE, deadline=None, suppress_health_check=list(HealthCheck),
                    database=None, derandomize=not LONG)


# --- query programs ----------------------------------------------------------------------------------

ASP_TOKENS = ["a", "b(X)", "X", "Y", "object(X)", "value(O,K,V)", ":-", ".", ",", ";", "not", "#show", "a/1",
              "#count{", "}", "=", "!=", "<", "X+1", "@f(1)", "#script (python)", "#end", "#const n=2.", "{", "}",
              "(", ")", "\"", "\"x\\\"y\"", "%", "%*", "*%", "#minimize", "1..3", "#program base.", "\n", "\0",
              "\u2028", "#external e.", "#defined a/0.", "|", "&", "#true", "#false", "#inf", "#sup"]
programs = st.lists(st.sampled_from(ASP_TOKENS), max_size=30).map(" ".join)
FACTS = None


def board_facts_once():
    global FACTS
    if FACTS is None:
        import bridge
        from bridge.results.board_facts import board_facts
        FACTS = board_facts(bridge.solve({"case": "t", "battlefield": [{"card": "Grizzly Bears"},
                                                                      {"card": "Glorious Anthem"}]}))
    return FACTS


def query_outcome(text: str) -> str:
    """In a bounded child: the program parsed and run on a small board; 'ok' or the message."""
    try:
        program = parsed_program(text, "q.lp")
        run_query(program, board_facts_once(), "the board")
        return "ok"
    except CaseError as error:
        return str(error)


@fuzz(25)
@given(programs)
def test_query_programs_give_an_answer_or_a_message(text):
    board_facts_once()                               # in the parent: each child starts with it
    try:
        run_bounded(lambda: query_outcome(text), Bounds(seconds=5, grace=0.5, memory_bytes=None), file="q.lp")
    except (SolveTimeout, OutOfMemory):            # a program that grounds forever: bounded, said
        pass


@fuzz(15)
@given(st.sampled_from(["/dev/zero", "/dev/null", "/proc/self/fd/0", "/nonexistent", "", "..", "/etc/hostname",
                        "q.lp", "\0"]), programs)
def test_query_programs_with_includes_are_refused_within_the_limits(target, rest):
    text = f'#include "{target}".\n{rest}'
    try:
        program = parse_program(text, "q.lp", Bounds(seconds=2, grace=0.5, memory_bytes=None))
    except CaseError:
        return
    # an include that brought nothing (an empty file): the program holds its own statements only
    assert all(s.location.begin.filename == "<string>" for s in program.statements)


# --- card import files ----------------------------------------------------------------------------------

FIELDS = ["name", "faceName", "type", "type_line", "manaCost", "mana_cost", "text", "oracle_text", "power",
          "toughness", "loyalty", "defense", "layout", "side", "card_faces", "colorIndicator", "color_indicator",
          "set_type", "data", "meta"]
json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**40, 2**40), st.floats(allow_nan=False),
                         st.text(max_size=15), st.sampled_from(["Grizzly Bears", "Creature — Bear", "2", "X", "*",
                                                                "split", "transform", "a", "b", "{G}", "token", "-3"]))
json_values = st.recursive(json_scalars, lambda children: st.one_of(
    st.lists(children, max_size=4), st.dictionaries(st.sampled_from(FIELDS), children, max_size=6)), max_leaves=30)
BEAR = {"name": "Grizzly Bears", "type_line": "Creature — Bear", "mana_cost": "{1}{G}", "oracle_text": "",
        "power": "2", "toughness": "2", "layout": "normal"}


def imported_cards(data: bytes) -> None:
    """What `cards import` does to a file before storing it; only CaseError or a JSON error may come out."""
    import ijson
    from bridge.cards.bulk_import import detect_format, mtgjson_cards, scryfall_cards
    from bridge.interfaces.cli.cards import checked
    try:
        kind = detect_format("f.json", data[:4096])
        cards = mtgjson_cards(io.BytesIO(data), "f.json") if kind == "mtgjson" else \
            scryfall_cards(io.BytesIO(data), "f.json")
        list(checked(cards, "f.json", []))
    except (CaseError, ijson.JSONError):
        pass


@fuzz(80)
@given(st.one_of(
    json_values,
    st.lists(st.one_of(json_values, st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=8)
                       .map(lambda extra: {**BEAR, **extra})), max_size=4),
    st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=3).map(lambda d: {"data": d}),
    st.dictionaries(st.text(max_size=10), st.lists(st.dictionaries(st.sampled_from(FIELDS), json_values,
                                                                   max_size=6), max_size=3), max_size=3)
    .map(lambda d: {"meta": {}, "data": d})))
def test_import_files_give_cards_or_a_message(value):
    pytest.importorskip("ijson")
    imported_cards(json.dumps(value).encode())


@fuzz(100)
@given(st.binary(max_size=200), st.sampled_from([b"", b"[", b"{", b'{"data": {', b'[{"name": "']))
def test_import_bytes_give_cards_or_a_message(data, start):
    pytest.importorskip("ijson")
    imported_cards(start + data)


# --- HTTP requests -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def server_port():
    from web_server import running
    with running() as where:
        yield int(where.rstrip("/").rsplit(":", 1)[1])


def exchange(port: int, data: bytes) -> bytes:
    """What the server answers to `data` (the connection closed after sending it)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        try:
            connection.sendall(data)
            connection.shutdown(socket.SHUT_WR)
        except OSError:
            return b""
        chunks = []
        try:
            while chunk := connection.recv(65_536):
                chunks.append(chunk)
        except OSError:
            pass
    return b"".join(chunks)


HEAD_PARTS = [b"GET ", b"POST ", b"HEAD ", b"PUT ", b"/", b"/api/parse", b"/api/solve", b"/api/yaml", b"/api/cards?q=",
              b"/static/app.js", b"/../../etc/passwd", b"%00", b" HTTP/1.1", b" HTTP/1.0", b" HTTP/9", b"\r\n",
              b"\n", b"Host: ", b"127.0.0.1:", b"localhost", b"Content-Length: ", b"-1", b"99999999999999999999",
              b"5", b"Transfer-Encoding: chunked", b"Expect: 100-continue", b"Connection: keep-alive", b":", b"\x00",
              b"\xff", b"\r\n\r\n"]
BODIES = st.one_of(json_values.map(lambda v: json.dumps(v).encode()),
                   st.dictionaries(st.sampled_from(["yaml", "board", "file", "rules", "object", "editions"]),
                                   json_values, max_size=4).map(lambda v: json.dumps(v).encode()),
                   st.binary(max_size=60))


@fuzz(120)
@given(st.lists(st.sampled_from(HEAD_PARTS), max_size=25).map(b"".join), st.binary(max_size=40))
def test_http_heads_never_give_an_internal_error(server_port, head, tail):
    answer = exchange(server_port, head + tail)
    assert not answer.startswith(b"HTTP/1.1 5") or answer.startswith(b"HTTP/1.1 503"), answer[:300]


@fuzz(20)
@given(st.sampled_from([b"/api/parse", b"/api/yaml", b"/api/solve", b"/api/explain"]), BODIES)
def test_http_bodies_never_give_an_internal_error(server_port, path, body):
    head = (b"POST " + path + b" HTTP/1.1\r\nHost: 127.0.0.1:" + str(server_port).encode() + b"\r\nContent-Length: "
            + str(len(body)).encode() + b"\r\n\r\n")
    answer = exchange(server_port, head + body)
    assert answer.startswith((b"HTTP/1.1 200", b"HTTP/1.1 4")), answer[:500]
    assert b"Traceback" not in answer and b'"internal"' not in answer
