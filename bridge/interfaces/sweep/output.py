"""Where a sweep's rows go, as they come: JSON Lines (default), CSV, Parquet (pyarrow, the
`research` extra); and, for --resume, which boards an output already holds."""
from __future__ import annotations

import csv
import json
import os
from pathlib import Path

from bridge.model.errors import CaseError
from bridge.solving.runner import KILLED_FROM_OUTSIDE

SUFFIXES = {"jsonl": ".jsonl", "csv": ".csv", "parquet": ".parquet"}
# The columns of CSV and Parquet, in order (JSON Lines rows carry the same keys).
COLUMNS = ("format_version", "board", "cards", "controllers", "rules", "error", "steps", "characteristics",
           "loops", "overrides", "order_sensitive", "edition_difference", "query")
LISTS = ("cards", "controllers", "loops", "overrides", "query")
INTEGERS = ("format_version", "steps")
BOOLEANS = ("order_sensitive", "edition_difference")


def done_boards(path: Path, fmt: str) -> set[str]:
    """The boards an earlier run wrote (--resume); a JSON Lines line cut short by a crash is ignored, and
    so is a row whose child was killed from outside (not the board's own outcome: solved again)."""
    if not path.exists():
        return set()
    if fmt == "jsonl":
        found = set()
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                row = json.loads(line)
                if not killed(row.get("error")):
                    found.add(row["board"])
            except (ValueError, KeyError, TypeError, AttributeError):
                continue
        return found
    if fmt == "csv":
        with path.open(newline="", encoding="utf-8") as stream:
            return {row["board"] for row in csv.DictReader(stream) if row.get("board") and not killed(row.get("error"))}
    import pyarrow.parquet as pq
    table = pq.read_table(path, columns=["board", "error"]).to_pydict()
    return {board for board, error in zip(table["board"], table["error"]) if not killed(error)}


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


class Parquet:
    """Row groups as batches come, into FILE.partial; renamed to FILE when the sweep ends (Parquet is
    readable only once closed: a sweep that may be cut short is safer in JSON Lines). On --resume the
    earlier rows are copied first."""

    def __init__(self, path: Path, resume: bool):
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise CaseError(str(path), "--format parquet", "needs pyarrow: pip install 'mtg-layers[research]'") \
                from None
        self.pa, self.path, self.partial = pa, path, path.with_name(path.name + ".partial")
        self.schema = pa.schema([("format_version", pa.int64()), ("board", pa.string()),
                                 ("cards", pa.list_(pa.string())), ("controllers", pa.list_(pa.string())),
                                 ("rules", pa.string()), ("error", pa.string()), ("steps", pa.int64()),
                                 ("characteristics", pa.string()), ("loops", pa.list_(pa.list_(pa.string()))),
                                 ("overrides", pa.list_(pa.list_(pa.string()))), ("order_sensitive", pa.bool_()),
                                 ("edition_difference", pa.bool_()), ("query", pa.list_(pa.string()))])
        self.writer = pq.ParquetWriter(self.partial, self.schema)
        if resume and path.exists():
            self.writer.write_table(pq.read_table(path).cast(self.schema))

    def write(self, rows: list[dict]) -> None:
        if rows:
            self.writer.write_table(self.pa.Table.from_pylist([{k: row.get(k) for k in COLUMNS} for row in rows],
                                                             schema=self.schema))

    def close(self) -> None:
        self.writer.close()
        os.replace(self.partial, self.path)


WRITERS = {"jsonl": JsonLines, "csv": Csv, "parquet": Parquet}


def read_rows(path: Path, fmt: str) -> list[dict]:
    """The rows of an output, as dicts (lists decoded), for tests and notebooks."""
    if fmt == "jsonl":
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if fmt == "csv":
        with path.open(newline="", encoding="utf-8") as stream:
            return [{k: csv_value(k, v) for k, v in row.items()} for row in csv.DictReader(stream)]
    import pyarrow.parquet as pq
    return pq.read_table(path).to_pylist()


def csv_value(column: str, text: str):
    if text == "":
        return None
    if column in LISTS:
        return json.loads(text)
    if column in INTEGERS:
        return int(text)
    if column in BOOLEANS:
        return text == "True"
    return text
