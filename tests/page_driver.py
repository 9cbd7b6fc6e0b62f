"""The game page driven in CPython: its controller with an in-memory storage, the effects done
at once (saves, deletes; with ``bots`` the computer players' turns, thought out to the end),
and the page's regions as the patches wrote them.

>>> page = PageDriver()
>>> page.run("form", {"seat-kind-0": "random", "seat-kind-1": "random", "players": "2", "seed": "3"})
>>> page.run("start")
>>> page.game.phase
'over'
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for entry in (str(ROOT), str(ROOT / "web")):
    if entry not in sys.path:
        sys.path.insert(0, entry)

from catan_core.bots import advance  # noqa: E402
from catan_core.game import Game  # noqa: E402
from catan_core.scenarios import load_scenario  # noqa: E402
from catan_web.game import effects as E  # noqa: E402
from catan_web.game.board import Press  # noqa: E402
from catan_web.game.controller import BotMove, Controller  # noqa: E402
from catan_web.game.state import PageState  # noqa: E402
from catan_web.patch import Op, markup_of, written  # noqa: E402
from catan_web.pondering import Ponder, Pondered  # noqa: E402
from catan_web.session import Session  # noqa: E402
from catan_web.store import MemoryStorage, Storage  # noqa: E402


class PageDriver:
    """The game page's controller, its effects done in order and its regions kept as written."""

    def __init__(self, lang: str = "en", storage: Storage | None = None, bots: bool = True, seeds: Callable[[], int] | None = None) -> None:
        self.storage = storage if storage is not None else MemoryStorage()
        numbers = iter(range(1000, 10**6))
        self.clock = 1.0
        """The page's time in milliseconds: each command comes :attr:`pace` after the last,
        and :meth:`wait` lets time pass."""
        self.pace = 1.0
        """Seconds between two commands of the driver (a person's pace; a test of what happens
        within a moment passes ``after``)."""
        self.due: list[float] = []
        """When the page asked to look again (its ``Later`` effects), in milliseconds."""
        self.page = Controller(self.storage, languages=[lang], seeds=seeds or numbers.__next__, now=lambda: self.clock)
        self.page.load_game()
        self.bots = bots
        self.effects: list[E.Effect] = []
        """Every effect of the last command (and of the computer players' moves it led to)."""
        self.ops: list[Op] = self.page.draw()
        """The operations of the last drawing."""
        self.pondering: list[Ponder] = []
        """The long computations the page asked the browser to advance (a hint, a review),
        left waiting until :meth:`ponder`."""

    @property
    def state(self) -> PageState:
        return self.page.state

    @property
    def session(self) -> Session:
        assert self.page.session is not None, "no game on screen"
        return self.page.session

    @property
    def game(self) -> Game:
        return self.session.game

    def run(self, name: str, arg: object = None, after: float | None = None) -> None:
        """Run command ``name`` as a control would, ``after`` seconds (default :attr:`pace`)
        after the last command, do its effects, and draw."""
        self.elapse(self.pace if after is None else after)
        self.perform(self.page.dispatch(name, arg))

    def call(self, work: Callable[[Controller], object]) -> None:
        """Run ``work`` on the controller as a command (:attr:`pace` after the last), do its
        effects, and draw."""
        self.elapse(self.pace)
        self.perform(self.page.call(work))

    def elapse(self, seconds: float) -> None:
        """Let ``seconds`` pass; the page looks again (command ``tick``) if it asked to by then."""
        self.clock += 1000 * seconds
        if any(moment <= self.clock for moment in self.due):
            self.due = [moment for moment in self.due if moment > self.clock]
            self.perform(self.page.dispatch("tick"))

    def wait(self, seconds: float) -> None:
        """Let ``seconds`` pass (the page's timers run)."""
        self.elapse(seconds)

    def perform(self, effects: list[E.Effect]) -> None:
        """Do ``effects`` (and those that follow from them) and draw."""
        self.effects = []
        queue = list(effects)
        while queue:
            effect = queue.pop(0)
            self.effects.append(effect)
            if isinstance(effect, E.Save):
                self.page.store.put(effect.gid, effect.text(), effect.meta)
            elif isinstance(effect, E.Delete):
                self.page.store.delete(effect.gid)
            elif isinstance(effect, Ponder):
                self.pondering.append(effect)
            elif isinstance(effect, E.Later):
                self.due.append(self.clock + 1000 * effect.seconds)
            elif isinstance(effect, E.Wake) and self.bots:
                queue += self.page.dispatch("bot_wake", effect.generation)
            elif isinstance(effect, E.Think) and self.bots:
                action = advance(self.page.thinking(), lambda: False)
                queue += self.page.dispatch("bot_move", BotMove(effect.generation, effect.moves, action))
        self.ops = self.page.draw()

    def ponder(self) -> None:
        """Work out the long computations waiting (as the browser does in slices) and hand
        their results back (a stale one stops, as in the browser)."""
        waiting, self.pondering = self.pondering, []
        for effect in waiting:
            work = self.page.jobs.work(effect)
            if work is not None:
                self.perform(self.page.dispatch("pondered", Pondered(effect.job, effect.ticket, work.result())))

    def open(self, game: Game, name: str = "Game", take_backs: bool | None = None, uncover: bool = True) -> None:
        """Open ``game`` as a new saved game (its person to act taking the device)."""
        session = Session(game, self.page.store.new_id(1.0), name, take_backs)
        self.call(lambda page: page.open_session(session, new=True))
        if uncover and session.covered:
            self.run("uncover")

    def scenario(self, data: dict[str, Any], **options: Any) -> None:
        """Open the scenario ``data`` (see :meth:`open`)."""
        self.open(load_scenario(data), **options)

    def press(self, spot: str, touch: bool = False) -> None:
        """Click (or tap) the board's spot ``spot``."""
        self.run("press", Press(spot, touch))

    def html(self, region: str) -> str:
        """The markup of ``region`` as last written."""
        return markup_of(self.page.patcher.drawn.get(region))

    def written(self) -> int:
        """Characters of markup the last drawing wrote."""
        return written(self.ops)
