"""The rules that can fire on a board: asp/ holds ~2,300 rules and a board's facts can set off 56-80 %
of them (the bundled cases); grounding the others costs time (each ground call prepares every rule
of its part, whether anything matches or not) and gives nothing.

A rule can fire only when every predicate of its positive body can hold: a predicate of the board's
facts, or the head of a rule that can fire (a fixpoint over the whole program, every part and every
step together, so a predicate that an earlier or later ground call derives counts). What does not
count as a need, because it can hold over an empty predicate: `not p`, an aggregate (`#count{...} = 0`),
a conditional literal (`p : q` holds when nothing is q), a comparison. Every head of a rule that can
fire can hold: an atom, each atom of a disjunction (`a; b`, `a(X) : b(X)`). Leaving out a rule that cannot fire leaves the ground program as it was (a rule whose
positive body has an empty predicate has no ground instance), so every atom the bridge reads back is
the same: tests/test_firing.py solves every bundled case and generated boards both ways and compares
every atom of every Control.

What is kept whatever the facts: every statement that is not a rule (`#program` with its parameters,
`#show`, `#const`, ...); an `#external` is kept and its atoms count as ones that can hold. A rule
whose head this analysis cannot name (a choice, a theory atom) makes it keep every rule.
The facts of every ground call are known before the first (the case's, and those the solver passes to
a fresh Control); Python adds nothing between ground calls.

The analysis (~2,500 statements parsed by clingo, each rule's printed text read by a small scanner:
~270 ms of CPU) is done once per process, or read from a copy kept beside the byte code, made again
when the content of asp/ changes (bridge/files/derived.py).
"""
from __future__ import annotations

import atexit
import re
from pathlib import Path

from bridge.files.derived import derived_from_files
from bridge.files.locations import asp_files

Signature = tuple  # (name, arity, positive): a predicate (classical negation `-p` is positive=False)
FORMAT = 1


def analyse(sources: list[tuple[str, bytes]]) -> dict:
    """Each statement of the rule files as (text, needs, heads): its text as clingo prints it, needs and
    heads as lists of signatures; needs is None for a statement kept whatever the facts, heads is None
    for a rule whose head this analysis cannot name (then nothing is left out: see ProgramIndex)."""
    from clingo import ast
    statements = []
    for _, content in sources:
        ast.parse_string(content.decode("utf-8"), statements.append)
    rows = []
    for statement in statements:
        kind = statement.ast_type
        if kind == ast.ASTType.Comment:
            continue
        text = str(statement)
        if kind == ast.ASTType.External:            # `#external p(X) : q(X).`: its atoms exist, true or not
            atom = split_at(TOKEN.findall(text.rstrip().removesuffix("."))[1:], ":")[0]
            heads = atom_signatures(atom)
            rows.append((text, [], None if heads is None else sorted(heads)))
            continue
        if kind != ast.ASTType.Rule:
            rows.append((text, None, None))
            continue
        needs, heads = rule_shape(text)
        rows.append((text, sorted(needs), None if heads is None else sorted(heads)))
    return {"format": FORMAT, "statements": rows}


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


INDEXES: dict = {}


def program_index(files: tuple[str, ...], compute: bool = True) -> "ProgramIndex | None":
    """The analysis of the rule files, once per process and kept between processes by content; None
    when it is neither done nor kept and `compute` is false."""
    index = INDEXES.get(files)
    if index is None:
        data = derived_from_files("firing", [Path(f) for f in files], analyse if compute else None, FORMAT)
        if data is None:
            return None
        index = INDEXES[files] = ProgramIndex(data["statements"])
    return index


class ProgramIndex:
    """Which statements to give a Control for a set of fact signatures."""

    def __init__(self, rows: list):
        self.texts = [text for text, _, _ in rows]
        self.always = [i for i, (_, needs, _) in enumerate(rows) if needs is None]
        self.heads = {i: [tuple(h) for h in heads or ()] for i, (_, needs, heads) in enumerate(rows) if needs is not None}
        # a rule whose head is not known could make anything hold: then every rule is kept
        self.unknown_heads = [text for text, needs, heads in rows if needs is not None and heads is None]
        self.needs = {i: {tuple(n) for n in needs} for i, (_, needs, _) in enumerate(rows) if needs is not None}
        self.waiting_on: dict[Signature, list[int]] = {}     # signature -> the rules that need it
        self.free = []                                       # rules that need no predicate
        for i, needs in self.needs.items():
            if not needs:
                self.free.append(i)
            for signature in needs:
                self.waiting_on.setdefault(signature, []).append(i)
        self.rules = len(self.needs)
        self._programs: dict[frozenset, str] = {}

    def firing(self, signatures) -> list[int]:
        """The rules (statement indexes) that can fire when the facts have these signatures."""
        if self.unknown_heads:
            return list(self.needs)
        missing = {i: len(needs) for i, needs in self.needs.items()}
        known: set = set()
        queue = list(signatures)
        fired = list(self.free)
        for i in self.free:
            queue += self.heads[i]
        while queue:
            signature = queue.pop()
            if signature in known:
                continue
            known.add(signature)
            for i in self.waiting_on.get(signature, ()):
                missing[i] -= 1
                if missing[i] == 0:
                    fired.append(i)
                    queue += self.heads[i]
        return fired

    def kept(self, signatures) -> list[int]:
        """The statements to ground for facts of these signatures, in their order."""
        return sorted(set(self.firing(signatures)).union(self.always))

    def program(self, signatures) -> str:
        """The text of the statements to ground for facts of these signatures, in their order."""
        kept = frozenset(self.firing(signatures))
        text = self._programs.get(kept)
        if text is None:
            chosen = sorted(kept.union(self.always))
            text = "\n".join(self.texts[i] for i in chosen)
            if len(self._programs) < 64:
                self._programs[kept] = text
        return text


PARSED: dict = {}


def parsed_statements(files: tuple[str, ...], parse: bool = True) -> list | None:
    """The statements of the rule files as clingo's AST, in the order of the analysis (ProgramIndex.texts),
    parsed once per process (~35 ms): adding the kept ones to a Control then costs ~5 ms against ~14 ms
    for parsing their text. None when not parsed yet and `parse` is false."""
    statements = PARSED.get(files)
    if statements is None and parse:
        from clingo import ast
        statements = []
        for file in files:
            ast.parse_string(Path(file).read_text(encoding="utf-8"), statements.append)
        if not PARSED:            # freed before clingo's module is torn down (else a message at exit)
            atexit.register(PARSED.clear)
        statements = PARSED[files] = [s for s in statements if s.ast_type != ast.ASTType.Comment]
    return statements


def warm_up() -> "ProgramIndex":
    """The analysis of asp/ and its statements parsed, done now (before forking children that each solve
    boards)."""
    files = tuple(str(path) for path in asp_files())
    parsed_statements(files)
    return program_index(files)


def fact_signatures(facts) -> set:
    return {(fact.name, len(fact.arguments), fact.positive) for fact in facts}
