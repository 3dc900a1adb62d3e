"""Where the package's own files lie: the rules (asp/), the documentation (docs/) and the card data.

Installed, they are inside the package (pyproject.toml maps asp/ to bridge/asp and docs/ to
bridge/docs); in a checkout with an editable install they are beside bridge/. Paths are found from
this file rather than with importlib.resources (+8 ms at every start).
"""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent          # bridge/
CARDS_FOLDER = PACKAGE / "cards"                          # library.yaml, pool.bin


def asp_files() -> list[Path]:
    """The rule files: the copy installed inside the package, or asp/ of the checkout (editable install)."""
    installed = PACKAGE / "asp"
    folder = installed if installed.is_dir() else PACKAGE.parent / "asp"
    return sorted(folder.glob("*.lp"))


def docs_folder() -> Path:
    """The docs installed inside the package, or docs/ of the checkout (editable install)."""
    installed = PACKAGE / "docs"
    return installed if installed.is_dir() else PACKAGE.parent / "docs"
