"""The card pool shipped with the package (bridge/cards/pool.bin): every card in current Oracle wording.

Built by tools/build_card_pool.py from pinned sources (its WHEEL and FORGE_FACES_SHA256; `meta` in the
file says which). The file is zlib-compressed JSON blocks behind a table of where each block lies:

    b"MTGPOOL1", then uint32 N (little-endian), then N + 2 pairs (offset, length) of uint32, then the blocks.

Blocks 0 .. N-1 are the shards: {folded name: entry}, a name's shard being crc32 of its folded form
(bridge/cards/names.py) modulo N. An entry is a card {"name", "card": library mapping, "sources": [source
ids], "missing": [[face, what and why], ...], "declared": [[new_words key, subtype], ...]}, or {"see": card name} for another name of a card (a face,
the full "A // B" name), {"ambiguous": [card names]} for a face name two cards share, or {"same_fold":
{exact name casefolded: card}} for two names that fold alike ("Lava Axe", "Lava, Axe"). Block N is
`meta` (sources and their dates, counts, every gap the build found), block N + 1 every name, one per line.
A lookup reads one or two small blocks (about 0.3 ms), never the pool; no archive library is imported
(zipfile costs a solve about 9 ms: bz2, lzma and a directory of a thousand entries)."""
from __future__ import annotations

import functools
import json
import os
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

from bridge.cards.names import folded
from bridge.files.locations import CARDS_FOLDER

POOL_FILE = CARDS_FOLDER / "pool.bin"
MAGIC = b"MTGPOOL1"
SHARDS = 1024
PAIR = struct.Struct("<II")


def shard(folded_name: str) -> int:
    return zlib.crc32(folded_name.encode("utf-8")) % SHARDS


def write_pool_file(path: Path, shards: list[dict], meta: dict, names: list[str]) -> None:
    """The file's layout (above), written by tools/build_card_pool.py."""
    blocks = [zlib.compress(json.dumps(s, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode(), 9)
              for s in shards]
    blocks.append(zlib.compress(json.dumps(meta, ensure_ascii=False, indent=1, sort_keys=True).encode(), 9))
    blocks.append(zlib.compress("\n".join(names).encode(), 9))
    offset = len(MAGIC) + 4 + PAIR.size * len(blocks)
    table = []
    for block in blocks:
        table.append(PAIR.pack(offset, len(block)))
        offset += len(block)
    path.write_bytes(MAGIC + struct.pack("<I", len(shards)) + b"".join(table) + b"".join(blocks))


class AmbiguousName(LookupError):
    def __init__(self, name: str, cards: tuple[str, ...], why: str = "face"):
        super().__init__(f"{name!r} is a face of {' and of '.join(cards)}: give the card's full name" if why == "face"
                         else f"{name!r} could be {' or '.join(repr(c) for c in cards)}: spell it exactly")
        self.cards = cards


@dataclass(frozen=True)
class PoolCard:
    name: str
    mapping: dict
    sources: tuple[str, ...]      # where each fact came from, as `meta` names them
    missing: tuple[tuple[str, str], ...] = ()     # (face, what the sources lack and why)
    declared: tuple[tuple[str, str], ...] = ()    # (new_words key, word): subtypes the rules do not list


class CardPool:
    def __init__(self, path: Path = POOL_FILE):
        self.path = Path(path)
        self._opened: tuple[int, object] | None = None

    def _file(self):
        """The open file, one per process: a forked child (the web server's, check --jobs) opens its own
        rather than share a file offset with its parent."""
        if self._opened is None or self._opened[0] != os.getpid():
            handle = self.path.open("rb")
            if handle.read(len(MAGIC)) != MAGIC:
                raise ValueError(f"{self.path} is not a card pool file")
            self._opened = (os.getpid(), handle)
        return self._opened[1]

    @functools.lru_cache(maxsize=None)
    def _block(self, index: int) -> bytes:
        handle = self._file()
        handle.seek(len(MAGIC) + 4 + PAIR.size * index)
        offset, length = PAIR.unpack(handle.read(PAIR.size))
        handle.seek(offset)
        return zlib.decompress(handle.read(length))

    @functools.lru_cache(maxsize=None)
    def _shard(self, index: int) -> dict:
        return json.loads(self._block(index))

    def _entry(self, key: str) -> dict | None:
        return self._shard(shard(key)).get(key)

    def lookup(self, name: str) -> PoolCard | None:
        """The card `name` names (its own name or a face's, forgiving case, accents and punctuation).
        A face name two cards share raises AmbiguousName."""
        entry = self._entry(folded(name))
        if entry is None:
            return None
        if "ambiguous" in entry:
            raise AmbiguousName(name, tuple(entry["ambiguous"]))
        if "see" in entry:
            entry = self._entry(folded(entry["see"]))
        if "same_fold" in entry:                  # "Lava Axe" and "Lava, Axe": the exact spelling decides
            choices = entry["same_fold"]
            if name.strip().casefold() not in choices:
                raise AmbiguousName(name, tuple(e["name"] for e in choices.values()), "spelling")
            entry = choices[name.strip().casefold()]
        return PoolCard(entry["name"], entry["card"], tuple(entry["sources"]),
                        tuple((face, why) for face, why in entry.get("missing", ())),
                        tuple((key, word) for key, word in entry.get("declared", ())))

    @functools.cached_property
    def meta(self) -> dict:
        return json.loads(self._block(SHARDS))

    @functools.cached_property
    def names(self) -> tuple[str, ...]:
        """Every card name and face name, for suggestions and search (read only when one is needed)."""
        return tuple(self._block(SHARDS + 1).decode("utf-8").splitlines())

    def card_names(self) -> list[str]:
        """Every card's own name (reads every shard: for coverage, not for lookups)."""
        return [card["name"] for i in range(SHARDS) for entry in self._shard(i).values()
                for card in (entry["same_fold"].values() if "same_fold" in entry else [entry]) if "card" in card]

    def source_text(self, card: PoolCard) -> str:
        """Where the card's facts come from, and when, in words."""
        sources = self.meta["sources"]
        return "; ".join(sources[s]["describe"] for s in card.sources if s in sources)


@functools.lru_cache(maxsize=1)
def default_pool() -> CardPool | None:
    """The shipped pool, or None in a checkout where it was not built."""
    return CardPool(POOL_FILE) if POOL_FILE.is_file() else None
