"""The browser as the pages' Python sees it: ``document``, ``window`` and the helpers that pass
Python values and functions to JavaScript, straight from Pyodide (browser only).

These are what PyScript's ``pyscript`` and ``pyscript.ffi`` give a script on the page's main
thread, without importing PyScript's package: its start-up imports a dozen modules the pages
never use, and interpreter.mjs leaves that import out of PyScript's start (see README, "Start-up").
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

import _catan_code
import js
from pyodide.ffi import create_proxy, jsnull, to_js as _to_js

__all__ = [
    "all_code",
    "code_complete",
    "create_once",
    "create_proxy",
    "document",
    "is_none",
    "spawn",
    "to_js",
    "window",
]

window: Any = js
"""The page's global object (``js`` is Pyodide's view of ``globalThis``, the window here)."""
document: Any = js.document


def to_js(value: Any, **options: Any) -> Any:
    """``value`` as a JavaScript value; dictionaries become plain objects (not ``Map``s), as
    JSON-like data for the browser's APIs should be (``pyscript.ffi.to_js`` does the same)."""
    options.setdefault("dict_converter", js.Object.fromEntries)
    return _to_js(value, **options)


def is_none(value: Any) -> bool:
    """Whether ``value`` is ``None`` or JavaScript's ``null`` (``undefined`` arrives as ``None``)."""
    return value is None or value is jsnull


def create_once(fn: Callable[[], None]) -> Any:
    """A proxy for a one-shot JavaScript callback that frees itself after running."""
    holder: list[Any] = []

    def run(*_: Any) -> None:
        try:
            fn()
        finally:
            holder[0].destroy()

    holder.append(create_proxy(run))
    return holder[0]


_RUNNING: set[asyncio.Task[Any]] = set()
"""Tasks :func:`spawn` started and that are still running (the event loop keeps only weak references)."""


def spawn(work: Coroutine[Any, Any, Any]) -> None:
    """Run ``work`` as a task of the page's event loop, kept until it ends."""
    task = asyncio.ensure_future(work)
    _RUNNING.add(task)
    task.add_done_callback(_RUNNING.discard)


def code_complete() -> bool:
    """Whether every module of the pages' code can be imported: catan.zip is on the path. A page
    that started from its start zip (a first visit of one of build.START_PAGES) has only the
    modules it imports as it starts until :func:`all_code` has brought catan.zip."""
    return bool(_catan_code.complete())


async def all_code() -> None:
    """Return once catan.zip is on the path (web/interpreter.mjs ``allCode``: the first call
    fetches it, when the page started from its start zip)."""
    await _catan_code.all()
