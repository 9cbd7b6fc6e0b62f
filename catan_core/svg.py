"""SVG drawing of the board: a pure function of a :class:`~catan_core.views.View` plus highlights.

Like ``chess.svg.board``, :func:`render` never decides anything: the caller passes the
legal targets to highlight (``highlight_nodes`` / ``highlight_edges`` /
``highlight_hexes``) and tutorial annotations (``marked``), and gets back one SVG string.

Every hex, intersection and path carries its engine id (``data-hex``, ``data-node``,
``data-edge``) on an element a click can hit, so a user interface only has to read the
attribute of what was clicked. Highlighted ids get ``class="... target"``, a roving
``tabindex`` (one Tab stop for the whole board), ``role="button"`` and a translated
``aria-label`` naming the spot by its neighbourhood and state (:mod:`catan_core.places`).
Hexes, harbors, pieces and the robber are images named in words (where they are, whose
they are). Pieces carry ``data-seat`` and
``data-at`` (``"e40"``, ``"n12"``, ``"h5"``; the same id form as ``marked``), never
``data-edge``/``data-node``/``data-hex``, so each id is on exactly one clickable element.

>>> from catan_core.game import Game, Options
>>> view = Game(Options(players=4, board="beginner"), seed=0).view(None)
>>> svg = render(view, highlight_nodes=[12], marked=["h9"])
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
>>> svg.count("data-hex="), svg.count("data-node="), svg.count("data-edge=")
(19, 54, 72)
>>> '<g class="node target" tabindex="0" role="button" aria-label="Intersection between forest 11,' in svg
True
>>> render(view) == render(view)
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from .board import (
    EDGE_COUNT,
    EDGE_HEXES,
    EDGE_NODES,
    GENERIC_HARBOR,
    HARBOR_EDGES,
    HEX_CENTERS,
    HEX_COUNT,
    HEX_NODES,
    NODE_COUNT,
    NODE_XY,
    PIPS,
    RESOURCES,
    TERRAINS,
    Board,
)
from .game import Game
from .i18n import escape_markup as escape, translate
from .palette import glyph_svg, ink, seat_glyphs
from .places import Places, places
from .state import Options
from .views import View

__all__ = ["Drawing", "drawing", "parse_mark", "render", "render_ids", "spot_label"]

_Tr = Callable[..., str]
"""``t(key, **params)``: a message in the chosen language."""

SCALE = 100
"""User units per hex side in the SVG coordinates."""

_R3 = math.sqrt(3) / 2

FRAME_RADIUS = 580
"""Circumradius of the flat-top sea frame around the island."""
_VIEW_W, _VIEW_H = 2 * FRAME_RADIUS + 20, 2 * round(FRAME_RADIUS * _R3) + 20
VIEWBOX = f"{-_VIEW_W // 2} {-_VIEW_H // 2} {_VIEW_W} {_VIEW_H}"

FONT = "'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans','Noto Sans Devanagari',sans-serif"

# Per terrain: tile colour, glyph ink, label colour. Glyph and word make terrains readable
# without colour vision.
TERRAIN_STYLE: tuple[tuple[str, str, str], ...] = (
    ("#3f8f46", "#173f1b", "#f4f8ef"),  # forest
    ("#a9d46f", "#4f6b2a", "#22360c"),  # pasture
    ("#efc94c", "#8a5a00", "#3f2c00"),  # fields
    ("#d4733f", "#8e3514", "#2a0f05"),  # hills
    ("#a3a8ad", "#4d5359", "#1c2024"),  # mountains
    ("#e8d6a5", "#5f8a3a", "#4a3d1e"),  # desert
)
RESOURCE_COLORS: tuple[str, ...] = ("#b8552a", "#2f7d36", "#7fae3e", "#d9a514", "#6f757b")
"""Harbor ring colour per resource (brick, lumber, wool, grain, ore)."""
SEA, SEA_EDGE, SAND, HEX_LINE = "#2a78b5", "#14466e", "#e6d39c", "#f3e7c2"
OUTLINE = "#1a1a1a"
"""Outline of every piece, so that light seat colours stay visible."""

# Pieces (user units; the board is 1180 wide, so at 390 px one unit is a third of a pixel).
# Each piece carries its seat's glyph (catan_core.palette) so that whose it is does not
# depend on telling colours apart.
PIECE_OUTLINE = 5
"""Width of the outline of settlements and cities, of the dark edges on each side of a
road, and of the edge of a road's glyph."""
ROAD_WIDTH = 12
"""Width of a road's colour between its dark edges."""
ROAD_GLYPH = 15
"""Radius of the glyph in the seat's colour on the middle of each road (edged in the ink
that contrasts with the colour, so that it shows on the road's own colour)."""
HOUSE: tuple[tuple[float, float], ...] = ((0, -22), (18, -6), (18, 19), (-18, 19), (-18, -6))
"""Outline of a settlement around its intersection."""
HOUSE_GLYPH = (0, 6.5, 10)
"""Centre (x, y) and radius of the glyph inside a settlement."""
CITY: tuple[tuple[float, float], ...] = ((-27, 22), (-27, -11), (-13, -26), (1, -11), (1, -5), (27, -5), (27, 22))
"""Outline of a city around its intersection."""
CITY_GLYPH = (4, 8.5, 12)
"""Centre (x, y) and radius of the glyph inside a city."""
RED_NUMBER, INK = "#c4161c", "#222222"
MARK = "#d500f9"
"""Colour of tutorial annotations (``marked``), distinct from highlights and seats."""

# What the last roll paid (``produced``): a gold ring inside each hex that paid, and per seat
# paid a badge in the seat's colour with its glyph and "+count", next to its building there.
# At 390 px one unit is a third of a pixel: the badge text is about 10 px high.
PRODUCED = "#ffd60a"
"""Colour of the ring of a hex that paid (static, unlike the pulsing white of targets)."""
PRODUCED_RING = (0.84, 20, 11)
"""The ring: its size as a share of the hex, the width of its dark edge and of its gold."""
BADGE_HEIGHT, BADGE_FONT, BADGE_GLYPH, BADGE_PAD, BADGE_EDGE = 42, 31, 12, 6, 4
"""A badge's height, text size, glyph radius, inner margin and outline width."""
BADGE_CHAR = 0.62
"""Width of a digit or "+" in the badge text, as a share of the text size."""
BADGE_TIP = 0.55
"""Distance, in hex sides, from the hex centre to a badge for a building on the top or bottom
corner: between the building and the number token."""
BADGE_FLANK = (0.16, 0.04)
"""A badge for a building on a side corner sits by the hex's flank, above or below the
building: how far it reaches past the flank and how far from the hex's middle line it is
shifted towards the building, in hex sides (the number token fills the middle of the hex,
the building the corner)."""
CHIP_HEIGHT, CHIP_FONT, CHIP_CHAR, CHIP_PAD = 38, 28, 0.56, 10
"""The chip naming the resource a hex paid: its height, text size, average letter width (a
share of the text size) and inner margin. It goes to the bottom tip of the hex, or to the top
tip when a badge holds the bottom (no room is left when badges hold both)."""

HEX_RING = (0.84, 20, 10, 0.7)
"""The ring drawn inside a hex that is a target: its size as a share of the hex, the width of
its dark edge and of the pulsing light band on it, and the dark edge's opacity."""
HEX_RING_FOCUS = (28, 12)
"""The widths of that ring's dark edge and band (gold, steady) while the hex has the keyboard
focus or is selected: the hex's focus ring."""

PULSE = (1.1, 6)
"""The targets' pulse: seconds from lit to dim (or back), and how many such halves it plays
(an even number: it ends lit). It draws the eye when targets appear, then stops, so that the
board is not painted again every frame while a person thinks (an SVG animation runs on the
page's thread)."""

_STYLE = (
    "<style>"
    ".catan-board .target{cursor:pointer}"
    ".catan-board .target:focus{outline:none}"
    # a hex's ring is in every hex, shown only while the hex is a target: a hex lit or going
    # dark changes only the attributes of its group (its class, role, tabindex and name)
    ".catan-board .ring{fill:none;stroke-linejoin:round;pointer-events:none}.catan-board .hex.target .ring{display:inline}"
    f".catan-board .ring polygon{{stroke:{OUTLINE};stroke-width:{HEX_RING[1]};opacity:{HEX_RING[3]}}}"
    f".catan-board .ring .hl{{stroke:#ffffff;stroke-width:{HEX_RING[2]};opacity:1}}"
    f".catan-board .hl{{animation:catan-pulse {PULSE[0]}s ease-in-out {PULSE[1]} alternate}}"
    ".catan-board .target:hover .hl,.catan-board .target:focus-visible .hl{stroke:#ffd60a;opacity:1}"
    # the focused or selected hex: its ring wider, steady and gold, its tile brighter
    ".catan-board .hex.target:focus-visible .ring polygon,.catan-board .hex.selected .ring polygon"
    f"{{stroke-width:{HEX_RING_FOCUS[0]};opacity:1}}"
    ".catan-board .hex.target:focus-visible .ring .hl,.catan-board .hex.selected .ring .hl"
    f"{{stroke:#ffd60a;stroke-width:{HEX_RING_FOCUS[1]};animation:none}}"
    ".catan-board .hex.target:focus-visible .tile,.catan-board .hex.selected .tile{filter:brightness(1.15)}"
    ".catan-board .focus-ring{display:none}"
    ".catan-board .target:focus-visible .focus-ring,.catan-board .selected .focus-ring{display:inline}"
    "@keyframes catan-pulse{from{opacity:1}to{opacity:.45}}"
    "@media (prefers-reduced-motion:reduce){.catan-board .hl{animation:none}}"
    "</style>"
)

# Targets (what the person may pick now): hit areas larger than the drawing, so that a finger
# finds them on an enlarged board (at twice the width of a 390 px phone, one unit is two
# thirds of a pixel: 70 units are 46 px), and a focus ring that shows on every terrain.
NODE_HIT = 36
"""Radius of the invisible hit disc of a highlighted intersection."""
EDGE_HIT = 70
"""Width of the invisible hit band along a highlighted path."""
SPOT_HIT = (28, 30)
"""Radius of the hit disc of an intersection and width of the hit band of a path that are
not targets (a click on them says why nothing happens)."""
FOCUS_RING: tuple[tuple[str, int], ...] = ((OUTLINE, 9), ("#ffffff", 3))
"""The ring around the focused (or selected) target: a dark stroke with a light one on top,
in screen pixels (``vector-effect="non-scaling-stroke"``), so that 3 px of dark and 3 px of
light show on every background at every size."""
FOCUS_NODE, FOCUS_EDGE = 40, 56
"""The focus ring's radius around an intersection and width around a path (a hex's is its
ring, :data:`HEX_RING_FOCUS`)."""

# Harbors: a badge in the sea, a circle stretched into a pill when its word needs the room.
HARBOR_RADIUS, HARBOR_EDGE, HARBOR_PAD = 37, 7, 3
"""The badge's radius (half its height), the width of its coloured edge, and the room kept
between its word and the edge on each side."""
HARBOR_TEXT: dict[bool, tuple[tuple[float, float], tuple[float, float]]] = {
    True: ((22, 3), (14, 21)),
    False: ((20, 0), (15, 19)),
}
"""Text size and baseline below the centre of the ratio and of the word, for a generic
(3:1, ``True``) and a resource (2:1) harbor."""
HARBOR_CHAR = 0.64
"""Widest average letter width of a bold word, as a share of its size (to size the badge)."""
TEXT_DESCENT = 0.25
"""How far letters reach under their baseline, as a share of the text size."""


# --- geometry ---------------------------------------------------------------------------


def _xy(p: tuple[int, int]) -> tuple[float, float]:
    """SVG coordinates of a lattice point."""
    return p[0] * _R3 * SCALE, p[1] * SCALE / 2


def _n(v: float) -> str:
    """A coordinate as short, deterministic text."""
    s = f"{v:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


def _pts(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


HEX_XY: tuple[tuple[float, float], ...] = tuple(_xy(c) for c in HEX_CENTERS)
NODE_POS: tuple[tuple[float, float], ...] = tuple(_xy(p) for p in NODE_XY)


def _hex_corners(h: int, scale: float = 1.0) -> list[tuple[float, float]]:
    cx, cy = HEX_XY[h]
    return [(cx + (NODE_POS[n][0] - cx) * scale, cy + (NODE_POS[n][1] - cy) * scale) for n in HEX_NODES[h]]


def _edge_ends(e: int, trim: float = 0.0) -> tuple[float, float, float, float]:
    (ax, ay), (bx, by) = (NODE_POS[n] for n in EDGE_NODES[e])
    dx, dy = (bx - ax) / SCALE, (by - ay) / SCALE
    return ax + dx * trim, ay + dy * trim, bx - dx * trim, by - dy * trim


def _edge_band(e: int, width: float) -> str:
    """The corners of a ``width`` wide rectangle along path ``e``: its hit area.

    A filled polygon, unlike a thick stroked ``<line>``, has a real bounding box in every
    direction (a vertical line's box is zero pixels wide, which hit-testing and browser
    automation take for invisible).
    """
    x1, y1, x2, y2 = _edge_ends(e)
    length = math.hypot(x2 - x1, y2 - y1)
    nx, ny = (y1 - y2) / length * width / 2, (x2 - x1) / length * width / 2
    return _pts([(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)])


def _edge_mid(e: int) -> tuple[float, float]:
    (ax, ay), (bx, by) = (NODE_POS[n] for n in EDGE_NODES[e])
    return (ax + bx) / 2, (ay + by) / 2


EDGE_XY: tuple[tuple[float, float], ...] = tuple(_edge_mid(e) for e in range(EDGE_COUNT))
"""The midpoint of each path in SVG coordinates (with :data:`HEX_XY` and :data:`NODE_POS`:
where each spot is drawn)."""


def _frame() -> list[tuple[float, float]]:
    r = FRAME_RADIUS
    return [(r * math.cos(math.pi / 3 * k), r * math.sin(math.pi / 3 * k)) for k in range(6)]


# --- small drawings (local coordinates, centred on 0,0, about 50 units wide) ----------------


def _pine(cx: float, base: float, h: float, ink: str) -> str:
    return (
        f'<rect x="{_n(cx - h * 0.06)}" y="{_n(base - h * 0.14)}" width="{_n(h * 0.12)}" height="{_n(h * 0.14)}" fill="#5b3a1e"/>'
        f'<polygon points="{_pts([(cx, base - h), (cx + h * 0.3, base - h * 0.45), (cx - h * 0.3, base - h * 0.45)])}" fill="{ink}"/>'
        f'<polygon points="{_pts([(cx, base - h * 0.72), (cx + h * 0.4, base - h * 0.12), (cx - h * 0.4, base - h * 0.12)])}" fill="{ink}"/>'
    )


def _glyph(terrain: int) -> str:
    ink = TERRAIN_STYLE[terrain][1]
    if terrain == 0:  # forest: three pines
        return _pine(-16, 18, 30, ink) + _pine(16, 18, 30, ink) + _pine(0, 20, 40, ink)
    if terrain == 1:  # pasture: a sheep
        puffs = [(-10, -4), (-3, -7), (5, -7), (11, -3), (-11, 4), (-3, 6), (5, 6), (11, 4)]
        out = [f'<line x1="{x}" y1="6" x2="{x}" y2="17" stroke="#333" stroke-width="3.5" stroke-linecap="round"/>' for x in (-8, -2, 4, 9)]
        out += [f'<circle cx="{x}" cy="{y}" r="8.5" fill="{ink}"/>' for x, y in puffs]
        out += [f'<circle cx="{x}" cy="{y}" r="7" fill="#fbfbf5"/>' for x, y in puffs]
        out.append('<ellipse cx="0" cy="-0.5" rx="12" ry="7" fill="#fbfbf5"/>')
        out.append('<ellipse cx="19" cy="-4" rx="6.5" ry="5" fill="#333"/>')
        return "".join(out)
    if terrain == 2:  # fields: three wheat ears
        out = []
        for dx in (-14, 0, 14):
            out.append(f'<line x1="{dx}" y1="19" x2="{dx}" y2="-14" stroke="{ink}" stroke-width="2.5" stroke-linecap="round"/>')
            for k in range(3):
                y = -10 + k * 7
                out.append(f'<ellipse cx="{dx - 4}" cy="{y}" rx="4.5" ry="2.4" transform="rotate(-35 {dx - 4} {y})" fill="{ink}"/>')
                out.append(f'<ellipse cx="{dx + 4}" cy="{y}" rx="4.5" ry="2.4" transform="rotate(35 {dx + 4} {y})" fill="{ink}"/>')
            out.append(f'<ellipse cx="{dx}" cy="-17" rx="2.4" ry="4.5" fill="{ink}"/>')
        return "".join(out)
    if terrain == 3:  # hills: a stack of bricks
        rows = ((-14, (-7,)), (-4, (-15, 1)), (6, (-23, -7, 9)))
        return "".join(
            f'<rect x="{x}" y="{y}" width="14" height="8" rx="1.5" fill="{ink}"/>' for y, xs in rows for x in xs
        )
    if terrain == 4:  # mountains: two peaks with snow
        return (
            f'<polygon points="2,16 15,-6 29,16" fill="#6a7076"/>'
            f'<polygon points="-26,16 -5,-18 16,16" fill="{ink}"/>'
            '<polygon points="-5,-18 -12.5,-6 -7.5,-8 -4,-4.5 0,-7.5 2.4,-5.5" fill="#ffffff"/>'
        )
    # desert: a cactus
    return (
        f'<rect x="-4.5" y="-18" width="9" height="36" rx="4.5" fill="{ink}"/>'
        f'<rect x="-16" y="-9" width="6.5" height="14" rx="3.2" fill="{ink}"/>'
        f'<rect x="-16" y="0" width="14" height="6.5" rx="3.2" fill="{ink}"/>'
        f'<rect x="9.5" y="-14" width="6.5" height="12" rx="3.2" fill="{ink}"/>'
        f'<rect x="2" y="-5" width="14" height="6.5" rx="3.2" fill="{ink}"/>'
    )


def _house(x: float, y: float, color: str, glyph: str) -> str:
    gx, gy, gr = HOUSE_GLYPH
    return (
        f'<polygon points="{_pts((x + a, y + b) for a, b in HOUSE)}" fill="{color}" stroke="{OUTLINE}"'
        f' stroke-width="{PIECE_OUTLINE}" stroke-linejoin="round"/>'
        + glyph_svg(glyph, x + gx, y + gy, gr, ink(color))
    )


def _city(x: float, y: float, color: str, glyph: str) -> str:
    gx, gy, gr = CITY_GLYPH
    return (
        f'<polygon points="{_pts((x + a, y + b) for a, b in CITY)}" fill="{color}" stroke="{OUTLINE}"'
        f' stroke-width="{PIECE_OUTLINE}" stroke-linejoin="round"/>'
        + glyph_svg(glyph, x + gx, y + gy, gr, ink(color))
    )


def _road(e: int, color: str, glyph: str) -> str:
    x1, y1, x2, y2 = _edge_ends(e, 0.16)
    line = f'x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke-linecap="round"'
    mx, my = _edge_mid(e)
    return (
        f'<line {line} stroke="{OUTLINE}" stroke-width="{ROAD_WIDTH + 2 * PIECE_OUTLINE}"/>'
        f'<line {line} stroke="{color}" stroke-width="{ROAD_WIDTH}"/>'
        + glyph_svg(glyph, mx, my, ROAD_GLYPH, color, ink(color), PIECE_OUTLINE)
    )


def _robber(x: float, y: float) -> str:
    body = f"M{_n(x - 15)},{_n(y + 21)} Q{_n(x - 15)},{_n(y - 6)} {_n(x)},{_n(y - 9)} Q{_n(x + 15)},{_n(y - 6)} {_n(x + 15)},{_n(y + 21)} Z"
    return (
        f'<ellipse cx="{_n(x + 3)}" cy="{_n(y + 24)}" rx="19" ry="6" fill="#000" opacity=".3"/>'
        f'<path d="{body}" fill="#262626" stroke="#f2f2f2" stroke-width="3" stroke-linejoin="round"/>'
        f'<circle cx="{_n(x)}" cy="{_n(y - 18)}" r="10.5" fill="#262626" stroke="#f2f2f2" stroke-width="3"/>'
        f'<ellipse cx="{_n(x)}" cy="{_n(y + 21)}" rx="17" ry="5.5" fill="#262626" stroke="#f2f2f2" stroke-width="3"/>'
    )


def _text(x: float, y: float, text: str, size: float, fill: str, weight: str = "normal", extra: str = "") -> str:
    """Centred text; ``text`` must already be escaped."""
    bold = f' font-weight="{weight}"' if weight != "normal" else ""
    return f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="middle" fill="{fill}"{bold}{extra}>{text}</text>'


# --- arguments -------------------------------------------------------------------------------


def _id_set(values: Iterable[int], count: int, what: str) -> frozenset[int]:
    out = set()
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < count:
            raise ValueError(f"no {what} {v!r} (ids are 0..{count - 1})")
        out.add(v)
    return frozenset(out)


_MARK_KINDS = {"h": HEX_COUNT, "n": NODE_COUNT, "e": EDGE_COUNT}


def parse_mark(mark: str) -> tuple[str, int]:
    """``"n12"`` -> ``("n", 12)``: a hex (``h``), intersection (``n``) or path (``e``) id.

    >>> parse_mark("e40")
    ('e', 40)
    """
    kind, digits = mark[:1], mark[1:]
    if kind not in _MARK_KINDS or not digits.isdigit() or not 0 <= int(digits) < _MARK_KINDS[kind]:
        raise ValueError(f"bad mark {mark!r}: expected h0..h18, n0..n53 or e0..e71")
    return kind, int(digits)


# --- the drawing -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Drawing:
    """The board as a list of keyed elements: the ``<svg>`` element's attributes and, in
    drawing order, each element inside it with a key naming it (``"h9"`` a hex, ``"road40"``
    a road, ``"e40"`` a path's click area, ...). :meth:`markup` is the SVG document; a page can
    also write only the elements whose markup changed since it last drew (see
    ``catan_web.patch``). Every item is exactly one element."""

    attrs: tuple[tuple[str, str], ...]
    """The ``<svg>`` element's attributes (names and values, not escaped)."""
    items: tuple[tuple[str, str], ...]
    """Each element inside the ``<svg>``: its key and its markup."""

    def markup(self) -> str:
        """The SVG document."""
        head = "".join(f' {name}="{escape(value)}"' for name, value in self.attrs)
        return f"<svg{head}>" + "".join(html for _, html in self.items) + "</svg>"


def render(view: View, **options: Any) -> str:
    """The board of ``view`` as an SVG document (a string): :func:`drawing`'s markup, with the
    same arguments."""
    return drawing(view, **options).markup()


def drawing(
    view: View,
    *,
    lang: str = "en",
    highlight_nodes: Iterable[int] = (),
    highlight_edges: Iterable[int] = (),
    highlight_hexes: Iterable[int] = (),
    marked: Iterable[str] = (),
    show_ids: bool = False,
    size: int | None = None,
    pieces: bool = True,
    produced: Iterable[tuple[int, int, int, int]] = (),
    focus: str | None = None,
    selected: str | None = None,
) -> Drawing:
    """The board of ``view`` as a :class:`Drawing`, texts in ``lang``.

    ``highlight_*`` are the ids the user may pick now (drawn pulsing, focusable, with
    ``class="target"``); ``marked`` are annotations such as ``"n12"``, ``"e40"``, ``"h5"``
    (a static ring in a distinct colour, ``class="marked"``). ``show_ids`` writes every id;
    ``size`` fixes the width in pixels (otherwise the drawing fills its container);
    ``pieces=False`` leaves out roads, buildings and the robber. ``produced`` is what the
    last roll paid, ``(hex, seat, resource, count)`` entries
    (:func:`catan_core.recap.last_production`): each hex that paid gets a gold ring and, per
    seat, a badge with the seat's glyph and "+count" next to that seat's building there,
    and a sentence ("Production from the pasture 5: Red +1 wool, Blue +2 wool.") as its
    accessible name and in the board's. Unknown ids raise :class:`ValueError`. The output
    depends on the arguments only.

    The targets form one Tab stop (a roving tabindex): the target ``focus`` names (a mark
    such as ``"n12"``; by default the first target drawn) has ``tabindex="0"``, the others
    ``-1``. The target ``selected`` names is drawn ringed (a tap chose it; a second one acts).
    Every hex, harbor, piece and the robber is an image named in words, so that a screen
    reader can read the board piece by piece.
    """
    hl_nodes = _id_set(highlight_nodes, NODE_COUNT, "intersection")
    hl_edges = _id_set(highlight_edges, EDGE_COUNT, "path")
    hl_hexes = _id_set(highlight_hexes, HEX_COUNT, "hex")
    marks: dict[str, set[int]] = {"h": set(), "n": set(), "e": set()}
    for m in marked:
        kind, i = parse_mark(m)
        marks[kind].add(i)
    paid = _paid(produced, len(view.seats))

    board = view.board
    names = tuple(s.name for s in view.seats)
    words = places(board, lang)

    def t(key: str, **params: object) -> str:
        return translate(key, params, lang, names)

    def tr(key: str, **params: object) -> str:
        return escape(t(key, **params))

    colors = [escape(seat.color) for seat in view.seats]
    glyphs = seat_glyphs([seat.color for seat in view.seats])

    lit = [f"h{h}" for h in sorted(hl_hexes)] + [f"e{e}" for e in sorted(hl_edges)] + [f"n{n}" for n in sorted(hl_nodes)]
    rove = focus if focus in lit else (lit[0] if lit else None)

    def target(kind: str, mark: str, label: str) -> str:
        return _target(kind, mark, label, selected, rove)

    paid_key = tuple((h, tuple(entries)) for h, entries in paid.items())
    board_label, rings, badges = _paid_layer(board, paid_key, view.node_owner, tuple(colors), tuple(glyphs), lang, names)
    head: list[tuple[str, str]] = [("xmlns", "http://www.w3.org/2000/svg"), ("class", "catan-board"), ("viewBox", VIEWBOX)]
    if size is not None:
        head += [("width", str(int(size))), ("height", str(round(int(size) * _VIEW_H / _VIEW_W)))]
    # a group, not an image: role="img" would hide the hexes, pieces and buttons inside
    head += [("role", "group"), ("aria-label", board_label), ("font-family", FONT)]

    out: list[tuple[str, str]] = [("style", _STYLE), ("sea", _SEA), ("frame", _FRAME)]
    out += _harbors(board, lang, names)
    out.append(("beach", _BEACH))

    # hexes: tile, glyph, word, number token (the whole group is the click target)
    lit_hexes = (hl_hexes, selected, rove) if hl_hexes else None
    out += _hexes(board, lang, names, view.robber, lit_hexes)

    # tutorial marks on hexes (and the last robber's move), over them
    out += [(f"mark-h{h}", _hex_mark(h)) for h in sorted(marks["h"])]

    # the rings of the hexes that paid, under the pieces
    out += rings

    # tutorial marks on paths: a halo under the roads
    for e in sorted(marks["e"]):
        x1, y1, x2, y2 = _edge_ends(e, 0.12)
        out.append((f"mark-e{e}",
                    f'<line class="marked" data-at="e{e}" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"'
                    f' stroke="{MARK}" stroke-width="32" stroke-linecap="round" opacity=".85" pointer-events="none"/>'))

    if pieces:
        out += _pieces(board, view.edge_owner, view.node_owner, view.node_city, tuple(colors), glyphs, lang, names)
        out.append(_robber_item(board, view.robber, lang, names))

    # who received what from each hex that paid, over the pieces
    out += badges

    # annotations on intersections, and the rings under highlighted intersections
    for n in sorted(marks["n"]):
        x, y = NODE_POS[n]
        out.append((f"mark-n{n}", f'<circle class="marked" data-at="n{n}" cx="{_n(x)}" cy="{_n(y)}" r="36" fill="none"'
                                  f' stroke="{MARK}" stroke-width="7" pointer-events="none"/>'))
    for n in sorted(hl_nodes):
        x, y = NODE_POS[n]
        r = 33 if _occupied(n, view, pieces) else 26
        out.append((f"lit{n}", f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{r}" fill="none" stroke="{OUTLINE}" stroke-width="10"'
                               ' opacity=".6" pointer-events="none"/>'))

    if show_ids:
        out.append(("ids", _id_labels(tr)))

    # click areas: paths (a transparent band along each), then intersections above them; in
    # each, the targets last (above the other spots of their kind)
    edge_spots, node_spots = _spots()
    out += [item for e, item in enumerate(edge_spots) if e not in hl_edges] if hl_edges else edge_spots
    for e in sorted(hl_edges):
        out.append((f"e{e}", f'<g {target("edge", f"e{e}", escape(_edge_label(e, view, words, t)))} data-edge="{e}">' + _edge_target(e) + "</g>"))
    out += [item for n, item in enumerate(node_spots) if n not in hl_nodes] if hl_nodes else node_spots
    for n in sorted(hl_nodes):
        out.append((f"n{n}", f'<g {target("node", f"n{n}", escape(_node_label(n, view, words, t)))} data-node="{n}">'
                             + _node_target(n, _occupied(n, view, pieces)) + "</g>"))
    return Drawing(tuple(head), tuple(out))


def _target(kind: str, mark: str, label: str, selected: str | None, rove: str | None) -> str:
    """The class (``kind`` and ``target``, ``selected`` when it is) and the button attributes
    of the target at ``mark``, named ``label`` (escaped); ``rove``: the target that is the Tab stop."""
    chosen = " selected" if mark == selected else ""
    return f'class="{kind} target{chosen}" tabindex="{0 if mark == rove else -1}" role="button" aria-label="{label}"'


@lru_cache(maxsize=8)
def _paid_layer(
    board: Board,
    paid: tuple[tuple[int, tuple[tuple[int, int, int], ...]], ...],
    node_owner: tuple[int, ...],
    colors: tuple[str, ...],
    glyphs: tuple[str, ...],
    lang: str,
    names: tuple[str, ...],
) -> tuple[str, tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """What the last roll paid (``paid``: :func:`_paid`'s groups), drawn: the board's name
    saying it, the rings under the pieces and the badges over them, keyed (``colors``
    escaped). Made again only when the dice are rolled or a building stands where a badge is
    anchored (most actions do neither)."""
    words = places(board, lang)

    def t(key: str, **params: object) -> str:
        return translate(key, params, lang, names)

    paid_words = {h: _paid_label(h, list(entries), words, t) for h, entries in paid}
    board_label = t("svg.board")
    if paid:
        board_label = t("svg.board_produced", board=board_label, details=" ".join(paid_words.values()))
    rings = tuple((f"ring{h}", _paid_ring(h)) for h, _ in paid)
    badges = []
    for h, entries in paid:
        name = escape(paid_words[h])
        badges.append((f"paid{h}", f'<g class="paid" data-at="h{h}" role="img" aria-label="{name}" pointer-events="none"><title>{name}</title>'
                       + "".join(_badge(h, seat, count, node_owner, colors[seat], glyphs[seat]) for seat, _, count in entries)
                       + _chip(h, {seat for seat, _, _ in entries}, node_owner, escape(t("resource." + RESOURCES[entries[0][1]])))
                       + "</g>"))
    return board_label, rings, tuple(badges)


@lru_cache(maxsize=8)
def _robber_item(board: Board, robber: int, lang: str, names: tuple[str, ...]) -> tuple[str, str]:
    """The robber on hex ``robber``, keyed (made again only when it moves)."""
    rx, ry = _robber_spot(robber, board.numbers[robber])
    title = escape(translate("svg.robber", {"place": places(board, lang).hexes[robber]}, lang, names))
    return ("robber", f'<g class="robber" data-at="h{robber}" role="img" aria-label="{title}" pointer-events="none">'
                      f"<title>{title}</title>{_robber(rx, ry)}</g>")


@lru_cache(maxsize=16)
def _hexes(
    board: Board,
    lang: str,
    names: tuple[str, ...],
    robber: int,
    lit: tuple[frozenset[int], str | None, str | None] | None,
) -> tuple[tuple[str, str], ...]:
    """The hexes (tile, ring, glyph, word, number token; the whole group is the click target),
    keyed: ``lit``, the hexes that are targets with the selected spot and the Tab stop (None:
    no hex is). Made again only when the robber moves or the hexes are chosen from (most
    actions do neither); a hex lit or going dark differs only in its group's attributes (its
    ring is shown by the style), so that a page rewrites only those (``catan_web.patch.Retag``)."""
    words, out = places(board, lang), []
    for h, (key, kind, place) in enumerate(_hex_words(board, lang)):
        label = place if h != robber else escape(translate("svg.hex_robber", {"place": words.hexes[h]}, lang, names))
        is_lit = lit is not None and h in lit[0]
        attrs = _target(kind, key, label, lit[1], lit[2]) if lit is not None and is_lit else f'class="{kind}" role="img" aria-label="{label}"'
        out.append((key, f'<g {attrs} data-hex="{h}">{_tile(h, board.terrains[h], board.numbers[h], lang)}</g>'))
    return tuple(out)


@lru_cache(maxsize=8)
def _pieces(
    board: Board,
    edge_owner: tuple[int, ...],
    node_owner: tuple[int, ...],
    node_city: tuple[bool, ...],
    colors: tuple[str, ...],
    glyphs: tuple[str, ...],
    lang: str,
    names: tuple[str, ...],
) -> tuple[tuple[str, str], ...]:
    """The roads, then the settlements and cities, keyed (``colors`` escaped): made again only
    when a piece was built (most actions build nothing)."""
    words = places(board, lang)
    roads = [(f"road{e}", _road_piece(e, p, colors[p], glyphs[p], _piece_title("svg.road", p, words.edges[e], lang, names)))
             for e, p in enumerate(edge_owner) if p >= 0]
    buildings = []
    for n, p in enumerate(node_owner):
        if p >= 0:
            kind = "city" if node_city[n] else "settlement"
            buildings.append((f"piece{n}", _building(n, kind, p, colors[p], glyphs[p], _piece_title("svg." + kind, p, words.nodes[n], lang, names))))
    return (*roads, *buildings)


# --- the parts that do not change with the position (computed once) ---------------------------

_SEA = (f'<polygon class="sea" points="{_pts(_frame())}" fill="{SEA}" stroke="{SEA_EDGE}" stroke-width="14"'
        ' stroke-linejoin="round"/>')


@cache
def _spots() -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """Every path's and every intersection's click area when it is no target, keyed."""
    return tuple((f"e{e}", _edge_spot(e)) for e in range(EDGE_COUNT)), tuple(
        (f"n{n}", _node_spot(n)) for n in range(NODE_COUNT)
    )


@lru_cache(maxsize=64)
def _harbors(board: Board, lang: str, names: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The harbors of ``board``, keyed, their words in ``lang``."""
    words = places(board, lang)

    def t(key: str, **params: object) -> str:
        return translate(key, params, lang, names)

    return tuple((f"harbor{i}", _harbor(i, e, board.harbors[i], lang, _harbor_label(e, board.harbors[i], words, t)))
                 for i, e in enumerate(HARBOR_EDGES))


@lru_cache(maxsize=64)
def _hex_words(board: Board, lang: str) -> tuple[tuple[str, str, str], ...]:
    """Each hex of ``board``: its key, its class and its name in ``lang`` (escaped; the robber's
    hex is named with the robber when drawn, as :func:`_hex_label` names it)."""
    words = places(board, lang)
    return tuple((f"h{h}", f"hex terrain-{TERRAINS[board.terrains[h]]}", escape(words.hexes[h])) for h in range(HEX_COUNT))


@cache
def _edge_spot(e: int) -> str:
    """The click area of path ``e`` when it is no target."""
    return f'<polygon class="edge" data-edge="{e}" points="{_edge_band(e, SPOT_HIT[1])}" fill="#000" fill-opacity="0"/>'


@cache
def _node_spot(n: int) -> str:
    """The click area of intersection ``n`` when it is no target."""
    x, y = NODE_POS[n]
    return f'<circle class="node" data-node="{n}" cx="{_n(x)}" cy="{_n(y)}" r="{SPOT_HIT[0]}" fill="#000" fill-opacity="0"/>'


@cache
def _edge_target(e: int) -> str:
    """The drawing inside path ``e``'s target group: its highlight, hit band and focus ring."""
    x1, y1, x2, y2 = _edge_ends(e, 0.2)
    short = f'x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke-linecap="round"'
    return (
        f'<line {short} stroke="{OUTLINE}" stroke-width="20" opacity=".6"/>'
        f'<line class="hl" {short} stroke="#ffffff" stroke-width="11"/>'
        f'<polygon points="{_edge_band(e, EDGE_HIT)}" fill="#000" fill-opacity="0"/>'
        + _focus_ring(f'polygon points="{_edge_band(e, FOCUS_EDGE)}" stroke-linejoin="round"')
    )


@cache
def _node_target(n: int, occupied: bool) -> str:
    """The drawing inside intersection ``n``'s target group: a white disc on an empty spot, a
    ring around a settlement to upgrade; its hit disc and focus ring."""
    x, y = NODE_POS[n]
    at = f'cx="{_n(x)}" cy="{_n(y)}"'
    look = 'r="33" fill="#ffffff" fill-opacity="0"' if occupied else 'r="26" fill="#ffffff" fill-opacity=".7"'
    return (
        f'<circle class="hl" {at} {look} stroke="#ffffff" stroke-width="6"/>'
        f'<circle {at} r="{NODE_HIT}" fill="#000" fill-opacity="0"/>'
        + _focus_ring(f'circle {at} r="{FOCUS_NODE}"')
    )


@lru_cache(maxsize=4096)
def _road_piece(e: int, p: int, color: str, glyph: str, title: str) -> str:
    """Seat ``p``'s road on path ``e``, an image named ``title`` (escaped)."""
    return (f'<g class="road" data-seat="{p}" data-at="e{e}" role="img" aria-label="{title}" pointer-events="none">'
            f"<title>{title}</title>{_road(e, color, glyph)}</g>")


@lru_cache(maxsize=4096)
def _building(n: int, kind: str, p: int, color: str, glyph: str, title: str) -> str:
    """Seat ``p``'s settlement or city (``kind``) on intersection ``n``, an image named ``title`` (escaped)."""
    x, y = NODE_POS[n]
    draw = _city if kind == "city" else _house
    return (f'<g class="{kind}" data-seat="{p}" data-at="n{n}" role="img" aria-label="{title}" pointer-events="none">'
            f"<title>{title}</title>{draw(x, y, color, glyph)}</g>")


def _frame_inner() -> list[tuple[float, float]]:
    r = FRAME_RADIUS - 22
    return [(r * math.cos(math.pi / 3 * k), r * math.sin(math.pi / 3 * k)) for k in range(6)]


_FRAME = (f'<polygon points="{_pts(_frame_inner())}" fill="none" stroke="#ffffff" stroke-opacity=".18" stroke-width="3"'
          ' stroke-dasharray="18 14"/>')
_BEACH = (f'<g class="beach" fill="{SAND}" stroke="{SAND}" stroke-width="30" stroke-linejoin="round">'
          + "".join(f'<polygon points="{_pts(_hex_corners(h))}"/>' for h in range(HEX_COUNT)) + "</g>")


def _focus_ring(shape: str) -> str:
    """The :data:`FOCUS_RING` drawn along ``shape`` (an element's name and geometry
    attributes, e.g. ``'circle cx="0" cy="0" r="40"'``), shown by the style only while its
    target has the keyboard focus or is selected."""
    strokes = "".join(
        f'<{shape} fill="none" stroke="{color}" stroke-width="{width}" vector-effect="non-scaling-stroke"/>'
        for color, width in FOCUS_RING
    )
    return f'<g class="focus-ring" pointer-events="none">{strokes}</g>'


def _occupied(n: int, view: View, pieces: bool) -> bool:
    return pieces and view.node_owner[n] >= 0


def _robber_spot(h: int, number: int) -> tuple[float, float]:
    cx, cy = HEX_XY[h]
    return (cx, cy + 8) if not number else (cx - 57, cy + 6)


def _paid(produced: Iterable[tuple[int, int, int, int]], seats: int) -> dict[int, list[tuple[int, int, int]]]:
    """``produced`` checked and grouped: hex -> ``(seat, resource, count)`` in seat order
    (counts of one seat added up), hexes in id order."""
    totals: dict[tuple[int, int, int], int] = {}
    for entry in produced:
        h, seat, resource, count = entry
        _id_set((h,), HEX_COUNT, "hex")
        if not (0 <= seat < seats and 0 <= resource < len(RESOURCES) and type(count) is int and count > 0):
            raise ValueError(f"bad production {entry!r}: expected (hex, seat, resource, count > 0)")
        totals[h, seat, resource] = totals.get((h, seat, resource), 0) + count
    out: dict[int, list[tuple[int, int, int]]] = {}
    for (h, seat, resource), count in sorted(totals.items()):
        out.setdefault(h, []).append((seat, resource, count))
    return out


def _paid_label(h: int, entries: list[tuple[int, int, int]], words: Places, t: _Tr) -> str:
    """What hex ``h`` paid, as a sentence (not escaped)."""
    items = [t("svg.produced_item", player=seat, count=count, resource=resource) for seat, resource, count in entries]
    return t("svg.produced", place=words.hexes[h], items=t("word.list_separator").join(items))


def _paid_ring(h: int) -> str:
    """The gold ring inside hex ``h``, edged dark so that it shows on every terrain."""
    share, edge, gold = PRODUCED_RING
    ring = _pts(_hex_corners(h, share))
    return (
        f'<g class="paid-ring" data-at="h{h}" pointer-events="none">'
        f'<polygon points="{ring}" fill="none" stroke="{OUTLINE}" stroke-width="{edge}" stroke-linejoin="round" opacity=".6"/>'
        f'<polygon points="{ring}" fill="none" stroke="{PRODUCED}" stroke-width="{gold}" stroke-linejoin="round"/></g>'
    )


def _badge_corner(h: int, seat: int, node_owner: Sequence[int]) -> tuple[float, float]:
    """Where the badge of ``seat`` on hex ``h`` is anchored: its first building there
    (clockwise from the top corner; ``node_owner``: each intersection's owner), or the top
    corner when it has none there."""
    cx, cy = HEX_XY[h]
    return next((NODE_POS[n] for n in HEX_NODES[h] if node_owner[n] == seat), (cx, cy - SCALE))


def _chip(h: int, seats: set[int], node_owner: Sequence[int], word: str) -> str:
    """The resource hex ``h`` paid (``word``, escaped), at a tip of the hex no badge of
    ``seats`` holds (nothing when both are held)."""
    cx, cy = HEX_XY[h]
    held = {by > cy for bx, by in (_badge_corner(h, seat, node_owner) for seat in seats) if abs(bx - cx) < 1}
    free = [below for below in (True, False) if below not in held]
    if not free:
        return ""
    y = cy + (BADGE_TIP * SCALE if free[0] else -BADGE_TIP * SCALE)
    width = 2 * CHIP_PAD + len(word) * CHIP_CHAR * CHIP_FONT
    return (
        f'<g class="chip"><rect x="{_n(cx - width / 2)}" y="{_n(y - CHIP_HEIGHT / 2)}" width="{_n(width)}"'
        f' height="{CHIP_HEIGHT}" rx="{CHIP_HEIGHT // 2}" fill="{PRODUCED}" stroke="{OUTLINE}" stroke-width="{BADGE_EDGE}"/>'
        + _text(cx, y + CHIP_FONT * 0.35, word, CHIP_FONT, INK, "800")
        + "</g>"
    )


def _badge(h: int, seat: int, count: int, node_owner: Sequence[int], color: str, glyph: str) -> str:
    """Seat ``seat``'s "+count" from hex ``h``, inside the hex by its :func:`_badge_corner`."""
    cx, cy = HEX_XY[h]
    bx, by = _badge_corner(h, seat, node_owner)
    text = f"+{count}"
    width = 2 * BADGE_PAD + 2 * BADGE_GLYPH + BADGE_PAD / 2 + len(text) * BADGE_CHAR * BADGE_FONT
    side = (bx > cx + 1) - (bx < cx - 1)
    if side:
        reach, shift = BADGE_FLANK
        x = cx + side * ((_R3 + reach) * SCALE - width / 2)
        y = cy + (shift * SCALE if by > cy else -shift * SCALE)
    else:
        x, y = cx, cy + (BADGE_TIP * SCALE if by > cy else -BADGE_TIP * SCALE)
    left, top = x - width / 2, y - BADGE_HEIGHT / 2
    fg = ink(color)
    gx = left + BADGE_PAD + BADGE_GLYPH
    tx = (gx + BADGE_GLYPH + left + width - BADGE_PAD / 2) / 2
    return (
        f'<g class="badge" data-seat="{seat}">'
        f'<rect x="{_n(left)}" y="{_n(top)}" width="{_n(width)}" height="{BADGE_HEIGHT}" rx="{BADGE_HEIGHT // 2}"'
        f' fill="{color}" stroke="{OUTLINE}" stroke-width="{BADGE_EDGE}"/>'
        + glyph_svg(glyph, gx, y, BADGE_GLYPH, fg)
        + _text(tx, y + BADGE_FONT * 0.36, text, BADGE_FONT, fg, "800")
        + "</g>"
    )


@cache
def _hex_mark(h: int) -> str:
    """The annotation of hex ``h`` (``marked``): a dashed ring inside its edge, an element of
    its own (so that a hex marked or no longer marked is not written again)."""
    return (
        f'<polygon class="marked" data-at="h{h}" points="{_pts(_hex_corners(h, 0.93))}" fill="none" stroke="{MARK}"'
        ' stroke-width="8" stroke-dasharray="16 9" stroke-linejoin="round" pointer-events="none"/>'
    )


@lru_cache(maxsize=512)
def _tile(h: int, terrain: int, number: int, lang: str) -> str:
    """Hex ``h``'s tile, ring (:func:`_hex_ring`), glyph, word and number token for ``terrain``
    and ``number``."""
    fill, _, label_color = TERRAIN_STYLE[terrain]
    cx, cy = HEX_XY[h]
    word = escape(translate("terrain." + TERRAINS[terrain], {}, lang))
    parts = [
        f'<polygon class="tile" points="{_pts(_hex_corners(h))}" fill="{fill}" stroke="{HEX_LINE}" stroke-width="5" stroke-linejoin="round"/>',
        _hex_ring(h),
        f'<g transform="translate({_n(cx)} {_n(cy - 50)})">{_glyph(terrain)}</g>',
        # a space between the drawn word and number, so that they read as the words of the
        # hex's name ("forest 11" in "the forest 11"), not as one ("forest11")
        _text(cx, cy + 61, word, 14.5, label_color, "600", ' letter-spacing=".4"') + " ",
    ]
    if number:
        ty = cy + 10
        red = number in (6, 8)
        ink = RED_NUMBER if red else INK
        parts.append(f'<circle cx="{_n(cx + 2)}" cy="{_n(ty + 3)}" r="32" fill="#000" opacity=".25"/>')
        parts.append(f'<circle cx="{_n(cx)}" cy="{_n(ty)}" r="32" fill="#f8f0da" stroke="#6b5a3a" stroke-width="2"/>')
        parts.append(_text(cx, ty + 6 if red else ty + 5, str(number), 30 if red else 26, ink, "800" if red else "700"))
        pips = PIPS[number]
        parts.extend(
            f'<circle cx="{_n(cx + (k - (pips - 1) / 2) * 8)}" cy="{_n(ty + 17)}" r="3" fill="{ink}"/>' for k in range(pips)
        )
    return "".join(parts)


def _hex_ring(h: int) -> str:
    """The ring inside hex ``h`` (:data:`HEX_RING`), under its glyph, word and token: hidden
    (``display="none"``, also where no style is read) unless the style shows it, while the hex
    is a target; its look is the style's (:data:`_STYLE`), its focus ring too."""
    ring = _pts(_hex_corners(h, HEX_RING[0]))
    return f'<g class="ring" display="none"><polygon points="{ring}"/><polygon class="hl" points="{ring}"/></g>'


# --- accessible names ---------------------------------------------------------------------------


def _hex_label(h: int, view: View, words: Places, t: _Tr) -> str:
    """Hex ``h`` by its terrain and number, and whether the robber stands on it."""
    place = words.hexes[h]
    return t("svg.hex_robber", place=place) if view.robber == h else place


def _node_label(n: int, view: View, words: Places, t: _Tr) -> str:
    """Intersection ``n`` by its neighbourhood, and free or whose building stands there."""
    p = view.node_owner[n]
    state = t("svg.free") if p < 0 else t("svg.city" if view.node_city[n] else "svg.settlement", player=p)
    return t("svg.node_label", place=words.nodes[n], state=state)


def _edge_label(e: int, view: View, words: Places, t: _Tr) -> str:
    """Path ``e`` by the hexes it separates, and free or whose road it is."""
    p = view.edge_owner[e]
    state = t("svg.free") if p < 0 else t("svg.road", player=p)
    return t("svg.edge_label", place=words.edges[e], state=state)


_LABELS = {"h": _hex_label, "n": _node_label, "e": _edge_label}


def spot_label(view: View, mark: str, lang: str = "en") -> str:
    """The words naming board spot ``mark`` (``"n12"``, ``"e40"``, ``"h5"``) when it is a target:
    where it is and what stands there (not escaped).

    >>> from catan_core.game import Game, Options
    >>> spot_label(Game(Options(players=3, board="beginner"), seed=1).view(None), "h9")
    'the desert, robber here'
    """
    kind, ident = parse_mark(mark)
    names = [s.name for s in view.seats]
    return _LABELS[kind](ident, view, places(view.board, lang), lambda key, **params: translate(key, params, lang, names))


@lru_cache(maxsize=1024)
def _piece_title(key: str, p: int, place: str, lang: str, names: tuple[str, ...]) -> str:
    """A piece's title: seat ``p``'s piece (message ``key``) and where it stands (escaped)."""
    piece = translate(key, {"player": p}, lang, names)
    return escape(translate("svg.piece_at", {"piece": piece, "place": place}, lang, names))


def _harbor_label(e: int, kind: int, words: Places, t: _Tr) -> str:
    """The harbor on path ``e`` in words: its ratio, its resource and where it is (escaped)."""
    harbor = t("place.harbor_generic") if kind == GENERIC_HARBOR else t("place.harbor_specific", resource=kind)
    return escape(t("svg.harbor_at", harbor=harbor, place=words.edges[e]))


def _harbor_half_width(word: str, size: float, below: float) -> float:
    """Half the width of a harbor badge whose ``word`` (``size`` units high, its baseline
    ``below`` units under the badge's centre) must fit inside its edge: a circle of radius
    :data:`HARBOR_RADIUS`, stretched into a pill when the word is too wide for it."""
    inner = HARBOR_RADIUS - HARBOR_EDGE / 2
    bottom = below + size * TEXT_DESCENT
    room = math.sqrt(max(inner**2 - bottom**2, 0.0))
    needed = len(word) * HARBOR_CHAR * size / 2 + HARBOR_PAD
    return HARBOR_RADIUS + max(0.0, needed - room)


@lru_cache(maxsize=256)
def _harbor(i: int, e: int, kind: int, lang: str, label: str) -> str:
    """Harbor ``i`` on path ``e`` (its ``kind``: a resource or generic), an image named ``label``
    (escaped), its words in ``lang``."""

    def tr(key: str) -> str:
        return escape(translate(key, {}, lang))

    mx, my = _edge_mid(e)
    cx, cy = HEX_XY[EDGE_HEXES[e][0]]
    dx, dy = mx - cx, my - cy
    length = math.hypot(dx, dy)
    hx, hy = mx + dx / length * 82, my + dy / length * 82
    generic = kind == GENERIC_HARBOR
    ring = "#4a4f55" if generic else RESOURCE_COLORS[kind]
    parts = [f'<g class="harbor" data-harbor="{i}" role="img" aria-label="{label}">']
    for n in EDGE_NODES[e]:
        nx, ny = NODE_POS[n]
        px, py = nx + (hx - nx) * 0.08, ny + (hy - ny) * 0.08
        parts.append(f'<line x1="{_n(px)}" y1="{_n(py)}" x2="{_n(hx)}" y2="{_n(hy)}" stroke="#6b4423" stroke-width="9" stroke-linecap="round"/>')
        parts.append(f'<line x1="{_n(px)}" y1="{_n(py)}" x2="{_n(hx)}" y2="{_n(hy)}" stroke="#c0915f" stroke-width="4" stroke-linecap="round" stroke-dasharray="5 3"/>')
    (ratio_size, ratio_y), (word_size, word_y) = HARBOR_TEXT[generic]
    word = tr("svg.harbor_any") if generic else tr("resource." + RESOURCES[kind])
    half = _harbor_half_width(word, word_size, word_y)
    r = HARBOR_RADIUS
    parts.append(
        f'<rect class="plate" x="{_n(hx - half)}" y="{_n(hy - r)}" width="{_n(2 * half)}" height="{2 * r}" rx="{r}"'
        f' fill="#fffaf0" stroke="{ring}" stroke-width="{HARBOR_EDGE}"/>'
    )
    parts.append(_text(hx, hy + ratio_y, tr("svg.harbor_generic" if generic else "svg.harbor_specific"), ratio_size, INK, "800"))
    parts.append(_text(hx, hy + word_y, word, word_size, "#4a4f55" if generic else ring, "700" if generic else "800"))
    parts.append("</g>")
    return "".join(parts)


def _id_labels(tr: _Tr) -> str:
    out = ['<g class="ids" pointer-events="none">']
    for h in range(HEX_COUNT):
        cx, cy = HEX_XY[h]
        x, y = cx + 56, cy + 10
        out.append(f'<rect x="{_n(x - 18)}" y="{_n(y - 13)}" width="36" height="26" rx="13" fill="#202020" opacity=".88"/>')
        out.append(_text(x, y + 6.5, str(h), 18, "#ffffff", "700"))
    for e in range(EDGE_COUNT):
        x, y = _edge_mid(e)
        out.append(f'<rect x="{_n(x - 13)}" y="{_n(y - 9)}" width="26" height="18" rx="3" fill="#1b3f66" stroke="#ffffff" stroke-width="1.2"/>')
        out.append(_text(x, y + 4.5, str(e), 12.5, "#ffffff", "700"))
    for n in range(NODE_COUNT):
        x, y = NODE_POS[n]
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="13" fill="#ffffff" stroke="{OUTLINE}" stroke-width="1.8"/>')
        out.append(_text(x, y + 4.5, str(n), 13, OUTLINE, "700"))
    # legend in the top left corner, outside the frame
    lx, ly = -_VIEW_W / 2 + 14, -_VIEW_H / 2 + 12
    out.append(f'<rect x="{_n(lx)}" y="{_n(ly)}" width="180" height="92" rx="8" fill="#ffffff" fill-opacity=".92" stroke="{OUTLINE}" stroke-width="1.5"/>')
    rows = (
        (f'<rect x="{_n(lx + 10)}" y="{_n(ly + 8)}" width="30" height="22" rx="11" fill="#202020"/>', "svg.legend_hex"),
        (f'<circle cx="{_n(lx + 25)}" cy="{_n(ly + 46)}" r="11" fill="#ffffff" stroke="{OUTLINE}" stroke-width="1.8"/>', "svg.legend_node"),
        (f'<rect x="{_n(lx + 14)}" y="{_n(ly + 65)}" width="22" height="16" rx="3" fill="#1b3f66"/>', "svg.legend_edge"),
    )
    for k, (shape, key) in enumerate(rows):
        out.append(shape)
        out.append(
            f'<text x="{_n(lx + 50)}" y="{_n(ly + 25 + k * 27)}" font-size="16" fill="{OUTLINE}">{tr(key)}</text>'
        )
    out.append("</g>")
    return "".join(out)


def render_ids(lang: str = "en") -> str:
    """The beginner board without pieces, every id written on it (``docs/board-ids.svg``)."""
    view = Game(Options(players=4, board="beginner"), seed=0).view(None, with_log=False)
    return render(view, lang=lang, show_ids=True, pieces=False)
