"""613.8c The reasons a carried pair keeps, named for the trace and `facts`: asp/613_8_dependency.lp's part
`kept_reasons`, grounded in a Control of its own over atoms read back from a solve (the solve keeps
them only inside depends/3, without one atom per kept reason and step: issue 37)."""
from __future__ import annotations

import functools

import clingo

from bridge.files.locations import asp_files

RULE_FILE = "613_8_dependency.lp"
READS = {"changes": 4, "carried_pair": 4, "untouched_since": 3}       # what the part's rules read


@functools.lru_cache(maxsize=1)
def rule_file() -> str:
    return str(next(path for path in asp_files() if path.name == RULE_FILE))


def kept_reasons(read) -> list[clingo.Symbol]:
    """The atoms kept_reason(K, A, B, R); `read(name)` gives the read-back atoms of a predicate of READS."""
    carried = read("carried_pair")
    if not carried:                       # no pair carried: nothing kept (and no Control to make)
        return []
    ctl = clingo.Control(["--warn=none"])
    ctl.load(rule_file())
    with ctl.backend() as backend:
        for name in READS:
            for atom in carried if name == "carried_pair" else read(name):
                backend.add_rule([backend.add_atom(atom)])
    ctl.ground([("kept_reasons", [])])
    return [atom.symbol for atom in ctl.symbolic_atoms.by_signature("kept_reason", 4)]
