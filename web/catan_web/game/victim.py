"""Choosing whom to rob on the hex picked for the robber, when several players may be robbed
there (a click on such a hex opens this chooser: :mod:`catan_web.game.board`).

Draft: ``mode`` :data:`~catan_web.targets.VICTIM` and ``robber_hex``. Command: ``rob``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core import actions as A
from catan_core.actions import Action

from ..commands import Command
from ..controls import button, section
from ..html import Markup, el, join
from .parts import SEAT, seat_label

if TYPE_CHECKING:
    from .scene import Scene
    from .table import Table


def victim_panel(scene: Scene) -> Markup:
    """Choose whom to rob on the hex picked for the robber."""
    session, view, text, h = scene.session, scene.view, scene.text, scene.draft.robber_hex
    victims = [a.value[1] for a in scene.legal if a.kind == A.ROBBER and a.value[0] == h]
    buttons = join(
        button(
            text,
            seat_label(session.game, v)
            + el("small", text("ui.victim.cards", count=view.players[v].hand_size), class_="muted"),
            "rob",
            v,
            ident=f"rob-{v}",
        )
        for v in victims
    )
    body = el("div", buttons, class_="row") + button(text, text("ui.victim.other_hex"), "mode", "", ident="rob-back")
    return section(text("ui.victim.title"), body, ident="victim", cls="urgent")


def rob(page: Table, victim: int) -> None:
    """Move the robber to the hex chosen and rob ``victim``."""
    session = page.session
    if session is not None:
        page.act(Action(session.actor, A.ROBBER, (page.state.draft.robber_hex, victim)))


COMMANDS = (Command("rob", SEAT, rob),)
