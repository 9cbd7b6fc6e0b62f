"""The ``>>>`` examples in catan_core's docstrings run as part of the normal test run.

(The same as ``python -m pytest --doctest-modules catan_core``.)
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import catan_core

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(catan_core.__path__, "catan_core.")
    if not name.endswith("__main__")
)


def test_modules_found():
    assert {"catan_core.game", "catan_core.actions", "catan_core.saves", "catan_core.longest_road"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
