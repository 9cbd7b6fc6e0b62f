"""Why a turn's buttons cannot be used now, in the page's words: on another player's turn,
once trading is over under "Trade, then build", or when no action of a kind is legal (the
rules' own reasons come from :meth:`catan_web.session.Session.reason`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from catan_core import actions as A
from catan_core.actions import Action

if TYPE_CHECKING:
    from ..controls import Reason
    from ..session import Session


def others_turn(session: Session) -> str | None:
    """Whose turn it is, when the person at the device acts on another player's turn
    (answering an offer, discarding): why their turn's buttons cannot be used (None on
    their own turn)."""
    current = session.game.current
    if session.viewer is None or current == session.viewer or not 0 <= current < len(session.game.seats):
        return None
    return session.text("ui.reason.others_turn", player=current)


def trading_over(session: Session) -> Reason | None:
    """Under "Trade, then build": why no trade is possible any more this turn, once the
    current player has built (None while trading is open, and without the option)."""
    if not session.game.built or session.viewer is None:
        return None
    return session.reason(Action(session.viewer, A.MARITIME, (0, 1)))


def any_reason(session: Session, kind: str, probe: Any = None) -> str | None:
    """Why no action of ``kind`` is possible now (None when one is); ``probe`` is the
    value asked about when none is legal."""
    p = session.viewer
    if p is None:
        return session.text("ui.reason.not_your_move")
    if kind in session.legal_kinds():
        return None
    return session.reason(Action(p, kind, probe)) or session.text("ui.reason.no_spot")
