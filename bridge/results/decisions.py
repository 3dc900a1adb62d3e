"""A spell's decisions as the bridge reads them back (decision/2: asp/601 and 707.10), under the keys
`expect: decisions` uses, in the order 601.2 makes them, whatever order clingo lists the atoms in."""
from __future__ import annotations

from collections import defaultdict


# A spell's decisions in the order 601.2 makes them: modes and X, costs announced (601.2b), targets (601.2c),
# division (601.2d), costs paid (601.2h).
DECISION_ORDER = ("modes", "x", "kicked", "replicate", "targets", "divided", "sacrificed", "sacrificed_power",
                  "mana_spent")


def read_decisions(solution) -> dict[str, dict]:
    """Each spell's decisions (decision/2, asp/601 and 707.10) as the keys `expect: decisions` uses."""
    found: dict[str, dict] = defaultdict(dict)
    for atom in sorted(solution.atoms("decision", 2)):      # in an order of their own, not the grounder's
        spell, decision = atom.arguments[0].string, atom.arguments[1]
        d = found[spell]
        args = decision.arguments
        if decision.name == "mode":
            d.setdefault("modes", []).append(args[0].number)
        elif decision.name == "target":
            d.setdefault("targets", {})[args[0].number] = args[1].string
        elif decision.name in ("x", "replicate"):
            d[decision.name] = args[0].number
        elif decision.name == "kicked":
            d["kicked"] = True
        elif decision.name == "divided":
            d.setdefault("divided", {})[args[0].string] = args[1].number
        elif decision.name == "sacrificed":
            d.setdefault("sacrificed", []).append(args[0].string)
    for atom in solution.atoms("sacrificed_power", 2):
        found[atom.arguments[0].string]["sacrificed_power"] = atom.arguments[1].number
    for atom in solution.atoms("mana_spent", 3):
        found[atom.arguments[0].string].setdefault("mana_spent", []).append(atom.arguments[2].string)
    for d in found.values():
        if "targets" in d:
            d["targets"] = [d["targets"][i] for i in sorted(d["targets"])]
        if "divided" in d:                  # 601.2d: the amounts in the order of the targets they are divided among
            order = {target: i for i, target in enumerate(d.get("targets", ()))}
            d["divided"] = dict(sorted(d["divided"].items(),
                                       key=lambda item: (order.get(item[0], len(order)), item[0])))
        for key in ("modes", "sacrificed", "mana_spent"):
            if key in d:
                d[key] = sorted(d[key])
    rank = {key: i for i, key in enumerate(DECISION_ORDER)}       # a key not listed there comes last, never lost
    return {spell: dict(sorted(d.items(), key=lambda item: rank.get(item[0], len(rank)))) for spell, d in found.items()}

