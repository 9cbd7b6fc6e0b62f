"""The game page in the browser (``index.html``): events to commands, effects to browser calls.

The thin host of :class:`~catan_web.game.controller.Controller`: it writes the page's layout
once, turns each event into a command (a button's ``data-cmd`` and ``data-arg``, a control's
``data-change`` and value, a click or key on the board, a file chosen, a timer), runs it, does
what the command's effects ask (storage, timers, a computer player's thinking, downloads,
network play, the live region, the focus) and applies the patch that brings the page up to
date. Nothing here decides anything about the game or the page's state.

Before a command of the home screen runs, the new-game form's fields are read into the page's
state (command ``form``), so that what was typed is kept whatever the command redraws.

Computer players think in slices of at most :data:`THINK_SLICE` seconds; between two slices the
page handles clicks, keys and drawing.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from ..game.bar import Explanation
from ..game.commands import CommandError
from ..game.controller import BotMove, Controller
from ..game.effects import (
    BOARD,
    Announce,
    Delete,
    Download,
    Effect,
    Focus,
    Leave,
    Opened,
    Reveal,
    Save,
    ScrollTop,
    SendToHost,
    SyncGuests,
    Think,
    Wake,
)
from ..game.home import FORM, ImportedFile
from ..game.screen import shell
from ..html import el, join
from ..store import StorageFull
from ..text import Msg, unexpected, unexpected_msg
from ..touch import COARSE_POINTER, TOUCH_POINTERS
from .apply import apply
from .dom import create_once, create_proxy, document, is_none, spawn, to_js, window
from .page import ACTIVATE, BOARD_STOP, board_spot, browser_languages, browser_storage

if TYPE_CHECKING:
    from .network import Network

THINK_SLICE = 0.03
"""Longest stretch (seconds) a computer player thinks before the page handles events again."""
FOCUSABLE = 'button:not([disabled]):not([aria-disabled="true"]),select,input,textarea,[tabindex="0"]'
"""What can take the focus when an effect names a panel."""
ROVING_KEYS = frozenset({"ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End"})
"""Keys that move the board's Tab stop."""
SCROLL_CENTER = {"block": "center", "inline": "center"}
"""``scrollIntoView`` options bringing a spot of an enlarged board to the middle of the view."""
UNDO_KEY = "z"


def saved_dates(saves: Any, lang: str) -> dict[str, str]:
    """When each saved game was saved, in the browser's words for ``lang``."""
    return {meta.id: str(window.Date.new(meta.saved).toLocaleString(lang)) for meta in saves if meta.saved}


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


class GamePage:
    """The page: its controller, its event handlers and what it does for the effects."""

    def __init__(self) -> None:
        self.page = Controller(
            browser_storage(),
            languages=browser_languages(),
            touch=bool(window.matchMedia(COARSE_POINTER).matches),
            now=lambda: float(window.Date.now()),
            dates=saved_dates,
        )
        self._proxies: list[Any] = []
        self._net: Network | None = None
        self.last_pointer = ""
        """``pointerType`` of the last pointer pressed on the board ("mouse", "touch", "pen")."""
        app = document.getElementById("app")
        app.innerHTML = shell()
        app.removeAttribute("aria-busy")
        board = document.getElementById("board")
        for target, kind, handler in (
            (board, "click", self.on_board_click),
            (board, "keydown", self.on_board_key),
            (board, "pointerdown", self.on_pointer),
            (app, "click", self.on_click),
            (app, "change", self.on_change),
            (document, "keydown", self.on_key),
            (window, "resize", lambda event: self.run("viewport", self.width())),
        ):
            self.on(target, kind, handler)
        self.run("viewport", self.width())

    @property
    def net(self) -> Network:
        """Network play (its module is loaded when first used: a game on screen, or an
        invitation in the address)."""
        if self._net is None:
            from .network import Network

            self._net = Network(self.page, self)
            self.page.table.add(self._net.commands())
            self.page.remote = self._net
        return self._net

    @staticmethod
    def width() -> int:
        """The page's width in CSS pixels (within the range the page takes)."""
        return max(200, min(10_000, int(window.innerWidth)))

    # --- running commands ---------------------------------------------------------------------------

    def run(self, name: str, arg: object = None, *before: tuple[str, object]) -> None:
        """Run the commands ``before`` and then ``name`` with ``arg``, do what they ask, draw."""
        effects: list[Effect] = []
        try:
            for first, value in before:
                effects += self.page.dispatch(first, value)
            effects += self.page.dispatch(name, arg)
        except Exception as error:
            self.page.notify(unexpected_msg(error))
            print(f"command {name!r} failed: {error!r}", file=sys.stderr)
            if isinstance(error, CommandError):
                effects = []
        self.perform(effects)

    def perform(self, effects: list[Effect]) -> None:
        """Do what ``effects`` ask, drawing the page before the focus moves and the live region speaks."""
        after: list[Effect] = []
        for effect in effects:
            if isinstance(effect, Save):
                try:
                    self.page.store.put(effect.gid, effect.text, effect.meta)
                except StorageFull:
                    self.page.notify(Msg("ui.saves.full"))
            elif isinstance(effect, Delete):
                self.page.store.delete(effect.gid)
                self.net.forget(effect.gid)
            elif isinstance(effect, Wake):
                asyncio.get_event_loop().call_later(effect.seconds, self.run, "bot_wake", effect.generation)
            elif isinstance(effect, Think):
                spawn(self.guarded(self.think(effect)))
            elif isinstance(effect, SyncGuests):
                if self._net is not None:
                    self._net.sync()
            elif isinstance(effect, Opened):
                if self.page.session is not None:
                    self.net.opened(self.page.session)
            elif isinstance(effect, Leave):
                if self._net is not None:
                    self._net.leave()
            elif isinstance(effect, SendToHost):
                self.net.send(effect.action)
            elif isinstance(effect, Download):
                download(effect)
            else:
                after.append(effect)
        self.redraw()
        for effect in after:
            if isinstance(effect, Announce):
                document.getElementById("announce").innerHTML = join(el("p", line) for line in effect.lines)
            elif isinstance(effect, Focus):
                focus(effect)
            elif isinstance(effect, Reveal):
                spot = document.querySelector(effect.selector)
                if not is_none(spot):
                    spot.scrollIntoView(to_js(SCROLL_CENTER))
            elif isinstance(effect, ScrollTop):
                window.scrollTo(0, 0)

    def redraw(self) -> None:
        """Bring the page's regions, its title and its language up to date."""
        apply(self.page.draw())
        document.title = self.page.title()
        if str(document.documentElement.lang) != self.page.state.lang:
            document.documentElement.lang = self.page.state.lang
            document.getElementById("announce").replaceChildren()  # read out in the old language

    async def think(self, effect: Think) -> None:
        """Let the computer player who must act think, a slice at a time, and hand its move
        back (dropped when the game on screen changed meanwhile)."""
        from catan_core.bots import advance

        thinking = self.page.thinking()
        while True:
            slice_end = time.perf_counter() + THINK_SLICE
            action = advance(thinking, partial(past, slice_end))
            if action is not None:
                break
            await asyncio.sleep(0)
            if effect.generation != self.page.generation:
                return
        self.run("bot_move", BotMove(effect.generation, effect.moves, action))

    async def guarded(self, work: Awaitable[None]) -> None:
        """Run ``work``; an unexpected error in it ends in a notice."""
        try:
            await work
        except Exception as error:
            self.page.notify(unexpected_msg(error))
            self.redraw()

    # --- events ----------------------------------------------------------------------------------------

    def on(self, target: Any, kind: str, handler: Callable[[Any], None]) -> None:
        """Bind ``handler`` for the page's lifetime; an unexpected error in it ends in a notice."""

        def guarded(event: Any) -> None:
            try:
                handler(event)
            except Exception as error:
                self.page.notify(unexpected_msg(error))
                self.redraw()

        proxy = create_proxy(guarded)
        self._proxies.append(proxy)
        target.addEventListener(kind, proxy)

    def keep(self, fn: Callable[..., Any]) -> Any:
        """A JavaScript-callable proxy of ``fn`` kept for the page's lifetime."""
        proxy = create_proxy(fn)
        self._proxies.append(proxy)
        return proxy

    def form_first(self, target: Any) -> tuple[tuple[str, object], ...]:
        """The ``form`` command reading the new-game form, when ``target`` is on the home screen
        and the form shows (nothing otherwise)."""
        form = document.getElementById(FORM)
        if is_none(form) or is_none(target.closest("#home")):
            return ()
        return (("form", field_values(form)),)

    def on_click(self, event: Any) -> None:
        """A click on any button with ``data-cmd``: a disabled one says why it is."""
        button = event.target.closest("[data-cmd]")
        if is_none(button):
            return
        if button.getAttribute("aria-disabled") == "true":
            why = document.getElementById(f"{button.id}-why")
            if not is_none(why):
                entry = why.getAttribute("data-entry")
                self.run("explain", Explanation(str(why.textContent), None if is_none(entry) else str(entry)))
            return
        arg = button.getAttribute("data-arg")
        names = button.getAttribute("data-fields")
        if not is_none(names):
            value: object = {
                name: str(field.value)
                for name in str(names).split()
                if not is_none(field := document.getElementById(name))
            }
        else:
            value = None if is_none(arg) else str(arg)
        self.run(str(button.getAttribute("data-cmd")), value, *self.form_first(button))

    def on_change(self, event: Any) -> None:
        """A change of any control with ``data-change`` (its value as the argument; a
        checkbox's is ``on`` or ""; a file chosen is read first)."""
        target = event.target
        name = target.getAttribute("data-change")
        if is_none(name):
            return
        name = str(name)
        if name == "import":
            files = target.files
            if not is_none(files) and files.length:
                spawn(self.guarded(self.read_file(files.item(0))))
            target.value = ""
            return
        if name == "form":
            self.run("form", field_values(document.getElementById(FORM)))
            return
        value = ("on" if target.checked else "") if str(target.type) == "checkbox" else str(target.value)
        self.run(name, value, *self.form_first(target))

    async def read_file(self, file: Any) -> None:
        """Read the file chosen for import and import it."""
        try:
            content: str | None = str(await file.text())
        except Exception:
            content = None
        self.run("import", ImportedFile(str(file.name), content))

    def on_key(self, event: Any) -> None:
        """Keys of the whole page: Ctrl+Z (or Cmd+Z) takes back, Escape closes the statistics."""
        if self.page.session is None:
            return
        if event.key == "Escape":
            self.run("escape")
        elif (
            (event.ctrlKey or event.metaKey)
            and not event.shiftKey
            and str(event.key).lower() == UNDO_KEY
            and is_none(event.target.closest("input, textarea, select"))
        ):
            event.preventDefault()
            self.run("undo")

    def on_pointer(self, event: Any) -> None:
        """A pointer pressed on the board: remember its kind (the first finger seen switches the
        texts to the touch wording)."""
        self.last_pointer = str(event.pointerType)
        if self.last_pointer in TOUCH_POINTERS and not self.page.state.touch:
            self.run("pointer", self.last_pointer)

    def on_board_click(self, event: Any) -> None:
        """A click on the board: a tap selects first, a mouse click acts at once."""
        from ..game.board import Press

        spot = board_spot(event.target)
        if spot is None or self.page.session is None:
            return
        pointer = getattr(event, "pointerType", None)
        kind = self.last_pointer if pointer is None or is_none(pointer) or not str(pointer) else str(pointer)
        self.run("press", Press(spot, kind in TOUCH_POINTERS))

    def on_board_key(self, event: Any) -> None:
        """Keys on a focused board spot: Enter or Space act like a click; the arrows, Home and
        End move the board's Tab stop."""
        from ..game.board import Press, Rove

        spot = board_spot(event.target)
        key = str(event.key)
        if spot is None or self.page.session is None:
            return
        if key in ACTIVATE:
            event.preventDefault()
            self.run("press", Press(spot, False))
        elif key in ROVING_KEYS:
            event.preventDefault()
            self.run("rove", Rove(spot, key))

    # --- test hooks (only with ?test in the address) ------------------------------------------------------

    def expose_test_api(self) -> None:
        """``window.catan_test``: load a scenario, queue dice, apply an action, read the save."""
        api = window.Object.new()
        api.load_scenario = self.keep(self.test_load_scenario)
        api.queue_dice = self.keep(lambda a, b: self.page.dice.append((int(a), int(b))))
        api.apply = self.keep(self.test_apply)
        api.save = self.keep(self.test_save)
        api.compiled_at_start = self.keep(test_compiled_at_start)
        self.net.expose_test_api(api)
        window.catan_test = api

    def test_load_scenario(self, text: str, name: str = "Scenario") -> str:
        """Start a scenario (JSON text) as a new saved game; returns an error message or ""."""
        from catan_core.errors import CatanError
        from catan_core.scenarios import parse_scenario

        from ..session import Session

        try:
            game = parse_scenario(str(text))
        except CatanError as error:
            return self.page.text().error(error)
        session = Session(game, self.page.store.new_id(self.page.now()), str(name))
        self.perform(self.page.call(lambda page: page.open_session(session, new=True)))
        return ""

    def test_apply(self, text: str) -> str:
        """Apply an action given in its text form, as if clicked; returns the refusal or ""."""
        from catan_core.actions import Action
        from catan_core.errors import CatanError

        session = self.page.session
        if session is None:
            return "no game"
        try:
            action = Action.parse(str(text))
        except CatanError as error:
            return session.text.error(error)
        reason = session.reason(action)
        if reason is None:
            self.perform(self.page.call(lambda page: page.act(action)))
        return reason or ""

    def test_save(self) -> str:
        """The save text of the game on screen."""
        from catan_core.saves import dumps

        return dumps(self.page.session.game) if self.page.session is not None else ""


def past(moment: float) -> bool:
    """Whether ``moment`` (of ``time.perf_counter``) has passed."""
    return time.perf_counter() >= moment


def focus(effect: Focus) -> None:
    """Move the focus where ``effect`` says (a panel's selector: its first control that can be used)."""
    active = document.activeElement
    if effect.if_lost and not (is_none(active) or active == document.body):
        return
    node = document.querySelector(BOARD_STOP if effect.target == BOARD else effect.target)
    if not is_none(node) and not node.matches(FOCUSABLE):
        node = node.querySelector(FOCUSABLE)
    if not is_none(node):
        node.focus()


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


def test_compiled_at_start() -> str:
    """JSON: :func:`catan_web.bytecode.compiled_at_start` of the page's modules (test hook)."""
    from ..bytecode import compiled_at_start

    return json.dumps(compiled_at_start(sys.modules, [entry for entry in sys.path if entry.endswith(".zip")]))


def start() -> GamePage | None:
    """Build the page, follow an invitation in the address, and mark the page ready; load the
    game screen's modules right after. Whatever fails on the way ends in a message on the page,
    which is marked ready all the same."""
    page: GamePage | None = None
    try:
        page = GamePage()
        if "test" in str(window.location.search):
            page.expose_test_api()
        follow_invitations(page)
        spawn(page.guarded(load_game(page)))
    except Exception as error:
        if page is None:
            document.getElementById("app").textContent = unexpected(error)
        else:
            page.page.notify(unexpected_msg(error))
            page.redraw()
    finally:
        document.documentElement.setAttribute("data-ready", "1")
    return page


async def load_game(page: GamePage) -> None:
    """Load the game screen's components once the first screen is drawn, one per turn of the
    event loop (the home screen answers meanwhile)."""
    from ..game.controller import GAME_COMPONENTS

    for name in GAME_COMPONENTS:
        await asyncio.sleep(0)
        page.page.load_component(name)


def follow_invitations(page: GamePage) -> None:
    """Join the game of an invitation in the address (``#join=...``), now and whenever the
    address changes."""
    page.on(window, "hashchange", lambda _: page.net.join_address())
    if str(window.location.hash):
        page.net.join_address()
