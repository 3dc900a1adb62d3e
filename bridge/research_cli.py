"""The research commands of `mtg-layers`: facts, query, sweep (their parsers and runners;
bridge/cli.py only registers them)."""
from __future__ import annotations

import json
import sys

from . import api
from .board_facts import board_facts, facts_text
from .errors import CaseError
from .query import load_program, run_query
from .schemas import FORMAT_VERSION



def add_commands(command) -> None:
    """`command(name, help, formats=...)` makes a subparser (bridge.cli.build_parser)."""
    facts = command("facts", "the solved board as ASP facts (predicates: docs/research.md)")
    facts.add_argument("case", metavar="CASE", help="a case file")
    query = command("query", "run an ASP program over the facts of each case; print the atoms it shows "
                             "(--format json: one JSON object per line)")
    query.add_argument("--program", required=True, metavar="Q.lp", help="the ASP program (use #show)")
    query.add_argument("cases", nargs="+", metavar="CASE", help="case files or folders")
    sweep = command("sweep", "solve every board of a sweep spec on Dask, one row per board "
                             "(docs/research.md)", formats=("jsonl", "csv", "parquet"), one_edition=False)
    sweep.add_argument("spec", metavar="SPEC.yaml")
    sweep.add_argument("--output", "-o", metavar="FILE", help="where rows go (default: SPEC's name with the "
                                                                "format's suffix)")
    sweep.add_argument("--workers", type=int, default=None, metavar="N",
                       help="worker processes of the local Dask cluster (default: the machine's cores)")
    sweep.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="run on an existing Dask cluster")
    sweep.add_argument("--resume", action="store_true", help="skip boards already in the output")
    sweep.add_argument("--batch-size", type=int, default=None, metavar="N",
                       help="card combinations per task (default: chosen from the sweep's size)")
    sweep.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def solved(args, path):
    """The Result of one case, or None after printing why it could not be read (exit 2)."""
    from .cli import limits_of
    try:
        return api.solve(path, rules=args.rules, timeout=args.timeout, limits=limits_of(args))
    except CaseError as error:
        print(f"error: {error}", file=sys.stderr)
        return None


def run_facts(args) -> int:
    result = solved(args, args.case)
    if result is None:
        return 2
    if args.format == "json":
        print(json.dumps({"format_version": FORMAT_VERSION, "case": result.case.title, "file": result.case.file,
                          "rules": result.edition, "facts": [str(f) for f in board_facts(result)]},
                         ensure_ascii=False, indent=2))
    else:
        print(facts_text(result))
    return 0


def run_query_command(args) -> int:
    try:
        program = load_program(args.program)
    except CaseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    status = 0
    for path in api.case_files(args.cases):
        result = solved(args, path)
        if result is None:
            status = 2
            continue
        try:
            atoms = run_query(program, board_facts(result), str(path))
        except CaseError as error:
            print(f"error: {error}", file=sys.stderr)
            status = 2
            continue
        if args.format == "json":
            print(json.dumps({"format_version": FORMAT_VERSION, "file": str(path), "case": result.case.title,
                              "rules": result.edition, "atoms": [str(a) for a in atoms]}, ensure_ascii=False))
        else:
            print(f"{path} ({result.edition}): " + (" ".join(str(a) for a in atoms) if atoms else "—"))
        sys.stdout.flush()
    return status


def run_sweep(args) -> int:
    from .sweep.command import run
    return run(args)


RUNNERS = {"facts": run_facts, "query": run_query_command, "sweep": run_sweep}
