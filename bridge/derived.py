"""Data derived from the package's own files, kept beside its byte code (bridge/__pycache__): the
card library's YAML and the word lists of asp/word_lists.lp cost ~20-30 ms each to read in every
process; a kept copy (marshal, the format of byte code) loads in about a millisecond.

A copy is named by what it is and a digest of the bytes it was made from, so an edited file is
read again. Copies are written where and when Python writes byte code (not under
PYTHONDONTWRITEBYTECODE, not in a read-only install); a copy that cannot be read is made again.
"""
from __future__ import annotations

import hashlib
import marshal
import os
import sys
import tempfile
from pathlib import Path
from typing import Callable, TypeVar

T = TypeVar("T")
FORMAT = b"derived 1"            # change it when what `build` functions return changes shape
FOLDER = Path(__file__).resolve().parent / "__pycache__"


def derived(kind: str, source: bytes, build: Callable[[bytes], T]) -> T:
    """build(source), or the copy kept from an earlier process (plain data only: dicts, lists,
    strings, numbers, booleans, None)."""
    digest = hashlib.sha256(FORMAT + kind.encode() + b"\0" + source).hexdigest()[:32]
    path = FOLDER / f"{kind}.{digest}.marshal"
    try:
        return marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):      # none yet, or unreadable: made again
        pass
    value = build(source)
    if not sys.dont_write_bytecode:
        keep(path, value)
    return value


def keep(path: Path, value) -> None:
    """Write the copy atomically (another process may be reading or writing it); never fail."""
    try:
        data = marshal.dumps(value)
        path.parent.mkdir(exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    except (OSError, ValueError):                           # not plain data, or a read-only install
        return
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except OSError:
        try:
            os.unlink(temporary)
        except OSError:
            pass
