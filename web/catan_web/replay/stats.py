"""The game's statistics up to the step, as the chosen seat could know them (the dice against
the odds, the points over the turns, every seat's figures), shown on demand: they are worked
out only while shown.

Command: ``stats``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..commands import Command, nothing
from ..controls import button
from ..html import Markup, el
from ..statistics import figures

if TYPE_CHECKING:
    from .scene import Scene
    from .table import ReplayTable

CHART_WIDTH = 480
"""The charts' width (pixels): the panel's."""


def stats(scene: Scene) -> Markup:
    """The button showing or hiding the statistics, and the statistics when shown."""
    text, shown = scene.text, scene.state.stats_open
    toggle = button(
        text, text("replay.stats_hide" if shown else "replay.stats_show"), "stats", ident="stats-toggle", pressed=shown
    )
    body = figures(scene.replay.stats(scene.state.viewer), text, CHART_WIDTH) if shown else None
    return el(
        "section",
        el("h2", text("ui.stats.title"), id="stats-title"),
        toggle,
        el("div", body, class_="stats-body") if body is not None else None,
        class_="card",
        id="stats",
        aria_labelledby="stats-title",
    )


def toggle_stats(page: ReplayTable, _: None) -> None:
    """Show or hide the statistics."""
    page.edit(stats_open=not page.state.stats_open)


COMMANDS = (Command("stats", nothing, toggle_stats),)
