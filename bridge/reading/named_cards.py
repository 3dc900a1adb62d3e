"""The card names case files and the page's boards give (`card: NAME` in any entry), found without
reading the cases.

`check` and `query` fork a child per case, the page's server a child per request; a card is read
(bridge/cards/catalog.py) in the child that needs it, and the Oracle reader compiles its regular
expressions on a first reading (~100 in a child of `check cases/`, most of the time it spent reading
its case). Reading the named cards once in the parent, before the first fork, leaves every child the
readings and the compiled expressions (issue 37). Nothing here decides anything: a file that cannot
be read, or a name that is no card, is left for its case to report in its own child, with its own
limits.
"""
from __future__ import annotations

import json
import re

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
        except Exception:       # noqa: BLE001 (a CaseError or worse: its child reports it, under its limits)
            continue
        names |= card_names(data)
    return names


# "card": "NAME" in a JSON body (the page's board): a name of at most 200 characters (the name field's length)
JSON_CARD = re.compile(r'"card"\s*:\s*("(?:[^"\\\n]|\\.){1,200}")')
MOST_NAMES = 200


def names_in_json(body: bytes) -> set[str]:
    """The card names a request's JSON body gives, found by a scan of its text, not by parsing it: the
    body is parsed in the request's child, under the limits (a small body can expand to much memory).
    At most MOST_NAMES names; a name that is not a JSON string is skipped."""
    names: set[str] = set()
    for match in JSON_CARD.finditer(body.decode("utf-8", errors="replace")):
        try:
            names.add(json.loads(match.group(1)))
        except ValueError:
            continue
        if len(names) >= MOST_NAMES:
            break
    return names
