"""One of our computer players in a seat of Catanatron's engine (Catanatron 3.3.0).

This module imports Catanatron, so it runs only in the benchmark environment
``bench/.venv-catanatron-3.3.0`` (see ``bench/catanatron_venv.py``), loaded by
``bench/vs_catanatron_bots.py``, whose docstring says what crosses to our player and how
the two rule sets differ. Nothing of Catanatron is copied here: it is used through its API.

* :func:`map_geometry` lays Catanatron's base map on our board: hexes, intersections,
  paths and harbors are matched by their positions (computed from Catanatron's cube
  coordinates and compass names), never by a hand-written table;
  :func:`check_coordinates` checks the match on many boards.
* :class:`Table` is what our seat has seen: a public event log in our engine's terms,
  extended after every action, and :meth:`Table.view`, our seat's
  :class:`~catan_core.views.View` of the moment with the mapped legal actions.
* :class:`OurSeat` is the Catanatron ``Player`` that asks our bot; :func:`play_game` plays
  one game of a benchmark.
"""

from __future__ import annotations

import importlib
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import product
from pathlib import Path
from typing import Any

import catanatron
from catanatron import state_functions as sf
from catanatron.game import Game as CatGame
from catanatron.game import GameAccumulator
from catanatron.models.board import STATIC_GRAPH
from catanatron.models.board import Board as CatBoard
from catanatron.models.coordinate_system import UNIT_VECTORS, Coordinate, Direction
from catanatron.models.enums import CITY as CAT_CITY
from catanatron.models.enums import DEVELOPMENT_CARDS, ActionPrompt, ActionRecord, ActionType, NodeRef
from catanatron.models.enums import RESOURCES as CAT_RESOURCES
from catanatron.models.enums import ROAD as CAT_ROAD
from catanatron.models.enums import SETTLEMENT as CAT_SETTLEMENT
from catanatron.models.enums import Action as CatAction
from catanatron.models.map import BASE_MAP_TEMPLATE, PORT_DIRECTION_TO_NODEREFS, CatanMap
from catanatron.models.player import Color, Player
from catanatron.models.tiles import Port
from catanatron.state import State

import catan_core
from catan_core import actions as A
from catan_core.actions import Action, Cards
from catan_core.board import (
    BRICK, COAST_EDGES, EDGE_COUNT, EDGE_NODES, GENERIC_HARBOR, GRAIN, HARBOR_EDGES, HARBOR_NODES,
    HEX_CENTERS, HEX_COUNT, HEX_EDGES, HEX_NODES, LUMBER, NODE_COUNT, NODE_HEXES, NODE_NODES, NODE_XY,
    ORE, PIPS, TERRAIN_RESOURCE, WOOL, Board,
)
from catan_core.bots import make_bot
from catan_core.bots.model import view_features
from catan_core.events import Event
from catan_core.game import CITY_COST, DEV_CARD_COST, ROAD_COST, SETTLEMENT_COST
from catan_core.names import DEV_CARDS, KNIGHT, MONOPOLY, ROAD_BUILDING, YEAR_OF_PLENTY
from catan_core.palette import COLORS
from catan_core.state import (
    DISCARD, MAIN, RESOURCE_SUPPLY, ROAD_BUILDING_PHASE, ROADS, ROBBER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, Options,
    Seat,
)
from catan_core.views import PlayerView, View

CATANATRON = str(Path(catanatron.__file__).parent)
"""Folder of Catanatron's package (see :func:`inside_catanatron`)."""
CATAN_CORE = str(Path(catan_core.__file__).parent)
"""Folder of our rules package."""

Point = tuple[int, int]
"""A point of our board's lattice (see :mod:`catan_core.board`: ``x`` counts half hex
widths across, ``y`` half hex sides down)."""

# --- names ----------------------------------------------------------------------------------

RESOURCE_OF: dict[str, int] = {"WOOD": LUMBER, "BRICK": BRICK, "SHEEP": WOOL, "WHEAT": GRAIN, "ORE": ORE}
"""Our resource id of each of Catanatron's resource names."""
CAT_RESOURCE: dict[int, str] = {r: name for name, r in RESOURCE_OF.items()}
"""Catanatron's name of each of our resources."""
DEV_OF: dict[str, int] = {name: DEV_CARDS.index(name.lower()) for name in DEVELOPMENT_CARDS}
"""Our development card id of each of Catanatron's card names (the same words)."""

# --- geometry ---------------------------------------------------------------------------------

HEX_STEP_ACROSS: Point = (2, 0)
"""Lattice step from a hex centre to the centre of its neighbour to the east."""
HEX_STEP_DIAGONAL: Point = (1, 3)
"""Lattice step from a hex centre to the centre of its neighbour to the south-east."""
CORNER_STEP_ACROSS: Point = (0, 2)
"""Lattice step from a hex centre to its bottom corner (hexes are pointy-topped)."""
CORNER_STEP_DIAGONAL: Point = (1, 1)
"""Lattice step from a hex centre to its lower right corner."""


def compass(name: str, across: Point, diagonal: Point) -> Point:
    """The lattice step of a direction named by compass words as Catanatron names them
    (``"EAST"``, ``"NORTHWEST"``...): the signs come from the words, the sizes from the step
    ``across`` one axis and the ``diagonal`` step.

    >>> compass("NORTHWEST", HEX_STEP_ACROSS, HEX_STEP_DIAGONAL), compass("NORTH", CORNER_STEP_ACROSS, CORNER_STEP_DIAGONAL)
    ((-1, -3), (0, -2))
    """
    sx = ("EAST" in name) - ("WEST" in name)
    sy = ("SOUTH" in name) - ("NORTH" in name)
    if sx and sy:
        return sx * diagonal[0], sy * diagonal[1]
    return sx * across[0], sy * across[1]


def cube_centres() -> Callable[[Coordinate], Point]:
    """The lattice centre of a hex given Catanatron's cube coordinates ``(x, y, z)``.

    Cube coordinates have ``x + y + z = 0``, so a centre is ``x`` times the step of the unit
    vector that adds one to ``x`` keeping ``z`` plus ``z`` times the step of the one that
    adds one to ``z`` keeping ``x``; the steps come from the unit vectors' compass names, and
    all six are checked.
    """
    steps = {UNIT_VECTORS[d]: compass(d.value, HEX_STEP_ACROSS, HEX_STEP_DIAGONAL) for d in Direction}
    along_x = next(step for (x, _, z), step in steps.items() if (x, z) == (1, 0))
    along_z = next(step for (x, _, z), step in steps.items() if (x, z) == (0, 1))

    def centre(c: Coordinate) -> Point:
        return c[0] * along_x[0] + c[2] * along_z[0], c[0] * along_x[1] + c[2] * along_z[1]

    wrong = [u for u, step in steps.items() if centre(u) != step]
    if wrong:
        raise ValueError(f"Catanatron's unit vectors {wrong} do not fit one linear map")
    return centre


@dataclass(frozen=True)
class Geometry:
    """Where every spot of a Catanatron base map lies on our board (its ids to ours)."""

    hex_of: dict[Coordinate, int]
    """Our hex of each land tile (by Catanatron's cube coordinate)."""
    node_of: dict[int, int]
    """Our intersection of each of Catanatron's land node ids."""
    edge_of: dict[tuple[int, int], int]
    """Our path of each of Catanatron's land edges (both orientations)."""
    slot_of: dict[int, int]
    """Each of Catanatron's ports (by id): its place in our harbor order, clockwise from the
    top left."""
    harbor_nodes: tuple[tuple[int, int], ...]
    """The two intersections of each harbor, in our harbor order."""


def map_geometry(catan_map: CatanMap) -> Geometry:
    """Match Catanatron's map to our board by positions.

    Every node's position is computed from each tile that has it (they must agree) and is
    one of our intersections; north is north in both. Catanatron's ports are put in our
    harbor order (clockwise from the top left, by the coastal path they lie on); they do
    not lie on our frame's harbor paths (see :class:`CatanatronBoard`).
    """
    centre_of = cube_centres()
    corner = {ref: compass(ref.value, CORNER_STEP_ACROSS, CORNER_STEP_DIAGONAL) for ref in NodeRef}
    points: dict[int, Point] = {}
    for coordinate, tile in catan_map.tiles.items():
        cx, cy = centre_of(coordinate)
        for ref, node in tile.nodes.items():
            p = (cx + corner[ref][0], cy + corner[ref][1])
            if points.setdefault(node, p) != p:
                raise ValueError(f"node {node} lies at {points[node]} and at {p}")
    our_node = {p: n for n, p in enumerate(NODE_XY)}
    our_hex = {p: h for h, p in enumerate(HEX_CENTERS)}
    our_edge = {frozenset(ns): e for e, ns in enumerate(EDGE_NODES)}
    node_of = {n: our_node[points[n]] for n in catan_map.land_nodes}
    hex_of = {c: our_hex[centre_of(c)] for c in catan_map.land_tiles}
    edge_of: dict[tuple[int, int], int] = {}
    for tile in catan_map.land_tiles.values():
        for a, b in tile.edges.values():
            edge_of[a, b] = edge_of[b, a] = our_edge[frozenset((node_of[a], node_of[b]))]
    port_edge: dict[int, int] = {}
    for port in catan_map.tiles.values():
        if isinstance(port, Port):
            a, b = (port.nodes[r] for r in PORT_DIRECTION_TO_NODEREFS[port.direction])
            port_edge[port.id] = edge_of[a, b]
    clockwise = sorted(port_edge, key=lambda port: COAST_EDGES.index(port_edge[port]))
    slot_of = {port: i for i, port in enumerate(clockwise)}
    return Geometry(hex_of, node_of, edge_of, slot_of, tuple(EDGE_NODES[port_edge[port]] for port in clockwise))


@dataclass(frozen=True)
class CatanatronBoard(Board):
    """Our board of a Catanatron map, with the harbors where Catanatron puts them.

    Catanatron's nine harbors follow the same pattern around the coast as ours but lie one
    coastal path clockwise of our frame's harbor places (:func:`harbor_shifts`); no turn
    or mirror of the board fixes that (a turn moves them by five paths, a mirror keeps our
    pattern), so this board keeps the two intersections of each harbor and
    :meth:`node_harbor` answers from them: our engine and bots learn about harbors only
    through ``node_harbor``.
    """

    harbor_nodes: tuple[tuple[int, int], ...] = HARBOR_NODES
    """The two intersections of each harbor (``harbors[i]`` is the type of harbor ``i``)."""

    @cached_property
    def harbor_of_node(self) -> tuple[int, ...]:
        """The harbor each intersection serves (an index into ``harbors``), or -1."""
        out = [-1] * NODE_COUNT
        for i, ns in enumerate(self.harbor_nodes):
            for n in ns:
                out[n] = i
        return tuple(out)

    def node_harbor(self, n: int) -> int:
        """The harbor type at intersection ``n``, or -1 when there is none."""
        i = self.harbor_of_node[n]
        return self.harbors[i] if i >= 0 else -1


def harbor_shifts(board: CatanatronBoard) -> set[int]:
    """By how many coastal paths, clockwise, the board's harbors lie off our frame's places."""
    return {
        (COAST_EDGES.index(EDGE_NODES.index(ns)) - COAST_EDGES.index(edge)) % len(COAST_EDGES)
        for ns, edge in zip(board.harbor_nodes, HARBOR_EDGES)
    }


def board_of(catan_map: CatanMap, geometry: Geometry) -> CatanatronBoard:
    """Our board of a Catanatron map."""
    terrains, numbers = [0] * HEX_COUNT, [0] * HEX_COUNT
    for coordinate, tile in catan_map.land_tiles.items():
        h = geometry.hex_of[coordinate]
        terrains[h] = TERRAIN_RESOURCE.index(RESOURCE_OF.get(tile.resource, -1))
        numbers[h] = tile.number or 0
    harbors = [0] * len(HARBOR_NODES)
    for port in catan_map.tiles.values():
        if isinstance(port, Port):
            harbors[geometry.slot_of[port.id]] = GENERIC_HARBOR if port.resource is None else RESOURCE_OF[port.resource]
    return CatanatronBoard(tuple(terrains), tuple(numbers), tuple(harbors), geometry.harbor_nodes)


def disagreements(catan_map: CatanMap, geometry: Geometry, board: CatanatronBoard) -> list[str]:
    """Every way the mapped board disagrees with Catanatron's own tables of ``catan_map``:
    each intersection's hexes, neighbours, production and harbor, each hex's corners,
    sides, resource and number, each path's ends, each harbor's type and intersections, the
    robber's start (empty when all agree)."""
    g = geometry
    out: list[str] = []
    land_edges = {tuple(sorted(e)) for tile in catan_map.land_tiles.values() for e in tile.edges.values()}
    for what, ids, count in (
        ("hexes", g.hex_of.values(), HEX_COUNT), ("intersections", g.node_of.values(), NODE_COUNT),
        ("paths", [g.edge_of[e] for e in land_edges], EDGE_COUNT), ("harbors", g.slot_of.values(), len(HARBOR_NODES)),
    ):
        if sorted(ids) != list(range(count)):
            out.append(f"{what}: not one to one with ours")
    coordinate_of = {tile.id: c for c, tile in catan_map.land_tiles.items()}
    for c, tile in catan_map.land_tiles.items():
        h = g.hex_of[c]
        if {g.node_of[n] for n in tile.nodes.values()} != set(HEX_NODES[h]):
            out.append(f"tile {c}: corners are not those of hex {h}")
        if {g.edge_of[e] for e in tile.edges.values()} != set(HEX_EDGES[h]):
            out.append(f"tile {c}: sides are not those of hex {h}")
        if board.hex_resource(h) != RESOURCE_OF.get(tile.resource, -1) or board.numbers[h] != (tile.number or 0):
            out.append(f"tile {c}: {tile.resource} {tile.number} but hex {h} gives {board.hex_resource(h)} on {board.numbers[h]}")
    for n, tiles in catan_map.adjacent_tiles.items():
        m = g.node_of[n]
        if {g.hex_of[coordinate_of[t.id]] for t in tiles} != set(NODE_HEXES[m]):
            out.append(f"node {n}: its tiles are not the hexes of intersection {m}")
        neighbours = {g.node_of[k] for k in STATIC_GRAPH.neighbors(n) if k in catan_map.land_nodes}
        if neighbours != set(NODE_NODES[m]):
            out.append(f"node {n}: its neighbours are not those of intersection {m}")
        ours = [0.0] * 5
        for h in NODE_HEXES[m]:
            if board.hex_resource(h) >= 0:
                ours[board.hex_resource(h)] += PIPS[board.numbers[h]] / 36
        theirs = catan_map.node_production[n]
        if any(abs(ours[RESOURCE_OF[name]] - theirs.get(name, 0.0)) > 1e-9 for name in CAT_RESOURCES):
            out.append(f"node {n}: production {dict(theirs)} but intersection {m} gets {ours}")
        harbor_types = {GENERIC_HARBOR if res is None else RESOURCE_OF[res] for res, nodes in catan_map.port_nodes.items() if n in nodes}
        if harbor_types != ({board.node_harbor(m)} - {-1}):
            out.append(f"node {n}: harbors {harbor_types} but intersection {m} has {board.node_harbor(m)}")
    for a, b in land_edges:
        e = g.edge_of[a, b]
        if set(EDGE_NODES[e]) != {g.node_of[a], g.node_of[b]} or g.edge_of[b, a] != e:
            out.append(f"edge {(a, b)}: path {e} joins {EDGE_NODES[e]}")
    for port in catan_map.tiles.values():
        if isinstance(port, Port):
            slot = g.slot_of[port.id]
            ends = {g.node_of[port.nodes[r]] for r in PORT_DIRECTION_TO_NODEREFS[port.direction]}
            kind = GENERIC_HARBOR if port.resource is None else RESOURCE_OF[port.resource]
            if ends != set(board.harbor_nodes[slot]) or board.harbors[slot] != kind:
                out.append(f"port {port.id} ({port.resource}): harbor {slot} is {board.harbors[slot]} at {board.harbor_nodes[slot]}")
    if g.hex_of[CatBoard(catan_map).robber_coordinate] != board.desert:
        out.append("the robber does not start on our desert")
    return out


NUMBER_PLACEMENTS = ("official_spiral", "random")
"""Catanatron's ways to lay the number tokens (the first is its default)."""


def check_coordinates(boards: int, seed: int) -> tuple[list[str], set[int]]:
    """Map ``boards`` random Catanatron base maps (seeds ``seed``, ``seed + 1``...; both ways
    of laying numbers) and list every disagreement; also returns :func:`harbor_shifts`."""
    problems: list[str] = []
    shifts: set[int] = set()
    for i in range(boards):
        random.seed(seed + i)
        catan_map = CatanMap.from_template(BASE_MAP_TEMPLATE, NUMBER_PLACEMENTS[i % len(NUMBER_PLACEMENTS)])
        geometry = map_geometry(catan_map)
        board = board_of(catan_map, geometry)
        shifts |= harbor_shifts(board)
        problems += [f"board {i}: {p}" for p in disagreements(catan_map, geometry, board)]
    return problems, shifts


# --- what our seat sees -------------------------------------------------------------------------


def one(r: int, count: int = 1) -> list[int]:
    """``count`` cards of resource ``r`` as counts."""
    cards = [0] * 5
    cards[r] = count
    return cards


def ours_from_freqdeck(freqdeck: Sequence[int]) -> list[int]:
    """Catanatron's counts (in its resource order) in ours."""
    out = [0] * 5
    for name, count in zip(CAT_RESOURCES, freqdeck):
        out[RESOURCE_OF[name]] = count
    return out


def discards(hand: Sequence[int], count: int) -> list[Cards]:
    """Every way to give back ``count`` cards of ``hand`` (our discard actions)."""
    return [c for c in product(*(range(h + 1) for h in hand)) if sum(c) == count]  # type: ignore[misc]


PHASE_OF_PROMPT: dict[ActionPrompt, str] = {
    ActionPrompt.BUILD_INITIAL_SETTLEMENT: SETUP_SETTLEMENT,
    ActionPrompt.BUILD_INITIAL_ROAD: SETUP_ROAD,
    ActionPrompt.DISCARD: DISCARD,
    ActionPrompt.MOVE_ROBBER: ROBBER,
}
"""Our phase of Catanatron's prompts (its PLAY_TURN is our roll, main or road building phase)."""


class PublicLogError(AssertionError):
    """The public log or the mapping disagrees with Catanatron's public state."""


class Table(GameAccumulator):
    """What one seat has seen of a Catanatron game, in our engine's terms.

    :meth:`observe` reads each action record with the public state right after it (hand
    sizes, bank) and extends :attr:`events`; as an accumulator of ``Game.play`` it observes
    before every action and at the end, and our seat observes before deciding, so every
    record is read before the next action. It checks the log against Catanatron after every
    action: the hand sizes and the bank it implies must be Catanatron's, else
    :class:`PublicLogError`.
    """

    def __init__(self, game: CatGame, seat: int, kinds: Sequence[str]) -> None:
        state: State = game.state
        self.seat = seat
        self.colors: tuple[Color, ...] = state.colors
        n = len(self.colors)
        self.geometry = map_geometry(state.board.map)
        self.board = board_of(state.board.map, self.geometry)
        self.options = Options(
            players=n, vp_target=game.vps_to_win, discard_limit=state.discard_limit, friendly_robber=state.friendly_robber,
        )
        self.seats = tuple(
            Seat(color.value.title(), COLORS[color.value.lower()], kinds[q])
            for q, color in enumerate(self.colors)
        )
        self.events: list[Event] = []
        self.seen = 0
        """Action records read."""
        self.turns = 0
        """Regular turns started (our engine's ``turn``)."""
        self.dice: tuple[int, int] | None = None
        """The current turn's roll (None before it)."""
        self.node_owner = [-1] * NODE_COUNT
        self.node_city = [False] * NODE_COUNT
        self.robber = self.board.desert
        self.sizes = [0] * n
        """Hand sizes implied by the log."""
        self.bank = [RESOURCE_SUPPLY] * 5
        """The bank implied by the log."""
        self.setup = True
        self.road_building = False

    # --- the log --------------------------------------------------------------------------------

    def observe(self, game: CatGame) -> None:
        """Read the action just taken, if not read yet (call after every action)."""
        records = game.state.action_records
        if len(records) > self.seen + 1:
            raise PublicLogError("observe() must follow every action")
        for record in records[self.seen :]:
            self.read(record, game.state)
        self.seen = len(records)

    def step(self, game_before_action: CatGame, action: CatAction) -> None:
        """``Game.play`` hook, before each action: read the one before."""
        self.observe(game_before_action)

    def after(self, game: CatGame) -> None:
        """``Game.play`` hook, at the end: read the last action."""
        self.observe(game)

    def _gain(self, p: int, cards: Sequence[int]) -> None:
        self.sizes[p] += sum(cards)
        for r in range(5):
            self.bank[r] -= cards[r]

    def _pay(self, p: int, cards: Sequence[int]) -> None:
        self._gain(p, [-c for c in cards])

    def _production(self, total: int) -> list[tuple[int, list[int]]]:
        """Who receives what on ``total``, by Catanatron's rule: a resource the bank cannot
        pay in full goes to nobody."""
        claims = [[0] * 5 for _ in self.colors]
        for h, r, nodes in self.board.producers.get(total, ()):
            if h != self.robber:
                for n in nodes:
                    if self.node_owner[n] >= 0:
                        claims[self.node_owner[n]][r] += 2 if self.node_city[n] else 1
        for r in range(5):
            if sum(c[r] for c in claims) > self.bank[r]:
                for c in claims:
                    c[r] = 0
        return [(q, c) for q, c in enumerate(claims) if any(c)]

    def read(self, record: ActionRecord, state: State) -> None:
        """Add the events of one action record (see the module docstring of
        ``vs_catanatron_bots.py`` for what the log holds)."""
        action = record.action
        kind, value = action.action_type, action.value
        p = self.colors.index(action.color)
        g = self.geometry
        events: list[Event] = []
        if kind == ActionType.BUILD_SETTLEMENT:
            n = g.node_of[value]
            self.node_owner[n] = p
            events.append(Event("build_settlement", p, {"node": n}))
            if not self.setup:
                self._pay(p, SETTLEMENT_COST)
            elif self.node_owner.count(p) == 2:
                cards = [0] * 5
                for h in NODE_HEXES[n]:
                    if self.board.hex_resource(h) >= 0:
                        cards[self.board.hex_resource(h)] += 1
                events.append(Event("setup_resources", p, {"cards": cards}))
                self._gain(p, cards)
        elif kind == ActionType.BUILD_ROAD:
            free = self.setup or self.road_building
            events.append(Event("build_road", p, {"edge": g.edge_of[value], "free": free}))
            if not free:
                self._pay(p, ROAD_COST)
        elif kind == ActionType.BUILD_CITY:
            n = g.node_of[value]
            self.node_city[n] = True
            events.append(Event("build_city", p, {"node": n}))
            self._pay(p, CITY_COST)
        elif kind == ActionType.BUY_DEVELOPMENT_CARD:
            secret = {"card": DEV_OF[record.result]} if p == self.seat else None  # others' cards stay unread
            events.append(Event("buy", p, {}, secret, (p,)))
            self._pay(p, DEV_CARD_COST)
        elif kind == ActionType.ROLL:
            self.dice = record.result
            total = sum(record.result)
            events.append(Event("roll", p, {"dice": list(record.result), "total": total}))
            if total != 7:
                for q, cards in self._production(total):
                    events.append(Event("produce", q, {"cards": cards}))
                    self._gain(q, cards)
        elif kind == ActionType.DISCARD_RESOURCE:
            cards = one(RESOURCE_OF[value])
            events.append(Event("discard", p, {"cards": cards}))
            self._pay(p, cards)
        elif kind == ActionType.MOVE_ROBBER:
            coordinate, victim_color = value
            self.robber = g.hex_of[coordinate]
            events.append(Event("robber", p, {"hex": self.robber}))
            if victim_color is not None:
                victim = self.colors.index(victim_color)
                secret = {"resource": RESOURCE_OF[record.result]} if self.seat in (p, victim) else None
                events.append(Event("steal", p, {"victim": victim}, secret, (p, victim)))
                self.sizes[victim] -= 1
                self.sizes[p] += 1
        elif kind == ActionType.PLAY_KNIGHT_CARD:
            events.append(Event("play_dev", p, {"card": KNIGHT}))
        elif kind == ActionType.PLAY_ROAD_BUILDING:
            events.append(Event("play_dev", p, {"card": ROAD_BUILDING}))
        elif kind == ActionType.PLAY_YEAR_OF_PLENTY:
            cards = [0] * 5
            for name in value:
                cards[RESOURCE_OF[name]] += 1
            events += [Event("play_dev", p, {"card": YEAR_OF_PLENTY}), Event("year_of_plenty", p, {"cards": cards})]
            self._gain(p, cards)
        elif kind == ActionType.PLAY_MONOPOLY:
            after = [sf.player_num_resource_cards(state, color) for color in self.colors]  # hand sizes are public
            taken = [self.sizes[q] - after[q] if q != p else 0 for q in range(len(self.colors))]
            events += [
                Event("play_dev", p, {"card": MONOPOLY}),
                Event("monopoly", p, {"resource": RESOURCE_OF[value], "taken": taken, "count": sum(taken)}),
            ]
            self.sizes = [size - lost for size, lost in zip(self.sizes, taken)]
            self.sizes[p] += sum(taken)
        elif kind == ActionType.MARITIME_TRADE:
            give, count, get = RESOURCE_OF[value[0]], sum(r is not None for r in value[:-1]), RESOURCE_OF[value[-1]]
            events.append(Event("maritime", p, {"give_resource": give, "count": count, "get_resource": get}))
            self._pay(p, one(give, count))
            self._gain(p, one(get))
        elif kind == ActionType.END_TURN:
            events.append(Event("end_turn", p, {}))
        else:
            raise PublicLogError(f"{kind}: Catanatron's players were not expected to trade with each other")
        if kind == ActionType.END_TURN or (self.setup and not state.is_initial_build_phase):
            self.turns += 1
            self.dice = None
            events.append(Event("turn", state.current_turn_index, {"turn": self.turns}))
        self.events += events
        self.setup, self.road_building = state.is_initial_build_phase, state.is_road_building
        sizes = [sf.player_num_resource_cards(state, color) for color in self.colors]
        bank = ours_from_freqdeck(state.resource_freqdeck)
        if sizes != self.sizes or bank != self.bank:
            raise PublicLogError(
                f"after {action}: the log gives hand sizes {self.sizes} and bank {self.bank}, Catanatron {sizes} and {bank}"
            )

    # --- the view ---------------------------------------------------------------------------------

    def phase(self, state: State) -> str:
        """Our phase of the moment."""
        prompt = state.current_prompt
        if prompt in PHASE_OF_PROMPT:
            return PHASE_OF_PROMPT[prompt]
        if prompt != ActionPrompt.PLAY_TURN:
            raise PublicLogError(f"{prompt}: Catanatron's players were not expected to trade with each other")
        if state.is_road_building:
            return ROAD_BUILDING_PHASE
        return MAIN if sf.player_has_rolled(state, state.colors[state.current_turn_index]) else ROLL

    def player_view(self, state: State, q: int) -> PlayerView:
        """The public facts about seat ``q`` (all its points only for our own seat)."""
        color = self.colors[q]
        key = sf.player_key(state, color)
        ps = state.player_state
        played = [0] * 5
        for name in DEVELOPMENT_CARDS:
            played[DEV_OF[name]] = ps[f"{key}_PLAYED_{name}"]
        pieces = state.buildings_by_color[color]
        return PlayerView(
            seat=q,
            hand_size=sf.player_num_resource_cards(state, color),
            dev_cards=sf.player_num_dev_cards(state, color),
            played=tuple(played),
            knights=played[KNIGHT],
            public_points=ps[f"{key}_VICTORY_POINTS"],
            points=ps[f"{key}_ACTUAL_VICTORY_POINTS"] if q == self.seat else None,
            road_length=ps[f"{key}_LONGEST_ROAD_LENGTH"],
            longest_road=ps[f"{key}_HAS_ROAD"],
            largest_army=ps[f"{key}_HAS_ARMY"],
            settlements=tuple(self.geometry.node_of[n] for n in pieces[CAT_SETTLEMENT]),
            cities=tuple(self.geometry.node_of[n] for n in pieces[CAT_CITY]),
            roads=tuple(self.geometry.edge_of[e] for e in pieces[CAT_ROAD]),
            discard_due=state.discard_counts[q] if state.is_discarding else 0,
        )

    def ratios(self, pv: PlayerView) -> list[int]:
        """Best maritime ratio for each resource, from the harbors of a seat's buildings."""
        out = [4] * 5
        for n in pv.settlements + pv.cities:
            harbor = self.board.node_harbor(n)
            if harbor == GENERIC_HARBOR:
                out = [min(x, 3) for x in out]
            elif harbor >= 0:
                out[harbor] = 2
        return out

    def bought_this_turn(self) -> list[int]:
        """Our own development cards bought in the current turn, by kind (from the log)."""
        new = [0] * 5
        for event in reversed(self.events):
            if event.kind == "turn":
                break
            if event.kind == "buy" and event.player == self.seat and event.secret is not None:
                new[event.secret["card"]] += 1
        return new

    def ours(self, cat: CatAction, ratios: Sequence[int]) -> Action | None:
        """Our action for one of Catanatron's playable actions (None: there is none)."""
        me, g, kind, v = self.seat, self.geometry, cat.action_type, cat.value
        match kind:
            case ActionType.ROLL:
                return Action(me, A.ROLL)
            case ActionType.END_TURN:
                return Action(me, A.END)
            case ActionType.BUILD_SETTLEMENT:
                return Action(me, A.SETTLEMENT, g.node_of[v])
            case ActionType.BUILD_ROAD:
                return Action(me, A.ROAD, g.edge_of[v])
            case ActionType.BUILD_CITY:
                return Action(me, A.CITY, g.node_of[v])
            case ActionType.BUY_DEVELOPMENT_CARD:
                return Action(me, A.BUY)
            case ActionType.PLAY_KNIGHT_CARD:
                return Action(me, A.KNIGHT)
            case ActionType.MOVE_ROBBER:
                coordinate, color = v
                return Action(me, A.ROBBER, (g.hex_of[coordinate], -1 if color is None else self.colors.index(color)))
            case ActionType.MARITIME_TRADE:
                give, count = RESOURCE_OF[v[0]], sum(r is not None for r in v[:-1])
                if count != ratios[give]:
                    raise PublicLogError(f"{cat}: our harbors give {RESOURCE_OF[v[0]]} at {ratios[give]}:1")
                return Action(me, A.MARITIME, (give, RESOURCE_OF[v[-1]]))
            case ActionType.PLAY_ROAD_BUILDING:
                return Action(me, A.ROAD_BUILDING)
            case ActionType.PLAY_MONOPOLY:
                return Action(me, A.MONOPOLY, RESOURCE_OF[v])
            case ActionType.PLAY_YEAR_OF_PLENTY:
                if len(v) != 2:
                    return None  # one card when the bank is short: we have no such action
                a, b = sorted(RESOURCE_OF[name] for name in v)
                return Action(me, A.YEAR_OF_PLENTY, (a, b))
        raise PublicLogError(f"{cat}: no decision of this kind was expected of our seat")

    def view(self, game: CatGame, playable: Sequence[CatAction]) -> tuple[View, dict[Action, CatAction]]:
        """Our seat's view now, and Catanatron's action for each of our legal actions.

        In a discard our legal actions are whole discards (every way to give back the cards
        due), each mapped to Catanatron's one-card action for its first card.
        """
        state: State = game.state
        me, g = self.seat, self.geometry
        phase = self.phase(state)
        players = tuple(self.player_view(state, q) for q in range(len(self.colors)))
        ratios = self.ratios(players[me])
        hand = ours_from_freqdeck(sf.get_player_freqdeck(state, self.colors[me]))
        if phase == DISCARD:
            by_resource = {RESOURCE_OF[cat.value]: cat for cat in playable}
            options = {
                Action(me, A.DISCARD, cards): by_resource[next(r for r in range(5) if cards[r])]
                for cards in discards(hand, state.discard_counts[me])
            }
        else:
            mapped = ((self.ours(cat, ratios), cat) for cat in playable)
            options = {ours: cat for ours, cat in mapped if ours is not None}
        node_owner, node_city, edge_owner = [-1] * NODE_COUNT, [False] * NODE_COUNT, [-1] * EDGE_COUNT
        for pv in players:
            for n in pv.settlements + pv.cities:
                node_owner[n] = pv.seat
            for n in pv.cities:
                node_city[n] = True
            for e in pv.roads:
                edge_owner[e] = pv.seat
        current = state.current_turn_index
        key = sf.player_key(state, self.colors[current])
        dev = [0] * 5
        for name in DEVELOPMENT_CARDS:
            dev[DEV_OF[name]] = sf.get_dev_cards_in_hand(state, self.colors[me], name)
        view = View(
            viewer=me,
            options=self.options,
            seats=self.seats,
            board=self.board,
            robber=g.hex_of[state.board.robber_coordinate],
            node_owner=tuple(node_owner),
            node_city=tuple(node_city),
            edge_owner=tuple(edge_owner),
            bank=tuple(ours_from_freqdeck(state.resource_freqdeck)),
            deck_size=len(state.development_listdeck),
            phase=phase,
            current=current,
            to_act=me,
            turn=self.turns,
            dice=self.dice,
            winner=-1,
            free_roads=min(state.free_roads_available, ROADS - len(players[current].roads)) if state.is_road_building else 0,
            dev_played=state.player_state[f"{key}_HAS_PLAYED_DEVELOPMENT_CARD_IN_TURN"],
            built=False,  # Catanatron has no domestic trades, so no trade-then-build rule
            dice_deck=None,  # Catanatron's dice are rolled, not dealt from a deck
            players=players,
            trade=None,
            hand=tuple(hand),
            dev=tuple(dev),
            dev_new=tuple(self.bought_this_turn() if current == me else [0] * 5),
            ratios=tuple(ratios),
            legal=tuple(options),
            log=tuple(self.events),
        )
        return view, options


# --- our player --------------------------------------------------------------------------------

DECISION_KINDS: tuple[str, ...] = (
    "set-up settlement", "set-up road", "roll", "discard", "robber and victim", "robber, nobody to rob",
    "road", "settlement", "city", "buy", "knight", "year_of_plenty", "monopoly", "road_building",
    "free road (Road Building)", "maritime 4:1", "maritime 3:1", "maritime 2:1", "end",
)
"""The kinds of decisions a benchmark counts, in the order it prints them."""
FALLBACK_KINDS: tuple[str, ...] = (A.END, A.ROLL)
"""What our seat does, in this order of preference, when its bot answers outside the options."""


def decision_kind(view: View, action: Action) -> str:
    """Which of :data:`DECISION_KINDS` ``action`` is."""
    if action.kind == A.SETTLEMENT and view.phase == SETUP_SETTLEMENT:
        return "set-up settlement"
    if action.kind == A.ROAD:
        return {SETUP_ROAD: "set-up road", ROAD_BUILDING_PHASE: "free road (Road Building)"}.get(view.phase, "road")
    if action.kind == A.MARITIME:
        assert view.ratios is not None
        return f"maritime {view.ratios[action.value[0]]}:1"
    if action.kind == A.ROBBER:
        return "robber and victim" if action.value[1] >= 0 else "robber, nobody to rob"
    return action.kind


class OurSeat(Player):
    """A Catanatron player that asks one of our bots (``offers`` off: nobody here trades).

    :attr:`table` must be set once the game is created (its seat is known then) and be
    among the accumulators of ``Game.play``.
    """

    def __init__(self, color: Color, level: str, seed: int, settings: dict[str, Any], record: bool = False) -> None:
        super().__init__(color)
        self.bot = make_bot(level, seed=seed, offers=False, **settings)
        self.record = record
        """Whether to keep :attr:`positions`."""
        self.positions: list[tuple[int, list[list[float]]]] = []
        """With :attr:`record`: at the start of every turn (before the roll it is asked
        about), the turn and every seat's features as our seat's view knows them
        (:func:`catan_core.bots.model.view_features`), training data for ``tools/train/fit.py``."""
        self.table: Table | None = None
        self.queued: list[str] = []
        """Catanatron resources still to discard, the rest of a discard our bot chose."""
        self.times: list[float] = []
        """Our bot's decision times (seconds)."""
        self.fallbacks = 0
        """Answers of our bot outside the mapped options."""
        self.kinds: Counter[str] = Counter()
        """Decisions taken, by :func:`decision_kind`."""

    def decide(self, game: CatGame, playable_actions: Sequence[CatAction]) -> CatAction:
        """Catanatron's action for our bot's answer to our seat's view."""
        if self.queued:
            resource = self.queued.pop(0)
            return next(cat for cat in playable_actions if cat.value == resource)
        assert self.table is not None
        self.table.observe(game)
        view, options = self.table.view(game, playable_actions)
        if self.record and view.phase == ROLL and (not self.positions or self.positions[-1][0] != view.turn):
            self.positions.append((view.turn, view_features(view)))
        start = time.perf_counter()
        action = self.bot.decide(view)
        self.times.append(time.perf_counter() - start)
        if action not in options:
            self.fallbacks += 1
            action = next((a for kind in FALLBACK_KINDS for a in view.legal if a.kind == kind), view.legal[0])
        self.kinds[decision_kind(view, action)] += 1
        if action.kind == A.DISCARD:
            self.queued = [CAT_RESOURCE[r] for r in range(5) for _ in range(action.value[r])][1:]
        return options[action]


# --- one game -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameTask:
    """One game of a benchmark: game ``index`` puts our level in seat ``index % 4``."""

    index: int
    seed: int
    ours: str
    settings: dict[str, Any]
    theirs: str
    their_class: str
    """``module:Class`` of Catanatron's player for the other seats."""
    record: bool = False
    """Keep our seat's view's features at every turn (:attr:`OurSeat.positions`)."""


@dataclass(frozen=True)
class GameOutcome:
    """What one game measured."""

    seat: int
    winner: str | None
    """``"ours"``, ``"theirs"`` or None (stopped at Catanatron's turn cap, or by its own error)."""
    turns: int
    """Regular turns started (as our engine counts them; Catanatron's ``num_turns`` also
    counts the set-up)."""
    cpu_seconds: float
    """CPU time of the whole game (all four players and the engine)."""
    times: list[float]
    fallbacks: int
    kinds: dict[str, int]
    winner_seat: int = -1
    """The winning seat (-1: nobody)."""
    positions: tuple[tuple[int, list[list[float]]], ...] = ()
    """Our seat's recorded positions (:attr:`OurSeat.positions`)."""
    final: tuple[dict[str, int], ...] = ()
    """Every seat's pieces, cards and points at the end (:func:`final_state`)."""
    engine_error: str = ""
    """The error inside Catanatron's own code that stopped the game (empty: it ended normally;
    see :func:`inside_catanatron`)."""


FINAL_KEYS: dict[str, str] = {
    "points": "ACTUAL_VICTORY_POINTS", "longest_road": "HAS_ROAD", "largest_army": "HAS_ARMY",
    "road_length": "LONGEST_ROAD_LENGTH", "knights_played": "PLAYED_KNIGHT", "vp_cards": "VICTORY_POINT_IN_HAND",
}
"""What :func:`final_state` reads of each seat, by Catanatron's player-state key (without ``P<i>_``)."""
PIECES: dict[str, tuple[str, int]] = {"settlements": ("SETTLEMENTS", 5), "cities": ("CITIES", 4), "roads": ("ROADS", 15)}
"""Pieces placed: each kind's key and its supply."""


def final_state(game: CatGame) -> tuple[dict[str, int], ...]:
    """Every seat's points, pieces, special cards and development cards at the end of ``game``
    (``dev_cards``: bought, played or not; ``settlements``: those on the board, a city's
    settlement piece having gone back to its supply)."""
    ps = game.state.player_state
    out = []
    for i in range(len(game.state.colors)):
        row = {name: int(ps[f"P{i}_{key}"]) for name, key in FINAL_KEYS.items()}
        for name, (key, supply) in PIECES.items():
            row[name] = supply - int(ps[f"P{i}_{key}_AVAILABLE"])
        row["dev_cards"] = sum(
            int(ps[f"P{i}_{card}_IN_HAND"]) + int(ps.get(f"P{i}_PLAYED_{card}", 0)) for card in DEVELOPMENT_CARDS
        )
        out.append(row)
    return tuple(out)


def seated(by_seat: list[Player], seed: int) -> list[Player]:
    """The list to give ``Game(players, seed)`` so that its seating shuffle puts
    ``by_seat[j]`` in seat ``j``: Catanatron seeds ``random`` and then draws the seating
    with ``random.sample`` (checked by :func:`play_game`)."""
    random.seed(seed)
    order = random.sample(range(len(by_seat)), len(by_seat))
    given: list[Player] = list(by_seat)
    for j, i in enumerate(order):
        given[i] = by_seat[j]
    return given


def play_game(task: GameTask) -> GameOutcome:
    """Play one game of a benchmark in this process."""
    cpu = time.process_time()
    module, _, name = task.their_class.partition(":")
    their_class = getattr(importlib.import_module(module), name)
    colors = list(Color)
    seat = task.index % len(colors)
    game_seed = task.seed + task.index
    ours = OurSeat(colors[seat], task.ours, seed=game_seed * len(colors) + seat, settings=task.settings, record=task.record)
    by_seat: list[Player] = [ours if j == seat else their_class(colors[j]) for j in range(len(colors))]
    game = CatGame(seated(by_seat, game_seed), seed=game_seed)
    if list(game.state.players) != by_seat:
        raise RuntimeError("Catanatron did not seat the players as expected")
    kinds = [task.ours if j == seat else task.theirs for j in range(len(colors))]
    table = ours.table = Table(game, seat, kinds)
    error = ""
    try:
        won = game.play(accumulators=[table])
    except Exception as raised:  # only Catanatron's own errors are kept, see inside_catanatron
        if not inside_catanatron(raised):
            raise
        won, error = None, f"{type(raised).__name__}: {raised}"
    winner = None if won is None else "ours" if won == ours.color else "theirs"
    return GameOutcome(
        seat, winner, table.turns, time.process_time() - cpu, ours.times, ours.fallbacks, dict(ours.kinds),
        -1 if won is None else colors.index(won), tuple(ours.positions), final_state(game), error,
    )


def inside_catanatron(error: BaseException) -> bool:
    """Whether ``error`` arose in Catanatron's own code, with none of ours on the way: its
    players and engine (e.g. ``Board.build_settlement`` cutting a road, bcollazo/catanatron
    issue 391, seen once in 400 games), not our seat or this bridge, whose errors stop the run."""
    frames = [frame.f_code.co_filename for frame, _ in traceback.walk_tb(error.__traceback__)][1:]
    ours = (__file__, CATAN_CORE)
    return bool(frames) and frames[-1].startswith(CATANATRON) and not any(f.startswith(ours) for f in frames)
