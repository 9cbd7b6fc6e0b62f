"""What a command asks of the browser, as data.

The controller never touches the browser: a command changes the page's state and the game,
and lists what the browser must do besides drawing (``catan_web.browser.host`` does it, a test
reads it). Like the effects of :mod:`catan_web.peer`.

>>> Wake(0.8, generation=3)
Wake(seconds=0.8, generation=3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..store import SaveMeta

if TYPE_CHECKING:
    from catan_core.actions import Action


class Save(NamedTuple):
    """Write the game on screen to the browser's storage: its id, save text and summary. A
    full storage is answered with the command ``storage_full``."""

    gid: str
    text: str
    meta: SaveMeta


class Delete(NamedTuple):
    """Delete a saved game (and what is kept beside it)."""

    gid: str


class Wake(NamedTuple):
    """Run the command ``bot_wake`` with ``generation`` after ``seconds`` (a computer player's
    pause before it acts)."""

    seconds: float
    generation: int


class Think(NamedTuple):
    """Let the computer player who must act think (in slices, the page answering meanwhile),
    then run the command ``bot_move`` with its action, ``generation`` and ``moves``."""

    generation: int
    moves: int


class Announce(NamedTuple):
    """Read ``lines`` out in the polite live region."""

    lines: tuple[str, ...]


class Focus(NamedTuple):
    """Move the keyboard focus to ``target`` (a selector, or :data:`BOARD` for the board's Tab
    stop); a panel's selector means its first control that can be used. With ``if_lost`` only
    when the focus is nowhere (on the page's body)."""

    target: str
    if_lost: bool = False


BOARD = "board"
""":class:`Focus`'s target meaning the board's Tab stop."""


class Reveal(NamedTuple):
    """Scroll the element ``selector`` names to the middle of the view (a spot of the
    enlarged board)."""

    selector: str


class ScrollTop(NamedTuple):
    """Scroll the page to its top (a game opened)."""


class Download(NamedTuple):
    """Offer ``text`` as a file named ``name``."""

    name: str
    text: str
    mime: str = "application/json"


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
    Save
    | Delete
    | Wake
    | Think
    | Announce
    | Focus
    | Reveal
    | ScrollTop
    | Download
    | SyncGuests
    | Opened
    | Leave
    | SendToHost
)
"""Anything a command asks of the browser."""
