"""The statistics over the game (the game bar's button, in every phase; Escape closes them, and
the building costs card, :mod:`catan_web.game.supply`),
and the same figures under the winner screen: the dice against the odds, the points over the
turns and every seat's figures, as the person at the device may know them
(:mod:`catan_web.statistics` draws them).

Commands: ``stats_open``, ``stats_close``, ``escape``; the job ``figures`` (a part of the
statistics under the winner screen, drawn once the screen shows).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING

from ..commands import Command, nothing
from ..effects import Focus
from ..html import Markup

if TYPE_CHECKING:
    from catan_core.stats import Stats

    from ..pondering import Pondered
    from .scene import Scene
    from .table import Table

OPENER = "#stats-open"
"""The button that opened the statistics (the focus goes back to it)."""


FIGURES = "figures"
"""The job drawing the next part of the statistics under the winner screen (:func:`draw_under_winner`)."""
SEEN = ("stats", "seen")
"""Where the statistics of the position on screen are kept once computed (in its memo)."""


def width(scene: Scene) -> int:
    """The width the statistics' charts are drawn at on this page."""
    from .. import statistics

    return statistics.chart_width(scene.state.width)


def seen(scene: Scene) -> Stats:
    """The statistics of the game as the person at the device may know them (computed once
    per position, viewer and language: the page draws often)."""
    memo = scene.session.worked_out()
    if SEEN not in memo:
        from catan_core.stats import compute

        session = scene.session
        memo[SEEN] = compute(session.game.view(session.viewer))
    return memo[SEEN]  # type: ignore[no-any-return]


def shown(scene: Scene) -> Markup:
    """The statistics dialog (drawn at once: the person asked for it). (The statistics'
    modules are imported when first shown.)"""
    from .. import statistics

    memo, key = scene.session.worked_out(), ("stats", "dialog", width(scene))
    if key not in memo:
        memo[key] = statistics.dialog(seen(scene), scene.text, width(scene))
    return memo[key]  # type: ignore[no-any-return]


def parts_drawn(scene: Scene) -> dict[str, Markup]:
    """The parts of the statistics under the winner screen drawn so far, by name (kept with
    the position, per width)."""
    memo, key = scene.session.worked_out(), ("stats", "winner", width(scene))
    return memo.setdefault(key, {})  # type: ignore[no-any-return]


def under_winner(scene: Scene) -> tuple[tuple[str, Markup], ...]:
    """The parts of the statistics under the winner screen drawn so far, in order
    (:func:`draw_under_winner` draws them)."""
    from ..statistics import PARTS

    drawn = parts_drawn(scene)
    return tuple((name, drawn[name]) for name in PARTS if name in drawn)


def draw_under_winner(page: Table, scene: Scene) -> None:
    """The winner screen shows: draw the next part of its statistics, unless all are drawn or
    one is being drawn. The screen itself shows at once, and then its charts and table a part
    at a time, each in a frame of its own (a job starts after the page has painted), so that
    the page never pauses long to draw them."""
    from ..statistics import PARTS

    drawn = parts_drawn(scene)
    missing = next((name for name in PARTS if name not in drawn), None)
    if missing is None or page.jobs.busy(FIGURES):  # (a job for another width draws again when done)
        return
    from catan_core.coach import Pondering

    page.emit(page.jobs.start(FIGURES, Pondering(drawing(scene, drawn, missing))))


def drawing(scene: Scene, drawn: dict[str, Markup], name: str) -> Generator[None, None, Markup]:
    """Part ``name`` of the statistics under the winner screen, kept in ``drawn`` (after the
    statistics are computed, when they are not yet: a step of its own)."""
    from ..statistics import PARTS

    if SEEN not in scene.session.worked_out():
        seen(scene)
        yield
    drawn[name] = PARTS[name](seen(scene), scene.text, width(scene))
    return drawn[name]


def drawn(page: Table, done: Pondered) -> None:
    """A part of the statistics under the winner screen is drawn (kept with the position):
    the drawing that follows every command shows it."""
    page.jobs.finish(done)


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


JOBS: dict[str, Callable[[Table, Pondered], None]] = {FIGURES: drawn}
"""What becomes of the results of this component's jobs (the command ``pondered``)."""

COMMANDS = (
    Command("stats_open", nothing, open_stats),
    Command("stats_close", nothing, close_stats),
    Command("escape", nothing, escape, sent_by_page=True),
)
