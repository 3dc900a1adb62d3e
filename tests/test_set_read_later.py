"""613.6: the set an effect applies to is kept (locked/2) only for an effect whose set is read after the
step it starts at, set_read_later/1 in asp/613_layers.lp. A rule that reads locked/2 for another kind of
effect would read nothing there: the value it should have changed would be silently wrong. Every reader of
locked/2 in asp/ must therefore be covered by one of set_read_later's clauses; this test finds every rule
that reads locked/2 and says which clause covers it, so that a new reader fails here until it is checked."""
from __future__ import annotations

from clingo import ast

from bridge.files.locations import asp_files

# A reader at a later step of the same effect (started_earlier(k, E) in its body) is covered: E has a part in
# a later layer (set_read_later's first clause), or E started from its creation (started_from_creation/1),
# and asp/ states its locked/2 directly (test_effects_started_from_creation_state_their_set below).
# The other readers, each with what covers it:
COVERED_READERS = {
    "lost_all_abilities": "set_read_later: an effect that removes all abilities (613.1f, asp/113_abilities.lp)",
    "cost_copy_step": "set_read_later: a copy effect (700.5a, asp/700_5_devotion.lp)",
    "split_halves_reached": "set_read_later: split cards' halves (505.5, asp/709_split_cards.lp)",
    "applies_to_something": "locked/2 of a resolved effect is stated directly (611.2c, asp/611_continuous_effects.lp)",
    "history": "copies every locked/2 atom there is into a fresh Control (asp/613_layers.lp)",
}


def positive_atoms(body) -> list:
    """The positive body atoms (name, arguments) of a rule's body, conditions of conditional literals too."""
    found = []

    class Visitor(ast.Transformer):
        def visit_Literal(self, node):
            if node.sign == ast.Sign.NoSign and node.atom.ast_type == ast.ASTType.SymbolicAtom:
                term = node.atom.symbol
                if term.ast_type == ast.ASTType.Function:
                    found.append((term.name, [str(a) for a in term.arguments]))
            return node

    for literal in body:
        Visitor()(literal)
    return found


def uncovered_readers(text: str, where: str) -> list[str]:
    """The rules of `text` that read locked(E, O) but neither at a later step of E (started_earlier(k, E)
    in the same body) nor as a reader named in COVERED_READERS."""
    problems = []

    def statement(node):
        if node.ast_type != ast.ASTType.Rule:
            return
        atoms = positive_atoms(node.body)
        locked = [args for name, args in atoms if name == "locked" and len(args) == 2]
        if not locked:
            return
        head = node.head
        head_name = head.atom.symbol.name if head.ast_type == ast.ASTType.Literal and \
            head.atom.ast_type == ast.ASTType.SymbolicAtom and head.atom.symbol.ast_type == ast.ASTType.Function \
            else None
        later_step = all(any(name == "started_earlier" and args[1:] == [effect] for name, args in atoms)
                         for effect, _ in locked)
        if not later_step and head_name not in COVERED_READERS:
            problems.append(f"{where}:{node.location.begin.line}: {node}")

    ast.parse_string(text, statement)
    return problems


def test_every_reader_of_locked_is_covered_by_set_read_later():
    problems = []
    for path in asp_files():
        problems += uncovered_readers(path.read_text(encoding="utf-8"), path.name)
    assert not problems, ("rules read locked/2 (the set an effect applies to, 613.6) for effects that "
                          "set_read_later/1 (asp/613_layers.lp) may not cover: add a clause there for them, "
                          "then name the reader in COVERED_READERS:\n" + "\n".join(problems))


def test_every_named_reader_exists():
    """A reader named above that asp/ no longer has is a stale entry."""
    heads = set()
    for path in asp_files():
        def statement(node):
            if node.ast_type == ast.ASTType.Rule and any(name == "locked" for name, _ in positive_atoms(node.body)):
                if node.head.ast_type == ast.ASTType.Literal and node.head.atom.ast_type == ast.ASTType.SymbolicAtom:
                    heads.add(node.head.atom.symbol.name)
        ast.parse_string(path.read_text(encoding="utf-8"), statement)
    assert set(COVERED_READERS) <= heads, sorted(set(COVERED_READERS) - heads)


def test_effects_started_from_creation_state_their_set():
    """An effect that started from its creation (611.2c, 122.1b, 708.2, 710.1...) has no step at which
    locked/2 is worked out (asp/613_layers.lp): its file states locked(E, O) for the same E."""
    missing = []
    for path in asp_files():
        started, stated = {}, set()

        def statement(node):
            if node.ast_type != ast.ASTType.Rule or node.head.ast_type != ast.ASTType.Literal or \
                    node.head.atom.ast_type != ast.ASTType.SymbolicAtom:
                return
            term = node.head.atom.symbol
            if term.ast_type != ast.ASTType.Function or not term.arguments:
                return
            if term.name == "started_from_creation":
                started[str(term.arguments[0])] = node.location.begin.line
            elif term.name == "locked" and len(term.arguments) == 2:
                stated.add(str(term.arguments[0]))
        ast.parse_string(path.read_text(encoding="utf-8"), statement)
        missing += [f"{path.name}:{line}: started_from_creation({effect})" for effect, line in started.items()
                    if effect not in stated]
    assert not missing, missing


def test_a_new_reader_is_found():
    """The scan finds a reader that is neither at a later step nor named (so the test above can fail)."""
    text = "#program apply(k).\nnew_reader(k, O) :- chosen(k, E, _), locked(E, O).\n" \
           "later(k, O) :- chosen(k, E, _), started_earlier(k, E), locked(E, O).\n"
    problems = uncovered_readers(text, "new.lp")
    assert len(problems) == 1 and problems[0].startswith("new.lp:2: new_reader")
