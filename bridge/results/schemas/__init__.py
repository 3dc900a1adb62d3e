"""JSON Schemas (draft 2020-12) of every command's `--format json` output, shipped with the package.

Every case-level object carries `format_version`: it changes when a key changes meaning or goes
away (new keys may appear without a change)."""
from __future__ import annotations

FORMAT_VERSION = 1
# command -> schema file; `query` and `sweep` are one JSON object per line (per row)
SCHEMAS = {"solve": "solve.json", "check": "check.json", "explain": "explain.json", "deps": "deps.json",
           "compare": "compare.json", "facts": "facts.json", "query": "query_line.json", "sweep": "sweep_row.json"}


def schema(command: str) -> dict:
    import json  # not at import: every command reads FORMAT_VERSION (issue 21)
    from importlib import resources
    return json.loads((resources.files("bridge.results.schemas") / SCHEMAS[command]).read_text(encoding="utf-8"))
