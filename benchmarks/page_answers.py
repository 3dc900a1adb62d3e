"""How long the judges' page waits for an answer (issue 37): `/api/solve` of bundled cases, trees interleaved.

Each tree serves the page (`mtg-layers serve --port 0`, its own `bridge` first on PYTHONPATH, byte code
and the copies kept beside it written first by an untimed run). The page sends a board as the editor
holds it: each case file is turned into the editor's board by `/api/parse` (untimed), then `/api/solve`
is timed from the request to the last byte of its answer: the table, the explanation, the graph and the
YAML, as the page draws them after an edit. Every case is asked of each tree in turn (A B A B ...), the
same cases in the same order, --rounds times; the figure is the median wall time of a request, with the
server's CPU time per request (user + system of the server and the children it forked for the solves).
Usage:
    python benchmarks/page_answers.py --tree BEFORE --tree AFTER [--cases 30] [--seed 5] [--rounds 2]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent


def post(address: str, path: str, payload: dict) -> tuple[int, dict]:
    request = urllib.request.Request(address + path, data=json.dumps(payload).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=300) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


class Server:
    """`serve --port 0` of one tree; its CPU time read from /proc (the server and its waited-for children)."""

    def __init__(self, tree: Path):
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPATH"] = str(tree)
        self.process = subprocess.Popen([sys.executable, "-m", "bridge.interfaces.cli.main", "serve", "--port", "0"],
                                        cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if " is at " not in line:
            raise SystemExit(f"{tree}: the server did not start: {line}{self.process.stderr.read()}")
        self.address = line.split(" is at ")[1].split()[0].rstrip("/")

    def cpu_seconds(self) -> float:
        """utime + stime + cutime + cstime of the server (fields 14-17 of /proc/PID/stat)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        self.process.kill()
        self.process.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tree", action="append", type=Path, help="a checkout (default: this one)")
    parser.add_argument("--cases", type=int, default=30, help="bundled cases asked, chosen at random")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=2, help="times each case is asked of each tree")
    args = parser.parse_args()
    trees = [t.resolve() for t in (args.tree or [HERE.parent])]
    files = sorted((trees[0] / "cases").rglob("*.yaml"))
    chosen = random.Random(args.seed).sample(files, min(args.cases, len(files)))
    subprocess.run([sys.executable, "-c", "import bridge.interfaces.cli.main"], check=True,
                   env={**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
                        "PYTHONPATH": str(trees[0])})
    servers = {tree: Server(tree) for tree in trees}
    try:
        boards = []
        for path in chosen:                   # the editor's board of each case, as the first tree parses it
            status, parsed = post(servers[trees[0]].address, "/api/parse",
                                  {"yaml": path.read_text(encoding="utf-8"), "file": path.name})
            if status == 200 and not parsed.get("errors"):
                boards.append((path.name, parsed["board"]))
        walls = {tree: [] for tree in trees}
        cpus = {tree: [] for tree in trees}
        print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; "
              f"{len(boards)} boards, {args.rounds} rounds")
        for _ in range(args.rounds):
            for name, board in boards:
                for tree, server in servers.items():
                    cpu = server.cpu_seconds()
                    started = time.perf_counter()
                    status, _answer = post(server.address, "/api/solve", {"board": board})
                    walls[tree].append(time.perf_counter() - started)
                    time.sleep(0.05)          # the child is waited for, its CPU counted
                    cpus[tree].append(server.cpu_seconds() - cpu)
                    if status != 200:
                        print(f"  {tree.name}: {name}: status {status}", file=sys.stderr)
        for tree in trees:
            print(f"{tree.name:14} /api/solve: wall median {statistics.median(walls[tree]) * 1000:.0f} ms "
                  f"(mean {statistics.mean(walls[tree]) * 1000:.0f}, max {max(walls[tree]) * 1000:.0f}), "
                  f"server CPU median {statistics.median(cpus[tree]) * 1000:.0f} ms a request; "
                  f"load {os.getloadavg()[0]:.1f}")
    finally:
        for server in servers.values():
            server.close()


if __name__ == "__main__":
    main()
