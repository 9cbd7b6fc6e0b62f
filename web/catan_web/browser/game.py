"""The game page in the browser (``index.html``): its events, its effects, its test hooks.

The thin host of :class:`~catan_web.game.controller.Controller`: it writes the page's layout
once, turns each event into a command (a button's ``data-cmd`` and ``data-arg``, a control's
``data-change`` and value, a click or key on the board, a file chosen, a timer), runs it, does
what the command's effects ask (storage, timers, a computer player's thinking, downloads,
network play, the live region, the focus) and applies the patch that brings the page up to
date. Nothing here decides anything about the game or the page's state.

Before a command of the home screen runs, the new-game form's fields are read into the page's
state (command ``form``), so that what was typed is kept whatever the command redraws.

Computer players think in their own Web Worker once it has started (:mod:`catan_web.browser.bots`,
:mod:`catan_web.thinker`); until then, without it (``?noworker``) or when it fails, they think
on the page's thread in slices of at most :data:`THINK_SLICE` seconds, and between two slices
the page handles clicks, keys and drawing.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
import time
from functools import partial
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from ..game.controller import BotMove, Controller
from ..game.effects import Delete, Later, Leave, Opened, ReadySound, Save, SendToHost, Sound, SyncGuests, Think, Wake
from ..game.home import FORM, ImportedFile
from ..game.screen import shell
from ..text import Msg, unexpected
from ..touch import COARSE_POINTER, TOUCH_POINTERS
from .apply import painted
from .bots import DISABLE as DISABLE_WORKER, BotsWorker
from .dom import all_code, document, is_none, window
from .host import PageHost, after_code, field_values
from .page import MS, board_spot, browser_languages, browser_storage, wall_ms
from .saving import LaterSaves

if TYPE_CHECKING:
    from .network import Network

THINK_SLICE = 0.03
"""Longest stretch (seconds) a computer player thinks before the page handles events again."""
UNDO_KEY = "z"


def saved_dates(saves: Any, lang: str) -> dict[str, str]:
    """When each saved game was saved, in the browser's words for ``lang``."""
    return {meta.id: str(window.Date.new(meta.saved).toLocaleString(lang)) for meta in saves if meta.saved}


class GamePage(PageHost):
    """The game page: its controller, its events and what it does for the game's effects."""

    page: Controller

    def __init__(self) -> None:
        page = Controller(
            browser_storage(),
            languages=browser_languages(),
            touch=bool(window.matchMedia(COARSE_POINTER).matches),
            now=wall_ms,
            dates=saved_dates,
        )
        app = document.getElementById("app")
        app.innerHTML = shell()
        app.removeAttribute("aria-busy")
        super().__init__(page, app)
        self._net: Network | None = None
        self.bots = BotsWorker(DISABLE_WORKER not in str(window.location.search), self.on)
        """The computer players' worker (started with the first game that has them)."""
        self.last_pointer = ""
        """``pointerType`` of the last pointer pressed on the board ("mouse", "touch", "pen")."""
        self.saves = LaterSaves(page.store, self.storage_full, self.keep)
        """The autosave, written once the move is painted."""
        self._tick = self.keep(lambda *_: self.run("tick"))
        self._wake = self.keep(lambda generation, *_: self.run("bot_wake", int(generation)))
        """The timers' callbacks (``Later``, ``Wake``), made once: a timer is then one call."""
        board = document.getElementById("board")
        for target, kind, handler in (
            (board, "click", self.on_board_click),
            (board, "keydown", self.on_board_key),
            (board, "pointerdown", self.on_pointer),
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

    def run(self, name: str, arg: object = None, *before: tuple[str, object]) -> None:
        """Run a command (see :meth:`PageHost.run`), the save waiting written first (the
        command may read the storage)."""
        self.saves.write()
        super().run(name, arg, *before)

    def storage_full(self) -> None:
        """Say that the storage is full (the previous save of the game is kept)."""
        self.page.notify(Msg("ui.saves.full"))
        self.redraw()

    # --- the game's effects ---------------------------------------------------------------------------

    def effect(self, effect: Any) -> bool:
        """Do the game page's own effects (storage, computer players, network play)."""
        if isinstance(effect, Save):
            self.saves.later(effect)
        elif isinstance(effect, Delete):
            self.page.store.delete(effect.gid)
            self.net.forget(effect.gid)
        elif isinstance(effect, Wake):
            window.setTimeout(self._wake, MS * effect.seconds, effect.generation)
        elif isinstance(effect, Later):
            window.setTimeout(self._tick, MS * effect.seconds)
        elif isinstance(effect, Sound):
            self.play(effect.name)
        elif isinstance(effect, ReadySound):
            import _catan_sound

            _catan_sound.ready()
        elif isinstance(effect, Think):
            self.start(self.think(effect))
        elif isinstance(effect, SyncGuests):
            if self._net is not None:
                self._net.sync()
        elif isinstance(effect, Opened):
            if self.page.session is not None:
                self.net.opened(self.page.session)
                if self.page.session.bots_here:
                    self.bots.start()
        elif isinstance(effect, Leave):
            if self._net is not None:
                self._net.leave()
        elif isinstance(effect, SendToHost):
            self.net.send(effect.action)
        else:
            return super().effect(effect)
        return True

    def play(self, name: str) -> None:
        """Play sound ``name``: its notes (:func:`catan_web.game.sound.notes_text`) cross into
        JavaScript once, and ``web/sound.mjs`` plays them with Web Audio (its audio context is
        made at the first sound, which comes only after a gesture)."""
        import _catan_sound

        from ..game.sound import notes_text

        _catan_sound.play(notes_text(name))

    async def think(self, effect: Think) -> None:
        """Let the computer player who must act think, in the worker when it is ready, else
        here a slice at a time, and hand its move back once the page is painted (dropped when
        the game on screen changed meanwhile). Computer players at instant pace decide faster
        than the screen refreshes: this way each of their moves gets a frame of its own, and
        the page's thread never does two moves' work between two frames."""
        self.bots.start()
        if self.bots.ready and await self.think_in_worker(effect):
            return
        if effect.generation != self.page.generation:
            return
        from catan_core.bots import advance  # imported only then: with the worker, the page needs no bots

        thinking = self.page.thinking()
        await painted()  # the move before drawn first: its work and a slice never share a frame
        while True:
            action = advance(thinking, partial(past, time.perf_counter() + THINK_SLICE))
            if action is not None:
                break
            await asyncio.sleep(0)
            if effect.generation != self.page.generation:
                return
        await painted()
        self.run("bot_move", BotMove(effect.generation, effect.moves, action))

    async def think_in_worker(self, effect: Think) -> bool:
        """Ask the worker for the move of the computer player who must act and hand it back
        (:meth:`think`), asking again without offers for an offer the page keeps from its
        people; an answer that comes when the game on screen is another, or has moved on, is
        dropped. False: the worker gave no answer, think on the page."""
        from ..thinker import fresh, request_for

        session = self.page.session
        assert session is not None
        action = None
        for offers in (True, False):
            request = request_for(session, self.bots.next_id(), offers)
            answer = await self.bots.ask(request)
            await painted()  # (see think)
            on_screen = self.page.session
            if (
                effect.generation != self.page.generation
                or on_screen is not session
                or not fresh(request, session.gid, len(session.game.history))
            ):
                self.bots.counts["dropped"] += 1
                if effect.generation == self.page.generation and on_screen is session:  # moved on: think again
                    self.perform(self.page.call(think_again))
                return True
            if answer is None:
                return False
            action = answer.parsed()
            if not session.kept_quiet(action):
                break
        self.run("bot_move", BotMove(effect.generation, effect.moves, session.bot_choice(action)))
        return True

    # --- events ----------------------------------------------------------------------------------------

    def before(self, target: Any) -> tuple[tuple[str, object], ...]:
        """The ``form`` command reading the new-game form, when ``target`` is on the home screen
        and the form shows (nothing otherwise)."""
        form = document.getElementById(FORM)
        if is_none(form) or is_none(target.closest("#home")):
            return ()
        return (("form", field_values(form)),)

    def on_change(self, event: Any) -> None:
        """A change of a control with ``data-change``; a file chosen to import is read first,
        a change of the new-game form reads the form."""
        target = event.target
        name = target.getAttribute("data-change")
        if name == "import":
            self.read_chosen(target, "import", ImportedFile)
        elif name == "form":
            self.run("form", field_values(document.getElementById(FORM)))
        else:
            super().on_change(event)

    def on_key(self, event: Any) -> None:
        """Keys of the whole page: Ctrl+Z (or Cmd+Z) takes back, C opens or closes the building
        costs, H asks the coach for a hint, Escape closes what is open."""
        if self.page.session is None:
            return
        from ..game.coach import HINT_KEY
        from ..game.supply import COSTS_KEY

        key, in_field = str(event.key).lower(), not is_none(event.target.closest("input, textarea, select"))
        modified = event.ctrlKey or event.metaKey or event.altKey
        if event.key == "Escape":
            self.run("escape")
        elif modified and not event.shiftKey and key == UNDO_KEY and not in_field:
            event.preventDefault()
            self.run("undo")
        elif not modified and key == COSTS_KEY and not in_field:
            self.run("costs")
        elif not modified and key == HINT_KEY and not in_field:
            self.run("hint")

    def on_pointer(self, event: Any) -> None:
        """A pointer pressed on the board: remember its kind (the first finger seen switches the
        texts to the touch wording)."""
        self.last_pointer = str(event.pointerType)
        if self.last_pointer in TOUCH_POINTERS and not self.page.state.touch:
            self.run("pointer", self.last_pointer)

    def on_board_click(self, event: Any) -> None:
        """A click on the board: a tap selects first, a mouse click acts at once."""
        from ..game.board import ZOOMS, Press

        spot = board_spot(event.target)
        if spot is None or self.page.session is None:
            return
        pointer = getattr(event, "pointerType", None)
        kind = self.last_pointer if pointer is None or is_none(pointer) or not str(pointer) else str(pointer)
        drawn = document.querySelector("#board svg")  # its width at zoom 1: the page draws it ZOOMS times wider
        width = (
            0.0 if is_none(drawn) else float(drawn.getBoundingClientRect().width) / ZOOMS[self.page.state.board.zoom]
        )
        self.run("press", Press(spot, kind in TOUCH_POINTERS, width))

    def key_press(self, spot: str) -> object:
        """Enter or Space on a board spot: a press that acts at once (as a mouse click does)."""
        from ..game.board import Press

        return Press(spot, False)

    # --- test hooks (only with ?test in the address) ------------------------------------------------------

    def expose_test_api(self) -> None:
        """``window.catan_test``: load a scenario, queue dice, apply an action, read the save."""
        api = window.Object.new()
        api.load_scenario = self.keep(self.test_load_scenario)
        api.queue_dice = self.keep(lambda a, b: self.page.dice.append((int(a), int(b))))
        api.apply = self.keep(self.test_apply)
        api.save = self.keep(self.test_save)
        api.save_times = self.keep(self.test_save_times)
        self.saves.times = []
        api.compiled_at_start = self.keep(test_compiled_at_start)
        api.position = self.keep(self.test_position)
        api.worker = self.keep(self.test_worker)
        api.hold_worker = self.keep(self.test_hold_worker)
        api.worker_message = self.keep(lambda text: self.bots.receive(str(text)))
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
            self.saves.write()  # as a click's command does (:meth:`run`)
            self.perform(self.page.call(lambda page: page.act(action)))
        return reason or ""

    def test_position(self) -> str:
        """JSON: who must act, the number of moves, the turns each seat has ended, the winner
        (null: no game); cheap, for a bench that polls it."""
        session = self.page.session
        if session is None:
            return "null"
        game = session.game
        ends = [0] * len(game.seats)
        for action in game.history:
            ends[action.player] += action.kind == "end"
        return json.dumps({"to_act": game.to_act, "moves": len(game.history), "ends": ends, "winner": game.winner})

    def test_worker(self) -> str:
        """JSON: the computer players' worker's state and counts (:class:`~catan_web.browser.bots.BotsWorker`)."""
        bots = self.bots
        return json.dumps({"started": bots.worker is not None, "ready": bots.ready, "error": bots.error, **bots.counts})

    def test_hold_worker(self, hold: bool) -> int:
        """Hold the worker's messages back (``hold``), or read those held and the next ones at
        once; the number of messages held."""
        held = len(self.bots.held or [])
        if hold:
            self.bots.held = self.bots.held or []
        else:
            self.bots.release()
        return held

    def test_save_times(self) -> str:
        """JSON: how many milliseconds each write of the autosave took since the last call
        (:class:`~.saving.LaterSaves`: after the move's paint)."""
        times = self.saves.times or []
        self.saves.times = []
        return json.dumps(times)

    def test_save(self) -> str:
        """The save text of the game on screen."""
        from catan_core.saves import dumps

        return dumps(self.page.session.game) if self.page.session is not None else ""


def think_again(page: Controller) -> None:
    """The game moved on while a computer player thought: let whoever must act now think."""
    page.stop_bots()
    page.schedule_bots()


def past(moment: float) -> bool:
    """Whether ``moment`` (of ``time.perf_counter``) has passed."""
    return time.perf_counter() >= moment


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
        page.start(load_game(page))
    except Exception as error:
        if page is None:
            document.getElementById("app").textContent = unexpected(error)
        else:
            page.failed(error)
            page.redraw()
    finally:
        document.documentElement.setAttribute("data-ready", "1")
    return page


async def load_game(page: GamePage) -> None:
    """Load the game screen's components once the first screen is drawn and all the code is
    there (:func:`~.dom.all_code`), one per turn of the event loop (the home screen answers
    meanwhile)."""
    await all_code()
    from ..game.controller import GAME_COMPONENTS

    for name in GAME_COMPONENTS:
        await asyncio.sleep(0)
        page.page.load_component(name)
    from ..game.coach import prepare

    for _ in prepare():  # the coach ready before the first hint
        await asyncio.sleep(0)
    from ..game.winner import PREPARED

    for name in PREPARED:
        await asyncio.sleep(0)
        importlib.import_module(name)
    search = str(window.location.search).lstrip("?")
    gid = parse_qs(search).get("game", [""])[0]
    if gid:  # a saved game to open at once (the replay viewer's "Play on from here")
        page.run("continue", gid)
        # ... once: the address forgets it, so that a reload shows the home screen as usual
        rest = "&".join(part for part in search.split("&") if not part.startswith("game="))
        window.history.replaceState(
            None, "", f"{window.location.pathname}{'?' if rest else ''}{rest}{window.location.hash}"
        )


def follow_invitations(page: GamePage) -> None:
    """Join the game of an invitation in the address (``#join=...``), once all the code is
    there (network play is not in the start zip), and whenever the address changes."""
    page.on(window, "hashchange", lambda _: page.net.join_address())
    if str(window.location.hash):
        page.start(after_code(lambda: page.net.join_address()))
