"""The mtg-layers command: solve and check case files.

Exit codes: 0 success, 1 an expectation failed, 2 bad input (the message names file and key).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from bridge.interfaces.cli import research as research_cli
from bridge.interfaces.cli.cards import add_cards_command, run_cards
from bridge.interfaces.cli.files import bounded, listed_files, one_file, say, worst
from bridge.interfaces.cli.options import BATCH_SIZE, bounds_of, common_options, jobs_count, limits_of
from bridge.interfaces.web.command import add_serve_command, run_serve
from bridge.model.errors import CaseError, SolveTimeout
from bridge.reading.case_keys import EDITIONS
from bridge.solving.runner import keep_until_exit

# Each command imports the rest of what it uses when it runs: a two-card `solve` starts in a
# fraction of the time it takes to import every command's modules (issue 21).

EPILOG = """exit codes:
  0  success
  1  a case's expectations failed (check)
  2  bad input: the message names the file, the key path and what is wrong
  3  internal error of mtg-layers (please report it with the case file)
  4  solving went past the time limit (--timeout)
  5  solving needed more memory than --max-memory, or printed more than --max-output
  141  the program reading the output closed it (e.g. `| head`): stopped quietly
  with several files, each gets its own answer or error line; the exit code is the worst

limits (each case is solved in a child process that is ended when one is reached):
  --timeout SECONDS   (default 60)      --max-memory MB  (default 4096)
  --max-output BYTES  (default 50000000)

input limits (bad input is refused quickly with a message, exit 2):
  --max-file-size BYTES  (default 5000000)   --max-objects N  (default 5000, all zones and events)
  --max-effects N        (default 2000: effects, events and static abilities)
  YAML nodes after expanding aliases: 200000; nesting: 200; one string: 10000 characters;
  numbers and what they can add up to: within 32 bits; no NUL, no lone surrogate, no key twice

examples:
  mtg-layers solve cases/cr613/gray_ogre.yaml
  mtg-layers solve --format json cases/classics/humility_then_opalescence.yaml
  mtg-layers solve - < cases/cr613/gray_ogre.yaml
  mtg-layers check cases/
  mtg-layers explain cases/events/s004_410_10b_lose_all_abilities.yaml
  mtg-layers explain cases/dependency/blood_moon_urborg_urborg_older.yaml urborg_tomb_of_yawgmoth
  mtg-layers deps cases/dependency/loop_color_swap.yaml --format dot
  mtg-layers compare cases/cr613/gray_ogre.yaml --rules pre-m10,current
  mtg-layers compare cases/split/ --rules pre-m10,current --format json
  mtg-layers solve --no-reevaluate cases/dependency/reevaluation_613_8c.yaml
  mtg-layers help vocabulary
"""


def build_parser() -> argparse.ArgumentParser:
    parents = [common_options()]
    parser = argparse.ArgumentParser(
        prog="mtg-layers", description="Magic: The Gathering's layer system (CR 613), solved in ASP.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=VersionAction)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, help_text: str, formats=("text", "json"), one_edition: bool = True):
        sub = commands.add_parser(name, parents=parents, help=help_text, epilog=EPILOG,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
        sub.add_argument("--format", choices=formats, default=formats[0])
        if one_edition:
            sub.add_argument("--rules", choices=EDITIONS, help="rules edition (overrides the case's rules:)")
        return sub

    def with_sba(sub):
        sub.add_argument("--no-sba", dest="sba", action="store_false",
                         help="don't check state-based actions (CR 704) after the layers")
        return sub

    solve = command("solve", "print each permanent's and spell's characteristics, players, answers, triggers")
    with_sba(solve).add_argument("cases", nargs="+", metavar="CASE", help="case files or folders")
    check = command("check", "compare each case with what it expects (expect:, triggers, answers, players)")
    with_sba(check).add_argument("paths", nargs="+", metavar="PATH", help="case files or folders")
    check.add_argument("--strict", action="store_true",
                       help="fail a case where an ability that changes the layers was kept as text (not read, "
                            "so not applied); other text, such as a mana ability, never fails it")
    check.add_argument("--jobs", "-j", type=jobs_count, default=None, metavar="N",
                       help="cases checked at the same time, each in its own child process under the limits "
                            "(default: the cores this process may use); the output is the same whatever N")
    check.add_argument("--batch", type=jobs_count, default=BATCH_SIZE, metavar="N",
                       help=f"boards solved together in one child and one clingo Control (default {BATCH_SIZE}; 1: "
                            "each alone); a batch that fails or passes the limits is checked again case by case, "
                            "so every case keeps its own limits and its own error; the output is the same whatever N")
    explain = command("explain", "each layer's effects in order, why, and what they changed; why triggers "
                                 "happened, targets are illegal, questions got their answers")
    with_sba(explain).add_argument("case", metavar="CASE", help="a case file")
    explain.add_argument("object", metavar="OBJECT", nargs="?", help="an object id: how each of its values came to be")
    deps = command("deps", "the dependency graph at each step where one existed", formats=("text", "json", "dot"))
    deps.add_argument("case", metavar="CASE", help="a case file")
    deps.add_argument("--render", metavar="OUT", help="draw the graph to OUT.svg or OUT.png (needs Graphviz)")
    compare = command("compare", "one case under several rules editions: what differs, and why", one_edition=False)
    compare.add_argument("cases", nargs="+", metavar="CASE", help="case files or folders")
    compare.add_argument("--rules", default="pre-m10,current",
                         help="editions to compare, comma-separated (default: pre-m10,current)")
    research_cli.add_commands(command)      # facts, query, sweep
    add_cards_command(commands, parents)
    add_serve_command(commands, parents)       # the judges' page (bridge/interfaces/web)
    documentation = commands.add_parser("help", help="show the documentation installed with mtg-layers: "
                                                     "`help vocabulary` lists every key of a case file")
    documentation.add_argument("topic", nargs="?", metavar="TOPIC", help="vocabulary, contract, seed-coverage, "
                               "seed-examples, or a command")
    parser.commands = {name: sub for name, sub in commands.choices.items() if name != "help"}
    return parser


class VersionAction(argparse.Action):
    """--version: the installed version, looked up only when asked (importlib.metadata takes ~10 ms)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="show program's version number and exit", **kwargs)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"mtg-layers {version()}")
        parser.exit()


def version() -> str:
    from importlib import metadata
    try:
        return metadata.version("mtg-layers")
    except metadata.PackageNotFoundError:      # run from a source tree that was never installed
        return "unknown (not installed)"


def main(argv=None) -> int:
    for stream in (sys.stdout, sys.stderr):             # a non-UTF-8 terminal gets escapes, not an error
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "reevaluate", True):
        print("note: --no-reevaluate: dependencies are not evaluated again after each application (CR 613.8c "
              "is ignored), so answers may differ from the rules", file=sys.stderr)
    try:
        if args.command == "help":
            from bridge.interfaces.help import run_help
            status = run_help(args, parser, parser.commands)
        else:
            status = {"solve": run_solve, "check": run_check, "explain": run_explain, "deps": run_deps,
                      "compare": run_compare, "cards": run_cards, **research_cli.RUNNERS,
                      "serve": lambda args: run_serve(args, limits_of(args), bounds_of(args))}[args.command](args)
        sys.stdout.flush()             # a closed pipe shows here, not in Python's final flush
        return status
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return stop_quietly()
    except SolveTimeout as error:
        print(f"error: {error}", file=sys.stderr)
        return 4
    except Exception as error:  # a defect of mtg-layers itself, not of the input
        print(f"internal error (please report it with the case file): {type(error).__name__}: {error}",
              file=sys.stderr)
        return 3


def stop_quietly() -> int:
    """The reader of our output went away (`| head`): stop without a word, as Unix tools do
    (141 = 128 + SIGPIPE). Point stdout at /dev/null so that Python's final flush is silent too."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout without a file descriptor (captured)
        pass
    return 141


def each_case(args, paths, work) -> int:
    """work(path) for each case file named or found in folders, each in a child process under the
    limits (bridge/solving/runner.py). Text: the outputs a blank line apart. JSON: always a list, one entry per
    case done, in order. A case that could not be done is reported on stderr only (its own line);
    nothing is printed on stdout when none could."""
    from bridge.results.render import dumps
    files, status = listed_files(args, paths)
    if not files:
        if not status:
            print("error: no case files found in " + ", ".join(map(str, paths)), file=sys.stderr)
        return 2
    if len(files) > 1:          # the cards they name read once, here: every child finds them read (issue 37)
        from bridge.cards.catalog import read_ahead
        from bridge.reading.named_cards import names_in_files
        read_ahead(names_in_files(files, limits_of(args)))
        from bridge.solving.prepared import warm_up as prepare_rules; prepare_rules()   # asp/'s static part
    outputs = []
    for path in files:
        outcome = bounded(args, path, lambda: work(path))
        status = worst(status, outcome.status)
        if outcome.status:
            say(f"error: {outcome.message}", sys.stderr)
        elif args.format == "json":
            outputs.append(outcome.value)
        else:
            say(("\n" if outputs else "") + outcome.value)
            outputs.append(None)
    if outputs and args.format == "json":
        say(dumps(outputs))
    return status


def run_solve(args) -> int:
    return each_case(args, args.cases, lambda path: solve_output(args, path))


def solve_output(args, path):
    """In the child: the table (or JSON) of one file."""
    from bridge.interfaces import api
    from bridge.results.render import result_json, text_table
    result = api.solve(path, rules=args.rules, timeout=args.timeout, limits=limits_of(args),
                       reevaluate=args.reevaluate, sba=args.sba)
    keep_until_exit(result)                   # its Control is not freed: the child ends after this file
    return result_json(result) if args.format == "json" else text_table(result)


def run_check(args) -> int:
    from bridge.interfaces.cli.check import (
        run_check as run,  # several files at once: bridge/interfaces/cli/check.py
    )
    return run(args)


def run_explain(args) -> int:
    from bridge.interfaces import api
    from bridge.results.explain import explain_data, explain_text
    from bridge.results.render import dumps

    def work():
        result = api.solve(args.case, rules=args.rules, timeout=args.timeout, limits=limits_of(args),
                           reevaluate=args.reevaluate, sba=args.sba, values_in_order=bool(args.object))
        if args.format == "json":
            return dumps(explain_data(result, args.object))
        return explain_text(result, args.object)
    return one_file(args, args.case, work)


def run_deps(args) -> int:
    import subprocess

    from bridge.interfaces import api
    from bridge.results.deps import (
        GraphvizMissing,
        deps_data,
        deps_dot,
        deps_text,
        render,
    )
    from bridge.results.render import dumps

    def work():
        result = api.solve(args.case, rules=args.rules, timeout=args.timeout, limits=limits_of(args),
                           reevaluate=args.reevaluate, sba=False)
        if args.render:
            try:
                render(deps_dot(result), Path(args.render))
            except (GraphvizMissing, ValueError, OSError, subprocess.CalledProcessError) as error:
                raise CaseError(args.case, "--render", str(error)) from None
            return f"wrote {args.render}"
        if args.format == "json":
            return dumps(deps_data(result))
        return deps_dot(result) if args.format == "dot" else deps_text(result)
    return one_file(args, args.case, work)


def run_compare(args) -> int:
    """Each case under several editions (JSON: always a list, one comparison per case)."""
    from bridge.interfaces import api
    from bridge.results.compare import compare_data, compare_text
    editions = [e.strip() for e in args.rules.split(",") if e.strip()]
    unknown = [e for e in editions if e not in EDITIONS]
    if unknown or len(editions) < 2:
        print(f"error: --rules needs two or more of {', '.join(EDITIONS)}, got {args.rules!r}", file=sys.stderr)
        return 2

    def work(path):
        case = api.load_case(path, limits=limits_of(args))
        deadline = time.monotonic() + args.timeout          # the limit holds for all the editions together
        results = []
        for edition in editions:
            left = deadline - time.monotonic()
            if left <= 0:
                raise SolveTimeout(str(path), args.timeout)
            try:
                results.append(api.solve(case, rules=edition, timeout=left, reevaluate=args.reevaluate, sba=False))
            except SolveTimeout as late:
                raise SolveTimeout(str(path), args.timeout, late.steps) from None
        return compare_data(results) if args.format == "json" else compare_text(results)
    return each_case(args, args.cases, work)


if __name__ == "__main__":
    sys.exit(main())
