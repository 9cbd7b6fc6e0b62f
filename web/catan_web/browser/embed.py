"""The example frame in the browser (``embed.html``, started by ``embed.py``): see
``docs/embedding.md``.

The thin host of :class:`~catan_web.embed.controller.EmbedController`: it writes the frame's
layout once, reads the address and fetches the file it names (of this site only), hands the
text over (command ``open``), turns clicks and keys into commands (a button's ``data-cmd``,
a spot of the board, the arrow keys stepping through a study) and applies the patches. After
each drawing it reports the height the content needs to the page holding the frame
(:mod:`catan_web.frame`). A host page may swap what is shown by changing the fragment: the
frame reads it again without starting again. ``<html data-ready="1">`` marks the end of
start-up, whatever is shown. Nothing from the address or what it names is ever put into the
page but as text (:mod:`catan_web.html`) or in the engine's SVG, which escapes every name.
"""

from __future__ import annotations

from typing import Any

from ..embed.controller import EmbedController, Source
from ..embed.screen import shell
from ..example import ScenarioProblem, read_params
from ..settings import SettingsStore
from ..text import unexpected
from ..touch import COARSE_POINTER
from .dom import document, is_none, window
from .frames import content_height, report_height, size_frames
from .host import PageHost
from .page import browser_storage, page_language

STUDY_KEYS: dict[str, str] = {"ArrowLeft": "back", "ArrowRight": "next"}
"""Keys stepping through a study (outside the board and the fields)."""
EXAMPLE_FRAMES = "#authors iframe"
"""The authors' page's live examples, sized to their reports."""


def current_params() -> Any:
    """What the address asks for now."""
    return read_params(str(window.location.search), str(window.location.hash))


def site_folder() -> str:
    """The address of the folder holding this page (for the snippets of the authors' page)."""
    return str(window.URL.new(".", window.location.href).href)


class EmbedPage(PageHost):
    """The example frame: its controller, its events, the height it reports."""

    page: EmbedController

    def __init__(self) -> None:
        params = current_params()
        lang = page_language(params.lang, SettingsStore(browser_storage()))
        touch = bool(window.matchMedia(COARSE_POINTER).matches)
        page = EmbedController(params, lang, touch=touch, site=site_folder())
        root = document.getElementById("embed")
        root.innerHTML = shell()
        super().__init__(page, root)
        self.reported = 0
        """The height last reported to the page holding the frame."""
        board = document.getElementById("board")
        for target, kind, handler in (
            (board, "click", self.on_board_click),
            (board, "keydown", self.on_board_key),
            (document, "keydown", self.on_key),
            (window, "hashchange", self.on_hash_change),
            (window, "resize", lambda event: self.post_height()),
            (window, "message", self.on_message),
        ):
            self.on(target, kind, handler)
        self.redraw()

    # --- what the address names ---------------------------------------------------------------------

    async def load(self) -> None:
        """Read what the address names and show it (or why it cannot be shown)."""
        params = self.page.state.params
        try:
            text = await self.source_text()
        except ScenarioProblem as problem:
            self.run("fail", problem)
        else:
            self.run("open", Source(text, params))
        self.root.removeAttribute("aria-busy")
        document.documentElement.setAttribute("data-ready", "1")

    async def source_text(self) -> str | None:
        """The text the address names: the fragment, or a file of this site (None: nothing is
        named); :class:`ScenarioProblem` when the file is elsewhere or cannot be had."""
        params = self.page.state.params
        source = params.scenario
        if source is None:
            return params.fragment if params.fragment.strip() else None
        try:
            url = window.URL.new(source, window.location.href)
        except Exception:  # not a URL at all
            raise ScenarioProblem("embed.error.bad_source") from None
        if url.origin != window.location.origin or url.protocol not in ("http:", "https:"):
            raise ScenarioProblem("embed.error.bad_source")
        try:
            early = getattr(window, "catanScenario", None)  # started by embed.html during start-up
            if early is not None and not is_none(early):
                found = await early
                text = None if is_none(found) else str(found)
            else:
                response = await window.fetch(url.href)
                text = str(await response.text()) if response.ok else None
        except Exception:  # network failure
            text = None
        if text is None:
            raise ScenarioProblem("embed.error.not_found", file=source)
        return text

    def on_hash_change(self, event: Any) -> None:
        """A host page swapped what the fragment holds: show it (the address names no file)."""
        if self.page.state.params.scenario is None:
            params = current_params()
            self.run("open", Source(params.fragment if params.fragment.strip() else None, params))

    # --- drawing and the height --------------------------------------------------------------------

    def redraw(self) -> None:
        """Bring the regions up to date, then report the height they need."""
        super().redraw()
        self.post_height()

    def post_height(self) -> None:
        """Tell the page holding the frame how tall the content needs to be at this width,
        when that changed since the last report."""
        height = content_height(self.root)
        if height != self.reported:
            self.reported = height
            report_height(height)

    # --- events ----------------------------------------------------------------------------------------

    def on_message(self, event: Any) -> None:
        """A live example of the authors' page reported its height: size it, and report ours."""
        size_frames(event, EXAMPLE_FRAMES)
        self.post_height()

    def on_key(self, event: Any) -> None:
        """The left and right arrows step through a study (not on the board, not in a field)."""
        way = STUDY_KEYS.get(str(event.key))
        if way is None or self.page.lesson is None or event.altKey or event.ctrlKey or event.metaKey:
            return
        if not is_none(event.target.closest("#board, input, textarea, select")):
            return
        event.preventDefault()
        self.run("study", way)


async def start() -> EmbedPage | None:
    """Build the frame and show what its address names. Whatever fails on the way ends in a
    message in the frame, which is marked ready all the same."""
    try:
        page = EmbedPage()
        await page.load()
    except Exception as error:
        document.getElementById("embed").textContent = unexpected(error)
        document.documentElement.setAttribute("data-ready", "1")
        return None
    return page
