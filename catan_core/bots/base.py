"""The common shell of the computer players: view in, action out.

A decision can also be taken in steps: :meth:`Bot.think` is a generator that yields between
pieces of work (the strong player yields after every playout) and returns the action, so a
caller with one thread -- the browser page -- can handle input between the steps.
:meth:`Bot.decide` runs the same steps to the end at once.

:class:`PolicyBot` keeps the bot's own seeded generator and card counter, guesses a full
game from the view (:func:`~catan_core.bots.determinize.determinize`), asks its policy,
and checks the answer against the view's legal actions (offers and counter-offers, which
the legal list holds only in their one-for-one forms, are checked on the guess, where the
bot's own hand is exact).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import Protocol, runtime_checkable

from .. import actions as A
from ..actions import Action, Cards
from ..errors import CatanError
from ..game import MAIN, TRADE, Game
from ..rng import Rng
from ..views import View
from .determinize import determinize
from .policy import Context, Policy
from .tracker import HandTracker


Thinking = Generator[None, None, Action]
"""A decision in steps: iterate it to let it work; it yields between pieces of work and
returns the action (the ``value`` of its ``StopIteration``)."""


def advance(thinking: Thinking, pause: Callable[[], bool]) -> Action | None:
    """Step ``thinking`` until it returns its action, or until ``pause()`` is true after a
    step (None: not decided yet; call again to go on)."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            action: Action = done.value
            return action
        if pause():
            return None


def conclude(thinking: Thinking) -> Action:
    """Run a decision taken in steps to its end and return its action."""
    action = advance(thinking, lambda: False)
    assert action is not None
    return action


@runtime_checkable
class Bot(Protocol):
    """A computer player: given the view of the seat that must act, it returns an action."""

    level: str

    def decide(self, view: View) -> Action:
        """The action for ``view.viewer``, who must act now (``view.to_act``)."""
        ...

    def think(self, view: View) -> Thinking:
        """:meth:`decide` in steps (see :data:`Thinking`); the same action for the same state."""
        ...


class StepwiseBot:
    """A bot whose :meth:`decide` runs its :meth:`think` to the end."""

    def decide(self, view: View) -> Action:
        """See :class:`Bot`."""
        return conclude(self.think(view))

    def think(self, view: View) -> Thinking:
        """See :class:`Bot`."""
        raise NotImplementedError


class PolicyBot(StepwiseBot):
    """A bot that decides with a policy on a guessed game."""

    level = "policy"
    policy_class: type[Policy] = Policy
    """The rules it plays by (each level sets its own)."""
    max_actions_per_turn = 60
    """Safety net: past this many actions in one turn the bot ends it."""

    def __init__(self, seed: int | str = 0, *, offers: bool = True) -> None:
        self.rng = Rng.from_seed(seed)
        self.offers = offers
        """Whether it opens domestic offers (off: at a table whose players never trade with
        each other, e.g. against Catanatron's players in ``bench/vs_catanatron_bots.py``)."""
        self.tracker = HandTracker()
        self.policy = self.make_policy()
        self._turn_key: tuple[int, int] = (-1, -1)
        self._offers: list[tuple[Cards, Cards]] = []
        self._actions = 0
        self.started = 0.0
        """When the current decision began (``time.perf_counter``)."""

    def make_policy(self) -> Policy:
        return self.policy_class(self.rng)

    def think(self, view: View) -> Thinking:
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
            allow_offers=self.offers,
        )
        action = yield from self.choose(view, game, ctx)
        return self.checked(view, game, action)

    def choose(self, view: View, game: Game, ctx: Context) -> Thinking:
        """The policy's action for the guessed ``game``, in steps (one here; searching bots
        override this)."""
        yield from ()
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
                game.check_action(action)
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
