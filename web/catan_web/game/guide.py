"""Where the person's attention goes next: the keyboard focus after each change of the game,
and the sentences the page's polite live region reads out.

Pure Python over a :class:`~catan_web.session.Session` (no browser needed); the game page
(:mod:`catan_web.game.controller`) turns what it says into effects.

* :func:`next_focus` names the next thing to do: the board (its Tab stop) while targets are
  lit, the Roll button, the first control of the panel that opened, or nothing while
  another seat acts. The page moves the focus there whenever the :func:`stage` changes (a
  phase, a turn, a build mode, a trade opened or closed): not after every redraw, so that a
  person pressing the same button again (a second trade with the bank) keeps it.
* :class:`Announcer` hands out the events nobody has heard yet as sentences for the viewer
  (only what they may see, "you" for their own seat), and nothing while the hot-seat cover
  hides the game (those events are not read out later either: the log keeps them).

>>> from catan_core.game import Game, Options, Seat
>>> seats = (Seat("Ana", "#d21c26"), Seat("Ben", "#1147d6"))
>>> session = Session(Game(Options(players=2, board="beginner"), seed=3, seats=seats))
>>> next_focus(session, session.view(), None)    # covered: the cover's button takes the focus
'#uncover'
>>> session.uncover(); next_focus(session, session.view(), None)
'#roll'
>>> announcer = Announcer()
>>> announcer.news(session)       # a game just opened: its history is not read out
[]
>>> _ = session.apply(session.legal()[0])
>>> announcer.news(session)
['You roll 1 + 5 = 6.', 'You receive 1 ore.']
>>> next_focus(session, session.view(), None)    # the first control of the actions panel
'#actions'
>>> announcer.news(session)
[]
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from catan_core.state import DISCARD, MAIN, OVER, ROBBER, ROLL, TRADE

from .. import targets as T
from ..navigate import first
from ..session import Session
from .cards import CHOOSERS

if TYPE_CHECKING:
    from catan_core.views import View

BOARD = "board"
""":func:`next_focus`'s answer when the board's Tab stop (a lit target) is next."""
COVER_BUTTON, WINNER_BUTTON, ROLL_BUTTON = "#uncover", "#win-new", "#roll"
PANELS: dict[str, str] = {DISCARD: "#discard", MAIN: "#actions", TRADE: "#trade"}
"""The panel whose first control is next, by phase (when no target is lit)."""
CHOOSER, VICTIMS = "#chooser", "#victim"


def stage(session: Session, view: View, mode: str | None) -> tuple[Hashable, ...]:
    """What the person is at (``mode``: what they are choosing): the focus moves when this changes."""
    return (id(session), view.phase, session.actor, session.covered, mode, view.trade is not None)


def next_focus(session: Session, view: View, mode: str | None, robber_hex: int = -1) -> str | None:
    """The next thing to do for the person at the device (choosing ``mode``; ``view``: the
    session's :meth:`~catan_web.session.Session.view`): :data:`BOARD`, a selector of a button,
    or of a panel whose first enabled control is meant; None while they wait."""
    if session.covered:
        return COVER_BUTTON
    if view.phase == OVER:
        return WINNER_BUTTON
    if not session.my_move:
        return None
    if first(session.targets(mode, robber_hex)) is not None:
        return BOARD
    if view.phase == ROBBER and mode == T.VICTIM:
        return VICTIMS
    if mode in CHOOSERS:
        return CHOOSER
    if view.phase == ROLL:
        return ROLL_BUTTON
    return PANELS.get(view.phase)


class Announcer:
    """The events of the game on the page that the live region has not read out yet."""

    def __init__(self) -> None:
        self.game_id: int | None = None
        self.heard = 0
        """How many events of the game's log are behind us (read out or skipped)."""

    def news(self, session: Session) -> list[str]:
        """The events since the last call, as sentences for the viewer; none while covered
        (they are skipped), none the first time a game is seen but its last action's."""
        log = session.game.log
        if self.game_id != id(session):
            self.game_id, self.heard = id(session), len(log) - len(session.last_events)
        fresh, self.heard = log[self.heard :], len(log)
        return [] if session.covered else session.sentences(fresh)
