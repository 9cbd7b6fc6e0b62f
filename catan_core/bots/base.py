"""The common shell of the computer players: view in, action out.

:class:`PolicyBot` keeps the bot's own seeded generator and card counter, guesses a full
game from the view (:func:`~catan_core.bots.determinize.determinize`), asks its policy,
and checks the answer against the view's legal actions (offers and counter-offers, which
the legal list holds only in their one-for-one forms, are checked on the guess, where the
bot's own hand is exact).
"""

from __future__ import annotations

import time
from typing import Protocol, runtime_checkable

from .. import actions as A
from ..actions import Action, Cards
from ..errors import CatanError
from ..game import MAIN, TRADE, Game
from ..rng import Rng
from ..views import View
from .determinize import determinize
from .policy import BeginnerPolicy, Context
from .tracker import HandTracker


@runtime_checkable
class Bot(Protocol):
    """A computer player: given the view of the seat that must act, it returns an action."""

    level: str

    def decide(self, view: View) -> Action:
        """The action for ``view.viewer``, who must act now (``view.to_act``)."""
        ...


class PolicyBot:
    """A bot that decides with a policy on a guessed game."""

    level = "policy"
    policy_class = BeginnerPolicy
    max_actions_per_turn = 60
    """Safety net: past this many actions in one turn the bot ends it."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Rng.from_seed(seed)
        self.tracker = HandTracker()
        self.policy = self.make_policy()
        self._turn_key: tuple[int, int] = (-1, -1)
        self._offers: list[tuple[Cards, Cards]] = []
        self._actions = 0
        self.started = 0.0
        """When the current decision began (``time.perf_counter``)."""

    def make_policy(self) -> BeginnerPolicy:
        return self.policy_class(self.rng)

    def decide(self, view: View) -> Action:
        """See :class:`Bot`."""
        self.started = time.perf_counter()
        me = view.viewer
        if me is None or view.to_act != me or not view.legal:
            raise ValueError("the bot's seat does not have to act in this view")
        legal = view.legal
        key = (view.turn, view.current)
        if key != self._turn_key:
            self._turn_key, self._offers, self._actions = key, [], 0
        self._actions += 1
        if len(legal) == 1 and view.phase not in (TRADE, MAIN):
            return legal[0]
        if view.phase == MAIN and self._actions > self.max_actions_per_turn and Action(me, A.END) in legal:
            return Action(me, A.END)
        self.tracker.update(view)
        game = determinize(view, self.rng, self.tracker)
        ctx = Context(
            legal=legal,
            expected=[self.tracker.expected(view, q) for q in range(len(view.players))],
            offers=list(self._offers),
        )
        action = self.choose(view, game, ctx)
        return self.checked(view, game, action)

    def choose(self, view: View, game: Game, ctx: Context) -> Action:
        """The policy's action for the guessed ``game`` (overridden by searching bots)."""
        return self.policy.choose(game, view.viewer, ctx)  # type: ignore[arg-type]

    def checked(self, view: View, game: Game, action: Action) -> Action:
        """``action`` if it is legal in the view, else a safe legal one."""
        legal = view.legal
        if action in legal:
            if action.kind == A.OFFER:
                self._offers.append(action.value[:2])
            return action
        if action.kind in (A.OFFER, A.COUNTER):
            try:
                game.check(action)
            except CatanError:
                pass
            else:
                if action.kind == A.OFFER:
                    self._offers.append(action.value[:2])
                return action
        for fallback in (Action(view.viewer, A.END), Action(view.viewer, A.ROLL), Action(view.viewer, A.DECLINE),  # type: ignore[arg-type]
                         Action(view.viewer, A.CANCEL)):  # type: ignore[arg-type]
            if fallback in legal:
                return fallback
        return legal[self.rng.below(len(legal))]
