"""mtg-layers: Magic: The Gathering's layer system (CR 613) solved in Answer Set Programming.

The Python API that the command line is a thin layer over::

    import bridge
    result = bridge.solve("cases/cr613/gray_ogre.yaml")
    result.objects["gray_ogre"].pt        # '5/8'
"""
from .errors import CaseError
from .api import solve, check, load_case

__all__ = ["CaseError", "solve", "check", "load_case"]
