"""Moving between the board's targets with the keyboard, along the board's geometry.

The board is ONE Tab stop (a roving tabindex): the target that holds the board's focus has
``tabindex="0"``, every other target ``-1``. Arrow keys move to the nearest target in the
arrow's direction as drawn (intersections at :data:`catan_core.svg.NODE_POS`, paths at their
midpoints, hexes at their centres); Home and End go to the first and last target in reading
order (top to bottom, then left to right). Pure Python over
:class:`~catan_web.targets.Targets`: no browser needed.

Spots are named as the board's marks are: ``"n12"`` (intersection), ``"e40"`` (path),
``"h5"`` (hex).

>>> from catan_web.targets import Targets
>>> lit = Targets(nodes=(0, 1, 2, 3))
>>> order = spots(lit); order[0] == first(lit)
True
>>> step(lit, first(lit), "End") == order[-1]
True
>>> step(lit, "n0", "Tab") is None      # not a key of the board
True
"""

from __future__ import annotations

import math
from typing import NamedTuple

from catan_core.svg import EDGE_XY, HEX_XY, NODE_POS

from .targets import EDGE, HEX, NODE, Targets

Point = tuple[float, float]

PREFIX: dict[str, str] = {NODE: "n", EDGE: "e", HEX: "h"}
"""The letter of each kind of spot in a spot name (as in the board's ``data-at`` marks)."""
ELEMENT_OF: dict[str, str] = {letter: element for element, letter in PREFIX.items()}
"""The kind of spot (the SVG data attribute's name) of each letter."""
POSITIONS: dict[str, tuple[Point, ...]] = {"n": NODE_POS, "e": EDGE_XY, "h": HEX_XY}
"""Where each spot is drawn, by letter, in the board's SVG coordinates."""

ARROWS: dict[str, Point] = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
"""The arrow keys (``KeyboardEvent.key``) and their directions on the screen (y grows downwards)."""
HOME, END = "Home", "End"
ROVING_KEYS = frozenset((*ARROWS, HOME, END))
"""The keys that move the board's Tab stop (:func:`step`)."""
CONE = math.tan(math.radians(60))
"""A target is preferred when it lies within 60 degrees of the arrow's direction (as seen
from the current target): the most a hexagonal grid needs to reach every neighbour."""
SIDEWAYS_COST = 1.0
"""How much a step sideways counts against a target, per unit, on top of its distance."""
ROW_TOLERANCE = 1.0
"""Reading order: spots less than this far apart vertically (SVG units) are on one row."""


class Rove(NamedTuple):
    """A key of :data:`ROVING_KEYS` pressed on the board's spot ``spot`` (the argument of every
    board's command ``rove``)."""

    spot: str
    key: str


def spot(element: str, ident: int) -> str:
    """The spot name of board ``element`` (``node``, ``edge``, ``hex``) number ``ident``.

    >>> spot("edge", 40)
    'e40'
    """
    return f"{PREFIX[element]}{ident}"


def parse_spot(name: str) -> tuple[str, int] | None:
    """``"e40"`` -> ``("edge", 40)``; None for anything that is not a spot of the board.

    >>> parse_spot("h5"), parse_spot("x1"), parse_spot("n99")
    (('hex', 5), None, None)
    """
    letter, digits = name[:1], name[1:]
    if letter not in POSITIONS or not digits.isdecimal() or not digits.isascii() or len(digits) > 2:
        return None
    ident = int(digits)
    return (ELEMENT_OF[letter], ident) if ident < len(POSITIONS[letter]) else None


def position(name: str) -> Point:
    """Where spot ``name`` is drawn (SVG coordinates)."""
    return POSITIONS[name[0]][int(name[1:])]


def _reading_key(name: str) -> tuple[float, float, str]:
    x, y = position(name)
    return round(y / ROW_TOLERANCE), x, name


def spots(targets: Targets) -> tuple[str, ...]:
    """Every target's spot name, in reading order."""
    names = [spot(NODE, n) for n in targets.nodes] + [spot(EDGE, e) for e in targets.edges]
    names += [spot(HEX, h) for h in targets.hexes]
    return tuple(sorted(names, key=_reading_key))


def first(targets: Targets) -> str | None:
    """The first target in reading order (None when there is no target)."""
    found = spots(targets)
    return found[0] if found else None


def roving(targets: Targets, remembered: str | None) -> str | None:
    """The target that takes the board's Tab stop: ``remembered`` while it is a target, else
    the target nearest to it, else the first one.

    >>> roving(Targets(nodes=(5, 30)), "n30"), roving(Targets(), "n30")
    ('n30', None)
    """
    found = spots(targets)
    if not found or remembered in found:
        return remembered if found else None
    if remembered is None or parse_spot(remembered) is None:
        return found[0]
    here = position(remembered)
    return min(found, key=lambda name: (math.dist(here, position(name)), _reading_key(name)))


def step(targets: Targets, current: str | None, key: str) -> str | None:
    """The target that ``key`` (an arrow, Home or End) moves to from ``current``; None when
    ``key`` is not one of those. With no target in the arrow's direction it stays put.

    The nearest target within :data:`CONE` of the direction wins (its distance plus
    :data:`SIDEWAYS_COST` times how far it lies sideways); only when none lies in the cone
    does any target ahead count.
    """
    found = spots(targets)
    if key in (HOME, END):
        return (found[0] if key == HOME else found[-1]) if found else None
    if key not in ARROWS:
        return None
    if current not in found:
        return roving(targets, current)
    dx, dy = ARROWS[key]
    x0, y0 = position(current)
    ahead: list[tuple[bool, float, tuple[float, float, str], str]] = []
    for name in found:
        x, y = position(name)
        along = (x - x0) * dx + (y - y0) * dy
        sideways = abs((x - x0) * dy - (y - y0) * dx)
        if along > 0:
            cost = math.hypot(x - x0, y - y0) + SIDEWAYS_COST * sideways
            ahead.append((sideways > along * CONE, cost, _reading_key(name), name))
    return min(ahead)[-1] if ahead else current
