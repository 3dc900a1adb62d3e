"""A card by name, wherever it is: the library written by hand (bridge/cards/library.yaml) first, then
the local card store (`mtg-layers cards import`, newer data a user brought), then the shipped pool of
every card (bridge/cards/pool.bin). Names are forgiving (bridge/cards/names.py)."""
from __future__ import annotations

import contextlib
import dataclasses
import functools
import signal
import threading
import time
from dataclasses import dataclass

from bridge.cards.kept_readings import kept_reading
from bridge.cards.library import library, parse_card, stored_card_in
from bridge.cards.names import folded, named_face
from bridge.cards.pool import AmbiguousName, default_pool
from bridge.model.card import Card
from bridge.vocabulary.reader import Reader
from bridge.vocabulary.words import TRUSTED_WORDS

LIBRARY = "built-in library (bridge/cards/library.yaml, written by hand)"


@dataclass(frozen=True)
class FoundCard:
    card: Card
    raw: dict                       # the card's mapping, as its source has it
    source: str                     # where it came from, in words (with the data's date)
    face: tuple[str, str] | None    # (key, what) when the name named a face other than the front


class UnknownCard(LookupError):
    """No card of that name; the message says what was looked in and the closest names."""


def find_card(name: str, store_path=None, suggest: bool = True) -> FoundCard:
    """The card `name` names; UnknownCard (with suggestions, unless `suggest` is false) when there is none."""
    lib = library()
    proper = lib.lookup(name) or lib.lookup_folded(folded(name))
    if proper is not None:
        raw = lib.raw(proper)
        return FoundCard(kept_reading("library", proper, lambda: lib.card(proper)), raw, LIBRARY,
                         named_face(name, raw))
    store = open_store(store_path)
    if store is not None:
        found = store.lookup(name) or store.lookup(folded(name))
        if found is not None:
            proper, raw = found
            return FoundCard(stored_card_in(str(store.path), proper), raw, f"card store {store.path}",
                             named_face(name, raw))
    pool = default_pool()
    if pool is not None:
        try:
            entry = pool.lookup(name)
        except AmbiguousName as error:
            raise UnknownCard(str(error)) from None
        if entry is not None:
            return FoundCard(kept_reading("pool", entry.name, lambda: pooled(entry.name)), entry.mapping, "card pool: " + pool.source_text(entry),
                             named_face(name, entry.mapping))
    raise UnknownCard(f"unknown card {name!r}" + (did_you_mean(name) if suggest else ""))


# The most time a parent spends reading cards ahead of its children: no child's deadline covers it.
READ_AHEAD_SECONDS = 10.0


class ReadingAheadTooLong(BaseException):
    """Raised by the timer of read_ahead (a BaseException: no `except Exception` on the way swallows it); the
    rest is read by the children that need it."""


def read_ahead(names, seconds: float = READ_AHEAD_SECONDS) -> None:
    """Read the named cards now, so that later lookups, in this process or in its forked children, find them
    read (check, query and the page fork a child per case: bridge/reading/named_cards.py). Never raises: a name
    that is no card, or a card that cannot be read, is reported by the child that needs it. At most `seconds`:
    in the main thread a timer interrupts a reading that would not end; elsewhere (the page's request threads)
    no card is begun after them."""
    deadline = time.monotonic() + seconds
    with timer(seconds):
        for name in sorted(names):
            if time.monotonic() > deadline:
                return
            try:
                find_card(name, suggest=False)
            except ReadingAheadTooLong:
                return
            except Exception:       # noqa: BLE001 (the child that reads it reports it, under its limits)
                pass


@contextlib.contextmanager
def timer(seconds: float):
    """SIGALRM after `seconds` raises ReadingAheadTooLong, in the main thread only (signals go there)."""
    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread() or \
            signal.getsignal(signal.SIGALRM) not in (signal.SIG_DFL, None):
        yield
        return

    def too_long(signum, frame):
        raise ReadingAheadTooLong()
    signal.signal(signal.SIGALRM, too_long)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except ReadingAheadTooLong:
        pass
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)


def open_store(store_path=None):
    from bridge.cards.store import CardStore, default_store
    from bridge.cards.store import store_path as default_path
    if store_path is None:
        return default_store()
    path = default_path(str(store_path))
    return CardStore(path) if path.is_file() else None


def rulings_of(name: str, store_path=None) -> list[dict]:
    """The rulings the card store keeps for a card ([{date, text}], from imported MTGJSON data), whichever
    source gave its characteristics: the library and the pool carry none."""
    store = open_store(store_path)
    if store is None:
        return []
    try:
        return store.rulings(name)
    finally:
        if store_path is not None:          # a connection of its own (a request's thread): closed
            store.close()


@functools.lru_cache(maxsize=4096)
def pooled(proper: str) -> Card:
    """A pool card, with the facts its sources lack (Card.missing)."""
    entry = default_pool().lookup(proper)
    card = parse_card(Reader("bridge/cards/pool.bin", TRUSTED_WORDS), entry.name, entry.mapping, entry.name,
                      library=True)
    if entry.missing or entry.declared:
        card = dataclasses.replace(card, missing=entry.missing, declared=entry.declared)
    return card


def did_you_mean(name: str, n: int = 3) -> str:
    """' (did you mean ...?)': names that start with what was typed ("Valki" -> 'Valki, God of Lies'), then
    the closest spellings of a whole name or of its part before a comma ("Valkii" -> 'Valki, God of
    Lies'), compared in the forgiving form."""
    import difflib  # only when there is a mistake to name
    key = folded(name)
    by_key = suggestion_keys()
    starting = sorted((k for k in by_key if k.startswith(key + " ")), key=len)[:n] if key else []
    close = difflib.get_close_matches(key, list(by_key), n=n, cutoff=0.75)
    found = list(dict.fromkeys(by_key[k] for k in [*starting, *close]))[:n]
    return " (did you mean " + " or ".join(repr(f) for f in found) + "?)" if found else ""


@functools.lru_cache(maxsize=1)
def suggestion_keys() -> dict[str, str]:
    """Folded name (and folded part before a comma) -> name, over every name a lookup knows."""
    by_key: dict[str, str] = {}
    for key, known in folded_names():
        by_key.setdefault(key, known)
        if "," in known:
            by_key.setdefault(folded(known.split(",")[0]), known)
    return by_key


def all_names() -> list[str]:
    """Every name a lookup knows (library, pool), for suggestions and search."""
    names = list(library().names)
    pool = default_pool()
    if pool is not None:
        names += pool.names
    return names


@functools.lru_cache(maxsize=1)
def folded_names() -> tuple[tuple[str, str], ...]:
    """(folded form, name) of every name a lookup knows, made once per process (typeahead search)."""
    return tuple((folded(name), name) for name in dict.fromkeys(all_names()))


def names_holding(words) -> list[str]:
    """Every name a lookup knows (library, pool) holding each of `words`, compared in the forgiving form,
    shortest first: `cards search`, the page's card search, a sweep's `card_pool:`."""
    wanted = [w for word in words for w in folded(word).split()]
    found = {name for key, name in folded_names() if all(w in key for w in wanted)}
    return sorted(found, key=lambda n: (len(n), n))
