"""The server's guards on connections (issue 36): a deadline for the whole request head, a bound on
its size, room made for a new connection by closing the one that has waited longest for its head,
a budget for the request bodies held at once, and the Host names a server answers to.

A slow client (slowloris: one header byte every few seconds) resets an idle timer at every byte; a
deadline for the whole head does not reset. When every place is taken, a new connection closes the
oldest one still sending its head: a real request sends its head at once, so trickling connections
are the ones that go, however many there are."""
from __future__ import annotations

import ipaddress
import socket
import threading
import time

HEAD_SECONDS = 10              # the request line and headers must arrive within this long in all
HEAD_BYTES = 65_536            # the request line and headers together
BODY_BUDGET_BODIES = 4         # bodies of the largest size held at once (the others wait or are refused)


class HeadTooLarge(Exception):
    """A request head of more than HEAD_BYTES: the connection is closed."""


class Watch:
    """The connections still sending their head, each with its deadline; a thread closes the late ones."""

    def __init__(self):
        self.lock = threading.Lock()
        self.heads: dict[socket.socket, tuple[float, float]] = {}    # (since, deadline)
        self.stopped = threading.Event()
        threading.Thread(target=self.close_late, daemon=True, name="head deadline").start()

    def waiting(self, connection: socket.socket) -> None:
        now = time.monotonic()
        with self.lock:
            self.heads[connection] = (now, now + HEAD_SECONDS)

    def arrived(self, connection: socket.socket) -> None:
        with self.lock:
            self.heads.pop(connection, None)

    def close_oldest(self) -> bool:
        """Close the connection that has waited longest for its head; False when none is waiting."""
        with self.lock:
            if not self.heads:
                return False
            oldest = min(self.heads, key=lambda c: self.heads[c][0])
            del self.heads[oldest]
        cut(oldest)
        return True

    def close_late(self) -> None:
        while not self.stopped.wait(0.25):
            now = time.monotonic()
            with self.lock:
                late = [c for c, (_, deadline) in self.heads.items() if deadline <= now]
                for connection in late:
                    del self.heads[connection]
            for connection in late:
                cut(connection)


def cut(connection: socket.socket) -> None:
    """End a connection's reads and writes: its handler's blocked read returns, and it ends."""
    try:
        connection.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


class HeadReader:
    """The connection's input as the handler reads it, with the head's bytes counted."""

    def __init__(self, raw):
        self.raw = raw
        self.left: int | None = None            # bytes the head may still take; None while reading a body

    def readline(self, limit: int = -1) -> bytes:
        if self.left is None:
            return self.raw.readline(limit)
        most = self.left + 1 if limit < 0 else min(limit, self.left + 1)
        line = self.raw.readline(most)
        self.left -= len(line)
        if self.left < 0:
            raise HeadTooLarge
        return line

    def __getattr__(self, name):
        return getattr(self.raw, name)


class BodyBudget:
    """The bytes of request bodies the server holds at once."""

    def __init__(self, most: int):
        self.most, self.held = most, 0
        self.lock = threading.Lock()

    def take(self, size: int) -> bool:
        with self.lock:
            if self.held + size > self.most:
                return False
            self.held += size
            return True

    def give_back(self, size: int) -> None:
        with self.lock:
            self.held -= size


def allowed_names(host: str) -> set[str]:
    """The host names (without port) of a server bound to `host`: its own address and loopback names,
    and for a server bound to every address (0.0.0.0, ::) this machine's names. A Host header naming
    an IP address is taken too (DNS rebinding needs a name)."""
    names = {"localhost", host.lower()}
    if ipaddress.ip_address(host).is_unspecified:
        name = socket.gethostname().lower()
        names |= {name, f"{name}.local", socket.getfqdn().lower()}
    return names


def host_allowed(header: str | None, names: set[str], port: int, loopback: bool) -> bool:
    """Whether a request's Host header names this server: one of `names`, or (bound to a non-loopback
    address) any IP address, with this server's port."""
    if not header:
        return False
    header = header.strip().lower()
    name, _, given_port = header.rpartition(":") if not header.endswith("]") else (header, "", "")
    if given_port != str(port):
        return False
    name = name[1:-1] if name.startswith("[") and name.endswith("]") else name
    if name in names:
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    return address.is_loopback if loopback else True
