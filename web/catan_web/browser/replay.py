"""The replay viewer in the browser (``replay.html``): its events and its test hooks.

The thin host of :class:`~catan_web.replay.controller.ReplayController`: it writes the page's
layout once, opens what the address names (``?game=<id>&step=<n>``, or a share link in the
fragment), turns clicks, keys and files into commands, applies the patches and keeps the
address on the step shown. The arrows move a step, Page Up and Page Down a turn, Home and End
go to the first and last step (outside text fields and the slider, which has its own keys).
Nothing here decides anything.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs

from ..editor.start import ChosenFile
from ..replay.controller import ReplayController
from ..replay.regions import shell
from .dom import document, is_none, window
from .host import PageHost, start_page
from .page import browser_languages, browser_storage, wall_ms

KEYS = {
    "ArrowLeft": "back",
    "ArrowRight": "forward",
    "PageUp": "turn_back",
    "PageDown": "turn_forward",
    "Home": "first",
    "End": "last",
}
"""Keys of the whole page and the moves they make."""
TYPING = "input, textarea, select"
"""Where the keys belong to the field."""


class ReplayPage(PageHost):
    """The replay viewer: its controller and its events."""

    page: ReplayController

    def __init__(self) -> None:
        asked = parse_qs(str(window.location.search).lstrip("?")).get("lang", [""])[0]
        page = ReplayController(browser_storage(), languages=browser_languages(), asked=asked, now=wall_ms)
        root = document.getElementById("app")
        root.innerHTML = shell()
        root.removeAttribute("aria-busy")
        super().__init__(page, root)
        self.on(document, "keydown", self.on_key)
        self.on(window, "hashchange", lambda event: self.open_address())
        self.open_address()

    def on_change(self, event: Any) -> None:
        """A change of a control; a file chosen is read first, then replayed."""
        target = event.target
        if target.getAttribute("data-change") == "open_file":
            self.read_chosen(target, "open_file", ChosenFile)
        else:
            super().on_change(event)

    def on_key(self, event: Any) -> None:
        """The arrows, Page Up and Down, Home and End move through the game."""
        move = KEYS.get(str(event.key))
        if move is None or self.page.replay is None or event.ctrlKey or event.metaKey or event.altKey:
            return
        if not is_none(event.target.closest(TYPING)):
            return
        event.preventDefault()
        self.run("move", move)

    # --- test hooks (only with ?test in the address) ------------------------------------------------------

    def expose_test_api(self) -> None:
        """``window.catan_test.position()``: the step, the number of steps, and the position
        at the step (the engine's state as JSON)."""
        api = window.Object.new()
        api.position = self.keep(self.test_position)
        window.catan_test = api

    def test_position(self) -> str:
        """The replay's step and position as JSON ("" without a game)."""
        replay = self.page.replay
        if replay is None:
            return ""
        return json.dumps({"step": replay.step, "length": replay.length, "state": replay.game.to_json()})


def start() -> ReplayPage | None:
    """Build the page and mark it ready (whatever fails on the way ends in a message)."""
    return start_page(ReplayPage)
