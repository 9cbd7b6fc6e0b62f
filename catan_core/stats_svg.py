"""SVG charts of a game's :class:`~catan_core.stats.Stats`: the dice histogram and the
victory points over the turns; and the coach's chance to win over the turns
(:func:`chances_svg`). Pure functions: the same arguments give the same text.

Each chart is one accessible picture: ``role="img"``, an ``aria-label`` that states its
figures in words, a ``<title>``, axis labels and ticks; every text comes from the message
catalogs in the chosen language and seat names are escaped. Charts are laid out in pixels
for the ``width`` asked for (texts keep their size: pass the width the chart will be shown
at, 280 to 1600 pixels) and shrink with ``max-width:100%`` when the container is narrower.
The victory point lines tell seats apart by colour *and* by dash pattern and marker shape.

>>> from catan_core.game import Game, Options
>>> from catan_core.stats import compute
>>> game = Game(Options(players=3, board="beginner"), seed=7)
>>> _ = game.apply("0 roll 3+5")
>>> stats = compute(game.view(None))
>>> chart = dice_svg(stats, lang="en", width=360)
>>> chart.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), chart.count('class="bar"')
(True, 11)
>>> 'aria-label="1 roll. Times rolled per total, expected in brackets: 2: 0 (0), 3: 0 (0.1),' in chart
True
>>> points_svg(stats, lang="de").count('class="series"')
3
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from .i18n import escape_markup as escape, translate
from .palette import glyph_svg, seat_glyphs
from .stats import DICE_TOTALS, Stats
from .svg import FONT

__all__ = ["DASHES", "DEFAULT_WIDTH", "MARKERS", "chances_svg", "dice_svg", "points_svg"]

DEFAULT_WIDTH = 640
"""Width in pixels when none is given."""
MIN_WIDTH, MAX_WIDTH = 280, 1600
"""Widths outside this range are brought into it."""

INK, MUTED, GRID, BACKGROUND = "#1f2328", "#57606a", "#d0d7de", "#ffffff"
BAR_FILL, BAR_EDGE = "#5b8fd1", "#2b5a96"
"""The rolled counts' bars."""
EXPECTED_INK = "#b3261e"
"""The expected counts' markers (a thick line across each bar's slot, on a white halo)."""
MAX_BAR = 64
"""Widest bar in pixels (wide charts get more space between bars)."""
OUTLINE = "#1f2328"
"""Casing under every seat's line and marker, so light seat colours stay visible."""

PAD = 12
"""Space around the chart."""
TITLE_SIZE, LABEL_SIZE, TICK_SIZE, SMALL_SIZE = 17, 14, 13, 12
"""Font sizes in pixels."""
CHAR_WIDTH = 0.56
"""Estimated width of a character, in font sizes (for wrapping and legends; generous for
Latin text, and Devanagari's vowel signs take no width of their own)."""
MIN_POINT_GAP = 20
"""Fewest pixels between the lines of two consecutive points (else every second point is labelled)."""
MIN_TICK_GAP = 46
"""Fewest pixels between labelled ticks on the turn axis."""
NICE_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
"""Tick steps the axes choose from."""

DASHES: tuple[str, ...] = ("none", "12 9", "0.1 8", "16 8 0.1 8", "5 9", "0.1 5 0.1 12")
"""Dash pattern of each seat's line (``"none"``: solid), drawn with round caps: the gaps
are wider than the line so that they stay open (``0.1`` is a dot)."""
LINE_WIDTH, CASING_WIDTH = 3.5, 6.0
"""Widths of a seat's line and of the dark casing around it."""
MARKERS: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "triangle-down", "plus")
"""Marker shape of each seat's line."""
MARKER_RADIUS = 5.0
SEAT_OFFSET = 2.5
"""Pixels between seats' lines where their points are equal, so that none hides another."""
MIN_MARKER_GAP = 26
"""Fewest pixels between two markers of the same line (markers in between are left out)."""
END_COLUMN = 44
"""Width of the column for the final points (Victory Point cards revealed)."""


# --- small helpers --------------------------------------------------------------------------------


def _n(v: float) -> str:
    """A coordinate as short, deterministic text."""
    s = f"{v:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


def _text_width(text: str, size: float) -> float:
    return len(text) * size * CHAR_WIDTH


def _wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` pixels (estimated)."""
    lines: list[str] = []
    for word in text.split():
        if lines and _text_width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _nice_step(span: float, max_ticks: float) -> int:
    """The smallest of :data:`NICE_STEPS` giving at most ``max_ticks`` ticks over ``span``."""
    for step in NICE_STEPS:
        if span / step <= max(max_ticks, 1):
            return step
    return NICE_STEPS[-1] * math.ceil(span / NICE_STEPS[-1] / max(max_ticks, 1))


def _decimal(value: float, lang: str) -> str:
    """``value`` with at most one decimal, in the language's way (``8,3`` in German)."""
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return text.replace(".", translate("stats.decimal_point", {}, lang))


def _open(kind: str, width: int, height: float, label: str, title: str) -> list[str]:
    """The root element (escaped ``label`` and ``title`` expected), background and title."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="catan-stats {kind}" viewBox="0 0 {width} {_n(height)}"'
        f' width="{width}" height="{_n(height)}" style="max-width:100%;height:auto" role="img"'
        f' aria-label="{label}" font-family="{FONT}">',
        f"<title>{title}</title>",
        f'<rect width="{width}" height="{_n(height)}" rx="8" fill="{BACKGROUND}"/>',
        f'<text x="{PAD}" y="{PAD + TITLE_SIZE}" font-size="{TITLE_SIZE}" font-weight="700" fill="{INK}">{title}</text>',
    ]


def _text(x: float, y: float, text: str, size: float, anchor: str = "middle", fill: str = INK, extra: str = "") -> str:
    """A text element; ``text`` must already be escaped."""
    return f'<text x="{_n(x)}" y="{_n(y)}" font-size="{size}" text-anchor="{anchor}" fill="{fill}"{extra}>{text}</text>'


def _y_axis(left: float, right: float, top: float, bottom: float, ymax: int, step: int, label: str) -> list[str]:
    """Grid lines with their tick labels, and the rotated axis label left of them."""
    out = []
    for v in range(0, ymax + 1, step):
        y = bottom - (bottom - top) * v / ymax
        out.append(f'<line x1="{_n(left)}" y1="{_n(y)}" x2="{_n(right)}" y2="{_n(y)}" stroke="{GRID}" stroke-width="1"/>')
        out.append(_text(left - 6, y + TICK_SIZE * 0.35, str(v), TICK_SIZE, "end", MUTED))
    mid = (top + bottom) / 2
    x = PAD + LABEL_SIZE * 0.8
    out.append(_text(x, mid, label, LABEL_SIZE, extra=f' transform="rotate(-90 {_n(x)} {_n(mid)})"'))
    out.append(f'<line x1="{_n(left)}" y1="{_n(bottom)}" x2="{_n(right)}" y2="{_n(bottom)}" stroke="{INK}" stroke-width="1.5"/>')
    return out


def _clamp_width(width: int) -> int:
    return max(MIN_WIDTH, min(MAX_WIDTH, int(width)))


# --- the dice -------------------------------------------------------------------------------------


def dice_svg(stats: Stats, lang: str = "en", width: int = DEFAULT_WIDTH) -> str:
    """The dice histogram: one bar per total 2 to 12 with the times it was rolled written
    above it, and a red line across each bar's slot at the expected count (``rolls * ways / 36``)."""
    width = _clamp_width(width)

    def t(key: str, **params: object) -> str:
        return translate(key, params, lang, stats.names)

    expected = stats.expected
    items = [
        t("stats.dice.item", total=total, rolled=rolled, expected=_decimal(e, lang))
        for total, rolled, e in zip(DICE_TOTALS, stats.dice, expected, strict=True)
    ]
    summary = t("stats.dice.summary", count=stats.rolls, list=t("word.list_separator").join(items))
    title = escape(t("stats.dice.title"))
    rolled_word, expected_word = escape(t("stats.dice.rolled")), escape(t("stats.dice.expected"))

    # legend: beside the title when it fits, else on a line of its own
    swatch = 16
    legend_w = 2 * (swatch + 6) + _text_width(rolled_word, SMALL_SIZE) + _text_width(expected_word, SMALL_SIZE) + 16
    beside = _text_width(title, TITLE_SIZE) + legend_w + 24 <= width - 2 * PAD
    legend_y = PAD + TITLE_SIZE / 2 + 2 if beside else PAD + TITLE_SIZE + 14
    header = PAD + TITLE_SIZE + (8 if beside else 28)

    ymax_value = max(max(stats.dice), max(expected), 1)
    plot_h = max(160.0, min(300.0, width * 0.42))
    step = _nice_step(ymax_value, plot_h / 36)
    ymax = step * math.ceil(ymax_value / step)
    left = PAD + LABEL_SIZE * 1.6 + _text_width(str(ymax), TICK_SIZE) + 8
    right = width - PAD
    top = header + SMALL_SIZE + 8  # room for the counts above the highest bar
    bottom = top + plot_h
    height = bottom + TICK_SIZE + 10 + LABEL_SIZE + 8 + PAD

    out = _open("catan-dice", width, height, escape(summary), title)
    x0 = right - legend_w
    out.append(
        f'<g class="legend" font-size="{SMALL_SIZE}" fill="{INK}">'
        f'<rect x="{_n(x0)}" y="{_n(legend_y - swatch / 2)}" width="{swatch}" height="{swatch}" fill="{BAR_FILL}" stroke="{BAR_EDGE}"/>'
        f'<text x="{_n(x0 + swatch + 6)}" y="{_n(legend_y + SMALL_SIZE * 0.35)}">{rolled_word}</text>'
    )
    x1 = x0 + swatch + 6 + _text_width(rolled_word, SMALL_SIZE) + 16
    out.append(
        f'<line x1="{_n(x1)}" y1="{_n(legend_y)}" x2="{_n(x1 + swatch)}" y2="{_n(legend_y)}" stroke="{EXPECTED_INK}" stroke-width="3.5"/>'
        f'<text x="{_n(x1 + swatch + 6)}" y="{_n(legend_y + SMALL_SIZE * 0.35)}">{expected_word}</text></g>'
    )
    out += _y_axis(left, right, top, bottom, ymax, step, escape(t("stats.dice.axis_y")))

    band = (right - left) / len(DICE_TOTALS)
    bar_w = min(band * 0.62, MAX_BAR)
    scale = plot_h / ymax
    show_counts = band >= 16
    for i, (total, rolled, e) in enumerate(zip(DICE_TOTALS, stats.dice, expected, strict=True)):
        cx = left + band * (i + 0.5)
        h = rolled * scale
        tip = escape(t("stats.dice.bar", total=total, rolled=rolled, expected=_decimal(e, lang)))
        out.append(f'<g class="bar" data-total="{total}" data-rolled="{rolled}"><title>{tip}</title>')
        out.append(
            f'<rect x="{_n(cx - bar_w / 2)}" y="{_n(bottom - h)}" width="{_n(bar_w)}" height="{_n(h)}"'
            f' fill="{BAR_FILL}" stroke="{BAR_EDGE}" stroke-width="1"/>'
        )
        if show_counts:  # above the bar, or above the expected line when that is higher
            y = min(bottom - h, bottom - e * scale - 3) - 4
            out.append(_text(cx, y, str(rolled), SMALL_SIZE, fill=INK, extra=' font-weight="600"'))
        out.append("</g>")
        ey = bottom - e * scale
        half = band * 0.43
        out.append(
            f'<g class="expected" data-total="{total}">'
            f'<line x1="{_n(cx - half)}" y1="{_n(ey)}" x2="{_n(cx + half)}" y2="{_n(ey)}" stroke="{BACKGROUND}" stroke-width="6.5" stroke-linecap="round"/>'
            f'<line x1="{_n(cx - half)}" y1="{_n(ey)}" x2="{_n(cx + half)}" y2="{_n(ey)}" stroke="{EXPECTED_INK}" stroke-width="3.5" stroke-linecap="round"/></g>'
        )
        out.append(_text(cx, bottom + TICK_SIZE + 5, str(total), TICK_SIZE, fill=INK))
    out.append(_text((left + right) / 2, height - PAD - 2, escape(t("stats.dice.axis_x")), LABEL_SIZE))
    out.append("</svg>")
    return "".join(out)


# --- victory points -------------------------------------------------------------------------------


def _marker(shape: str, x: float, y: float, color: str, r: float = MARKER_RADIUS) -> str:
    """One marker of ``shape`` (see :data:`MARKERS`) centred on ``x, y``."""
    style = f'fill="{color}" stroke="{OUTLINE}" stroke-width="1.5"'
    if shape == "circle":
        return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" {style}/>'
    if shape == "square":
        s = r * 0.9
        return f'<rect x="{_n(x - s)}" y="{_n(y - s)}" width="{_n(2 * s)}" height="{_n(2 * s)}" {style}/>'
    if shape == "plus":
        w = r * 0.45
        pts = [
            (-w, -r), (w, -r), (w, -w), (r, -w), (r, w), (w, w), (w, r), (-w, r), (-w, w), (-r, w), (-r, -w), (-w, -w),
        ]
    elif shape == "diamond":
        pts = [(0, -r * 1.25), (r * 1.1, 0), (0, r * 1.25), (-r * 1.1, 0)]
    elif shape == "triangle-down":
        pts = [(-r * 1.15, -r * 0.8), (r * 1.15, -r * 0.8), (0, r * 1.2)]
    else:  # triangle
        pts = [(0, -r * 1.2), (r * 1.15, r * 0.8), (-r * 1.15, r * 0.8)]
    return f'<polygon points="{" ".join(f"{_n(x + a)},{_n(y + b)}" for a, b in pts)}" {style}/>'


def _seat_line(points: Sequence[tuple[float, float]], color: str, dash: str, extra: str = "") -> str:
    """A seat's line: a dark casing with the seat's colour inside, both in the seat's dash pattern."""
    pts = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
    dash_attr = f' stroke-dasharray="{dash}"' if dash != "none" else ""
    common = f'points="{pts}" fill="none" stroke-linejoin="round" stroke-linecap="round"{dash_attr}'
    return (
        f'<polyline class="casing" {common} stroke="{OUTLINE}" stroke-width="{CASING_WIDTH}"{extra}/>'
        f'<polyline class="line" {common} stroke="{color}" stroke-width="{LINE_WIDTH}"{extra}/>'
    )


def _notes(lines: Sequence[str], axis_bottom: float) -> list[str]:
    """The note's ``lines`` (unescaped) under the turn axis."""
    return [
        _text(PAD, axis_bottom + 8 + (k + 1) * (SMALL_SIZE + 4) - 4, escape(line), SMALL_SIZE, "start", MUTED)
        for k, line in enumerate(lines)
    ]


Marker = Callable[[int, float, float, float], str]
"""Draws seat ``q``'s marker centred on ``x, y``, ``r`` pixels from its centre to its edge."""


def _legend(labels: Sequence[str], colors: Sequence[str], marker: Marker, width: int) -> tuple[list[str], float]:
    """One legend item per seat (a sample of its line, its marker and its label, unescaped),
    flowing into rows below the title; and the height below them."""
    item_h = 22
    legend: list[str] = ['<g class="legend">']
    x, y = float(PAD), PAD + TITLE_SIZE + 12 + item_h / 2
    for q, label in enumerate(labels):
        item_w = 34 + _text_width(label, SMALL_SIZE) + 18
        if x > PAD and x + item_w > width - PAD:
            x, y = float(PAD), y + item_h
        legend.append(f'<g data-seat="{q}">')
        legend.append(_seat_line([(x, y), (x + 28, y)], escape(colors[q]), DASHES[q % len(DASHES)]))
        legend.append(marker(q, x + 14, y, MARKER_RADIUS))
        legend.append(_text(x + 34, y + SMALL_SIZE * 0.35, escape(label), SMALL_SIZE, "start"))
        legend.append("</g>")
        x += item_w
    legend.append("</g>")
    return legend, y + item_h / 2 + 10


def _turn_ticks(first: int, last: int, px: Callable[[float], float], plot_width: float, bottom: float) -> list[str]:
    """Ticks with their numbers along the turn axis from ``first`` to ``last``."""
    out = []
    tick = _nice_step(max(last - first, 1), plot_width / MIN_TICK_GAP)
    for turn in range(first - first % tick + (tick if first % tick else 0), last + 1, tick):
        x = px(turn)
        out.append(f'<line x1="{_n(x)}" y1="{_n(bottom)}" x2="{_n(x)}" y2="{_n(bottom + 5)}" stroke="{INK}" stroke-width="1.5"/>')
        out.append(_text(x, bottom + TICK_SIZE + 7, str(turn), TICK_SIZE, fill=INK))
    return out


def _marker_every(samples: int, plot_width: float) -> int:
    """Draw a line's marker on every so many samples (see :data:`MIN_MARKER_GAP`)."""
    return max(1, math.ceil(samples * MIN_MARKER_GAP / max(plot_width, 1)))


def _series(
    q: int, pts: Sequence[tuple[float, float]], shape: str, tip: str, color: str, marker: Marker, every: int,
) -> list[str]:
    """Seat ``q``'s line through ``pts`` with its marker on every ``every``-th point and the
    last, in a ``<g class="series">`` left open for the caller to add to and close
    (``tip`` and ``color`` escaped)."""
    out = [f'<g class="series" data-seat="{q}" data-marker="{shape}"><title>{tip}</title>']
    out.append(_seat_line(pts, color, DASHES[q % len(DASHES)]))
    out.extend(marker(q, *pts[i], MARKER_RADIUS) for i in range(len(pts)) if i % every == 0 or i == len(pts) - 1)
    return out


def points_svg(stats: Stats, lang: str = "en", width: int = DEFAULT_WIDTH) -> str:
    """Public victory points after each turn: one line per seat in its colour, dash pattern
    (:data:`DASHES`) and marker shape (:data:`MARKERS`), the goal as a dashed line, and,
    once somebody has won, a last dotted step to each seat's final points (Victory Point
    cards revealed) in an "end" column."""
    width = _clamp_width(width)
    series = stats.points
    seats = len(series.public)

    def t(key: str, **params: object) -> str:
        return translate(key, params, lang, stats.names)

    now = [values[-1] for values in series.public]
    shown = list(series.final) if series.final is not None else now
    separator = t("word.list_separator")
    completed = series.turns[-1] - (1 if series.in_progress else 0)
    summary = t(
        "stats.points.summary", count=max(completed, 0),
        list=separator.join(t("stats.points.item", player=q, points=now[q]) for q in range(seats)),
    )
    if series.final is not None:
        summary += " " + t(
            "stats.points.summary_final",
            list=separator.join(t("stats.points.item", player=q, points=series.final[q]) for q in range(seats)),
        )
    title = escape(t("stats.points.title"))

    def marker(q: int, x: float, y: float, r: float) -> str:
        return _marker(MARKERS[q % len(MARKERS)], x, y, escape(stats.colors[q]), r)

    labels = [t("stats.points.legend", player=q, points=shown[q]) for q in range(seats)]
    legend, header = _legend(labels, stats.colors, marker, width)

    values = [v for s in series.public for v in s] + list(series.final or ())
    ymax_value = max([series.target + 1, *values])  # room above the goal line for its label
    plot_h = max(170.0, min(320.0, width * 0.4))
    step = 1 if plot_h / ymax_value >= MIN_POINT_GAP else 2
    ymax = step * math.ceil(ymax_value / step)
    left = PAD + LABEL_SIZE * 1.6 + _text_width(str(ymax), TICK_SIZE) + 8
    right = width - PAD - 8
    top = header + 6
    bottom = top + plot_h
    note_key = "stats.points.note_final" if series.final is not None else "stats.points.note"
    note_lines = _wrap(t(note_key), SMALL_SIZE, width - 2 * PAD)
    axis_bottom = bottom + TICK_SIZE + 10 + LABEL_SIZE + 6
    height = axis_bottom + 8 + len(note_lines) * (SMALL_SIZE + 4) + PAD

    out = _open("catan-points", width, height, escape(summary), title) + legend
    out += _y_axis(left, right, top, bottom, ymax, step, escape(t("stats.points.axis_y")))

    first, last = series.turns[0], series.turns[-1]
    end_col = END_COLUMN if series.final is not None else 0
    span = max(last - first, 1)
    plot_right = right - end_col

    def px(turn: float) -> float:
        return left + 8 + (plot_right - left - 16) * (turn - first) / span

    def py(v: float) -> float:
        return bottom - plot_h * v / ymax

    # the goal
    gy = py(series.target)
    goal = escape(t("stats.points.goal", points=series.target))
    out.append(
        f'<g class="goal"><line x1="{_n(left)}" y1="{_n(gy)}" x2="{_n(right)}" y2="{_n(gy)}" stroke="{INK}"'
        f' stroke-width="1.5" stroke-dasharray="7 5"/>'
        + _text(left + 6, gy - 5, goal, SMALL_SIZE, "start", INK, ' font-weight="600"')
        + "</g>"
    )
    out += _turn_ticks(first, last, px, plot_right - left, bottom)
    if end_col:
        ex = right - end_col / 2
        out.append(f'<line x1="{_n(plot_right)}" y1="{_n(top)}" x2="{_n(plot_right)}" y2="{_n(bottom)}" stroke="{GRID}" stroke-width="1" stroke-dasharray="3 3"/>')
        final_word = escape(t("stats.points.final"))
        out.append(_text(ex, bottom + TICK_SIZE + 7, final_word, TICK_SIZE, fill=INK, extra=' font-weight="600"'))
    out.append(_text((left + plot_right) / 2, axis_bottom, escape(t("stats.points.axis_x")), LABEL_SIZE))

    # the lines: each seat shifted a little so that equal points do not hide each other
    every = _marker_every(len(series.turns), plot_right - left)
    for q in range(seats):
        offset = (q - (seats - 1) / 2) * SEAT_OFFSET
        color = escape(stats.colors[q])
        shape = MARKERS[q % len(MARKERS)]
        pts = [(px(turn), py(v) + offset) for turn, v in zip(series.turns, series.public[q], strict=True)]
        tip = escape(t("stats.points.series", player=q, points=now[q]))
        out += _series(q, pts, shape, tip, color, marker, every)
        if series.final is not None:
            end = (right - end_col / 2, py(series.final[q]) + offset)
            out.append(_seat_line([pts[-1], end], color, "0.1 8", ' opacity=".8"'))
            out.append(f'<g class="final">{_marker(shape, *end, color, MARKER_RADIUS + 1.5)}</g>')
        out.append("</g>")

    out += _notes(note_lines, axis_bottom)
    out.append("</svg>")
    return "".join(out)


# --- the chance to win ----------------------------------------------------------------------------

CHANCE_STEP = 25
"""Percent between two grid lines of the chance chart."""
DROP_INK = "#b3261e"
"""The chance chart's marks of the biggest drops."""
DROP_RADIUS = 9
"""Radius of a drop's numbered disc."""


def chances_svg(
    turns: Sequence[int],
    chances: Sequence[Sequence[float]],
    names: Sequence[str],
    colors: Sequence[str],
    seat: int,
    drops: Sequence[int] = (),
    lang: str = "en",
    width: int = DEFAULT_WIDTH,
) -> str:
    """Each seat's chance to win (``chances[q][i]``, 0 to 1) after ``turns[i]`` turns, as
    ``seat`` judged it: one line per seat in its colour and dash pattern (:data:`DASHES`),
    marked with the glyph its pieces carry on the board
    (:func:`~catan_core.palette.seat_glyphs`), the even chance as a dashed line, and a
    numbered mark at each turn of ``drops`` (the seat's biggest drops, largest first: a
    vertical line and a disc with its number, ``class="drop"``, ``data-turn``).

    >>> chart = chances_svg([0, 1, 2], [[0.5, 0.6, 1.0], [0.5, 0.4, 0.0]], ["Ana", "Ben"], ["#d21c26", "#1147d6"], 0, [2])
    >>> chart.count('class="series"'), chart.count('class="drop"'), 'data-marker="square"' in chart
    (2, 1, True)
    """
    width = _clamp_width(width)
    seats = len(chances)

    def t(key: str, **params: object) -> str:
        return translate(key, params, lang, names)

    def pct(p: float) -> int:
        return round(100 * p)

    last_values = [values[-1] for values in chances]
    separator = t("word.list_separator")
    items = separator.join(t("coach.chart.item", player=q, percent=pct(last_values[q])) for q in range(seats))
    summary = t("coach.chart.summary", count=turns[-1], player=seat, list=items)
    if drops:
        summary += " " + t("coach.chart.summary_drops", count=len(drops), list=separator.join(map(str, drops)))
    title = escape(t("coach.chart.title"))
    glyphs = seat_glyphs(colors)

    def marker(q: int, x: float, y: float, r: float) -> str:
        return glyph_svg(glyphs[q], x, y, r * 1.1, escape(colors[q]), OUTLINE, 1.5)

    labels = [t("coach.chart.legend", player=q, percent=pct(last_values[q])) for q in range(seats)]
    legend, header = _legend(labels, colors, marker, width)
    plot_h = max(170.0, min(320.0, width * 0.4))
    left = PAD + LABEL_SIZE * 1.6 + _text_width("100", TICK_SIZE) + 8
    right = width - PAD - 8
    top = header + DROP_RADIUS * 2 + 6
    bottom = top + plot_h
    note_lines = _wrap(t("coach.chart.note", player=seat), SMALL_SIZE, width - 2 * PAD)
    axis_bottom = bottom + TICK_SIZE + 10 + LABEL_SIZE + 6
    height = axis_bottom + 8 + len(note_lines) * (SMALL_SIZE + 4) + PAD
    out = _open("catan-chances", width, height, escape(summary), title) + legend
    out += _y_axis(left, right, top, bottom, 100, CHANCE_STEP, escape(t("coach.chart.axis_y")))
    first, last = turns[0], turns[-1]
    span = max(last - first, 1)

    def px(turn: float) -> float:
        return left + 8 + (right - left - 16) * (turn - first) / span

    def py(p: float) -> float:
        return bottom - plot_h * p

    even = py(1 / seats)
    out.append(
        f'<g class="even"><line x1="{_n(left)}" y1="{_n(even)}" x2="{_n(right)}" y2="{_n(even)}" stroke="{MUTED}"'
        f' stroke-width="1.5" stroke-dasharray="7 5"/>'
        + _text(right - 4, even - 5, escape(t("coach.chart.even", percent=pct(1 / seats))), SMALL_SIZE, "end", MUTED)
        + "</g>"
    )
    out += _turn_ticks(first, last, px, right - left, bottom)
    out.append(_text((left + right) / 2, axis_bottom, escape(t("stats.points.axis_x")), LABEL_SIZE))
    for number, turn in enumerate(drops, 1):
        x = px(min(max(turn, first), last))
        tip = escape(t("coach.chart.drop", number=number, turn=turn))
        out.append(
            f'<g class="drop" data-turn="{turn}"><title>{tip}</title>'
            f'<line x1="{_n(x)}" y1="{_n(top - 4)}" x2="{_n(x)}" y2="{_n(bottom)}" stroke="{DROP_INK}" stroke-width="2" stroke-dasharray="4 4"/>'
            f'<circle cx="{_n(x)}" cy="{_n(top - 4 - DROP_RADIUS)}" r="{DROP_RADIUS}" fill="{DROP_INK}"/>'
            + _text(x, top - 4 - DROP_RADIUS + SMALL_SIZE * 0.35, str(number), SMALL_SIZE, fill=BACKGROUND, extra=' font-weight="700"')
            + "</g>"
        )
    every = _marker_every(len(turns), right - left)
    for q in range(seats):
        offset = (q - (seats - 1) / 2) * SEAT_OFFSET
        pts = [(px(turn), py(p) + offset) for turn, p in zip(turns, chances[q], strict=True)]
        tip = escape(t("coach.chart.series", player=q, percent=pct(last_values[q])))
        out += _series(q, pts, glyphs[q], tip, escape(colors[q]), marker, every)
        out.append("</g>")
    out += _notes(note_lines, axis_bottom)
    out.append("</svg>")
    return "".join(out)
