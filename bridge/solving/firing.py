"""The rules that can fire on a board: asp/ holds 2,759 rules, 1,556 of them with a body, and a bundled
case's facts can set off 4-38 % of those (median 27 %; by predicates alone 4-59 %, median 45 %);
grounding the others costs time (each ground call prepares every rule of its part, whether anything
matches or not) and gives nothing.

A rule can fire only when every atom of its positive body can hold: an atom of the board's facts, or
of the head of a rule that can fire (a fixpoint over the whole program, every part and every step
together, so an atom that an earlier or later ground call derives counts). Atoms are abstracted to
their predicate and the functor of each argument (rule_shapes.py: `edit(k, phase, G, E, O, X), X =
set_num(A, _)` cannot fire where every edit is an `add_num`); the fixpoint evaluates rules in the
order of the predicate dependency graph's components and starts from what asp/'s own facts make. What does not
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

The analysis (~2,900 statements parsed by clingo, each rule's printed text read by a small scanner and
its atoms' shapes from clingo's AST: ~1 s of CPU) is done once per process, or read from a copy kept beside the byte code, made again
when the content of asp/ changes (bridge/files/derived.py). What can fire for a board's shapes is kept too,
for later processes that meet the same shapes (bridge/files/stamped.py: under a stamp of the package's
files and the rules, and a checksum of the statements analysed).
"""
from __future__ import annotations

import atexit
import functools
import heapq
import itertools
import marshal
import sys
import zlib
from pathlib import Path

from bridge.files.derived import derived_from_files
from bridge.files.locations import asp_files
from bridge.files.stamped import StampedFolder
from bridge.model.graphs import strongly_connected
from bridge.solving.rule_shapes import ANY, symbol_key
from bridge.solving.rule_text import TOKEN, atom_signatures, rule_shape, split_at

Signature = tuple  # (name, arity, positive): a predicate (classical negation `-p` is positive=False)
FORMAT = 9
# the rules that can fire, by shapes: at most 2,000 sets of shapes (~2 KB each, compressed: the key is kept whole)
KEPT = StampedFolder("firing", lambda value: zlib.compress(marshal.dumps(value), 1),
                     lambda content: marshal.loads(zlib.decompress(content)), most=2_000)


def analyse(sources: list[tuple[str, bytes]], shapes_read: bool = True) -> dict:
    """The index of the rule files (ProgramIndex's data, kept between processes as it is): from each
    statement as (text, needs, heads, shape): its text as clingo prints it, in the form given to the grounder
    (grounding_form.py: read for needs and heads as written), needs and heads as lists of
    signatures; needs is None for a statement kept whatever the facts, heads is None for a rule whose head
    this analysis cannot name (then nothing is left out); shape the functors of its atoms' arguments
    (rule_shapes.py), None where that analysis does not follow (or `shapes_read` is false: predicates only)."""
    from clingo import ast

    from bridge.solving.grounding_form import without_projection
    from bridge.solving.rule_shapes import Shapes
    from bridge.solving.static_part import statement_predicates
    statements = []
    for _, content in sources:           # each file begins with `#program base.`
        ast.parse_string(content.decode("utf-8"), statements.append)
    # a #const stands for its value wherever it is used, in any file
    shapes = Shapes({s.name for s in statements if s.ast_type == ast.ASTType.Definition})
    rows = []
    for statement in statements:
        kind = statement.ast_type
        if kind == ast.ASTType.Comment:
            continue
        text = str(statement)
        if kind == ast.ASTType.Program:
            shapes.program(statement)
        if kind == ast.ASTType.External:        # `#external p(X) : q(X).`: its atoms exist, true or not
            declared = text.rstrip().rsplit(". [", 1)[0].removesuffix(".")     # clingo prints `... . [false]`
            atom = split_at(TOKEN.findall(declared)[1:], ":")[0]
            heads = atom_signatures(atom)
            rows.append((text, [], None if heads is None else sorted(heads), shapes.external(statement)))
            continue
        if kind != ast.ASTType.Rule:
            rows.append((text, None, None, None))
            continue
        needs, heads = rule_shape(text)
        # the text given to clingo: with the anonymous variables of its positive body named (grounding_form.py)
        rows.append((str(without_projection(statement)), sorted(needs), None if heads is None else sorted(heads),
                     shapes.rule(statement)))
    if not shapes_read:
        rows = [(text, needs, heads, None) for text, needs, heads, _ in rows]
    # every predicate each statement names, for asp/'s own part of `base` (static_part.py, prepared.py)
    named = statement_predicates([s for s in statements if s.ast_type != ast.ASTType.Comment])
    return {"format": FORMAT, **index_data(rows), "predicates": canonical(named)}


INDEXES: dict = {}


def program_index(files: tuple[str, ...], compute: bool = True) -> "ProgramIndex | None":
    """The analysis of the rule files, once per process and kept between processes by content; None
    when it is neither done nor kept and `compute` is false."""
    index = INDEXES.get(files)
    if index is None:
        data = derived_from_files("firing", [Path(f) for f in files], analyse if compute else None, FORMAT)
        if data is None:
            return None
        index = INDEXES[files] = ProgramIndex(data)
    return index


def index_data(rows: list) -> dict:
    """What ProgramIndex reads, made once per content of asp/: the rules compiled for the fixpoint, the
    order to evaluate them in, and the atoms asp/'s own facts and rules make (the same on every board).
    Equal tuples and strings are one object, so that the kept copy (marshal) stays small and quick."""
    rules = {i: compiled(row[3], row[1], row[2]) for i, row in enumerate(rows)
             if row[1] is not None and row[2] is not None}
    waiting_on: dict = {}
    free = []
    for i, (needs, _, heads) in rules.items():
        if not needs:
            free.append(i)
        # evaluated again when an atom its body or a conditional head's condition needs can hold
        for signature in {need[0] for need in needs} | {need[0] for head in heads for need in head[2]}:
            waiting_on.setdefault(signature, []).append(i)
    masks = relevant_positions(rules)
    rules = {i: masked(rule, masks) for i, rule in rules.items()}
    rank = evaluation_order(rules)
    strings = {item for rule in rules.values() for need in rule[0] for _, item in need[1] if item[0] == '"'}
    strings |= {item for rule in rules.values() for head in rule[2] for items in head[1]
                if isinstance(items, tuple) for item in items if item[0] == '"'}
    strings |= {item for rule in rules.values() for _, keys in rule[1] for item in keys if item[0] == '"'}
    data = {"texts": [row[0] for row in rows], "strings": frozenset(strings),
            "always": [i for i, row in enumerate(rows) if row[1] is None],
            # a rule whose head is not known could make anything hold: then every rule is kept
            "unknown_heads": [row[0] for row in rows if row[1] is not None and row[2] is None],
            "rules": rules, "waiting_on": waiting_on, "masks": masks,
            "rank": {i: max((rank.get(need[0], 0) for need in [*needs, *(n for head in heads for n in head[2])]),
                            default=0)
                     for i, (needs, _, heads) in rules.items()}}
    index = ProgramIndex(data)
    # asp/'s own facts and the rules they set off
    atoms, data["base_fired"] = index.fixpoint(Atoms({}), set(), [], free)
    data["base_atoms"] = atoms.known
    data["needed_by"] = index.needed_by
    data["base_missing"] = index.missing_predicates(atoms)
    return canonical(data)


def canonical(value, seen: dict | None = None):
    """`value` with lists and sets as tuples and each equal tuple, frozenset or string one object."""
    seen = {} if seen is None else seen
    if isinstance(value, str):
        return sys.intern(value)
    if isinstance(value, dict):
        return {canonical(k, seen): canonical(v, seen) for k, v in value.items()}
    if isinstance(value, frozenset):                      # a filter's keys: matched as a set
        items = frozenset(canonical(item, seen) for item in value)
        return seen.setdefault(items, items)
    if isinstance(value, (list, tuple, set)):
        items = tuple(canonical(item, seen) for item in (sorted(value) if isinstance(value, set) else value))
        return seen.setdefault(items, items)
    return value


class ProgramIndex:
    """Which statements to give a Control for a board's facts (their shapes: fact_shapes)."""

    def __init__(self, data: dict):
        self.texts = data["texts"]
        self.always = data["always"]
        self.unknown_heads = data["unknown_heads"]
        self.shapes = data["rules"]                          # statement -> (needs, filters, heads)
        self.waiting_on = data["waiting_on"]                 # signature -> the rules that need it
        self.masks = data["masks"]
        self.strings = data["strings"]                       # the strings asp/ names: keys of their own
        self.rule_rank = data["rank"]
        self.base_atoms, self.base_fired = data.get("base_atoms", {}), data.get("base_fired", ())
        self.statement_predicates = data.get("predicates")  # static_part.statement_predicates (None: unread)
        # the rules that need each predicate in their positive body: a rule is evaluated only once every
        # predicate it needs has an atom (else it cannot fire: ~half the evaluations); kept with the analysis,
        # as is how many each rule misses after asp/'s own facts (index_data)
        self.needed_by = data["needed_by"] if "needed_by" in data else predicate_users(self.body_predicates)
        self.base_missing = data["base_missing"] if "base_missing" in data else \
            self.missing_predicates(Atoms(self.base_atoms))
        self.rules = len(self.shapes) + len(self.unknown_heads)
        self._programs: dict[frozenset, str] = {}
        self._firing: dict[frozenset, list[int]] = {}

    def firing(self, shapes) -> list[int]:
        """The rules (statement indexes) that can fire on facts of these shapes (fact_shapes): a fixpoint
        over every part and step together, each predicate's atoms abstracted to their arguments' keys
        (rule_shapes.py); a rule can fire when each atom of its positive body matches one that can hold."""
        if self.unknown_heads:
            return [i for i, text in enumerate(self.texts) if i not in self.always]
        masks, strings = self.masks, self.strings
        seen = frozenset(                 # the keys no rule can tell apart are one (`*`, `#s`)
            (name, arity, positive, tuple((key if key[0] != '"' or key in strings else "#s") if keep else ANY
                                          for key, keep in zip(keys, masks[(name, arity, positive)]))
             if (name, arity, positive) in masks else (ANY,) * arity)
            for name, arity, positive, keys in shapes)
        fired = self._firing.get(seen)
        if fired is not None:
            return fired
        key = (self.identity, tuple(sorted(seen)))        # kept for later processes (bridge/files/stamped.py)
        path = KEPT.path(repr(key).encode("utf-8"))        # repr: the same in every process (marshal is not)
        fired = KEPT.load(path, key)
        if fired is None:
            fired = self.worked_out(seen)
            KEPT.keep(path, key, fired)
        if len(self._firing) < 256:
            self._firing[seen] = fired
        return fired

    @functools.cached_property
    def identity(self) -> int:
        """A checksum of the statements analysed (the rule files, and any a caller added)."""
        return zlib.crc32("\n".join(self.texts).encode("utf-8"))

    def worked_out(self, seen: frozenset) -> list[int]:
        """firing() for the shapes `seen`, worked out."""
        atoms, new = Atoms(self.base_atoms), []
        missing = dict(self.base_missing)
        for name, arity, positive, keys in seen:
            signature = (name, arity, positive)
            if not atoms.has(signature):
                for i in self.needed_by.get(signature, ()):
                    missing[i] -= 1
            if atoms.add(signature, keys):
                new.append(signature)
        _, can_fire = self.fixpoint(atoms, set(self.base_fired), new, (), missing)
        return sorted(can_fire)

    @functools.cached_property
    def body_predicates(self) -> dict:
        """Per rule, the predicates its positive body needs."""
        return {i: {need[0] for need in needs} for i, (needs, _, _) in self.shapes.items()}

    def missing_predicates(self, atoms: "Atoms") -> dict:
        """Per rule, how many of the predicates its positive body needs have no atom in `atoms`."""
        return {i: sum(1 for signature in signatures if not atoms.has(signature))
                for i, signatures in self.body_predicates.items()}

    def fixpoint(self, atoms: "Atoms", can_fire: set, changed: list, first: list | tuple,
                 missing: dict | None = None) -> tuple["Atoms", set]:
        """The atoms that can hold and the rules that can fire, from `atoms` and `can_fire`,
        once the rules `first` and those waiting on the signatures `changed` are evaluated until nothing new.
        `missing`: per rule, how many predicates its body needs have no atom yet (missing_predicates)."""
        # the rules to evaluate, by the highest rank of their body's predicates: a rule is evaluated once
        # the predicates it needs are complete (but in a recursive component), not each time one grows
        order = self.rule_rank
        queue: list = []
        pending: set = set()
        missing = self.missing_predicates(atoms) if missing is None else missing
        needed_by = self.needed_by

        def wake(signature) -> None:
            for i in self.waiting_on.get(signature, ()):
                if i not in pending and not missing[i]:
                    pending.add(i)
                    heapq.heappush(queue, (order[i], i))

        def evaluate(i: int) -> None:
            needs, filters, heads = self.shapes[i]
            bound = bindings(needs, filters, atoms)
            if bound is None:
                return
            can_fire.add(i)
            for signature, items, condition_needs, condition_filters in heads:
                grown, first_atom = False, not atoms.has(signature)
                for keys in head_atoms(items, bound, condition_needs, condition_filters, atoms):
                    grown |= atoms.add(signature, keys)
                if grown:
                    if first_atom:         # the rules that needed this predicate need one fewer
                        for j in needed_by.get(signature, ()):
                            missing[j] -= 1
                    wake(signature)

        for signature in dict.fromkeys(changed):
            wake(signature)
        for i in first:
            evaluate(i)
        while queue:
            _, i = heapq.heappop(queue)
            pending.discard(i)
            evaluate(i)
        return atoms, can_fire

    def kept(self, shapes, leave_out: frozenset = frozenset()) -> list[int]:
        """The statements to ground for facts of these shapes, in their order (but those to `leave_out`:
        asp/'s static part grounded before, prepared.py)."""
        return sorted(set(self.firing(shapes)).difference(leave_out).union(self.always))

    def program(self, shapes, leave_out: frozenset = frozenset()) -> str:
        """The text of the statements to ground for facts of these shapes, in their order (but those to
        `leave_out`)."""
        kept = frozenset(self.firing(shapes)).difference(leave_out)
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
    for parsing their text. They are parsed from the analysis' texts, in the form given to the grounder
    (grounding_form.py), or from the files when no analysis is at hand. None when not parsed yet and
    `parse` is false."""
    statements = PARSED.get(files)
    if statements is None and parse:
        from clingo import ast
        statements = []
        index = program_index(files, compute=False)
        if index is not None:             # (the parser begins every text with `#program base.`: the texts have it)
            ast.parse_string("\n".join(index.texts), statements.append)
            statements = statements[1:]
        else:
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
    index = program_index(files)
    parsed_statements(files)
    return index


def fact_shapes(facts) -> set:
    """(name, arity, positive, keys) of each fact: its predicate and its arguments' keys (rule_shapes.py)."""
    shapes, keys = set(), {}               # an argument's key once per symbol (object ids recur in many facts)
    for fact in facts:
        arguments = fact.arguments
        shape = []
        for argument in arguments:
            key = keys.get(argument)
            if key is None:
                key = keys[argument] = symbol_key(argument)
            shape.append(key)
        shapes.add((fact.name, len(arguments), fact.positive, tuple(shape)))
    return shapes


# -- the fixpoint's steps ---------------------------------------------------------------------------------
MOST_HEADS = 64          # a head's key combinations beyond this: the widest variables taken as anything


def predicate_users(body_predicates: dict) -> dict:
    """Per predicate, the rules whose positive body needs it."""
    users: dict = {}
    for i, signatures in body_predicates.items():
        for signature in signatures:
            users.setdefault(signature, []).append(i)
    return users


def compiled(shape: dict | None, needs: list, heads: list) -> tuple:
    """(needs, filters, heads) of a rule for the fixpoint. needs: (signature, constant positions, variable
    positions); a rule whose shape is not known needs its body's signatures and makes its heads' with
    any arguments."""
    if shape is None:
        return ([(tuple(n), (), ()) for n in needs], (),
                [(tuple(h), (ANY,) * h[1], (), ()) for h in heads])

    def need(name, arity, positive, pattern):
        constants = tuple((p, item) for p, item in enumerate(pattern) if item != ANY and not item.startswith("$"))
        variables = tuple((p, item) for p, item in enumerate(pattern) if item.startswith("$"))
        return ((name, arity, positive), constants, variables)

    def filters(pairs):
        return tuple((variable, frozenset(keys)) for variable, keys in pairs)

    def item(template):
        return template if isinstance(template, str) else tuple(template)

    return ([need(*n) for n in shape["needs"]], filters(shape["filters"]),
            [((name, arity, positive), tuple(item(t) for t in template), [need(*n) for n in conditions],
              filters(condition_filters))
             for name, arity, positive, template, conditions, condition_filters in shape["heads"]])


def relevant_positions(rules: dict) -> dict:
    """Per predicate, which arguments' keys can decide whether a rule fires: those a body atom matches
    with a constant, those whose variable an equality narrows or two body atoms share, and those whose
    variable goes to a relevant argument of the head (a fixpoint). The others are taken as `*`: fewer
    distinct atoms to match, the same rules firing."""
    relevant: set = set()

    def body_positions(needs, filters):
        where: dict = {}
        for signature, constants, variables in needs:
            relevant.update((signature, p) for p, _ in constants)
            for p, variable in variables:
                where.setdefault(variable, []).append((signature, p))
        for variable, _ in filters:
            relevant.update(where.get(variable, ()))
        for places in where.values():
            if len(places) > 1:
                relevant.update(places)
        return where

    flows = []                          # (head place, the body places its variable comes from)
    for needs, filters, heads in rules.values():
        where = body_positions(needs, filters)
        for signature, items, condition_needs, condition_filters in heads:
            local = body_positions(condition_needs, condition_filters)
            for p, item in enumerate(items):
                if isinstance(item, str) and item.startswith("$"):
                    flows.append(((signature, p), where.get(item, []) + local.get(item, [])))
    grown = True
    while grown:
        grown = False
        for place, sources in flows:
            if place in relevant and not relevant.issuperset(sources):
                relevant.update(sources)
                grown = True
    masks: dict = {}
    for signature, p in relevant:
        mask = masks.setdefault(signature, [False] * signature[1])
        mask[p] = True
    return {signature: tuple(mask) for signature, mask in masks.items()}


def masked(rule: tuple, masks: dict) -> tuple:
    """A rule whose heads make `*` in the arguments no rule looks at."""
    needs, filters, heads = rule
    kept_heads = []
    for signature, items, condition_needs, condition_filters in heads:
        mask = masks.get(signature, (False,) * signature[1])
        kept_heads.append((signature, tuple(item if keep else ANY for item, keep in zip(items, mask)),
                           condition_needs, condition_filters))
    return needs, filters, kept_heads


def evaluation_order(rules: dict) -> dict:
    """Each predicate's rank in a topological order of the components of the predicate dependency graph
    (body -> head): what a predicate needs ranks lower."""
    edges = set()
    for needs, _, heads in rules.values():
        sources = {need[0] for need in needs}
        for signature, _, condition_needs, _ in heads:
            edges.update((source, signature) for source in sources | {need[0] for need in condition_needs})
    component = strongly_connected((), sorted(edges))
    last = max(component.values(), default=0)
    return {signature: last + 1 - number for signature, number in component.items()}     # heads complete first


class Atoms:
    """The atoms that can hold, by signature (their keys, in the order they came), and what each need has
    matched so far: a rule evaluated again looks only at the atoms that came since."""

    def __init__(self, start: dict):
        # a signature's atoms are those of `start` (shared, never changed) until one is added to it
        self.start = start
        self.known: dict = {}
        self.listed: dict = {}
        self.matched: dict = {}              # need -> [atoms looked at, any matched, {position: keys}]

    def has(self, signature) -> bool:
        """Can an atom of this signature hold?"""
        return bool(self.listed.get(signature) or self.start.get(signature))

    def add(self, signature, keys) -> bool:
        known = self.known.get(signature)
        if known is None:
            started = self.start.get(signature, ())
            known = self.known[signature] = set(started)
            self.listed[signature] = list(started)
        if keys in known:
            return False
        known.add(keys)
        self.listed[signature].append(keys)
        return True

    def matching(self, need) -> dict | None:
        """Per variable position of `need`, the keys of the atoms it matches (None: it matches none)."""
        signature, constants, variables = need
        listed = self.listed.get(signature) or self.start.get(signature)
        if not listed:
            return None
        entry = self.matched.get(need)
        if entry is None:
            entry = self.matched[need] = [0, False, {p: set() for p, _ in variables}]
        start, end = entry[0], len(listed)
        if start < end:
            if not constants:
                new = listed[start:end]
            elif len(constants) == 1:
                ((p, key),) = constants
                new = [keys for keys in listed[start:end] if keys[p] == key or keys[p] == ANY]
            else:
                new = [keys for keys in listed[start:end]
                       if all(keys[p] == key or keys[p] == ANY for p, key in constants)]
            if new:
                entry[1] = True
                values = entry[2]
                for p, _ in variables:
                    values[p].update([keys[p] for keys in new])
            entry[0] = end
        return entry[2] if entry[1] else None


def bindings(needs, filters, atoms: Atoms) -> dict | None:
    """The keys each variable can have when every need matches an atom that can hold (None: one cannot):
    per variable, the keys of the atoms its needs match, intersected over them and the equalities."""
    bound: dict = {}
    for need in needs:
        values_at = atoms.matching(need)
        if values_at is None:
            return None
        for p, variable in need[2]:
            values = values_at[p]
            if ANY in values:
                continue
            earlier = bound.get(variable)          # (never changed in place: matching() keeps adding to it)
            values = values if earlier is None else earlier & values
            if not values:
                return None
            bound[variable] = values
    for variable, keys in filters:
        earlier = bound.get(variable)
        values = keys if earlier is None else earlier & keys
        if not values:
            return None
        bound[variable] = values
    return bound


def head_atoms(items, bound, condition_needs, condition_filters, atoms):
    """The keys of the atoms a head can make true with these bindings (a conditional head: where its
    condition can hold, with the condition's bindings too)."""
    if condition_needs or condition_filters:
        local = bindings(condition_needs, condition_filters, atoms)
        if local is None:
            return []
        for variable, values in bound.items():
            if variable in local:
                local[variable] = local[variable] & values
                if not local[variable]:
                    return []
            else:
                local[variable] = values
        bound = local
    options = []
    for template in items:
        if template == ANY:
            options.append((ANY,))
        elif isinstance(template, str):
            options.append(tuple(bound.get(template, (ANY,))))
        else:
            options.append(template)
    count = 1
    for option in options:
        count *= len(option)
    while count > MOST_HEADS:
        widest = max(range(len(options)), key=lambda p: len(options[p]))
        count //= len(options[widest])
        options[widest] = (ANY,)
    return itertools.product(*options)
