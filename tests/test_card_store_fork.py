"""The card store and fork (bridge/cards/store.py): the page's server forks a solve's child while its other
threads read the card store (a card's rulings, the cards a board names). SQLite's mutexes are not released in a
forked child, so a fork in the middle of a read left the child stuck at its first use of SQLite until its
deadline: the page showed "solving…" for the whole of it (tests/test_web_questions.py failed so, once in about
eight runs). A fork now waits until no thread is inside SQLite."""
import os
import threading
import time

import pytest

from bridge.cards.store import CardStore

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")


def test_a_fork_waits_for_a_read_in_another_thread_and_the_child_reads_the_store(tmp_path):
    path = tmp_path / "cards.sqlite"
    CardStore(path, create=True).close()
    inside, read_until = threading.Event(), []

    def read_slowly():                              # a request's thread, its own connection (as SQLite asks)
        store = CardStore(path)
        with store.reading():
            store.db.execute("SELECT count(*) FROM cards").fetchone()
            inside.set()
            time.sleep(0.3)
            read_until.append(time.monotonic())
        store.close()

    reader = threading.Thread(target=read_slowly)
    reader.start()
    assert inside.wait(10)
    pid = os.fork()
    if pid == 0:                                    # the child: its own connection, a lookup, at once
        code = 1
        try:
            code = 0 if CardStore(path).lookup("Grizzly Bears") is None else 2
        finally:
            os._exit(code)
    forked_at = time.monotonic()
    reader.join()
    deadline = time.monotonic() + 20
    while (done := os.waitpid(pid, os.WNOHANG)) == (0, 0) and time.monotonic() < deadline:
        time.sleep(0.05)
    if done == (0, 0):
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        pytest.fail("the child was stuck on the card store for 20 s")
    assert os.waitstatus_to_exitcode(done[1]) == 0
    assert forked_at >= read_until[0]               # the fork waited for the read to end
