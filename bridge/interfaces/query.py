"""`mtg-layers query`: a researcher's ASP program over the facts of solved boards
(bridge.results.board_facts, docs/research.md), and the atoms it shows."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import clingo
from clingo import ast

from bridge.interfaces.help import docs_folder
from bridge.model.errors import CaseError, SolveTimeout
from bridge.reading.yaml_input import DEFAULT_LIMITS, Limits, read_case_text
from bridge.solving.runner import Bounds, OutOfMemory, can_fork, run_bounded

# The example programs of docs/queries, installed with the package (bridge/docs/queries).
EXAMPLES = ("loops", "dependency_overrides_timestamp", "never_applied", "findings_at")


@dataclass(frozen=True)
class QueryProgram:
    """A parsed program: parsed once, run on every board (a sweep's worker runs it thousands of times)."""
    file: str
    statements: tuple


def example_path(name: str) -> Path:
    """One of the example programs: installed with the docs (bridge/docs/queries) or in the checkout."""
    return docs_folder() / "queries" / f"{name}.lp"


def load_program(path, limits: Limits = DEFAULT_LIMITS, bounds: Bounds | None = None) -> QueryProgram:
    """Parse a query program, read up to --max-file-size from a regular file only; a syntax error is one
    message naming the file and line (CaseError). With `bounds`, see parse_program."""
    file = str(path)
    try:
        text = read_case_text(file, file, limits)
    except CaseError as error:
        raise CaseError(file, "--program", error.problem) from None
    return parse_program(text, file, bounds)


def parse_program(text: str, file: str, bounds: Bounds | None = None) -> QueryProgram:
    """Parse a program's text (a sweep's worker gets the text, not the path); `file` names it.

    clingo's parser reads an `#include`d file while parsing, whatever its size or kind (a FIFO blocks
    it): with `bounds`, the text is parsed first in a child process under them (--timeout,
    --max-memory: bridge/solving/runner.py), where an #include is met and refused; only a text that
    passed there, and so includes nothing, is parsed here (issue 36)."""
    if bounds is not None and can_fork():
        try:
            run_bounded(lambda: parsed_program(text, file) and None, bounds, file=file)
        except SolveTimeout:
            raise CaseError(file, "--program", f"parsing it took longer than the limit of {bounds.seconds:g} s "
                                               "(--timeout)") from None
        except OutOfMemory:
            raise CaseError(file, "--program", "parsing it needed more memory than the limit of "
                                               f"{(bounds.memory_bytes or 0) >> 20:,} MB (--max-memory)") from None
    return parsed_program(text, file)


def parsed_program(text: str, file: str) -> QueryProgram:
    messages = []
    statements = []

    def log(code, message):
        messages.append(message.strip().replace("<string>", file))
    try:
        ast.parse_string(text, statements.append, logger=log, message_limit=5)
    except RuntimeError:
        raise CaseError(file, "--program", "not a valid ASP program: " + "; ".join(messages or ["parse error"])
                        ) from None
    for statement in statements:          # a query reads facts; it runs no code (clingo would only say "error")
        included = statement.location.begin.filename
        if included != "<string>":        # clingo has read an #include: a query is one file of rules
            raise CaseError(file, "--program", f"#include is not allowed in a query program (it includes "
                                               f"{included[:200]!r}); write the rules in the program itself")
        for name, line in external_calls(statement):     # no script defines one: clingo would drop the atom
            raise CaseError(file, "--program", f"line {line}: @{name} is called, but a query program runs no code "
                                               "(#script is not allowed), so no @function is defined")
        if statement.ast_type == ast.ASTType.Script:
            raise CaseError(file, "--program", f"line {statement.location.begin.line}: #script is not allowed in "
                                               "a query program (a query is rules over the board's facts)")
    return QueryProgram(file, tuple(statements))


def external_calls(statement) -> list[tuple[str, int]]:
    """(name, line) of each @function a statement calls."""
    found = []

    class Calls(ast.Transformer):
        def visit_Function(self, node):
            if node.external:
                found.append((node.name, node.location.begin.line))
            return node.update(**self.visit_children(node))
    Calls()(statement)
    return found


def run_query(program: QueryProgram, facts: list[clingo.Symbol], where: str = "") -> list[clingo.Symbol]:
    """The atoms the program shows over `facts`, sorted. A query has one answer set: facts are
    facts, so a program with none or several is reported (CaseError) rather than guessed."""
    messages = []
    ctl = clingo.Control(["--warn=none", "--models=2"],
                         logger=lambda code, text: messages.append(text.strip()), message_limit=5)
    with ctl.backend() as backend:
        for fact in facts:
            backend.add_rule([backend.add_atom(fact)])
    try:
        with ast.ProgramBuilder(ctl) as builder:
            for statement in program.statements:
                builder.add(statement)
        ctl.ground([("base", [])])
    except RuntimeError:
        raise CaseError(program.file, "--program", "cannot be grounded: " + "; ".join(messages or ["error"]))
    models = []
    ctl.solve(on_model=lambda model: models.append(model.symbols(shown=True)))
    if len(models) != 1:
        raise CaseError(program.file, "--program",
                        f"{'no answer set' if not models else 'several answer sets'} on {where or 'the board'}; "
                        "a query over a board's facts must have exactly one (no choice rules, no contradiction)")
    return sorted(models[0])


def atom_json(symbol: clingo.Symbol):
    """An atom or term as plain JSON (`query --format json`'s `terms`): a string or number as itself, a
    function (an atom, a constant like `existence`, a tuple with name "") as {"name", "arguments"};
    #inf and #sup as the strings "#inf" and "#sup"."""
    if symbol.type == clingo.SymbolType.String:
        return symbol.string
    if symbol.type == clingo.SymbolType.Number:
        return symbol.number
    if symbol.type == clingo.SymbolType.Function:
        return {"name": symbol.name, "arguments": [atom_json(a) for a in symbol.arguments]}
    return str(symbol)
