"""The panel of what the person at the device must or may do now, by phase: the main phase's
tabs (build, bank, players), a discard, whom to rob, an open offer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..html import EMPTY, Markup
from ..targets import VICTIM
from .answer import trade_status
from .bank import maritime_panel
from .build import build_panel, tabs
from .discard import discard_panel
from .offer import offer_panel
from .victim import victim_panel

if TYPE_CHECKING:
    from collections.abc import Callable

    from .scene import Scene

TAB_PANELS: dict[str, Callable[[Scene], Markup]] = {
    "build": build_panel,
    "bank": maritime_panel,
    "players": offer_panel,
}
"""The panel of each tab of the main phase."""


def action_panel(scene: Scene) -> Markup:
    """The controls for what the person at the device must or may do now."""
    session, view = scene.session, scene.view
    if view.phase == "trade" and view.trade is not None:
        return trade_status(scene)
    if not session.my_move:
        return EMPTY
    if view.phase == "discard":
        return discard_panel(scene)
    if view.phase == "robber" and scene.draft.mode == VICTIM:
        return victim_panel(scene)
    if view.phase == "main":
        return tabs(scene, TAB_PANELS[scene.state.tab](scene))
    return EMPTY
