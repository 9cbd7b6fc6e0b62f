"""The ``>>>`` examples in the docstrings of catan_core and of web/catan_web's pure-Python
modules run as part of the normal test run.

(The same as ``python -m pytest --doctest-modules catan_core``, plus web/catan_web without
the page modules, which need the browser.)
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import sys
from pathlib import Path

import pytest

import catan_core

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

import catan_web  # noqa: E402

BROWSER_ONLY = {"catan_web.dom", "catan_web.app", "catan_web.page", "catan_web.embed_page", "catan_web.almanac_page",
                "catan_web.network"}
"""Modules that import the browser (Pyodide's ``js``, through :mod:`catan_web.dom`), so load only in the page."""

MODULES = sorted(
    name
    for package in (catan_core, catan_web)
    for _, name, _ in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
    if not name.endswith("__main__") and name not in BROWSER_ONLY
)


def test_modules_found():
    assert {"catan_core.game", "catan_core.actions", "catan_core.saves", "catan_core.longest_road"} <= set(MODULES)
    assert {"catan_web.markup", "catan_web.qr"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
