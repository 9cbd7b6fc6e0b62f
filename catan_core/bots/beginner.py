"""Beginner: sensible but naive moves.

It settles on the intersections with the most pips (whatever they produce), builds in a
fixed order (city, settlement, road toward a free spot, development card), trades with
the bank only when one trade completes what it saves for, offers at most one
one-for-one trade a turn, puts the robber where it blocks the most opponents' pips and
robs the fullest hand, plays a Knight when the robber sits on its own hex, and accepts an
offer that brings a card it lacks for a card it can spare.

Its rules are cheap, so the strong player also uses :class:`BeginnerPolicy` to play the
opponents' turns in its playouts.
"""

from __future__ import annotations

from .. import actions as A
from ..actions import Action, Cards
from ..board import EDGE_NODES, HEX_NODES, NODE_EDGES
from ..game import Game
from ..names import KNIGHT, MONOPOLY, ROAD_BUILDING, YEAR_OF_PLENTY
from ..state import CITIES, ROADS, SETTLEMENTS
from .base import PolicyBot
from .evaluate import (
    CITY_COST,
    DEV_COST,
    ROAD_COST,
    SETTLEMENT_COST,
    board_info,
    missing,
    plan_trades,
    spot_distances,
)
from .policy import (
    Context,
    Jitter,
    Policy,
    about_to_win,
    affords,
    building_pips,
    has_building,
    one,
    playable,
    tie_break,
)


class BeginnerPolicy(Policy):
    """Sensible but naive play (see the module docstring)."""

    win_margin = 1
    """Never trade with a player this close to the target (public points)."""
    node_jitter: Jitter = (0.01, 50)
    """Tie-break between set-up spots of equal pips."""
    city_saving = 2
    """Save for a city (rather than a settlement) once holding this many ore or grain."""
    road_reach = 2
    """How many roads ahead it looks for a settlement spot."""
    pips_per_road = 3
    """A spot one more road away must have this many more pips to be the road's goal."""
    year_of_plenty_short = 2
    """Play Year of Plenty when at most this many cards are missing (it brings two)."""
    offer_short = 1
    """Offer a one-for-one trade when exactly this many cards are missing."""
    robber_own = -3
    """Robber: weight of a pip of its own blocked (an opponent's pip weighs 1)."""
    steal_per_card = 0.3
    """Robber: worth of each card in the victim's hand."""
    trade_slack = 1
    """Accept an offer that asks at most this many cards more than it gives."""

    # --- set-up ------------------------------------------------------------------------------

    def node_score(self, game: Game, p: int, n: int) -> float:
        return board_info(game.board).node_pips[n] + tie_break(self.rng, self.node_jitter)

    # --- the roll ------------------------------------------------------------------------------

    def roll(self, game: Game, p: int) -> Action:
        robber = game.robber
        if playable(game, p, KNIGHT) and has_building(game, p, robber) and board_info(game.board).pips[robber]:
            return Action(p, A.KNIGHT)
        return Action(p, A.ROLL)

    # --- building ------------------------------------------------------------------------------

    def wanted(self, game: Game, p: int) -> Cards:
        """The cost of what this player saves for next."""
        pl = game.players[p]
        saving = self.city_saving
        if pl.settlements and len(pl.cities) < CITIES and (pl.hand[4] >= saving or pl.hand[3] >= saving):
            return CITY_COST
        if len(pl.settlements) < SETTLEMENTS:
            return SETTLEMENT_COST
        return CITY_COST if len(pl.cities) < CITIES else DEV_COST

    def main(self, game: Game, p: int, ctx: Context) -> Action:
        pl = game.players[p]
        hand = pl.hand
        info = board_info(game.board)
        if playable(game, p, KNIGHT) and has_building(game, p, game.robber) and info.pips[game.robber]:
            return Action(p, A.KNIGHT)
        if playable(game, p, ROAD_BUILDING) and len(pl.roads) < ROADS and game.road_spots(p):
            return Action(p, A.ROAD_BUILDING)
        want = self.wanted(game, p)
        lack = missing(hand, want)
        if playable(game, p, YEAR_OF_PLENTY) and 0 < sum(lack) <= self.year_of_plenty_short:
            picks = [r for r in range(5) for _ in range(lack[r])]
            if len(picks) == 1:
                picks.append(picks[0])
            a, b = sorted(picks)
            if game.bank[a] >= 1 + (a == b) and game.bank[b]:
                return Action(p, A.YEAR_OF_PLENTY, (a, b))
        if playable(game, p, MONOPOLY) and any(lack):
            r = max(range(5), key=lambda r: lack[r])
            return Action(p, A.MONOPOLY, r)
        if affords(hand, CITY_COST) and pl.settlements and len(pl.cities) < CITIES:
            return Action(p, A.CITY, max(pl.settlements, key=lambda n: info.node_pips[n]))
        spots = spot_distances(game, p, self.road_reach) if len(pl.settlements) < SETTLEMENTS else {}
        here = [n for n, d in spots.items() if d == 0]
        if here and affords(hand, SETTLEMENT_COST):
            return Action(p, A.SETTLEMENT, max(here, key=lambda n: info.node_pips[n]))
        if affords(hand, ROAD_COST) and len(pl.roads) < ROADS and not here:
            edge = self.road_toward(game, p, spots)
            if edge >= 0:
                return Action(p, A.ROAD, edge)
        if affords(hand, DEV_COST) and any(game.deck) and want != CITY_COST:
            return Action(p, A.BUY)
        # one maritime trade when it completes what this player saves for
        trades = plan_trades(hand, want, pl.ratios, game.bank)
        if trades and len(trades) == 1:
            return Action(p, A.MARITIME, trades[0])
        if ctx.allow_offers and not ctx.offers and sum(lack) == self.offer_short:
            need = lack.index(1)
            spare = [hand[r] - want[r] for r in range(5)]
            give = max(range(5), key=lambda r: spare[r])
            if spare[give] > 0 and give != need:
                return Action(p, A.OFFER, (one(give), one(need), -1))
        return Action(p, A.END)

    def road_toward(self, game: Game, p: int, spots: dict[int, int]) -> int:
        """A road that brings the best nearby spot one step closer (-1 if none helps)."""
        targets = [n for n, d in spots.items() if d > 0]
        if not targets:
            return -1
        info = board_info(game.board)
        goal = max(targets, key=lambda n: info.node_pips[n] - self.pips_per_road * spots[n])
        best = -1
        for e in game.road_spots(p):
            a, b = EDGE_NODES[e]
            if goal in (a, b):
                return e
            # the first road that touches a free path of the goal
            if best < 0 and any(set(EDGE_NODES[f]) & {a, b} and game.edge_owner[f] < 0 for f in NODE_EDGES[goal]):
                best = e
        return best

    def free_road(self, game: Game, p: int) -> int:
        edge = self.road_toward(game, p, spot_distances(game, p, self.road_reach))
        if edge < 0:
            spots = game.road_spots(p)
            edge = spots[self.rng.below(len(spots))]
        return edge

    # --- the robber ------------------------------------------------------------------------------

    def robber(self, game: Game, p: int, ctx: Context) -> tuple[int, int]:
        info = board_info(game.board)
        best, best_score = (-1, -1), -1e9
        for h, victims in self.robber_options(game, p, ctx):
            score = 0.0
            for n in HEX_NODES[h]:
                q = game.node_owner[n]
                if q >= 0:
                    score += building_pips(game, n, info.pips[h]) * (self.robber_own if q == p else 1)
            for v in victims:
                s = score + (self.steal_per_card * sum(game.players[v].hand) if v >= 0 else 0.0)
                if s > best_score:
                    best, best_score = (h, v), s
        return best

    # --- discards ------------------------------------------------------------------------------

    def discard(self, game: Game, p: int, count: int) -> Cards:
        """The cards of the largest piles, one at a time."""
        hand = game.players[p].hand[:]
        out = [0] * 5
        for _ in range(count):
            r = max(range(5), key=lambda r: hand[r])
            hand[r] -= 1
            out[r] += 1
        return tuple(out)  # type: ignore[return-value]

    # --- domestic trade ---------------------------------------------------------------------------

    def answer(self, game: Game, p: int, ctx: Context) -> Action:
        t = game.trade
        assert t is not None
        hand = game.players[p].hand
        if not affords(hand, t.want) or about_to_win(game, t.offerer, self.win_margin):
            return Action(p, A.DECLINE)
        want = self.wanted(game, p)
        lack = missing(hand, want)
        gets_needed = sum(min(lack[r], t.give[r]) for r in range(5))
        spare_ok = all(t.want[r] == 0 or hand[r] - t.want[r] >= want[r] for r in range(5))
        if gets_needed and spare_ok and sum(t.want) <= sum(t.give) + self.trade_slack:
            return Action(p, A.ACCEPT)
        return Action(p, A.DECLINE)

    def close_trade(self, game: Game, p: int, ctx: Context) -> Action:
        t = game.trade
        assert t is not None
        for seat, (kind, _terms) in t.answers.items():
            if kind == A.ACCEPT and self.can_confirm(game, p, seat, ctx):
                return Action(p, A.CONFIRM, seat)
        return Action(p, A.CANCEL)


class BeginnerBot(PolicyBot):
    level = "beginner"
    policy_class = BeginnerPolicy
