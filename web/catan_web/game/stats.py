"""The statistics over the game (the game bar's button, in every phase; Escape closes them, and
the building costs card, :mod:`catan_web.game.supply`),
and the same figures under the winner screen: the dice against the odds, the points over the
turns and every seat's figures, as the person at the device may know them
(:mod:`catan_web.statistics` draws them).

Commands: ``stats_open``, ``stats_close``, ``escape``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..commands import Command, nothing
from ..effects import Focus
from ..html import Markup

if TYPE_CHECKING:
    from .scene import Scene
    from .table import Table

OPENER = "#stats-open"
"""The button that opened the statistics (the focus goes back to it)."""


def shown(scene: Scene, dialog: bool) -> Markup:
    """The statistics of the game on screen: the whole dialog, or the figures under the
    winner screen. (The statistics' modules are imported when first shown.)"""
    from catan_core.stats import compute

    from .. import statistics

    session = scene.session
    width = statistics.chart_width(scene.state.width)
    memo, key = session.worked_out(), ("stats", dialog, width)
    if key not in memo:  # made once per position, viewer, language and width (the page draws often)
        stats = compute(session.game.view(session.viewer))
        memo[key] = (
            statistics.dialog(stats, scene.text, width) if dialog else statistics.figures(stats, scene.text, width)
        )
    return memo[key]  # type: ignore[no-any-return]


def open_stats(page: Table, _: None) -> None:
    """Show the statistics over the game."""
    page.edit(stats_open=True)


def close_stats(page: Table, _: None) -> None:
    """Back to the game from the statistics."""
    page.edit(stats_open=False)
    page.emit(Focus(OPENER))


def escape(page: Table, _: None) -> None:
    """Escape: close the building costs card or the statistics when one is open (else the
    coach's hint when it shows, else the bar's menu when it is unfolded)."""
    from .supply import OPENER

    state = page.state
    if state.costs_open:
        page.edit(costs_open=False)
        page.emit(Focus(OPENER))
    elif state.stats_open:
        close_stats(page, None)
    elif state.coach.hint is not None:
        from .coach import close_hint

        close_hint(page, None)
    elif state.menu_open:
        page.edit(menu_open=False)


COMMANDS = (
    Command("stats_open", nothing, open_stats),
    Command("stats_close", nothing, close_stats),
    Command("escape", nothing, escape, sent_by_page=True),
)
