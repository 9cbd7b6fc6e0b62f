"""The board editor in the browser (``editor.html``): its events and its test hooks.

The thin host of :class:`~catan_web.editor.controller.EditorController`: it writes the page's
layout once, opens what the address names (a share link in the fragment, ``?game=<id>&step=``),
turns clicks, keys and files into commands, and applies the patches. Ctrl+Z (or Cmd+Z) undoes,
Ctrl+Y (or Ctrl+Shift+Z) redoes, outside text fields. Nothing here decides anything.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs

from ..editor.controller import EditorController
from ..editor.regions import shell
from ..editor.start import ChosenFile
from ..touch import COARSE_POINTER
from .dom import document, is_none, window
from .host import PageHost, start_page
from .page import browser_languages, browser_storage

UNDO, REDO = "z", "y"
TYPING = "input, textarea, select"
"""Where Ctrl+Z belongs to the field (its own undo), not to the editor."""


def typed_step() -> str:
    """The step typed beside the file chooser ("" when none)."""
    step = document.getElementById("start-step")
    return "" if is_none(step) else str(step.value)


class EditorPage(PageHost):
    """The editor page: its controller and its events."""

    page: EditorController

    def __init__(self) -> None:
        search = str(window.location.search)
        asked = parse_qs(search.lstrip("?")).get("lang", [""])[0]
        touch = bool(window.matchMedia(COARSE_POINTER).matches)
        page = EditorController(browser_storage(), languages=browser_languages(), asked=asked, touch=touch)
        root = document.getElementById("app")
        root.innerHTML = shell()
        root.removeAttribute("aria-busy")
        super().__init__(page, root)
        board = document.getElementById("board")
        for target, kind, handler in (
            (board, "click", self.on_board_click),
            (board, "keydown", self.on_board_key),
            (document, "keydown", self.on_key),
            (window, "hashchange", lambda event: self.open_address()),
        ):
            self.on(target, kind, handler)
        self.open_address()

    # --- events ----------------------------------------------------------------------------------------

    def on_change(self, event: Any) -> None:
        """A change of a control; a file chosen is read first (and opened at the step typed)."""
        target = event.target
        if target.getAttribute("data-change") == "start_file":
            self.read_chosen(target, "start_file", lambda name, content: ChosenFile(name, content, typed_step()))
        else:
            super().on_change(event)

    def on_key(self, event: Any) -> None:
        """Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes (outside text fields)."""
        if not (event.ctrlKey or event.metaKey) or not is_none(event.target.closest(TYPING)):
            return
        key = str(event.key).lower()
        if key == UNDO and not event.shiftKey:
            event.preventDefault()
            self.run("undo")
        elif key == REDO or (key == UNDO and event.shiftKey):
            event.preventDefault()
            self.run("redo")

    # --- test hooks (only with ?test in the address) ------------------------------------------------------

    def expose_test_api(self) -> None:
        """``window.catan_test.work()``: the editor's work (scenario, marks, caption) as JSON."""
        api = window.Object.new()
        api.work = self.keep(lambda: json.dumps(self.page.editor.to_json()))
        window.catan_test = api


def start() -> EditorPage | None:
    """Build the page and mark it ready (whatever fails on the way ends in a message)."""
    return start_page(EditorPage)
