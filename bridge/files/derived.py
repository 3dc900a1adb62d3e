"""Data derived from the package's own files, kept beside its byte code (bridge/__pycache__): the
card library's YAML and the word lists of asp/word_lists.lp cost ~20-30 ms each to read in every
process; a kept copy (marshal, the format of byte code) loads in about a millisecond.

As for byte code, a copy holds the modification time and size of the file it was made from and is
made again when they differ. Copies are written where and when Python writes byte code (not under
PYTHONDONTWRITEBYTECODE, not in a read-only install); a copy that cannot be read is made again.
"""
from __future__ import annotations

import marshal
import os
import sys
import time
from pathlib import Path
from typing import Callable, TypeVar

T = TypeVar("T")
FORMAT = 1                       # change it when what `build` functions return changes shape
FOLDER = Path(__file__).resolve().parent / "__pycache__"
# When this process began to load the package (this module is the first `import bridge` loads): a file
# changed after it may differ from the code this process runs (bridge/files/stamped.py).
LOADED_AT_NS = time.time_ns()


def derived(kind: str, source: Path, build: Callable[[bytes], T]) -> T:
    """build(the bytes of source), or the copy kept from an earlier process (plain data only:
    dicts, lists, tuples, strings, numbers, booleans, None)."""
    stat = source.stat()
    stamp = (FORMAT, str(source), stat.st_mtime_ns, stat.st_size)
    return kept_or_built(FOLDER / f"{kind}.marshal", stamp, lambda: build(source.read_bytes()))


def kept_or_built(path: Path, stamp: tuple, build: Callable[[], T] | None) -> T | None:
    """The value kept at `path` under the same stamp, else build() (kept for the next process), else
    None when there is no build."""
    try:
        kept_stamp, value = marshal.loads(path.read_bytes())
        if kept_stamp == stamp:
            return value
    except (OSError, EOFError, ValueError, TypeError):      # none yet, or unreadable: made again
        pass
    if build is None:
        return None
    value = build()
    if not sys.dont_write_bytecode:
        keep(path, (stamp, value))
    return value


def can_keep() -> bool:
    """Would a copy made now be kept for the next process (byte code is written, the folder is writable)?"""
    if sys.dont_write_bytecode:
        return False
    return os.access(FOLDER if FOLDER.is_dir() else FOLDER.parent, os.W_OK)


def keep(path: Path, data) -> None:
    """Write the copy (marshal) atomically; never fail."""
    try:
        content = marshal.dumps(data)
    except ValueError:                                      # not plain data
        return
    write_atomically(path, content)


def write_atomically(path: Path, content: bytes) -> bool:
    """Write `content` at `path` atomically (another process or thread may be reading or writing it), its
    folder made if need be; never fail. Was it written?"""
    import threading          # imported by the command line already; not on the way to a kept copy
    temporary = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(temporary, "wb") as out:
            out.write(content)
        os.replace(temporary, path)
        return True
    except OSError:                                         # a read-only install, a full disk
        try:
            os.unlink(temporary)
        except OSError:
            pass
        return False


def derived_from_files(kind: str, sources: list[Path], build: Callable[[list[tuple[str, bytes]]], T],
                       version: int = 0) -> T:
    """build([(name, bytes) of each source]), or the copy kept from an earlier process, keyed by a hash
    of the sources' names and content (never stale, whatever their modification times say). With
    build None: the kept copy or None. The content is summed by CRC-32 and size per file (zlib, which
    the card pool imports anyway; hashlib would cost a one-shot `solve` ~3 ms more)."""
    import zlib
    contents = [(source.name, source.read_bytes()) for source in sources]
    stamp = (FORMAT, version, tuple((name, len(content), zlib.crc32(content)) for name, content in contents))
    return kept_or_built(FOLDER / f"{kind}.marshal", stamp, build and (lambda: build(contents)))
