"""Cards as the Oracle reader read them, kept beside the byte code for the next process (issue 37).

Reading a card's Oracle text compiles the reader's regular expressions: about 20 ms for the first two
cards of a process, ~2 ms a card on average over `check cases/`. A kept reading loads in about 0.1 ms. A
reading depends on the reader's code, the words it checks against and the card's data: it is kept under
the stamp of every file of the package and the rules (bridge/files/stamped.py), and any change to any of
them makes every reading again.

Only cards looked up by name are kept (a case, the page, `cards show`), not a listing of the whole pool.
The card store's cards (a user's import, which can change under us) are not kept.
"""
from __future__ import annotations

import pickle
from typing import Callable

from bridge.files.stamped import StampedFolder
from bridge.model.card import Card

# at most 5,000 readings (~4 KB each): the pool holds ~30,000 cards, a sweep over all of them is not kept whole
KEPT = StampedFolder("readings", lambda value: pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL), pickle.loads,
                     most=5_000)
READ: dict[tuple[str, str], Card] = {}          # what this process read or loaded, by (source, name)


def kept_reading(source: str, name: str, read: Callable[[], Card]) -> Card:
    """read(), or the reading of `name` from `source` ("library", "pool") kept by an earlier process
    under the same stamp; a reading made here is kept for the next."""
    key = (source, name)
    card = READ.get(key)
    if card is None:
        path = KEPT.path(f"{source}:{name}".encode("utf-8"))
        card = KEPT.load(path, key)
        if not isinstance(card, Card):
            card = read()
            KEPT.keep(path, key, card)
        READ[key] = card
    return card
