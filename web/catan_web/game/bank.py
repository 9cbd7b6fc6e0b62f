"""Trading with the bank: the best ratio for each resource, what to give and what to take.

After a trade the same two resources stay chosen, ready for another one.

Draft: ``maritime_give``, ``maritime_get``. Commands: ``mar_give``, ``mar_get``, ``maritime``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core import actions as A
from catan_core.actions import Action
from catan_core.names import RESOURCES

from ..commands import Command, nothing
from ..controls import button, section
from ..draft import Draft
from ..html import Markup, el, join
from .parts import RESOURCE, resource_buttons

if TYPE_CHECKING:
    from .scene import Scene
    from .table import Table


def maritime_action(draft: Draft, seat: int) -> Action | None:
    """The maritime trade chosen for ``seat`` (None until both sides are)."""
    if draft.maritime_give < 0 or draft.maritime_get < 0:
        return None
    return Action(seat, A.MARITIME, (draft.maritime_give, draft.maritime_get))


def maritime_panel(scene: Scene) -> Markup:
    """Trade with the bank: the best ratio per resource, a give and a get choice."""
    session, view, text, d = scene.session, scene.view, scene.text, scene.draft
    assert view.ratios is not None
    ratios = [el("span", f"{view.ratios[r]}:1", class_="ratio") for r in range(len(RESOURCES))]
    action = maritime_action(d, session.actor)
    reason = text("ui.maritime.choose") if action is None else session.reason(action)
    label = (
        text("ui.maritime.do")
        if action is None
        else text(
            "ui.maritime.trade",
            count=view.ratios[d.maritime_give],
            give_resource=d.maritime_give,
            get_resource=d.maritime_get,
        )
    )
    body = join(
        (
            el("p", text("ui.maritime.give"), class_="small label-line"),
            resource_buttons(
                text, "mar_give", "mar-give", pressed=d.maritime_give, extra=ratios, label=text("ui.maritime.give")
            ),
            el("p", text("ui.maritime.get"), class_="small label-line"),
            resource_buttons(text, "mar_get", "mar-get", pressed=d.maritime_get, label=text("ui.maritime.get")),
            button(text, label, "maritime", ident="mar-do", cls="primary", reason=reason),
        )
    )
    return section(text("ui.maritime.title"), body, ident="maritime", cls="tabbed")


# --- commands ----------------------------------------------------------------------------------------


def give(page: Table, resource: int) -> None:
    """Choose the resource to give the bank."""
    page.edit(draft=page.state.draft._replace(maritime_give=resource))


def get(page: Table, resource: int) -> None:
    """Choose the resource to take from the bank."""
    page.edit(draft=page.state.draft._replace(maritime_get=resource))


def trade(page: Table, _: None) -> None:
    """Trade with the bank."""
    session = page.session
    action = maritime_action(page.state.draft, session.actor) if session is not None else None
    if action is not None:
        page.act(action)


COMMANDS = (Command("mar_give", RESOURCE, give), Command("mar_get", RESOURCE, get), Command("maritime", nothing, trade))
