"""The game page (index.html): events, rendering into the DOM, computer players' pace, storage and files.

The game page's only module that touches the browser (through PyScript; :mod:`catan_web.page`
holds what it shares with the other pages, :mod:`catan_web.network` its network play). Each
handler is glue: it reads the DOM, calls the
session (:mod:`catan_web.session`) and draws. Two click handlers serve the
whole page: one on the board container (``#board``, targets found with
``closest("[data-node],[data-edge],[data-hex]")``) and one on ``#app`` for every button with
``data-cmd`` (dispatched to the ``cmd_<name>`` method, or to network play's). ``change`` events of elements with
``data-change`` go to ``change_<name>``.

The home screen is drawn from modules that need neither the engine nor the game screen
(:mod:`catan_web.home`, the settings and the saves' index); those are named at the top as
:func:`~catan_web.lazy.lazy_module` and loaded once the home screen shows
(:meth:`App.load_game_modules`), or at once when a game opens first.

Computer players act from an asyncio task that sleeps between actions (a JavaScript timer in
Pyodide), so every action is drawn and logged; while one of them thinks, the task steps its
decision (:meth:`catan_core.bots.Bot.think`) and hands the thread back to the browser at least
every :data:`THINK_SLICE` seconds, so clicks, keys and drawing go on meanwhile. After a
person's action that may be taken back they wait at least
:data:`~catan_web.settings.TAKE_BACK_WINDOW` (Undo, or Ctrl+Z, takes it back meanwhile).
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from functools import partial
from typing import TYPE_CHECKING, Any, Awaitable, Callable

import catan_core
from catan_core.errors import CatanError
from catan_core.i18n import pick_language
from catan_core.names import SEAT_KINDS
from catan_core.palette import COLORS

from . import home
from .controls import language_picker, notice_bar
from .dom import create_proxy, document, is_none, to_js, window
from .lazy import load, lazy_module
from .markup import el, esc
from .newgame import MAX_GAME_NAME, NewGame
from .page import ACTIVATE, BOARD_STOP, board_spot, browser_languages, browser_storage, rove
from .settings import DEFAULT_OFFERS, DEFAULT_SPEED, OFFER_MODES, SPEEDS, SettingsStore, pause
from .store import PutAside, SaveMeta, SaveStore, StorageFull
from .text import Text, unexpected
from .touch import COARSE_POINTER, TOUCH_POINTERS, tap

if TYPE_CHECKING:
    from catan_core.actions import Action

    from .network import Network
    from .session import Session
    from .targets import Targets

# The game screen's modules and the engine they import: loaded when a game first opens, or in
# the background once the home screen is drawn (see App.load_game_modules).
A = lazy_module("catan_core.actions")
guide = lazy_module("catan_web.guide")
N = lazy_module("catan_web.navigate")
network = lazy_module("catan_web.network")
panels = lazy_module("catan_web.panels")
S = lazy_module("catan_web.session")
T = lazy_module("catan_web.targets")
GAME_MODULES = (A, T, N, S, panels, guide, network, lazy_module("catan_core.saves"),
                lazy_module("catan_core.almanac"))
"""What :meth:`App.load_game_modules` loads, in this order (each after what it imports, so
that each step is short)."""

THINK_SLICE = 0.03
"""Longest stretch (seconds) a computer player thinks before the page handles events again."""
FOCUSABLE_DATA = ("data-node", "data-edge", "data-hex")
FOCUSABLE = 'button:not([disabled]):not([aria-disabled="true"]),select,input,[tabindex="0"]'
"""What can take the focus when :func:`catan_web.guide.next_focus` names a panel."""
ZOOMS: tuple[float, ...] = (1, 2, 3)
"""The board's sizes, as multiples of its container's width (the zoom buttons step through
them; at 2 a 390 px phone shows every target at least 44 px wide: see the browser tests)."""
SCROLL_CENTER = {"block": "center", "inline": "center"}
"""``scrollIntoView`` options bringing a spot of an enlarged board to the middle of the view."""


def now_ms() -> float:
    """The time in milliseconds (JavaScript's clock)."""
    return float(window.Date.now())


class App:
    """The whole page."""

    def __init__(self) -> None:
        storage = browser_storage()
        self.settings = SettingsStore(storage)
        self.store = SaveStore(storage)
        settings = self.settings.load()
        self.put_aside: list[PutAside] = self.settings.repair() + self.store.repair()
        """Damaged stored texts put aside at start-up (named in a notice)."""
        self.lang: str = pick_language(settings.lang, browser_languages())
        """The page language: the single setting every text is read in."""
        self.speed: str = settings.speed or DEFAULT_SPEED
        self.offers: str = settings.offers or DEFAULT_OFFERS
        """What to do with offers from computer players (:data:`catan_web.settings.OFFER_MODES`)."""
        self.stats_open = False
        """Whether the statistics are shown over the game."""
        self.text = Text(self.lang)
        self.session: Session | None = None
        self.form = NewGame.default(self.text, str(random.randint(1, 999_999)))
        self.confirm_delete = ""
        self.winner_closed = False
        self.generation = 0
        """Bumped whenever the game on screen changes, which stops an older computer-player task."""
        self.bots_running = False
        self.log_lines: list[str] = []
        self.log_key: tuple[Any, ...] = ()
        self.overlay_shown = ""
        self.notice: tuple[Callable[[], str], str, str | None] | None = None
        """The message in the notice bar (a function giving it in the current language), its
        kind and the almanac entry its Why? link opens."""
        self.test_dice: list[tuple[int, int]] = []
        self._proxies: list[Any] = []
        self._net: Network | None = None
        self.init_access()
        self.build_shell()

    @property
    def net(self) -> Network:
        """Network play: the host's guests, or this page's connection as a guest (its modules
        are loaded when first used: a game on screen, or an invitation in the address)."""
        if self._net is None:
            self._net = network.Network(self)
        return self._net

    @property
    def joining(self) -> bool:
        """Whether this page is a guest's joining or playing a network game."""
        return self._net is not None and self._net.guest is not None

    async def load_game_modules(self) -> None:
        """Load the game screen's modules (:data:`GAME_MODULES`), one per turn of the event
        loop: the first game opens without waiting for them, and the home screen answers
        clicks and keys meanwhile."""
        for module in GAME_MODULES:
            await asyncio.sleep(0)
            load(module)

    def follow_invitations(self) -> None:
        """Join the game of an invitation in the address (``#join=...``), now and whenever
        the address changes."""
        self.on(window, "hashchange", lambda _: self.net.join_address())
        if str(window.location.hash):
            self.net.join_address()

    def init_access(self) -> None:
        """The state of the board's keyboard focus, touch selection and zoom, the live region's
        announcer, and the touch wording (see :mod:`catan_web.touch`)."""
        self.board_focus: str | None = None
        """The spot (``"n12"``) holding the board's one Tab stop, kept across redraws."""
        self.selected: str | None = None
        """The spot a tap selected (a second tap or Confirm acts on it)."""
        self.zoom = 0
        """The board's size: an index of :data:`ZOOMS`."""
        self.stage: tuple[Any, ...] = ()
        """:func:`catan_web.guide.stage` at the last drawing: the focus moves when it changes."""
        self.announcer: guide.Announcer | None = None
        """What the live region has read out of the game on screen (made with the first game)."""
        self.last_pointer = ""
        """``pointerType`` of the last pointer pressed on the board ("mouse", "touch", "pen")."""
        self.text.touch = bool(window.matchMedia(COARSE_POINTER).matches)

    # --- the shell and its handlers ------------------------------------------------------------

    def build_shell(self) -> None:
        """Lay out the page once and bind the handlers."""
        t = self.text
        app = document.getElementById("app")
        app.innerHTML = (
            el("div", "", id="home")
            + el("div",
                 el("header", "", class_="bar", id="bar")
                 + el("div",
                      el("div",
                         el("section", el("div", "", id="board-tools", class_="board-tools") + el("div", "", id="board", class_="board")
                            + el("div", "", id="board-confirm", class_="board-confirm"), class_="board-wrap", aria_label=t("ui.board.label"))
                         + el("div", "", id="hand-wrap"),
                         class_="board-col")
                      + el("div",
                           el("section", "", id="turn", class_="card turn")
                           + el("div", "", id="actions")
                           + el("div", "", id="scores-wrap")
                           + el("div", "", id="log-wrap")
                           + el("div", "", id="net-wrap"),
                           class_="side"),
                      class_="game-grid"),
                 id="game", hidden=True)
            + el("div", "", id="overlay")
            + el("div", "", id="notice", role="status", aria_live="assertive", class_="notice", hidden=True)
            + el("div", "", id="announce", class_="visually-hidden", aria_live="polite", aria_atomic="false")
            + el("footer", esc(t("ui.version", version=catan_core.__version__)), class_="footer")
        )
        app.removeAttribute("aria-busy")
        document.documentElement.lang = self.lang
        self.on(document.getElementById("board"), "click", self.on_board_click)
        self.on(document.getElementById("board"), "keydown", self.on_board_key)
        self.on(document.getElementById("board"), "pointerdown", self.on_board_pointer)
        self.on(app, "click", self.on_click)
        self.on(app, "change", self.on_change)
        self.on(document, "keydown", self.on_key)

    def on(self, target: Any, kind: str, handler: Callable[[Any], None]) -> None:
        """Bind ``handler`` for the page's lifetime (the proxy is kept); an unexpected error
        in it ends in a notice, never in a dead page."""

        def guarded(event: Any) -> None:
            try:
                handler(event)
            except Exception as error:  # noqa: BLE001 - shown, and the page goes on
                self.report_unexpected(error)

        proxy = create_proxy(guarded)
        self._proxies.append(proxy)
        target.addEventListener(kind, proxy)

    def change_lang(self, target: Any) -> None:
        """The language picker changed."""
        self.set_language(str(target.value))

    def set_language(self, lang: str) -> None:
        """Switch every text to ``lang`` and draw everything again at once: the shell, the
        screen (board, panels, log, prompt) and the notice."""
        if self.session is None and not self.joining:
            self.read_form()  # keep what was typed; default seat names follow the language
            self.form.rename_defaults(self.text, Text(lang))
        self.lang = self.text.lang = lang
        self.log_key = ()
        if self.session is not None:
            self.session.text.lang = lang
        self.save_settings()
        self.build_shell_texts()
        self.render()
        self.show_notice()

    def build_shell_texts(self) -> None:
        """Texts of the shell that do not belong to a panel."""
        document.documentElement.lang = self.lang
        footer = document.querySelector("#app > footer")
        if not is_none(footer):
            footer.textContent = self.text("ui.version", version=catan_core.__version__)
        document.querySelector(".board-wrap").setAttribute("aria-label", self.text("ui.board.label"))
        document.getElementById("announce").replaceChildren()  # read out in the old language

    def save_settings(self) -> None:
        """Keep the language, the computer players' pace and what to do with their offers (and
        the other settings as they are)."""
        self.settings.remember(lang=self.lang, speed=self.speed, offers=self.offers)

    # --- messages ---------------------------------------------------------------------------------

    def notify(self, message: Callable[[], str], kind: str = "error", entry: str | None = None) -> None:
        """Show a message in the notice bar (read out by screen readers), with a "Why?" link
        to the rules almanac when ``entry`` names the entry explaining it. ``message`` gives
        the sentence in the current language (it is asked again after a language switch)."""
        self.notice = (message, kind, entry)
        self.show_notice()

    def show_notice(self) -> None:
        """Draw the notice bar for :attr:`notice` in the current language (hidden without one)."""
        notice = document.getElementById("notice")
        if self.notice is None:
            notice.hidden = True
            notice.textContent = ""
            return
        message, kind, entry = self.notice
        notice.className = f"notice {kind}"
        notice.innerHTML = notice_bar(self.text, message(), entry)
        notice.hidden = False

    def because(self, key: str, reason: Callable[[], str], **params: Any) -> str:
        """Sentence ``key`` with ``params`` and the ``reason`` it gives (both in the current language)."""
        return self.text(key, reason=reason(), **params)

    def clear_notice(self) -> None:
        """Hide the notice bar."""
        self.notice = None
        self.show_notice()

    def cmd_close_notice(self, arg: str | None) -> None:
        """The person closed the notice."""
        self.clear_notice()

    def report_unexpected(self, error: BaseException) -> None:
        """Say that something unforeseen failed (a bug, or outside data no check foresaw);
        the page stays usable."""
        self.notify(lambda: unexpected(error, self.lang))

    def notify_put_aside(self) -> None:
        """Name the damaged stored texts put aside at start-up, and where they are kept."""
        if self.put_aside:
            self.notify(partial(home.put_aside_message, self.text, self.put_aside), "warn")

    # --- rendering -----------------------------------------------------------------------------------

    def fill(self, ident: str, html: str) -> None:
        """Replace the contents of ``#ident``, keeping keyboard focus on the same control."""
        node = document.getElementById(ident)
        if is_none(node):
            return
        active = document.activeElement
        selector = None
        if not is_none(active) and node.contains(active):
            selector = focus_selector(active)
        node.innerHTML = html
        if selector:
            again = node.querySelector(selector)
            if not is_none(again):
                again.focus()

    def render(self) -> None:
        """Draw the screen for the current state."""
        if self.session is None and self.joining:
            self.net.render_joining()
        elif self.session is None:
            self.render_home()
        else:
            self.render_game()

    def render_home(self) -> None:
        """The home screen: saved games and the new-game form."""
        document.getElementById("game").hidden = True
        document.getElementById("home").hidden = False
        self.fill("overlay", "")
        saves = self.store.list()
        dates = {meta.id: str(window.Date.new(meta.saved).toLocaleString(self.lang)) for meta in saves if meta.saved}
        self.fill("home", home.home_screen(
            self.text, home.saves_list(self.text, saves, self.confirm_delete, dates), home.new_game_form(self.text, self.form),
            language_picker(self.text, "home-lang")))
        document.title = self.text("ui.title")

    def render_game(self) -> None:
        """The game screen: board, panels and any screen over them."""
        s = self.session
        assert s is not None
        document.getElementById("home").hidden = True
        document.getElementById("game").hidden = False
        view = s.view()
        t = s.text
        covered = s.covered
        from catan_core import svg

        targets = s.targets(view) if not covered else None
        self.keep_board_spots(targets or T.Targets())
        board = svg.render(
            view, lang=self.lang,
            highlight_nodes=targets.nodes if targets else (),
            highlight_edges=targets.edges if targets else (),
            highlight_hexes=targets.hexes if targets else (),
            marked=s.last_marks(),
            produced=s.produced(view),
            focus=self.board_focus, selected=self.selected,
        )
        self.fill("bar", panels.game_bar(t, s, self.speed) + language_picker(t, "game-lang"))
        self.fill("board", board)
        self.draw_board_tools()
        self.fill("turn", panels.turn_panel(s, view))
        self.fill("actions", panels.action_panel(s, view))
        self.fill("hand-wrap", panels.hand_panel(s, view))
        self.fill("scores-wrap", panels.scoreboard(s, view))
        self.fill("log-wrap", panels.log_panel(t, self.log_text(), panels.log_marks(s)))
        self.net.render_panel()
        paused = self.net.paused_screen()
        if covered:
            self.show_overlay("cover", panels.cover(s, self.net.cover_buttons()), "uncover")
        elif paused:
            self.show_overlay("paused", paused, "rejoin-code")
        elif view.phase == "over" and not self.winner_closed:
            more = panels.rematch_row(t) + self.statistics(dialog=False)
            self.show_overlay("winner", panels.winner_screen(s, view, more), "win-new")
        elif self.stats_open:
            self.show_overlay("stats", self.statistics(dialog=True), "stats-close")
        else:
            self.show_overlay("", "", "")
        document.title = f"{s.name} · {t('ui.title')}"
        self.guide(view)

    def show_overlay(self, name: str, html: str, focus: str) -> None:
        """Put a screen over the game (or remove it); focus its button when it first shows."""
        first = name != self.overlay_shown
        self.overlay_shown = name
        overlay = document.getElementById("overlay")
        overlay.innerHTML = html
        document.getElementById("game").inert = bool(name)
        if first and focus:
            button = document.getElementById(focus)
            if not is_none(button):
                button.focus()

    def log_text(self) -> list[str]:
        """The log's sentences for the current viewer and language (new events only are translated)."""
        s = self.session
        assert s is not None
        key = (id(s), s.viewer, self.lang)
        if key != self.log_key:
            self.log_key, self.log_lines = key, []
        start = len(self.log_lines)
        self.log_lines.extend(s.log_sentences(start))
        return self.log_lines

    # --- the game's course ---------------------------------------------------------------------------

    def stop_bots(self) -> None:
        """Drop the computer players' task (a move being thought out is not played); the next
        :meth:`schedule_bots` starts a new one."""
        self.generation += 1
        self.bots_running = False

    def open_session(self, session: Session) -> None:
        """Show ``session`` and let computer players act if it is their move."""
        self.stop_bots()
        session.text.lang = self.lang
        session.offers = self.offers
        session.decline_for_people()
        session.text.touch = self.text.touch
        self.session = session
        self.net.opened(session)
        self.winner_closed = False
        self.stats_open = False
        self.overlay_shown = ""
        self.clear_notice()
        self.render()
        window.scrollTo(0, 0)
        self.schedule_bots()

    def act(self, action: Action) -> bool:
        """Apply ``action`` for the person at the device, or say why it is illegal."""
        s = self.session
        if s is None:
            return False
        reason = s.reason(action)
        if reason is not None:
            self.notify(partial(s.text.error, reason.error), entry=reason.entry)
            return False
        if not s.holds_game:  # a guest's page: the host applies it
            return self.net.send(action)
        s.play(action)
        self.clear_notice()
        self.tell_declines()
        self.after_action()
        return True

    def after_action(self) -> None:
        """Save, bring guests up to date, draw, and hand over to computer players when it is their move."""
        self.autosave()
        self.net.sync()
        self.render()
        self.schedule_bots()

    def schedule_bots(self) -> None:
        """Start the computer players' task when one of them must act."""
        s = self.session
        if s is not None and s.bot_to_act and not self.bots_running:
            self.bots_running = True
            asyncio.ensure_future(self.run_bots(self.generation))

    async def run_bots(self, generation: int) -> None:
        """Let computer players act one at a time, paced by the speed setting."""
        try:
            while generation == self.generation and self.session is not None and self.session.bot_to_act:
                await asyncio.sleep(pause(self.speed, self.session.undo_seat is not None))
                s = self.session
                if generation != self.generation or s is None or not s.bot_to_act:
                    break
                action = await self.bot_action(s, generation)
                if action is not None:
                    s.apply(action)
                    self.tell_declines()
                    self.autosave()
                    self.net.sync()
                    self.render()
        finally:
            if generation == self.generation:
                self.bots_running = False

    async def bot_action(self, s: Session, generation: int) -> Action | None:
        """The action of the computer player who must act in ``s``, thought out in slices of
        at most :data:`THINK_SLICE` with the browser's events handled in between; None when
        the game on screen or its position changed meanwhile (the decision is dropped)."""
        from catan_core.bots import advance

        moves = len(s.game.history)
        thinking = s.bot_thinking()
        while True:
            slice_end = time.perf_counter() + THINK_SLICE
            action = advance(thinking, lambda: time.perf_counter() >= slice_end)
            if action is not None:
                return action
            await asyncio.sleep(0)
            if generation != self.generation or self.session is not s or len(s.game.history) != moves:
                return None

    def autosave(self) -> None:
        """Save the game on screen (a full storage gives a message, the game goes on)."""
        s = self.session
        if s is None or not s.holds_game:
            return
        from catan_core.saves import dumps

        game = s.game
        meta = SaveMeta(
            s.gid, s.name, now_ms(), tuple(seat.name for seat in game.seats), game.turn,
            game.seats[game.winner].name if game.winner >= 0 else "", s.take_backs,
        )
        try:
            self.store.put(s.gid, dumps(game), meta)
        except StorageFull:
            self.notify(partial(s.text, "ui.saves.full"))

    # --- events -------------------------------------------------------------------------------------------

    def on_board_click(self, event: Any) -> None:
        """A click on the board: a tap selects first (see :mod:`catan_web.touch`), a mouse
        click acts at once."""
        spot = board_spot(event.target)
        if self.session is None or spot is None:
            return
        pointer = getattr(event, "pointerType", None)
        kind = self.last_pointer if pointer is None or is_none(pointer) or not str(pointer) else str(pointer)
        self.press_spot(spot, kind in TOUCH_POINTERS)

    def on_board_pointer(self, event: Any) -> None:
        """A pointer pressed on the board: remember its kind; the first finger or stylus seen
        switches the texts to the touch wording."""
        self.last_pointer = str(event.pointerType)
        if self.last_pointer in TOUCH_POINTERS and not self.text.touch:
            self.text.touch = True
            if self.session is not None:
                self.session.text.touch = True

    def press_spot(self, spot: str, touch: bool) -> None:
        """The person pressed board spot ``spot`` (``"n12"``): with a finger (``touch``) the
        first press of a spot that stands for an action selects it; else act on it, offer a
        choice, or say why not."""
        s = self.session
        parsed = N.parse_spot(spot)
        if s is None or parsed is None:
            return
        kind, ident = parsed
        self.board_focus = spot
        if touch:
            chosen = tap(self.selected, spot, T.click(s.view(), kind, ident, s.draft.mode))
            self.selected = chosen.selected
            if not chosen.act:
                self.clear_notice()
                self.render()
                return
        self.selected = None
        intent = s.click(kind, ident)
        if intent.hint:
            self.notify(partial(s.text, intent.hint), "info")
        elif intent.choices:
            self.clear_notice()
            self.render()
        elif intent.action is not None:
            self.act(intent.action)

    def on_board_key(self, event: Any) -> None:
        """Keys on a focused board target: Enter or Space act like a click; the arrows, Home
        and End move the board's Tab stop (see :mod:`catan_web.navigate`)."""
        spot = board_spot(event.target)
        s = self.session
        if spot is None or s is None:
            return
        key = str(event.key)
        if key in ACTIVATE:
            event.preventDefault()
            self.press_spot(spot, touch=False)
            return
        there = N.step(s.targets(), spot, key)
        if there is not None:
            event.preventDefault()
            self.rove(there)

    def rove(self, spot: str) -> None:
        """Give the board's Tab stop to target ``spot`` and focus it."""
        if rove(spot):
            self.board_focus = spot

    def keep_board_spots(self, lit: Targets) -> None:
        """Before drawing: the Tab stop stays on (or moves to the target nearest to) the spot
        it was on; a selection that is no longer a target is dropped."""
        self.board_focus = N.roving(lit, self.board_focus) or self.board_focus
        if self.selected not in N.spots(lit):
            self.selected = None

    def draw_board_tools(self) -> None:
        """The zoom buttons, the board's size, and the selection bar of a tapped spot."""
        t = self.text
        board = document.getElementById("board")
        board.style.setProperty("--zoom", str(ZOOMS[self.zoom]))
        board.classList.toggle("zoomed", self.zoom > 0)
        self.fill("board-tools", panels.board_tools(t, self.zoom, len(ZOOMS)))
        chosen = document.querySelector("#board .selected")
        label = "" if is_none(chosen) else str(chosen.getAttribute("aria-label"))
        self.fill("board-confirm", panels.board_confirm(t, label) if label else "")

    def cmd_zoom(self, arg: str | None) -> None:
        """Enlarge (``in``) or shrink (``out``) the board, keeping its focused or selected
        spot in view."""
        step = {"in": 1, "out": -1}.get(arg or "", 0)
        self.zoom = max(0, min(len(ZOOMS) - 1, self.zoom + step))
        self.render()
        spot = document.querySelector(f"#board .selected, {BOARD_STOP}")
        if not is_none(spot):
            spot.scrollIntoView(to_js(SCROLL_CENTER))

    def cmd_spot_confirm(self, arg: str | None) -> None:
        """Act on the spot a tap selected."""
        if self.selected is not None:
            self.press_spot(self.selected, touch=False)

    def cmd_spot_cancel(self, arg: str | None) -> None:
        """Drop the selection of a tapped spot."""
        self.selected = None
        self.render()

    # --- where the attention goes: the live region and the focus ----------------------------------

    def guide(self, view: Any) -> None:
        """After drawing the game: read out what happened (and, when the situation changed
        and it is the person's move, what to do now), and move the focus to the next thing
        to do when the situation changed or the focus was lost (see :mod:`catan_web.guide`)."""
        s = self.session
        assert s is not None
        if self.announcer is None:
            self.announcer = guide.Announcer()
        news = self.announcer.news(s)
        stage = guide.stage(s, view)
        moved, self.stage = stage != self.stage, stage
        if moved and s.my_move:
            news.append(panels.prompt(s, view))
        if news:
            document.getElementById("announce").innerHTML = "".join(el("p", esc(line)) for line in news)
        active = document.activeElement
        lost = is_none(active) or active == document.body
        if (moved or lost) and not self.overlay_shown:
            self.focus_next(guide.next_focus(s, view))

    def focus_next(self, where: str | None) -> None:
        """Focus what :func:`catan_web.guide.next_focus` named: the board's Tab stop, a
        button, or a panel's first control that can be used."""
        if where is None:
            return
        node = document.querySelector(BOARD_STOP if where == guide.BOARD else where)
        if not is_none(node) and not node.matches(FOCUSABLE):
            node = node.querySelector(FOCUSABLE)
        if not is_none(node):
            node.focus()

    def on_click(self, event: Any) -> None:
        """A click on any button with ``data-cmd``."""
        button = event.target.closest("[data-cmd]")
        if is_none(button):
            return
        if button.getAttribute("aria-disabled") == "true":
            ident = f"{button.id}-why"
            why = document.getElementById(ident)
            if not is_none(why):
                entry = why.getAttribute("data-entry")
                self.notify(partial(shown_text, ident, str(why.textContent)), entry=None if is_none(entry) else str(entry))
            return
        arg = button.getAttribute("data-arg")
        name = "cmd_" + str(button.getAttribute("data-cmd"))
        handler = getattr(self, name, None) or getattr(self.net, name, None)
        if handler is not None:
            handler(None if is_none(arg) else str(arg))

    def on_change(self, event: Any) -> None:
        """A change of any control with ``data-change``."""
        name = event.target.getAttribute("data-change")
        handler = None if is_none(name) else getattr(self, "change_" + str(name), None)
        if handler is not None:
            handler(event.target)

    # --- home screen commands --------------------------------------------------------------------------

    def read_form(self) -> NewGame:
        """The new-game form as filled in on the page."""
        form = self.form

        def value(ident: str) -> str:
            node = document.getElementById(ident)
            return "" if is_none(node) else str(node.value)

        players = value("players")
        form.players = int(players) if players else form.players
        for i, seat in enumerate(form.seats):
            if not is_none(document.getElementById(f"seat-name-{i}")):
                seat.name = value(f"seat-name-{i}")
                seat.color = value(f"seat-color-{i}") if value(f"seat-color-{i}") in COLORS else seat.color
                seat.kind = value(f"seat-kind-{i}") if value(f"seat-kind-{i}") in SEAT_KINDS else seat.kind
        checked = document.querySelector("input[name=board]:checked")
        form.board = form.board if is_none(checked) else str(checked.value)
        form.seed = value("seed")
        form.name = value("game-name")
        try:
            form.vp_target = int(value("vp-target"))
        except ValueError:
            form.vp_target = 0  # the engine names the allowed range
        for ident, flag in (("friendly-robber", "friendly_robber"), ("trade-then-build", "trade_then_build"),
                            ("balanced-dice", "balanced_dice")):
            box = document.getElementById(ident)
            setattr(form, flag, not is_none(box) and bool(box.checked))
        return form

    def change_form(self, target: Any) -> None:
        """The number of players, a colour or who plays a seat changed: redraw the seats (and
        the take-backs option, whose default follows who plays)."""
        self.read_form()
        self.render_home()

    def cmd_start(self, arg: str | None) -> None:
        """Start the game described by the form."""
        form = self.read_form()
        try:
            game = form.create()
        except CatanError as error:
            self.notify(partial(self.text.error, error))
            return
        gid = self.store.new_id(now_ms())
        name = form.name.strip() or self.text("ui.new.default_name", number=len(self.store.list()) + 1)
        self.form = NewGame(seats=form.seats, players=form.players, board=form.board,
                            seed=str(random.randint(1, 999_999)), vp_target=form.vp_target, friendly_robber=form.friendly_robber,
                            trade_then_build=form.trade_then_build, balanced_dice=form.balanced_dice,
                            take_backs=form.take_backs)
        session = S.Session(game, gid, name, form.allows_take_backs())
        self.open_session(session)
        self.autosave()

    def cmd_continue(self, gid: str | None) -> None:
        """Resume a saved game exactly where it was."""
        from catan_core.saves import loads

        meta = self.store.meta(gid or "")
        saved = self.store.text(gid or "")
        if meta is None or saved is None:
            self.notify(partial(self.text, "ui.saves.missing"))
            return
        try:
            game = loads(saved)
        except CatanError as error:
            self.notify(partial(self.because, "ui.saves.damaged", partial(self.text.error, error), name=meta.name))
            return
        self.open_session(S.Session(game, meta.id, meta.name if not meta.damaged else meta.id, meta.take_backs))

    def cmd_delete(self, gid: str | None) -> None:
        """Ask before deleting a saved game."""
        self.confirm_delete = gid or ""
        self.render_home()
        yes = document.querySelector("[data-cmd=delete_yes]")
        if not is_none(yes):
            yes.focus()

    def cmd_delete_yes(self, gid: str | None) -> None:
        """Delete a saved game for good."""
        meta = self.store.meta(gid or "")
        self.store.delete(gid or "")
        self.net.forget(gid or "")
        self.confirm_delete = ""
        self.render_home()
        if meta is not None:
            self.notify(partial(self.text, "ui.saves.deleted", name=meta.name), "info")

    def cmd_delete_no(self, gid: str | None) -> None:
        """Keep the saved game."""
        self.confirm_delete = ""
        self.render_home()

    def change_import(self, target: Any) -> None:
        """A file was chosen: read it (asynchronously) and import it."""
        files = target.files
        if is_none(files) or files.length == 0:
            return
        file = files.item(0)
        asyncio.ensure_future(self.guarded(self.import_file(file)))
        target.value = ""

    async def guarded(self, work: Awaitable[None]) -> None:
        """Run ``work``; an unexpected error in it ends in a notice."""
        try:
            await work
        except Exception as error:  # noqa: BLE001 - shown, and the page goes on
            self.report_unexpected(error)

    async def import_file(self, file: Any) -> None:
        """Import a save file as a new saved game and open it; refuse a bad file, saying why."""
        from catan_core.saves import loads

        name = str(file.name)
        try:
            content = str(await file.text())
        except Exception:  # noqa: BLE001 - the browser could not read the file
            self.notify(partial(self.because, "ui.import.refused", partial(self.text, "ui.import.unreadable"), file=name))
            return
        try:
            game = loads(content)
        except CatanError as error:
            self.notify(partial(self.because, "ui.import.refused", partial(self.text.error, error), file=name))
            return
        title = name[:-5] if name.lower().endswith(".json") else name
        session = S.Session(game, self.store.new_id(now_ms()), title[:MAX_GAME_NAME] or self.text("ui.import.default_name"))
        self.open_session(session)
        self.autosave()
        self.notify(partial(self.text, "ui.import.done", file=name), "info")

    # --- game screen commands ------------------------------------------------------------------------------

    def cmd_home(self, arg: str | None) -> None:
        """Back to the home screen (the game is saved; a network game is left)."""
        self.net.leave()
        self.stop_bots()
        self.session = None
        self.overlay_shown = ""
        self.confirm_delete = ""
        document.getElementById("game").inert = False
        self.clear_notice()
        self.render()

    def cmd_export(self, arg: str | None) -> None:
        """Download the game on screen as a .json file (through a Blob URL)."""
        s = self.session
        if s is None:
            return
        from catan_core.saves import dumps

        blob = window.Blob.new(to_js([dumps(s.game)]), to_js({"type": "application/json"}))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = export_name(s.name)
        document.body.append(link)
        link.click()
        link.remove()
        window.setTimeout(create_once(lambda: window.URL.revokeObjectURL(url)), 1000)

    def change_take_backs(self, target: Any) -> None:
        """The new-game form's "Allow taking back moves" was ticked or cleared."""
        self.form.take_backs = bool(target.checked)

    def change_offers(self, target: Any) -> None:
        """What to do with offers from computer players changed: remembered, and applied at
        once to an offer waiting for an answer."""
        s = self.session
        if str(target.value) in OFFER_MODES and s is not None:
            self.offers = s.offers = str(target.value)
            self.save_settings()
            if s.decline_for_people():
                self.tell_declines()
                self.after_action()

    def tell_declines(self) -> None:
        """Name in the notice bar the offers the last action led the page to decline for
        people, when the setting says so (see :mod:`catan_web.offers`)."""
        s = self.session
        if s is not None:
            since = len(s.game.log) - len(s.last_events)
            if s.decline_notice(since):
                self.notify(partial(s.decline_notice, since), "info")

    def cmd_undo(self, arg: str | None) -> None:
        """Take back the last action of the person at the device (Undo, Ctrl+Z), or say why not."""
        s = self.session
        if s is None:
            return
        if not s.may_take_back:
            self.notify(partial(s.text, "ui.undo.none"), "info")
            return
        s.undo()
        self.stop_bots()
        self.log_key = ()
        self.notify(partial(s.text, "ui.undo.done"), "info")
        self.after_action()

    def on_key(self, event: Any) -> None:
        """Keys of the whole page: Ctrl+Z (or Cmd+Z) takes back, Escape closes the statistics."""
        if self.session is None:
            return
        if event.key == "Escape" and self.stats_open:
            self.cmd_stats_close(None)
        elif (event.ctrlKey or event.metaKey) and not event.shiftKey and str(event.key).lower() == "z":
            if is_none(event.target.closest("input, textarea, select")):
                event.preventDefault()
                self.cmd_undo(None)

    def statistics(self, dialog: bool) -> str:
        """The statistics of the game on screen as the person at the device may see them: the
        whole dialog, or the figures under the winner screen. (Their modules are imported
        when first shown: the page starts without them.)"""
        from catan_core.stats import compute

        from . import statistics

        assert self.session is not None
        stats = compute(self.session.game.view(self.session.viewer))
        width = statistics.chart_width(float(window.innerWidth))
        return statistics.dialog(stats, self.text, width) if dialog else statistics.figures(stats, self.text, width)

    def cmd_stats_open(self, arg: str | None) -> None:
        """Show the statistics over the game."""
        self.stats_open = True
        self.render()

    def cmd_stats_close(self, arg: str | None) -> None:
        """Back to the game from the statistics."""
        self.stats_open = False
        self.render()
        opener = document.getElementById("stats-open")
        if not is_none(opener):
            opener.focus()

    def cmd_rematch(self, arg: str | None) -> None:
        """Start a rematch of the finished game (``same``: on the same board) as a new saved game."""
        s = self.session
        if s is None:
            return
        from .rematch import rematch

        game = rematch(s.game, arg == "same", random.randint(1, 999_999))
        name = s.text("ui.rematch.name", name=s.name)
        self.open_session(S.Session(game, self.store.new_id(now_ms()), name, s.take_backs))
        self.autosave()

    def change_speed(self, target: Any) -> None:
        """The computer players' pace changed."""
        if str(target.value) in SPEEDS:
            self.speed = str(target.value)
            self.save_settings()

    def cmd_uncover(self, arg: str | None) -> None:
        """The person who must act has the device."""
        if self.session is not None:
            self.session.uncover()
            self.render()

    def cmd_close_winner(self, arg: str | None) -> None:
        """Look at the final board."""
        self.winner_closed = True
        self.render()

    def me(self) -> int:
        """The seat of the person acting now."""
        assert self.session is not None
        return self.session.actor

    def cmd_roll(self, arg: str | None) -> None:
        """Roll the dice (a test page may have queued the dice)."""
        self.act(A.Action(self.me(), "roll", self.test_dice.pop(0) if self.test_dice else None))

    def cmd_end(self, arg: str | None) -> None:
        """End the turn."""
        self.act(A.Action(self.me(), "end"))

    def cmd_buy(self, arg: str | None) -> None:
        """Buy a development card."""
        self.act(A.Action(self.me(), "buy"))

    def edit(self, change: Callable[[Session], Any]) -> None:
        """Change what the person is choosing (``change(session)``) and draw it."""
        if self.session is not None:
            change(self.session)
            self.render()

    def act_on(self, choice: Callable[[Session], Action | None]) -> None:
        """Apply the action a control stands for (``choice(session)``; None: nothing yet)."""
        action = choice(self.session) if self.session is not None else None
        if action is not None:
            self.act(action)

    def cmd_tab(self, arg: str | None) -> None:
        """Show another tab of the main phase (build, bank, players)."""
        self.edit(lambda s: s.show_tab(arg))

    def cmd_mode(self, arg: str | None) -> None:
        """Choose (or drop) what the next board click builds."""
        self.clear_notice()
        self.edit(lambda s: s.toggle_mode(arg))

    def cmd_play(self, kind: str | None) -> None:
        """Play a development card (Year of Plenty and Monopoly open their chooser first)."""
        action = self.session.play_card(kind) if self.session is not None else None
        if action is None:
            self.clear_notice()
            self.render()
        else:
            self.act(action)

    def cmd_yop_pick(self, arg: str | None) -> None:
        """Pick a resource for Year of Plenty."""
        self.edit(lambda s: s.pick_year_of_plenty(arg))

    def cmd_yop_clear(self, arg: str | None) -> None:
        """Clear the Year of Plenty picks."""
        self.edit(S.Session.clear_year_of_plenty)

    def cmd_yop_take(self, arg: str | None) -> None:
        """Play Year of Plenty with the cards picked."""
        self.act_on(S.Session.year_of_plenty_action)

    def cmd_monopoly(self, arg: str | None) -> None:
        """Play Monopoly on a resource."""
        if arg is not None:
            self.act(A.Action(self.me(), "monopoly", int(arg)))

    def cmd_mar_give(self, arg: str | None) -> None:
        """Choose the resource to give the bank."""
        self.edit(lambda s: s.choose_maritime("give", arg))

    def cmd_mar_get(self, arg: str | None) -> None:
        """Choose the resource to take from the bank."""
        self.edit(lambda s: s.choose_maritime("get", arg))

    def cmd_maritime(self, arg: str | None) -> None:
        """Trade with the bank."""
        self.act_on(S.Session.maritime_action)

    def cmd_compose(self, arg: str | None) -> None:
        """Change a count of the offer being composed (``give:2:1`` adds one grain to give)."""
        self.edit(lambda s: s.compose(arg))

    def change_target(self, target: Any) -> None:
        """Choose whom the offer goes to."""
        self.edit(lambda s: s.set_target(str(target.value)))

    def cmd_offer(self, arg: str | None) -> None:
        """Send the composed offer."""
        self.act_on(S.Session.offer_action)

    def cmd_accept(self, arg: str | None) -> None:
        """Accept the open offer."""
        self.act(A.Action(self.me(), "accept"))

    def cmd_decline(self, arg: str | None) -> None:
        """Decline the open offer."""
        self.act(A.Action(self.me(), "decline"))

    def cmd_counter_start(self, arg: str | None) -> None:
        """Start a counter-offer from the offer's terms."""
        self.edit(S.Session.prefill_counter)

    def cmd_counter_stop(self, arg: str | None) -> None:
        """Give up the counter-offer being composed."""
        self.edit(S.Session.stop_counter)

    def cmd_counter(self, arg: str | None) -> None:
        """Send the counter-offer."""
        self.act_on(S.Session.offer_action)

    def cmd_confirm(self, arg: str | None) -> None:
        """Close the trade with a player who accepted or countered."""
        if arg is not None:
            self.act(A.Action(self.me(), "confirm", int(arg)))

    def cmd_cancel(self, arg: str | None) -> None:
        """Withdraw the offer."""
        self.act(A.Action(self.me(), "cancel"))

    def cmd_discard_pick(self, arg: str | None) -> None:
        """Change how many cards of a resource to discard (``discard:2:-1``)."""
        self.edit(lambda s: s.pick_discard(arg))

    def cmd_discard(self, arg: str | None) -> None:
        """Discard the chosen cards."""
        self.act_on(S.Session.discard_action)

    def cmd_rob(self, arg: str | None) -> None:
        """Move the robber to the chosen hex and rob this player."""
        self.act_on(lambda s: s.rob_action(arg))

    # --- test hooks (only with ?test in the address) ------------------------------------------------------

    def expose_test_api(self) -> None:
        """``window.catan_test``: load a scenario, queue dice, apply an action, read the save."""
        api = window.Object.new()
        api.load_scenario = self.keep(self.test_load_scenario)
        api.queue_dice = self.keep(lambda a, b: self.test_dice.append((int(a), int(b))))
        api.apply = self.keep(self.test_apply)
        api.save = self.keep(self.test_save)
        api.compiled_at_start = self.keep(test_compiled_at_start)
        self.net.expose_test_api(api)
        window.catan_test = api

    def keep(self, fn: Callable[..., Any]) -> Any:
        """A JavaScript-callable proxy of ``fn`` kept for the page's lifetime."""
        proxy = create_proxy(fn)
        self._proxies.append(proxy)
        return proxy

    def test_load_scenario(self, text: str, name: str = "Scenario") -> str:
        """Start a scenario (JSON text) as a new saved game; returns an error message or ""."""
        from catan_core.scenarios import parse_scenario

        try:
            game = parse_scenario(str(text))
        except CatanError as error:
            return self.text.error(error)
        self.open_session(S.Session(game, self.store.new_id(now_ms()), str(name)))
        self.autosave()
        return ""

    def test_apply(self, text: str) -> str:
        """Apply an action given in its text form, as if clicked; returns the refusal or ""."""
        s = self.session
        if s is None:
            return "no game"
        try:
            action = A.Action.parse(str(text))
        except CatanError as error:
            return s.text.error(error)
        reason = s.reason(action)
        if reason is None:
            self.act(action)
        return reason or ""

    def test_save(self) -> str:
        """The save text of the game on screen."""
        from catan_core.saves import dumps

        return dumps(self.session.game) if self.session is not None else ""


def test_compiled_at_start() -> str:
    """JSON: :func:`catan_web.bytecode.compiled_at_start` of the page's modules (test hook)."""
    from .bytecode import compiled_at_start

    return json.dumps(compiled_at_start(sys.modules, [entry for entry in sys.path if entry.endswith(".zip")]))


def shown_text(ident: str, fallback: str) -> str:
    """The text of element ``ident`` as drawn now (``fallback`` once it is gone)."""
    node = document.getElementById(ident)
    return fallback if is_none(node) else str(node.textContent)


def focus_selector(node: Any) -> str | None:
    """A selector finding ``node`` again after a re-render (its id or board data attribute)."""
    ident = node.id
    if ident:
        return "#" + str(ident)
    for name in FOCUSABLE_DATA:
        value = node.getAttribute(name)
        if not is_none(value):
            return f"[{name}='{value}']"
    return None


def export_name(name: str) -> str:
    """A file name for exporting the game called ``name``."""
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in name).strip("-") or "game"
    return f"catan-{safe}.json"


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


def start() -> App | None:
    """Build the page, offer to continue or start a game, and mark the page ready. Whatever
    fails on the way ends in a message on the page, which is marked ready all the same."""
    app: App | None = None
    try:
        app = App()
        if "test" in str(window.location.search):
            app.expose_test_api()
        app.render()
        app.follow_invitations()
        app.notify_put_aside()
        asyncio.ensure_future(app.guarded(app.load_game_modules()))
    except Exception as error:  # noqa: BLE001 - a message, never a dead page
        if app is None:
            document.getElementById("app").textContent = unexpected(error)
        else:
            app.report_unexpected(error)
    finally:
        document.documentElement.setAttribute("data-ready", "1")
    return app
