"""The common shell of the computer players: view in, action out.

A decision can also be taken in steps: :meth:`Bot.think` is a generator that yields between
pieces of work (the strong player yields after every playout) and returns the action, so a
caller with one thread -- the browser page -- can handle input between the steps.
:meth:`Bot.decide` runs the same steps to the end at once.

:class:`PolicyBot` keeps the bot's own seeded generator and card counter, guesses a full
game from the view (:func:`~catan_core.bots.determinize.determinize`), asks its policy,
and checks the answer against the view's legal actions (offers and counter-offers, which
the legal list holds only in their one-for-one forms, are checked on the guess, where the
bot's own hand is exact). It remembers the offers other seats declined
(:class:`~catan_core.manners.DeclinedOffers`, read from the view's log) and does not make
one again while its own hand and the other seats' hand sizes are what they were.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import Protocol, runtime_checkable

from .. import actions as A
from ..actions import Action, Cards
from ..errors import CatanError
from ..game import Game
from ..manners import DeclinedOffers, HandKey
from ..rng import Rng
from ..state import MAIN, TRADE
from ..views import View
from .determinize import determinize
from .policy import Context, Policy
from .tracker import HandTracker

ANSWER_EVENTS = frozenset({"accept", "decline", "counter", "trade_declined"})
"""Events of the answers to an offer (and of its closing when every seat declined)."""


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
        self.declined = DeclinedOffers()
        """Offers of this bot that other seats declined, with the hands they declined them with."""
        self._made: dict[tuple[Cards, Cards], tuple[int, ...]] = {}
        """Every offer this bot made (its terms), with the seats it went to."""
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
        self.read_declines(view)
        game = determinize(view, self.rng, self.tracker)
        ctx = Context(
            legal=legal,
            expected=[self.tracker.expected(view, q) for q in range(len(view.players))],
            offers=self._offers + [terms for terms in self.refused(view) if terms not in self._offers],
            allow_offers=self.offers,
        )
        action = yield from self.choose(view, game, ctx)
        return self.checked(view, game, action)

    def recall(self, view: View) -> None:
        """Remember the offers this bot's seat made in the turn under way, read from the
        view's log: for a bot that joins a turn in the middle (the coach asks a new one for
        every hint), so that it does not make them again."""
        me = view.viewer
        self._turn_key, self._actions = (view.turn, view.current), 0
        self._offers = []
        for event in reversed(view.log):
            if event.kind in ("turn", "end_turn"):
                break
            if event.kind == "offer" and event.player == me:
                self._offers.append((_cards(event.data["give"]), _cards(event.data["want"])))

    def read_declines(self, view: View) -> None:
        """Remember the seats that declined this bot's open or just closed offer: the one the
        log ends with, followed by its answers only. Nothing changes hands between an offer
        and its offerer's next action, so the hands now are those of the refusal: this bot's
        own, and of the other seat the size, all a bot sees of another hand."""
        me, log = view.viewer, view.log
        start = len(log)
        while start > 0 and log[start - 1].kind in ANSWER_EVENTS:
            start -= 1
        if me is None or view.hand is None or start == 0:
            return
        if log[start - 1].kind != "offer" or log[start - 1].player != me:
            return
        data = log[start - 1].data
        terms = (_cards(data["give"]), _cards(data["want"]))
        others = tuple(q for q in range(len(view.players)) if q != me)
        self._made[terms] = (data["target"],) if data["target"] >= 0 else others
        for event in log[start:]:
            if event.kind == "decline":
                self.declined.record(me, tuple(view.hand), *terms, event.player, self.hand_key(view, event.player))

    @staticmethod
    def hand_key(view: View, seat: int) -> HandKey:
        """What this bot knows of ``seat``'s hand, as :class:`DeclinedOffers` keys it: its size."""
        return (view.players[seat].hand_size,)

    def refused(self, view: View) -> list[tuple[Cards, Cards]]:
        """The terms of this bot's offers that every seat they went to declined with the hands
        held now (making them again would only be declined again)."""
        me = view.viewer
        assert me is not None and view.hand is not None
        hand = tuple(view.hand)
        return [
            terms for terms, seats in self._made.items()
            if not self.declined.targets(me, hand, *terms, {q: self.hand_key(view, q) for q in seats})
        ]

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


def _cards(values: list[int]) -> Cards:
    """A card list from the log as :data:`~catan_core.actions.Cards`."""
    return (values[0], values[1], values[2], values[3], values[4])
