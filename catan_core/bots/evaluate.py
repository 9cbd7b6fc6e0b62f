"""Position features and a value function, in victory-point equivalents.

:func:`value` scores one seat's position of a (possibly guessed) game: victory points,
then what they are likely to become -- production weighted by how scarce each resource
is on this board and how much the game has left to run, harbors, reachable settlement
spots, the hand (and how close it is to a city, a settlement or a card), development
cards, the army and the road. Computer players compare the values of the positions their
candidate moves lead to. It reads only the seat's own hand and public facts, so it can
be used on a :func:`~catan_core.bots.determinize.determinize` guess.

Board tables (:class:`BoardInfo`) are computed once per layout.

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=4, board="beginner"), seed=1)
>>> info = board_info(game.board)
>>> info.node_pips[20] == sum(info.pips[h] for h in (6, 11))
True
>>> value(game, 0) > 2      # two settlements and their production
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..board import (
    EDGE_NODES,
    GENERIC_HARBOR,
    HEX_COUNT,
    NODE_COUNT,
    NODE_EDGES,
    NODE_HEXES,
    NODE_NODES,
    PIPS,
    Board,
)
from ..game import Game
from ..names import KNIGHT
from ..state import CITIES, LARGEST_ARMY_MIN, ROADS, SETTLEMENTS

CITY_COST = (0, 0, 0, 2, 3)
SETTLEMENT_COST = (1, 1, 1, 1, 0)
DEV_COST = (0, 0, 1, 1, 1)
ROAD_COST = (1, 1, 0, 0, 0)

SCARCITY_RANGE = (0.7, 1.5)
"""Bounds of :attr:`BoardInfo.scarcity`."""
SCARCITY_POWER = 0.5
"""Scarcity is (mean pips of a resource / its pips) to this power, within :data:`SCARCITY_RANGE`."""
BOARDS_REMEMBERED = 64
"""How many boards' tables :func:`board_info` keeps (then all are forgotten at once)."""


class BoardInfo:
    """Look-up tables for one layout."""

    __slots__ = ("harbor", "node_pips", "node_prod", "pips", "res_total", "resource", "scarcity", "weights")

    def __init__(self, board: Board) -> None:
        self.pips = [PIPS[board.numbers[h]] if board.numbers[h] else 0 for h in range(HEX_COUNT)]
        self.resource = [board.hex_resource(h) for h in range(HEX_COUNT)]
        self.node_prod: list[tuple[tuple[int, int, int], ...]] = [
            tuple((h, self.resource[h], self.pips[h]) for h in NODE_HEXES[n] if self.pips[h]) for n in range(NODE_COUNT)
        ]
        """Per intersection: (hex, resource, pips) of the producing hexes it touches."""
        self.node_pips = [sum(x[2] for x in prod) for prod in self.node_prod]
        self.res_total = [0] * 5
        for h in range(HEX_COUNT):
            if self.resource[h] >= 0:
                self.res_total[self.resource[h]] += self.pips[h]
        mean = sum(self.res_total) / 5
        low, high = SCARCITY_RANGE
        self.scarcity = [min(high, max(low, (mean / max(1, t)) ** SCARCITY_POWER)) for t in self.res_total]
        """Per resource: above 1 when the board produces less of it than average."""
        self.harbor = [board.node_harbor(n) for n in range(NODE_COUNT)]
        self.weights: dict[tuple[int, int], tuple[Weights, list[float]]] = {}
        """Answers of :func:`resource_weights` on this board, by (points of buildings, id of the weights)."""


_INFO: dict[int, tuple[Board, BoardInfo]] = {}
"""By ``id`` of the board (hashing a board costs more than the look-up): the board, kept
alive so that its id stays its own, and its tables."""


def board_info(board: Board) -> BoardInfo:
    """The (cached) tables of ``board``."""
    entry = _INFO.get(id(board))
    if entry is not None and entry[0] is board:
        return entry[1]
    if len(_INFO) > BOARDS_REMEMBERED:
        _INFO.clear()
    info = BoardInfo(board)
    _INFO[id(board)] = (board, info)
    return info


@dataclass(frozen=True)
class Weights:
    """Tunable weights of :func:`value` (victory-point equivalents)."""

    pip: float = 0.075
    """One pip (1/36 of a roll) of production, early in the game."""
    diversity: float = 0.25
    """Producing a resource at all."""
    card: float = 0.06
    """One resource card in hand."""
    spot: tuple[float, ...] = (0.55, 0.35, 0.2, 0.1)
    """Share of a settlement spot's worth when it is 0, 1, 2 or 3 roads away."""
    discard_risk: float = 0.06
    """Per card a 7 would take, when the hand is over the limit."""
    progress_city: float = 0.45
    progress_settlement: float = 0.4
    progress_dev: float = 0.12
    dev_card: float = 0.35
    knight_played: float = 0.12
    road_segment: float = 0.06
    harbor_generic: float = 0.25
    harbor_special: float = 0.015
    """Per pip of the resource's production."""
    opponent: float = 0.25
    """Weight of the strongest opponent's public points (subtracted)."""
    early_resources: tuple[float, ...] = (1.15, 1.15, 0.95, 0.95, 0.85)
    """Worth of each resource early in the game (times the board's scarcity)..."""
    late_resources: tuple[float, ...] = (0.8, 0.8, 0.85, 1.15, 1.25)
    """... and late: the weights move from one to the other over :attr:`stage_points`."""
    stage_start: int = 2
    """Points of buildings when the game is at its start (after the set-up)..."""
    stage_points: int = 6
    """... and how many more make it late."""
    horizon_floor: float = 0.35
    """Production, harbors and cards count fully while at least :attr:`horizon_points`
    are missing to win, then fall toward this share (see :func:`horizon`)."""
    horizon_points: int = 10
    won: float = 100.0
    """Value of a won position (plus its points)."""
    spot_second: float = 0.5
    """Share of the second-best reachable spot's worth (the best counts fully)."""
    spot_base: float = 1.0
    """Worth of a reachable spot before what it produces (the point it brings)."""
    spot_share: float = 0.5
    """Share of :attr:`diversity` and of the harbor weights a spot brings."""
    progress_settlement_no_spot: float = 0.35
    """Share of :attr:`progress_settlement` when no spot is free at the end of a road."""
    knight_window: int = 2
    """Played Knights count while at most this many behind the army's holder."""
    road_window: int = 2
    """The road counts while at most this many segments behind the longest..."""
    road_least: int = 3
    """... and at least this long."""
    roads_used_up: float = 0.1
    """Taken off when every road piece is placed."""


DEFAULT = Weights()
"""The classic standard player's weights (``standard-classic``)."""
STRONG = Weights(card=0.02, discard_risk=0.2, progress_city=0.3, progress_settlement=0.25)
"""The strong level's weights (tuned by self-play against the classic standard player); the
learned player's policy ranks its moves with them too."""


REMEMBERED_WEIGHTS = 256
"""How many answers of :func:`resource_weights` a board keeps (then all are forgotten at once)."""


def horizon(w: Weights, remaining: int) -> float:
    """How much of their full worth production and cards keep when ``remaining`` points
    are missing to win."""
    return min(1.0, w.horizon_floor + remaining / w.horizon_points)


def resource_weights(game: Game, p: int, w: Weights = DEFAULT) -> list[float]:
    """How much seat ``p`` values each resource now: board scarcity times the stage of the game.

    The answer is kept per board, buildings and weights: the list returned may be shared, do
    not change it."""
    info = board_info(game.board)
    pl = game.players[p]
    built = len(pl.settlements) + 2 * len(pl.cities)
    known = info.weights.get((built, id(w)))
    if known is not None and known[0] is w:
        return known[1]
    stage = min(1.0, (built - w.stage_start) / w.stage_points)
    weights = [
        info.scarcity[r] * ((1 - stage) * w.early_resources[r] + stage * w.late_resources[r]) for r in range(5)
    ]
    if len(info.weights) > REMEMBERED_WEIGHTS:
        info.weights.clear()
    info.weights[built, id(w)] = (w, weights)
    return weights


def production(game: Game, p: int, info: BoardInfo | None = None) -> list[int]:
    """Pips of each resource seat ``p`` produces (cities twice; the robbed hex left out)."""
    info = info or board_info(game.board)
    robber = game.robber
    prod = [0, 0, 0, 0, 0]
    node_prod = info.node_prod
    pl = game.players[p]
    for n in pl.settlements:
        for h, r, pips in node_prod[n]:
            if h != robber:
                prod[r] += pips
    for n in pl.cities:
        for h, r, pips in node_prod[n]:
            if h != robber:
                prod[r] += 2 * pips
    return prod


_NODE_LINKS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((e, EDGE_NODES[e][0] + EDGE_NODES[e][1] - n) for e in NODE_EDGES[n]) for n in range(NODE_COUNT)
)
"""Per intersection: (path, intersection at its other end)."""


SPOTS_REMEMBERED = 256
"""How many answers of :func:`spot_distances` are kept (then all are forgotten at once)."""
_SPOTS: dict[tuple[object, ...], dict[int, int]] = {}
"""Recent answers of :func:`spot_distances`, by everything they depend on."""


def spot_distances(game: Game, p: int, depth: int = 2) -> dict[int, int]:
    """Free settlement spots seat ``p`` can reach with at most ``depth`` new roads: spot -> roads needed.

    A search meets the same pieces over and over (after a maritime trade, for every
    candidate build that is not a road or settlement), so recent answers are kept: the
    dict returned may be shared, do not change it."""
    pl = game.players[p]
    key = (
        p, depth, tuple(pl.roads), tuple(pl.settlements), tuple(pl.cities),
        tuple(game.node_owner), tuple(game.edge_owner),
    )
    spots = _SPOTS.get(key)
    if spots is None:
        if len(_SPOTS) >= SPOTS_REMEMBERED:
            _SPOTS.clear()
        spots = _SPOTS[key] = _spot_distances(game, p, depth)
    return spots


def _spot_distances(game: Game, p: int, depth: int) -> dict[int, int]:
    node_owner, edge_owner = game.node_owner, game.edge_owner
    pl = game.players[p]
    frontier: set[int] = set()
    for e in pl.roads:
        a, b = EDGE_NODES[e]
        if node_owner[a] < 0 or node_owner[a] == p:
            frontier.add(a)
        if node_owner[b] < 0 or node_owner[b] == p:
            frontier.add(b)
    frontier.update(pl.settlements)
    frontier.update(pl.cities)
    out: dict[int, int] = {}
    seen = set(frontier)
    links, neighbours = _NODE_LINKS, NODE_NODES
    for d in range(depth + 1):
        nxt: list[int] = []
        last = d == depth
        for n in frontier:  # every intersection is in one frontier at most
            owner = node_owner[n]
            if owner < 0:
                for m in neighbours[n]:
                    if node_owner[m] >= 0:
                        break
                else:
                    out[n] = d
            elif owner != p:
                continue
            if last:
                continue
            for e, m in links[n]:
                if edge_owner[e] < 0 and m not in seen:
                    seen.add(m)
                    nxt.append(m)
        frontier = nxt  # type: ignore[assignment]
    return out


def node_worth(info: BoardInfo, n: int, rw: list[float], prod: list[int], w: Weights, ahead: float) -> float:
    """What a settlement on intersection ``n`` would add (production, new resources, harbor;
    ``ahead``: :func:`horizon`)."""
    worth = 0.0
    for _, r, pips in info.node_prod[n]:
        worth += rw[r] * pips * w.pip * ahead
        if prod[r] == 0:
            worth += w.diversity * w.spot_share
    harbor = info.harbor[n]
    if harbor == GENERIC_HARBOR:
        worth += w.harbor_generic * w.spot_share
    elif harbor >= 0:
        worth += w.harbor_special * prod[harbor] * w.spot_share
    return worth


def value(game: Game, p: int, w: Weights = DEFAULT) -> float:
    """Worth of seat ``p``'s position, in victory-point equivalents (own hand, public facts)."""
    info = board_info(game.board)
    pl = game.players[p]
    target = game.options.vp_target
    vp = game.victory_points(p)
    if vp >= target:
        return w.won + vp
    ahead = horizon(w, target - vp)
    rw = resource_weights(game, p, w)
    prod = production(game, p, info)
    score = float(vp)
    for r in range(5):
        if prod[r]:
            score += rw[r] * prod[r] * w.pip * ahead + w.diversity * ahead
    # harbors
    generic = False
    for n in pl.settlements + pl.cities:
        harbor = info.harbor[n]
        if harbor == GENERIC_HARBOR:
            generic = True
        elif harbor >= 0:
            score += w.harbor_special * prod[harbor] * ahead
    if generic:
        score += w.harbor_generic * ahead
    # settlement spots within reach
    spots_at_hand = False
    if len(pl.settlements) < SETTLEMENTS:
        spots = spot_distances(game, p, len(w.spot) - 1)
        if spots:
            # node_worth(info, n, rw, prod, w, ahead) written out: the hottest loop of a search
            node_prod, harbors, share, pip, spot_share = info.node_prod, info.harbor, w.spot, w.pip, w.spot_share
            new_resource, generic_harbor = w.diversity * spot_share, w.harbor_generic * spot_share
            worths = []
            for n, d in spots.items():
                worth = 0.0
                for _, r, pips in node_prod[n]:
                    worth += rw[r] * pips * pip * ahead
                    if prod[r] == 0:
                        worth += new_resource
                harbor = harbors[n]
                if harbor == GENERIC_HARBOR:
                    worth += generic_harbor
                elif harbor >= 0:
                    worth += w.harbor_special * prod[harbor] * spot_share
                worths.append((w.spot_base + worth) * share[d])
            worths.sort()
            score += worths[-1] + (w.spot_second * worths[-2] if len(worths) > 1 else 0.0)
            spots_at_hand = 0 in spots.values()
    # the hand
    hand = pl.hand
    size = hand[0] + hand[1] + hand[2] + hand[3] + hand[4]
    for r in range(5):
        score += hand[r] * w.card * rw[r]
    if len(pl.cities) < CITIES and pl.settlements:
        score += w.progress_city * _progress(hand, CITY_COST)
    if len(pl.settlements) < SETTLEMENTS:
        settlement = w.progress_settlement if spots_at_hand else w.progress_settlement * w.progress_settlement_no_spot
        score += settlement * _progress(hand, SETTLEMENT_COST)
    score += w.progress_dev * _progress(hand, DEV_COST)
    limit = game.options.discard_limit
    if size > limit:
        score -= (size // 2) * w.discard_risk
    # development cards
    dev = pl.dev
    score += (dev[0] + dev[2] + dev[3] + dev[4]) * w.dev_card * ahead
    knights = pl.played[KNIGHT]
    if game.largest_army != p and knights:
        holder = game.largest_army
        best = game.players[holder].played[KNIGHT] if holder >= 0 else LARGEST_ARMY_MIN - 1
        if knights + w.knight_window >= best:
            score += w.knight_played * knights
    # the road
    if game.longest_road != p and pl.roads:
        best = max(q.road_length for q in game.players)
        if pl.road_length + w.road_window >= best and pl.road_length >= w.road_least:
            score += w.road_segment * pl.road_length
    if len(pl.roads) >= ROADS:
        score -= w.roads_used_up
    # the strongest opponent
    top = 0
    for q in range(len(game.players)):
        if q != p:
            v = game.victory_points(q, public=True)
            if v > top:
                top = v
    score -= w.opponent * top
    return score


SETUP_FEATURES = (
    "pips of brick", "pips of lumber", "pips of wool", "pips of grain", "pips of ore",
    "resources covered", "generic harbor", "2:1 harbor pips",
)
"""What :func:`setup_features` measures of a seat's set-up."""

SETUP_MODEL = (0.103, 0.102, 0.127, 0.201, 0.21, 0.528, 0.13, 0.05)
"""Log-odds of winning per unit of each of :data:`SETUP_FEATURES`: the conditional logit of
``bench/setup_fit.py`` fitted on 3000 games of a strong player (placing like the classic standard
one, without its search) and three classic standard players. A pip of grain or ore is worth about
twice a pip of brick or lumber; covering one more resource about five pips. Standard
errors are about 0.02 per pip, 0.05 per resource covered."""


def setup_features(game: Game, p: int) -> list[float]:
    """Seat ``p``'s set-up as :data:`SETUP_MODEL` sees it (see :data:`SETUP_FEATURES`)."""
    info = board_info(game.board)
    prod = production(game, p, info)
    generic, special = 0.0, 0.0
    for n in game.players[p].settlements:
        harbor = info.harbor[n]
        if harbor == GENERIC_HARBOR:
            generic = 1.0
        elif harbor >= 0:
            special += prod[harbor]
    return [float(x) for x in prod] + [float(sum(1 for x in prod if x)), generic, special]


def setup_odds(game: Game, p: int, model: tuple[float, ...] = SETUP_MODEL) -> float:
    """Log of seat ``p``'s chance to win as :data:`SETUP_MODEL` judges the set-ups of all seats."""
    scores = [sum(t * x for t, x in zip(model, setup_features(game, q), strict=True)) for q in range(len(game.players))]
    top = max(scores)
    return scores[p] - top - math.log(sum(math.exp(s - top) for s in scores))


def _progress(hand: list[int], cost: tuple[int, ...]) -> float:
    have = 0
    need = 0
    for r in range(5):
        c = cost[r]
        if c:
            need += c
            have += hand[r] if hand[r] < c else c
    f = have / need
    return f * f


THREAT_PIP = 0.03
""":func:`threat`: per pip of production."""
THREAT_DEV_CARD = 0.3
""":func:`threat`: per unplayed development card."""
THREAT_CARD = 0.05
""":func:`threat`: per card in hand."""


def threat(game: Game, q: int) -> float:
    """How dangerous seat ``q`` looks from outside (public points, production, cards)."""
    info = board_info(game.board)
    prod = production(game, q, info)
    pv = game.victory_points(q, public=True)
    pl = game.players[q]
    return pv + THREAT_PIP * sum(prod) + THREAT_DEV_CARD * sum(pl.dev) + THREAT_CARD * sum(pl.hand)


def missing(hand: list[int] | tuple[int, ...], cost: tuple[int, ...]) -> list[int]:
    """Cards of each resource lacking to pay ``cost``."""
    return [cost[r] - hand[r] if cost[r] > hand[r] else 0 for r in range(5)]


def plan_trades(
    hand: list[int] | tuple[int, ...], cost: tuple[int, ...], ratios: list[int] | tuple[int, ...],
    bank: list[int] | tuple[int, ...], keep: list[float] | None = None,
) -> list[tuple[int, int]] | None:
    """Maritime trades that make ``hand`` pay ``cost`` (None when impossible).

    Gives first the resources with the most spare cards (and lowest ``keep`` worth)."""
    if hand[0] >= cost[0] and hand[1] >= cost[1] and hand[2] >= cost[2] and hand[3] >= cost[3] and hand[4] >= cost[4]:
        return []  # nothing missing
    need = missing(hand, cost)
    spare = [hand[r] - cost[r] if hand[r] > cost[r] else 0 for r in range(5)]
    bank = list(bank)
    trades: list[tuple[int, int]] = []
    for r in range(5):
        for _ in range(need[r]):
            if bank[r] <= 0:
                return None
            best, best_key = -1, 0.0
            for g in range(5):
                if g != r and spare[g] >= ratios[g]:
                    key = spare[g] - ratios[g] - (keep[g] if keep else 0.0)
                    if best < 0 or key > best_key:
                        best, best_key = g, key
            if best < 0:
                return None
            spare[best] -= ratios[best]
            bank[best] += ratios[best]
            bank[r] -= 1
            trades.append((best, r))
    return trades
