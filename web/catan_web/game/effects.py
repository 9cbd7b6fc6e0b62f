"""What the game page's commands ask of the browser, as data, besides every page's
(:mod:`catan_web.effects`): storage, computer players' turns, network play. Like the effects
of :mod:`catan_web.peer`.

>>> Wake(0.8, generation=3)
Wake(seconds=0.8, generation=3)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ..effects import Effect as PageEffect
from ..store import SaveMeta

if TYPE_CHECKING:
    from catan_core.actions import Action


class Save(NamedTuple):
    """Write the game on screen to the browser's storage: its id, its save text (made when it
    is written: the page writes it after the move is painted, and a later save replaces one not
    yet written) and its summary. A full storage is said in the notice bar."""

    gid: str
    text: Callable[[], str]
    meta: SaveMeta


class Delete(NamedTuple):
    """Delete a saved game (and what is kept beside it)."""

    gid: str


class Wake(NamedTuple):
    """Run the command ``bot_wake`` with ``generation`` after ``seconds`` (a computer player's
    pause before it acts)."""

    seconds: float
    generation: int


class Later(NamedTuple):
    """Run the command ``tick`` after ``seconds`` (something on screen lasts that long: a
    notice, the dice rolling, buttons that just appeared)."""

    seconds: float


class Sound(NamedTuple):
    """Play the sound ``name`` (a key of :data:`catan_web.game.sound.SOUNDS`)."""

    name: str


class ReadySound(NamedTuple):
    """Make the page's sound ready now (its Web Audio context), on the person's first gesture
    with the sound on: the browser's audio takes about a tenth of a second to start the first
    time, a pause that would otherwise fall on the first sound, in the middle of a game."""


class Think(NamedTuple):
    """Let the computer player who must act think (in its Web Worker, :mod:`catan_web.thinker`;
    else in slices, the page answering meanwhile), then run the command ``bot_move`` with its
    action, ``generation`` and ``moves``."""

    generation: int
    moves: int


class SyncGuests(NamedTuple):
    """The game changed on this page: send every guest on another device its update."""


class Opened(NamedTuple):
    """A game was opened on screen: network play referees it when this page holds it."""


class Leave(NamedTuple):
    """Back to the home screen: end every connection of network play."""


class SendToHost(NamedTuple):
    """A guest's person chose ``action``: send it to the host, which applies it."""

    action: Action


Effect = (
    PageEffect | Save | Delete | Wake | Later | Sound | ReadySound | Think | SyncGuests | Opened | Leave | SendToHost
)
"""What the game page's commands may ask of the browser (every page's, and its own)."""
