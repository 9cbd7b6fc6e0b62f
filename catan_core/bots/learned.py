"""The learned player: the **standard** level people play (``make_bot("standard")``), and
the player the coach's hints ask. The learned evaluation, a turn planner and a draft
lookahead; against Catanatron's AlphaBeta players it wins about as often as the classic
search of the ``strong`` level, at a small part of its thinking (``docs/bots.md`` has the
figures). ``strong-learned``, its name while it was an experiment, still names it, so that
old benchmark commands keep working. The one-ply player it replaced as the standard level is
kept as ``standard-classic`` (:mod:`catan_core.bots.standard`): its ranking of moves is
where this player's turn plans start.

Every choice of the learned player after the set-up compares positions by the learned
evaluation (:mod:`catan_core.bots.model`): its chance to win as its own view judges it, the
other seats' hands as card counting expects them. It is written in victory-point
equivalents, ``log(chance) / weight of a point``, so one more point counts about one for a
seat behind and less for a seat already ahead.

* **Set-up**: for each of its best spots it plays the rest of the snake draft out
  (itself by its own scoring, the others as classic standard players would place) and takes the
  spot whose finished set-up gives it the best chance to win by the set-up model
  (:func:`~catan_core.bots.evaluate.setup_odds`, as the strong levels do: judged by the
  learned evaluation instead, it won less often, ``docs/bots.md``).
* **Its turn**: the best few first steps of the standard ranking (every build with the
  bank trades that pay for it, every development card), each followed by the rest of the
  turn as the same ranking plays it, are compared by the chance to win at the end of the
  turn (a development card bought counts as the expected unknown card, never as the one a
  guess happened to draw).
* **Knight before the roll, robber and victim**: each option by the chance after it, the
  stolen card spread over what the victim is counted to hold.
* **Discards, free roads**: one card or road at a time, the best by the chance.
* **Trades**: an offer is accepted when the chance after it, one build ahead (the
  offerer's hand changed too, so helping a seat ahead costs), beats the chance before by a
  margin; counters,
  confirmations and its own offers are judged the same way; it never trades with a seat
  about to win and keeps the manners of :class:`~catan_core.bots.base.PolicyBot`.

``budget`` (seconds, default 1) bounds every decision: the planner stops at 80% of it and
answers with the best plan compared so far; it yields after every plan, so a page that
steps the decision (:meth:`~catan_core.bots.base.Bot.think`) handles clicks meanwhile.
Its budget, its set-up draft and its optional search over sampled hidden cards
(``search_turns``) come from the classic strong player it derives from
(:mod:`catan_core.bots.classic`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from .. import actions as A
from ..actions import Action
from ..game import Game
from ..names import KNIGHT
from ..rng import Rng
from ..state import MAIN, OVER, ROAD_BUILDING_PHASE, ROBBER, SETUP_SETTLEMENT
from ..views import View
from .base import Thinking
from .classic import DEADLINE_SHARE, ClassicStrongBot, StrongPolicy
from .evaluate import STRONG, Weights
from .features import INDEX, Hand, unseen_shares
from .model import Model, default_model
from .policy import Context, about_to_win, affords, playable

MIN_CHANCE = 1e-6
"""Chances are taken as at least this before their logarithm."""
WON = 100.0
"""Worth of a won position (victory-point equivalents)."""
PROGRESS_PLAYS = frozenset({A.MONOPOLY, A.YEAR_OF_PLENTY, A.ROAD_BUILDING})
"""Plays of progress cards (see :meth:`LearnedPolicy.dev_candidates`)."""


class LearnedPolicy(StrongPolicy):
    """The learned player's rules: every comparison by the learned evaluation (see the
    module docstring)."""

    trade_margin = (0.1, 0.02)
    """Least gain (victory-point equivalents) to accept an offer: a constant plus so much
    per public point of the offerer."""
    knight_margin = 0.02
    """A Knight before the roll must gain this much more than keeping it."""

    def __init__(self, rng: Rng, weights: Weights = STRONG, model: Model | None = None) -> None:
        super().__init__(rng, weights)
        self.model = model or default_model()
        self.unit = 1.0 / self.model.weights[INDEX["points"]]
        """Victory-point equivalents per unit of log-chance."""
        self.hands: Sequence[Hand] | None = None
        """Other seats' hands as card counting expects them, for the decision at hand
        (None: read every hand from the game, as inside a search)."""

    # --- the evaluation -----------------------------------------------------------------------

    def hands_for(self, game: Game, p: int) -> list[Hand] | None:
        """The hands to value ``game`` with: ``p``'s own, the others' expected."""
        if self.hands is None:
            return None
        hands: list[Hand] = list(self.hands)
        hands[p] = game.players[p].hand
        return hands

    def chances(self, game: Game, p: int, hands: Sequence[Hand] | None = None, first: int | None = None) -> list[float]:
        """Every seat's chance as ``p`` judges ``game``."""
        if hands is None:
            hands = self.hands_for(game, p)
        return self.model.position_chances(game, p, hands, first)

    def worth(self, game: Game, p: int, hands: Sequence[Hand] | None = None, first: int | None = None) -> float:
        """``p``'s chance to win in victory-point equivalents (see the module docstring)."""
        if game.winner >= 0:
            return WON if game.winner == p else -WON
        return self.unit * math.log(max(MIN_CHANCE, self.chances(game, p, hands, first)[p]))

    def dev_card_worth(self, game: Game, p: int) -> float:
        """What an unknown development card adds: the model's weights of the kinds it may be,
        by their shares among the cards ``p`` has not seen, on the log-chance's slope."""
        vp_share, knight_share = unseen_shares(game, p)
        w = self.model.weights
        gain = (vp_share * w[INDEX["hidden_points"]] + (1 - vp_share) * w[INDEX["dev_cards"]]
                + knight_share * w[INDEX["knights_held"]])
        return self.unit * gain * (1 - self.chances(game, p)[p])

    def dev_candidates(self, game: Game, p: int, ctx: Context, base: float) -> list[tuple[float, Action]]:
        """The standard player's development card moves, valued by the model; playing a
        progress card gets back the model's weight of a held card, so that it is judged by
        what it brings (the weight of a held card, learned from who wins, says how good it
        is to have cards, not what one card is worth when played)."""
        held = self.card_worth(game, p)
        return [
            (score + held if action.kind in PROGRESS_PLAYS else score, action)
            for score, action in super().dev_candidates(game, p, ctx, base)
        ]

    def card_worth(self, game: Game, p: int) -> float:
        """What one held card that is no Victory Point nor Knight adds to ``p``'s worth."""
        return self.unit * self.model.weights[INDEX["dev_cards"]] * (1 - self.chances(game, p)[p])

    # --- the robber and the Knight ------------------------------------------------------------

    def robber_worth(self, game: Game, p: int, h: int, v: int, first: int | None = None) -> float:
        """``p``'s worth with the robber on hex ``h`` having robbed ``v`` (-1: nobody): the
        stolen card spread over what ``v`` is expected to hold."""
        base = self.hands_for(game, p)
        hands = [list(map(float, pl.hand)) for pl in game.players] if base is None else [list(x) for x in base]
        if v >= 0:
            size = sum(hands[v])
            if size > 0:
                for r in range(5):
                    take = hands[v][r] / size
                    hands[p][r] += take
                    hands[v][r] -= take
        robber = game.robber
        game.robber = h
        try:
            return self.worth(game, p, hands, first)
        finally:
            game.robber = robber

    def robber(self, game: Game, p: int, ctx: Context) -> tuple[int, int]:
        return self.best_robber(game, p, ctx)[1]

    def best_robber(self, game: Game, p: int, ctx: Context, first: int | None = None) -> tuple[float, tuple[int, int]]:
        """The best robber move and victim, with ``p``'s worth after it."""
        best, best_score = (-1, -1), -math.inf
        for h, victims in self.robber_options(game, p, ctx):
            for v in victims:
                score = self.robber_worth(game, p, h, v, first)
                if score > best_score:
                    best, best_score = (h, v), score
        return best_score, best

    def roll(self, game: Game, p: int) -> Action:
        """A Knight before the roll when the position after it (the best robber move
        included) is worth more than keeping the card."""
        if not playable(game, p, KNIGHT):
            return Action(p, A.ROLL)
        keep = self.worth(game, p)
        sim = game.copy()
        sim.apply(Action(p, A.KNIGHT), check=False)
        played, _ = self.best_robber(sim, p, Context(), first=p)
        return Action(p, A.KNIGHT) if played > keep + self.knight_margin else Action(p, A.ROLL)

    # --- trades ----------------------------------------------------------------------------------

    def trade_gain(self, game: Game, p: int, gets: Sequence[int], gives: Sequence[int]) -> float:
        """Change of ``p``'s worth one build ahead (:meth:`best_build`) when it receives
        ``gets`` for ``gives``; when an offer is on the table and ``p`` is not its offerer,
        the offerer's hand changes the other way (so helping a seat ahead costs)."""
        t = game.trade
        partner = t.offerer if t is not None and t.offerer != p else -1
        before = self.best_build(game, p)
        sim = game.copy()
        hand = sim.players[p].hand
        for r in range(5):
            hand[r] += gets[r] - gives[r]
        saved = self.hands
        if partner >= 0 and saved is not None:
            hands = [list(h) for h in saved]
            for r in range(5):
                hands[partner][r] += gives[r] - gets[r]
            self.hands = hands
        elif partner >= 0:
            theirs = sim.players[partner].hand
            for r in range(5):
                theirs[r] = max(0, theirs[r] + gives[r] - gets[r])
        try:
            return self.best_build(sim, p) - before
        finally:
            self.hands = saved

    def answer(self, game: Game, p: int, ctx: Context) -> Action:
        t = game.trade
        assert t is not None
        if about_to_win(game, t.offerer, self.win_margin):
            return Action(p, A.DECLINE)
        margin = self.trade_margin[0] + self.trade_margin[1] * game.victory_points(t.offerer, public=True)
        if affords(game.players[p].hand, t.want) and self.trade_gain(game, p, t.give, t.want) > margin:
            return Action(p, A.ACCEPT)
        return self.counter(game, p, ctx, margin) or Action(p, A.DECLINE)


class LearnedBot(ClassicStrongBot):
    """Plans its turns and judges every choice by the learned evaluation (see the module
    docstring)."""

    level = "standard"
    plan_candidates = 5
    """How many first steps of the standard ranking the planner compares."""
    plan_steps = 8
    """Actions a planned turn takes at most after its first step."""
    candidates = 3
    """How many of the best plans are played out (with :attr:`search_turns`)."""
    search_turns = False
    """Play the best plans out over sampled hidden cards and dice, to this player's next
    turn, valued by the model (off: the plans' own values decide)."""

    def __init__(
        self, seed: int | str = 0, budget: float = 1.0, playouts: int | None = None, weights: Weights | None = None,
        *, offers: bool = True, model: Model | None = None,
    ) -> None:
        self.model = model or default_model()
        super().__init__(seed, budget, playouts, weights, offers=offers)
        self.plans: dict[Action, list[Action]] = {}
        """The turn planned after each first step compared in the current decision."""

    def make_policy(self) -> LearnedPolicy:
        return LearnedPolicy(self.rng, self.weights, self.model)

    def choose(self, view: View, game: Game, ctx: Context) -> Thinking:
        deadline = self.started + self.budget * DEADLINE_SHARE
        me = view.viewer
        assert me is not None
        policy: LearnedPolicy = self.policy  # type: ignore[assignment]
        if view.phase == SETUP_SETTLEMENT:
            policy.hands = None
            spot = yield from self.setup_settlement(game, me, deadline)
            return Action(me, A.SETTLEMENT, spot)
        policy.hands = ctx.expected or None
        if view.phase == MAIN:
            return (yield from self.plan(view, game, me, ctx, deadline))
        return policy.choose(game, me, ctx)

    # --- the turn planner -------------------------------------------------------------------------

    def plan(self, view: View, game: Game, me: int, ctx: Context, deadline: float) -> Thinking:
        """The first step of the best plan for the rest of the turn (yields after every plan);
        with :attr:`search_turns`, the best few plans are then played out (:meth:`search`)."""
        policy: LearnedPolicy = self.policy  # type: ignore[assignment]
        ranked = policy.candidates(game, me, ctx)
        if ranked[0][1].kind == A.END and ctx.allow_offers:
            offer = policy.offer(game, me, ctx)
            if offer is not None:
                return offer
        moves: list[Action] = []
        for _, action in ranked:
            if action not in moves:
                moves.append(action)
            if len(moves) >= self.plan_candidates:
                break
        end = Action(me, A.END)
        if end not in moves:
            moves.append(end)
        if len(moves) == 1:
            return moves[0]
        valued: list[tuple[float, Action]] = []
        self.plans = {}
        for move in moves:
            value, self.plans[move] = self.finish_turn(game, me, move)
            valued.append((value, move))
            if time.perf_counter() > deadline:
                break
            yield
        valued.sort(key=lambda x: -x[0])
        best = valued[0][1]
        if not self.search_turns or len(valued) < 2 or time.perf_counter() > deadline:
            return best
        shortlist = [move for _, move in valued[: self.candidates]]
        hands, policy.hands = policy.hands, None  # played-out positions have their own guessed hands
        try:
            return (yield from self.search(view, game, me, shortlist, deadline))
        finally:
            policy.hands = hands

    def finish_turn(self, game: Game, me: int, move: Action) -> tuple[float, list[Action]]:
        """``me``'s worth at the end of the turn begun with ``move`` and played on by the
        policy (cards bought on the way count as expected unknown cards), and the actions
        of that turn, its end included."""
        policy: LearnedPolicy = self.policy  # type: ignore[assignment]
        sim = game.copy()
        sim.apply(move, check=False)
        actions = [move]
        while sim.phase != OVER and sim.current == me and len(actions) <= self.plan_steps:
            if sim.phase == MAIN:
                action = policy.main(sim, me, self.own_ctx)
                if action.kind == A.END:
                    break
            elif sim.phase in (ROBBER, ROAD_BUILDING_PHASE):
                action = policy.choose(sim, me, self.own_ctx)
            else:
                break
            sim.apply(action, check=False)
            actions.append(action)
        if move.kind != A.END:
            actions.append(Action(me, A.END))
        return self.turn_worth(game, sim, me), actions

    def turn_worth(self, game: Game, sim: Game, me: int) -> float:
        """``me``'s worth in ``sim``, its turn played on from ``game``, as if it ended now."""
        policy: LearnedPolicy = self.policy  # type: ignore[assignment]
        if sim.winner >= 0:
            return WON if sim.winner == me else -WON
        own, before = sim.players[me], game.players[me]
        bought = [own.dev_new[c] - (before.dev_new[c] if sim.turn == game.turn else 0) for c in range(5)]
        extra = 0.0
        if any(bought):
            for c in range(5):
                own.dev[c] -= bought[c]
            extra = sum(bought) * policy.dev_card_worth(sim, me)
        return policy.worth(sim, me, first=(me + 1) % len(sim.players)) + extra

    def playout(self, guess: Game, me: int, move: Action, turn: int, deadline: float) -> float | None:
        """The turn planned from ``move`` replayed on ``guess`` (as far as it stays legal
        there), then the others' turns up to this player's next, valued by the model."""
        sim = guess.copy()
        for action in self.plans.get(move, [move]):
            if not sim.is_legal(action):
                break
            sim.apply(action, check=False)
        return self.play_round(sim, me, turn, deadline)

    def leaf_score(self, sim: Game, me: int) -> float:
        """A played-out position's worth by the learned evaluation (its own guessed hands)."""
        policy: LearnedPolicy = self.policy  # type: ignore[assignment]
        return policy.worth(sim, me)
