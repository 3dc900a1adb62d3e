"""A Control prepared before forking: asp/'s own part of `base` (static_part.py: asp/'s facts and the rules
that read only what asp/ alone defines) grounded once in a parent that forks a child per case (`check`,
`query`, `sweep`'s workers, the page's server, `solve`/`explain` of several files). A child's first
Control starts from it: the board's facts and kept rules are added and `base` is grounded without the
static statements, which already are (clingo keeps the atoms of earlier ground calls: the board's rules
see them). The static statements are a program part of their own: grounding `base` again would ground
them again.

Used once per process, in a forked child only (the parent never grounds a board in it), and only when
every answer is the same as in a fresh Control (`take`): the rule files are the ones it was prepared
with, the analysis of asp/ is at hand, and no fact of the board has a static predicate (static_part.py
assumes none has: a board giving one would see asp/'s rules grounded without it). Otherwise, and for every
later Control of the process (a big board's fresh Control, a second case), a fresh Control as before.
A one-shot `solve` prepares nothing.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from bridge.files.locations import asp_files
from bridge.solving import firing
from bridge.solving.static_part import static_predicates, static_statements

CONTROL_OPTIONS = ("--warn=none",)        # every Control of a board (solver.new_control) is made with these
STATIC_PART = "asp_static"                # the program part of the static statements (asp/ has none so named)
# asp/ states facts of these and the bridge writes them too (the text of every ability of the board:
# vocabulary_facts.py): never static. A board with a fact of another static predicate is solved as before.
BOARD_GIVES_TOO = frozenset({("ability_text", 2)})


@dataclass
class Prepared:
    files: tuple[str, ...]
    parent: int                       # the process that prepared it: it never grounds a board in it
    control: object                   # clingo.Control with STATIC_PART grounded
    index: firing.ProgramIndex
    static: frozenset                 # the static statements (indexes of index.texts): not in a board's program
    predicates: frozenset             # (name, arity) of the predicates only they define


PREPARED: list[Prepared] = []


def warm_up() -> firing.ProgramIndex:
    """The analysis of asp/ and its statements parsed (firing.warm_up), and the static part grounded in a
    Control that the children forked from this process inherit."""
    index = firing.warm_up()
    prepare(tuple(str(path) for path in asp_files()), index)
    return index


def prepare(files: tuple[str, ...], index: firing.ProgramIndex) -> None:
    """Ground the static part of these rule files in a Control of its own (once per process)."""
    if PREPARED or index.statement_predicates is None or index.unknown_heads:
        return
    if any(text.startswith(f"#program {STATIC_PART}") for text in index.texts):
        return                        # the name is taken: prepare nothing rather than mix two parts
    import clingo
    from clingo import ast
    static = static_statements(index.statement_predicates, BOARD_GIVES_TOO)
    control = clingo.Control(list(CONTROL_OPTIONS))
    statements = firing.parsed_statements(files, parse=False)
    if static and statements is not None and len(statements) == len(index.texts):
        with ast.ProgramBuilder(control) as builder:           # parsed once (firing.warm_up): ~3x quicker
            builder.add(ast.Program(statements[static[0]].location, STATIC_PART, []))
            for i in static:
                builder.add(statements[i])
    else:
        control.add(STATIC_PART, [], "\n".join(index.texts[i] for i in static))
    control.ground([(STATIC_PART, [])])
    PREPARED.append(Prepared(files, os.getpid(), control, index, frozenset(static),
                             static_predicates(index.statement_predicates, static)))


def take(files: tuple[str, ...], facts: list) -> Prepared | None:
    """The prepared Control for a board with these facts, in a child forked after `prepare`, once per
    process; None where a fresh Control is made as before (see the module's text)."""
    if not PREPARED or PREPARED[0].parent == os.getpid():
        return None
    prepared = PREPARED.pop()         # once per process: later Controls are fresh
    if prepared.files != files:
        return None
    predicates = prepared.predicates
    if any((fact.name, len(fact.arguments)) in predicates for fact in facts):
        return None                   # the static part was grounded without this fact: it would be wrong
    return prepared
