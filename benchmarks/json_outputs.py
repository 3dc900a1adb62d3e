"""The JSON outputs of the command line on every bundled case, byte for byte (issue 30).

Why: issue 30 moves bridge/'s modules into new packages. A pure move must leave what the program
prints unchanged, so this takes, for every case file (cases/**/*.yaml, sorted) and each of

    mtg-layers solve   --format json CASE
    mtg-layers explain --format json CASE          (no object id)
    mtg-layers deps    --format json CASE
    mtg-layers facts   --format json CASE
    mtg-layers check   --format json CASE          (one file)

the exit code and the sha256 of stdout, and compares them with a digest written before the move.

    python benchmarks/json_outputs.py --write tests/data/json_outputs.sha256.json   # before
    python benchmarks/json_outputs.py --compare tests/data/json_outputs.sha256.json # after: exit 1 if any differ
    python benchmarks/json_outputs.py --dump DIR        # the raw outputs (also with the others), to `diff -r` by hand

Move-proof: the command line is found as the `mtg-layers` console script of the installed package
(importlib.metadata) and called in this process with an argv list; no bridge module is imported by
its path. What is compared is the code that entry point loads (printed on stderr, with a warning when
it is not this repository's): after [project.scripts] changes, run `pip install -e .` again. Each call
solves its case in a forked child (bridge's own limits), so calls leave no state behind but caches;
all 1030 outputs are the same bytes as those of `mtg-layers ...` run as a process, one per call.

Kept the same on every run: case paths are given relative to the repository (outputs name them), with
the repository as the working directory; stdout is UTF-8 (as on a UTF-8 terminal or pipe); the local
card store is switched off ($MTG_LAYERS_CARD_STORE points at a file that does not exist), so a card
someone imported cannot change a case. Nothing is normalised: two runs give the same bytes (no
clock, PID or absolute path is printed; "timestamp" in the outputs is the game's CR 613.7 order).
Slow cases would meet the default --timeout of 60 s (exit 4); every case takes well under a second.
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import os
import sys
from importlib.metadata import entry_points
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ("solve", "explain", "deps", "facts", "check")


def argv_of(command: str, case: str) -> list[str]:
    return [command, "--format", "json", case]


def cli():
    """The function behind the `mtg-layers` console script."""
    (script,) = [ep for ep in entry_points(group="console_scripts") if ep.name == "mtg-layers"]
    return script.load()


def run(main, argv: list[str]) -> tuple[int, bytes, str]:
    """(exit code, stdout bytes, stderr text) of main(argv), run in this process."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) or stop.code is None else 1
    out.flush()
    err.flush()
    return code or 0, out.buffer.getvalue(), err.buffer.getvalue().decode("utf-8", "replace")


def case_files() -> list[str]:
    return sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("cases/**/*.yaml"))


def outputs(dump: Path | None = None, cases: list[str] | None = None):
    """Yield (case, command, exit code, stdout bytes, stderr text) for every case (or those given) and
    command; with `dump`, also write DIR/CASE/COMMAND.json (stdout) and COMMAND.stderr ("exit N" and stderr)."""
    os.chdir(ROOT)
    os.environ["MTG_LAYERS_CARD_STORE"] = str(ROOT / "no-card-store.sqlite")   # must not exist
    main = cli()
    for case in (case_files() if cases is None else cases):
        for command in COMMANDS:
            code, out, err = run(main, argv_of(command, case))
            if dump is not None:
                folder = dump / case
                folder.mkdir(parents=True, exist_ok=True)
                (folder / f"{command}.json").write_bytes(out)
                (folder / f"{command}.stderr").write_text(f"exit {code}\n{err}", encoding="utf-8")
            yield case, command, code, out, err


def digest(dump: Path | None = None, hints: dict | None = None, cases: list[str] | None = None) -> dict:
    """{case: {command: {"exit": N, "sha256": hex}}}; `hints` gets a one-line hint per (case, command)."""
    table: dict = {}
    for case, command, code, out, err in outputs(dump, cases):
        table.setdefault(case, {})[command] = {"exit": code, "sha256": hashlib.sha256(out).hexdigest()}
        if hints is not None:
            last = err.strip().splitlines()[-1:] or [""]
            hints[case, command] = f"{len(out)} bytes of stdout" + (f"; stderr: {last[0][:160]}" if last[0] else "")
    return table


def differences(old: dict, new: dict, hints: dict | None = None) -> list[str]:
    """One line per (case, command) whose exit code or stdout differs, or that is only in one digest."""
    hints = hints or {}
    lines = []
    for case in sorted(old.keys() | new.keys()):
        for command in sorted(old.get(case, {}).keys() | new.get(case, {}).keys()):
            was, now = old.get(case, {}).get(command), new.get(case, {}).get(command)
            if was == now:
                continue
            hint = ("case or command not in the old digest" if was is None else
                    "case or command gone" if now is None else
                    "exit code changed" if was["exit"] != now["exit"] else "same exit code, stdout changed")
            if (case, command) in hints:
                hint += f"; now {hints[case, command]}"
            lines.append(f"{case} {command}: exit {was and was['exit']} -> {now and now['exit']} ({hint})")
    return lines


def compare(path: Path, dump: Path | None = None, cases: list[str] | None = None) -> list[str]:
    """The differences with the digest at `path`, over every case or only `cases`."""
    hints: dict = {}
    old = json.loads(path.read_text(encoding="utf-8"))
    if cases is not None:
        old = {case: old[case] for case in cases if case in old}
    return differences(old, digest(dump, hints, cases), hints)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", type=Path, metavar="PATH", help="write the digest to PATH")
    mode.add_argument("--compare", type=Path, metavar="PATH", help="compare with the digest at PATH (exit 1: some differ)")
    parser.add_argument("--dump", type=Path, metavar="DIR", help="write the raw outputs under DIR (alone or not)")
    args = parser.parse_args(argv)
    if not (args.write or args.compare or args.dump):
        parser.error("give --write PATH, --compare PATH or --dump DIR")
    function = cli()
    print(f"mtg-layers: {function.__module__}.{function.__name__} from {sys.modules[function.__module__].__file__}",
          file=sys.stderr)
    if ROOT not in Path(sys.modules[function.__module__].__file__).resolve().parents:
        print(f"warning: that is not the code of {ROOT}: reinstall with `pip install -e {ROOT}`", file=sys.stderr)
    dump = args.dump and args.dump.resolve()           # resolved here: outputs() works in the repository
    write = args.write and args.write.resolve()
    if args.compare:
        lines = compare(args.compare.resolve(), dump)
        print("\n".join(lines) if lines else "every output is the same")
        return 1 if lines else 0
    table = digest(dump)
    if args.write:
        write.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {write}: {len(table)} cases x {len(COMMANDS)} commands", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
