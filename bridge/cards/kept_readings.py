"""Cards as the Oracle reader read them, kept beside the byte code for the next process (issue 37).

Reading a card's Oracle text compiles the reader's regular expressions: about 20 ms for the first two
cards of a process, ~2 ms a card on average over `check cases/`. A reading kept from an earlier process
loads in about 0.1 ms. A reading depends on the reader's code, the words it checks against and the card's
data, so a kept reading belongs to one stamp of all of them: the modification time and size of every file
of the package (bridge/**.py, the pool, the library's YAML) and of the rules (asp/*.lp: the word lists), and
the Python version. Any change to any of them, and every reading is made again: the stamp names the folder
(bridge/__pycache__/readings-STAMP/), and a new folder replaces the others.

Only cards looked up by name are kept (a case, the page, `cards show`), not a listing of the whole pool;
at most MOST_KEPT. Copies are written where and when bridge/files/derived.py writes its copies (not under
PYTHONDONTWRITEBYTECODE, not in a read-only install, never failing); one that cannot be read is made again.
The card store's cards (a user's import, which can change under us) are not kept.
"""
from __future__ import annotations

import functools
import os
import pickle
import shutil
import sys
import zlib
from pathlib import Path
from typing import Callable

from bridge.files.derived import FOLDER, can_keep, write_atomically
from bridge.files.locations import PACKAGE, asp_files
from bridge.model.card import Card

FORMAT = 1                    # change it when what is kept changes shape
MOST_KEPT = 10_000            # the pool holds ~30,000 cards: a sweep over all of them is not kept whole
PREFIX = "readings-"
READ: dict[tuple[str, str], Card] = {}          # what this process read or loaded, by (source, name)
COUNT: list[int] = []                           # how many readings the folder holds (kept_count)


def kept_reading(source: str, name: str, read: Callable[[], Card]) -> Card:
    """read(), or the reading of `name` from `source` ("library", "pool") kept by an earlier process
    under the same stamp; a reading made here is kept for the next."""
    key = (source, name)
    card = READ.get(key)
    if card is None:
        path = reading_path(source, name)
        card = loaded(path, key) if path is not None else None
        if card is None:
            card = read()
            if path is not None:
                keep_reading(path, key, card)
        READ[key] = card
    return card


def reading_path(source: str, name: str) -> Path | None:
    """Where the reading is kept; None when the stamp cannot be made (a file went away: nothing kept)."""
    if folder() is None:
        return None
    encoded = name.encode("utf-8")
    return folder() / f"{source}-{zlib.crc32(encoded):08x}-{len(encoded)}.pickle"


def loaded(path: Path, key: tuple[str, str]) -> Card | None:
    """The kept reading at `path` when it is the one of `key` (two names may share a file name: then
    the file holds the other one, and this one is read)."""
    try:
        kept_key, card = pickle.loads(path.read_bytes())
    except FileNotFoundError:
        return None
    except Exception:         # noqa: BLE001 (a torn or foreign file: made again)
        return None
    return card if kept_key == key and isinstance(card, Card) else None


def keep_reading(path: Path, key: tuple[str, str], card: Card) -> None:
    if not can_keep() or kept_count() >= MOST_KEPT:
        return
    try:
        content = pickle.dumps((key, card), protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return
    first = not path.parent.is_dir()
    if write_atomically(path, content):
        COUNT[0] += 1
        if first:
            drop_other_stamps(path.parent)



def kept_count() -> int:
    """How many readings the folder holds (counted once a process, then counted along)."""
    if not COUNT:
        try:
            COUNT.append(sum(1 for _ in os.scandir(folder())))
        except OSError:
            COUNT.append(0)
    return COUNT[0]


def drop_other_stamps(current: Path) -> None:
    """The readings of other stamps are stale: removed (best effort, another process may be using them,
    and reads a file that is gone as one never kept)."""
    for other in current.parent.glob(PREFIX + "*"):
        if other != current and other.is_dir():
            shutil.rmtree(other, ignore_errors=True)


@functools.cache
def folder() -> Path | None:
    try:
        return FOLDER / f"{PREFIX}{stamp():08x}"
    except (OSError, RuntimeError):          # a file removed while we looked, no rule files: nothing kept
        return None


def stamp() -> int:
    """A checksum of what a reading depends on: every file of the package and the rules, by modification
    time and size (as byte code is kept), the Python version and FORMAT (about 1 ms)."""
    described: list = [FORMAT, sys.version, sys.flags.optimize]
    folders = [str(PACKAGE)]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                if entry.is_dir():
                    if entry.name != "__pycache__":
                        folders.append(entry.path)
                elif entry.name.endswith((".py", ".bin", ".yaml", ".lp")):
                    status = entry.stat()
                    described.append((entry.path, status.st_mtime_ns, status.st_size))
    for path in asp_files():             # asp/ beside the package (an editable install)
        status = path.stat()
        described.append((str(path), status.st_mtime_ns, status.st_size))
    return zlib.crc32(repr(described).encode("utf-8"))
