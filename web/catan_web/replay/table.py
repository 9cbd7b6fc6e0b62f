"""What a command of the replay viewer may do with the page: the controller as its components
see it. The components never import the controller (no import goes back to it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..table import PageTable

if TYPE_CHECKING:
    from catan_core.game import Game
    from catan_core.replay import Replay
    from catan_core.study import Study

    from ..pondering import Jobs
    from .state import ReplayState


class ReplayTable(PageTable, Protocol):
    """The replay viewer's controller, as a command sees it."""

    @property
    def state(self) -> ReplayState:
        """The page's state (a value: change it with :meth:`edit`)."""

    @property
    def replay(self) -> Replay | None:
        """The game replayed (None until one is open)."""

    @property
    def game(self) -> Game | None:
        """The whole game replayed (its every action; :attr:`replay`'s position is the step's)."""

    @property
    def jobs(self) -> Jobs:
        """The page's long computations, advanced in slices by the browser (a review)."""

    def now(self) -> float:
        """The time in milliseconds."""

    def show(self, game: Game, step: int | None, **source: Any) -> None:
        """Replay ``game`` from now on, at ``step`` (None: its last); ``source`` are the
        state's fields naming where it came from (``name``, ``gid``, ``link``, ``draft``)."""

    def study(self) -> Study:
        """The study of the draft (built once per change; the engine's FormatError when it
        refuses a text)."""

    def go(self, step: int) -> None:
        """Go to ``step`` of the game (clamped)."""
