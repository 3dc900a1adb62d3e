"""The card pool shipped with the package (bridge/cards/pool.zip): every card in current Oracle wording.

Built by tools/build_card_pool.py from pinned sources (its `SOURCES`, and `meta.json` in the file).
The zip holds `meta.json` (sources, date, counts, the gaps the build found), `names.txt` (every name
and face name, for "did you mean" and search) and 256 shards each of `names/XX.json` (folded name ->
card name) and `cards/XX.json` (card name -> {"card": library mapping, "sources": [source ids]}), the
shard of a name being crc32 of its folded form. A lookup reads two small shards, never the pool."""
from __future__ import annotations

import functools
import json
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from bridge.cards.names import folded
from bridge.files.locations import CARDS_FOLDER

POOL_FILE = CARDS_FOLDER / "pool.zip"
SHARDS = 256


def shard(folded_name: str) -> str:
    return f"{zlib.crc32(folded_name.encode('utf-8')) % SHARDS:02x}"


class AmbiguousName(LookupError):
    def __init__(self, name: str, cards: tuple[str, ...]):
        super().__init__(f"{name!r} is a face of {' and of '.join(cards)}: give the card's full name")
        self.cards = cards


@dataclass(frozen=True)
class PoolCard:
    name: str
    mapping: dict
    sources: tuple[str, ...]      # where each fact came from, as `meta.json` names them
    missing: tuple[tuple[str, str], ...] = ()     # (face, what the sources lack and why)


class CardPool:
    def __init__(self, path: Path = POOL_FILE):
        self.path = Path(path)
        self._zip = zipfile.ZipFile(self.path)

    @functools.cached_property
    def meta(self) -> dict:
        return json.loads(self._zip.read("meta.json"))

    @functools.lru_cache(maxsize=None)
    def _shard(self, kind: str, key: str) -> dict:
        return json.loads(self._zip.read(f"{kind}/{key}.json"))

    def lookup(self, name: str) -> PoolCard | None:
        """The card `name` names (its own name or a face's, forgiving case, accents and punctuation).
        A face name two cards share raises AmbiguousName."""
        key = folded(name)
        proper = self._shard("names", shard(key)).get(key)
        if proper is None:
            return None
        if isinstance(proper, list):
            raise AmbiguousName(name, tuple(proper))
        entry = self._shard("cards", shard(folded(proper)))[proper]
        return PoolCard(proper, entry["card"], tuple(entry["sources"]),
                        tuple((face, why) for face, why in entry.get("missing", ())))

    @functools.cached_property
    def names(self) -> tuple[str, ...]:
        """Every card name and face name, for suggestions and search (read only when one is needed)."""
        return tuple(self._zip.read("names.txt").decode("utf-8").splitlines())

    def card_names(self) -> list[str]:
        """Every card's own name (reads every shard: for coverage, not for lookups)."""
        return [name for i in range(SHARDS) for name in self._shard("cards", f"{i:02x}")]

    def source_text(self, card: PoolCard) -> str:
        """Where the card's facts come from, and when, in words."""
        sources = self.meta["sources"]
        return "; ".join(sources[s]["describe"] for s in card.sources if s in sources)


@functools.lru_cache(maxsize=1)
def default_pool() -> CardPool | None:
    """The shipped pool, or None in a checkout where it was not built."""
    return CardPool(POOL_FILE) if POOL_FILE.is_file() else None
