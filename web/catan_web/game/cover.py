"""The hot-seat cover: "Pass the device to ...", in place of the hand until the person who must
act takes the device (and, for the person who just acted, Undo).

It hides only what is private: the hand and the choices of the person who must act. The board,
the players strip, the turn card and the log stay in view for everyone at the table. There is
no cover in the set-up, where nothing is private (:attr:`~catan_web.session.Session.covered`).

Command: ``uncover``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..commands import Command, nothing
from ..controls import button
from ..html import Markup, el
from .parts import seat_mark
from .turn import undo_button

if TYPE_CHECKING:
    from .scene import Scene
    from .table import Table


def cover(scene: Scene) -> Markup:
    """The pass-the-device card, in place of the hand."""
    session, text = scene.session, scene.text
    actor, game = session.actor, session.game
    answering = game.phase == "trade" and game.trade is not None and actor != game.trade.offerer
    why = "ui.cover.why_" + ("answer" if answering else game.phase)
    take_back = undo_button(session, "cover-undo", text("ui.undo.cover", player=session.undo_seat))
    body = (
        el("h2", seat_mark(game, actor), " ", text("ui.cover.pass", player=actor), id="cover-title")
        + el("p", text(why, player=actor), " ", el("span", text("ui.cover.hidden"), class_="muted"))
        + el(
            "div",
            button(text, text("ui.cover.show", player=actor), "uncover", ident="uncover", cls="primary big"),
            take_back if session.may_take_back else None,
            class_="row",
        )
    )
    return el(
        "section",
        body,
        class_="card cover",
        id="cover",
        aria_labelledby="cover-title",
        style=f"border-top-color:{game.seats[actor].color}",
    )


def uncover(page: Table, _: None) -> None:
    """The person who must act has the device."""
    session = page.session
    if session is not None:
        session.uncover()


COMMANDS = (Command("uncover", nothing, uncover),)
