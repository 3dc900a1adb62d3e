"""Test helpers for the judges' page: a server on a free port, in this process or as the command."""
from __future__ import annotations

import json
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from bridge.solving.runner import Bounds
from bridge.interfaces.web.server import Server, Settings
from bridge.reading.yaml_input import DEFAULT_LIMITS

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def running(settings: Settings | None = None):
    """A server in a thread of this process; yields its address."""
    # a generous memory limit: RLIMIT_AS counts the forked pytest's own address space too
    settings = settings or Settings(limits=DEFAULT_LIMITS, bounds=Bounds(seconds=30, grace=1.0, memory_bytes=8 << 30))
    server = Server(("127.0.0.1", 0), settings)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.address
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def command(*options: str):
    """`mtg-layers serve --port 0` as a process; yields the address it printed."""
    process = subprocess.Popen([sys.executable, "-m", "bridge.interfaces.cli.main", "serve", "--port", "0", *options], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        assert "http://127.0.0.1:" in line, (line, process.stderr.read() if process.poll() is not None else "")
        yield line.split(" is at ")[1].split()[0], process
    finally:
        process.kill()
        process.wait(timeout=30)


def request(address: str, path: str, payload=None, raw: bytes | None = None, headers=None, method=None):
    """(HTTP status, parsed JSON or bytes) of one request."""
    data = raw if raw is not None else (json.dumps(payload).encode() if payload is not None else None)
    req = urllib.request.Request(address.rstrip("/") + path, data=data, headers=headers or {}, method=method)
    try:
        with urllib.request.urlopen(req, timeout=120) as response:
            status, body, kind = response.status, response.read(), response.headers["Content-Type"]
    except urllib.error.HTTPError as error:
        status, body, kind = error.code, error.read(), error.headers["Content-Type"]
    return status, json.loads(body) if kind and kind.startswith("application/json") else body
