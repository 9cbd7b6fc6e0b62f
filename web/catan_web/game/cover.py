"""The hot-seat cover: "Pass the device to ...", hiding everything private until the person
who must act takes the device (and, for the person who just acted, Undo).

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
    """The pass-the-device screen hiding everything private (with network play's buttons)."""
    session, text = scene.session, scene.text
    actor, game = session.actor, session.game
    answering = game.phase == "trade" and game.trade is not None and actor != game.trade.offerer
    why = "ui.cover.why_" + ("answer" if answering else game.phase)
    take_back = el(
        "div", undo_button(session, "cover-undo", text("ui.undo.cover", player=session.undo_seat)), class_="row"
    )
    body = el(
        "div",
        el("h2", seat_mark(game, actor), " ", text("ui.cover.pass", player=actor), id="cover-title"),
        el("p", text(why, player=actor)),
        el("p", text("ui.cover.hidden"), class_="muted"),
        el(
            "div",
            button(text, text("ui.cover.show", player=actor), "uncover", ident="uncover", cls="primary big"),
            class_="row",
        ),
        take_back if session.may_take_back else None,
        scene.remote.cover_buttons(),
        el("div", button(text, text("ui.menu.home"), "home", ident="cover-home", cls="quiet"), class_="row"),
        class_="sheet",
        style=f"border-top-color:{game.seats[actor].color}",
    )
    return el(
        "div", body, class_="overlay cover", role="dialog", aria_modal="true", aria_labelledby="cover-title", id="cover"
    )


def uncover(page: Table, _: None) -> None:
    """The person who must act has the device."""
    session = page.session
    if session is not None:
        session.uncover()


COMMANDS = (Command("uncover", nothing, uncover),)
