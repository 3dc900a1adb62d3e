"""Values worked out by the package's code from its files, kept beside the byte code for later processes, one
file per value, under a stamp of everything they could depend on (issue 37): the card readings
(bridge/cards/kept_readings.py), the rules that can fire for a board's shapes (bridge/solving/firing.py).

The stamp is a checksum of the modification time and size of every file of the package (bridge/**.py, the
card pool and library, the rules asp/*.lp, installed or beside the package) with the Python version: any
change to any of them, and every value is worked out again. It names the folder
(bridge/files/__pycache__/KIND-STAMP/); a new folder of a kind removes that kind's others. A process that
finds a file changed after it began to load the package keeps and reads nothing: the code it runs may be
older than the files its stamp would describe (a page's server left running over a `git pull`). Each file holds
its key next to its value, so two keys that share a file name never take each other's value; a file that
cannot be read is worked out again. Files are written where and when bridge/files/derived.py writes its
copies (not under PYTHONDONTWRITEBYTECODE, not in a read-only install, never failing), at most `most` files
a kind: a full folder drops its older half before it keeps a new value.
"""
from __future__ import annotations

import functools
import os
import shutil
import sys
import zlib
from pathlib import Path
from typing import Callable

from bridge.files.derived import FOLDER, LOADED_AT_NS, can_keep, write_atomically
from bridge.files.locations import PACKAGE, asp_files

FORMAT = 1                    # change it when what is kept changes shape


class StampedFolder:
    """One kind's kept values: `load` and `keep` by key, `dumps`/`loads` their format (marshal, pickle), at
    most `most` files (a few kilobytes each; when full, the older half goes: make_room)."""

    def __init__(self, kind: str, dumps: Callable[[object], bytes], loads: Callable[[bytes], object], most: int):
        self.kind, self.dumps, self.loads, self.most = kind, dumps, loads, most
        self.count: int | None = None          # files in the folder, counted once a process

    @functools.cached_property
    def folder(self) -> Path | None:
        stamp = package_stamp()
        return None if stamp is None else FOLDER / f"{self.kind}-{stamp:08x}"

    def path(self, key_bytes: bytes) -> Path | None:
        """Where the value of a key (given as bytes) is kept; None when nothing can be (no stamp)."""
        if self.folder is None:
            return None
        return self.folder / f"{zlib.crc32(key_bytes):08x}-{len(key_bytes)}"

    def load(self, path: Path | None, key):
        """The value kept at `path` for `key`, or None (none kept, another key's, unreadable)."""
        if path is None:
            return None
        try:
            kept_key, value = self.loads(path.read_bytes())
        except Exception:     # noqa: BLE001 (none kept, a torn or foreign file: worked out again)
            return None
        return value if kept_key == key else None

    def keep(self, path: Path | None, key, value) -> None:
        if path is None or not can_keep():
            return
        if self.kept_count() >= self.most:
            self.make_room()
        try:
            content = self.dumps((key, value))
        except Exception:     # noqa: BLE001 (a value this format cannot hold: not kept)
            return
        first = not path.parent.is_dir()
        if write_atomically(path, content):
            self.count = self.kept_count() + 1
            if first:
                self.drop_other_stamps()

    def kept_count(self) -> int:
        if self.count is None:
            try:
                self.count = sum(1 for _ in os.scandir(self.folder))
            except (OSError, TypeError):
                self.count = 0
        return self.count

    def make_room(self) -> None:
        """The folder is full: its older half (by modification time) goes, so that what is worked out now is
        kept (a full folder that kept nothing more would, after a sweep of new boards, leave every later value
        to be worked out again in every process). Best effort: a file another process removed is skipped."""
        def written_at(entry: os.DirEntry) -> int:
            try:
                return entry.stat().st_mtime_ns
            except OSError:
                return 0
        try:
            entries = sorted(os.scandir(self.folder), key=written_at)
        except OSError:
            return
        for entry in entries[:max(1, len(entries) - self.most // 2)]:
            try:
                os.unlink(entry.path)
            except OSError:
                pass
        self.count = None

    def drop_other_stamps(self) -> None:
        """The kind's folders of other stamps are stale: removed (best effort: a process still using one
        finds its files gone, as if never kept)."""
        for other in FOLDER.glob(f"{self.kind}-*"):
            if other != self.folder and other.is_dir():
                shutil.rmtree(other, ignore_errors=True)


@functools.cache
def package_stamp() -> int | None:
    """The checksum of what kept values may depend on (about 1.3 ms once a process); None (nothing kept or
    read) when a file changed after this process began to load the package, went away while it was looked
    at, or there are no rule files."""
    files: list = []                          # (path, modified, size)
    try:
        folders = [str(PACKAGE)]
        while folders:
            with os.scandir(folders.pop()) as entries:
                for entry in sorted(entries, key=lambda e: e.name):
                    if entry.is_dir():
                        if entry.name != "__pycache__":
                            folders.append(entry.path)
                    elif entry.name.endswith((".py", ".bin", ".yaml", ".lp")):
                        status = entry.stat()
                        files.append((entry.path, status.st_mtime_ns, status.st_size))
        for path in asp_files():             # asp/ beside the package (an editable install)
            status = path.stat()
            files.append((str(path), status.st_mtime_ns, status.st_size))
    except (OSError, RuntimeError):
        return None
    if any(modified >= LOADED_AT_NS for _, modified, _ in files):
        return None
    described = [FORMAT, sys.version, sys.flags.optimize, *files]
    return zlib.crc32(repr(described).encode("utf-8"))
