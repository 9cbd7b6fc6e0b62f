"""Board topology and layouts.

Everything on the board is a small integer, numbered in reading order (top row first,
left to right), and every adjacency is a precomputed tuple, so that rules become table
look-ups:

* hexes ``0..18``: rows of 3, 4, 5, 4, 3 land hexes;
* intersections (nodes) ``0..53``: sorted by height, then left to right;
* paths (edges) ``0..71``: sorted by the height of their midpoint, then left to right;
* harbors ``0..8``: clockwise around the coast, starting at the top left.

Geometry uses pointy-top hexes on an integer lattice: a point ``(x, y)`` is at
``x * sqrt(3)/2`` across and ``y / 2`` down, in units of the hex side. The README draws
the ids; :func:`catan_core.svg.render` with ``show_ids=True`` draws them too.

>>> len(HEX_NODES), len(NODE_HEXES), len(EDGE_NODES)
(19, 54, 72)
>>> HEX_NODES[9]  # the centre hex, clockwise from its top corner
(18, 24, 30, 35, 29, 23)
>>> NODE_HEXES[20], EDGE_NODES[0]
((6, 11), (0, 3))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .errors import FormatError
from .jsonread import Obj
from .names import (  # the board's vocabulary, re-exported for its readers ("X as X" says so)
    BRICK as BRICK,
    DESERT as DESERT,
    FIELDS as FIELDS,
    FOREST as FOREST,
    GENERIC_HARBOR as GENERIC_HARBOR,
    GRAIN as GRAIN,
    HARBOR_TYPES as HARBOR_TYPES,
    HILLS as HILLS,
    LUMBER as LUMBER,
    MOUNTAINS as MOUNTAINS,
    ORE as ORE,
    PASTURE as PASTURE,
    RESOURCES as RESOURCES,
    TERRAINS as TERRAINS,
    WOOL as WOOL,
)
from .rng import Rng

# --- resources and terrains -------------------------------------------------------

TERRAIN_RESOURCE: tuple[int, ...] = (LUMBER, WOOL, GRAIN, BRICK, ORE, -1)
"""The resource each terrain produces (-1 for the desert)."""

TERRAIN_DECK: tuple[int, ...] = (FOREST,) * 4 + (PASTURE,) * 4 + (FIELDS,) * 4 + (HILLS,) * 3 + (
    MOUNTAINS,
) * 3 + (DESERT,)
NUMBER_TOKENS: tuple[int, ...] = (2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12)
HARBOR_DECK: tuple[int, ...] = (GENERIC_HARBOR,) * 4 + (BRICK, LUMBER, WOOL, GRAIN, ORE)

PIPS: dict[int, int] = {n: 6 - abs(7 - n) for n in range(2, 13)}
"""Number of ways two dice make each total (the dots printed on a token)."""

# --- topology ----------------------------------------------------------------------

HEX_COORDS: tuple[tuple[int, int], ...] = tuple(
    (q, r) for r in range(-2, 3) for q in range(max(-2, -2 - r), min(2, 2 - r) + 1)
)
"""Axial coordinates (q, r) of each hex."""

HEX_CENTERS: tuple[tuple[int, int], ...] = tuple((2 * q + r, 3 * r) for q, r in HEX_COORDS)
"""Lattice position of each hex centre."""

_CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))  # clockwise from the top


_Topology = tuple[
    tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...]
]
"""Intersection points, each hex's intersections, each path's intersections, each hex's paths."""


def _build_topology() -> _Topology:
    corner_points = [[(cx + dx, cy + dy) for dx, dy in _CORNERS] for cx, cy in HEX_CENTERS]
    points = sorted({p for corners in corner_points for p in corners}, key=lambda p: (p[1], p[0]))
    node_of = {p: i for i, p in enumerate(points)}
    hex_nodes = tuple(tuple(node_of[p] for p in corners) for corners in corner_points)
    def side(ns: tuple[int, ...], i: int) -> tuple[int, int]:
        a, b = ns[i], ns[(i + 1) % 6]
        return (a, b) if a < b else (b, a)

    pairs = {side(ns, i) for ns in hex_nodes for i in range(6)}

    def midpoint(pair: tuple[int, int]) -> tuple[int, int]:
        (ax, ay), (bx, by) = points[pair[0]], points[pair[1]]
        return ay + by, ax + bx

    edges = sorted(pairs, key=midpoint)
    edge_of = {pair: i for i, pair in enumerate(edges)}
    hex_edges = tuple(
        tuple(edge_of[side(ns, i)] for i in range(6)) for ns in hex_nodes
    )
    return tuple(points), hex_nodes, tuple(edges), hex_edges


NODE_XY: tuple[tuple[int, int], ...]
HEX_NODES: tuple[tuple[int, ...], ...]
EDGE_NODES: tuple[tuple[int, int], ...]
HEX_EDGES: tuple[tuple[int, ...], ...]
NODE_XY, HEX_NODES, EDGE_NODES, HEX_EDGES = _build_topology()

HEX_COUNT, NODE_COUNT, EDGE_COUNT = len(HEX_NODES), len(NODE_XY), len(EDGE_NODES)
SPOT_LIMITS: dict[str, int] = {"h": HEX_COUNT, "n": NODE_COUNT, "e": EDGE_COUNT}
"""Spots named with a letter for their kind (``h5`` a hex, ``n12`` an intersection, ``e40`` a
path, as the embed's ``mark=`` names them), with the number of spots of each kind."""


def spot(name: object) -> tuple[str, int] | None:
    """The kind letter and id of a spot's name, or None when it names no spot.

    >>> spot("n12"), spot("e71"), spot("h19"), spot("n012"), spot("n²")
    (('n', 12), ('e', 71), None, None, None)
    """
    if not isinstance(name, str) or not 2 <= len(name) <= 3 or name[0] not in SPOT_LIMITS:
        return None
    digits = name[1:]
    if not (digits.isascii() and digits.isdecimal()) or (len(digits) > 1 and digits[0] == "0"):
        return None
    ident = int(digits)
    return (name[0], ident) if ident < SPOT_LIMITS[name[0]] else None

NODE_HEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(h for h in range(HEX_COUNT) if n in HEX_NODES[h]) for n in range(NODE_COUNT)
)
NODE_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(e for e in range(EDGE_COUNT) if n in EDGE_NODES[e]) for n in range(NODE_COUNT)
)
NODE_NODES: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(EDGE_NODES[e]) - n for e in NODE_EDGES[n]) for n in range(NODE_COUNT)
)
EDGE_HEXES: tuple[tuple[int, ...], ...] = tuple(
    tuple(h for h in range(HEX_COUNT) if e in HEX_EDGES[h]) for e in range(EDGE_COUNT)
)
EDGE_EDGES: tuple[tuple[int, ...], ...] = tuple(
    tuple(f for n in EDGE_NODES[e] for f in NODE_EDGES[n] if f != e) for e in range(EDGE_COUNT)
)
HEX_NEIGHBORS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        g
        for g in range(HEX_COUNT)
        if g != h and len(set(HEX_NODES[h]) & set(HEX_NODES[g])) == 2
    )
    for h in range(HEX_COUNT)
)


def _coast_clockwise() -> tuple[int, ...]:
    coast = [e for e in range(EDGE_COUNT) if len(EDGE_HEXES[e]) == 1]

    def angle(e: int) -> float:
        (ax, ay), (bx, by) = (NODE_XY[n] for n in EDGE_NODES[e])
        x, y = (ax + bx) * math.sqrt(3) / 4, (ay + by) / 4
        return (math.atan2(y, x) + math.pi * 0.75) % (2 * math.pi)  # 0 at the top left

    return tuple(sorted(coast, key=angle))


COAST_EDGES: tuple[int, ...] = _coast_clockwise()
"""The 30 coastal paths, clockwise from the top left."""

HARBOR_EDGES: tuple[int, ...] = tuple(COAST_EDGES[i] for i in (0, 3, 7, 10, 13, 17, 20, 23, 27))
"""The coastal path each harbor lies on (fixed positions on the frame)."""
HARBOR_NODES: tuple[tuple[int, int], ...] = tuple(EDGE_NODES[e] for e in HARBOR_EDGES)
"""The two intersections each harbor serves."""
NODE_HARBOR_SLOT: tuple[int, ...] = tuple(
    next((i for i, ns in enumerate(HARBOR_NODES) if n in ns), -1) for n in range(NODE_COUNT)
)
"""The harbor (0..8) an intersection serves, or -1."""

# --- layouts ------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """One layout: a terrain and a number token per hex, and a type per harbor.

    ``numbers[h]`` is 0 for the desert. ``harbors[i]`` is a resource id (2:1) or
    :data:`GENERIC_HARBOR` (3:1).
    """

    terrains: tuple[int, ...]
    numbers: tuple[int, ...]
    harbors: tuple[int, ...]

    def __post_init__(self) -> None:
        if sorted(self.terrains) != sorted(TERRAIN_DECK):
            raise FormatError("format.board_terrains")
        tokens = sorted(n for n in self.numbers if n)
        if len(self.numbers) != HEX_COUNT or tokens != sorted(NUMBER_TOKENS):
            raise FormatError("format.board_numbers")
        for h in range(HEX_COUNT):
            if (self.terrains[h] == DESERT) != (self.numbers[h] == 0):
                raise FormatError("format.board_desert_number", hex=h)
        if sorted(self.harbors) != sorted(HARBOR_DECK):
            raise FormatError("format.board_harbors")

    @property
    def desert(self) -> int:
        """The desert hex (where the robber starts)."""
        return self.terrains.index(DESERT)

    def hex_resource(self, h: int) -> int:
        """The resource hex ``h`` produces, -1 for the desert."""
        return TERRAIN_RESOURCE[self.terrains[h]]

    @cached_property
    def producers(self) -> dict[int, tuple[tuple[int, int, tuple[int, ...]], ...]]:
        """For each dice total: ``(hex, resource, its intersections)`` of the hexes showing it
        (computed once per board; what a roll looks up).

        >>> board = Board.beginner()
        >>> [h for h, _, _ in board.producers[6]], sum(map(len, board.producers.values()))
        ([4, 18], 18)
        """
        table: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}
        for h in range(HEX_COUNT):
            if self.numbers[h]:
                table.setdefault(self.numbers[h], []).append((h, self.hex_resource(h), HEX_NODES[h]))
        return {total: tuple(entries) for total, entries in table.items()}

    def node_harbor(self, n: int) -> int:
        """The harbor type at intersection ``n``, or -1 when there is none."""
        slot = NODE_HARBOR_SLOT[n]
        return self.harbors[slot] if slot >= 0 else -1

    def red_numbers_adjacent(self) -> bool:
        """True when two hexes showing 6 or 8 touch each other."""
        return _reds_touch(self.numbers)

    def to_json(self) -> dict[str, Any]:
        """This layout as names and numbers (the form saves and scenarios use)."""
        return {
            "terrains": [TERRAINS[t] for t in self.terrains],
            "numbers": list(self.numbers),
            "harbors": [HARBOR_TYPES[h] for h in self.harbors],
        }

    @classmethod
    def from_json(cls, data: Any) -> Board:
        """Read and check a layout written by :meth:`to_json`."""
        obj = Obj(data, "board")
        obj.only(("terrains", "numbers", "harbors"))
        terrains = obj.list("terrains", HEX_COUNT)
        harbors = obj.list("harbors", len(HARBOR_NODES))
        if len(terrains) != HEX_COUNT or len(harbors) != len(HARBOR_NODES) or not all(
            t in TERRAINS for t in terrains
        ) or not all(h in HARBOR_TYPES for h in harbors):
            raise FormatError("format.field", field="board")
        numbers = obj.ints("numbers", 0, max(NUMBER_TOKENS) + 1, HEX_COUNT)
        return cls(
            tuple(TERRAINS.index(t) for t in terrains), tuple(numbers), tuple(HARBOR_TYPES.index(h) for h in harbors)
        )

    @classmethod
    def beginner(cls) -> Board:
        """The project's fixed beginner layout (documented in the README)."""
        return BEGINNER_BOARD

    @classmethod
    def random(cls, rng: Rng, separate_red_numbers: bool = True) -> Board:
        """A shuffled layout; with ``separate_red_numbers`` no 6 or 8 touch each other."""
        terrains = list(TERRAIN_DECK)
        rng.shuffle(terrains)
        harbors = list(HARBOR_DECK)
        rng.shuffle(harbors)
        while True:
            tokens = list(NUMBER_TOKENS)
            rng.shuffle(tokens)
            numbers = [0 if t == DESERT else tokens.pop() for t in terrains]
            if not (separate_red_numbers and _reds_touch(numbers)):
                return cls(tuple(terrains), tuple(numbers), tuple(harbors))


def _reds_touch(numbers: tuple[int, ...] | list[int]) -> bool:
    """True when two hexes showing 6 or 8 touch each other (``numbers``: the token of each hex)."""
    red = [h for h in range(HEX_COUNT) if numbers[h] in (6, 8)]
    return any(g in HEX_NEIGHBORS[h] for h in red for g in red)


BEGINNER_BOARD = Board(
    terrains=(
        FOREST, PASTURE, FIELDS,
        HILLS, MOUNTAINS, FOREST, PASTURE,
        FIELDS, PASTURE, DESERT, HILLS, FOREST,
        MOUNTAINS, FIELDS, FOREST, HILLS,
        PASTURE, MOUNTAINS, FIELDS,
    ),
    numbers=(
        11, 12, 9,
        4, 6, 5, 10,
        3, 11, 0, 4, 8,
        8, 10, 9, 5,
        2, 3, 6,
    ),
    harbors=(GENERIC_HARBOR, WOOL, GENERIC_HARBOR, ORE, GRAIN, GENERIC_HARBOR, BRICK, LUMBER, GENERIC_HARBOR),
)
"""The fixed beginner layout of this project (not the printed one)."""


BEGINNER_PIECES: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((12, 31), (11, 47)),
    ((9, 34), (8, 42)),
    ((22, 41), (24, 60)),
    ((19, 40), (29, 51)),
)
"""Per seat on the beginner board: (first settlement, second settlement), (road, road).
Each seat starts with the resources around its second settlement."""
