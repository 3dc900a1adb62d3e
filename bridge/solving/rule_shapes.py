"""The shapes of a rule's atoms, for bridge/solving/firing.py: which functor each argument of an atom has.

firing.py leaves out the rules whose positive body names a predicate the board cannot have. Many more
can be left out by looking one level into the arguments: `edit(k, phase, G, E, O, X), X = set_num(A, _)`
cannot fire on a board whose edits are all `add_num(...)`, and a rule about `set_type(...)` operations
cannot fire where no effect has one. Each argument of an atom is abstracted to its key: the functor
(`set_num/2`, `power/0`, `/2` for a tuple), `#n` for a number, the string itself for a string that
asp/ names (`"Creature"`: `creature(O) :- final_value(O, type, "Creature")` cannot fire on a board with
no creature), `#s` for any other string, `#o` for #inf/#sup, or `*` when it may be anything (a program parameter such as `k`, a `#const`, a term this analysis does
not follow). Nested arguments are not followed: `real(phase)` is `real/1` whatever its phase.

What a rule can make true is the same abstraction of its head: an argument that is a variable takes the
keys that variable can have in the positive body atoms and equalities that bind it (the intersection
over them: a binding has to fit each), `#n` for arithmetic, `*` for what is not known. The analysis is
sound when every key a real atom can have is among the keys derived for it: a rule with a ground
instance is never left out (tests/test_firing.py compares every atom of every Control both ways).

A rule's shape is plain data (lists and strings) so that it can be kept with the analysis
(bridge/files/derived.py):
    {"needs": [[name, arity, positive, pattern], ...],     # the positive body's plain atoms
     "filters": [[variable, [key, ...]], ...],             # `X = f(...)`, `X = (f(..); g(..))`
     "heads": [[name, arity, positive, template, conditions], ...]}
A pattern item is a key, `$Name` for a variable or `*`; a template item is a list of keys (a pool's
alternatives), `$Name` or `*`; the conditions of a conditional head are needs of their own.
"""
from __future__ import annotations

ANY = "*"


def symbol_key(symbol) -> str:
    """The key of a clingo.Symbol: its functor, or the kind of constant it is."""
    from clingo import SymbolType
    kind = symbol.type
    if kind == SymbolType.Number:
        return "#n"
    if kind == SymbolType.String:          # a string is its own key (firing.py keeps those asp/ names)
        return '"' + symbol.string + '"'
    if kind == SymbolType.Function:
        return f"{symbol.name}/{len(symbol.arguments)}"
    return "#o"


class Shapes:
    """Reads the rules of asp/ in order, knowing the parameters of the current `#program` and the
    `#const` names (both stand for values given only when grounding: `*`)."""

    def __init__(self, consts: set[str]):
        self.consts = set(consts)
        self.unknown = set(consts)

    def program(self, statement) -> None:
        self.unknown = {parameter.name for parameter in statement.parameters} | self.consts

    # -- terms -------------------------------------------------------------------------------------
    def key(self, term) -> str | list | None:
        """A term's key, a list of keys (a pool), a variable as `$Name`, or None (anything)."""
        from clingo import ast
        kind = term.ast_type
        if kind == ast.ASTType.Variable:
            return None if term.name == "_" else "$" + term.name
        if kind == ast.ASTType.SymbolicTerm:
            symbol = term.symbol
            if symbol.type.name == "Function" and not symbol.arguments and symbol.name in self.unknown:
                return None
            return symbol_key(symbol)
        if kind == ast.ASTType.Function:
            if term.external:
                return None
            if not term.arguments and term.name in self.unknown:
                return None
            return f"{term.name}/{len(term.arguments)}"
        if kind in (ast.ASTType.BinaryOperation, ast.ASTType.Interval):
            return "#n"
        if kind == ast.ASTType.UnaryOperation:
            return "#n" if term.operator_type != ast.UnaryOperator.Minus or self.key(term.argument) == "#n" else None
        if kind == ast.ASTType.Pool:
            keys = [self.key(alternative) for alternative in term.arguments]
            if any(k is None or isinstance(k, list) or k.startswith("$") for k in keys):
                return None
            return sorted(set(keys))
        return None

    def atom(self, atom) -> list | None:
        """[[name, arity, positive, items], ...] of a symbolic atom (several for `p(1,2;3)`), items as
        key() gives them; None for what is not a plain atom."""
        from clingo import ast
        if atom.ast_type != ast.ASTType.SymbolicAtom:
            return None
        term, positive = atom.symbol, True
        if term.ast_type == ast.ASTType.UnaryOperation and term.operator_type == ast.UnaryOperator.Minus:
            term, positive = term.argument, False
        alternatives = term.arguments if term.ast_type == ast.ASTType.Pool else [term]
        shapes = []
        for alternative in alternatives:
            if alternative.ast_type == ast.ASTType.SymbolicTerm and alternative.symbol.type.name == "Function":
                symbol = alternative.symbol
                shapes.append([symbol.name, len(symbol.arguments), positive, [symbol_key(a) for a in symbol.arguments]])
            elif alternative.ast_type == ast.ASTType.Function and not alternative.external:
                shapes.append([alternative.name, len(alternative.arguments), positive,
                               [self.key(argument) for argument in alternative.arguments]])
            else:
                return None
        return shapes

    # -- rules -------------------------------------------------------------------------------------
    def body(self, literals) -> tuple[list, list]:
        """(needs, filters) of body literals: the positive plain atoms, whose patterns bind variables,
        and the equalities `X = term` that say which keys X can have."""
        from clingo import ast
        needs, filters = [], []
        for literal in literals:
            if literal.ast_type != ast.ASTType.Literal or literal.sign != ast.Sign.NoSign:
                continue                    # a conditional literal, `not p`: no need, no binding
            atom = literal.atom
            if atom.ast_type == ast.ASTType.Comparison:
                filters += self.equality(atom)
                continue
            if atom.ast_type == ast.ASTType.BodyAggregate:
                filters += self.aggregate(atom)
                continue
            shapes = self.atom(atom)
            if shapes is not None and len(shapes) == 1:    # p(1,2;3) in a body: several rules, no need said
                name, arity, positive, items = shapes[0]
                needs.append([name, arity, positive, [pattern_item(item) for item in items]])
        return needs, filters

    def equality(self, comparison) -> list:
        from clingo import ast
        if len(comparison.guards) != 1 or comparison.guards[0].comparison != ast.ComparisonOperator.Equal:
            return []
        left, right = comparison.term, comparison.guards[0].term
        filters = []
        for variable, value in ((left, right), (right, left)):
            if variable.ast_type == ast.ASTType.Variable and variable.name != "_":
                key = self.key(value)
                if isinstance(key, str) and not key.startswith("$"):
                    filters.append(["$" + variable.name, [key]])
                elif isinstance(key, list):
                    filters.append(["$" + variable.name, key])
        return filters

    def aggregate(self, aggregate) -> list:
        """`N = #count { ... }` binds a number; #min and #max may bind any term (a tuple, #inf)."""
        from clingo import ast
        counted = aggregate.function in (ast.AggregateFunction.Count, ast.AggregateFunction.Sum,
                                         ast.AggregateFunction.SumPlus)
        filters = []
        for guard in (aggregate.left_guard, aggregate.right_guard):
            if (counted and guard is not None and guard.comparison == ast.ComparisonOperator.Equal
                    and guard.term.ast_type == ast.ASTType.Variable):
                filters.append(["$" + guard.term.name, ["#n"]])
        return filters

    def rule(self, statement) -> dict | None:
        """The shape of a rule, or None when its head is not a plain atom, a disjunction of them or #false."""
        from clingo import ast
        needs, filters = self.body(statement.body)
        head = statement.head
        heads = []
        if head.ast_type == ast.ASTType.Literal:
            if head.atom.ast_type == ast.ASTType.BooleanConstant:
                elements = []
            elif head.sign != ast.Sign.NoSign:
                return None
            else:
                elements = [(head.atom, [])]
        elif head.ast_type == ast.ASTType.Disjunction:
            elements = []
            for element in head.elements:
                if element.literal.sign != ast.Sign.NoSign:
                    return None
                elements.append((element.literal.atom, element.condition))
        else:
            return None
        for atom, condition in elements:
            shapes = self.atom(atom)
            if shapes is None:
                return None
            conditions, condition_filters = self.body(condition)
            for name, arity, positive, items in shapes:
                heads.append([name, arity, positive, [template_item(item) for item in items],
                              conditions, condition_filters])
        return {"needs": needs, "filters": filters, "heads": heads}

    def external(self, statement) -> dict | None:
        """An `#external` makes its atoms exist (true or not), for every instance of its condition."""
        shapes = self.atom(statement.atom)
        if shapes is None:
            return None
        conditions, condition_filters = self.body(statement.body)
        return {"needs": [], "filters": [], "heads": [
            [name, arity, positive, [template_item(item) for item in items], conditions, condition_filters]
            for name, arity, positive, items in shapes]}


def pattern_item(key) -> str:
    """A body atom's argument: a key or a variable to bind; a pool or an unknown term matches anything."""
    return key if isinstance(key, str) else ANY


def template_item(key):
    """A head atom's argument: a key (as a list of one), a pool's keys, a variable, or anything."""
    if key is None:
        return ANY
    if isinstance(key, list):
        return key
    return key if key.startswith("$") else [key]
