"""The game page's controller: a command in, the new state and the effects out; never the browser.

:meth:`Controller.dispatch` runs one command of the :class:`~catan_web.commands.CommandTable`
(each component of :mod:`catan_web.game` adds its own), then works out where the person's
attention goes (what the live region reads out, where the focus moves) and returns the
effects (:mod:`catan_web.game.effects`) for the browser to carry out; :meth:`Controller.draw`
gives the operations that bring the page's regions up to date (:mod:`catan_web.patch`). Both
are plain data: ``catan_web.browser.host`` applies them to the document, the tests read them.

The home screen's commands are in the table from the start; the game screen's (and the
engine, which they import) are added by :meth:`Controller.load_game`, which the page calls once
its first screen is drawn, or at once when a game opens first.

Computer players act through effects: after each change the controller asks for a
:class:`~catan_web.game.effects.Wake` at the pace chosen; the wake asks the browser to
:class:`~catan_web.game.effects.Think` (the decision is thought out in the computer players'
Web Worker, :mod:`catan_web.thinker`, or, until it is ready or without it, in slices on the
page's thread while the page answers); the browser hands the action back with the command ``bot_move``, which the
controller applies only if the game is still where it was (a take-back, another game or a
move elsewhere makes it stale: the ``generation`` counts such changes).

>>> from catan_web.store import MemoryStorage
>>> page = Controller(MemoryStorage(), languages=["de"], seeds=iter(range(100, 200)).__next__)
>>> page.state.lang, page.state.screen, page.state.form.seed
('de', 'home', '100')
>>> "roll" in page.table, page.load_game(), "roll" in page.table
(False, None, True)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from catan_core.i18n import pick_language

from ..commands import Command, integer, nothing, value
from ..controller import PageController
from ..draft import Draft
from ..effects import Announce, Focus, ScrollTop
from ..html import Markup
from ..memo import Memo
from ..newgame import NewGame
from ..patch import Content, markup_of
from ..pondering import Pondered
from ..settings import DEFAULT_OFFERS, DEFAULT_SPEED, SettingsStore, pause
from ..store import SaveMeta, SaveStore, Storage
from ..text import Msg, Text
from . import bar, home, stats
from .effects import Later, Leave, Opened, ReadySound, Save, SendToHost, Sound, SyncGuests, Think, Wake
from .fresh import FRESH_SECONDS, Pressed, button_keys, command_key, disable, region_of
from .home import put_aside_message
from .log import LogLines
from .scene import NO_REMOTE, Remote
from .screen import OVERLAY_FOCUS, WINNER_SECONDS, overlay_name, regions
from .sound import ROLL_SECONDS, Listener, rolled, sound_of
from .state import GAME, HOME, MAIN_TAB, BoardState, CoachState, Notice, PageState

if TYPE_CHECKING:
    from catan_core.actions import Action
    from catan_core.events import Event

    from ..session import Session
    from .guide import Announcer

GAME_COMPONENTS: tuple[str, ...] = (
    "turn",
    "cards",
    "build",
    "bank",
    "offer",
    "answer",
    "discard",
    "victim",
    "board",
    "cover",
    "supply",
    "winner",
    "coach",
)
"""The game screen's components whose commands :meth:`Controller.load_game` adds (each a module
of :mod:`catan_web.game` with a ``COMMANDS`` tuple, and a ``JOBS`` dict when it starts jobs)."""
SEED_RANGE = (1, 999_999)
"""New games' seeds are drawn from this range."""
GENERATIONS = 2**31
"""The most changes of game a page counts (the ``bot_wake`` command's argument)."""
GESTURES = frozenset({"press", "rove", "pointer", "explain"})
"""Commands the page sends itself for a press, click or key of the person (every command a
control sends is one too): after the first, the page may play sounds."""


class BotMove(NamedTuple):
    """A computer player's decision, handed back by the browser: the ``generation`` and the
    number of ``moves`` of the game it was thought out for, and the ``action``."""

    generation: int
    moves: int
    action: Action


def default_seed() -> int:
    """A fresh seed for a new game (Python's generator, seeded afresh at every start)."""
    return random.randint(*SEED_RANGE)


class Controller(PageController[PageState]):
    """The game page: its state, the game on screen, the command table, and what was drawn."""

    def __init__(
        self,
        storage: Storage,
        *,
        languages: Sequence[str] = (),
        touch: bool = False,
        now: Callable[[], float] = lambda: 0.0,
        dates: Callable[[Sequence[SaveMeta], str], dict[str, str]] = lambda saves, lang: {},
        seeds: Callable[[], int] = default_seed,
    ) -> None:
        self.settings = SettingsStore(storage)
        self.store = SaveStore(storage)
        kept = self.settings.load()
        put_aside = tuple(self.settings.repair() + self.store.repair())
        lang = pick_language(kept.lang, list(languages))
        self._now, self._dates, self._seeds = now, dates, seeds
        state = PageState(
            NewGame.default(Text(lang), str(seeds())),
            lang=lang,
            touch=touch,
            speed=kept.speed or DEFAULT_SPEED,
            offers=kept.offers or DEFAULT_OFFERS,
            sound=kept.sound is not False,
            put_aside=put_aside,
            coach=CoachState(tracker=kept.tracker is True),
        )
        super().__init__(state, bar.COMMANDS + home.COMMANDS + stats.COMMANDS + self._own_commands())
        if put_aside:
            self.notify(put_aside_message(put_aside), "warn")
        self.session: Session | None = None
        self.remote: Remote = NO_REMOTE
        """Network play as the game screen shows it (set by the browser's network play)."""
        self.generation = 0
        """Bumped whenever the game on screen changes under the computer players' feet (a
        take-back, another game): their decisions in progress are then dropped."""
        self.bots_running = False
        self.dice: list[tuple[int, int]] = []
        """Dice a test page queued for the next rolls."""
        self.log = LogLines()
        self.memo = Memo()
        """The game screen's views kept from the drawings before, by what they read."""
        self.announcer: Announcer | None = None
        self.listener = Listener()
        self.sound_ready = False
        """Whether the page asked for its sound to be made ready (:class:`~.effects.ReadySound`)."""
        self.stage: tuple[object, ...] = ()
        self.overlay = ""
        self.loaded: set[str] = set()
        self.job_results: dict[str, Callable[[Any, Pondered], None]] = dict(stats.JOBS)
        """What becomes of each job's result, by job name (each component's ``JOBS``)."""

    @staticmethod
    def _own_commands() -> tuple[Command[Any], ...]:
        """The page's own commands: a computer player's wake and move."""
        return (
            Command("bot_wake", integer(0, GENERATIONS), bot_wake, sent_by_page=True),
            Command("bot_move", value(BotMove), bot_move, sent_by_page=True),
            Command("tick", nothing, tick, sent_by_page=True),
            Command("pondered", value(Pondered), pondered, sent_by_page=True),
        )

    def load_game(self) -> None:
        """Add the game screen's commands (importing its components, and the engine)."""
        for name in GAME_COMPONENTS:
            self.load_component(name)

    def load_component(self, name: str) -> None:
        """Add the commands of the game screen's component ``name`` (importing it), once."""
        if name not in self.loaded:
            module = importlib.import_module(f"{__package__}.{name}")
            self.table.add(module.COMMANDS)
            self.job_results.update(getattr(module, "JOBS", {}))
            self.loaded.add(name)

    # --- a command in, effects out ------------------------------------------------------------------

    def dispatch(self, name: str, arg: object = None) -> list[Any]:
        """Run command ``name`` with ``arg`` (see :meth:`PageController.dispatch`); a button
        pressed on the game screen is remembered, and a fresh one is ignored
        (:mod:`catan_web.game.fresh`)."""
        command = self.table.commands.get(name)
        if command is not None and (not command.sent_by_page or name in GESTURES) and not self.state.gesture:
            self.edit(gesture=True)
        if command is not None and not command.sent_by_page and self.session is not None:
            key, now = command_key(name, arg), self.now()
            if any(key == fresh and now < until for _, fresh, until in self.state.fresh):
                return []
            self.note_press(key)
        return super().dispatch(name, arg)

    def note_press(self, key: str) -> None:
        """The button ``key`` was pressed: remember where, when, and what its region held."""
        region = region_of(key, self.patcher.drawn.items())
        if region is not None and self.session is not None:
            present = button_keys(markup_of(self.patcher.drawn[region]))
            self.edit(pressed=Pressed(region, self.now(), len(self.session.game.history), present))

    def regions(self) -> list[tuple[str, Content]]:
        """Every region's content (see :mod:`catan_web.game.screen`), fresh buttons disabled."""
        drawn = self.contents()
        fresh = self.state.fresh
        if not fresh:
            return drawn
        keys = {(region, key) for region, key, _ in fresh}
        return [
            (name, disable(content, {key for region, key in keys if region == name}))
            if isinstance(content, Markup) and any(region == name for region, _ in keys)
            else (name, content)
            for name, content in drawn
        ]

    def contents(self) -> list[tuple[str, Content]]:
        """Every region's content as its view draws it."""
        return regions(self.state, self.session, self.remote, self.log, self.store.list, self.dates, self.memo)

    def dates(self, saves: Sequence[SaveMeta]) -> dict[str, str]:
        """When each of ``saves`` was saved, in words of the page's language."""
        return self._dates(saves, self.state.lang)

    def language(self) -> str:
        """The document's language: the page's."""
        return self.state.lang

    def title(self) -> str:
        """The document's title."""
        title = self.state.text()("ui.title")
        return f"{self.session.name} · {title}" if self.session is not None and self.state.screen == GAME else title

    def attend(self) -> None:
        """After a command: a new notice starts its time; the board's Tab stop and selection
        follow the targets; what happened is read out; the focus moves to the next thing to do
        when the situation changed (or was lost), or to a screen over the game when it first shows."""
        self.time_notice()
        self.listen()
        self.watch_fresh()  # after listen: a roll's dice tumble decides when fresh buttons take clicks
        if "coach" in self.loaded:
            from .coach import settle

            settle(self)
        session, state = self.session, self.state
        if session is None or state.screen != GAME:
            self.overlay, self.stage = "", ()
            return
        from . import guide, turn
        from .board import settled
        from .scene import Scene

        scene = Scene(state, session, self.remote)
        self.state = state._replace(board=settled(state.board, scene.targets))
        if self.announcer is None:
            self.announcer = guide.Announcer()
        news = self.announcer.news(session)
        stage = guide.stage(session, scene.view, state.draft.mode)
        moved, self.stage = stage != self.stage, stage
        if moved and session.my_move:
            news.append(turn.prompt(scene))
        if news:
            self.emit(Announce(tuple(news)))
        name = overlay_name(state, session, self.remote)
        if name == "winner":
            stats.draw_under_winner(self, scene)
        if name != self.overlay:
            self.overlay = name
            if name:
                self.emit(Focus(OVERLAY_FOCUS[name]))
        if not name:
            where = guide.next_focus(session, scene.view, state.draft.mode, state.draft.robber_hex)
            if where is not None:
                self.emit(Focus(where, if_lost=not moved))

    def time_notice(self) -> None:
        """A notice shown for the first time starts its time: the page looks again when it is up."""
        notice = self.state.notice
        if notice is not None and notice.at is None:
            self.edit(notice=notice._replace(at=self.now()))
            if notice.life is not None:
                self.emit(Later(notice.life))

    def listen(self) -> None:
        """What happened since the last command: a roll makes the dice tumble, a win lets the
        board show the winning move before the winner screen, and one sound plays (when the
        sound is on, and only after the person's first gesture, which makes the sound ready)."""
        if self.state.sound and self.state.gesture and not self.sound_ready:
            self.sound_ready = True
            self.emit(ReadySound())
        session = self.session
        if session is None:
            return
        events = self.listener.news(session)
        if rolled(events):
            self.edit(rolled_at=self.now())
            self.emit(Later(ROLL_SECONDS))
        if any(event.kind == "win" for event in events):
            self.edit(won_at=self.now())
            self.emit(Later(WINNER_SECONDS))
        name = sound_of(events, session.humans)
        if name is not None and self.state.sound and self.state.gesture:
            self.emit(Sound(name))

    def watch_fresh(self) -> None:
        """While a press is recent and the game moved on since, the buttons that appeared in
        its region become fresh (and the page looks again when they no longer are)."""
        pressed, session, now = self.state.pressed, self.session, self.now()
        if pressed is None or session is None:
            return
        if now >= pressed.at + 1000 * FRESH_SECONDS:
            self.edit(pressed=None)
            return
        if len(session.game.history) == pressed.moves:
            return
        keys = button_keys(markup_of(dict(self.contents()).get(pressed.region)))
        known = {key for region, key, _ in self.state.fresh if region == pressed.region}
        new = sorted(keys - pressed.present - known)
        self.edit(pressed=pressed._replace(present=pressed.present & keys))
        if new:
            # after a roll, not before the dice stop: the turn card is drawn again then, and a
            # button enabled earlier would be replaced under a click (pressed on the old node,
            # released on the new one: no click at all)
            until = max(now + 1000 * FRESH_SECONDS, dice_stop(self.state) or 0.0)
            self.edit(fresh=self.state.fresh + tuple((pressed.region, key, until) for key in new))
            self.emit(Later((until - now) / 1000))

    # --- what a command may do (catan_web.game.table.Table) --------------------------------------------

    def text(self) -> Text:
        """Message look-ups in the page's language (with the game's names when one is on screen)."""
        if self.session is None:
            return self.state.text()
        text = self.session.text
        text.lang, text.touch = self.state.lang, self.state.touch
        return text

    def notify(self, message: Msg, kind: str = "error", entry: str | None = None) -> None:
        """Show ``message`` in the notice bar."""
        self.edit(notice=Notice(message, kind, entry))

    def clear_notice(self) -> None:
        """Hide the notice bar."""
        self.edit(notice=None)

    def now(self) -> float:
        """The time in milliseconds."""
        return self._now()

    def position(self) -> tuple[object, ...]:
        """The position on screen as the person at the device sees it (see :class:`~catan_web.game.table.Table`)."""
        session = self.session
        if session is None:
            return ()
        game = session.game
        return (self.generation, id(game), len(game.history), len(game.log), session.viewer)

    def new_seed(self) -> int:
        """A fresh seed for a new game."""
        return self._seeds()

    def forced_roll(self) -> tuple[int, int] | None:
        """The dice a test page queued for the next roll (None: the game rolls)."""
        return self.dice.pop(0) if self.dice else None

    def act(self, action: Action) -> bool:
        """Apply ``action`` for the person at the device, or say why it is refused."""
        session = self.session
        if session is None:
            return False
        reason = session.reason(action)
        if reason is not None:
            self.notify(Msg.of_error(reason.error), entry=reason.entry)
            return False
        if not session.holds_game:  # a guest's page: the host applies it
            self.emit(SendToHost(action))
            return True
        session.play(action)
        self.done(action)
        self.clear_notice()
        self.tell_declines()
        self.changed()
        return True

    def done(self, action: Action) -> None:
        """The person at this device did ``action``: their choices in progress are cleared
        (after a maritime trade the same resources stay chosen, ready for another one)."""
        draft = self.state.draft
        self.edit(draft=draft.after_maritime() if action.kind == "maritime" else Draft())

    def tell_declines(self) -> None:
        """Name in the notice bar the offers the last action led the page to decline for
        people, when the setting says so (see :mod:`catan_web.offers`)."""
        from ..offers import decline_notice  # (the engine's rules: loaded with the game)

        session = self.session
        if session is not None:
            since = len(session.game.log) - len(session.last_events)
            if decline_notice(session, since):
                self.edit(notice=Notice(None, "info", declines=since))

    def changed(self) -> None:
        """The game on screen changed on this page: save it, update the guests, let computer
        players act when it is their move."""
        self.autosave()
        self.emit(SyncGuests())
        self.schedule_bots()

    def followed(self, events: list[Event]) -> None:
        """The game on screen changed by a move made elsewhere (it did ``events``)."""
        self.changed()

    def autosave(self) -> None:
        """Save the game on screen (a guest's page holds no game to save)."""
        session = self.session
        if session is None or not session.holds_game:
            return
        game = session.game
        meta = SaveMeta(
            session.gid,
            session.name,
            self.now(),
            tuple(seat.name for seat in game.seats),
            game.turn,
            game.seats[game.winner].name if game.winner >= 0 else "",
            session.take_backs,
            hints=session.hints,
            hints_shown=session.hints_shown,
        )
        self.emit(Save(session.gid, session.save_text, meta))

    def open_session(self, session: Session, new: bool = False) -> None:
        """Show the game of ``session`` (saved at once when it is ``new``), and let computer
        players act if it is their move."""
        self.load_game()
        self.stop_bots()
        session.offers = self.state.offers
        session.decline_for_people()
        self.session = session
        self.overlay, self.announcer = "", None
        self.edit(
            screen=GAME,
            pressed=None,
            fresh=(),
            winner_closed=False,
            won_at=None,
            stats_open=False,
            costs_open=False,
            net_open=False,
            draft=Draft(),
            tab=MAIN_TAB,
            board=BoardState(zoom=self.state.board.zoom),
            coach=CoachState(tracker=self.state.coach.tracker),
        )
        self.clear_notice()
        self.emit(Opened())
        self.emit(ScrollTop())
        if new:
            self.autosave()
        self.schedule_bots()

    def go_home(self) -> None:
        """Back to the home screen (the game is saved; network play ends)."""
        self.emit(Leave())
        self.stop_bots()
        self.session = None
        self.edit(screen=HOME, confirm_delete="", stats_open=False, costs_open=False, net_open=False, menu_open=False)
        self.clear_notice()

    # --- computer players --------------------------------------------------------------------------

    def stop_bots(self) -> None:
        """Drop the computer players' decision in progress (and the coach's work: a hint, a
        review); the next :meth:`schedule_bots` starts again."""
        self.generation += 1
        self.bots_running = False
        self.jobs.clear()

    def schedule_bots(self) -> None:
        """When a computer player of this page must act, ask for a wake after the pace's pause."""
        session = self.session
        if session is not None and session.bot_to_act and not self.bots_running:
            self.bots_running = True
            self.emit(Wake(pause(self.state.speed, session.undo_seat is not None), self.generation))

    def thinking(self) -> Generator[None, None, Action]:
        """The decision of the computer player who must act, in steps (see
        :meth:`~catan_web.session.Session.bot_thinking`)."""
        assert self.session is not None
        return self.session.bot_thinking()


def tick(page: Controller, _: None) -> None:
    """Time passed: a notice whose time is up fades; fresh buttons whose moment is over take
    clicks; the dice stop tumbling; the winner screen covers the board that showed the winning move.
    A timer that fired early by the page's clock leaves a moment still ahead: the page looks again then."""
    now = page.now()
    notice = page.state.notice
    if notice is not None and notice.expired(now):
        page.clear_notice()
    page.edit(fresh=tuple(entry for entry in page.state.fresh if entry[2] > now))
    dice = dice_stop(page.state)
    if dice is not None and now >= dice:
        page.edit(rolled_at=None)
    shown = winner_shown(page.state)
    if shown is not None and now >= shown:
        page.edit(won_at=None)
    ahead = [moment - now for moment in moments(page.state) if moment > now]
    if ahead:
        page.emit(Later(min(ahead) / 1000))


def moments(state: PageState) -> list[float]:
    """When something timed on the page is due (milliseconds): a notice's end, fresh buttons'
    moment, the dice's tumble, the winning move's show."""
    ends = None if state.notice is None else state.notice.ends
    timed = (ends, dice_stop(state), winner_shown(state))
    return [until for _, _, until in state.fresh] + [moment for moment in timed if moment is not None]


def dice_stop(state: PageState) -> float | None:
    """When the dice rolled last stop tumbling (milliseconds; None when they are still)."""
    return None if state.rolled_at is None else state.rolled_at + 1000 * ROLL_SECONDS


def winner_shown(state: PageState) -> float | None:
    """When the winning move has been shown long enough for the winner screen (milliseconds; None
    when no win waits)."""
    return None if state.won_at is None else state.won_at + 1000 * WINNER_SECONDS


def pondered(page: Controller, done: Pondered) -> None:
    """A job the page advanced in slices is done: the component that started it takes the
    result (it ignores a stale one)."""
    taker = page.job_results.get(done.job)
    if taker is not None:
        taker(page, done)


def bot_wake(page: Controller, generation: int) -> None:
    """A computer player's pause is over: ask the browser to let it think."""
    session = page.session
    if generation != page.generation:
        return
    if session is None or not session.bot_to_act:
        page.bots_running = False
        return
    page.emit(Think(generation, len(session.game.history)))


def bot_move(page: Controller, move: BotMove) -> None:
    """A computer player decided: apply its move, unless the game moved on meanwhile."""
    session = page.session
    if move.generation != page.generation:
        return
    page.bots_running = False
    if session is None or not session.bot_to_act or len(session.game.history) != move.moves:
        page.schedule_bots()
        return
    session.apply(move.action)
    page.tell_declines()
    page.changed()
