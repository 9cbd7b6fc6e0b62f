"""The strong search, and the classic Strong (``make_bot("strong-classic")``), the strong level
until 27 November.

Its search values positions with the hand-tuned :func:`~catan_core.bots.evaluate.value`. The
strong level people play (``make_bot("strong")``, :mod:`catan_core.bots.hybrid`) is this
search with the learned evaluation (:mod:`catan_core.bots.model`) at its leaves: it won more
of the same games against Catanatron's players (``docs/bots.md`` has the figures); this one is
kept as the baseline. :class:`StrongPolicy` (its set-up weights, its bar for accepting offers)
is also the base of the learned player's policy.

The strong player starts from the classic standard player's judgement (:class:`StandardPolicy`,
level ``standard-classic``), with weights tuned by
self-play against it (:data:`~catan_core.bots.evaluate.STRONG`: cards in hand are worth
little until spent, a hand over the discard limit costs more) and a higher bar for
accepting other players' offers, and it looks further where it matters:

* **Set-up**: for each of its eight best spots it plays the rest of the snake draft out
  (itself by its own scoring, the others as classic standard players would place) and takes the
  spot whose finished set-up gives it the best chance to win by
  :func:`~catan_core.bots.evaluate.setup_odds`, a logistic model of who wins fitted on
  thousands of games (``bench/setup_fit.py``): it weighs its own set-up against everyone
  else's, so it also sees the spots it leaves to the others. Its own scoring of a spot
  (scarcity-weighted pips, new resources, harbors) leans the way the fit does: a pip of
  grain or ore counts about twice a pip of brick or lumber, a resource not produced yet
  about four pips. Measured against three classic standard players without the search (1200
  games each, seats rotated): placing like them 33%, with its own scoring
  38.5%, with the draft lookahead 41.7%.
* **Turns, robber, Knight before the roll**: the best few moves by the standard ranking
  are each played out many times: its own turn finished by the standard policy, then
  every opponent's turn by a quick policy, up to the start of its next turn. Opponents'
  hands and the development deck are *sampled* from its view for every playout
  (determinization, :func:`~catan_core.bots.determinize.determinize`), and every
  candidate meets the same samples and the same dice, so the comparison is paired. The
  position reached is valued with :func:`~catan_core.bots.evaluate.value` against the
  best opponent's. The standard choice stands unless another move beats it by more than
  one standard error of the paired differences.

``budget`` (seconds, default 1) bounds every decision: the search stops at 80% of it and
falls back on what it has. Within the deadline the number of playouts depends on the
budget alone (:data:`PLAYOUTS_PER_SECOND` a second, or ``playouts``), so a given seed
gives the same decisions on any machine fast enough to finish them. The search yields
after every playout (:meth:`~catan_core.bots.base.Bot.think`), so a page that steps it
handles clicks while the strong player thinks.
"""

from __future__ import annotations

import time
from collections.abc import Generator

from .. import actions as A
from ..actions import Action
from ..game import Game
from ..rng import Rng
from ..state import MAIN, OVER, ROBBER, ROLL, SETUP_ROAD, SETUP_SETTLEMENT
from ..views import View
from .base import Thinking
from .beginner import BeginnerPolicy
from .determinize import determinize
from .evaluate import STRONG, Weights, setup_odds, value
from .policy import Context
from .standard import StandardBot, StandardPolicy

PLAYOUTS_PER_SECOND = 200
"""Playouts (one candidate, one sample) a decision gets per second of budget."""
MIN_PLAYOUTS = 4
"""Playouts a searched decision gets however small the budget."""
DEADLINE_SHARE = 0.8
"""Share of the budget after which the search stops and answers with what it has."""
DICE_ROUNDS = 3
"""Rounds of dice drawn for each sample (a playout rarely runs longer; then the game's own dice roll)."""
PLAYOUT_STEPS = 300
"""Actions a playout plays at most before it is scored as it stands."""
PLAYOUT_WIN = 50.0
"""Score of a playout that ends in a win (its negative: in a loss)."""


class StrongPolicy(StandardPolicy):
    """The standard rules, choosier about other players' offers (an offer must add
    clearly more than it costs: each accepted trade helps the offerer too) and set-up
    spots weighted toward grain, ore and new resources (see the module docstring)."""

    trade_margin = (0.6, 0.05)
    """Least gain to accept an offer: a constant plus so much per public point of the offerer."""
    setup_resources = (1.0, 1.0, 1.3, 2.0, 1.9)
    """Set-up: weight of a pip of each resource (times the board's scarcity), after the fit."""
    setup_new_resource = 4.5
    """Set-up: bonus for a resource not produced yet (about four pips, as the fit says)."""


class ClassicStrongBot(StandardBot):
    """Searches over sampled dice and hidden cards (see the module docstring)."""

    level = "strong-classic"
    default_weights = STRONG
    candidates = 4
    """How many of the standard player's best moves are played out (a setting: ``candidates=``)."""
    clear_margin = 0.6
    """Skip the search when the best move beats the second by this much; only moves within it of
    the best are played out (a setting: ``clear_margin=``)."""
    draft_lookahead = True
    """Choose set-up spots by playing the rest of the draft out and judging the finished
    set-ups with :func:`~catan_core.bots.evaluate.setup_odds` (off: its own spot scoring)."""
    draft_candidates = 8
    """How many of its best-scored spots a set-up lookahead plays out."""
    search_turns = True
    """Play moves out during the game (off: the standard choice with the strong weights)."""
    confidence = 1.0
    """A move replaces the standard choice when it wins by this many standard errors."""
    min_samples = 2
    """Samples a search plays at least (the paired test needs two complete rounds)."""
    opponent_share = 0.5
    """A playout's score: its own value less this share of the best opponent's."""

    def make_policy(self) -> StandardPolicy:
        return StrongPolicy(self.rng, self.weights)

    def __init__(
        self, seed: int | str = 0, budget: float = 1.0, playouts: int | None = None, weights: Weights | None = None,
        *, offers: bool = True, candidates: int | None = None, clear_margin: float | None = None,
    ) -> None:
        super().__init__(seed, weights, offers=offers)
        if candidates is not None:
            if candidates < 1:
                raise ValueError("a search needs at least one candidate")
            self.candidates = candidates
        if clear_margin is not None:
            self.clear_margin = clear_margin
        self.budget = budget
        self.playouts = playouts if playouts is not None else max(MIN_PLAYOUTS, int(budget * PLAYOUTS_PER_SECOND))
        self.quick = BeginnerPolicy(Rng(self.rng.next64()))
        self.quick_ctx = Context(allow_offers=False)
        self.own_ctx = Context(allow_offers=False)

    def choose(self, view: View, game: Game, ctx: Context) -> Thinking:
        deadline = self.started + self.budget * DEADLINE_SHARE
        me = view.viewer
        assert me is not None
        phase = view.phase
        policy: StandardPolicy = self.policy  # type: ignore[assignment]
        if phase == SETUP_SETTLEMENT and self.draft_lookahead:
            spot = yield from self.setup_settlement(game, me, deadline)
            return Action(me, A.SETTLEMENT, spot)
        if not self.search_turns:
            return policy.choose(game, me, ctx)
        if phase == MAIN:
            ranked = policy.candidates(game, me, ctx)
            if ranked[0][1].kind == A.END and ctx.allow_offers:
                offer = policy.offer(game, me, ctx)
                if offer is not None:
                    return offer
            moves = self.shortlist(ranked)
        elif phase == ROBBER:
            moves = self.robber_moves(game, me, ctx)
        elif phase == ROLL and any(a.kind == A.KNIGHT for a in view.legal):
            first = policy.roll(game, me)
            moves = [first, Action(me, A.ROLL if first.kind == A.KNIGHT else A.KNIGHT)]
        else:
            return policy.choose(game, me, ctx)
        if len(moves) == 1:
            return moves[0]
        return (yield from self.search(view, game, me, moves, deadline))

    # --- candidates ----------------------------------------------------------------------------

    def shortlist(self, ranked: list[tuple[float, Action]]) -> list[Action]:
        """The best few distinct first moves; just the best when it is clearly best."""
        moves: list[Action] = []
        top = ranked[0][0]
        for score, action in ranked:
            if action not in moves and score > top - self.clear_margin:
                moves.append(action)
            if len(moves) >= self.candidates:
                break
        end = next((a for s, a in ranked if a.kind == A.END), None)
        if len(moves) > 1 and end is not None and end not in moves:
            moves[-1] = end
        return moves

    def robber_moves(self, game: Game, me: int, ctx: Context) -> list[Action]:
        policy: StandardPolicy = self.policy  # type: ignore[assignment]
        scored: list[tuple[float, Action]] = []
        threats = policy.threats(game, me)
        for h, victims in policy.robber_options(game, me, ctx):
            for v in victims:
                scored.append((policy.robber_score(game, me, h, v, threats), Action(me, A.ROBBER, (h, v))))
        scored.sort(key=lambda x: -x[0])
        return [a for _, a in scored[: self.candidates]]

    # --- set-up ----------------------------------------------------------------------------------

    def setup_settlement(self, game: Game, me: int, deadline: float) -> Generator[None, None, int]:
        """The spot whose played-out draft ends in the best set-up by :func:`setup_odds`
        (yields after every candidate)."""
        policy: StandardPolicy = self.policy  # type: ignore[assignment]
        others = StandardPolicy(Rng(self.rng.next64()))
        nodes = policy.free_nodes(game)
        ranked = sorted(nodes, key=lambda n: -policy.node_score(game, me, n))[: self.draft_candidates]
        best, best_score = ranked[0], -1e9
        for n in ranked:
            sim = game.copy()
            sim.apply(Action(me, A.SETTLEMENT, n), check=False)
            while sim.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
                p = sim.current
                chooser = policy if p == me else others
                if sim.phase == SETUP_SETTLEMENT:
                    sim.apply(Action(p, A.SETTLEMENT, chooser.setup_settlement(sim, p)), check=False)
                else:
                    sim.apply(Action(p, A.ROAD, chooser.setup_road(sim, p)), check=False)
            score = self.judge_setup(sim, me)
            if score > best_score:
                best, best_score = n, score
            if time.perf_counter() > deadline:
                break
            yield
        return best

    def judge_setup(self, game: Game, me: int) -> float:
        """How good the finished set-up ``game`` is for seat ``me`` (:func:`setup_odds`)."""
        return setup_odds(game, me)

    # --- playouts ------------------------------------------------------------------------------

    def search(self, view: View, game: Game, me: int, moves: list[Action], deadline: float) -> Thinking:
        """Play every move out on the same samples (hidden cards and dice); keep the
        standard player's first choice unless another beats it clearly (paired
        difference above one standard error). Only complete rounds count. Yields after
        every playout."""
        scores: list[list[float]] = [[] for _ in moves]
        samples = max(self.min_samples, self.playouts // len(moves))
        for i in range(samples):
            guess = game if i == 0 else determinize(view, self.rng, self.tracker)
            guess.forced_dice = [
                (1 + self.rng.below(6), 1 + self.rng.below(6)) for _ in range(DICE_ROUNDS * len(view.players))
            ]
            round_scores = []
            for move in moves:
                score = self.playout(guess, me, move, view.turn, deadline)
                if score is None:
                    break
                round_scores.append(score)
                yield
            if len(round_scores) < len(moves):
                break
            for k, score in enumerate(round_scores):
                scores[k].append(score)
        rounds = len(scores[0])
        if rounds < self.min_samples:
            return moves[0]
        best, best_mean = 0, 0.0
        for k in range(1, len(moves)):
            diffs = [a - b for a, b in zip(scores[k], scores[0], strict=True)]
            mean = sum(diffs) / rounds
            var = sum((d - mean) ** 2 for d in diffs) / (rounds - 1)
            if mean > best_mean and mean > self.confidence * (var / rounds) ** 0.5:
                best, best_mean = k, mean
        return moves[best]

    def playout(self, guess: Game, me: int, move: Action, turn: int, deadline: float) -> float | None:
        """Score of ``move`` played out on ``guess`` until this player's next turn
        (None when the deadline passed first)."""
        sim = guess.copy()
        sim.apply(move, check=False)
        return self.play_round(sim, me, turn, deadline)

    def play_round(self, sim: Game, me: int, turn: int, deadline: float) -> float | None:
        """Play ``sim`` on until this player's next turn (its own turn by its policy, the
        others' by the quick one) and score it (None when the deadline passed first)."""
        policy: StandardPolicy = self.policy  # type: ignore[assignment]
        quick = self.quick
        steps = 0
        clock = time.perf_counter
        while sim.phase != OVER and steps < PLAYOUT_STEPS:
            p = sim.to_act
            if p == me and sim.current == me and sim.turn > turn and sim.phase == ROLL:
                break  # my next turn begins
            if p == me and sim.turn == turn:
                action = policy.choose(sim, p, self.own_ctx)
            else:
                action = quick.choose(sim, p, self.quick_ctx)
            sim.apply(action, check=False)
            steps += 1
            if clock() > deadline:
                return None
        return self.leaf_score(sim, me)

    def leaf_score(self, sim: Game, me: int) -> float:
        """Score of a played-out position: its own value less a share of the best opponent's
        (:data:`PLAYOUT_WIN` for a win, its negative for a loss)."""
        if sim.winner >= 0:
            return PLAYOUT_WIN if sim.winner == me else -PLAYOUT_WIN
        policy: StandardPolicy = self.policy  # type: ignore[assignment]
        w = policy.w
        mine = value(sim, me, w)
        others = max(value(sim, q, w) for q in range(len(sim.players)) if q != me)
        return mine - self.opponent_share * others
