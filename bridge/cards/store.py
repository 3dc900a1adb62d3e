"""The local card store: cards imported from MTGJSON or Scryfall data (`mtg-layers cards import`),
kept in one SQLite file in the user's data directory, looked up by name after the built-in library.

Each card is stored as the mapping a library entry has (name, mana_cost, type_line, pt, text, and
flip/back/halves faces) without `abilities:`: the Oracle-text reader gives them when it is used. The
rulings the data carries (MTGJSON's `rulings`, or Scryfall's rulings file matched by oracle id: Gatherer's,
dated) are kept beside it, to be shown.
Where the file is: --store PATH, else $MTG_LAYERS_CARD_STORE, else the data directory
($XDG_DATA_HOME or ~/.local/share on Linux, ~/Library/Application Support on macOS, %APPDATA%)."""
from __future__ import annotations

import contextlib
import json
import os
import sys
import threading
from pathlib import Path

from bridge.model.errors import CaseError

ENVIRONMENT_VARIABLE = "MTG_LAYERS_CARD_STORE"

# SQLite's own mutexes are not released in a forked child: a process that forks while another of its threads is
# inside SQLite (the page's server answers a card's rulings while a solve forks its child) leaves the child
# stuck at its first use of SQLite, until its deadline. Every use of SQLite here holds this lock, and a fork
# waits for it (os.register_at_fork), so no thread is inside SQLite when the process forks.
IN_SQLITE = threading.RLock()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=IN_SQLITE.acquire, after_in_parent=IN_SQLITE.release,
                        after_in_child=IN_SQLITE.release)

SCHEMA = """
CREATE TABLE IF NOT EXISTS cards (name TEXT PRIMARY KEY, folded TEXT NOT NULL, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS names (folded TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS imports (file TEXT, format TEXT, cards INTEGER, at TEXT DEFAULT CURRENT_TIMESTAMP);
CREATE TABLE IF NOT EXISTS rulings (name TEXT NOT NULL, date TEXT NOT NULL, text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS rulings_by_name ON rulings (name);
CREATE TABLE IF NOT EXISTS oracle_ids (oracle_id TEXT PRIMARY KEY, name TEXT NOT NULL);
"""


def data_directory() -> Path:
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support"
    if os.name == "nt":
        return Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def store_path(option: str | None = None) -> Path:
    """Where the store is: the option, the environment variable, or the user's data directory."""
    if option:
        return Path(option)
    if os.environ.get(ENVIRONMENT_VARIABLE):
        return Path(os.environ[ENVIRONMENT_VARIABLE])
    return data_directory() / "mtg-layers" / "cards.sqlite"


class CardStore:
    """The store at `path`. A file that is not a readable SQLite store (corrupted, truncated, another
    kind of file) is one CaseError naming it, at any use (issue 36)."""

    def __init__(self, path: Path, create: bool = False, make_folder: bool = True):
        """With `create`, the store is made if missing, and its folder too unless `make_folder` is
        False (a --store path typed on the command line: a typo must not make folders, issue 36)."""
        import sqlite3  # here: ~3 ms a process, and most never open a store
        self.path = Path(path)
        if create and not self.path.parent.is_dir():
            if not make_folder:
                raise CaseError(str(self.path), "", f"no such folder: {self.path.parent} (--store makes the "
                                                    "store's file, not its folders)")
            self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.reading():
            self.db = sqlite3.connect(str(self.path))
            if create:
                self.db.executescript(SCHEMA)
            self.db.execute("SELECT name, folded, data FROM cards LIMIT 0")

    @contextlib.contextmanager
    def reading(self):
        """SQLite used (under IN_SQLITE); its errors, and broken entries, said as the store's."""
        import sqlite3
        try:
            with IN_SQLITE:
                yield
        except sqlite3.Error as error:
            raise CaseError(str(self.path), "", f"not a readable card store ({error}); move it away and import the "
                                                "cards again (`mtg-layers cards import FILE`)") from None
        except (ValueError, TypeError) as error:         # a row whose data is not the JSON we wrote
            raise CaseError(str(self.path), "", f"the card store holds a broken entry ({str(error)[:200]}); move "
                                                "it away and import the cards again") from None

    def close(self) -> None:
        with IN_SQLITE:
            self.db.close()

    def lookup(self, name: str) -> tuple[str, dict] | None:
        """(the stored name, its library mapping) for a card name or the name of one of its faces."""
        from bridge.cards.names import folded
        with self.reading():
            for key in dict.fromkeys((name.casefold(), folded(name))):     # as typed, then forgiving (names.py)
                row = self.db.execute("SELECT c.name, c.data FROM names n JOIN cards c ON c.name = n.name "
                                      "WHERE n.folded = ?", (key,)).fetchone()
                if row:
                    data = json.loads(row[1])
                    if not isinstance(data, dict):
                        raise ValueError(f"{row[0]!r} is not a card's mapping")
                    return row[0], data
        return None

    def search(self, words: list[str], limit: int = 50) -> list[str]:
        """Stored names holding every word (case-insensitive), shortest first."""
        clauses = " AND ".join("folded LIKE ? ESCAPE '\\'" for _ in words) or "1"
        patterns = ["%" + w.casefold().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
                    for w in words]
        with self.reading():
            rows = self.db.execute(f"SELECT name FROM cards WHERE {clauses} ORDER BY length(name), name LIMIT ?",
                                   (*patterns, limit)).fetchall()
        return [r[0] for r in rows]

    def rulings(self, name: str) -> list[dict]:
        """The rulings stored for a card (by its name or a face's), oldest first: [{date, text}]. A store
        made before rulings were kept has none."""
        found = self.lookup(name)
        with self.reading():
            if found is None or not self.db.execute("SELECT 1 FROM sqlite_master WHERE name = 'rulings'").fetchone():
                return []
            rows = self.db.execute("SELECT date, text FROM rulings WHERE name = ? ORDER BY date, rowid",
                                   (found[0],)).fetchall()
        return [{"date": date, "text": text} for date, text in rows]

    def add_rulings(self, rulings, source_file: str) -> dict[str, int]:
        """Scryfall's rulings (oracle_id, source, {date, text}) in one transaction, matched to the stored
        cards by oracle id (an oracle-cards file imported before gave them): a card's rulings are replaced
        by the file's. Gatherer's only ("wotc"); counted: stored, Scryfall's own notes, and rulings of cards
        the store does not have, for the summary."""
        counts = {"stored": 0, "notes": 0, "unmatched": 0}
        replaced: set[str] = set()
        with self.reading(), self.db:
            self.db.executescript(SCHEMA)
            names = dict(self.db.execute("SELECT oracle_id, name FROM oracle_ids").fetchall())
            for oracle_id, source, ruling in rulings:
                if source != "wotc":
                    counts["notes"] += 1
                    continue
                name = names.get(oracle_id)
                if name is None:
                    counts["unmatched"] += 1
                    continue
                if name not in replaced:
                    self.db.execute("DELETE FROM rulings WHERE name = ?", (name,))
                    replaced.add(name)
                self.db.execute("INSERT INTO rulings VALUES (?, ?, ?)", (name, ruling["date"], ruling["text"]))
                counts["stored"] += 1
            self.db.execute("INSERT INTO imports (file, format, cards) VALUES (?, ?, ?)",
                            (source_file, "scryfall-rulings", counts["stored"]))
        return counts

    def names(self) -> list[str]:
        with self.reading():
            return [row[0] for row in self.db.execute("SELECT name FROM cards ORDER BY name")]

    def count(self) -> int:
        with self.reading():
            return self.db.execute("SELECT count(*) FROM cards").fetchone()[0]

    def add_all(self, cards, source_file: str, source_format: str) -> int:
        """Store cards (name, mapping, other names[, {"rulings": [...], "oracle_id": ...}]) in one
        transaction; a name already stored is replaced, its rulings too. A name the file gives twice is kept
        as its last entry and said in `self.repeated` (issue 36)."""
        from bridge.cards.names import folded
        count = 0
        seen: set[str] = set()
        self.repeated: list[str] = []
        with self.reading(), self.db:
            self.db.executescript(SCHEMA)       # a store made before rulings were kept gets their table
            for name, data, aliases, *extra in cards:
                extra = extra[0] if extra else {}
                if name in seen:
                    self.repeated.append(name)
                seen.add(name)
                self.db.execute("INSERT OR REPLACE INTO cards VALUES (?, ?, ?)",
                                (name, name.casefold(), json.dumps(data, ensure_ascii=False)))
                if "rulings" in extra:
                    self.db.execute("DELETE FROM rulings WHERE name = ?", (name,))
                    self.db.executemany("INSERT INTO rulings VALUES (?, ?, ?)",
                                        [(name, r["date"], r["text"]) for r in extra["rulings"]])
                if extra.get("oracle_id"):
                    self.db.execute("INSERT OR REPLACE INTO oracle_ids VALUES (?, ?)", (extra["oracle_id"], name))
                for alias in {name, *aliases}:
                    for key in {alias.casefold(), folded(alias)}:
                        self.db.execute("INSERT OR REPLACE INTO names VALUES (?, ?)", (key, name))
                count += 1
            self.db.execute("INSERT INTO imports (file, format, cards) VALUES (?, ?, ?)",
                            (source_file, source_format, count))
        return count


_opened: dict[tuple[int, Path], CardStore | None] = {}


def default_store() -> CardStore | None:
    """The store cases look names up in, or None when no import was ever made there (then sqlite3 is
    not even imported: most solves never need it). One connection per process: a forked child (check's,
    the page's, which find the cards their parent read ahead) opens its own, as SQLite asks (a connection
    must not cross a fork)."""
    key = (os.getpid(), store_path())
    if key not in _opened:
        _opened[key] = CardStore(key[1]) if key[1].is_file() else None
    return _opened[key]
