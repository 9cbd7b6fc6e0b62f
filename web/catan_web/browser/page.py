"""What every page of the site does the same way with the browser (PyScript only): open the
storage and the shared settings, read the reader's languages, name the board's spots.

The board's spots are named by :mod:`catan_web.navigate`, imported when a board is first
clicked or moved on: a page starts without the board's tables.
"""

from __future__ import annotations

import time
from typing import Any

from catan_core.i18n import LANGUAGES, pick_language

from ..settings import SettingsStore
from ..store import Storage, open_storage
from .dom import is_none, window

BOARD_TARGET = "[data-node],[data-edge],[data-hex]"
"""A board spot's element (targets and the other spots alike), as a CSS selector."""
BOARD_STOP = '#board [tabindex="0"]'
"""The board's one Tab stop (see :mod:`catan_web.navigate`)."""
ACTIVATE = ("Enter", " ")
"""Keys that act on the focused board target, as a click does."""
MS = 1000.0
"""Milliseconds in a second (JavaScript's clocks and timers count in milliseconds)."""


def wall_ms() -> float:
    """The time now in milliseconds since 1970, as JavaScript's ``Date.now()`` gives it (read
    from Python's clock, which Pyodide takes from the same source, without crossing into
    JavaScript: the page asks for it a few times per command)."""
    return MS * time.time()


def browser_storage() -> Storage:
    """The browser's localStorage, or storage in memory when the browser refuses it."""
    return open_storage(lambda: window.localStorage, is_none)


def browser_languages() -> list[str]:
    """The reader's preferred languages, as the browser reports them."""
    try:
        languages = window.navigator.languages
        return [] if is_none(languages) else [str(tag) for tag in languages]
    except Exception:
        return []


def page_language(asked: str | None, settings: SettingsStore) -> str:
    """The language ``asked`` for in the address if we speak it, else the one remembered,
    else the browser's first that we speak, else English."""
    if asked in LANGUAGES:
        return asked
    return pick_language(settings.load().lang, browser_languages())


def board_spot(node: Any) -> str | None:
    """The spot name (``"n12"``) of the board spot ``node`` is in (None outside one)."""
    from ..navigate import spot as spot_name
    from ..targets import ELEMENTS

    spot = node.closest(BOARD_TARGET)
    if is_none(spot):
        return None
    for kind in ELEMENTS:
        value = spot.getAttribute("data-" + kind)
        if not is_none(value):
            return spot_name(kind, int(value))
    return None
