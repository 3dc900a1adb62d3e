"""asp/'s static part grounded before forking (bridge/solving/prepared.py), A/B in one process (issue 37).

One warmed parent (as `check` is: bridge.interfaces.cli.check.warm_up) forks one child per board, as
`check`'s children do, alternately with the prepared Control (A) and without it (B: a fresh Control, as
before); each child measures its own CPU from the fork to the answer (reading the case, solving, the
result) and sends it back. Boards: every --every'th bundled case and --boards generate.py 40/8 boards.
Per kind of board: the median over boards of the median of --rounds children each way, and the sum.
Also: the parent's CPU to prepare the Control, and the atoms and statements of the static part.
Usage:
    python benchmarks/prepared_control.py [--every 8] [--boards 8] [--rounds 3]
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def in_child(work) -> float:
    """CPU seconds of `work` in a forked child (its counters start at 0 at the fork)."""
    read_end, write_end = os.pipe()
    if os.fork() == 0:
        os.close(read_end)
        try:
            work()
        except Exception:        # noqa: BLE001 (a refused case costs what it costs: measured as well)
            pass
        os.write(write_end, json.dumps(cpu()).encode())
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end) as answer:
        seconds = json.loads(answer.read())
    os.wait()
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--every", type=int, default=8, help="every N'th bundled case (sorted)")
    parser.add_argument("--boards", type=int, default=8, help="generate.py 40/8 boards")
    parser.add_argument("--rounds", type=int, default=3, help="children per board each way")
    args = parser.parse_args()
    from generate import make_board

    from bridge.interfaces import api
    from bridge.interfaces.cli.check import warm_up
    from bridge.solving import prepared
    started = cpu()
    warm_up()
    warmed = cpu() - started
    made = prepared.PREPARED[0]
    prepared.PREPARED.clear()
    started = cpu()
    prepared.prepare(made.files, made.index)
    preparing = cpu() - started
    made = prepared.PREPARED[0]
    cases = sorted((HERE.parent / "cases").rglob("*.yaml"))[::args.every]
    kinds = {"bundled cases": [lambda p=p: api.check(api.load_case(str(p))) for p in cases],
             "generate.py 40/8": [lambda s=s: api.check(api.load_case(make_board(40, 8, s), f"board_{s}.yaml"))
                                  for s in range(args.boards)]}
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; check's warm-up {warmed * 1000:.0f} ms CPU, "
          f"of which preparing the Control {preparing * 1000:.1f} ms ({len(made.static)} statements, "
          f"{len(made.control.symbolic_atoms)} atoms)")
    for kind, works in kinds.items():
        with_it, without = [], []
        for work in works:
            a, b = [], []
            for _ in range(args.rounds):
                a.append(in_child(work))
                prepared.PREPARED.clear()
                b.append(in_child(work))
                prepared.PREPARED.append(made)
            with_it.append(statistics.median(a))
            without.append(statistics.median(b))
        print(f"{kind} ({len(works)} boards, {args.rounds} children each way, interleaved), CPU of a child: "
              f"median {statistics.median(without) * 1000:.1f} -> {statistics.median(with_it) * 1000:.1f} ms, "
              f"sum {sum(without):.2f} -> {sum(with_it):.2f} s "
              f"({(sum(with_it) / sum(without) - 1) * 100:+.1f} %); load {os.getloadavg()[0]:.1f}")
    print(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()))


if __name__ == "__main__":
    main()
