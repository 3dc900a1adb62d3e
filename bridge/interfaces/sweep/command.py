"""`mtg-layers sweep SPEC.yaml`: every board of a sweep spec, solved on Dask in batches, one row per
board written as batches finish, a progress bar on stderr, a summary at the end.

Dask (dask.distributed) runs the batches: a local cluster of worker processes by default, or an
existing cluster (--scheduler tcp://HOST:PORT), unchanged. A worker that dies costs only time: the
scheduler gives its batches to another worker. The progress bar is tqdm's: boards (not batches)
done, their rate and the time left, updated as rows are written.
"""
from __future__ import annotations

import itertools
import logging
import math
import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from bridge.interfaces.sweep.output import SUFFIXES, WRITERS, FactsStore, earlier_rows
from bridge.interfaces.sweep.spec import SweepSpec, load_spec
from bridge.interfaces.sweep.worker import BatchJob, BatchStats, board_key, solve_batch, warm_up
from bridge.model.errors import CaseError

BOARDS_PER_BATCH = 24      # about 1-2 s of work: enough to make a task's own cost (a few ms) small


def jobs(spec: SweepSpec, tasks, batch_size: int | None, workers: int, args=None) -> list[BatchJob]:
    """The tasks (any iterable: spec.tasks() is read lazily) cut into batches: a few per worker at
    least, so that a slow or lost one matters little. `args` (the command line) bounds each board:
    --timeout (over the spec's), --max-memory, --max-output, --max-objects, --max-effects; and
    --no-reevaluate."""
    task_count = spec.task_count()
    if not task_count:
        return []
    per_task = max(1, spec.boards_per_task(spec.sizes[0]))
    size = batch_size or max(1, min(math.ceil(BOARDS_PER_BATCH / per_task), math.ceil(task_count / (4 * workers))))
    pool = tuple((card.label, card.entry) for card in spec.pool)
    bounds = {}
    if args is not None:
        from bridge.interfaces.cli.options import limits_of
        bounds = dict(memory_bytes=args.max_memory << 20, output_bytes=args.max_output, limits=limits_of(args),
                      reevaluate=args.reevaluate)
    timeout = args.timeout if args is not None and "timeout" in getattr(args, "given", ()) else spec.timeout
    tasks = iter(tasks)
    return [BatchJob(name=spec.name, pool=pool, background=spec.background, players=spec.players, totals=spec.totals,
                     orders=spec.orders, editions=spec.editions, findings=spec.findings,
                     query_text=spec.query_text, query_file=spec.query_file, timeout=timeout,
                     store_facts=bool(args is not None and getattr(args, "store_facts", None)),
                     minimize=bool(args is not None and getattr(args, "minimize", False)),
                     together=getattr(args, "solve_together", 1) if args is not None else 1,
                     tasks=batch, **bounds) for batch in iter(lambda: tuple(itertools.islice(tasks, size)), ())]


@contextmanager
def dask_client(scheduler: str | None, workers: int):
    """A client of the cluster at `scheduler`, or of a local cluster of `workers` processes."""
    import dask
    from dask.distributed import Client, LocalCluster
    if scheduler:
        with Client(scheduler, timeout="20s") as client:
            yield client
        return
    # Dask's workers sample their own stacks every 10 ms for its profiler: CPU a sweep needs
    with dask.config.set({"distributed.worker.profile.enabled": False}), \
            LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                         silence_logs=logging.ERROR) as cluster, Client(cluster) as client:
        try:
            yield client
        finally:     # workers closing while a heartbeat is under way is no news for the user
            logging.getLogger("distributed").setLevel(logging.CRITICAL)


def cluster_threads(client) -> int:
    return sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values()) or 1


def installed(module: str) -> bool:
    from importlib.util import find_spec
    try:
        return find_spec(module) is not None
    except ModuleNotFoundError:        # "dask.distributed" when dask itself is missing
        return False


def run(args) -> int:
    try:
        from bridge.interfaces.cli.options import limits_of
        spec = load_spec(args.spec, limits_of(args))
    except CaseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    missing = [] if args.dry_run else [name for name in ("dask.distributed", "tqdm") if not installed(name)]
    if missing:        # said before the pool is analysed, not as an internal error once it has been
        print(f"error: {args.spec}: a sweep solves on Dask with a progress bar and needs {', '.join(missing)}: "
              "pip install 'mtg-layers[research]' (--dry-run works without it)", file=sys.stderr)
        return 2
    from bridge.interfaces.sweep.dry_run import dry_run_report, pool_statuses, warnings
    profiles = {} if args.prune else None
    statuses = pool_statuses(spec, spec.timeout, profiles)
    pruning = Pruning(spec, profiles, args.prune_check) if args.prune else None
    if args.dry_run:
        print(dry_run_report(spec, statuses))
        if pruning is not None:
            for _ in pruning.kept(spec.tasks()):      # counted, not solved
                pass
            print("  " + pruning.counted(dry_run=True))
        return 0
    for warning in warnings(statuses):        # every inert entry is said before a board runs (issue 38)
        print(warning, file=sys.stderr)
    total = spec.board_count()
    if total > args.max_boards:
        print(f"error: {spec.file}: the sweep has {total:,} boards, more than --max-boards {args.max_boards:,}; "
              "make the pool or the sizes smaller, or raise --max-boards", file=sys.stderr)
        return 2
    fmt = args.format
    out = Path(args.output) if args.output else Path(args.spec).with_suffix(SUFFIXES[fmt])
    try:
        earlier = earlier_rows(out, fmt) if args.resume else []
        writer = WRITERS[fmt](out, args.resume)
        facts_store = FactsStore(Path(args.store_facts), args.resume) if args.store_facts else None
    except CaseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    done = {row["board"] for row in earlier}
    from tqdm import tqdm
    workers = args.workers or os.cpu_count() or 1
    started = time.perf_counter()
    totals = {"boards": 0, "rows": 0, "solve": 0.0, "findings": 0.0, "cpu": 0.0, "errors": 0, "loops": 0, "overrides": 0,
              "order_sensitive": 0, "edition_difference": 0}
    count(totals, earlier)           # the summary counts every row of the output, the earlier ones too
    tasks = spec.tasks() if pruning is None else pruning.kept(spec.tasks())   # counted over every combination
    tasks = (task for task in tasks if not set(task_boards(spec, task)) <= done)    # --resume: skip
    try:
        with dask_client(args.scheduler, workers) as client:
            workers = cluster_threads(client)
            client.run(warm_up)
            progress = tqdm(total=total, initial=len(done), unit="board", file=sys.stderr, smoothing=0.05,
                            disable=args.no_progress, dynamic_ncols=True)
            started = time.perf_counter()
            from dask.distributed import as_completed
            futures = client.map(solve_batch, jobs(spec, tasks, args.batch_size, workers, args), pure=False)
            if pruning is not None:       # the tasks were read: the sample of pruned ones is known
                futures += client.map(solve_batch, jobs(spec, pruning.sample, args.batch_size, workers, args),
                                      pure=False)
                progress.total = total - pruning.pruned_boards + pruning.sample_boards()
            for future in as_completed(futures):
                rows, stats = future.result()
                new = [row for row in rows if row["board"] not in done]
                if facts_store is not None:
                    facts_store.write(rows, done)
                writer.write(new)
                count(totals, new, stats)
                if pruning is not None:
                    pruning.check(rows)
                progress.update(len(new))
            progress.close()
    finally:
        writer.close()
        if facts_store is not None:
            facts_store.close()
    wall = time.perf_counter() - started
    print(summary(spec, out, totals, len(done), wall, workers))
    if pruning is not None:
        print("  " + pruning.counted())
        if pruning.contradicted:          # the analysis was wrong: said, and the sweep is no success
            print("error: --prune left out combinations that interact (" + "; ".join(pruning.contradicted[:5])
                  + "): please report it with the spec; run without --prune", file=sys.stderr)
            return 1
    if totals["rows"] and totals["errors"] == totals["rows"]:      # nothing was solved: not a success (issue 36)
        print(f"error: every one of the {totals['rows']:,} boards of this run failed; see the error column of "
              f"{out}", file=sys.stderr)
        return 1
    return 0


class Pruning:
    """--prune: which tasks go (bridge/interfaces/sweep/pruning.py), how many boards that spares, and a
    random sample of the pruned ones, solved to confirm that none shows an interaction finding."""

    def __init__(self, spec: SweepSpec, profiles: dict, sample_size: int):
        from bridge.interfaces.sweep.pruning import Interactions
        background = profiles.pop("background")
        self.spec, self.interactions = spec, Interactions(profiles, background)
        self.sample_size, self.sample, self.seen = max(0, sample_size), [], 0
        self.pruned_tasks = self.pruned_boards = 0
        self.sampled_rows, self.contradicted = 0, []
        import random
        self.random = random.Random(38)

    def kept(self, tasks):
        for task in tasks:
            if self.interactions.may_interact(task.cards):
                yield task
                continue
            self.pruned_tasks += 1
            self.pruned_boards += self.spec.boards_per_task(len(task.cards))
            if len(self.sample) < self.sample_size:          # reservoir sampling: every pruned task alike
                self.sample.append(task)
            else:
                pick = self.random.randrange(self.pruned_tasks)
                if pick < self.sample_size:
                    self.sample[pick] = task

    def sample_boards(self) -> int:
        return sum(self.spec.boards_per_task(len(task.cards)) for task in self.sample)

    def check(self, rows: list[dict]) -> None:
        sampled = {self.spec.pool[i].label for task in self.sample for i in task.cards}
        for row in rows:
            if set(row["cards"]) <= sampled and not self.interactions.may_interact(
                    tuple(sorted(self.index(label) for label in row["cards"]))):
                self.sampled_rows += 1
                if row.get("loops") or row.get("overrides") or row.get("order_sensitive"):
                    self.contradicted.append(row["board"])

    def index(self, label: str) -> int:
        return next(i for i, card in enumerate(self.spec.pool) if card.label == label)

    def counted(self, dry_run: bool = False) -> str:
        kept = self.spec.task_count() - self.pruned_tasks
        said = (f"--prune: {kept:,} combinations kept, {self.pruned_tasks:,} pruned ({self.pruned_boards:,} boards "
                f"not solved); ")
        if dry_run:
            return said + f"{len(self.sample)} pruned combinations would be solved to confirm"
        return said + (f"{len(self.sample)} pruned combinations solved to confirm ({self.sampled_rows} boards): "
                       f"{len(self.contradicted)} with an interaction finding")


def task_boards(spec: SweepSpec, task) -> list[str]:
    """The board keys a task's rows will have (what --resume matches), as the worker names them."""
    orders = itertools.permutations(range(len(task.cards))) if spec.orders == "all" else [range(len(task.cards))]
    return [board_key([spec.pool[task.cards[i]].label for i in order], [task.controllers[i] for i in order], edition)
            for order in map(tuple, orders) for edition in spec.editions]


def count(totals: dict, rows: list[dict], stats: BatchStats | None = None) -> None:
    """Add a batch's rows and costs to the totals (rows of an earlier run: no stats)."""
    if stats is not None:
        totals["boards"] += stats.boards
        totals["solve"] += stats.solve_seconds
        totals["findings"] += stats.findings_seconds
        totals["cpu"] += stats.cpu_seconds
    totals["rows"] += len(rows)
    for row in rows:
        totals["errors"] += row.get("error") is not None
        totals["loops"] += bool(row.get("loops"))
        totals["overrides"] += bool(row.get("overrides"))
        totals["order_sensitive"] += row.get("order_sensitive") is True
        totals["edition_difference"] += row.get("edition_difference") is True


def summary(spec: SweepSpec, out: Path, totals: dict, skipped: int, wall: float, workers: int) -> str:
    boards = totals["boards"]
    lines = [f"sweep {spec.name}: {boards} boards solved"
             + (f", {skipped} already in {out} (--resume)" if skipped else "") + f", rows in {out}",
             f"  of all {totals['rows']} rows: with errors: {totals['errors']}   dependency loops: {totals['loops']}   "
             f"dependency overriding timestamp order: {totals['overrides']}   order-sensitive: "
             f"{totals['order_sensitive']}   edition differences: {totals['edition_difference']}"]
    if boards:
        per_board = wall * workers / boards
        solve, findings = totals["solve"] / boards, totals["findings"] / boards
        lines.append(f"  {wall:.1f} s, {boards / wall:.1f} boards/s on {workers} worker(s); per board and worker: "
                     f"{per_board * 1000:.0f} ms = solving {solve * 1000:.0f} ms + findings {findings * 1000:.0f} ms "
                     f"+ overhead {(per_board - solve - findings) * 1000:.0f} ms; CPU (worker and the child solving "
                     f"each board) {totals['cpu'] / boards * 1000:.0f} ms per board")
    return "\n".join(lines)
