"""`mtg-layers check`: compare each case with what it expects, several cases at a time.

Every case is still checked in its own forked child under the limits of bridge/solving/runner.py (deadline,
RLIMIT_AS, output size); this process parses asp/ and loads the card library once, before the first
fork, so that every child starts with them (issue 21). With `--jobs N`, up to N children run at the
same time; their answers are printed in the order of the files, so the output and the summary are
the same whatever N.
"""
from __future__ import annotations

import contextlib
import os
import sys

from bridge.interfaces import api
from bridge.interfaces.cli.files import file_outcome, listed_files, say, worst
from bridge.interfaces.cli.options import BATCH_SIZE, bounds_of, limits_of
from bridge.model.texts import one_line
from bridge.reading.yaml_input import DEFAULT_LIMITS, Limits
from bridge.results.render import dumps, text_only_data, text_only_summary
from bridge.results.unsure import UNSURE_MARK, unread_abilities, unsure_expectations, unsure_lines
from bridge.results.sba_render import limit_notes
from bridge.results.schemas import FORMAT_VERSION
from bridge.solving.runner import keep_until_exit, run_bounded_each

PROBLEM_NAMES = {"error": "with bad input", "timeout": "timed out", "memory": "out of memory",
                 "internal": "with an internal error"}


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):              # no affinity on this platform
        return os.cpu_count() or 1


def warm_up(files=(), limits: Limits = DEFAULT_LIMITS) -> None:
    """Analyse asp/ (which rules can fire on which facts: bridge/solving/firing.py) and ground its static
    part in a Control each child starts from (bridge/solving/prepared.py), load the card
    library and the rules' word lists, and read the cards the files name, here, once: forked children
    inherit them instead of each doing it again (each child compiled the Oracle reader's regular
    expressions again: bridge/reading/named_cards.py). A failure is left for each case to report."""
    from bridge.cards.catalog import read_ahead
    from bridge.cards.library import library
    from bridge.reading.named_cards import names_in_files
    from bridge.solving import timeline  # noqa: F401 (what a case with events or state-based actions imports)
    from bridge.solving.prepared import warm_up as analyse_rules
    try:
        analyse_rules()
        library()
    except Exception:       # noqa: BLE001 (each child meets the same problem and reports it with its file)
        pass
    read_ahead(names_in_files(files, limits))        # never raises: at most READ_AHEAD_SECONDS


def run_check(args) -> int:
    files, status = listed_files(args, args.paths)
    if not files:
        if not status:
            print("error: no case files found in " + ", ".join(args.paths), file=sys.stderr)
        return 2
    jobs = min(args.jobs or default_jobs(), len(files))
    warm_up(files, limits_of(args))
    counts = {"pass": 0, "fail": 0, "skip": 0}
    problems = {kind: 0 for kind in PROBLEM_NAMES}
    report = []
    with contextlib.closing(batched_answers(args, files, jobs)) as answers:
        for path, answer in zip(files, answers):
            outcome = file_outcome(path, answer)
            status = worst(status, outcome.status or outcome.value["exit"])
            if outcome.status:
                problems[outcome.kind] += 1
                say(f"{outcome.kind.upper()} {outcome.message}", sys.stderr)
                report.append({"format_version": FORMAT_VERSION, "file": str(path), "status": outcome.kind,
                               "error": outcome.message})
                continue
            entry = outcome.value
            counts[entry["status"]] += 1
            if args.format == "text":
                say("\n".join(entry.pop("lines")))
            else:
                entry.pop("lines")
            entry.pop("exit")
            report.append(entry)
    if args.format == "json":
        say(dumps(report))
    else:
        say(f"{counts['pass']} passed, {counts['fail']} failed" + (f", {counts['skip']} skipped" if counts["skip"] else "")
            + "".join(f", {n} {PROBLEM_NAMES[k]}" for k, n in problems.items() if n))
    return status


def batched_answers(args, files: list, jobs: int):
    """Each file's answer, in order, as run_bounded_each gives it (bridge/solving/runner.py). Files are
    checked `args.batch` at a time in one child, their first boards solved together
    (api.presolve); a batch whose child fails or passes a limit, and a case that raises in it, are checked
    again alone, each under its own limits: the answer, limit or error is the one it has alone."""
    bounds, size = bounds_of(args), getattr(args, "batch", BATCH_SIZE)
    if size <= 1:
        yield from run_bounded_each([(str(path), lambda path=path: check_entry(args, path)) for path in files],
                                    bounds, jobs)
        return
    groups = [files[i:i + size] for i in range(0, len(files), size)]
    works = [(f"{group[0]} (and {len(group) - 1} more)", lambda group=group: check_together(args, group))
             for group in groups]
    with contextlib.closing(run_bounded_each(works, bounds, jobs)) as batches:
        for group, answer in zip(groups, batches):
            try:
                entries = answer()
            except Exception:       # noqa: BLE001 (a limit, a failure: each case again, alone)
                entries = [None] * len(group)
            alone = [path for path, entry in zip(group, entries) if entry is None]
            again = run_bounded_each([(str(path), lambda path=path: check_entry(args, path)) for path in alone],
                                     bounds, jobs)
            with contextlib.closing(again):
                for entry in entries:
                    yield (lambda entry=entry: entry) if entry is not None else next(again)


def check_together(args, group: list) -> list:
    """In the child: the entries of a batch of files, None for a case to check again alone."""
    api.presolve(group, rules=args.rules, limits=limits_of(args), reevaluate=args.reevaluate, sba=args.sba,
                 timeout=args.timeout)
    entries = []
    for path in group:
        try:
            entries.append(check_entry(args, path))
        except Exception:       # noqa: BLE001 (checked again alone, it gives its own error)
            entries.append(None)
    return entries


def check_entry(args, path) -> dict:
    """In the child: one file's check, as its JSON entry with its text lines and exit code."""
    outcome = api.check(path, rules=args.rules, timeout=args.timeout, limits=limits_of(args),
                        reevaluate=args.reevaluate, sba=args.sba)
    keep_until_exit(outcome)                  # its Control is not freed: the child ends after this case
    case, edition = outcome.result.case, outcome.result.edition
    shown = f"{one_line(path)}  ({edition}) {one_line(case.title)}"      # user text on its line only (issue 36)
    entry = {"format_version": FORMAT_VERSION, "file": str(path), "rules": edition, "case": case.title}
    if not outcome.expects_something:
        return {**entry, "status": "skip", "exit": 0,
                "lines": [f"skip  {one_line(path)}  ({edition}) no expectations under this edition"]}
    # abilities kept as text: one line under the case; those that change the layers (issue 32) are named
    # with the expected values they may make wrong, and --strict fails the case on them (never on the
    # others: a mana ability kept as text changes no characteristic)
    text_only = text_only_summary(outcome.result)
    entry["text_only"] = text_only_data(outcome.result)
    unread = unsure_lines(outcome.result)
    doubtful = unsure_expectations(outcome.result)
    if unread:
        entry["unread_layer_abilities"] = len(unread_abilities(outcome.result))
        entry["expected_values_in_doubt"] = doubtful
    noted = [f"      {text_only}"] if text_only else []
    noted += [f"      {one_line(line)}" for line in unread]
    if doubtful:
        noted.append(f"      {UNSURE_MARK} expected values these abilities may change: " + ", ".join(doubtful))
    noted += [f"      {note}" for note in limit_notes(outcome.result.sba)]    # what the 704 checks left out
    noted += [f"      {obj.id} → {c.target}: {c.verdict_note}" for obj in outcome.result.stack    # and 115's
              for c in obj.targets if c.not_checked]
    # what the run decided on its own (a tie's order, 107.1b's zero ...): said on a pass, and on a failure,
    # where it may be the reason
    ties, notes = outcome.result.decisions
    decided = [f"      note: {one_line(tie)}" for tie in ties + notes]
    if outcome.passed and not (args.strict and unread):
        return {**entry, "status": "pass", "exit": 0, "lines": [f"pass  {shown}"] + noted + decided}
    if outcome.passed:
        return {**entry, "status": "fail", "exit": 1, "mismatches": [],
                "lines": [f"FAIL  {shown}", "      --strict: a layer ability was not read"]
                + noted}
    return {**entry, "status": "fail", "exit": 1,
            "mismatches": [{"object": m.object_id, "key": m.key, "expected": m.expected, "derived": m.derived}
                           for m in outcome.mismatches],
            "lines": [f"FAIL  {shown}"] + [f"      {one_line(m)}" for m in outcome.mismatches] + noted + decided}
