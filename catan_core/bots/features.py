"""Named features of every seat's position, as one seat (the viewer) knows it.

The learned evaluation (:mod:`catan_core.bots.model`) scores each seat by a weighted sum of
the features below and turns the scores into chances to win. A feature is a quantity a
person at the table could name: pips of ore with the robber where it is, a 3:1 harbor, the
Longest Road race, cards over the discard limit. Each is computed for every seat from what
the viewer knows:

* everything public (the board, the pieces, the robber, points shown, road lengths, Knights
  played, hand sizes, development card counts);
* the viewer's own hand and development cards, exactly;
* for another seat's hand, an *estimate* given by the caller (card counting from the view's
  log, :class:`~catan_core.bots.tracker.HandTracker`; inside a search, the guessed hand);
* for another seat's development cards, only their number: the kinds are spread by the
  share of each kind among the cards the viewer has not seen.

So two games that differ only in what the viewer cannot see give the same features.

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=4, board="beginner"), seed=1)
>>> rows = position_features(game, viewer=0)
>>> len(rows), len(rows[0]) == len(FEATURES)
(4, True)
>>> named = dict(zip(FEATURES, rows[0]))
>>> named["points"], named["resources"] >= 3
(2.0, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game import Game
from ..names import GENERIC_HARBOR, KNIGHT, VICTORY_POINT
from ..state import (
    DEV_DECK,
    LARGEST_ARMY_MIN,
    LONGEST_ROAD_MIN,
    OVER,
    ROLL,
    SETTLEMENTS,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
)
from .evaluate import (
    CITY_COST,
    DEV_COST,
    SETTLEMENT_COST,
    board_info,
    production,
    spot_distances,
)

FEATURES: tuple[str, ...] = (
    "points", "hidden_points", "near_win", "very_near_win",
    "pips_brick", "pips_lumber", "pips_wool", "pips_grain", "pips_ore",
    "resources", "city_rate", "settlement_rate", "card_rate", "road_rate", "pips_late",
    "generic_harbor", "special_harbor_pips", "spots_now", "best_spot_near", "best_spot_far",
    "road_length", "roads_to_longest", "road_lead", "knights_played", "knights_to_army", "army_lead",
    "dev_cards", "knights_held",
    "hand_size", "over_limit", "city_progress", "settlement_progress", "card_progress",
    "moves_next", "moves_second",
)
"""Names of the features, in the order :func:`position_features` gives them:

* ``points``: points everyone can count; ``hidden_points``: Victory Point cards (the
  viewer's own exactly, another seat's as its card count times the share of Victory Point
  cards among the unseen ones); ``near_win``, ``very_near_win``: 1 when those points come
  within 2, 1 of the target (Longest Road and Largest Army count in the points);
* ``pips_<resource>``: pips produced with the robber where it is (cities twice);
  ``resources``: how many resources are produced at all; ``city_rate``, ``settlement_rate``,
  ``card_rate``, ``road_rate``: the production of the scarcest input of each build, in pips
  per card it needs; ``pips_late``: all pips
  times the share of the target already reached (production counts less late);
* ``generic_harbor``: a 3:1 harbor; ``special_harbor_pips``: pips of the resources a 2:1
  harbor of the seat takes; ``spots_now``: free settlement spots at the end of a road;
  ``best_spot_near``, ``best_spot_far``: pips of the best free spot one, two roads away or
  closer (none when every settlement piece is placed);
* ``road_length``; ``roads_to_longest``: segments it lacks to take Longest Road (0 for its
  holder, at most 5); ``road_lead``: the holder's lead over the next longest road (at most
  5); ``knights_played``, ``knights_to_army``, ``army_lead``: the same for Largest Army;
* ``dev_cards``: development cards held that are not Victory Points; ``knights_held``;
* ``hand_size``, ``over_limit`` (cards a 7 would take), ``city_progress``,
  ``settlement_progress``, ``card_progress`` (share of each build's cards in hand,
  squared);
* ``moves_next``, ``moves_second``: the seat's full turn comes first, second
  (:func:`next_to_play`).
"""

INDEX: dict[str, int] = {name: i for i, name in enumerate(FEATURES)}
"""Position of each feature in a row."""

RACE_CLIP = 5
"""Road and army races count at most this many segments or Knights ahead or behind."""
NEAR_WIN, VERY_NEAR_WIN = 2, 1
"""Points short of the target at which ``near_win`` and ``very_near_win`` switch on."""
SPOT_DEPTH = 2
"""Roads ahead the best free spots are looked for."""

TURN_START = frozenset({ROLL, SETUP_SETTLEMENT, SETUP_ROAD, OVER})
"""Phases in which the current seat's turn has not begun yet (see :func:`next_to_play`)."""

Hand = Sequence[float]
"""A hand of resource cards, exact or estimated (counts per resource)."""


def _progress(hand: Hand, cost: tuple[int, ...]) -> float:
    have, need = 0.0, 0
    for r in range(5):
        c = cost[r]
        if c:
            need += c
            have += min(c, hand[r])
    f = have / need
    return f * f


def _race(holds: bool, mine: int, best_other: int, least: int) -> tuple[float, float]:
    """A race for a special card: what a seat lacks to take it, and its holder's lead."""
    if holds:
        return 0.0, float(min(RACE_CLIP, mine - best_other))
    return float(min(RACE_CLIP, max(0, least - mine, best_other + 1 - mine))), 0.0


def unseen_shares(game: Game, viewer: int | None) -> tuple[float, float]:
    """Share of Victory Point cards and of Knights among the development cards ``viewer``
    has not seen (every card less those played face up and the viewer's own)."""
    unseen = list(DEV_DECK)
    for pl in game.players:
        for c in range(5):
            unseen[c] -= pl.played[c]
    if viewer is not None:
        own = game.players[viewer].dev
        for c in range(5):
            unseen[c] -= own[c]
    total = sum(max(0, u) for u in unseen)
    if total <= 0:
        return 0.0, 0.0
    return max(0, unseen[VICTORY_POINT]) / total, max(0, unseen[KNIGHT]) / total


def next_to_play(game: Game) -> int:
    """The seat whose full turn comes first from this position: the current one before its
    roll (and in the set-up), the next one once the current turn is under way."""
    if game.phase in TURN_START:
        return game.current
    return (game.current + 1) % len(game.players)


def position_features(
    game: Game, viewer: int | None, hands: Sequence[Hand] | None = None, first: int | None = None,
) -> list[list[float]]:
    """One row of :data:`FEATURES` per seat, as ``viewer`` knows the position.

    ``hands``: the hand to assume for each seat (pass the viewer's own exactly); without it,
    every hand is read from ``game`` (right inside a search, where the other hands are
    guessed; use :func:`catan_core.bots.model.chances` for a view). ``first``: the seat
    whose turn comes first (default :func:`next_to_play`)."""
    info = board_info(game.board)
    n = len(game.players)
    target = game.options.vp_target
    limit = game.options.discard_limit
    vp_share, knight_share = unseen_shares(game, viewer)
    roads = [pl.road_length for pl in game.players]
    knights = [pl.played[KNIGHT] for pl in game.players]
    if first is None:
        first = next_to_play(game)
    rows: list[list[float]] = []
    for q in range(n):
        pl = game.players[q]
        hand: Hand = pl.hand if hands is None else hands[q]
        if q == viewer:
            hidden = float(pl.dev[VICTORY_POINT])
            dev_cards = float(sum(pl.dev) - pl.dev[VICTORY_POINT])
            knights_held = float(pl.dev[KNIGHT])
        else:
            count = sum(pl.dev)
            hidden = count * vp_share
            dev_cards = count * (1 - vp_share)
            knights_held = count * knight_share
        points = float(game.victory_points(q, public=True))
        total = points + hidden
        prod = production(game, q, info)
        b, lu, wo, gr, ore = prod
        pips = b + lu + wo + gr + ore
        generic = 0.0
        special = 0.0
        for node in pl.settlements + pl.cities:
            harbor = info.harbor[node]
            if harbor == GENERIC_HARBOR:
                generic = 1.0
            elif harbor >= 0:
                special += prod[harbor]
        spots_now = 0
        near = far = 0
        settlements_left = len(pl.settlements) < SETTLEMENTS
        if settlements_left and (pl.roads or pl.settlements):
            node_pips = info.node_pips
            for node, d in spot_distances(game, q, SPOT_DEPTH).items():
                value = node_pips[node]
                if d == 0:
                    spots_now += 1
                if d <= 1:
                    near = max(near, value)
                far = max(far, value)
        best_road = max((roads[o] for o in range(n) if o != q), default=0)
        best_army = max((knights[o] for o in range(n) if o != q), default=0)
        size = sum(hand)
        order = (q - first) % n
        rows.append([
            points, hidden, float(total >= target - NEAR_WIN), float(total >= target - VERY_NEAR_WIN),
            float(b), float(lu), float(wo), float(gr), float(ore),
            float((b > 0) + (lu > 0) + (wo > 0) + (gr > 0) + (ore > 0)),
            min(gr / 2, ore / 3), min(b, lu, wo, gr), min(wo, gr, ore), min(b, lu), pips * min(1.0, total / target),
            generic, special, float(spots_now), float(near), float(far),
            float(pl.road_length), *_race(game.longest_road == q, pl.road_length, best_road, LONGEST_ROAD_MIN),
            float(knights[q]), *_race(game.largest_army == q, knights[q], best_army, LARGEST_ARMY_MIN),
            dev_cards, knights_held,
            float(size), float(size // 2 if size > limit else 0),
            _progress(hand, CITY_COST) if pl.settlements else 0.0,
            _progress(hand, SETTLEMENT_COST) if settlements_left else 0.0,
            _progress(hand, DEV_COST),
            float(order == 0), float(order == 1),
        ])
    return rows

