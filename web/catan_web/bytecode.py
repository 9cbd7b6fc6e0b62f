"""Whether the modules a page imported came from the bytecode build.py ships, or were compiled
from their sources at start-up (what the game page's test hook ``compiled_at_start`` reports).

build.py ships bytecode (PEP 552, hash-based) for our packages in catan.zip and for the
standard modules the pages import in Pyodide's standard library zip, both as ``<module>.pyc``
beside the source, which zipimport prefers.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping, Sequence
from types import ModuleType

PACKAGES = ("catan_core", "catan_web", "pyscript")
"""The packages also checked when imported from a folder (bytecode in ``__pycache__``): not what
the pages do, but what they would do if catan.zip were not first on ``sys.path`` (ours) or if
PyScript's start-up code ran whole, writing its package into the working directory and
importing it (see web/interpreter.mjs)."""
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
        flags == UNCHECKED_HASH or (flags == CHECKED_HASH and header[8:16] == importlib.util.source_hash(text))
    )


def compiled_at_start(modules: Mapping[str, ModuleType], zips: Sequence[str]) -> dict[str, list[str]]:
    """Among ``modules`` (``sys.modules``), those imported from one of the zips ``zips`` (the
    ``sys.path`` entries of catan.zip and the standard library) or from a folder of one of
    :data:`PACKAGES` (``checked``), and those whose import compiled their source (``compiled``).
    Modules frozen into the interpreter are left out."""
    checked: list[str] = []
    compiled: list[str] = []
    for name, module in sorted(modules.items()):
        source = getattr(module, "__file__", None) or ""
        if getattr(getattr(module, "__spec__", None), "origin", None) == "frozen":
            continue
        if any(source.startswith(zip_path + "/") for zip_path in zips):  # zipimport names the file it read
            checked.append(name)
            if not source.endswith(".pyc"):
                compiled.append(name)
        elif source and name.split(".")[0] in PACKAGES:
            checked.append(name)
            if not fits(source):
                compiled.append(name)
    return {"checked": checked, "compiled": compiled}
