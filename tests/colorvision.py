"""Colour science for the palette tests: pure Python, no numpy.

What a colour looks like to someone (or on something) that does not see it as a typical
trichromat does, and how far apart two colours look.

* sRGB <-> linear light: IEC 61966-2-1 transfer function.
* Relative luminance and contrast ratio: WCAG 2.x definitions (Rec. 709 weights on linear
  sRGB).
* Greyscale: the grey of the same relative luminance, what a monochrome display, a
  greyscale printout or an ``feColorMatrix type="saturate" values="0"`` in linear RGB shows.
* Colour-vision deficiency: Machado, Oliveira & Fernandes, "A Physiologically-based Model
  for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009, the matrices of its
  table for severity 1.0 (protanopia, deuteranopia, tritanopia), applied to linear sRGB and
  clipped to the gamut. These are the matrices Chrome and Firefox devtools use.
* CIE L*a*b* (D65 white) and the CIEDE2000 colour difference, following Sharma, Wu & Dalal,
  "The CIEDE2000 Color-Difference Formula: Implementation Notes, Supplementary Test Data,
  and Mathematical Observations", Color Res. Appl. 30(1), 2005 (``tests/test_palette.py``
  checks it against pairs of their test data).

>>> round(luminance("#ffffff"), 3), round(contrast("#000000", "#ffffff"), 1)
(1.0, 21.0)
>>> simulate("#808080", "protanopia")
'#808080'
>>> delta_e("#d7263d", "#d7263d")
0.0
"""

from __future__ import annotations

import math
from typing import Sequence

Rgb = tuple[float, float, float]
Lab = tuple[float, float, float]
Matrix = tuple[Rgb, Rgb, Rgb]

LUMA: Rgb = (0.2126, 0.7152, 0.0722)
"""Rec. 709 / sRGB weights of linear R, G, B in relative luminance (WCAG 2.x)."""

CONTRAST_FLARE = 0.05
"""The flare term WCAG adds to both luminances in a contrast ratio."""

MACHADO_2009: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado et al. 2009, severity 1.0: linear sRGB in, simulated linear sRGB out."""

VIEWS: tuple[str, ...] = ("normal", "greyscale", "protanopia", "deuteranopia", "tritanopia")
"""The ways of seeing the palette tests check: typical vision, no colour at all, and the
three dichromacies."""

# sRGB -> CIE XYZ (D65), IEC 61966-2-1, and the D65 white point of that matrix.
_XYZ_FROM_RGB: Matrix = (
    (0.4124564, 0.3575761, 0.1804375),
    (0.2126729, 0.7151522, 0.0721750),
    (0.0193339, 0.1191920, 0.9503041),
)
_WHITE: Rgb = (0.95047, 1.0, 1.08883)
_LAB_EPSILON, _LAB_KAPPA = 216 / 24389, 24389 / 27
"""CIE constants of the L*a*b* cube-root curve and its linear toe."""


def parse(color: str) -> Rgb:
    """``"#rrggbb"`` -> gamma-encoded sRGB components in 0..1."""
    h = color.lstrip("#")
    if len(h) != 6:
        raise ValueError(f"not #rrggbb: {color!r}")
    return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255


def to_hex(rgb: Rgb) -> str:
    """Gamma-encoded sRGB (clipped to 0..1) -> ``"#rrggbb"``."""
    return "#" + "".join(f"{round(min(1.0, max(0.0, c)) * 255):02x}" for c in rgb)


def to_linear(c: float) -> float:
    """One sRGB component, gamma-encoded -> linear light."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def from_linear(c: float) -> float:
    """One sRGB component, linear light -> gamma-encoded (clipped to 0..1)."""
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def linear(color: str) -> Rgb:
    """``"#rrggbb"`` -> linear sRGB."""
    r, g, b = parse(color)
    return to_linear(r), to_linear(g), to_linear(b)


def _apply(m: Matrix, v: Rgb) -> Rgb:
    return (
        m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
        m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
        m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
    )


def luminance(color: str) -> float:
    """WCAG relative luminance, 0 (black) .. 1 (white)."""
    r, g, b = linear(color)
    return LUMA[0] * r + LUMA[1] * g + LUMA[2] * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours, 1 .. 21."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + CONTRAST_FLARE) / (min(la, lb) + CONTRAST_FLARE)


def greyscale(color: str) -> str:
    """The grey of the same relative luminance."""
    g = from_linear(luminance(color))
    return to_hex((g, g, g))


def simulate(color: str, view: str) -> str:
    """``color`` as seen in ``view`` (one of :data:`VIEWS`)."""
    if view == "normal":
        return color
    if view == "greyscale":
        return greyscale(color)
    r, g, b = _apply(MACHADO_2009[view], linear(color))
    return to_hex((from_linear(r), from_linear(g), from_linear(b)))


def lab(color: str) -> Lab:
    """CIE L*a*b* (D65) of an sRGB colour."""

    def f(t: float) -> float:
        return t ** (1 / 3) if t > _LAB_EPSILON else (_LAB_KAPPA * t + 16) / 116

    x, y, z = _apply(_XYZ_FROM_RGB, linear(color))
    fx, fy, fz = f(x / _WHITE[0]), f(y / _WHITE[1]), f(z / _WHITE[2])
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: Lab, lab2: Lab) -> float:
    """The CIEDE2000 difference of two L*a*b* colours (k_L = k_C = k_H = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0

    dlp, dcp = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    elif h2p - h1p > 180:
        dhp = h2p - h1p - 360
    else:
        dhp = h2p - h1p + 360
    dhp_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))

    lp_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_mean = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hp_mean = (h1p + h2p + 360) / 2
    else:
        hp_mean = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hp_mean - 30))
        + 0.24 * math.cos(math.radians(2 * hp_mean))
        + 0.32 * math.cos(math.radians(3 * hp_mean + 6))
        - 0.20 * math.cos(math.radians(4 * hp_mean - 63))
    )
    d_theta = 30 * math.exp(-(((hp_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    s_l = 1 + 0.015 * (lp_mean - 50) ** 2 / math.sqrt(20 + (lp_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dlp / s_l) ** 2 + (dcp / s_c) ** 2 + (dhp_big / s_h) ** 2 + r_t * (dcp / s_c) * (dhp_big / s_h)
    )


def delta_e(a: str, b: str, view: str = "normal") -> float:
    """CIEDE2000 difference of two ``#rrggbb`` colours as seen in ``view``."""
    return ciede2000(lab(simulate(a, view)), lab(simulate(b, view)))


def min_pair_delta(colors: Sequence[str], view: str) -> tuple[float, str, str]:
    """The closest pair of ``colors`` in ``view``: (ΔE00, one, other)."""
    return min(
        (delta_e(a, b, view), a, b) for i, a in enumerate(colors) for b in colors[i + 1 :]
    )
