"""`mtg-layers serve`: the judges' page on a local HTTP server (the standard library's
ThreadingHTTPServer). A thin layer over the Python API, like the command line: every request that
reads a board runs in a child process under the command line's limits (bridge/solving/runner.py), and a
bad or hostile request gets an error response, never a crash or a hung server."""
from __future__ import annotations

import ipaddress
import json
import socket
import threading
import time
from dataclasses import dataclass, replace
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from urllib.parse import parse_qs, urlsplit

from bridge.cards.catalog import read_ahead
from bridge.interfaces.web import board
from bridge.interfaces.web.connections import (
    BODY_BUDGET_BODIES,
    HEAD_BYTES,
    BodyBudget,
    HeadReader,
    HeadTooLarge,
    Watch,
    allowed_names,
    host_allowed,
)
from bridge.model.errors import CaseError, SolveTimeout
from bridge.reading.named_cards import names_in_json
from bridge.reading.yaml_input import Limits
from bridge.solving.runner import Bounds, OutOfMemory, run_bounded

STATIC = {"/": ("index.html", "text/html; charset=utf-8"),
          "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
          "/static/editor.js": ("editor.js", "text/javascript; charset=utf-8"),
          "/static/results.js": ("results.js", "text/javascript; charset=utf-8"),
          "/static/zones.js": ("zones.js", "text/javascript; charset=utf-8"),
          "/static/stack.js": ("stack.js", "text/javascript; charset=utf-8"),
          "/static/rules.json": ("rules.json", "application/json; charset=utf-8"),
          "/static/style.css": ("style.css", "text/css; charset=utf-8")}
# The page's own files only (no CDN, no inline script): the browser runs nothing else.
SECURITY_HEADERS = {"Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                                               "script-src 'self'; object-src 'none'; frame-ancestors 'none'",
                    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
ICON = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="1" y="1" width="14" height="4" fill="#2e5aac"/>'
        b'<rect x="1" y="6" width="14" height="4" fill="#7d8aa5"/><rect x="1" y="11" width="14" height="4" fill="#b3261e"/></svg>')
MOST_CONNECTIONS = 100         # threads serving at once; a new one past this closes the oldest still
                               # sending its head (bridge/interfaces/web/connections.py), else it is closed
IDLE_SECONDS = 15              # a client that sends nothing for this long is dropped
BODY_SECONDS = 60              # a request's body must arrive within this long in all


@dataclass(frozen=True)
class Settings:
    limits: Limits
    bounds: Bounds
    reevaluate: bool = True
    solving_at_once: int = 2          # solves in parallel (each a child process); others wait

    @property
    def solve_bounds(self) -> Bounds:
        """The limits of one solve: --max-memory is the server's in all, so each of the solves at once
        gets its share (two at once: half each)."""
        memory = self.bounds.memory_bytes
        if memory is None or self.solving_at_once == 1:
            return self.bounds
        return replace(self.bounds, memory_bytes=memory // self.solving_at_once,
                       memory_named=f"1/{self.solving_at_once} of --max-memory: the server solves "
                                    f"{self.solving_at_once} boards at once")


def static_files() -> dict[str, tuple[bytes, str]]:
    folder = resources.files("bridge.interfaces.web") / "static"
    return {route: ((folder / name).read_bytes(), kind) for route, (name, kind) in STATIC.items()}


class Failure(Exception):
    """An error response: the HTTP status and a JSON body (sent back from a child process too)."""

    def __init__(self, status: HTTPStatus, body: dict):
        super().__init__(body.get("message", ""))
        self.status, self.body = status, body

    def __reduce__(self):
        return (Failure, (self.status, self.body))


def refused(status: HTTPStatus, message: str, **more) -> Failure:
    return Failure(status, {"status": "refused", "message": message, **more})


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64

    def __init__(self, address, settings: Settings):
        super().__init__(address, Handler)
        self.settings = settings
        self.files = static_files()
        self.solving = threading.BoundedSemaphore(settings.solving_at_once)
        self.connections = threading.BoundedSemaphore(MOST_CONNECTIONS)
        self.watch = Watch()                        # the request heads' deadline (issue 36)
        self.bodies = BodyBudget(BODY_BUDGET_BODIES * most_body_bytes(settings))
        host, self.port = self.server_address[:2]
        self.loopback = ipaddress.ip_address(host).is_loopback
        # DNS rebinding: a page of another site must not reach the server under its own name (bound to
        # 0.0.0.0 too: issue 36)
        self.names = allowed_names(host)

    def process_request(self, request, client_address):
        if not self.connections.acquire(blocking=False):
            # every place taken: the connection that has waited longest for its head makes room
            if not (self.watch.close_oldest() and self.connections.acquire(timeout=2)):
                self.shutdown_request(request)      # none is waiting: closed, the others go on
                return
        super().process_request(request, client_address)

    def server_close(self):             # also called by __init__ when the address cannot be bound
        if hasattr(self, "watch"):
            self.watch.stopped.set()
        super().server_close()

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.connections.release()

    def handle_error(self, request, client_address):
        pass            # a client that went away; the handler answered every error it could

    @property
    def address(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{'[' + host + ']' if ':' in host else host}:{port}/"


class Server6(Server):
    address_family = socket.AF_INET6


class Handler(BaseHTTPRequestHandler):
    server: Server
    timeout = IDLE_SECONDS
    protocol_version = "HTTP/1.1"
    server_version = "mtg-layers"
    sys_version = ""

    def log_message(self, format, *args):      # quiet: the terminal shows the address only
        pass

    def setup(self):
        super().setup()
        self.rfile = HeadReader(self.rfile)

    def handle_one_request(self):
        """One request, its head under a deadline (HEAD_SECONDS in all, whatever trickles in) and a size
        limit (HEAD_BYTES); the watch closes a connection past its deadline."""
        self.rfile.left = HEAD_BYTES
        self.server.watch.waiting(self.connection)
        try:
            super().handle_one_request()
        except HeadTooLarge:
            self.requestline, self.request_version, self.command = "", "", ""
            self.rfile.left = None
            self.close_connection = True
            try:
                self.send_error(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                                f"the request's head is larger than {HEAD_BYTES:,} bytes")
            except OSError:
                pass
        finally:
            self.server.watch.arrived(self.connection)

    def parse_request(self) -> bool:
        parsed = super().parse_request()           # reads the headers
        self.server.watch.arrived(self.connection)
        self.rfile.left = None
        return parsed

    def do_GET(self):
        self.answer(self.get)

    def do_POST(self):
        self.answer(self.post)

    def do_HEAD(self):
        self.answer(self.get, head=True)

    def answer(self, work, head: bool = False) -> None:
        try:
            self.check_host()
            status, body, kind = work()
        except Failure as failure:
            status, body, kind = failure.status, failure.body, None
        except Exception as error:        # a defect of mtg-layers: said, and the server goes on
            status, body, kind = HTTPStatus.INTERNAL_SERVER_ERROR, {
                "status": "internal", "message": f"internal error (please report it with the case file): "
                                                 f"{type(error).__name__}: {error}"}, None
        if kind is None:
            body, kind = json.dumps(body, ensure_ascii=False).encode("utf-8"), "application/json; charset=utf-8"
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for name, value in SECURITY_HEADERS.items():
            self.send_header(name, value)
        if status >= 400:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def check_host(self) -> None:
        if not host_allowed(self.headers.get("Host"), self.server.names, self.server.port, self.server.loopback):
            raise refused(HTTPStatus.MISDIRECTED_REQUEST, "this server answers requests to its own address only")

    def get(self):
        url = urlsplit(self.path)
        if url.path in self.server.files:
            data, kind = self.server.files[url.path]
            return HTTPStatus.OK, data, kind
        if url.path == "/favicon.ico":
            return HTTPStatus.OK, ICON, "image/svg+xml"
        if url.path == "/api/cards":
            query = parse_qs(url.query, max_num_fields=4).get("q", [""])[0][:200]
            return HTTPStatus.OK, {"cards": board.completions(query)}, None
        if url.path == "/api/card":             # the fields a card's entry needs (its choices, copies)
            name = parse_qs(url.query, max_num_fields=4).get("name", [""])[0][:200]
            return HTTPStatus.OK, board.card_facts(name), None
        if url.path == "/api/meta":
            from bridge.reading.case_keys import EDITIONS
            return HTTPStatus.OK, {"editions": list(EDITIONS), "limits": {
                "max_file_bytes": self.server.settings.limits.max_file_bytes,
                "timeout": self.server.settings.bounds.seconds}}, None
        raise refused(HTTPStatus.NOT_FOUND, f"no such page: {url.path[:200]}")

    def post(self):
        path = urlsplit(self.path).path
        if path not in POSTS:
            raise refused(HTTPStatus.NOT_FOUND, f"no such request: {path[:200]}")
        length = self.body_length()
        if not self.server.bodies.take(length):
            raise refused(HTTPStatus.SERVICE_UNAVAILABLE, "the server is receiving too many requests at once; "
                                                          "try again")
        try:
            body = self.body(length)
            settings = self.server.settings
            if path in SOLVING:
                read_named_cards(body)
            # parsed in the child, under the limits: a body of 10 MB of [[],[],...] is 1 GB of lists (issue 36)
            return HTTPStatus.OK, self.bounded(lambda: answer_post(path, body, settings), "the request"), None
        finally:
            self.server.bodies.give_back(length)

    def body_length(self) -> int:
        """The request's Content-Length, no more than the limit (a case file's size, twice for JSON's
        escapes): a larger or missing one is refused before anything is read."""
        most = most_body_bytes(self.server.settings)
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            raise refused(HTTPStatus.LENGTH_REQUIRED, "a request needs a Content-Length") from None
        if length < 0 or length > most:
            raise refused(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                          f"the request has {length:,} bytes, more than the limit of {most:,} (--max-file-size)")
        return length

    def body(self, length: int) -> bytes:
        """The body, read as it comes, within BODY_SECONDS in all (a client trickling bytes in is cut off)."""
        deadline = time.monotonic() + BODY_SECONDS
        chunks, size = [], 0
        while size < length:
            if time.monotonic() > deadline:
                raise refused(HTTPStatus.REQUEST_TIMEOUT, f"the request's body took longer than {BODY_SECONDS} s to arrive")
            chunk = self.rfile.read1(min(length - size, 1 << 16))
            if not chunk:
                raise refused(HTTPStatus.BAD_REQUEST, "the request ended before its Content-Length")
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)

    def bounded(self, work, file: str):
        """work() in a child process under the limits, at most `solving_at_once` at a time; the
        command line's messages for its failures, each error with its key path."""
        settings = self.server.settings
        if not self.server.solving.acquire(timeout=settings.bounds.seconds or 60):
            raise refused(HTTPStatus.SERVICE_UNAVAILABLE, "the server is busy solving other boards; try again")
        try:
            return run_bounded(work, settings.solve_bounds, file=file)
        except CaseError as error:
            raise Failure(HTTPStatus.UNPROCESSABLE_ENTITY, {"status": "error", "message": str(error),
                                                            "errors": board.error_list(error)}) from None
        except SolveTimeout as error:           # said in the page's words: no file name, no option to give
            raise Failure(HTTPStatus.UNPROCESSABLE_ENTITY, {"status": "timeout", "message": board.page_words(
                str(error).removeprefix(f"{error.file}: "))}) from None
        except OutOfMemory as error:
            raise Failure(HTTPStatus.UNPROCESSABLE_ENTITY, {"status": "memory", "message": error.problem}) from None
        finally:
            self.server.solving.release()


POSTS = ("/api/solve", "/api/explain", "/api/compare", "/api/yaml", "/api/parse")
SOLVING = ("/api/solve", "/api/explain", "/api/compare")        # a board solved: its cards read first


def read_named_cards(body: bytes) -> None:
    """The cards a board names, read here, in the server, before its child is forked: the child, and the
    children of the next requests on the same cards, find them read (bridge/reading/named_cards.py). Never
    raises (a failure is the child's to report); at most READ_AHEAD_SECONDS, as /api/card's reading."""
    read_ahead(names_in_json(body))


def most_body_bytes(settings: Settings) -> int:
    return 2 * settings.limits.max_file_bytes + 65_536


def answer_post(path: str, body: bytes, settings: Settings):
    """In the child process: the request's JSON read, and what it asks for done."""
    request = json_request(body)
    file = file_name(request.get("file"))
    common = (file, settings.limits)
    solve = (settings.bounds.seconds, settings.reevaluate)
    rules = request.get("rules")                  # like --rules: overrides the case's rules:
    if path == "/api/solve":
        return board.solved(request.get("board"), *common, *solve, rules)
    if path == "/api/explain":
        return board.explained(request.get("board"), *common, *solve, str(request.get("object")), rules)
    if path == "/api/compare":
        editions = request.get("editions") if isinstance(request.get("editions"), list) else []
        return board.compared(request.get("board"), *common, *solve, editions)
    if path == "/api/yaml":
        return {"yaml": board.board_yaml(request.get("board"))}
    if not isinstance(request.get("yaml"), str):
        raise refused(HTTPStatus.BAD_REQUEST, "expected {\"yaml\": the text of a case file}")
    return board.parsed(request["yaml"], *common)


def json_request(body: bytes) -> dict:
    """The request's JSON object; a malformed one is refused."""
    try:
        request = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise refused(HTTPStatus.BAD_REQUEST, f"the request is not JSON: {str(error)[:200]}") from None
    if not isinstance(request, dict):
        raise refused(HTTPStatus.BAD_REQUEST, "the request must be a JSON object")
    return request


def file_name(raw) -> str:
    """The name the board's messages use (the file the page downloads): a plain name, no path."""
    name = raw if isinstance(raw, str) else ""
    name = "".join(c for c in name.replace("\\", "/").rsplit("/", 1)[-1] if c.isprintable())[:100]
    return name or "board.yaml"


def serve(host: str, port: int, settings: Settings, ready=print) -> None:
    """Serve until interrupted; `ready` is told the address once the server listens."""
    # Read the library, analyse asp/ and import what solving may import, once, here: each request's child process is
    # forked from a threaded server and starts with them (no import in a child, where a lock another
    # thread held at the fork could never be released).
    from bridge.cards.catalog import folded_names
    from bridge.cards.library import library
    from bridge.solving import timeline  # noqa: F401
    from bridge.solving.prepared import warm_up as analyse_rules
    library()
    folded_names()              # the names the page's card search offers (the pool's too), made once
    analyse_rules()             # which rules can fire (firing.py), asp/'s static part grounded (prepared.py)
    # The requests answered in the server's own threads (a card's facts and rulings, the names offered)
    # import what they need lazily (sqlite3 for a card store, difflib for "did you mean"): done once here,
    # or a thread importing while a solve forks leaves the child stuck on the import lock until --timeout.
    import difflib  # noqa: F401
    import sqlite3  # noqa: F401
    board.card_facts("Grizzly Bears"), board.card_facts("Grizly Beers"), board.completions("grizzly")
    server_class = Server6 if ":" in host else Server
    with server_class((host, port), settings) as server:
        ready(f"mtg-layers: the judges' page is at {server.address} (Ctrl-C stops it)")
        server.serve_forever()
