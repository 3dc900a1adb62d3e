"""Where the package's own files lie: the rules (asp/), the documentation (docs/) and the card data.

Installed, they are inside the package (pyproject.toml maps asp/ to bridge/asp and docs/ to
bridge/docs); in a checkout with an editable install they are beside bridge/. Paths are found from
this file rather than with importlib.resources (+8 ms at every start).
"""
from __future__ import annotations

import functools
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent          # bridge/
CARDS_FOLDER = PACKAGE / "cards"                          # library.yaml, pool.bin


@functools.cache
def asp_files() -> list[Path]:
    """The rule files: the copy installed inside the package, or asp/ of the checkout (editable install).
    Listed once per process: a long run (a sweep, the server) keeps the rules it started with, parsed once
    (bridge/solving/firing.py), even when its checkout is removed or changed under it. Without any rule
    file every board would go through the layers with no rule at all: refused, naming the folder."""
    installed = PACKAGE / "asp"
    folder = installed if installed.is_dir() else PACKAGE.parent / "asp"
    files = sorted(folder.glob("*.lp"))
    if not files:
        raise RuntimeError(f"{folder}: no rule files (*.lp): the installation of mtg-layers is incomplete")
    return files


def docs_folder() -> Path:
    """The docs installed inside the package, or docs/ of the checkout (editable install)."""
    installed = PACKAGE / "docs"
    return installed if installed.is_dir() else PACKAGE.parent / "docs"
