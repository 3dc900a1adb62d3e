"""A rule's text as clingo prints it, read by a small scanner (bridge/solving/firing.py): the predicates its
positive body needs and those its head can make true."""
from __future__ import annotations

import re

# Tokens of a rule as clingo prints it (no comments; a string may hold any character).
TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|:-|\.\.|#?[A-Za-z_\'][A-Za-z0-9_\']*|\d+|!=|<=|>=|\S')
OPEN, CLOSE = set("({["), set(")}]")


def split_at(tokens: list[str], separator: str, depth: int = 0) -> list[list[str]]:
    """The tokens cut at each `separator` found at this depth of brackets."""
    parts, current, level = [], [], 0
    for token in tokens:
        if token in CLOSE:
            level -= 1
        if token == separator and level == depth:
            parts.append(current)
            current = []
        else:
            current.append(token)
        if token in OPEN:
            level += 1
    parts.append(current)
    return parts


def rule_shape(text: str) -> tuple[set, set | None]:
    """(needs, heads) of a rule printed by clingo: needs are the predicates of its positive body's plain
    atoms (not `not p`, not an aggregate, not a conditional literal, not a comparison); heads the
    predicates its head can make true (None: a head form this analysis does not know)."""
    tokens = TOKEN.findall(text.rstrip().removesuffix("."))
    head_and_body = split_at(tokens, ":-")
    head, body = head_and_body[0], (head_and_body[1] if len(head_and_body) > 1 else [])
    needs = set()
    for element in split_at(body, ";") if body else []:
        if not element or element[0] == "not" or len(split_at(element, ":")) > 1:
            continue
        signatures = atom_signatures(element)
        if signatures is not None and len(signatures) == 1:   # p(1,2;3) in a body: several rules, no need said
            needs |= signatures
    heads: set | None = set()
    if head != ["#false"]:
        for element in split_at(head, ";"):
            signatures = atom_signatures(split_at(element, ":")[0])
            if signatures is None:                             # a choice, an aggregate, a theory atom
                return needs, None
            heads |= signatures
    return needs, heads


def closing(tokens: list[str], start: int) -> int:
    """The index of the bracket that closes the one at `start`."""
    level = 0
    for index in range(start, len(tokens)):
        level += (tokens[index] in OPEN) - (tokens[index] in CLOSE)
        if level == 0:
            return index
    return len(tokens)


def atom_signatures(tokens: list[str]) -> set | None:
    """The signatures of a plain atom's tokens (several for a pool such as p(1,2;3)), or None when the
    tokens are something else (a comparison, an aggregate, #true)."""
    positive = True
    if tokens[:1] == ["-"]:
        positive, tokens = False, tokens[1:]
    if not tokens or not re.fullmatch(r"[a-z_\'][A-Za-z0-9_\']*", tokens[0]):
        return None
    if len(tokens) == 1:
        return {(tokens[0], 0, positive)}
    if tokens[1] != "(" or closing(tokens, 1) != len(tokens) - 1:
        return None
    inside = tokens[2:-1]
    return {(tokens[0], len(split_at(alternative, ",")) if alternative else 0, positive)
            for alternative in split_at(inside, ";")}
