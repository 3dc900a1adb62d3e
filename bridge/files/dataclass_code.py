"""The methods that `dataclasses` writes for the bridge's dataclasses, compiled once and kept beside
the byte code (issue 21).

For each dataclass, Python 3.11 writes the source text of __init__, __repr__, __eq__, __hash__ and
(frozen) __setattr__/__delattr__ and compiles it when the class is made: for the bridge's classes
about 300 texts, a third of what importing the bridge costs (~20 ms of every `mtg-layers solve`).
Byte code caches the modules, not these texts. Here `dataclasses` gets an `exec` that looks each
text up in a kept copy of its compiled code (bridge/__pycache__/dataclass-code.marshal: marshal is
the format of byte code) and compiles only what is not there; what it compiled is added to the copy
when the process ends. Same text, same code: the classes are exactly what `dataclasses` makes.

Only the bridge's own classes go through the copy (the globals `dataclasses` compiles them in are a
bridge module's); the copy holds the Python version it was made by and is written where and when
bridge/files/derived.py writes its copies (not under PYTHONDONTWRITEBYTECODE, never failing).
"""
from __future__ import annotations

import atexit
import dataclasses
import marshal
import sys
from pathlib import Path

from bridge.files.derived import FOLDER, keep

PATH = FOLDER / "dataclass-code.marshal"
STAMP = (1, sys.version, sys.flags.optimize)     # compiled code belongs to one Python and -O level
MOST_KEPT = 5_000                                # past this, old texts (classes since changed) are dropped


class KeptCode:
    """The kept copy of one process: the compiled texts read from `path`, those compiled since."""

    def __init__(self, path: Path):
        self.path = path
        self.kept = read(path)
        self.made: dict[str, object] = {}
        self.used: set[str] = set()

    def exec(self, source, globals=None, locals=None):
        """`exec` as `dataclasses` calls it; the bridge's texts are compiled once."""
        if isinstance(source, str) and globals is not None and str(globals.get("__name__", "")).startswith("bridge."):
            self.used.add(source)
            code = self.kept.get(source) or self.made.get(source)
            if code is None:
                code = self.made[source] = compile(source, "<string>", "exec", dont_inherit=True)
            source = code
        return exec(source, globals, locals)

    def write(self) -> None:
        """Add what this process compiled to the copy (at its end: forked children end with
        os._exit and leave it to their parent)."""
        if not self.made or sys.dont_write_bytecode:
            return
        texts = {**self.kept, **self.made}
        if len(texts) > MOST_KEPT:
            texts = {text: code for text, code in texts.items() if text in self.used}
        keep(self.path, (STAMP, texts))


def install(path: Path = PATH) -> KeptCode:
    """From now on, `dataclasses` compiles the bridge's generated methods through the copy at `path`."""
    copy = KeptCode(path)
    dataclasses.exec = copy.exec               # dataclasses looks `exec` up in its globals first
    atexit.register(copy.write)
    return copy


def read(path: Path) -> dict:
    try:
        stamp, kept = marshal.loads(path.read_bytes())
        if stamp == STAMP and isinstance(kept, dict):
            return kept
    except (OSError, EOFError, ValueError, TypeError):      # none yet, or unreadable: made again
        pass
    return {}
