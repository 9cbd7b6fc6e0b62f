"""The rules almanac in the browser (``almanac.html``, started by ``almanac.py``).

The thin host of :class:`~catan_web.almanac.controller.AlmanacController`: it writes the
page's layout once, hands over the entry the address names (at start and on ``hashchange``),
runs the commands of the page's controls (the language picker, "Show the live example"),
remembers the language chosen in the settings every page shares and in the address, scrolls
to an entry, sizes each example frame to the height it reports, and applies the patches.

* ``almanac.html#distance`` opens an entry; ``?lang=hi`` picks the language (else the
  language the game page remembered, else the browser's).
* ``<html data-ready="1">`` marks the end of start-up.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, unquote

from ..almanac.controller import AlmanacController, Remember, Reveal
from ..almanac.views import shell
from ..settings import SettingsStore
from ..text import unexpected
from .dom import document, window
from .frames import size_frames
from .host import PageHost
from .page import browser_storage, page_language

EXAMPLE_FRAMES = ".example iframe"
"""The almanac's live examples, sized to their reports."""


def current_hash() -> str:
    """The entry the address names after ``#`` ("" for none)."""
    return unquote(str(window.location.hash).lstrip("#"))


class AlmanacPage(PageHost):
    """The almanac: its controller, its events, what it does for its effects."""

    page: AlmanacController

    def __init__(self) -> None:
        self.settings = SettingsStore(browser_storage())
        asked = parse_qs(str(window.location.search).lstrip("?")).get("lang", [""])[0]
        root = document.getElementById("page")
        root.innerHTML = shell()
        super().__init__(AlmanacController(page_language(asked, self.settings)), root)
        self.on(window, "hashchange", lambda event: self.run("go", current_hash()))
        self.on(window, "message", lambda event: size_frames(event, EXAMPLE_FRAMES))

    def effect(self, effect: Any) -> bool:
        """Remember the language chosen (before drawing); scroll to an entry (after)."""
        if isinstance(effect, Remember):
            self.settings.remember(lang=effect.lang)
            url = window.URL.new(window.location.href)
            url.searchParams.set("lang", effect.lang)
            window.history.replaceState(None, "", url.href)
            return True
        if isinstance(effect, Reveal):
            return False
        return super().effect(effect)

    def perform(self, effects: list[Any]) -> None:
        """Do what ``effects`` ask; scroll to an entry once the page is drawn."""
        super().perform(effects)
        for effect in effects:
            if isinstance(effect, Reveal):
                document.getElementById(effect.entry).scrollIntoView()


def start() -> AlmanacPage | None:
    """Draw the almanac and open the entry the address names; the page is marked ready
    whatever happens (an unexpected error is said on the page)."""
    page: AlmanacPage | None = None
    try:
        page = AlmanacPage()
        page.run("go", current_hash())
    except Exception as error:
        document.getElementById("page").textContent = unexpected(error)
    finally:
        document.documentElement.setAttribute("data-ready", "1")
    return page
