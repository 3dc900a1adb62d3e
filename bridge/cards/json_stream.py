"""Reading a 100+ MB card data file one card at a time, within limits (issue 36): ijson's events are
built into values here, so that nesting deeper than any card has, and a string longer than any card
has, are refused as they are met, in time and memory that grow with the file, not faster.

ijson's own item builder keeps a prefix string per level (200 KB of '[' took 8 GB), and its parser
grows a long string in steps (30 MB of one string: 19 s): the stream is watched for both first."""
from __future__ import annotations

from typing import IO, Iterator

from bridge.model.errors import CaseError

MOST_DEPTH = 32                  # a card of MTGJSON or Scryfall nests 5 levels; 32 leaves room
MOST_STRING_BYTES = 1_000_000    # the longest Oracle text is ~1,300 characters


class GuardedStream:
    """The file's bytes as ijson reads them, refused once a run without a quote (the inside of a
    string, or of a number or spaces) is longer than MOST_STRING_BYTES: checked with bytes.find, at
    the speed of reading."""

    def __init__(self, stream: IO[bytes], file: str):
        self.stream, self.file = stream, file
        self.run = 0              # bytes since the last quote
        self.offset = 0

    def read(self, size: int = -1) -> bytes:
        chunk = self.stream.read(size)
        first = chunk.find(b'"')
        longest = self.run + (len(chunk) if first < 0 else first)
        if longest > MOST_STRING_BYTES:
            raise CaseError(self.file, "", f"a string (or a run of bytes without a quote) of more than "
                                           f"{MOST_STRING_BYTES:,} bytes before byte {self.offset + len(chunk):,}; "
                                           "no card has one so long; nothing was imported")
        self.run = longest if first < 0 else len(chunk) - chunk.rfind(b'"') - 1
        if len(chunk) > MOST_STRING_BYTES:          # a caller asking for large reads: look inside too
            for part in chunk.split(b'"')[1:-1]:
                if len(part) > MOST_STRING_BYTES:
                    raise CaseError(self.file, "", f"a string of more than {MOST_STRING_BYTES:,} bytes; "
                                                   "no card has one so long; nothing was imported")
        self.offset += len(chunk)
        return chunk


def top_values(stream: IO[bytes], file: str, under: str | None = None) -> Iterator[tuple[object, object]]:
    """(index, value) of each item of the top-level list, or with `under`, (key, value) of each entry
    of the mapping at the top-level key `under` (MTGJSON's "data"); other top-level keys are skipped."""
    import ijson
    stack: list[list] = []      # [container, its pending key, its key path for messages]
    counts: list[int] = []
    for event, value in ijson.basic_parse(GuardedStream(stream, file), use_float=True):
        if event in ("start_map", "start_array"):
            if len(stack) >= MOST_DEPTH:
                raise CaseError(file, where(stack), f"nested more than {MOST_DEPTH} levels deep; no card data "
                                                    "is; nothing was imported")
            stack.append([{} if event == "start_map" else [], None])
            counts.append(0)
            continue
        if event == "map_key":
            stack[-1][1] = value
            continue
        done = stack.pop()[0] if event in ("end_map", "end_array") else value
        if event in ("end_map", "end_array"):
            counts.pop()
        if not stack:
            continue
        container, key = stack[-1]
        if under is None and len(stack) == 1:
            yield counts[-1], done
            counts[-1] += 1
        elif under is not None and len(stack) == 2 and stack[0][1] == under and isinstance(container, dict):
            yield key, done
        elif len(stack) == 1:
            continue                                   # another top-level key (MTGJSON's meta): not kept
        elif isinstance(container, dict):
            container[key] = done
        else:
            container.append(done)


def where(stack: list[list]) -> str:
    """The key path of the innermost value being built (as far as maps tell it)."""
    return ".".join(str(key) for _, key in stack if key is not None)[:200]
