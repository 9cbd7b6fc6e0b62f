"""What a page's command asks of the browser besides drawing, as data (every page's).

A controller never touches the browser: a command changes the page's state and lists what the
browser must do (``catan_web.browser.host`` does it, a test reads it). A page adds its own
(the game page's: :mod:`catan_web.game.effects`).

>>> Focus("#roll")
Focus(target='#roll', if_lost=False)
"""

from __future__ import annotations

from typing import NamedTuple

from .pondering import Ponder


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


class Copy(NamedTuple):
    """Put the text of the field ``field`` (an id) on the clipboard (selecting it for the
    person to copy when the browser refuses)."""

    field: str


class Address(NamedTuple):
    """Show ``url`` (relative to the page) in the address bar without loading it, so that the
    address always opens what the page shows (a replay's step)."""

    url: str


class Go(NamedTuple):
    """Open the page at ``url`` (relative to this page) in place of this one."""

    url: str


Effect = Announce | Focus | Reveal | ScrollTop | Download | Copy | Address | Go | Ponder
"""What every page's commands may ask of the browser (:class:`~catan_web.pondering.Ponder`: advance
a long computation in slices)."""
