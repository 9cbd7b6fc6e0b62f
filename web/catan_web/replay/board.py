"""The replay's board: the engine's drawing of the position at the step, the spots the step's
action built on or moved the robber to ringed, and what the step's roll paid. A keyed region:
a step forward rewrites the few elements that changed. No command."""

from __future__ import annotations

from typing import TYPE_CHECKING

from catan_core import actions as A, svg
from catan_core.recap import last_production

from ..html import trusted
from ..patch import Keyed

if TYPE_CHECKING:
    from .scene import Scene


def board(scene: Scene) -> Keyed:
    """The board at the step."""
    replay, view = scene.replay, scene.view
    action = replay.action()
    production = last_production(view) if action is not None and action.kind == A.ROLL else None
    drawing = svg.drawing(
        view,
        lang=scene.state.lang,
        marked=replay.marks(),
        produced=production.paid if production is not None else (),
    )
    return Keyed("svg", drawing.attrs, tuple((key, trusted(html)) for key, html in drawing.items))
