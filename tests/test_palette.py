"""The seat palette: any two seat colours stay apart, and every piece stands out on the board,
for typical colour vision, in greyscale and under simulated protanopia, deuteranopia and
tritanopia (``tests/colorvision.py``: Machado et al. 2009 at full severity, CIEDE2000).

Thresholds, and why
-------------------
ΔE00 (CIEDE2000) is about 1 at the just-noticeable difference for two large patches side
by side; 2-3 is an obvious difference there. Pieces are small marks (a road is about
4 px wide and a settlement 13 px on a 390 px board) seen apart, and the difference needed
to tell small marks apart grows quickly as they shrink (Szafir, "Modeling Color Difference
for Visualization Design", IEEE TVCG 24(1), 2018), so the floors are well above that:

* :data:`PAIR_MIN`, between any two seat colours offered (two of them may share a game):
  20 for typical vision (different named colours, not shades of one), 10 under each
  dichromacy (a "large" difference, at least five times the obvious one). Greyscale keeps
  only lightness, and seven colours have to share the L* range that is left once the
  darkest stays apart from black: 7 (about 8-10 L* apart) is what seven colours can have
  (``PALETTE`` spaces them along L*, see ``catan_core/palette.py``). Beyond that the glyphs
  on the pieces (:data:`catan_core.palette.GLYPHS`), not colour, tell the seats apart.
* :data:`GROUND_MIN`, between a seat colour and every ground a piece can stand on (each
  terrain's fill, the beach, and the sea for pieces on the coast): 10 for typical vision,
  so that a colour reads as itself on every terrain (the old green on forest did not);
  5 under each dichromacy and 3 in greyscale (about 4 L*: never the very grey of a terrain).
  These are lower because every piece has a dark outline, and it is the outline that draws
  the piece on the ground:
* :data:`OUTLINE_CONTRAST_MIN`, the WCAG 2.1 contrast of that outline against every ground
  in every view: 3:1, the floor WCAG 2.1 success criterion 1.4.11 (non-text contrast) sets
  for the parts of a graphic needed to understand it; and it is at least
  :data:`OUTLINE_MIN_PX` wide on a 390 px board, so that antialiasing does not wash it out.
* :data:`INK_CONTRAST_MIN`, the glyph's ink against its seat colour: 4.5:1, the WCAG
  criterion 1.4.3 floor for small text, as a glyph is read like a small character.

:func:`palette_problems` measures all of these; the old palette (kept here as
:data:`OLD_PALETTE`) fails it, the current one passes.
"""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

import colorvision
from catan_core import svg
from catan_core.game import default_seats
from catan_core.i18n import LANGUAGES
from catan_core.palette import COLORS, DARK_INK, GLYPHS, LIGHT_INK, PALETTE, glyph_of, ink, mark_svg, seat_glyphs
from colorvision import VIEWS, contrast, delta_e, simulate

ROOT = Path(__file__).resolve().parent.parent

PAIR_MIN: dict[str, float] = {
    "normal": 20, "greyscale": 7, "protanopia": 10, "deuteranopia": 10, "tritanopia": 10,
}
"""Least ΔE00 between any two seat colours, per view."""
GROUND_MIN: dict[str, float] = {
    "normal": 10, "greyscale": 3, "protanopia": 5, "deuteranopia": 5, "tritanopia": 5,
}
"""Least ΔE00 between a seat colour and any ground a piece stands on, per view."""
OUTLINE_CONTRAST_MIN = 3.0
"""WCAG 2.1 SC 1.4.11: least contrast of a graphic's essential parts."""
INK_CONTRAST_MIN = 4.5
"""WCAG 2.1 SC 1.4.3: least contrast of small text; a glyph is read like one."""
BOARD_PX = 390
"""The narrowest board the game lays out (a phone held upright)."""
OUTLINE_MIN_PX = 1.5
"""Least width of a piece's outline on a :data:`BOARD_PX` board."""

GROUNDS: dict[str, str] = {
    **{name: style[0] for name, style in zip(("forest", "pasture", "fields", "hills", "mountains", "desert"), svg.TERRAIN_STYLE)},
    "beach": svg.SAND,
    "sea": svg.SEA,
}
"""What a piece can stand on: every terrain, the beach round the island and the sea."""

OLD_PALETTE: dict[str, str] = {
    "red": "#d7263d", "blue": "#1b65c4", "white": "#e8e8e8", "orange": "#f29e1f",
    "green": "#2e8b57", "brown": "#8b5a2b", "purple": "#7b3fa0",
}
"""The colours offered before this palette, for the record of what it fixes."""


def palette_problems(colors: dict[str, str]) -> list[str]:
    """Every way ``colors`` (name -> ``#rrggbb``) falls short of the floors above."""
    out = []
    names = list(colors)
    for view in VIEWS:
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                d = delta_e(colors[a], colors[b], view)
                if d < PAIR_MIN[view]:
                    out.append(f"{view}: {a}/{b} ΔE00 {d:.1f} < {PAIR_MIN[view]}")
            for ground, fill in GROUNDS.items():
                d = delta_e(colors[a], fill, view)
                if d < GROUND_MIN[view]:
                    out.append(f"{view}: {a} on {ground} ΔE00 {d:.1f} < {GROUND_MIN[view]}")
    for name, color in colors.items():
        c = max(contrast(color, DARK_INK), contrast(color, LIGHT_INK))
        if c < INK_CONTRAST_MIN:
            out.append(f"{name}: glyph ink contrast {c:.2f} < {INK_CONTRAST_MIN}")
    return out


# --- the measuring tools ---------------------------------------------------------------------


def test_colorvision_examples() -> None:
    assert doctest.testmod(colorvision).failed == 0


@pytest.mark.parametrize(
    "lab1, lab2, expected",
    [  # Sharma, Wu & Dalal 2005, table 1: pairs 1, 7, 17, 19, 25 and 34
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
    ],
)
def test_ciede2000_matches_the_published_test_data(lab1: colorvision.Lab, lab2: colorvision.Lab, expected: float) -> None:
    assert colorvision.ciede2000(lab1, lab2) == pytest.approx(expected, abs=5e-5)
    assert colorvision.ciede2000(lab2, lab1) == pytest.approx(expected, abs=5e-5)


def test_simulations_keep_greys_and_lose_what_they_should() -> None:
    for view in VIEWS:
        assert simulate("#777777", view) == "#777777"
    # the classic confusions: red and green for protanopes and deuteranopes, blue and green
    # for tritanopes, come out much closer than they are
    assert delta_e("#ff0000", "#00aa00", "protanopia") < delta_e("#ff0000", "#00aa00") / 2
    assert delta_e("#ff0000", "#00aa00", "deuteranopia") < delta_e("#ff0000", "#00aa00") / 2
    assert delta_e("#0000ff", "#00aa00", "tritanopia") < delta_e("#0000ff", "#00aa00") / 2
    assert colorvision.lab("#ffffff") == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert colorvision.luminance(colorvision.greyscale("#d7263d")) == pytest.approx(colorvision.luminance("#d7263d"), abs=0.003)


# --- the palette -----------------------------------------------------------------------------


def test_the_palette_table() -> None:
    keys = [c.key for c in PALETTE]
    assert len(set(keys)) == len(keys) == len(COLORS) and list(COLORS) == keys
    assert len({c.hex for c in PALETTE}) == len(PALETTE)
    assert all(c.hex == c.hex.lower() and colorvision.parse(c.hex) for c in PALETTE)
    assert sorted(c.glyph for c in PALETTE) == sorted(GLYPHS), "one glyph per colour, each used once"
    assert [s.color for s in default_seats(4)] == [c.hex for c in PALETTE[:4]]
    assert [s.name for s in default_seats(4)] == [c.key.title() for c in PALETTE[:4]]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_colour_is_named_in_every_language(lang: str) -> None:
    with open(ROOT / "web" / "catan_web" / "messages" / f"{lang}.json", encoding="utf-8") as f:  # the pages name colours
        messages = json.load(f)
    named = sorted(key.removeprefix("ui.color.") for key in messages if key.startswith("ui.color."))
    assert named == sorted(COLORS)


def test_the_palette_passes() -> None:
    assert palette_problems(COLORS) == []


def test_the_old_palette_failed() -> None:
    problems = palette_problems(OLD_PALETTE)
    # red and blue were one grey; protanopes and deuteranopes lost several pairs; the
    # green disappeared into the forest
    assert any(p.startswith("greyscale: red/blue") for p in problems)
    assert any(p.startswith("deuteranopia: blue/purple") for p in problems)
    assert any(p.startswith("protanopia: red/brown") for p in problems)
    assert any(p.startswith("normal: green on forest") for p in problems)


@pytest.mark.parametrize("view", VIEWS)
def test_the_piece_outline_stands_out_on_every_ground(view: str) -> None:
    for ground, fill in GROUNDS.items():
        assert contrast(svg.OUTLINE, simulate(fill, view)) >= OUTLINE_CONTRAST_MIN, ground
    px_per_unit = BOARD_PX / float(svg.VIEWBOX.split()[2])
    assert svg.PIECE_OUTLINE * px_per_unit >= OUTLINE_MIN_PX


@pytest.mark.parametrize("color", [c.hex for c in PALETTE])
def test_the_glyph_ink_is_the_one_that_contrasts(color: str) -> None:
    other = LIGHT_INK if ink(color) == DARK_INK else DARK_INK
    assert contrast(ink(color), color) >= max(INK_CONTRAST_MIN, contrast(other, color))


# --- glyphs for any seat colours -------------------------------------------------------------


def test_glyph_of_palette_and_older_colours() -> None:
    for c in PALETTE:
        assert glyph_of(c.hex) == glyph_of(c.hex.upper()) == c.glyph
        assert glyph_of(OLD_PALETTE[c.key]) == c.glyph, "a saved game keeps its seats' glyphs"
    assert glyph_of("#123456") is None


def test_seat_glyphs_are_distinct_whatever_the_colours() -> None:
    assert seat_glyphs([c.hex for c in PALETTE]) == tuple(c.glyph for c in PALETTE)
    odd = ["#123456", COLORS["red"], "#abcdef", OLD_PALETTE["red"]]
    glyphs = seat_glyphs(odd)
    assert len(set(glyphs)) == 4 and glyphs[1] == glyph_of(COLORS["red"])
    assert seat_glyphs(odd) == glyphs


def test_mark_svg_is_a_small_picture_of_the_seat() -> None:
    mark = mark_svg(COLORS["blue"], 18)
    assert mark.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18"')
    assert f'fill="{COLORS["blue"]}"' in mark and 'data-glyph="square"' in mark
    assert 'data-glyph="star"' in mark_svg("#123456", glyph="star")
    assert "<script" not in mark_svg('"><script>alert(1)</script>')
