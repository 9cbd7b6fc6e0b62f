"""Classic Standard: evaluates positions one move ahead (level ``standard-classic``).

It was the standard level until the learned player (:mod:`catan_core.bots.learned`) replaced
it; it is kept for benchmarks (``make_bot("standard-classic")``) and as the ranking of moves
that the strong search (:mod:`catan_core.bots.classic`) and the learned player's turn plans
start from (:class:`StandardPolicy`).

For each decision it lists what it could do -- every affordable city, settlement, road or
card together with the maritime trades that complete it, every card it could play
(Monopoly on the resource the others are counted to hold most of, Year of Plenty for the
pair that completes the best build, Road Building, a Knight when it frees its own hex or
wins the army), every robber spot and victim, every way to discard -- and takes the one
whose resulting position :func:`~catan_core.bots.evaluate.value` scores best. Set-up
spots weigh pips by the board's scarcity, new resources and harbors. It answers offers by
the value they add one build ahead, counters with what it needs, declines anyone within
two points of winning, and offers trades that complete a build (at most two a turn).

Every number it decides by is a named setting of :class:`StandardPolicy` (below) or of the
value function's :class:`~catan_core.bots.evaluate.Weights`.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import actions as A
from ..actions import Action, Cards
from ..board import GENERIC_HARBOR, HEX_NODES, NODE_NODES
from ..game import Game
from ..names import KNIGHT, MONOPOLY, ROAD_BUILDING, YEAR_OF_PLENTY
from ..rng import Rng
from ..state import CITIES, LARGEST_ARMY_MIN, ROAD_BUILDING_PHASE, ROADS, SETTLEMENTS
from .base import PolicyBot
from .evaluate import (
    CITY_COST,
    DEFAULT,
    DEV_COST,
    ROAD_COST,
    SETTLEMENT_COST,
    Weights,
    board_info,
    horizon,
    missing,
    plan_trades,
    production,
    resource_weights,
    spot_distances,
    threat,
    value,
)
from .policy import (
    Context,
    Jitter,
    Policy,
    about_to_win,
    affords,
    after_trades,
    building_pips,
    one,
    playable,
    tie_break,
)

VP_SHARE_UNKNOWN = 0.2
"""Share of victory-point cards assumed in a development deck that is empty in the guess
(5 of the 25 cards)."""
EXPECTED_UNKNOWN = 1.0
"""Cards of each resource assumed in a hand when there is no card counting (in a search)."""


class StandardPolicy(Policy):
    """Compares positions with :func:`~catan_core.bots.evaluate.value` (see the module docstring)."""

    win_margin = 2
    """Never trade with a player this close to the target (public points)."""
    eager_knights = False
    """Play a Knight before the roll whenever the army race is open (not only when blocked)."""
    army_race_lead = 1
    """With :attr:`eager_knights`: the race is open while at most this many Knights ahead of the others' best."""

    # set-up
    setup_resources = (1.1, 1.1, 0.9, 1.0, 1.05)
    """Set-up: weight of a pip of each resource (times the board's scarcity)."""
    setup_new_resource = 2.0
    """Set-up: bonus for a resource not produced yet."""
    setup_three_resources = 0.5
    """Set-up: bonus for a spot on three hexes of three different resources."""
    setup_generic_harbor = 1.0
    """Set-up: bonus for a 3:1 harbor."""
    setup_special_harbor = 0.25
    """Set-up: per pip of its resource (already produced or on the spot), a 2:1 harbor."""
    setup_room = 0.15
    """Set-up, first settlement: per pip of the best free spot two paths away (room to grow)."""
    node_jitter: Jitter = (0.001, 100)
    """Tie-break between set-up spots of equal score."""

    # the roll and development cards
    knight_when_blocked = 3
    """Play a Knight before the roll when the robber blocks at least this many of its pips."""
    knight_bonus = 0.15
    """Added to the value after a Knight (the card's worth in the army race and the steal)."""
    monopoly_least = 2
    """Play Monopoly only on a resource the others are expected to hold at least this many of."""
    monopoly_rounding = 0.3
    """Added to the expected cards of a Monopoly before rounding down."""
    year_of_plenty_cost = 0.05
    """Taken from the score of Year of Plenty (the card could wait for a better turn)."""

    # offers
    offers_per_turn = 2
    """Offers a turn at most."""
    offer_before_bank = False
    """Offer the players a cheaper deal before a 3:1 or 4:1 trade with the bank."""
    bank_ratio_to_undercut = 3
    """With :attr:`offer_before_bank`: offer first when the bank asks this many cards or more."""
    offer_most_missing = 2
    """Offer a trade for a build only when it lacks at most this many cards."""
    offer_spare_weight = 0.3
    """When choosing what to give: each spare card of a resource lowers its worth by this."""
    offer_least_gain = 0.2
    """Least value (one build ahead) an offer must add to be made."""

    # answers to offers
    trade_margin = (0.05, 0.04)
    """Least gain to accept an offer: a constant plus so much per public point of the offerer."""
    counter_most_cards = 2
    """Counter only offers asking at most this many cards; a counter gives at most this many."""
    counter_least_expected = 0.6
    """Counter by asking for a resource only when the offerer is expected to hold this many."""
    counter_two_expected = 1.5
    """Ask for two of a resource when the offerer is expected to hold this many."""
    counter_margin = 0.1
    """A counter must gain this much more than :attr:`trade_margin` asks of an acceptance."""
    confirm_least_gain = 0.05
    """Least gain to confirm an answer to its own offer."""
    confirm_per_point = 0.03
    """Taken from that gain per public point of the partner."""

    # the robber
    robber_own = -2.5
    """Robber: weight of a pip of its own blocked."""
    robber_base = 0.5
    """Robber: weight of an opponent's pip blocked (and of a steal), before the threat."""
    robber_threat_power = 2
    """Robber: an opponent's weight grows as (threat / top threat) to this power."""
    steal_base = 2.0
    """Robber: worth of a steal..."""
    steal_per_card = 0.2
    """... plus so much per card in the victim's hand ..."""
    steal_cards_counted = 8
    """... counting at most this many cards."""
    robber_jitter: Jitter = (0.0001, 100)
    """Tie-break between robber moves of equal score."""

    def __init__(self, rng: Rng, weights: Weights = DEFAULT) -> None:
        super().__init__(rng)
        self.w = weights

    def worth(self, game: Game, p: int) -> float:
        """How good seat ``p``'s position is, in victory-point equivalents: every choice of
        this level compares these (:func:`~catan_core.bots.evaluate.value` here)."""
        return value(game, p, self.w)

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
            score += self.setup_three_resources
        harbor = info.harbor[n]
        if harbor == GENERIC_HARBOR:
            score += self.setup_generic_harbor
        elif harbor >= 0:
            score += self.setup_special_harbor * (prod[harbor] + sum(x[2] for x in info.node_prod[n] if x[1] == harbor))
        if not pl.settlements:  # first settlement: room to grow nearby
            owner = game.node_owner
            near = [
                info.node_pips[k]
                for m in NODE_NODES[n]
                for k in NODE_NODES[m]
                if k != n and owner[k] < 0 and all(owner[j] < 0 for j in NODE_NODES[k])
            ]
            if near:
                score += self.setup_room * max(near)
        return score + tie_break(self.rng, self.node_jitter)

    # --- the roll ------------------------------------------------------------------------------

    def roll(self, game: Game, p: int) -> Action:
        if not playable(game, p, KNIGHT):
            return Action(p, A.ROLL)
        if (self.blocked(game, p) >= self.knight_when_blocked or self.knight_takes_army(game, p)
                or (self.eager_knights and self.army_race(game, p))):
            return Action(p, A.KNIGHT)
        return Action(p, A.ROLL)

    @staticmethod
    def blocked(game: Game, p: int) -> int:
        """Pips of seat ``p``'s production the robber blocks."""
        pips = board_info(game.board).pips[game.robber]
        return sum(building_pips(game, n, pips) for n in HEX_NODES[game.robber] if game.node_owner[n] == p)

    def army_race(self, game: Game, p: int) -> bool:
        """Whether playing Knights now still leads toward the Largest Army."""
        holder = game.largest_army
        if holder == p:
            return False
        mine = game.players[p].played[KNIGHT]
        best = max(pl.played[KNIGHT] for q, pl in enumerate(game.players) if q != p)
        return mine <= best + self.army_race_lead

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
        base = self.worth(game, p)
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
                score = self.worth(sim, p) + self.dev_card_worth(sim, p)
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
                score = self.worth(sim, p)
            first = Action(p, A.MARITIME, trades[0]) if trades else action
            out.append((score, first))
        out.extend(self.dev_candidates(game, p, ctx, base))
        out.sort(key=lambda x: -x[0])
        return out

    def dev_card_worth(self, game: Game, p: int) -> float:
        """What an unknown development card bought now is worth: a victory point (one point)
        with the deck's share of them, else :attr:`Weights.dev_card` over the game left."""
        vp = game.victory_points(p)
        left = sum(game.deck)
        vp_share = game.deck[1] / left if left else VP_SHARE_UNKNOWN  # the guess's deck, sampled from unseen cards
        return vp_share + (1 - vp_share) * self.w.dev_card * horizon(self.w, game.options.vp_target - vp)

    def dev_candidates(self, game: Game, p: int, ctx: Context, base: float) -> list[tuple[float, Action]]:
        out: list[tuple[float, Action]] = []
        if game.dev_played:
            return out
        w = self.w
        pl = game.players[p]
        if playable(game, p, KNIGHT):
            blocked = self.blocked(game, p)
            sim = game.copy()
            sim.apply(Action(p, A.KNIGHT), check=False)
            score = self.worth(sim, p) + blocked * w.pip + self.knight_bonus
            out.append((score, Action(p, A.KNIGHT)))
        if playable(game, p, MONOPOLY):
            expected = ctx.expected or [[sum(game.players[q].hand) / 5] * 5 for q in range(len(game.players))]
            for r in range(5):
                take = int(sum(expected[q][r] for q in range(len(game.players)) if q != p) + self.monopoly_rounding)
                if take < self.monopoly_least:
                    continue
                sim = game.copy()
                sim.players[p].dev[MONOPOLY] -= 1
                sim.players[p].hand[r] += take
                out.append((self.best_build(sim, p), Action(p, A.MONOPOLY, r)))
        if playable(game, p, YEAR_OF_PLENTY):
            bank = game.bank
            for a in range(5):
                for b in range(a, 5):
                    if bank[a] >= 1 + (a == b) and bank[b]:
                        sim = game.copy()
                        sim.players[p].dev[YEAR_OF_PLENTY] -= 1
                        sim.players[p].hand[a] += 1
                        sim.players[p].hand[b] += 1
                        score = self.best_build(sim, p) - self.year_of_plenty_cost
                        out.append((score, Action(p, A.YEAR_OF_PLENTY, (a, b))))
        if playable(game, p, ROAD_BUILDING) and len(pl.roads) < ROADS:
            sim = game.copy()
            sim.apply(Action(p, A.ROAD_BUILDING), check=False)
            while sim.phase == ROAD_BUILDING_PHASE:
                sim.apply(Action(p, A.ROAD, self.free_road(sim, p)), check=False)
            out.append((self.worth(sim, p), Action(p, A.ROAD_BUILDING)))
        return out

    def best_build(self, game: Game, p: int) -> float:
        """Value after the best single build (city, settlement or card) reachable with trades."""
        pl = game.players[p]
        best = self.worth(game, p)
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
                score = self.worth(sim, p) + self.dev_card_worth(sim, p)
            else:
                sim.apply(Action(p, kind, spot), check=False)
                score = self.worth(sim, p)
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
        if ratio < self.bank_ratio_to_undercut or len(ctx.offers) >= min(ctx.max_offers, self.offers_per_turn):
            return None
        for count in range(1, self.bank_ratio_to_undercut):
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
        base = self.worth(game, p)
        keep = resource_weights(game, p, self.w)
        best: tuple[float, Cards, Cards] | None = None
        for cost in options:
            lack = missing(hand, cost)
            short = sum(lack)
            if not 0 < short <= self.offer_most_missing:
                continue
            spare = [hand[r] - cost[r] if hand[r] > cost[r] else 0 for r in range(5)]
            if sum(spare) < short:
                continue
            give = [0] * 5
            order = sorted(range(5), key=lambda r: (keep[r] - self.offer_spare_weight * spare[r]))
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
            if gain > self.offer_least_gain and (best is None or gain > best[0]):
                best = (gain, terms[0], terms[1])  # type: ignore[assignment]
        if best is None:
            return None
        action = Action(p, A.OFFER, (best[1], best[2], -1))
        return action if game.is_legal(action) else None

    def free_road(self, game: Game, p: int) -> int:
        """The free road after which the position values best."""
        best, best_score = -1, -1e9
        for e in game.road_spots(p):
            sim = game.copy()
            sim.apply(Action(p, A.ROAD, e), check=False)
            score = self.worth(sim, p)
            if score > best_score:
                best, best_score = e, score
        return best

    # --- the robber ------------------------------------------------------------------------------

    def robber(self, game: Game, p: int, ctx: Context) -> tuple[int, int]:
        best, best_score = (-1, -1), -1e9
        threats = self.threats(game, p)
        for h, victims in self.robber_options(game, p, ctx):
            for v in victims:
                score = self.robber_score(game, p, h, v, threats) + tie_break(self.rng, self.robber_jitter)
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
        power = self.robber_threat_power
        score = 0.0
        for node in HEX_NODES[h]:
            q = game.node_owner[node]
            if q >= 0:
                weight = self.robber_own if q == p else self.robber_base + (threats[q] / top) ** power
                score += building_pips(game, node, info.pips[h]) * weight
        if v >= 0:
            size = sum(game.players[v].hand)
            steal = self.steal_base + self.steal_per_card * min(size, self.steal_cards_counted)
            score += steal * (self.robber_base + (threats[v] / top) ** power)
        return score

    # --- discards ------------------------------------------------------------------------------

    def discard(self, game: Game, p: int, count: int) -> Cards:
        """One card at a time, the one whose loss lowers the value least."""
        sim = game.copy()
        sim_hand = sim.players[p].hand
        out = [0] * 5
        for _ in range(count):
            best, best_score = -1, -1e9
            for r in range(5):
                if sim_hand[r]:
                    sim_hand[r] -= 1
                    score = self.worth(sim, p)
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
        if about_to_win(game, t.offerer, self.win_margin):
            return Action(p, A.DECLINE)
        hand = game.players[p].hand
        margin = self.trade_margin[0] + self.trade_margin[1] * game.victory_points(t.offerer, public=True)
        if affords(hand, t.want):
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
        most = self.counter_most_cards
        if not affords(hand, t.want) or sum(t.want) > most:
            return None
        expected = ctx.expected[t.offerer] if ctx.expected else [EXPECTED_UNKNOWN] * 5
        best: tuple[float, Cards] | None = None
        for r in range(5):
            if t.want[r] or expected[r] < self.counter_least_expected or (t.give[r] and sum(t.give) == 1):
                continue
            give = one(r, max(1, min(sum(t.want), most) if expected[r] >= self.counter_two_expected else 1))
            if (give, t.want) == (t.give, t.want):
                continue
            gain = self.trade_gain(game, p, give, t.want)
            if gain > margin + self.counter_margin and (best is None or gain > best[0]):
                best = (gain, give)
        if best is None:
            return None
        return Action(p, A.COUNTER, (best[1], t.want))

    def close_trade(self, game: Game, p: int, ctx: Context) -> Action:
        t = game.trade
        assert t is not None
        best, best_gain = -1, self.confirm_least_gain
        for seat, (kind, terms) in t.answers.items():
            if kind == A.DECLINE or (terms is None and kind != A.ACCEPT):
                continue
            give, want = (t.give, t.want) if kind == A.ACCEPT else terms  # type: ignore[misc]
            if not self.can_confirm(game, p, seat, ctx) or about_to_win(game, seat, self.win_margin):
                continue
            if not affords(game.players[p].hand, give):
                continue
            partner = game.victory_points(seat, public=True)
            gain = self.trade_gain(game, p, want, give) - self.confirm_per_point * partner
            if gain > best_gain:
                best, best_gain = seat, gain
        if best >= 0:
            return Action(p, A.CONFIRM, best)
        return Action(p, A.CANCEL)


class StandardBot(PolicyBot):
    level = "standard-classic"
    policy_class = StandardPolicy
    default_weights = DEFAULT

    def __init__(self, seed: int | str = 0, weights: Weights | None = None, *, offers: bool = True) -> None:
        self.weights = weights or self.default_weights
        super().__init__(seed, offers=offers)

    def make_policy(self) -> StandardPolicy:
        return StandardPolicy(self.rng, self.weights)
