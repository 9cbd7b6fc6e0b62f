"""The game's share panel: a link opening the game, as it is now, in the replay viewer (a
``g1.`` share link of :mod:`catan_core.share`: everything in the link, no server), with its QR
code. Drawn under the game bar while open, for the game it was opened for.

Commands: ``share_open``, ``share_close``, ``share_copy``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..commands import Command, nothing, text as text_arg
from ..controls import button
from ..effects import Copy, Focus
from ..html import EMPTY, Markup
from ..sharing import share_panel, site_address
from ..text import Msg

if TYPE_CHECKING:
    from ..session import Session
    from .scene import Scene
    from .state import PageState

REPLAY = "replay.html"


class ShareTable(Protocol):
    """The game page's controller, as these commands see it."""

    @property
    def state(self) -> PageState:
        """The page's state (its ``sharing`` field)."""

    @property
    def session(self) -> Session | None:
        """The game on screen."""

    @property
    def base(self) -> str:
        """The site's address, which shared links start with."""

    def edit(self, **changes: Any) -> None:
        """Replace fields of the page's state."""

    def emit(self, effect: Any) -> None:
        """Ask the browser for ``effect``."""

    def notify(self, message: Msg, kind: str = "error", entry: str | None = None) -> None:
        """Show ``message`` in the notice bar."""


def share_button(scene: Scene) -> Markup:
    """The bar's Share button (for a game this page holds: a guest's page has no record)."""
    if not scene.session.holds_game:
        return EMPTY
    text, shared = scene.text, scene.state.sharing
    opened = shared is not None and shared[0] == scene.session.gid
    return button(text, text("share.open"), "share_open", ident="share-open", pressed=opened)


def panel(scene: Scene) -> Markup:
    """The share panel, while open for the game on screen."""
    shared = scene.state.sharing
    if shared is None or shared[0] != scene.session.gid:
        return EMPTY
    text = scene.text
    return share_panel(
        text,
        text("share.game_title"),
        shared[1],
        ident="share",
        note=text("share.game_note"),
        copy="share_copy",
    )


def share_open(page: ShareTable, _: None) -> None:
    """Open the share panel with the link of the game as it is now."""
    from catan_core.share import game_link

    session = page.session
    if session is not None and session.holds_game:
        page.edit(sharing=(session.gid, site_address(page.base, REPLAY, game_link(session.game))))
        page.emit(Focus("#share-link"))


def share_close(page: ShareTable, _: None) -> None:
    """Close the share panel."""
    page.edit(sharing=None)
    page.emit(Focus("#share-open"))


def share_copy(page: ShareTable, field: str) -> None:
    """Copy the link."""
    page.emit(Copy(field))
    page.notify(Msg("share.copied"), "info")


COMMANDS = (
    Command("share_open", nothing, share_open),
    Command("share_close", nothing, share_close),
    Command("share_copy", text_arg, share_copy),
)
