"""What the replay viewer's views draw from: the page's state, the replay at its step, what
the chosen seat sees there, and the words of the page's language naming the game's seats."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from catan_core.game import Game
    from catan_core.replay import Replay
    from catan_core.views import View

    from ..text import Text
    from .state import ReplayState


class Scene(NamedTuple):
    """Everything a view of the replay viewer reads (a game is open)."""

    state: ReplayState
    replay: Replay
    game: Game
    """The whole game (every action; the replay's position is the step's)."""
    view: View
    """What :attr:`ReplayState.viewer` sees at the step (every hand once the game is over)."""
    text: Text
    base: str
    """The site's address (links the page gives out start with it)."""
