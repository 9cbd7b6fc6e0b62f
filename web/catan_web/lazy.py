"""Modules loaded when first used, so that a page draws its first screen before them.

The game page's first screen (:mod:`catan_web.home`) needs neither the engine's tables nor the
game screen's modules; :func:`lazy_module` names such a module at the top of a page's code
without loading it, or even looking for it, and :func:`load` loads the ones still waiting (the
page calls it once its first screen is drawn, one module per turn of the event loop). Such a
module, like one imported inside a function, is not in the game page's start zip
(build.START_PAGES): the page loads it once catan.zip is there.

Not the standard library's :class:`importlib.util.LazyLoader`: that one needs the module's
spec at once, and finding a spec in a zip (the pages import from catan.zip) reads, inflates
and unmarshals the module's whole bytecode, which the import then reads again.

>>> import sys
>>> sys.modules.pop("colorsys", None) and None  # a module nothing here has loaded
>>> colors = lazy_module("colorsys")
>>> "colorsys" in sys.modules
False
>>> colors.rgb_to_hsv(1.0, 0.0, 0.0), "colorsys" in sys.modules
((0.0, 1.0, 1.0), True)
>>> lazy_module("colorsys") is sys.modules["colorsys"]
True
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any


class LazyModule(ModuleType):
    """Stands for the module of the same name until it is loaded: reading any attribute it
    does not have itself imports the module (once) and reads the attribute from it."""

    def __getattr__(self, attribute: str) -> Any:
        return getattr(importlib.import_module(self.__name__), attribute)


def lazy_module(name: str) -> ModuleType:
    """Module ``name`` (a full dotted name), loaded when one of its attributes is first read;
    the module itself when it is loaded already."""
    return sys.modules.get(name) or LazyModule(name)


def load(module: ModuleType) -> None:
    """Load ``module`` now (a :class:`LazyModule` or a module) if it is still waiting."""
    importlib.import_module(module.__name__)
