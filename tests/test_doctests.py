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

BROWSER = "catan_web.browser"
"""The package of the modules that import the browser (Pyodide's ``js``, through
:mod:`catan_web.browser.dom`), so load only in the page."""

MODULES = sorted(
    name
    for package in (catan_core, catan_web)
    for _, name, _ in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
    if not name.endswith("__main__") and not name.startswith(BROWSER)
)


def test_modules_found():
    assert {"catan_core.game", "catan_core.actions", "catan_core.saves", "catan_core.longest_road"} <= set(MODULES)
    assert {"catan_web.html", "catan_web.qr", "catan_web.game.controller"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


BENCH_WITH_EXAMPLES = ("vs_catanatron_bots",)
"""Benchmark scripts whose helpers have examples (run without Catanatron: it is imported only
under its own environment's interpreter)."""


@pytest.mark.parametrize("name", BENCH_WITH_EXAMPLES)
def test_bench_doctests(name, monkeypatch):
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "bench"))
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False, report=True)
    assert result.attempted > 0, f"no examples found in {name}"
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
