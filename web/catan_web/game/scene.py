"""What the game screen's views draw from: the page's state and the game on screen, with what
every view needs computed once per drawing (the view of the person at the device, their legal
actions, the board's targets, the texts).

Network play shows some of itself on the game screen (the host's card of guests, the paused
screen over a guest's game, invitations on the hot-seat cover): it is a :class:`Remote`, and
:data:`NO_REMOTE` when the page plays no network game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Protocol

from ..html import EMPTY, Markup
from .state import PageState

if TYPE_CHECKING:
    from catan_core.actions import Action
    from catan_core.views import View

    from ..draft import Draft
    from ..session import Session
    from ..targets import Targets
    from ..text import Text


class Remote(Protocol):
    """What network play shows on the game screen."""

    def host_card(self) -> Markup:
        """The host's card of guests and invitations (nothing on a guest's page)."""

    def paused_screen(self) -> Markup:
        """The screen over a guest's game while it is not connected (nothing while it is)."""

    def cover_buttons(self) -> Markup:
        """More buttons of the hot-seat cover (invite a friend to the seat that must act)."""

    def join_screen(self) -> Markup:
        """A guest's page before the game arrives: its connection to the host."""


class NoRemote:
    """No network game: nothing to show."""

    def host_card(self) -> Markup:
        return EMPTY

    def paused_screen(self) -> Markup:
        return EMPTY

    def cover_buttons(self) -> Markup:
        return EMPTY

    def join_screen(self) -> Markup:
        return EMPTY


NO_REMOTE: Remote = NoRemote()


@dataclass
class Scene:
    """The game on screen as the views draw it, for one drawing."""

    state: PageState
    session: Session
    remote: Remote = field(default=NO_REMOTE)

    @cached_property
    def view(self) -> View:
        """The game as the person at the device may see it (without the log)."""
        return self.session.view()

    @cached_property
    def text(self) -> Text:
        """Message look-ups in the page's language, naming the game's seats and spots."""
        text = self.session.text
        text.lang, text.touch = self.state.lang, self.state.touch
        return text

    @cached_property
    def legal(self) -> tuple[Action, ...]:
        """The legal actions of the person at the device (none unless it is their move)."""
        return self.session.legal()

    @cached_property
    def targets(self) -> Targets:
        """The board's spots to highlight: the legal targets of what is being chosen."""
        from .. import targets as T

        if self.session.covered:
            return T.Targets()
        draft = self.state.draft
        return T.targets(self.view, draft.mode, draft.robber_hex)

    @property
    def draft(self) -> Draft:
        """What the person is choosing."""
        return self.state.draft
