"""What every level's policy shares: the :class:`Context`, the :class:`Policy` base and
small rule helpers.

A policy chooses for seat ``p`` in a game that is either a
:func:`~catan_core.bots.determinize.determinize` guess (for a bot deciding from its
view) or a position inside a search. It reads only ``p``'s own cards and public facts,
plus the :class:`Context` the bot built from its view (card-counting estimates, the
offers it already made this turn, the exact legal list).

The levels' own rules live in their modules: :class:`~catan_core.bots.beginner.BeginnerPolicy`,
:class:`~catan_core.bots.standard.StandardPolicy` and
:class:`~catan_core.bots.classic.StrongPolicy`; the position value and the scoring tables
they share are in :mod:`~catan_core.bots.evaluate`. This module keeps what is genuinely
common to all of them and must not depend on any level: :class:`PolicyBot
<catan_core.bots.base.PolicyBot>` (which every level's bot extends) hands a
:class:`Context` to a :class:`Policy`, so both sit below the level modules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .. import actions as A
from ..actions import Action, Cards
from ..board import EDGE_NODES, HEX_NODES, NODE_EDGES, NODE_NODES
from ..game import Game
from ..rng import Rng
from ..state import DISCARD, MAIN, ROAD_BUILDING_PHASE, ROBBER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, TRADE
from .evaluate import DEV_COST

Jitter = tuple[float, int]
"""A random tie-break: ``(step, steps)`` adds ``step`` times a draw below ``steps``."""


def tie_break(rng: Rng, jitter: Jitter) -> float:
    """A small random amount (see :data:`Jitter`) that separates equal scores."""
    return jitter[0] * rng.below(jitter[1])


def one(r: int, count: int = 1) -> Cards:
    """``count`` cards of resource ``r``."""
    cards = [0, 0, 0, 0, 0]
    cards[r] = count
    return tuple(cards)  # type: ignore[return-value]


def affords(hand: Sequence[int], cost: Sequence[int]) -> bool:
    """Whether ``hand`` pays ``cost``."""
    return all(hand[r] >= cost[r] for r in range(5))


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
    """Offers a bot makes in one turn at most (a level may allow fewer)."""


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


def has_building(game: Game, p: int, h: int) -> bool:
    """Whether seat ``p`` has a settlement or city on hex ``h``."""
    return any(game.node_owner[n] == p for n in HEX_NODES[h])


def building_pips(game: Game, n: int, pips: int) -> int:
    """What a hex of ``pips`` pays the building on intersection ``n`` (a city twice)."""
    return pips * (2 if game.node_city[n] else 1)


def playable(game: Game, p: int, card: int) -> bool:
    """Whether seat ``p`` may play a development card of kind ``card`` now."""
    pl = game.players[p]
    return not game.dev_played and pl.dev[card] - pl.dev_new[card] > 0


def about_to_win(game: Game, q: int, margin: int) -> bool:
    """Whether seat ``q``'s public points are within ``margin`` of the target."""
    return game.victory_points(q, public=True) >= game.options.vp_target - margin


def free_nodes(game: Game) -> list[int]:
    """Every intersection where a settlement may stand (no building on it or next to it)."""
    owner = game.node_owner
    return [n for n in range(len(owner)) if owner[n] < 0 and all(owner[m] < 0 for m in NODE_NODES[n])]


class Policy:
    """One method per kind of decision, chosen by :meth:`choose` from the game's phase.

    The set-up (the best spot by :meth:`node_score`, then the road toward the best spot
    beyond it), the robber's options and the check of a confirmation are the same at every
    level; the rest each level defines."""

    win_margin = 1
    """Never trade with a player this close to the target (public points)."""
    road_jitter: Jitter = (0.001, 100)
    """Tie-break between set-up roads that lead to equally good spots."""

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

    # --- what each level decides -----------------------------------------------------------

    def node_score(self, game: Game, p: int, n: int) -> float:
        """How much seat ``p`` wants a settlement on intersection ``n`` in the set-up."""
        raise NotImplementedError

    def roll(self, game: Game, p: int) -> Action:
        """Roll, or play a Knight first."""
        raise NotImplementedError

    def main(self, game: Game, p: int, ctx: Context) -> Action:
        """The next step of the turn after the roll (``end`` when done)."""
        raise NotImplementedError

    def free_road(self, game: Game, p: int) -> int:
        """Where a free road of Road Building goes."""
        raise NotImplementedError

    def robber(self, game: Game, p: int, ctx: Context) -> tuple[int, int]:
        """Where the robber goes and whom it robs (-1: nobody)."""
        raise NotImplementedError

    def discard(self, game: Game, p: int, count: int) -> Cards:
        """The ``count`` cards to give back on a 7."""
        raise NotImplementedError

    def answer(self, game: Game, p: int, ctx: Context) -> Action:
        """Accept, counter or decline the offer on the table."""
        raise NotImplementedError

    def close_trade(self, game: Game, p: int, ctx: Context) -> Action:
        """As the offerer: confirm one answer or cancel."""
        raise NotImplementedError

    # --- the same at every level --------------------------------------------------------------

    def free_nodes(self, game: Game) -> list[int]:
        """See :func:`free_nodes`."""
        return free_nodes(game)

    def setup_settlement(self, game: Game, p: int) -> int:
        return max(self.free_nodes(game), key=lambda n: self.node_score(game, p, n))

    def setup_road(self, game: Game, p: int) -> int:
        """The set-up road whose far end is next to the best free spot."""
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
            score += tie_break(self.rng, self.road_jitter)
            if score > best_score:
                best, best_score = e, score
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

    def can_confirm(self, game: Game, p: int, seat: int, ctx: Context) -> bool:
        action = Action(p, A.CONFIRM, seat)
        return action in ctx.legal if ctx.legal else game.is_legal(action)
