"""What a command may do with the page: the controller as its components and network play see it.

The components of the game page (:mod:`catan_web.game`) and network play
(``catan_web.browser.network``) never import the controller: they talk to it through this
small interface, which :class:`~catan_web.game.controller.Controller` implements. So the
controller can import every component (to fill its command table) with no import going back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from catan_core.actions import Action
    from catan_core.events import Event

    from ..pondering import Jobs
    from ..session import Session
    from ..settings import SettingsStore
    from ..store import SaveStore
    from ..text import Msg, Text
    from .effects import Effect
    from .state import PageState


class Table(Protocol):
    """The page's controller, as a command sees it."""

    @property
    def state(self) -> PageState:
        """The page's state (a value: change it with :meth:`edit`)."""

    @property
    def session(self) -> Session | None:
        """The game on screen (None on the home and joining screens)."""

    @property
    def store(self) -> SaveStore:
        """The saved games (read them here; writing is an effect)."""

    @property
    def settings(self) -> SettingsStore:
        """The settings every page shares."""

    @property
    def jobs(self) -> Jobs:
        """The page's long computations, advanced in slices by the browser (a hint, a review)."""

    def position(self) -> tuple[object, ...]:
        """The position on screen as the person at the device sees it: it changes with every
        move, take-back, game and viewer (a hint is for one position)."""

    def edit(self, **changes: Any) -> None:
        """Replace fields of the page's state."""

    def emit(self, effect: Effect) -> None:
        """Ask the browser for ``effect`` once the command is done."""

    def text(self) -> Text:
        """Message look-ups in the page's language (with the game's names when one is on screen)."""

    def notify(self, message: Msg, kind: str = "error", entry: str | None = None) -> None:
        """Show ``message`` in the notice bar (with a "Why?" link to almanac ``entry``)."""

    def clear_notice(self) -> None:
        """Hide the notice bar."""

    def act(self, action: Action) -> bool:
        """Apply ``action`` for the person at the device, or say why it is refused."""

    def changed(self) -> None:
        """The game on screen changed on this page (not by :meth:`act`): save it, send the
        guests their updates, and let computer players act when it is their move."""

    def forced_roll(self) -> tuple[int, int] | None:
        """The dice a test page queued for the next roll (None: the game's generator rolls)."""

    def call(self, work: Callable[[Any], object]) -> list[Effect]:
        """Run ``work`` on the page as a command runs (network play's events); the effects."""

    def done(self, action: Action) -> None:
        """The person at this device did ``action`` (applied here or by the host): their
        choices in progress are cleared."""

    def open_session(self, session: Session, new: bool = False) -> None:
        """Show the game of ``session`` (and save it when it is ``new``)."""

    def go_home(self) -> None:
        """Back to the home screen (the game is saved; network play ends)."""

    def followed(self, events: list[Event]) -> None:
        """The game on screen changed by a move made elsewhere (a guest's, or the host's update
        on a guest's page), which did ``events``: save, draw, and let computer players go on."""

    def autosave(self) -> None:
        """Save the game on screen."""

    def schedule_bots(self) -> None:
        """Let a computer player act when it is its move."""

    def stop_bots(self) -> None:
        """Drop the computer players' thinking (a new position or game)."""

    def now(self) -> float:
        """The time in milliseconds."""

    def new_seed(self) -> int:
        """A fresh random seed for a new game."""
