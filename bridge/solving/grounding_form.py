"""asp/'s rules in the form given to the grounder: each anonymous variable of a positive body literal named.

gringo projects a positive body literal with an anonymous variable (`edit(k, phase, _, _, _, X)`) onto a
hidden predicate of its other arguments, through a statement of its own; clingo 5.8 keeps those statements
outside every `#program` part and converts and analyses all of them again at every ground call of the
Control, whatever the call grounds. asp/ has ~350 of them, a board makes 14-21 ground calls, and they were
more than half of what an empty ground call costs (1.56 -> 0.67 ms after a generate.py 40/8 board's solve:
benchmarks/ground_calls.py --only projection).
A named variable that occurs once makes no projection and means the same: the rule has the same ground
atoms (every atom compared with and without: tests/test_grounding_form.py on generated boards,
tests/test_firing.py on bundled cases, whose "every rule" side loads asp/ as written). Only what clingo
is given changes; asp/ keeps its `_`.

Done once per content of asp/, in the analysis that is kept between processes (firing.analyse): clingo's
AST transformer costs ~0.4 s over asp/'s rules."""
from __future__ import annotations

import itertools
import re

from clingo import ast

# An anonymous variable in a statement's printed text (a quick test before the AST is walked).
ANONYMOUS = re.compile(r"(?<![A-Za-z0-9_'])_(?![A-Za-z0-9_'])")
# The names given (no variable of asp/ begins so: tests/test_grounding_form.py).
PREFIX = "Anonymous_"


class NameAnonymous(ast.Transformer):
    """Gives each anonymous variable it visits a name of its own."""

    def __init__(self) -> None:
        self.numbers = itertools.count()

    def visit_Variable(self, variable):
        if variable.name != "_":
            return variable
        return ast.Variable(variable.location, f"{PREFIX}{next(self.numbers)}")


def is_positive_atom(literal) -> bool:
    return (literal.ast_type == ast.ASTType.Literal and literal.sign == ast.Sign.NoSign
            and literal.atom.ast_type == ast.ASTType.SymbolicAtom)


def without_projection(statement):
    """The statement with the anonymous variables of its positive body literals named (the same statement
    when it has none)."""
    if statement.ast_type != ast.ASTType.Rule or not ANONYMOUS.search(str(statement)):
        return statement
    namer = NameAnonymous()
    body = [namer(literal) if is_positive_atom(literal) and ANONYMOUS.search(str(literal)) else literal
            for literal in statement.body]
    return statement.update(body=body) if next(namer.numbers) else statement
