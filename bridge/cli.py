"""The mtg-layers command: solve and check case files.

Exit codes: 0 success, 1 an expectation failed, 2 bad input (the message names file and key).
"""
from __future__ import annotations

import argparse
import os
import sys
from importlib import metadata
from pathlib import Path

from . import api, research_cli

from .case import EDITIONS
from .compare import compare_data, compare_text
from .deps import GraphvizMissing, deps_data, deps_dot, deps_text, render
from .errors import CaseError, SolveTimeout
from .yaml_input import DEFAULT_LIMITS, Limits
from .explain import explain_data, explain_text
from .help import run_help
from .render import dumps, result_json, text_only_data, text_only_summary, text_table

EPILOG = """exit codes:
  0  success
  1  a case's expectations failed (check)
  2  bad input: the message names the file, the key path and what is wrong
  3  internal error of mtg-layers (please report it with the case file)
  4  solving went past the time limit (--timeout)
  141  the program reading the output closed it (e.g. `| head`): stopped quietly

limits (bad input is refused quickly with a message, exit 2):
  --max-file-size BYTES  (default 5000000)   --max-objects N  (default 5000)
  --max-effects N        (default 2000)      YAML nodes after expanding aliases: 200000

examples:
  mtg-layers solve cases/cr613/gray_ogre.yaml
  mtg-layers solve --format json cases/classics/humility_then_opalescence.yaml
  mtg-layers solve - < cases/cr613/gray_ogre.yaml
  mtg-layers check cases/
  mtg-layers explain cases/events/s004_410_10b_lose_all_abilities.yaml
  mtg-layers explain cases/dependency/blood_moon_urborg_urborg_older.yaml urborg_tomb_of_yawgmoth
  mtg-layers deps cases/dependency/loop_color_swap.yaml --format dot
  mtg-layers compare cases/cr613/gray_ogre.yaml --rules pre-m10,current
  mtg-layers help vocabulary
"""


def common_options() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--timeout", type=float, default=60.0, metavar="SECONDS",
                        help="stop solving a case after this long (default 60)")
    common.add_argument("--max-file-size", type=int, default=DEFAULT_LIMITS.max_file_bytes, metavar="BYTES")
    common.add_argument("--max-objects", type=int, default=DEFAULT_LIMITS.max_objects, metavar="N")
    common.add_argument("--max-effects", type=int, default=DEFAULT_LIMITS.max_effects, metavar="N")
    return common


def limits_of(args) -> Limits:
    return Limits(max_file_bytes=args.max_file_size, max_objects=args.max_objects, max_effects=args.max_effects,
                  max_nodes=DEFAULT_LIMITS.max_nodes)


def build_parser() -> argparse.ArgumentParser:
    parents = [common_options()]
    parser = argparse.ArgumentParser(
        prog="mtg-layers", description="Magic: The Gathering's layer system (CR 613), solved in ASP.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"mtg-layers {version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, help_text: str, formats=("text", "json"), one_edition: bool = True):
        sub = commands.add_parser(name, parents=parents, help=help_text, epilog=EPILOG,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
        sub.add_argument("--format", choices=formats, default=formats[0])
        if one_edition:
            sub.add_argument("--rules", choices=EDITIONS, help="rules edition (overrides the case's rules:)")
        return sub

    solve = command("solve", "print each permanent's and spell's characteristics, players, answers, triggers")
    solve.add_argument("cases", nargs="+", metavar="CASE", help="case files or folders")
    check = command("check", "compare each case with what it expects (expect:, triggers, answers, players)")
    check.add_argument("paths", nargs="+", metavar="PATH", help="case files or folders")
    check.add_argument("--strict", action="store_true",
                       help="fail a case whose objects have abilities kept as text (they generate no effect)")
    explain = command("explain", "each layer's effects in order, why, and what they changed; why triggers "
                                 "happened, targets are illegal, questions got their answers")
    explain.add_argument("case", metavar="CASE", help="a case file")
    explain.add_argument("object", metavar="OBJECT", nargs="?", help="an object id: how each of its values came to be")
    deps = command("deps", "the dependency graph at each step where one existed", formats=("text", "json", "dot"))
    deps.add_argument("case", metavar="CASE", help="a case file")
    deps.add_argument("--render", metavar="OUT", help="draw the graph to OUT.svg or OUT.png (needs Graphviz)")
    compare = command("compare", "one case under several rules editions: what differs, and why", one_edition=False)
    compare.add_argument("case", metavar="CASE", help="a case file")
    compare.add_argument("--rules", default="pre-m10,current",
                         help="editions to compare, comma-separated (default: pre-m10,current)")
    research_cli.add_commands(command)      # facts, query, sweep
    documentation = commands.add_parser("help", help="show the documentation installed with mtg-layers: "
                                                     "`help vocabulary` lists every key of a case file")
    documentation.add_argument("topic", nargs="?", metavar="TOPIC", help="vocabulary, contract, seed-coverage, "
                               "seed-examples, or a command")
    parser.commands = {name: sub for name, sub in commands.choices.items() if name != "help"}
    return parser


def version() -> str:
    try:
        return metadata.version("mtg-layers")
    except metadata.PackageNotFoundError:      # run from a source tree that was never installed
        return "unknown (not installed)"


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "help":
            status = run_help(args, parser, parser.commands)
        else:
            status = {"solve": run_solve, "check": run_check, "explain": run_explain, "deps": run_deps,
                      "compare": run_compare, **research_cli.RUNNERS}[args.command](args)
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


def run_solve(args) -> int:
    """Text: one table per case. JSON: always a list, one entry per case solved, in order; a case
    that could not be solved is reported on stderr only, and nothing is printed if none was."""
    files = api.case_files(args.cases)
    if not files:
        print("error: no case files found in " + ", ".join(args.cases), file=sys.stderr)
        return 2
    status = 0
    outputs = []
    for path in files:
        try:
            result = api.solve(path, rules=args.rules, timeout=args.timeout, limits=limits_of(args))
        except CaseError as error:
            print(f"error: {error}", file=sys.stderr)
            status = 2
            continue
        outputs.append(result_json(result) if args.format == "json" else text_table(result))
    if outputs:
        print(dumps(outputs) if args.format == "json" else "\n\n".join(outputs))
    return status


def run_check(args) -> int:
    files = api.case_files(args.paths)
    if not files:
        print("error: no case files found in " + ", ".join(args.paths), file=sys.stderr)
        return 2
    failed = broken = skipped = timed_out = 0
    report = []
    for path in files:
        try:
            outcome = api.check(path, rules=args.rules, timeout=args.timeout, limits=limits_of(args))
        except CaseError as error:
            broken += 1
            print(f"ERROR {error}", file=sys.stderr)
            report.append({"file": str(path), "status": "error", "error": str(error)})
            continue
        except SolveTimeout as error:
            timed_out += 1
            print(f"TIMEOUT {error}", file=sys.stderr)
            report.append({"file": str(path), "status": "timeout", "error": str(error)})
            continue
        case = outcome.result.case
        if not outcome.expects_something:
            skipped += 1
            if args.format == "text":
                print(f"skip  {path}  ({outcome.result.edition}) no expectations under this edition")
            report.append({"file": str(path), "status": "skip", "rules": outcome.result.edition, "case": case.title})
            continue
        text_only = text_only_summary(outcome.result)
        if outcome.passed and args.strict and text_only:
            failed += 1
            if args.format == "text":
                print(f"FAIL  {path}  ({outcome.result.edition}) {case.title}\n      --strict: {text_only}")
            report.append({"file": str(path), "status": "fail", "rules": outcome.result.edition, "case": case.title,
                           "text_only": text_only_data(outcome.result)})
        elif outcome.passed:
            if args.format == "text":
                print(f"pass  {path}  ({outcome.result.edition}) {case.title}")
                if text_only:
                    print(f"      {text_only}")
                for tie in outcome.result.trace.ties:
                    print(f"      note: {tie}")
            report.append({"file": str(path), "status": "pass", "rules": outcome.result.edition, "case": case.title,
                           "text_only": text_only_data(outcome.result)})
        else:
            failed += 1
            if args.format == "text":
                print(f"FAIL  {path}  ({outcome.result.edition}) {case.title}")
                for mismatch in outcome.mismatches:
                    print(f"      {mismatch}")
                if text_only:
                    print(f"      {text_only}")
            report.append({"file": str(path), "status": "fail", "rules": outcome.result.edition, "case": case.title,
                           "mismatches": [{"object": m.object_id, "key": m.key, "expected": m.expected,
                                           "derived": m.derived} for m in outcome.mismatches]})
    passed = len(files) - failed - broken - skipped - timed_out
    if args.format == "json":
        print(dumps(report))
    else:
        print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else "")
              + (f", {broken} with bad input" if broken else "") + (f", {timed_out} timed out" if timed_out else ""))
    if broken:
        return 2
    if timed_out:
        return 4
    return 1 if failed else 0


def run_explain(args) -> int:
    try:
        result = api.solve(args.case, rules=args.rules, timeout=args.timeout, limits=limits_of(args))
        if args.format == "json":
            print(dumps(explain_data(result, args.object)))
        else:
            print(explain_text(result, args.object))
    except CaseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


def run_deps(args) -> int:
    try:
        result = api.solve(args.case, rules=args.rules, timeout=args.timeout, limits=limits_of(args))
    except CaseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.render:
        try:
            render(deps_dot(result), Path(args.render))
        except (GraphvizMissing, ValueError) as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        print(f"wrote {args.render}")
        return 0
    if args.format == "json":
        print(dumps(deps_data(result)))
    elif args.format == "dot":
        print(deps_dot(result))
    else:
        print(deps_text(result))
    return 0


def run_compare(args) -> int:
    editions = [e.strip() for e in args.rules.split(",") if e.strip()]
    unknown = [e for e in editions if e not in EDITIONS]
    if unknown or len(editions) < 2:
        print(f"error: --rules needs two or more of {', '.join(EDITIONS)}, got {args.rules!r}", file=sys.stderr)
        return 2
    try:
        case = api.load_case(args.case, limits=limits_of(args))
        results = [api.solve(case, rules=edition, timeout=args.timeout) for edition in editions]
    except CaseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(dumps(compare_data(results)) if args.format == "json" else compare_text(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
