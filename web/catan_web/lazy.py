"""Modules loaded when first used, so that a page draws its first screen before them.

The game page's first screen (:mod:`catan_web.home`) needs neither the engine's tables nor the
game screen's modules; :func:`lazy_module` names such a module at the top of a page's code
without loading it, and :func:`load` loads the ones still waiting (the page calls it once its
first screen is drawn, one module per turn of the event loop). This is the standard
library's :class:`importlib.util.LazyLoader`.
"""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType


def lazy_module(name: str) -> ModuleType:
    """Module ``name`` (a full dotted name), loaded when one of its attributes is first read;
    the module itself when it is loaded already."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)
    return module


def load(module: ModuleType) -> None:
    """Load ``module`` now if it is still waiting (reading any attribute loads it)."""
    getattr(module, "__name__")
