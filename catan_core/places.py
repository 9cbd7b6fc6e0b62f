"""The board's spots in words, as players say them, in every language of :mod:`catan_core.i18n`.

A pure function of the board (and the language): the same layout always gets the same words.

* a hex by its terrain and number: "the pasture 4", "the desert" (terrain first: "the 3 fields"
  would read as three fields);
* an intersection by the land hexes around it, the sea when it is on the coast, and its
  harbor: "between fields 8, hills 10 and pasture 5", "between hills 10, pasture 5 and the
  sea (2:1 brick harbor)";
* a path by the two hexes it separates: "between fields 8 and pasture 5".

Where hexes alone do not tell spots apart, a compass point from :data:`board.NODE_XY`'s
geometry does: an intersection or path that touches one land hex only is named by its corner
or side of that hex ("at the north corner of the pasture 4", "on the north-east shore of the
4 pasture"), and two hexes with the same terrain and number by where each lies from the other
("the pasture 4 (north-west)"). No two intersections and no two paths of a board get the
same words (``tests/test_places.py`` checks many random boards).

Each phrase is written to fit the event sentences and board labels that embed it without
being inflected (the German and Hindi templates put it where its case is fixed).

>>> from catan_core.board import Board
>>> words = places(Board.beginner(), "en")
>>> words.hexes[9], words.hexes[4], words.hexes[3]
('the desert', 'the mountains 6', 'the hills 4 (west)')
>>> words.nodes[24]
'between forest 5, the desert and hills 4 (east)'
>>> words.nodes[4]
'between forest 11, pasture 12 and the sea (2:1 wool harbor)'
>>> words.nodes[3]
'at the north-west corner of the forest 11 (3:1 harbor)'
>>> words.edges[31], words.edges[1]
('between pasture 10 and forest 8', 'on the north-east shore of the forest 11')
>>> places(Board.beginner(), "de").nodes[24]
'zwischen Wald 5, der Wüste und Hügelland 4 (Ost)'
>>> places(Board.beginner(), "hi").edges[1]
'जंगल 11 के उत्तर-पूर्व तट पर'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .board import (
    DESERT,
    EDGE_COUNT,
    EDGE_HEXES,
    EDGE_NODES,
    GENERIC_HARBOR,
    HEX_CENTERS,
    HEX_COUNT,
    NODE_COUNT,
    NODE_HEXES,
    NODE_XY,
    TERRAINS,
    Board,
)
from .events import Event
from .i18n import translate

COMPASS: tuple[str, ...] = (
    "east", "north_east", "north", "north_west", "west", "south_west", "south", "south_east",
)
"""Compass points counter-clockwise from east, evenly spaced (message keys ``compass.<point>``)."""

LATTICE_STEP: tuple[float, float] = (math.sqrt(3) / 2, 1 / 2)
"""Length of one lattice step across and down, in hex sides (see :mod:`catan_core.board`)."""

TILES_AT_A_CORNER = 3
"""Tiles (land hexes or sea) that meet at every intersection."""

SPOT_PARAMS: frozenset[str] = frozenset({"hex", "node", "edge"})
"""Message parameters that name a spot by its id; :func:`event_text` puts them in words."""

_Point = tuple[float, float]


@dataclass(frozen=True)
class Places:
    """Every spot of one board in words, in one language, indexed by id."""

    hexes: tuple[str, ...]
    """Each hex as a sentence names it ("the pasture 4")."""
    nodes: tuple[str, ...]
    """Each intersection, as a place ("between fields 8, hills 10 and pasture 5")."""
    edges: tuple[str, ...]
    """Each path, as a place ("between fields 8 and pasture 5")."""

    def spot(self, param: str, spot: int) -> str:
        """The words for ``spot`` named by message parameter ``param`` (one of :data:`SPOT_PARAMS`).

        >>> from catan_core.board import Board
        >>> places(Board.beginner(), "es").spot("hex", 4), places(Board.beginner(), "es").spot("hex", 9)
        ('hexágono de montañas 6', 'desierto')
        """
        return {"hex": self.hexes, "node": self.nodes, "edge": self.edges}[param][spot]


def compass(dx: float, dy: float) -> str:
    """The compass point nearest the lattice direction ``(dx, dy)`` (``y`` grows southwards).

    >>> compass(0, -2), compass(1, 1), compass(-2, 0)
    ('north', 'south_east', 'west')
    """
    across, down = LATTICE_STEP
    angle = math.atan2(-dy * down, dx * across)
    return COMPASS[round(angle / (2 * math.pi) * len(COMPASS)) % len(COMPASS)]


def _towards(origin: _Point, point: _Point) -> str:
    return compass(point[0] - origin[0], point[1] - origin[1])


def _edge_middle(e: int) -> _Point:
    (ax, ay), (bx, by) = (NODE_XY[n] for n in EDGE_NODES[e])
    return (ax + bx) / 2, (ay + by) / 2


def twin_sides(board: Board) -> dict[int, str]:
    """The compass point that tells each hex from its twin (same terrain and number: number
    tokens come at most in pairs), seen from that twin.

    >>> from catan_core.board import Board
    >>> twin_sides(Board.beginner())  # hexes 3 and 10 are both hills with a 4
    {10: 'east', 3: 'west'}
    """
    first: dict[tuple[int, int], int] = {}
    sides: dict[int, str] = {}
    for h in range(HEX_COUNT):
        twin = first.setdefault((board.terrains[h], board.numbers[h]), h)
        if twin != h:
            sides[h] = _towards(HEX_CENTERS[twin], HEX_CENTERS[h])
            sides[twin] = _towards(HEX_CENTERS[h], HEX_CENTERS[twin])
    return sides


@lru_cache(maxsize=16)
def places(board: Board, lang: str) -> Places:
    """Every spot of ``board`` in words in ``lang`` (computed once per board and language)."""

    def t(key: str, **params: Any) -> str:
        return translate(key, params, lang)

    def towards(origin: _Point, point: _Point) -> str:
        return t("compass." + _towards(origin, point))

    twins = twin_sides(board)

    def hex_words(h: int, key: str) -> str:
        """Hex ``h`` by message ``key`` (``place.hex`` or ``place.listed``), told from its twin."""
        terrain, number = board.terrains[h], board.numbers[h]
        terrain_words = t("terrain." + TERRAINS[terrain])
        words = t(key + ("_desert" if terrain == DESERT else ""), terrain=terrain_words, number=number)
        return t("place.twin", place=words, side=t("compass." + twins[h])) if h in twins else words

    hexes = tuple(hex_words(h, "place.hex") for h in range(HEX_COUNT))
    listed = tuple(hex_words(h, "place.listed") for h in range(HEX_COUNT))

    def between(names: Sequence[str]) -> str:
        return t(f"place.between{len(names)}", **dict(zip("abc", names, strict=False)))

    def node_words(n: int) -> str:
        land = NODE_HEXES[n]
        if len(land) == 1:
            words = t("place.corner", side=towards(HEX_CENTERS[land[0]], NODE_XY[n]), hex=hexes[land[0]])
        else:
            words = between([listed[h] for h in land] + [t("place.sea")] * (TILES_AT_A_CORNER - len(land)))
        harbor = board.node_harbor(n)
        if harbor < 0:
            return words
        generic = harbor == GENERIC_HARBOR
        harbor_words = t("place.harbor_generic") if generic else t("place.harbor_specific", resource=harbor)
        return t("place.harbor", place=words, harbor=harbor_words)

    def edge_words(e: int) -> str:
        land = EDGE_HEXES[e]
        if len(land) == 1:
            return t("place.shore", side=towards(HEX_CENTERS[land[0]], _edge_middle(e)), hex=hexes[land[0]])
        return between([listed[h] for h in land])

    return Places(hexes, tuple(map(node_words, range(NODE_COUNT))), tuple(map(edge_words, range(EDGE_COUNT))))


def event_text(
    event: Event, board: Board, lang: str, names: Sequence[str] | None = None, you: int | None = None
) -> str:
    """``event``'s sentence in ``lang``, its spots in words, addressed to seat ``you`` if given.

    Pass the event through :meth:`Event.for_viewer` first.

    >>> from catan_core.board import Board
    >>> built = Event("build_settlement", 1, {"node": 24})
    >>> event_text(built, Board.beginner(), "en", ["Ana", "Ben"])
    'Ben builds a settlement between forest 5, the desert and hills 4 (east).'
    >>> event_text(built, Board.beginner(), "en", ["Ana", "Ben"], you=1)
    'You build a settlement between forest 5, the desert and hills 4 (east).'
    >>> event_text(Event("robber", 0, {"hex": 4}), Board.beginner(), "hi", ["अना"])
    'अना ने डाकू को पर्वत 6 वाले हेक्स पर रखा।'
    """
    key, params = event.message(you)
    return message_text(key, params, board, lang, names)


def message_text(
    key: str, params: Mapping[str, Any], board: Board, lang: str, names: Sequence[str] | None = None
) -> str:
    """Message ``key`` in ``lang`` with its spots (parameters :data:`SPOT_PARAMS`) in words.

    >>> from catan_core.board import Board
    >>> message_text("event.robber", {"player": 0, "hex": 4}, Board.beginner(), "en", ["Ana"])
    'Ana moves the robber to the mountains 6.'
    """
    words = places(board, lang)
    spelled = {k: words.spot(k, v) if k in SPOT_PARAMS else v for k, v in params.items()}
    return translate(key, spelled, lang, names)
