"""The page's writes to the document that cross into JavaScript in one call each (browser only).

A page's patch (:mod:`catan_web.patch`) crosses as one JSON text (:func:`catan_web.patch.encode`),
and ``web/patch.mjs`` writes it (``applyPatch``; web/interpreter.mjs gives it to Python as the
module ``_catan_patch``). There the keyboard focus survives a rewrite of the element holding it
(the element with the same id, or the same board spot, is focused again), and so does what a
person typed in a field that was rewritten with the same default value, and whether a
disclosure was open. What follows a patch crosses once too: the lines read out, the focus
moved, and work left until the patch is painted (each of these took several crossings, at a
tenth of a millisecond each in Pyodide).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import _catan_patch

from ..html import Markup
from ..patch import Op, encode
from .dom import create_once


def apply(ops: Sequence[Op]) -> None:
    """Apply ``ops`` to the document in order (nothing crosses when there are none)."""
    if ops:
        _catan_patch.apply(encode(ops))


def announce(lines: Markup) -> None:
    """Read ``lines`` (markup) out: they become the contents of the live region ``#announce``."""
    _catan_patch.announce(lines)


def focus_on(selector: str, focusable: str, if_lost: bool) -> None:
    """Move the focus to what ``selector`` finds, or to its first descendant matching
    ``focusable`` when it does not match itself; with ``if_lost``, only when nothing has it."""
    _catan_patch.focus(selector, focusable, if_lost)


def after_paint(callback: Any) -> None:
    """Call ``callback`` (a kept proxy) once the page is painted: in a task after the next
    animation frame, or at once when the page is hidden."""
    _catan_patch.after_paint(callback)


async def painted() -> None:
    """Wait until the page is painted (see :func:`after_paint`; at once when it is hidden): a
    computer player's move waits for it, so that each move gets a frame of its own."""
    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def resolve() -> None:
        if not done.done():
            done.set_result(None)

    after_paint(create_once(resolve))
    await done
