"""mtg-layers: Magic: The Gathering's layer system (CR 613) solved in Answer Set Programming.

The Python API that the command line is a thin layer over::

    import bridge
    result = bridge.solve("cases/cr613/gray_ogre.yaml")
    result.objects["gray_ogre"].pt        # '5/8'
"""
from bridge.files import dataclass_code

dataclass_code.install()        # before the first dataclass (errors.py): the classes' methods compiled once
from bridge.model.errors import CaseError  # noqa: E402

__all__ = ["CaseError", "solve", "check", "load_case", "sweep", "read_rows"]


def __getattr__(name: str):
    """solve, check, load_case, sweep and read_rows are imported on first use (PEP 562): a command that needs only
    part of the package (`mtg-layers cards`, `--help`) does not load the solver (issue 21)."""
    if name in ("solve", "check", "load_case"):
        from bridge.interfaces import api
        return getattr(api, name)
    if name == "sweep":             # docs/research.md#in-python
        from bridge.interfaces.sweep.in_process import sweep
        return sweep
    if name == "read_rows":
        from bridge.interfaces.sweep.output import read_rows
        return read_rows
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
