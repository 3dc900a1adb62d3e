"""The layer of each kind of operation, as asp/editions.lp states it per rules edition (613.1-613.4 and
their earlier forms): read by solving that file alone, so that no layer is decided in Python."""
from __future__ import annotations

from functools import lru_cache

import clingo

from bridge.files.locations import asp_files

EDITION_CONSTANTS = {"current": "current", "m10": "m10", "pre-m10": "pre_m10"}


@lru_cache(maxsize=None)
def operation_layers(edition: str = "current") -> dict[tuple[str, str], str]:
    """(operation kind, effect kind: static | cda | resolved | counter | rule) -> layer ("4", "7b")."""
    control = clingo.Control(["--warn=none"])
    control.load(str(next(f for f in asp_files() if f.name == "editions.lp")))
    with control.backend() as backend:
        atom = backend.add_atom(clingo.Function("rules_edition", [clingo.Function(EDITION_CONSTANTS[edition])]))
        backend.add_rule([atom])
    control.ground([("base", [])])
    table = {}
    for symbol in control.symbolic_atoms.by_signature("op_layer", 4):
        of_edition, kind, effect_kind, layer = symbol.symbol.arguments
        if of_edition.name == EDITION_CONSTANTS[edition]:
            table[(kind.name, effect_kind.name)] = layer.string
    return table
