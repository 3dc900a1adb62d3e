"""`bridge.sweep(spec)`: a sweep solved in this process, without Dask (a notebook's small sweeps); the rows
are those `mtg-layers sweep` writes, as read_rows gives them (every column, None where a row has no value).
Each board is still solved in a forked child under the spec's timeout (bridge/solving/runner.py): call it
from the main thread."""
from __future__ import annotations

import dataclasses

from bridge.interfaces.sweep.command import jobs
from bridge.interfaces.sweep.output import full_row
from bridge.interfaces.sweep.spec import SweepSpec, load_spec
from bridge.interfaces.sweep.worker import solve_batch


def sweep(spec, frame: bool = False, minimize: bool = False):
    """The rows of every board of `spec` (a spec file's path, or a loaded SweepSpec), sorted by board; with
    frame=True a pandas DataFrame of them (pip install 'mtg-layers[research]'); minimize=True: each finding
    row's smallest background, as `sweep --minimize` gives it."""
    spec = spec if isinstance(spec, SweepSpec) else load_spec(spec)
    rows = sorted((full_row(row) for job in jobs(spec, spec.tasks(), None, 1)
                   for row in solve_batch(dataclasses.replace(job, minimize=minimize))[0]),
                  key=lambda row: row["board"])
    if not frame:
        return rows
    from bridge.results.result import research_module
    return research_module("pandas").DataFrame(rows)
