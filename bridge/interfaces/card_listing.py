"""Cards by the layer and operation kind of their static and characteristic-defining abilities (issue 38):
what `mtg-layers cards list` prints and what a sweep's `pool: {cards_list: ...}` draws. The layer of each
operation is asp/editions.lp's for the rules edition (bridge/solving/operation_layers.py)."""
from __future__ import annotations

from bridge.model.errors import CaseError


def layer_operations(card, layers_of: dict) -> list[tuple[str, str]]:
    """Every (layer, operation kind) of the card's static and CDA abilities, in layer order."""
    found = []
    for ability in card.abilities:
        if ability.is_activated or ability.trigger is not None:
            continue
        effect_kind = "cda" if ability.cda else "static"
        for op in ability.operations:
            layer = layers_of.get((op.kind, effect_kind))
            if layer is not None and (layer, op.kind) not in found:
                found.append((layer, op.kind))
    return sorted(found)            # layer names sort in layer order ("1a" < "2" < "7b" < "7c")


def checked_operations(edition: str, operations, where: str = "--operation") -> dict:
    """The edition's (operation kind, effect kind) -> layer table, once every kind of `operations` is known
    to it (CaseError at `where` for the first that is not)."""
    from bridge.solving.operation_layers import operation_layers
    layers_of = operation_layers(edition)
    known = {kind for kind, _ in layers_of}
    for kind in operations:
        if kind not in known:
            raise CaseError(where, "", f"unknown operation kind {kind!r}; known: " + ", ".join(sorted(known)))
    return layers_of


def cards_by_operation(cards, edition: str = "current", layers=(), operations=(), where: str = "--operation"):
    """[(card, its (layer, kind) list, the pairs the filter chose)] of the cards with an operation of one of
    `layers` (4, 7b, or 7 for every sublayer) and of one of `operations` kinds (no filter when empty); an
    unknown kind is refused (CaseError at `where`)."""
    layers_of = checked_operations(edition, operations, where)
    layers = [str(layer) for layer in layers]
    listed = []
    for card in sorted(cards, key=lambda c: c.name):
        found = layer_operations(card, layers_of)
        chosen = [(layer, kind) for layer, kind in found
                  if (not layers or any(layer == w or layer.rstrip("abcde") == w for w in layers))
                  and (not operations or kind in operations)]
        if chosen:
            listed.append((card, found, chosen))
    return listed


def every_card(store: str | None = None) -> tuple[list, str]:
    """The cards a lookup would give: library.yaml and the shipped pool, or, with `store`, the cards of
    that store (the ones it overrides the pool with); and how to name them."""
    from bridge.cards.catalog import pooled
    from bridge.cards.library import library, stored_card_in
    from bridge.cards.names import folded
    from bridge.cards.pool import default_pool
    if store:
        from bridge.cards.store import CardStore, store_path
        path = store_path(store)
        if not path.is_file():
            raise CaseError(str(path), "", "no card store here (import one with `mtg-layers cards import FILE`)")
        names = CardStore(path).names()
        return [c for c in (stored_card_in(str(path), name) for name in names) if c is not None], \
            f"cards of the store {path}"
    pool = default_pool()
    written = {folded(name) for name in library().names}
    cards = library().all_cards() + [pooled(name) for name in (pool.card_names() if pool else [])
                                     if folded(name) not in written]
    return cards, "cards (library.yaml and the card pool)"
