"""The statistics of a game on the page: the dice against the odds, the victory points over
the turns, and every seat's figures (cards received, lost to the robber and to discards,
trades, buildings).

Pure functions from :class:`catan_core.stats.Stats` (computed from the view of the person at
the device, so they reveal only what that person may know) to HTML strings: :func:`figures`
is the body, shown in a dialog opened from the game bar (:func:`dialog`) and on the winner
screen. Each figure's cell carries ``data-row`` (the :class:`~catan_core.stats.SeatStats`
field) and ``data-seat``.

>>> from catan_core.game import Game, Options
>>> from catan_core.stats import compute
>>> from catan_web.text import Text
>>> game = Game(Options(players=3, board="beginner"), seed=7)
>>> _ = game.apply("0 roll 3+5")
>>> html = figures(compute(game.view(0)), Text("en", ("Ana", "Ben", "Cy")), 400)
>>> html.count("catan-stats catan-dice"), html.count("catan-stats catan-points")
(1, 1)
>>> 'data-row="setup" data-seat="0">3' in html
True
"""

from __future__ import annotations

from collections.abc import Callable

from catan_core.palette import seat_glyphs
from catan_core.stats import Stats, table
from catan_core.stats_svg import MAX_WIDTH, MIN_WIDTH, dice_svg, points_svg

from .html import Markup, el, join, mark, trusted
from .text import Text

CHART_MARGIN = 64
"""Pixels of the dialog around a chart (padding and scroll bar), taken from the page's width."""
WIDEST_CHART = 720
"""The widest a chart is drawn (two side by side on a wide screen)."""


def chart_width(page_width: float) -> int:
    """The width to draw charts at on a page ``page_width`` pixels wide.

    >>> chart_width(390), chart_width(1280), chart_width(100)
    (326, 720, 280)
    """
    return max(MIN_WIDTH, min(WIDEST_CHART, MAX_WIDTH, int(page_width) - CHART_MARGIN))


def dice_chart(stats: Stats, text: Text, width: int) -> Markup:
    """The dice rolled against the odds (``width`` pixels wide)."""
    return el("figure", trusted(dice_svg(stats, text.lang, width)), class_="chart")


def points_chart(stats: Stats, text: Text, width: int) -> Markup:
    """Every seat's victory points over the turns (``width`` pixels wide)."""
    return el("figure", trusted(points_svg(stats, text.lang, width)), class_="chart")


def seat_table(stats: Stats, text: Text) -> Markup:
    """The table of figures per seat, with its heading and a note of whose view it is; a cell
    shows the number and, in small print, what it is made of."""
    lang = text.lang
    glyphs = seat_glyphs(stats.colors)
    head = el(
        "tr",
        el("th", text("ui.stats.figure"), scope="col"),
        join(
            el("th", mark(color, glyph), name, scope="col")
            for name, color, glyph in zip(stats.names, stats.colors, glyphs, strict=False)
        ),
    )
    rows = join(
        el(
            "tr",
            el("th", row.label, scope="row"),
            join(
                el(
                    "td",
                    cell.text,
                    el("small", cell.detail) if cell.detail else None,
                    data_row=row.key,
                    data_seat=str(seat),
                )
                for seat, cell in enumerate(row.cells)
            ),
            data_row=row.key,
        )
        for row in table(stats, lang)
    )
    note = text("ui.stats.public") if stats.viewer is None else text("ui.stats.as_seat", player=stats.viewer)
    return join(
        (
            el("h3", text("ui.stats.figures"), id="stats-figures"),
            el(
                "div",
                el(
                    "table", el("thead", head), el("tbody", rows), class_="stats-table", aria_labelledby="stats-figures"
                ),
                class_="table-wrap",
            ),
            el("p", note, class_="muted small"),
        )
    )


PARTS: dict[str, Callable[[Stats, Text, int], Markup]] = {
    "dice": dice_chart,
    "points": points_chart,
    "table": lambda stats, text, width: el("div", seat_table(stats, text), class_="figures"),
}
"""The parts of the figures, each one element, which a page may draw one at a time (the
winner screen does)."""


def figures(stats: Stats, text: Text, width: int) -> Markup:
    """The two charts (``width`` pixels wide) and the table of figures per seat."""
    charts = el("div", dice_chart(stats, text, width), points_chart(stats, text, width), class_="charts")
    return el("div", charts, seat_table(stats, text), class_="figures")


def dialog(stats: Stats, text: Text, width: int) -> Markup:
    """The statistics over the game, with a button closing them."""
    close = el(
        "button", text("ui.stats.close"), type="button", id="stats-close", data_cmd="stats_close", class_="primary"
    )
    body = el("div", el("h2", text("ui.stats.title"), id="stats-title"), close, class_="sheet-head")
    return el(
        "div",
        el("div", body, figures(stats, text, width), class_="sheet wide"),
        class_="overlay stats",
        role="dialog",
        aria_modal="true",
        aria_labelledby="stats-title",
        id="stats",
    )
