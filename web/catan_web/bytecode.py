"""Whether the modules a page imported came from the bytecode build.py ships, or were compiled
from their sources at start-up (what the game page's test hook ``compiled_at_start`` reports).

build.py ships bytecode for our packages and PyScript's ``pyscript`` package in catan.zip
(``__pycache__`` files, PEP 552 hash-based) and for the standard modules the pages import in
Pyodide's standard library zip (``<module>.pyc`` beside the source, which zipimport prefers).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping
from types import ModuleType

PACKAGES = ("catan_core", "catan_web", "pyscript")
"""The packages whose bytecode sits in ``__pycache__`` folders beside their sources."""
CHECKED_HASH, UNCHECKED_HASH = 0b11, 0b01
"""A .pyc header's flags for hash-based bytecode whose source is checked, or never (PEP 552)."""


def fits(source: str) -> bool:
    """Whether the ``__pycache__`` bytecode of the module file ``source`` is what an import reads:
    for this interpreter, and unchecked or matching the source's hash."""
    try:
        with open(importlib.util.cache_from_source(source), "rb") as file:
            header = file.read(16)
        with open(source, "rb") as file:
            text = file.read()
    except OSError:
        return False
    flags = int.from_bytes(header[4:8], "little")
    return header[:4] == importlib.util.MAGIC_NUMBER and (
        flags == UNCHECKED_HASH or (flags == CHECKED_HASH and header[8:16] == importlib.util.source_hash(text)))


def compiled_at_start(modules: Mapping[str, ModuleType], stdlib_zip: str) -> dict[str, list[str]]:
    """Among ``modules`` (``sys.modules``), those of :data:`PACKAGES` and of the standard
    library zip ``stdlib_zip`` (``checked``), and those whose import compiled their source
    (``compiled``). Modules frozen into the interpreter are left out."""
    checked: list[str] = []
    compiled: list[str] = []
    for name, module in sorted(modules.items()):
        source = getattr(module, "__file__", None) or ""
        if getattr(getattr(module, "__spec__", None), "origin", None) == "frozen":
            continue
        if source.startswith(stdlib_zip + "/"):  # zipimport names the file it read
            checked.append(name)
            if not source.endswith(".pyc"):
                compiled.append(name)
        elif source and name.split(".")[0] in PACKAGES:
            checked.append(name)
            if not fits(source):
                compiled.append(name)
    return {"checked": checked, "compiled": compiled}
