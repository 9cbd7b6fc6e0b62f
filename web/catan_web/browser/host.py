"""Every page's thin host in the browser: events to commands, effects to browser calls, patches
to the document.

A :class:`PageHost` holds a page's :class:`~catan_web.controller.PageController`. It turns
each click on an element with ``data-cmd`` (its ``data-arg``, or with ``data-fields`` the
values of the fields it names, as the argument) and each change of a control with
``data-change`` (its value; a checkbox's is ``on`` or "") into the command they name, runs it,
does what the command's effects ask (:mod:`catan_web.effects`, and a page's own through
:meth:`PageHost.effect`) and applies the patch that brings the page up to date
(:mod:`catan_web.browser.apply`). A disabled button (``aria-disabled``) runs the command
``explain`` with its reason instead, when the page has that command. Nothing here decides
anything about the page.

A page that started from its start zip (its first visit: build.START_PAGES) handles events
only once catan.zip has come (:func:`~catan_web.browser.dom.all_code`), since the commands they
run may import any module: those that come sooner wait for it, in order.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, Protocol, TypeVar

from ..commands import CommandError, Explanation
from ..controller import PageController
from ..effects import BOARD, Address, Announce, Copy, Download, Focus, Go, Reveal, ScrollTop
from ..html import EMPTY, el, join
from ..pondering import Ponder, Pondered
from ..text import unexpected, unexpected_msg
from .apply import announce, apply, focus_on, painted
from .dom import all_code, code_complete, create_once, create_proxy, document, is_none, spawn, to_js, window
from .page import ACTIVATE, BOARD_STOP, board_spot

FOCUSABLE = 'button:not([disabled]):not([aria-disabled="true"]),select,input,textarea,[tabindex="0"]'
"""What can take the focus when an effect names a panel."""
SCROLL_CENTER = {"block": "center", "inline": "center"}
"""``scrollIntoView`` options bringing an element to the middle of the view."""
EXPLAIN = "explain"
"""The command a disabled button runs instead of its own (its reason and Why? link)."""
PONDER_SLICE = 0.015
"""Longest stretch (seconds) a page's long computation runs before the page handles events
and draws again (:mod:`catan_web.pondering`)."""
PROGRESS_SLICES = 10
"""Slices of a long computation between two reports of how far it is (command ``pondering``)."""


def field_values(container: Any) -> dict[str, str]:
    """The values of the fields of ``container`` by id (a checkbox: ``on`` or ""; a radio
    button checked: its value under its name)."""
    values: dict[str, str] = {}
    for field in container.querySelectorAll("input, select, textarea"):
        kind = str(field.type or "")
        if kind == "file":
            continue
        if kind == "radio":
            if field.checked:
                values[str(field.name)] = str(field.value)
        elif kind == "checkbox":
            if field.id:
                values[str(field.id)] = "on" if field.checked else ""
        elif field.id:
            values[str(field.id)] = str(field.value)
    return values


class PageHost:
    """A page in the browser: its controller, its event handlers, what it does for effects."""

    def __init__(self, page: PageController[Any], root: Any) -> None:
        self.page = page
        self.root = root
        """The element whose clicks and changes are the page's commands."""
        self._proxies: list[Any] = []
        self._title = ""
        """The document's title as this page last wrote it (written again only when it changes)."""
        self._lang = str(document.documentElement.lang)
        """The document's language as it stands (written only when it changes)."""
        page.base = str(window.URL.new(".", window.location.href).href)
        self.on(root, "click", self.on_click)
        self.on(root, "change", self.on_change)

    # --- running commands ---------------------------------------------------------------------------

    def run(self, name: str, arg: object = None, *before: tuple[str, object]) -> None:
        """Run the commands ``before`` and then ``name`` with ``arg``, do what they ask, draw."""
        effects: list[Any] = []
        try:
            for first, value in before:
                effects += self.page.dispatch(first, value)
            effects += self.page.dispatch(name, arg)
        except Exception as error:
            self.failed(error)
            print(f"command {name!r} failed: {error!r}", file=sys.stderr)
            if isinstance(error, CommandError):
                effects = []
        self.perform(effects)

    def failed(self, error: BaseException) -> None:
        """Say that something unforeseen failed; the page goes on. (A page with a notice bar
        shows it there.)"""
        notify = getattr(self.page, "notify", None)
        if notify is not None:
            notify(unexpected_msg(error))

    def perform(self, effects: list[Any]) -> None:
        """Do what ``effects`` ask, drawing the page before the focus moves and the live region speaks."""
        later = [effect for effect in effects if not self.effect(effect)]
        self.redraw()
        for effect in later:
            after_drawing(effect)

    def effect(self, effect: Any) -> bool:
        """Do ``effect`` now if it is to be done before drawing (False: after drawing). A page
        adds its own effects here."""
        if isinstance(effect, Download):
            download(effect)
            return True
        if isinstance(effect, Ponder):
            self.start(self.ponder(effect))
            return True
        return False

    async def ponder(self, effect: Ponder) -> None:
        """Advance the page's job ``effect`` names a slice at a time (the page answering
        between two), and hand its result back with the command ``pondered``; a stale job stops.
        The first slice waits until the page has painted what the command that started the job
        changed (the winner screen before its statistics, "thinking" before the hint)."""
        await painted()
        slices = 0
        while (work := self.page.jobs.work(effect)) is not None:
            result = work.advance(partial(past, time.perf_counter() + PONDER_SLICE))
            if result is not None:
                self.run("pondered", Pondered(effect.job, effect.ticket, result))
                return
            slices += 1
            if slices % PROGRESS_SLICES == 0 and self.page.jobs.reports(effect.job):
                self.run("pondering", effect.job)
            await asyncio.sleep(0)

    def redraw(self) -> None:
        """Bring the page's regions, its title and its language up to date."""
        apply(self.page.draw())
        title, lang = self.page.title(), self.page.language()
        if title and title != self._title:
            document.title = self._title = title
        if lang and lang != self._lang:
            document.documentElement.lang = self._lang = lang
            announce(EMPTY)  # what it held was read out in the old language

    async def guarded(self, work: Awaitable[None]) -> None:
        """Run ``work``; an unexpected error in it is said."""
        try:
            await work
        except Exception as error:
            self.failed(error)
            self.redraw()

    def start(self, work: Awaitable[None]) -> None:
        """Run ``work`` as a task of the page (an unexpected error in it is said)."""
        spawn(self.guarded(work))

    def open_address(self) -> None:
        """Run the page's ``open_address`` command with the page's address (its query and
        fragment: what a link names)."""
        location = window.location
        self.run("open_address", {"search": str(location.search), "hash": str(location.hash)})

    def read_chosen(self, target: Any, command: str, make: Callable[[str, str | None], object]) -> None:
        """Read the file chosen in the file input ``target``, then run ``command`` with
        ``make(name, text)`` (text None when the file cannot be read); the input is emptied,
        so that the same file may be chosen again."""
        files = target.files
        if not is_none(files) and files.length:
            self.start(self._read(files.item(0), command, make))
        target.value = ""

    async def _read(self, file: Any, command: str, make: Callable[[str, str | None], object]) -> None:
        try:
            content: str | None = str(await file.text())
        except Exception:
            content = None
        self.run(command, make(str(file.name), content))

    # --- events ----------------------------------------------------------------------------------------

    def on(self, target: Any, kind: str, handler: Callable[[Any], None]) -> None:
        """Bind ``handler`` for the page's lifetime; an unexpected error in it is said. Events
        that come before all the code wait for it (see the module's docstring)."""

        def guarded(event: Any) -> None:
            if not code_complete():
                self.start(after_code(partial(guarded, event)))
                return
            try:
                handler(event)
            except Exception as error:
                self.failed(error)
                self.redraw()

        proxy = create_proxy(guarded)
        self._proxies.append(proxy)
        target.addEventListener(kind, proxy)

    def keep(self, fn: Callable[..., Any]) -> Any:
        """A JavaScript-callable proxy of ``fn`` kept for the page's lifetime."""
        proxy = create_proxy(fn)
        self._proxies.append(proxy)
        return proxy

    def before(self, target: Any) -> tuple[tuple[str, object], ...]:
        """Commands to run before the one ``target`` names (a page reading a form first)."""
        return ()

    def on_click(self, event: Any) -> None:
        """A click on any button with ``data-cmd``: a disabled one says why it is."""
        button = event.target.closest("[data-cmd]")
        if is_none(button) or button.disabled:
            return
        if button.getAttribute("aria-disabled") == "true":
            why = document.getElementById(f"{button.id}-why")
            if not is_none(why) and EXPLAIN in self.page.table:
                entry = why.getAttribute("data-entry")
                self.run(EXPLAIN, Explanation(str(why.textContent), None if is_none(entry) else str(entry)))
            return
        arg = button.getAttribute("data-arg")
        names = button.getAttribute("data-fields")
        value: object = None if is_none(arg) else str(arg)
        if not is_none(names):
            fields = (document.getElementById(name) for name in str(names).split())
            value = {str(field.id): str(field.value) for field in fields if not is_none(field)}
        self.run(str(button.getAttribute("data-cmd")), value, *self.before(button))

    def on_board_click(self, event: Any) -> None:
        """A click on a spot of the board: the command ``press`` with the spot's name."""
        spot = board_spot(event.target)
        if spot is not None:
            self.run("press", spot)

    def on_board_key(self, event: Any) -> None:
        """A key on a focused board spot: Enter or Space press it as a click does (the command
        ``press`` with :meth:`key_press`), the arrows, Home and End move the board's Tab stop
        (the command ``rove``, :mod:`catan_web.navigate`)."""
        from ..navigate import ROVING_KEYS, Rove

        spot = board_spot(event.target)
        key = str(event.key)
        if spot is None:
            return
        if key in ACTIVATE:
            event.preventDefault()
            self.run("press", self.key_press(spot))
        elif key in ROVING_KEYS:
            event.preventDefault()
            self.run("rove", Rove(spot, key))

    def key_press(self, spot: str) -> object:
        """The argument of the command ``press`` for Enter or Space on ``spot`` (the spot's name)."""
        return spot

    def on_change(self, event: Any) -> None:
        """A change of any control with ``data-change`` (its value as the argument; a
        checkbox's is ``on`` or "")."""
        target = event.target
        name = target.getAttribute("data-change")
        if is_none(name):
            return
        value = ("on" if target.checked else "") if str(target.type) == "checkbox" else str(target.value)
        self.run(str(name), value, *self.before(target))


async def after_code(work: Callable[[], None]) -> None:
    """Do ``work`` once all the pages' code is there (:func:`~catan_web.browser.dom.all_code`)."""
    await all_code()
    work()


def past(moment: float) -> bool:
    """Whether ``moment`` (of ``time.perf_counter``) has passed."""
    return time.perf_counter() >= moment


def after_drawing(effect: Any) -> None:
    """Do an effect that waits for the page to be drawn: read something out, move the focus,
    scroll."""
    if isinstance(effect, Announce):
        announce(join(el("p", line) for line in effect.lines))
    elif isinstance(effect, Focus):
        focus_on(BOARD_STOP if effect.target == BOARD else effect.target, FOCUSABLE, effect.if_lost)
    elif isinstance(effect, Reveal):
        spot = document.querySelector(effect.selector)
        if not is_none(spot):
            spot.scrollIntoView(to_js(SCROLL_CENTER))
    elif isinstance(effect, ScrollTop):
        window.scrollTo(0, 0)
    elif isinstance(effect, Copy):
        field = document.getElementById(effect.field)
        if not is_none(field):
            spawn(copy_text(field))
    elif isinstance(effect, Address):
        window.history.replaceState(None, "", effect.url)
    elif isinstance(effect, Go):
        window.location.assign(effect.url)


async def copy_text(field: Any) -> None:
    """Put ``field``'s text on the clipboard; when the browser refuses, select it and ask for
    the copy the old way (the text stays selected for the person to copy)."""
    try:
        await window.navigator.clipboard.writeText(field.value)
    except Exception:
        field.focus()
        field.select()
        document.execCommand("copy")


def download(effect: Download) -> None:
    """Offer a file for download (through a Blob URL)."""
    blob = window.Blob.new(to_js([effect.text]), to_js({"type": effect.mime}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = effect.name
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_once(lambda: window.URL.revokeObjectURL(url)), 1000)


class WithTestHooks(Protocol):
    """A page that adds ``window.catan_test`` hooks when asked."""

    def expose_test_api(self) -> None:
        """Add the page's test hooks."""


Page = TypeVar("Page", bound=WithTestHooks)


def start_page(make: Callable[[], Page]) -> Page | None:
    """Build a page with ``make``, add its test hooks when the address asks (``?test``), and
    mark the page ready: whatever fails on the way ends in a message in ``#app``."""
    page: Page | None = None
    try:
        testing = "test" in str(window.location.search)  # read first: the page may rewrite its address
        page = make()
        if testing:
            page.expose_test_api()
    except Exception as error:
        document.getElementById("app").textContent = unexpected(error)
    finally:
        document.documentElement.setAttribute("data-ready", "1")
    return page
