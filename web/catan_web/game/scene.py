"""What the game screen's views draw from: the page's state and the game on screen, with what
every view needs computed once per drawing (the view of the person at the device, their legal
actions, the board's targets, the texts).

Network play shows some of itself on the game screen (the host's card of guests and
invitations, the paused screen over a guest's game): it is a :class:`Remote`, and
:data:`NO_REMOTE` when the page plays no network game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Protocol, TypeVar

from ..html import EMPTY, Markup
from ..memo import Memo
from .state import PageState

if TYPE_CHECKING:
    from collections.abc import Callable, Hashable

    from catan_core.actions import Action
    from catan_core.views import View

    from ..draft import Draft
    from ..session import Session
    from ..targets import Targets
    from ..text import Text
    from .log import LogLines


T = TypeVar("T")
R = TypeVar("R")


class Remote(Protocol):
    """What network play shows on the game screen."""

    def host_card(self) -> Markup:
        """The host's card of guests and invitations (nothing on a guest's page)."""

    def paused_screen(self) -> Markup:
        """The screen over a guest's game while it is not connected (nothing while it is)."""

    def join_screen(self) -> Markup:
        """A guest's page before the game arrives: its connection to the host."""


class NoRemote:
    """No network game: nothing to show."""

    def host_card(self) -> Markup:
        return EMPTY

    def paused_screen(self) -> Markup:
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
    memo: Memo = field(default_factory=Memo)
    """The views kept from the drawings before (:mod:`catan_web.memo`; by default none)."""
    log: LogLines | None = None
    """The log's lines translated so far (None: none yet)."""

    # --- what views read, as keys of the memo ------------------------------------------------------

    @cached_property
    def words(self) -> tuple[str, bool]:
        """The texts' language and wording ("tap" or "click"): what a view of fixed texts reads."""
        return self.state.lang, self.state.touch

    @cached_property
    def table(self) -> tuple[object, ...]:
        """The game at the table, besides its position: the game and its session (by
        identity), who plays where, and the texts' language and wording."""
        session = self.session
        return session, session.game, self.words, session.remote, session.humans, session.holds_game

    @cached_property
    def seen(self) -> tuple[object, ...]:
        """Whose game is seen and how, besides its position: :attr:`table`, the viewer,
        whether the device is covered and whose move it is there, and the session's settings."""
        session = self.session
        return (
            self.table,
            session.viewer,
            session.covered,
            session.my_move,
            session.take_backs,
            session.hints,
            session.hints_shown,
            session.offers,
        )

    @cached_property
    def moment(self) -> tuple[object, ...]:
        """The position as it is seen (:attr:`seen`, and the session's token of the position:
        :meth:`~catan_web.session.Session.moment`): what a view reading the game at large reads."""
        return self.seen, self.session.moment()

    @cached_property
    def calm(self) -> PageState:
        """The page's state without what no game view reads (the notice, the buttons pressed and
        fresh, the first gesture): what a view reading the page's state at large reads."""
        return self.state._replace(notice=None, pressed=None, fresh=(), gesture=False)

    @cached_property
    def anything(self) -> tuple[object, ...]:
        """The key of a view reading the game and the page's state at large."""
        return self.moment, self.calm

    def part(self, view: Callable[..., T], reads: object, *which: Hashable) -> T:
        """``view(self, *which)``, a part of a region, made again only when what it reads
        changed: ``reads``, besides :attr:`table` (the game at the table and the texts'
        language), which every part's key holds. A region made again for its position keeps
        its parts that the action did not touch (the hand's resources when no card moved, the
        dice between two rolls): a comparison of keys instead of their markup made again.

        A part drawn several times in a drawing (one per seat, per resource) is kept once for
        each ``which`` (a few fixed values: the seat, the resource), which its view takes."""
        return self.memo.keep((view, *which) if which else view, (self.table, reads), view, self, *which)

    def drawn(self, view: Callable[[Scene, R], T], reads: R, *which: Hashable) -> T:
        """``view(self, reads)``, a part drawn from values worked out first (``reads``: the
        board's targets, marks and production; the buttons' reasons), made again only when
        they changed (besides :attr:`table`; kept once for each ``which``, as :meth:`part`)."""
        return self.memo.keep((view, *which) if which else view, (self.table, reads), view, self, reads)

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
        from ..targets import Targets

        if self.session.covered:
            return Targets()
        draft = self.state.draft
        return self.session.targets(draft.mode, draft.robber_hex)

    @property
    def draft(self) -> Draft:
        """What the person is choosing."""
        return self.state.draft
