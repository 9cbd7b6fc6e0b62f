"""Decision rules shared by the computer players, one method per kind of decision.

A policy chooses for seat ``p`` in a game that is either a
:func:`~catan_core.bots.determinize.determinize` guess (for a bot deciding from its
view) or a position inside a search. It reads only ``p``'s own cards and public facts,
plus the :class:`Context` the bot built from its view (card-counting estimates, the
offers it already made this turn, the exact legal list).

* :class:`BeginnerPolicy` -- sensible but naive: the most pips, a fixed build order,
  trades only when one card is missing; cheap enough to play out whole turns in a search.
* :class:`StandardPolicy` -- compares the positions its moves lead to with
  :func:`~catan_core.bots.evaluate.value`: every affordable build (with the maritime
  trades that complete it), every card it could play, every robber spot and victim,
  every way to discard, every answer to an offer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from .. import actions as A
from ..actions import Action, Cards
from ..board import EDGE_NODES, GENERIC_HARBOR, HEX_NODES, NODE_EDGES, NODE_NODES
from ..game import (
    CITIES, DISCARD, KNIGHT, LARGEST_ARMY_MIN, MAIN, MONOPOLY, ROAD_BUILDING, ROAD_BUILDING_PHASE,
    ROADS, ROBBER, ROLL, SETTLEMENTS, SETUP_ROAD, SETUP_SETTLEMENT, TRADE, YEAR_OF_PLENTY, Game,
)
from ..rng import Rng
from .evaluate import (
    CITY_COST, DEFAULT, DEV_COST, ROAD_COST, SETTLEMENT_COST, Weights, board_info, missing,
    plan_trades, production, resource_weights, spot_distances, threat, value,
)

_ZERO: Cards = (0, 0, 0, 0, 0)


def one(r: int, count: int = 1) -> Cards:
    """``count`` cards of resource ``r``."""
    cards = [0, 0, 0, 0, 0]
    cards[r] = count
    return tuple(cards)  # type: ignore[return-value]


@dataclass
class Context:
    """What the bot knows beyond the guessed game."""

    legal: Sequence[Action] = ()
    """The exact legal actions (from the view); empty inside a search."""
    expected: list[list[float]] = field(default_factory=list)
    """Per seat, expected resource counts (card counting); empty inside a search."""
    offers: list[tuple[Cards, Cards]] = field(default_factory=list)
    """Offers this bot already made this turn."""
    allow_offers: bool = True
    max_offers: int = 2


def after_trades(game: Game, p: int, trades: list[tuple[int, int]], buy_card: bool) -> Game:
    """A copy of ``game`` after seat ``p``'s maritime ``trades`` and, with ``buy_card``, after
    paying for a development card (the card itself, unknown, is left out)."""
    sim = game.copy()
    for t in trades:
        sim.apply(Action(p, A.MARITIME, t), check=False)
    if buy_card:
        hand = sim.players[p].hand
        for r in range(5):
            hand[r] -= DEV_COST[r]
            sim.bank[r] += DEV_COST[r]
    return sim


def _has_building(game: Game, p: int, h: int) -> bool:
    return any(game.node_owner[n] == p for n in HEX_NODES[h])


def _playable(game: Game, p: int, card: int) -> bool:
    pl = game.players[p]
    return not game.dev_played and pl.dev[card] - pl.dev_new[card] > 0


def _about_to_win(game: Game, q: int, margin: int) -> bool:
    return game.victory_points(q, public=True) >= game.options.vp_target - margin


class BeginnerPolicy:
    """Sensible but naive play (see the module docstring)."""

    win_margin = 1
    """Never trade with a player this close to the target (public points)."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    # --- dispatch ------------------------------------------------------------------------

    def choose(self, game: Game, p: int, ctx: Context) -> Action:
        """The action for seat ``p``, who must act now."""
        phase = game.phase
        if phase == MAIN:
            return self.main(game, p, ctx)
        if phase == ROLL:
            return self.roll(game, p)
        if phase == SETUP_SETTLEMENT:
            return Action(p, A.SETTLEMENT, self.setup_settlement(game, p))
        if phase == SETUP_ROAD:
            return Action(p, A.ROAD, self.setup_road(game, p))
        if phase == ROBBER:
            return Action(p, A.ROBBER, self.robber(game, p, ctx))
        if phase == DISCARD:
            return Action(p, A.DISCARD, self.discard(game, p, game.discards[p]))
        if phase == ROAD_BUILDING_PHASE:
            return Action(p, A.ROAD, self.free_road(game, p))
        if phase == TRADE:
            assert game.trade is not None
            if p == game.trade.offerer:
                return self.close_trade(game, p, ctx)
            return self.answer(game, p, ctx)
        raise ValueError(f"no decision in phase {phase}")

    # --- set-up ------------------------------------------------------------------------------

    def free_nodes(self, game: Game) -> list[int]:
        owner = game.node_owner
        return [n for n in range(len(owner)) if owner[n] < 0 and all(owner[m] < 0 for m in NODE_NODES[n])]

    def node_score(self, game: Game, p: int, n: int) -> float:
        return board_info(game.board).node_pips[n] + 0.01 * self.rng.below(50)

    def setup_settlement(self, game: Game, p: int) -> int:
        return max(self.free_nodes(game), key=lambda n: self.node_score(game, p, n))

    def setup_road(self, game: Game, p: int) -> int:
        s = game.setup_node
        owner = game.node_owner
        best, best_score = -1, -1.0
        for e in NODE_EDGES[s]:
            if game.edge_owner[e] >= 0:
                continue
            a, b = EDGE_NODES[e]
            m = b if a == s else a
            score = 0.0
            for k in NODE_NODES[m]:
                if k != s and owner[k] < 0 and all(owner[j] < 0 for j in NODE_NODES[k]):
                    score = max(score, self.node_score(game, p, k))
            score += 0.001 * self.rng.below(100)
            if score > best_score:
                best, best_score = e, score
        return best

    # --- the roll ------------------------------------------------------------------------------

    def roll(self, game: Game, p: int) -> Action:
        if _playable(game, p, KNIGHT) and _has_building(game, p, game.robber) and board_info(game.board).pips[game.robber]:
            return Action(p, A.KNIGHT)
        return Action(p, A.ROLL)

    # --- building ------------------------------------------------------------------------------

    def wanted(self, game: Game, p: int) -> Cards:
        """The cost of what this player saves for next."""
        pl = game.players[p]
        if pl.settlements and len(pl.cities) < CITIES and (pl.hand[4] >= 2 or pl.hand[3] >= 2):
            return CITY_COST
        if len(pl.settlements) < SETTLEMENTS:
            return SETTLEMENT_COST
        return CITY_COST if len(pl.cities) < CITIES else DEV_COST

    def main(self, game: Game, p: int, ctx: Context) -> Action:
        pl = game.players[p]
        hand = pl.hand
        info = board_info(game.board)
        if _playable(game, p, KNIGHT) and _has_building(game, p, game.robber) and info.pips[game.robber]:
            return Action(p, A.KNIGHT)
        if _playable(game, p, ROAD_BUILDING) and len(pl.roads) < ROADS and game.road_spots(p):
            return Action(p, A.ROAD_BUILDING)
        want = self.wanted(game, p)
        lack = missing(hand, want)
        if _playable(game, p, YEAR_OF_PLENTY) and 0 < sum(lack) <= 2:
            picks = [r for r in range(5) for _ in range(lack[r])]
            if len(picks) == 1:
                picks.append(picks[0])
            a, b = sorted(picks)
            if game.bank[a] >= 1 + (a == b) and game.bank[b]:
                return Action(p, A.YEAR_OF_PLENTY, (a, b))
        if _playable(game, p, MONOPOLY) and any(lack):
            r = max(range(5), key=lambda r: lack[r])
            return Action(p, A.MONOPOLY, r)
        if hand[3] >= 2 and hand[4] >= 3 and pl.settlements and len(pl.cities) < CITIES:
            return Action(p, A.CITY, max(pl.settlements, key=lambda n: info.node_pips[n]))
        spots = spot_distances(game, p, 2) if len(pl.settlements) < SETTLEMENTS else {}
        here = [n for n, d in spots.items() if d == 0]
        if here and all(hand[r] >= SETTLEMENT_COST[r] for r in range(5)):
            return Action(p, A.SETTLEMENT, max(here, key=lambda n: info.node_pips[n]))
        if hand[0] and hand[1] and len(pl.roads) < ROADS and not here:
            edge = self.road_toward(game, p, spots)
            if edge >= 0:
                return Action(p, A.ROAD, edge)
        if hand[2] and hand[3] and hand[4] and any(game.deck) and want != CITY_COST:
            return Action(p, A.BUY)
        # one maritime trade when it completes what this player saves for
        trades = plan_trades(hand, want, pl.ratios, game.bank)
        if trades and len(trades) == 1:
            return Action(p, A.MARITIME, trades[0])
        if ctx.allow_offers and not ctx.offers and sum(lack) == 1:
            need = lack.index(1)
            spare = [hand[r] - want[r] for r in range(5)]
            give = max(range(5), key=lambda r: spare[r])
            if spare[give] >= 1 and give != need:
                return Action(p, A.OFFER, (one(give), one(need), -1))
        return Action(p, A.END)

    def road_toward(self, game: Game, p: int, spots: dict[int, int]) -> int:
        """A road that brings the best nearby spot one step closer (-1 if none helps)."""
        targets = [n for n, d in spots.items() if d > 0]
        if not targets:
            return -1
        info = board_info(game.board)
        goal = max(targets, key=lambda n: info.node_pips[n] - 3 * spots[n])
        best, best_d = -1, 99
        for e in game.road_spots(p):
            a, b = EDGE_NODES[e]
            for m in (a, b):
                if m == goal:
                    return e
            # does a neighbour edge of the goal share a node with this edge?
            for f in NODE_EDGES[goal]:
                if set(EDGE_NODES[f]) & {a, b} and game.edge_owner[f] < 0 and best_d > 1:
                    best, best_d = e, 1
        return best

    def free_road(self, game: Game, p: int) -> int:
        edge = self.road_toward(game, p, spot_distances(game, p, 2))
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
                    mult = 2 if game.node_city[n] else 1
                    score += info.pips[h] * mult * (-3 if q == p else 1)
            for v in victims:
                s = score + (0.3 * sum(game.players[v].hand) if v >= 0 else 0.0)
                if s > best_score:
                    best, best_score = (h, v), s
        return best

    def robber_options(self, game: Game, p: int, ctx: Context) -> list[tuple[int, list[int]]]:
        """Each hex the robber may go to, with the seats that may be robbed there."""
        if ctx.legal:
            out: dict[int, list[int]] = {}
            for a in ctx.legal:
                if a.kind == A.ROBBER:
                    out.setdefault(a.value[0], []).append(a.value[1])
            return list(out.items())
        return game.robber_targets()

    # --- discards ------------------------------------------------------------------------------

    def discard(self, game: Game, p: int, count: int) -> Cards:
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
        holds = all(hand[r] >= t.want[r] for r in range(5))
        if not holds or _about_to_win(game, t.offerer, self.win_margin):
            return Action(p, A.DECLINE)
        want = self.wanted(game, p)
        lack = missing(hand, want)
        gets_needed = sum(min(lack[r], t.give[r]) for r in range(5))
        spare_ok = all(t.want[r] == 0 or hand[r] - t.want[r] >= want[r] for r in range(5))
        if gets_needed and spare_ok and sum(t.want) <= sum(t.give) + 1:
            return Action(p, A.ACCEPT)
        return Action(p, A.DECLINE)

    def close_trade(self, game: Game, p: int, ctx: Context) -> Action:
        t = game.trade
        assert t is not None
        for seat, (kind, terms) in t.answers.items():
            if kind == A.ACCEPT and self.can_confirm(game, p, seat, ctx):
                return Action(p, A.CONFIRM, seat)
        return Action(p, A.CANCEL)

    def can_confirm(self, game: Game, p: int, seat: int, ctx: Context) -> bool:
        action = Action(p, A.CONFIRM, seat)
        return action in ctx.legal if ctx.legal else game.is_legal(action)


class StandardPolicy(BeginnerPolicy):
    """Compares positions with :func:`~catan_core.bots.evaluate.value` (see the module docstring)."""

    win_margin = 2
    eager_knights = False
    """Play a Knight before the roll whenever the army race is open (not only when blocked)."""
    setup_resources = (1.1, 1.1, 0.9, 1.0, 1.05)
    """Set-up: weight of a pip of each resource (times the board's scarcity)."""
    setup_new_resource = 2.0
    """Set-up: bonus for a resource not produced yet."""
    offers_per_turn = 2
    offer_before_bank = False
    """Offer the players a cheaper deal before a 3:1 or 4:1 trade with the bank."""
    trade_margin = (0.05, 0.04)
    """Least gain to accept an offer: a constant plus so much per public point of the offerer."""

    def __init__(self, rng: Rng, weights: Weights = DEFAULT) -> None:
        super().__init__(rng)
        self.w = weights

    # --- set-up ------------------------------------------------------------------------------

    def node_score(self, game: Game, p: int, n: int) -> float:
        info = board_info(game.board)
        pl = game.players[p]
        prod = production(game, p, info)
        rw = [info.scarcity[r] * self.setup_resources[r] for r in range(5)]
        score = 0.0
        new = set()
        for _, r, pips in info.node_prod[n]:
            score += rw[r] * pips
            if prod[r] == 0 and r not in new:
                score += self.setup_new_resource
                new.add(r)
        if len(info.node_prod[n]) == 3 and len({x[1] for x in info.node_prod[n]}) == 3:
            score += 0.5
        harbor = info.harbor[n]
        if harbor == GENERIC_HARBOR:
            score += 1.0
        elif harbor >= 0:
            score += 0.25 * (prod[harbor] + sum(x[2] for x in info.node_prod[n] if x[1] == harbor))
        if not pl.settlements:  # first settlement: room to grow nearby
            owner = game.node_owner
            near = [
                info.node_pips[k]
                for m in NODE_NODES[n]
                for k in NODE_NODES[m]
                if k != n and owner[k] < 0 and all(owner[j] < 0 for j in NODE_NODES[k])
            ]
            if near:
                score += 0.15 * max(near)
        return score + 0.001 * self.rng.below(100)

    # --- the roll ------------------------------------------------------------------------------

    def roll(self, game: Game, p: int) -> Action:
        if not _playable(game, p, KNIGHT):
            return Action(p, A.ROLL)
        info = board_info(game.board)
        blocked = sum(
            info.pips[game.robber] * (2 if game.node_city[n] else 1) for n in HEX_NODES[game.robber] if game.node_owner[n] == p
        )
        if blocked >= 3 or self.knight_takes_army(game, p) or (self.eager_knights and self.army_race(game, p)):
            return Action(p, A.KNIGHT)
        return Action(p, A.ROLL)

    def army_race(self, game: Game, p: int) -> bool:
        """Whether playing Knights now still leads toward the Largest Army."""
        holder = game.largest_army
        if holder == p:
            return False
        mine = game.players[p].played[KNIGHT]
        best = max(pl.played[KNIGHT] for q, pl in enumerate(game.players) if q != p)
        return mine <= best + 1

    def knight_takes_army(self, game: Game, p: int) -> bool:
        knights = game.players[p].played[KNIGHT] + 1
        holder = game.largest_army
        if holder == p or knights < LARGEST_ARMY_MIN:
            return False
        return holder < 0 or knights > game.players[holder].played[KNIGHT]

    # --- the main phase ---------------------------------------------------------------------------

    def candidates(self, game: Game, p: int, ctx: Context) -> list[tuple[float, Action]]:
        """Scored first steps of every plan this turn, best first; ``end`` included."""
        w = self.w
        pl = game.players[p]
        hand = pl.hand
        base = value(game, p, w)
        out: list[tuple[float, Action]] = [(base, Action(p, A.END))]
        keep = resource_weights(game, p, w)
        targets: list[tuple[str, int, Cards]] = []
        if len(pl.cities) < CITIES:
            targets += [(A.CITY, n, CITY_COST) for n in pl.settlements]
        if len(pl.settlements) < SETTLEMENTS:
            targets += [(A.SETTLEMENT, n, SETTLEMENT_COST) for n, d in spot_distances(game, p, 0).items() if d == 0]
        if len(pl.roads) < ROADS:
            targets += [(A.ROAD, e, ROAD_COST) for e in game.road_spots(p)]
        if any(game.deck):
            targets.append((A.BUY, -1, DEV_COST))
        paid: dict[Cards, tuple[list[tuple[int, int]] | None, Game]] = {}
        """Per cost of a build: the trades that pay it and the position after them (the same
        for every road or settlement, so planned and made once)."""
        for kind, spot, cost in targets:
            if kind == A.BUY:
                trades = plan_trades(hand, cost, pl.ratios, game.bank, keep)
                if trades is None:
                    continue
                sim = after_trades(game, p, trades, True)
                score = value(sim, p, w) + self.dev_card_worth(sim, p)
                action = Action(p, A.BUY)
            else:
                if cost not in paid:
                    trades = plan_trades(hand, cost, pl.ratios, game.bank, keep)
                    paid[cost] = (trades, after_trades(game, p, trades, False) if trades else game)
                trades, position = paid[cost]
                if trades is None:
                    continue
                sim = position.copy()
                action = Action(p, kind, spot)
                sim.apply(action, check=False)
                score = value(sim, p, w)
            first = Action(p, A.MARITIME, trades[0]) if trades else action
            out.append((score, first))
        out.extend(self.dev_candidates(game, p, ctx, base))
        out.sort(key=lambda x: -x[0])
        return out

    def dev_card_worth(self, game: Game, p: int) -> float:
        vp = game.victory_points(p)
        horizon = min(1.0, 0.35 + (game.options.vp_target - vp) / 10)
        left = sum(game.deck)
        vp_share = game.deck[1] / left if left else 0.2  # the guess's deck, sampled from unseen cards
        return vp_share * 1.0 + (1 - vp_share) * self.w.dev_card * horizon

    def dev_candidates(self, game: Game, p: int, ctx: Context, base: float) -> list[tuple[float, Action]]:
        out: list[tuple[float, Action]] = []
        if game.dev_played:
            return out
        w = self.w
        pl = game.players[p]
        if _playable(game, p, KNIGHT):
            info = board_info(game.board)
            blocked = sum(
                info.pips[game.robber] * (2 if game.node_city[n] else 1)
                for n in HEX_NODES[game.robber]
                if game.node_owner[n] == p
            )
            sim = game.copy()
            sim.apply(Action(p, A.KNIGHT), check=False)
            score = value(sim, p, w) + blocked * w.pip + 0.15
            out.append((score, Action(p, A.KNIGHT)))
        if _playable(game, p, MONOPOLY):
            expected = ctx.expected or [[sum(game.players[q].hand) / 5] * 5 for q in range(len(game.players))]
            for r in range(5):
                take = int(sum(expected[q][r] for q in range(len(game.players)) if q != p) + 0.3)
                if take < 2:
                    continue
                sim = game.copy()
                sim.players[p].dev[MONOPOLY] -= 1
                sim.players[p].hand[r] += take
                out.append((self.best_build(sim, p), Action(p, A.MONOPOLY, r)))
        if _playable(game, p, YEAR_OF_PLENTY):
            bank = game.bank
            for a in range(5):
                for b in range(a, 5):
                    if bank[a] >= 1 + (a == b) and bank[b]:
                        sim = game.copy()
                        sim.players[p].dev[YEAR_OF_PLENTY] -= 1
                        sim.players[p].hand[a] += 1
                        sim.players[p].hand[b] += 1
                        out.append((self.best_build(sim, p) - 0.05, Action(p, A.YEAR_OF_PLENTY, (a, b))))
        if _playable(game, p, ROAD_BUILDING) and len(pl.roads) < ROADS:
            sim = game.copy()
            sim.apply(Action(p, A.ROAD_BUILDING), check=False)
            while sim.phase == ROAD_BUILDING_PHASE:
                sim.apply(Action(p, A.ROAD, self.free_road(sim, p)), check=False)
            out.append((value(sim, p, w), Action(p, A.ROAD_BUILDING)))
        return out

    def best_build(self, game: Game, p: int) -> float:
        """Value after the best single build (city, settlement or card) reachable with trades."""
        w = self.w
        pl = game.players[p]
        best = value(game, p, w)
        info = board_info(game.board)
        options: list[tuple[str, int, Cards]] = []
        if pl.settlements and len(pl.cities) < CITIES:
            options.append((A.CITY, max(pl.settlements, key=lambda n: info.node_pips[n]), CITY_COST))
        if len(pl.settlements) < SETTLEMENTS:
            here = [n for n, d in spot_distances(game, p, 0).items() if d == 0]
            if here:
                options.append((A.SETTLEMENT, max(here, key=lambda n: info.node_pips[n]), SETTLEMENT_COST))
        options.append((A.BUY, -1, DEV_COST))
        for kind, spot, cost in options:
            trades = plan_trades(pl.hand, cost, pl.ratios, game.bank)
            if trades is None:
                continue
            sim = after_trades(game, p, trades, kind == A.BUY)
            if kind == A.BUY:
                score = value(sim, p, w) + self.dev_card_worth(sim, p)
            else:
                sim.apply(Action(p, kind, spot), check=False)
                score = value(sim, p, w)
            best = max(best, score)
        return best

    def main(self, game: Game, p: int, ctx: Context) -> Action:
        ranked = self.candidates(game, p, ctx)
        action = ranked[0][1]
        if action.kind == A.END and ctx.allow_offers:
            offer = self.offer(game, p, ctx)
            if offer is not None:
                return offer
        if action.kind == A.MARITIME and ctx.allow_offers and self.offer_before_bank:
            offer = self.player_instead_of_bank(game, p, ctx, action)
            if offer is not None:
                return offer
        return action

    def player_instead_of_bank(self, game: Game, p: int, ctx: Context, trade: Action) -> Action | None:
        """Before giving the bank 3 or 4 cards for one, offer the players 1 (then 2) of them."""
        give, get = trade.value
        ratio = game.players[p].ratios[give]
        if ratio < 3 or len(ctx.offers) >= min(ctx.max_offers, self.offers_per_turn):
            return None
        for count in (1, 2):
            terms = (one(give, count), one(get))
            if terms not in ctx.offers and count < ratio:
                action = Action(p, A.OFFER, (terms[0], terms[1], -1))
                return action if game.is_legal(action) else None
        return None

    def offer(self, game: Game, p: int, ctx: Context) -> Action | None:
        """A domestic offer that completes a city, a settlement or a card (None if none makes sense)."""
        if len(ctx.offers) >= min(ctx.max_offers, self.offers_per_turn):
            return None
        pl = game.players[p]
        hand = pl.hand
        options: list[Cards] = []
        if pl.settlements and len(pl.cities) < CITIES:
            options.append(CITY_COST)
        if len(pl.settlements) < SETTLEMENTS and any(d == 0 for d in spot_distances(game, p, 0).values()):
            options.append(SETTLEMENT_COST)
        options.append(DEV_COST)
        base = value(game, p, self.w)
        keep = resource_weights(game, p, self.w)
        best: tuple[float, Cards, Cards] | None = None
        for cost in options:
            lack = missing(hand, cost)
            short = sum(lack)
            if not 0 < short <= 2:
                continue
            spare = [hand[r] - cost[r] if hand[r] > cost[r] else 0 for r in range(5)]
            if sum(spare) < short:
                continue
            give = [0] * 5
            order = sorted(range(5), key=lambda r: (keep[r] - 0.3 * spare[r]))
            left = short
            for r in order:
                while left and spare[r] - give[r] > 0 and not lack[r]:
                    give[r] += 1
                    left -= 1
            if left:
                continue
            terms = (tuple(give), tuple(lack))
            if terms in ctx.offers:
                continue
            sim = game.copy()
            for r in range(5):
                sim.players[p].hand[r] += lack[r] - give[r]
            gain = self.best_build(sim, p) - base
            if gain > 0.2 and (best is None or gain > best[0]):
                best = (gain, terms[0], terms[1])  # type: ignore[assignment]
        if best is None:
            return None
        action = Action(p, A.OFFER, (best[1], best[2], -1))
        return action if game.is_legal(action) else None

    def free_road(self, game: Game, p: int) -> int:
        best, best_score = -1, -1e9
        for e in game.road_spots(p):
            sim = game.copy()
            sim.apply(Action(p, A.ROAD, e), check=False)
            score = value(sim, p, self.w)
            if score > best_score:
                best, best_score = e, score
        return best

    # --- the robber ------------------------------------------------------------------------------

    def robber(self, game: Game, p: int, ctx: Context) -> tuple[int, int]:
        best, best_score = (-1, -1), -1e9
        threats = self.threats(game, p)
        for h, victims in self.robber_options(game, p, ctx):
            for v in victims:
                score = self.robber_score(game, p, h, v, threats) + 0.0001 * self.rng.below(100)
                if score > best_score:
                    best, best_score = (h, v), score
        return best

    @staticmethod
    def threats(game: Game, p: int) -> list[float]:
        """Every seat's :func:`~catan_core.bots.evaluate.threat` as seat ``p`` sees it (0 for itself)."""
        return [threat(game, q) if q != p else 0.0 for q in range(len(game.players))]

    def robber_score(self, game: Game, p: int, h: int, v: int, threats: list[float] | None = None) -> float:
        """How good moving the robber to ``h`` and robbing ``v`` looks: blocked pips
        weighted by each owner's threat, plus the steal (``threats``: :meth:`threats`, when
        already known)."""
        info = board_info(game.board)
        if threats is None:
            threats = self.threats(game, p)
        top = max(threats) or 1.0
        score = 0.0
        for node in HEX_NODES[h]:
            q = game.node_owner[node]
            if q >= 0:
                mult = 2 if game.node_city[node] else 1
                score += info.pips[h] * mult * (-2.5 if q == p else 0.5 + (threats[q] / top) ** 2)
        if v >= 0:
            size = sum(game.players[v].hand)
            score += (2.0 + 0.2 * min(size, 8)) * (0.5 + (threats[v] / top) ** 2)
        return score

    # --- discards ------------------------------------------------------------------------------

    def discard(self, game: Game, p: int, count: int) -> Cards:
        sim = game.copy()
        sim_hand = sim.players[p].hand
        out = [0] * 5
        for _ in range(count):
            best, best_score = -1, -1e9
            for r in range(5):
                if sim_hand[r]:
                    sim_hand[r] -= 1
                    score = value(sim, p, self.w)
                    sim_hand[r] += 1
                    if score > best_score:
                        best, best_score = r, score
            sim_hand[best] -= 1
            out[best] += 1
        return tuple(out)  # type: ignore[return-value]

    # --- domestic trade ---------------------------------------------------------------------------

    def trade_gain(self, game: Game, p: int, gets: Sequence[int], gives: Sequence[int]) -> float:
        """Change of ``p``'s value when receiving ``gets`` and giving ``gives`` (looking one build ahead)."""
        base = self.best_build(game, p)
        sim = game.copy()
        hand = sim.players[p].hand
        for r in range(5):
            hand[r] += gets[r] - gives[r]
        return self.best_build(sim, p) - base

    def answer(self, game: Game, p: int, ctx: Context) -> Action:
        t = game.trade
        assert t is not None
        if _about_to_win(game, t.offerer, self.win_margin):
            return Action(p, A.DECLINE)
        hand = game.players[p].hand
        margin = self.trade_margin[0] + self.trade_margin[1] * game.victory_points(t.offerer, public=True)
        if all(hand[r] >= t.want[r] for r in range(5)):
            gain = self.trade_gain(game, p, t.give, t.want)
            if gain > margin:
                return Action(p, A.ACCEPT)
        counter = self.counter(game, p, ctx, margin)
        return counter or Action(p, A.DECLINE)

    def counter(self, game: Game, p: int, ctx: Context, margin: float) -> Action | None:
        """Ask for something this player needs instead, giving what the offerer asked for."""
        t = game.trade
        assert t is not None
        hand = game.players[p].hand
        if not all(hand[r] >= t.want[r] for r in range(5)) or sum(t.want) > 2:
            return None
        expected = ctx.expected[t.offerer] if ctx.expected else [1.0] * 5
        best: tuple[float, Cards] | None = None
        for r in range(5):
            if t.want[r] or expected[r] < 0.6 or t.give[r] and sum(t.give) == 1:
                continue
            give = one(r, max(1, min(sum(t.want), 2) if expected[r] >= 1.5 else 1))
            if (give, t.want) == (t.give, t.want):
                continue
            gain = self.trade_gain(game, p, give, t.want)
            if gain > margin + 0.1 and (best is None or gain > best[0]):
                best = (gain, give)
        if best is None:
            return None
        return Action(p, A.COUNTER, (best[1], t.want))

    def close_trade(self, game: Game, p: int, ctx: Context) -> Action:
        t = game.trade
        assert t is not None
        best, best_gain = -1, 0.05
        for seat, (kind, terms) in t.answers.items():
            if kind == A.DECLINE or terms is None and kind != A.ACCEPT:
                continue
            give, want = (t.give, t.want) if kind == A.ACCEPT else terms  # type: ignore[misc]
            if not self.can_confirm(game, p, seat, ctx) or _about_to_win(game, seat, self.win_margin):
                continue
            if not all(game.players[p].hand[r] >= give[r] for r in range(5)):
                continue
            gain = self.trade_gain(game, p, want, give) - 0.03 * game.victory_points(seat, public=True)
            if gain > best_gain:
                best, best_gain = seat, gain
        if best >= 0:
            return Action(p, A.CONFIRM, best)
        return Action(p, A.CANCEL)
