"""The card names case files give (`card: NAME` in any entry), found without reading the cases.

`check` and `query` fork a child per case; a card is read (bridge/cards/catalog.py) in the child that
needs it, and the Oracle reader compiles its regular expressions on a first reading (~100 for a few
cards: about a fifth of a small case's CPU). Reading the named cards once in the parent, before the
first fork, leaves every child the readings and the compiled expressions (issue 37). Nothing here
decides anything: a file that cannot be read, or a name that is no card, is left for its case to
report in its own child, with its own limits.
"""
from __future__ import annotations

from bridge.model.errors import CaseError
from bridge.reading.case_keys import STDIN
from bridge.reading.yaml_input import DEFAULT_LIMITS, Limits, read_case_text, read_yaml


def card_names(data) -> set[str]:
    """Every string given under a `card` key, at any depth of a case's data."""
    names: set[str] = set()
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "card" and isinstance(value, str):
                    names.add(value)
                else:
                    stack.append(value)
        elif isinstance(node, list):
            stack.extend(node)
    return names


def names_in_files(paths, limits: Limits = DEFAULT_LIMITS) -> set[str]:
    """The card names of the files that can be read under `limits` (standard input is not read here:
    it can be read once only)."""
    names: set[str] = set()
    for path in paths:
        if str(path) == STDIN:
            continue
        try:
            data, _marks = read_yaml(read_case_text(str(path), str(path), limits), str(path), limits)
        except CaseError:
            continue
        names |= card_names(data)
    return names
