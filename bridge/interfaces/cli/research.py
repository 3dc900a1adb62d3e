"""The research commands of `mtg-layers`: facts, query, sweep (their parsers and runners;
bridge/interfaces/cli/main.py only registers them)."""
from __future__ import annotations

import argparse
import sys

from bridge.interfaces.cli.options import SOLVE_TOGETHER, jobs_count
from bridge.interfaces.sweep import MAX_BOARDS
from bridge.model.errors import CaseError

# The runners import what else they use: `mtg-layers solve` need not load it (issue 21).


def add_commands(command) -> None:
    """`command(name, help, formats=...)` makes a subparser (bridge.interfaces.cli.main.build_parser)."""
    facts = command("facts", "the solved board as ASP facts (predicates: docs/research.md)")
    facts.add_argument("case", metavar="CASE", help="a case file")
    query = command("query", "run ASP programs over the facts of each case, solved once; print the atoms they "
                             "show (--format json: one JSON object per line)")
    query.add_argument("--program", required=True, action="append", metavar="Q.lp",
                       help="an ASP program (use #show); give several: each case is solved once for all")
    query.add_argument("--jobs", "-j", type=jobs_count, default=None, metavar="N",
                       help="cases solved at the same time, each in its own child process under the limits "
                            "(default: the cores this process may use); the output is the same whatever N")
    query.add_argument("--facts", metavar="FILE.jsonl", help="the boards a sweep stored (`sweep --store-facts "
                                                             "FILE`): queried as they are, nothing solved again")
    query.add_argument("cases", nargs="*", metavar="CASE", help="case files or folders")
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
    sweep.add_argument("--solve-together", type=board_limit, default=SOLVE_TOGETHER, metavar="N",
                       help="boards solved N at a time in one clingo Control, in one child under the limits of one "
                            "board (issue 37); a batch that fails or passes a limit is solved again board by board, "
                            "each under its own limits: the rows are the same whatever N (default "
                            f"{SOLVE_TOGETHER}; 1: each alone)")
    sweep.add_argument("--max-boards", type=board_limit, default=MAX_BOARDS, metavar="N",
                       help=f"refuse a sweep of more boards than this (default {MAX_BOARDS:,})")
    sweep.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    sweep.add_argument("--prune", action="store_true",
                       help="leave out the combinations whose cards provably cannot interact (read/write analysis "
                            "of asp/, docs/research.md); a random sample of them is solved to confirm")
    sweep.add_argument("--prune-check", type=int, default=20, metavar="N",
                       help="with --prune: pruned combinations solved anyway, at random, to confirm (default 20)")
    sweep.add_argument("--store-facts", metavar="FILE.jsonl",
                       help="also store each solved board's facts (one JSON object per line) for `query --facts "
                            "FILE` without solving again; --resume appends")
    sweep.add_argument("--minimize", action="store_true",
                       help="for each row with a loop, an override or order sensitivity, the smallest background "
                            "that still shows it (background objects dropped one at a time): minimal_background")
    sweep.add_argument("--dry-run", action="store_true", help="solve nothing: list each pool card's status "
                                                              "(inert entries) and the board count")
    # Each board is solved under --timeout (when given, it overrides the spec's `timeout:`), --max-memory,
    # --max-output, --max-objects and --max-effects, in a child process of its worker (bridge/solving/runner.py).


def board_limit(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of boards from 1, got {text!r}")
    return value


def solved(args, path):
    """The Result of one case (CaseError when it cannot be read)."""
    from bridge.interfaces import api
    from bridge.interfaces.cli.options import limits_of
    return api.solve(path, rules=args.rules, timeout=args.timeout, limits=limits_of(args), reevaluate=args.reevaluate)


def run_facts(args) -> int:
    """The facts of one case, made in a child process under --timeout and --max-memory (bridge/solving/runner.py)."""
    import json

    from bridge.interfaces.cli.files import one_file
    from bridge.results.board_facts import board_facts, facts_text
    from bridge.results.schemas import FORMAT_VERSION

    def work():
        result = solved(args, args.case)
        if args.format == "json":
            return json.dumps({"format_version": FORMAT_VERSION, "case": result.case.title, "file": result.case.file,
                               "rules": result.edition, "facts": [str(f) for f in board_facts(result)]},
                              ensure_ascii=False, indent=2)
        return facts_text(result)
    return one_file(args, args.case, work)


def run_query_command(args) -> int:
    """Each case solved once, in a child process under --timeout and --max-memory (the researcher's
    programs may not end, or may fill memory: bridge/solving/runner.py), up to --jobs at a time; every
    program run over its facts there. Lines come in the order of the cases, then of the programs."""
    import json

    import clingo

    from bridge.interfaces.cli.check import warm_up
    from bridge.interfaces.cli.files import file_outcome, listed_files
    from bridge.interfaces.cli.options import bounds_of, limits_of
    from bridge.interfaces.query import atom_json, load_program, run_query
    from bridge.results.board_facts import board_facts
    from bridge.results.schemas import FORMAT_VERSION
    programs = []
    for program_file in args.program:    # parsed in a child under the limits first (#include: issue 36)
        loaded = file_outcome(program_file, lambda: load_program(program_file, limits_of(args), bounds_of(args)))
        if loaded.status:
            print(f"error: {loaded.message}", file=sys.stderr)
            return loaded.status
        programs.append((program_file, loaded.value))
    several = len(programs) > 1
    if bool(args.cases) == bool(args.facts):
        print("error: query: give case files or folders, or --facts FILE (a sweep's stored facts), not both",
              file=sys.stderr)
        return 2

    def answers(where: str, title: str, edition: str, facts: list, label: str) -> str:
        """Every program's atoms over one board's facts; `label` names the board in text lines."""
        lines = []
        for program_file, program in programs:
            atoms = run_query(program, facts, where)
            if args.format == "json":
                lines.append(json.dumps({"format_version": FORMAT_VERSION, "file": where, "case": title,
                                         "rules": edition, "program": program_file,
                                         "atoms": [str(a) for a in atoms], "terms": [atom_json(a) for a in atoms]},
                                        ensure_ascii=False))
            else:
                lines.append(f"{label} ({edition})"
                             + (f" [{program_file}]" if several else "") + ": "
                             + (" ".join(str(a) for a in atoms) if atoms else "—"))
        return "\n".join(lines)

    def work(path) -> str:
        result = solved(args, path)
        return answers(str(path), result.case.title, result.edition, board_facts(result), str(path))

    if args.facts:                   # a sweep's boards as stored: read, not solved (no worker to warm up)
        from bridge.interfaces.sweep.output import stored_boards
        try:
            boards = stored_boards(args.facts)
        except CaseError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        works = [(board["board"], lambda board=board: answers(
                     args.facts, board["board"], board.get("rules", ""),
                     [clingo.parse_term(fact) for fact in board["facts"]], board["board"])) for board in boards]
        return print_outcomes([name for name, _ in works], works, args, 0)
    paths, status = listed_files(args, args.cases)        # what was skipped is said (issue 36)
    if not paths:
        return status
    warm_up(paths, limits_of(args))
    return print_outcomes(paths, [(str(path), lambda path=path: work(path)) for path in paths], args, status)


def print_outcomes(names: list, works: list, args, status: int) -> int:
    """Each work run in a child process under the limits, up to --jobs at a time; its lines, or its error, in
    the order of `works`."""
    import contextlib

    from bridge.interfaces.cli.check import default_jobs
    from bridge.interfaces.cli.files import file_outcome, worst
    from bridge.interfaces.cli.options import bounds_of
    from bridge.solving.runner import run_bounded_each
    if not works:
        return status
    with contextlib.closing(run_bounded_each(works, bounds_of(args), min(args.jobs or default_jobs(),
                                                                         len(works)))) as answers:
        for name, answer in zip(names, answers):
            outcome = file_outcome(name, answer)
            status = worst(status, outcome.status)
            if outcome.status:
                print(f"error: {outcome.message}", file=sys.stderr)
            else:
                print(outcome.value)
            sys.stdout.flush()
    return status


def run_sweep(args) -> int:
    from bridge.interfaces.sweep.command import run
    return run(args)


RUNNERS = {"facts": run_facts, "query": run_query_command, "sweep": run_sweep}
