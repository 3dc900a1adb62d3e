"""Where a sweep's rows go, as they come: JSON Lines (default), CSV, Parquet (pyarrow, the
`research` extra); and, for --resume, the rows an output already holds."""
from __future__ import annotations

import csv
import json
import os
from pathlib import Path

from bridge.model.errors import CaseError
from bridge.solving.runner import KILLED_FROM_OUTSIDE

STORED_FACTS = "facts"    # a row's key for its board's facts (as text) under --store-facts; never in the rows' outputs
SUFFIXES = {"jsonl": ".jsonl", "csv": ".csv", "parquet": ".parquet"}
# The columns of CSV and Parquet, in order (JSON Lines rows carry the same keys).
COLUMNS = ("format_version", "board", "cards", "controllers", "rules", "error", "steps", "characteristics",
           "solve_ms", "ground_atoms", "loops", "loops_at", "overrides", "overrides_at", "order_sensitive",
           "order_differs", "order_difference", "edition_difference", "edition_differs", "edition_difference_at",
           "query", "minimal_background")
# CSV cells that hold JSON text (lists and mappings)
LISTS = ("cards", "controllers", "loops", "loops_at", "overrides", "overrides_at", "order_difference",
         "edition_difference_at", "query", "minimal_background")
INTEGERS = ("format_version", "steps", "ground_atoms")
FLOATS = ("solve_ms",)
BOOLEANS = ("order_sensitive", "edition_difference")


def earlier_rows(path: Path, fmt: str) -> list[dict]:
    """The rows an earlier run wrote (--resume), with those a cut-short Parquet sweep left in its journal;
    a JSON Lines line cut short by a crash is ignored, and so is a row whose child was killed from outside
    (not the board's own outcome: solved again)."""
    rows = []
    if fmt == "jsonl" or fmt == "parquet":
        for source in ([path] if fmt == "jsonl" else [journal_of(path)]):
            if source.exists():
                for line in source.read_text(encoding="utf-8").splitlines():
                    try:
                        rows.append(json.loads(line))
                    except ValueError:
                        continue
    if fmt == "csv" and path.exists():
        rows = read_rows(path, fmt)
    if fmt == "parquet" and path.exists():
        rows = read_rows(path, fmt) + rows
    return [row for row in rows if isinstance(row, dict) and isinstance(row.get("board"), str)
            and not killed(row.get("error"))]


def done_boards(path: Path, fmt: str) -> set[str]:
    """The boards an earlier run wrote (see earlier_rows)."""
    return {row["board"] for row in earlier_rows(path, fmt)}


def journal_of(path: Path) -> Path:
    """Where a Parquet sweep keeps its rows (JSON Lines) until it ends: a sweep cut short leaves them there."""
    return path.with_name(path.name + ".partial.jsonl")


def killed(error) -> bool:
    return isinstance(error, str) and KILLED_FROM_OUTSIDE in error


class JsonLines:
    def __init__(self, path: Path, resume: bool):
        if resume and path.exists():
            cut_torn_line(path)
        self.stream = path.open("a" if resume else "w", encoding="utf-8")

    def write(self, rows: list[dict]) -> None:
        for row in rows:
            self.stream.write(json.dumps(row, ensure_ascii=False) + "\n")
        self.stream.flush()

    def close(self) -> None:
        self.stream.close()


def cut_torn_line(path: Path) -> None:
    """Drop a last line that a crash cut short (no newline), so that appended rows start on a line."""
    with path.open("rb+") as stream:
        data = stream.read()
        if data and not data.endswith(b"\n"):
            stream.truncate(data.rfind(b"\n") + 1)


class Csv:
    """Lists are JSON text in their cells."""

    def __init__(self, path: Path, resume: bool):
        fresh = not (resume and path.exists())
        if not fresh:
            cut_torn_line(path)
        self.stream = path.open("w" if fresh else "a", newline="", encoding="utf-8")
        self.writer = csv.DictWriter(self.stream, fieldnames=COLUMNS)
        if fresh:
            self.writer.writeheader()

    def write(self, rows: list[dict]) -> None:
        for row in rows:
            self.writer.writerow({k: json.dumps(row.get(k)) if k in LISTS and row.get(k) is not None
                                  else row.get(k) for k in COLUMNS})
        self.stream.flush()

    def close(self) -> None:
        self.stream.close()


def parquet_schema(pa):
    pair = pa.list_(pa.string())
    at = pa.list_(pa.struct([("effects", pair), ("layer", pa.string()), ("step", pa.int64())]))
    difference = pa.struct([("object", pa.string()), ("characteristic", pa.string()), ("this", pa.string()),
                            ("other", pa.string())])
    return pa.schema([("format_version", pa.int64()), ("board", pa.string()),
                      ("cards", pa.list_(pa.string())), ("controllers", pa.list_(pa.string())),
                      ("rules", pa.string()), ("error", pa.string()), ("steps", pa.int64()),
                      ("characteristics", pa.string()), ("solve_ms", pa.float64()), ("ground_atoms", pa.int64()),
                      ("loops", pa.list_(pair)), ("loops_at", at), ("overrides", pa.list_(pair)), ("overrides_at", at),
                      ("order_sensitive", pa.bool_()), ("order_differs", pa.string()), ("order_difference", difference),
                      ("edition_difference", pa.bool_()), ("edition_differs", pa.string()),
                      ("edition_difference_at", difference), ("query", pa.list_(pa.string())),
                      ("minimal_background", pa.list_(pa.string()))])


class Parquet:
    """Rows as batches come into a journal, FILE.partial.jsonl (JSON Lines: readable after a crash); when
    the sweep ends, FILE is written from the earlier rows (--resume) and the journal, and the journal goes.
    A sweep cut short keeps its rows there: --resume takes them; a fresh sweep refuses to overwrite them."""

    def __init__(self, path: Path, resume: bool):
        try:
            import pyarrow  # noqa: F401  (said now, not when the sweep ends)
        except ImportError:
            raise CaseError(str(path), "--format parquet", "needs pyarrow: pip install 'mtg-layers[research]'") \
                from None
        self.path, self.journal = path, journal_of(path)
        if self.journal.exists() and not resume:
            raise CaseError(str(path), "--format parquet", f"{self.journal} holds the rows of a sweep cut short: "
                                                           "--resume keeps them, or delete that file")
        self.earlier = read_rows(path, "parquet") if resume and path.exists() else []
        if self.journal.exists():
            cut_torn_line(self.journal)
        self.rows = JsonLines(self.journal, resume=True)

    def write(self, rows: list[dict]) -> None:
        self.rows.write(rows)

    def close(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq
        self.rows.close()
        rows = self.earlier + read_rows(self.journal, "jsonl")
        partial = self.path.with_name(self.path.name + ".partial")
        pq.write_table(pa.Table.from_pylist([{k: row.get(k) for k in COLUMNS} for row in rows],
                                            schema=parquet_schema(pa)), partial)
        os.replace(partial, self.path)
        self.journal.unlink()


WRITERS = {"jsonl": JsonLines, "csv": Csv, "parquet": Parquet}


class FactsStore:
    """--store-facts FILE: each solved board's facts (docs/research.md#facts), one JSON object per line
    (`format_version`, `board`, `rules`, `facts`: each fact as clingo prints it), for `query --facts FILE`.
    The rows lose their facts here: the row outputs never carry them."""

    def __init__(self, path: Path, resume: bool):
        self.lines = JsonLines(path, resume)

    def write(self, rows: list[dict], done: set = frozenset()) -> None:
        """The facts of `rows` (popped from each) whose board is not in `done` (--resume: already stored)."""
        stored = []
        for row in rows:
            facts = row.pop(STORED_FACTS, None)
            if facts is not None and row["board"] not in done:
                stored.append({"format_version": row["format_version"], "board": row["board"], "rules": row["rules"],
                               "facts": facts})
        self.lines.write(stored)

    def close(self) -> None:
        self.lines.close()


def stored_boards(path: Path) -> list[dict]:
    """The boards a --store-facts file holds ({board, rules, facts}), a line cut short by a crash left out;
    CaseError when it is not such a file."""
    boards = []
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise CaseError(str(path), "--facts", f"cannot read it: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise CaseError(str(path), "--facts", "not a UTF-8 text file") from None
    for number, line in enumerate(lines, 1):
        try:
            board = json.loads(line)
        except ValueError:
            if number == len(lines):      # a last line cut short
                continue
            raise CaseError(str(path), f"line {number}", "not JSON: not a `sweep --store-facts` file") from None
        if not (isinstance(board, dict) and isinstance(board.get("board"), str)
                and isinstance(board.get("facts"), list)):
            raise CaseError(str(path), f"line {number}", "expected an object with board and facts "
                                                         "(a `sweep --store-facts` file)")
        boards.append(board)
    return boards


def read_rows(path: Path, fmt: str | None = None) -> list[dict]:
    """The rows of a sweep's output (docs/research.md#reading-rows), as dicts with the same keys and values
    in every format: lists and mappings decoded, a key a row lacks (a finding the spec did not ask for,
    an error row's results) is None. `fmt` defaults to the file's suffix."""
    path = Path(path)
    fmt = fmt or next((f for f, suffix in SUFFIXES.items() if path.name.endswith(suffix)), "jsonl")
    if fmt == "jsonl":
        return [full_row(json.loads(line)) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if fmt == "csv":
        with path.open(newline="", encoding="utf-8") as stream:
            return [{k: csv_value(k, v) for k, v in row.items()} for row in csv.DictReader(stream)]
    import pyarrow.parquet as pq
    return pq.read_table(path).to_pylist()


def full_row(row: dict) -> dict:
    """The row with every column (None for those it lacks), as read_rows gives it in every format."""
    return {k: row.get(k) for k in COLUMNS} | row


def csv_value(column: str, text: str):
    if text == "":
        return None
    if column in LISTS:
        return json.loads(text)
    if column in INTEGERS:
        return int(text)
    if column in FLOATS:
        return float(text)
    if column in BOOLEANS:
        return text == "True"
    return text
