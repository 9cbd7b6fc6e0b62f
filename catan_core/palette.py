"""Seat colours and their marks: the one palette table of the product.

Every seat colour offered comes with a **glyph**, a simple shape drawn on each of the
seat's pieces (inside settlements and cities, on the middle of roads), so that whose piece
it is never depends on colour alone. The colours themselves are chosen so that any two of
them stay apart in greyscale and under simulated protanopia, deuteranopia and tritanopia,
and so that each stands out from every terrain (``tests/test_palette.py`` measures it).

Colours are keyed by name; ``ui.color.<key>`` is the message naming one. The first four
are the engine's default seats.

>>> [c.key for c in PALETTE][:4]
['red', 'blue', 'white', 'orange']
>>> COLORS["blue"], glyph_of(COLORS["blue"])
('#1147d6', 'square')
>>> seat_glyphs(["#d21c26", "#123456", "#1147d6"])
('circle', 'triangle', 'square')
>>> ink(COLORS["white"]), ink(COLORS["brown"])
('#1a1a1a', '#ffffff')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from .i18n import escape_markup as escape

__all__ = [
    "COLORS",
    "DARK_INK",
    "GLYPHS",
    "LIGHT_INK",
    "PALETTE",
    "SeatColor",
    "glyph_of",
    "glyph_svg",
    "ink",
    "mark_svg",
    "seat_glyphs",
]


class SeatColor(NamedTuple):
    """One colour a seat may play: its name key, ``#rrggbb`` value and glyph."""

    key: str
    """Name key; ``ui.color.<key>`` is the message naming it."""
    hex: str
    glyph: str
    """A key of :data:`GLYPHS`."""


# Lightness ladder (CIE L*): brown 17, purple 28, blue 37, red 45, green 64, orange 73,
# white 98. Greyscale keeps only this, so the seven are spaced along it, and off the
# lightness of the terrains; the hues keep them apart in the colour views
# (tests/test_palette.py measures both).
PALETTE: tuple[SeatColor, ...] = (
    SeatColor("red", "#d21c26", "circle"),
    SeatColor("blue", "#1147d6", "square"),
    SeatColor("white", "#fafafa", "triangle"),
    SeatColor("orange", "#ff9d2b", "cross"),
    SeatColor("green", "#1cae86", "diamond"),
    SeatColor("brown", "#471f01", "star"),
    SeatColor("purple", "#790075", "heart"),
)
"""The seat colours offered, in offering order; the first four are the default seats."""

COLORS: dict[str, str] = {c.key: c.hex for c in PALETTE}
"""Name key -> ``#rrggbb`` of every colour offered, in offering order."""

_LEGACY_COLORS: dict[str, str] = {
    "#d7263d": "red", "#1b65c4": "blue", "#e8e8e8": "white", "#f29e1f": "orange",
    "#2e8b57": "green", "#8b5a2b": "brown", "#7b3fa0": "purple",
}
"""Colours offered before this palette (saved games keep them) -> the key they had."""

GLYPHS: dict[str, str] = {
    "circle": "M0,-8.5A8.5,8.5 0 1 1 0,8.5A8.5,8.5 0 1 1 0,-8.5Z",
    "square": "M-7.5,-7.5H7.5V7.5H-7.5Z",
    "triangle": "M0,-9.5L10,8L-10,8Z",
    "cross": "M-3.3,-9.5H3.3V-3.3H9.5V3.3H3.3V9.5H-3.3V3.3H-9.5V-3.3H-3.3Z",
    "diamond": "M0,-10.5L8,0L0,10.5L-8,0Z",
    "star": "M0,-9.5L2.8,-2.9L10,-2.2L4.6,2.5L6.2,9.5L0,5.8L-6.2,9.5L-4.6,2.5L-10,-2.2L-2.8,-2.9Z",
    "heart": "M0,9.5C-3,6.5 -10,1.5 -10,-3.5A5,5 0 0 1 0,-5.5A5,5 0 0 1 10,-3.5C10,1.5 3,6.5 0,9.5Z",
}
"""SVG path data of each glyph, centred on 0,0 and about 20 units across
(:data:`GLYPH_RADIUS`)."""

GLYPH_RADIUS = 10
"""Half the size of the :data:`GLYPHS` drawings, in their own units."""

DARK_INK, LIGHT_INK = "#1a1a1a", "#ffffff"
"""The two inks a glyph is drawn in on a seat colour (see :func:`ink`)."""

# WCAG 2.x relative luminance: sRGB transfer function and Rec. 709 weights.
_SRGB_KNEE, _SRGB_SLOPE, _SRGB_OFFSET, _SRGB_GAMMA = 0.04045, 12.92, 0.055, 2.4
_LUMA = (0.2126, 0.7152, 0.0722)
_FLARE = 0.05


_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def _luminance(color: str) -> float:
    """WCAG relative luminance of ``#rrggbb`` (0 black .. 1 white)."""
    h = color.lstrip("#")
    total = 0.0
    for weight, i in zip(_LUMA, (0, 2, 4), strict=True):
        c = int(h[i : i + 2], 16) / 255
        c = c / _SRGB_SLOPE if c <= _SRGB_KNEE else ((c + _SRGB_OFFSET) / (1 + _SRGB_OFFSET)) ** _SRGB_GAMMA
        total += weight * c
    return total


def ink(color: str) -> str:
    """The ink (:data:`DARK_INK` or :data:`LIGHT_INK`) with the higher contrast on ``color``.

    A colour that is not ``#rrggbb`` (only code makes such seats; saves refuse them) gets
    the dark ink.
    """
    if not _HEX.match(color):
        return DARK_INK
    lum = _luminance(color)
    dark = (lum + _FLARE) / (_luminance(DARK_INK) + _FLARE)
    light = (1 + _FLARE) / (lum + _FLARE)
    return DARK_INK if dark >= light else LIGHT_INK


@lru_cache(maxsize=64)
def glyph_of(color: str) -> str | None:
    """The glyph of a palette colour (or of a colour an older version offered), else None."""
    c = color.lower()
    key = next((p.key for p in PALETTE if p.hex == c), None) or _LEGACY_COLORS.get(c)
    return next(p.glyph for p in PALETTE if p.key == key) if key else None


def seat_glyphs(colors: Sequence[str]) -> tuple[str, ...]:
    """One distinct glyph per seat of a game, given the seats' colours in seat order.

    A palette colour has its own glyph; a seat whose colour is not in the palette (or whose
    glyph an earlier seat already has) gets the first glyph no other seat has.
    """
    return _seat_glyphs(tuple(colors))


@lru_cache(maxsize=64)
def _seat_glyphs(colors: tuple[str, ...]) -> tuple[str, ...]:
    own = [glyph_of(c) for c in colors]
    out: list[str] = []
    for i, glyph in enumerate(own):
        if glyph is None or glyph in out:
            taken = set(out) | {g for g in own[i + 1 :] if g}
            glyph = next(p.glyph for p in PALETTE if p.glyph not in taken)
        out.append(glyph)
    return tuple(out)


def _num(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def glyph_svg(
    glyph: str, x: float, y: float, radius: float, fill: str, stroke: str = "", stroke_width: float = 0
) -> str:
    """A ``<path>`` drawing ``glyph`` centred on ``x,y``, ``radius`` user units from its
    centre to its edge; with ``stroke`` it is outlined ``stroke_width`` units wide.
    ``fill`` and ``stroke`` go into the markup as they are: escape untrusted colours."""
    k = radius / GLYPH_RADIUS
    outline = ""
    if stroke:
        outline = f' stroke="{stroke}" stroke-width="{_num(stroke_width / k)}" stroke-linejoin="round"'
    return (
        f'<path class="glyph" data-glyph="{glyph}" d="{GLYPHS[glyph]}"'
        f' transform="translate({_num(x)} {_num(y)}) scale({_num(k)})" fill="{fill}"{outline}/>'
    )


_MARK_BOX = 24
"""Width and height of a :func:`mark_svg` drawing in its own units."""
_MARK_BORDER, _MARK_CORNER, _MARK_GLYPH = 2, 4, 7.5
"""Edge width, corner radius and glyph radius of a :func:`mark_svg` drawing."""


@lru_cache(maxsize=256)
def mark_svg(color: str, size: int = 16, glyph: str | None = None) -> str:
    """A seat's mark as a small standalone ``<svg>``: its colour in a dark-edged rounded
    square with its glyph inside, as on its pieces; for score tables, logs and legends.

    ``glyph`` defaults to the colour's own (:func:`glyph_of`); pass the seat's entry of
    :func:`seat_glyphs` when the game may have colours from outside the palette.

    >>> mark_svg("#1147d6", 20).startswith('<svg xmlns="http://www.w3.org/2000/svg" width="20"')
    True
    """
    glyph = glyph or glyph_of(color) or PALETTE[0].glyph
    half, inner = _MARK_BOX / 2, _MARK_BOX - _MARK_BORDER
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {_MARK_BOX} {_MARK_BOX}"'
        ' aria-hidden="true" focusable="false">'
        f'<rect x="{_num(_MARK_BORDER / 2)}" y="{_num(_MARK_BORDER / 2)}"'
        f' width="{inner}" height="{inner}" rx="{_MARK_CORNER}"'
        f' fill="{escape(color)}" stroke="{DARK_INK}" stroke-width="{_MARK_BORDER}"/>'
        f"{glyph_svg(glyph, half, half, _MARK_GLYPH, ink(color))}</svg>"
    )
