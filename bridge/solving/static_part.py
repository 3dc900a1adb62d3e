"""asp/'s own part of `base`: the statements whose ground instances are the same on every board, found
once with the analysis of asp/ (bridge/solving/firing.py keeps the result), so that a Control prepared
before forking can ground them once (bridge/solving/prepared.py) and each board only the rest.

A predicate is static when asp/ defines it (some statement has it in its head) and every statement that
can define it is static; a statement is static when it is a rule of `#program base.` and every predicate
it mentions is static: its head (with a head's conditions), its body positive and negative, aggregate
elements and conditional literals. The largest such set, on the assumption that no fact of a board has a
static predicate (prepared.py checks that on every board and grounds everything as before when one
does). A predicate that asp/ never defines is input: never static. Classical negation (`-p`) counts as
`p`: clingo ties the two together (`:- p(X), -p(X)`).

Grounding the static statements first, then the board's `base` without them, gives the same ground
program: a static statement's instances depend only on static atoms, which only static statements make,
and the board's rules see the static atoms already grounded (clingo keeps atoms across ground calls).
"""
from __future__ import annotations

Predicate = tuple          # (name, arity): the sign of classical negation left out


def statement_predicates(statements: list) -> list | None:
    """Per statement (clingo's AST, comments left out): (is a rule of `base`, the predicates its head may
    make true, every predicate it names), as sorted lists; a `#program` statement is None. None when some
    atom's predicate cannot be read (a theory atom, an atom this reader does not know): nothing is static."""
    from clingo import ast
    in_base, rows = False, []
    for statement in statements:
        kind = statement.ast_type
        if kind == ast.ASTType.Program:
            in_base = statement.name == "base" and not statement.parameters
            rows.append(None)
            continue
        head, named = set(), set()
        if kind == ast.ASTType.Rule:
            if not predicates_in(statement.head, head):
                return None
        elif kind == ast.ASTType.External:          # an external's atoms may hold whatever the rules say
            if not predicates_in(statement.atom, head):
                return None
        if not predicates_in(statement, named):
            return None
        rows.append((in_base and kind == ast.ASTType.Rule, sorted(head), sorted(named | head)))
    return rows


def static_statements(rows: list, inputs=frozenset()) -> list[int]:
    """The indexes of the static statements (rows: statement_predicates), in order. `inputs`: predicates
    that a board's facts may give although asp/ defines them too: never static."""
    defined_by: dict[Predicate, list[int]] = {}
    for i, row in enumerate(rows):
        for predicate in row[1] if row else ():
            defined_by.setdefault(predicate, []).append(i)
    # the largest set: start from every rule of `base`, take out what names a predicate that is not static
    static = {i for i, row in enumerate(rows) if row and row[0]}
    changed = True
    while changed:
        predicates = {p for p, by in defined_by.items() if p not in inputs and all(i in static for i in by)}
        kept = {i for i in static if predicates.issuperset(rows[i][2])}
        changed = kept != static
        static = kept
    return sorted(static)


def static_predicates(rows: list, static: list[int]) -> frozenset:
    """The predicates only the static statements define (a board fact of one of these: not prepared)."""
    static_set = set(static)
    defined, elsewhere = set(), set()
    for i, row in enumerate(rows):
        if row:
            (defined if i in static_set else elsewhere).update(row[1])
    return frozenset(defined - elsewhere)


def predicates_in(node, found: set) -> bool:
    """Add the predicate of every atom in an AST node to `found`; False when one cannot be read."""
    from clingo import ast
    if isinstance(node, ast.AST):
        kind = node.ast_type
        if kind in (ast.ASTType.TheoryAtom, ast.ASTType.TheoryAtomDefinition):
            return False
        if kind == ast.ASTType.SymbolicAtom:
            return atom_predicates(node.symbol, found)
        return all(predicates_in(getattr(node, key), found) for key in node.child_keys)
    if isinstance(node, (str, int)) or node is None:
        return True
    return all(predicates_in(item, found) for item in node)          # a sequence of nodes


def atom_predicates(term, found: set) -> bool:
    """The predicate of an atom's term (each alternative of a pool; `-p(X)` as `p`)."""
    from clingo import ast
    kind = term.ast_type
    if kind == ast.ASTType.Function and term.name:
        found.add((term.name, len(term.arguments)))
        return True
    if kind == ast.ASTType.UnaryOperation and term.operator_type == ast.UnaryOperator.Minus:
        return atom_predicates(term.argument, found)
    if kind == ast.ASTType.Pool:
        return all(atom_predicates(alternative, found) for alternative in term.arguments)
    if kind == ast.ASTType.SymbolicTerm and term.symbol.type.name == "Function" and term.symbol.name:
        found.add((term.symbol.name, len(term.symbol.arguments)))
        return True
    return False
