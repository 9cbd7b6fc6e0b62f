"""Hints: what the learned player would do now, from one seat's view, and why.

:func:`hint` asks the learned player (:class:`~catan_core.bots.learned.LearnedBot`, the
``standard`` level: its turn plans are what the learned evaluation explains; the shipped
Strong searches with the classic evaluation, see ``docs/bots.md``) for the seat's move,
from the seat's :class:`~catan_core.views.View` only: the other hands,
the development deck and the dice to come are guessed from the view with the hint's own
seeded generator, never read, so the same view and seed give the same hint. The learned
player's budget is unbounded here (it never stops early), so the hint does not depend on
the machine's speed.

The hint's **plan** is the move and what the learned player means to follow it with in the
same turn (its turn planner's plan in the main phase: "trade 4 wool for 1 ore, then build a
city"; the robber after a Knight; the second free road; an offer as if it were accepted).
The plan is played on a game guessed from the view and judged by the learned evaluation
(:func:`~catan_core.bots.model.plan_features`), and the **reasons** are the quantities it
changes most in the seat's favour (:mod:`catan_core.coach.reasons`). When the move changes
nothing worth saying (ending the turn, declining an offer, rolling rather than playing a
Knight) or every choice loses something (a discard), the reasons compare the move with the
best other choice instead (``Hint.other``): what it keeps that the other would lose.

A page thinks in slices: :func:`start_hint` returns a :class:`Pondering` to advance a
little at a time (the learned player yields after every set-up spot played out and every
turn plan compared; the reasons after every few plans judged).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from .. import actions as A
from ..actions import Action, Cards
from ..board import Board
from ..bots.determinize import determinize
from ..bots.features import position_features
from ..bots.learned import LearnedBot
from ..bots.model import VIEW_GUESS_SEED, chances as model_chances, default_model, plan_features
from ..bots.tracker import HandTracker
from ..game import Game
from ..names import GENERIC_HARBOR
from ..rng import Rng
from ..state import DISCARD, MAIN, ROAD_BUILDING_PHASE, ROBBER, SETUP_PHASES
from ..views import View
from .reasons import Context, Reason, reasons
from .words import Phrase, action_phrase, marks, sentence

__all__ = [
    "CHUNK", "HINT_BUDGET", "MAX_ALTERNATIVES", "Hint", "Pondering", "chances", "hint", "start_hint",
]

T = TypeVar("T")

HINT_BUDGET = 1e9
"""The learned player's budget in seconds for a hint: never reached, so that the hint is the
same on any machine (its decisions are bounded by its own settings)."""
CHUNK = 8
"""Plans judged between two pauses of a hint in steps."""
MAX_ALTERNATIVES = 40
"""Most other choices a hint compares its move with."""
MAX_PLAN = 10
"""Most actions a plan holds."""
UNPLAYED = frozenset({A.ROLL, A.END})
"""Moves left out of a plan: the dice to come are unknown, and the end of a turn changes nothing."""
PASSIVE = frozenset({A.END, A.ROLL, A.DECLINE, A.CANCEL})
"""Moves whose reasons are given against the best other choice."""
FOLLOWED = frozenset({ROBBER, ROAD_BUILDING_PHASE})
"""Phases a plan goes on through when the move leads into them (the robber after a Knight,
the second free road)."""
SHOWN = frozenset({
    A.ROAD, A.SETTLEMENT, A.CITY, A.BUY, A.KNIGHT, A.ROAD_BUILDING, A.YEAR_OF_PLENTY, A.MONOPOLY, A.ROBBER, A.MARITIME,
})
"""Later steps of a plan a hint names (not the answers a plan assumes)."""
FREE_ROADS = 2
"""Roads that Road Building places."""
SETUP_POINTS = ("points",)
"""Quantities set-up reasons leave out: every spot gives the same point."""


class Pondering(Generic[T]):
    """A computation in steps (a hint, a review): :meth:`advance` works until it is done or
    ``pause()`` says to stop, so a page can keep answering between two calls.

    >>> steps = Pondering(x for x in (None, None))
    >>> steps.advance(lambda: True), steps.done
    (None, False)
    """

    def __init__(self, steps: Generator[None, None, T]) -> None:
        self._steps = steps
        self._result: T | None = None
        self.done = False
        """Whether the result is ready."""

    def advance(self, pause: Callable[[], bool] = lambda: False) -> T | None:
        """Work until done (then the result) or until ``pause()`` is true after a step (then None)."""
        while not self.done:
            try:
                next(self._steps)
            except StopIteration as finished:
                self._result, self.done = finished.value, True
                break
            if pause():
                return None
        return self._result

    def result(self) -> T:
        """Work to the end and give the result."""
        out = self.advance()
        assert out is not None
        return out


@dataclass(frozen=True)
class Hint:
    """What the learned player would do now for :attr:`seat`, and why."""

    seat: int
    action: Action
    """The move: legal now (offers in any terms the rules allow, not only those listed)."""
    phrase: Phrase
    plan: tuple[Action, ...]
    """The move and what the learned player means to follow it with this turn (empty for a
    roll or the end of a turn), as judged."""
    then: tuple[Phrase, ...]
    """The seat's later steps in the plan, in words."""
    reasons: tuple[Reason, ...]
    """Why, the largest effect first (see :mod:`catan_core.coach.reasons`)."""
    other: Action | None
    """The choice the reasons compare with (None: with the position as it stands)."""
    other_phrase: Phrase | None
    chances: tuple[float, ...]
    """Every seat's chance to win now, as the seat's view judges it."""
    after: tuple[float, ...]
    """Every seat's chance after the plan."""

    def text(self, board: Board, lang: str, names: Sequence[str] | None = None) -> str:
        """The hint as one sentence in ``lang`` (``names``: the seats' display names)."""
        return sentence(self.phrase, self.reasons, board, lang, names, self.then, self.other_phrase)

    @property
    def marks(self) -> tuple[str, ...]:
        """The spots the plan builds on or moves the robber to (see :func:`~catan_core.coach.words.marks`)."""
        return marks(self.plan or (self.action,), self.seat)


def start_hint(view: View, seed: int = 0) -> Pondering[Hint]:
    """:func:`hint` in steps (see :class:`Pondering`)."""
    return Pondering(_think(view, seed))


def hint(view: View, seed: int = 0) -> Hint:
    """What the learned player would do now for the seat of ``view``, which must act now
    (``view.legal`` not empty), and why: the same view and seed give the same hint.

    >>> from catan_core.board import Board
    >>> from catan_core.game import Game, Options
    >>> game = Game(Options(players=4, board="beginner"), seed=2)
    >>> game.apply("0 roll 3+3") and None
    >>> advice = hint(game.view(0))
    >>> game.is_legal(advice.action), advice.reasons[0].key.startswith("coach.reason.")
    (True, True)
    >>> advice.text(Board.beginner(), "en")  # doctest: +ELLIPSIS
    'Build a road ...'
    """
    return start_hint(view, seed).result()


def chances(view: View, samples: int = 0, seed: int = 0) -> list[float]:
    """Every seat's chance to win as the seat of ``view`` (or a spectator) can judge it:
    the learned evaluation with the other hands as card counting expects them, or with
    ``samples`` > 0, its average over that many guesses of the hidden hands (drawn with
    ``seed``). They add up to one.

    >>> from catan_core.game import Game, Options
    >>> game = Game(Options(players=3, board="beginner"), seed=2)
    >>> odds = chances(game.view(1))
    >>> len(odds), round(sum(odds), 9), odds == chances(game.view(1))
    (3, 1.0, True)
    """
    model = default_model()
    if samples <= 0:
        return model_chances(view, model)
    tracker = HandTracker()
    tracker.update(view)
    rng = Rng.from_seed(seed)
    total = [0.0] * len(view.players)
    for _ in range(samples):
        guess = determinize(view, rng, tracker)
        for q, p in enumerate(model.chances_of(position_features(guess, view.viewer))):
            total[q] += p / samples
    return total


# --- thinking -----------------------------------------------------------------------------------


def _actor(view: View) -> int:
    """The seat of ``view``, which must act now."""
    me = view.viewer
    if me is None or view.to_act != me or not view.legal:
        raise ValueError("a hint is for the seat that must act now")
    return me


def _think(view: View, seed: int) -> Generator[None, None, Hint]:
    me = _actor(view)
    bot = decider(seed)
    bot.recall(view)
    action = yield from bot.think(view)
    yield
    return (yield from explain(view, bot, action, me))


def decider(seed: int) -> LearnedBot:
    """The learned player a hint asks (unbounded budget: see :data:`HINT_BUDGET`)."""
    return LearnedBot(seed=seed, budget=HINT_BUDGET)


def guess(view: View) -> Game:
    """The game the coach plays plans on: the evaluation's guess of the hidden parts
    (:func:`~catan_core.bots.model.plan_features`), where the seats of an open offer hold
    the cards they offered or accepted to give."""
    tracker = HandTracker()
    tracker.update(view)
    game = determinize(view, Rng(VIEW_GUESS_SEED), tracker)
    t = view.trade
    if t is not None:
        owed = {t.offerer: t.give}
        for seat, kind, terms in t.answers:
            if kind == A.ACCEPT:
                owed[seat] = t.want
            elif kind == A.COUNTER and terms is not None:
                owed[seat] = terms[1]
        for seat, cards in owed.items():
            if seat != view.viewer:
                _hold(game.players[seat].hand, cards)
    return game


def _hold(hand: list[int], cards: Cards) -> None:
    """Change a guessed ``hand`` (its size kept) so that it holds ``cards``."""
    for r in range(5):
        while hand[r] < cards[r]:
            spare = [s for s in range(5) if s != r and hand[s] > cards[s]]
            if not spare:
                return
            hand[max(spare, key=lambda s: hand[s] - cards[s])] -= 1
            hand[r] += 1


def plan_of(view: View, bot: LearnedBot, action: Action, game: Game) -> tuple[Action, ...]:
    """``action`` and what ``bot`` (which just chose a move from ``view``) would follow it
    with this turn, played on ``game`` (see :func:`guess`; an offer is followed by its
    acceptance, see :func:`_partner`)."""
    me = action.player
    if action.kind in UNPLAYED:
        return ()
    if view.phase == MAIN and action in bot.plans:
        return tuple(a for a in bot.plans[action] if a.kind not in UNPLAYED)
    partner = _partner(game, action) if action.kind == A.OFFER else -1
    sim = game.copy()
    if not sim.is_legal(action):
        return (action,)
    sim.apply(action, check=False)
    plan = [action]
    t = sim.trade
    if partner >= 0:
        plan += _closed(sim, partner)
    elif action.kind in (A.ACCEPT, A.COUNTER) and t is not None:
        plan += _closed(sim, me)
    while sim.phase in FOLLOWED and sim.to_act == me and len(plan) < MAX_PLAN:
        step = bot.policy.choose(sim, me, bot.own_ctx)
        if not sim.is_legal(step):
            break
        sim.apply(step, check=False)
        plan.append(step)
    return tuple(plan)


def _partner(game: Game, offer: Action) -> int:
    """The seat a plan assumes accepts ``offer``: the first it goes to that holds the cards
    in ``game``, else the one with the most cards, given them in ``game`` (the coach's own
    guess: what a seat holds there is hidden from the view)."""
    _, want, target = offer.value
    n = len(game.players)
    targets = [target] if target >= 0 else [(offer.player + i) % n for i in range(1, n)]
    hands = game.players
    partner = next((q for q in targets if _holds(hands[q].hand, want)), max(targets, key=lambda q: sum(hands[q].hand)))
    _hold(hands[partner].hand, want)
    return partner


def _holds(hand: Sequence[int], cards: Sequence[int]) -> bool:
    return all(h >= c for h, c in zip(hand, cards, strict=True))


def _closed(sim: Game, partner: int) -> list[Action]:
    """The answers that close the offer open in ``sim`` with ``partner`` (who accepts unless
    it has answered already; the other seats decline) and the offerer's confirmation,
    played on ``sim`` as far as they are legal there."""
    out: list[Action] = []
    t = sim.trade
    while t is not None:
        seat = t.waiting_for()
        if seat < 0:
            answer = Action(t.offerer, A.CONFIRM, partner)
        else:
            answer = Action(seat, A.ACCEPT if seat == partner else A.DECLINE)
        if not sim.is_legal(answer):  # the guess lacks the cards: the trade stays open
            break
        sim.apply(answer, check=False)
        out.append(answer)
        t = sim.trade
    return out


def _alternatives(view: View, bot: LearnedBot, action: Action) -> list[Action]:
    """The other choices a hint may compare its move with."""
    if view.phase == MAIN and bot.plans:
        return [move for move in bot.plans if move != action][:MAX_ALTERNATIVES]
    if view.phase == DISCARD and action.kind == A.DISCARD:
        return _other_discards(view, action)
    accept = Action(action.player, A.ACCEPT)
    if action.kind == A.DECLINE and accept in view.legal:  # the offer as it stands, not a counter of the coach's
        return [accept]
    return [a for a in view.legal if a != action][:MAX_ALTERNATIVES]


def _other_discards(view: View, action: Action) -> list[Action]:
    """The discards that keep one other card instead of one of ``action``'s."""
    hand, given = view.hand or (0, 0, 0, 0, 0), action.value
    out = []
    for r in range(5):
        for s in range(5):
            if given[r] and s != r and hand[s] > given[s]:
                cards = list(given)
                cards[r] -= 1
                cards[s] += 1
                out.append(Action(action.player, A.DISCARD, tuple(cards)))
    return out


def _harbors(view: View, plan: Sequence[Action], me: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The resources of ``me``'s 2:1 harbors after ``plan``, and the harbor types ``plan`` adds."""
    board = view.board
    pv = view.players[me]
    before = {board.node_harbor(n) for n in pv.settlements + pv.cities} - {-1}
    built = [board.node_harbor(a.value) for a in plan if a.kind == A.SETTLEMENT and a.player == me]
    added = tuple(sorted({h for h in built if h >= 0} - before))
    after = before | set(added)
    return tuple(sorted(h for h in after if h != GENERIC_HARBOR)), added


def context(view: View, me: int, plan: Sequence[Action], other: Sequence[Action] = ()) -> Context:
    """What the words of the reasons for ``plan`` (against ``other``) need."""
    harbors, added = _harbors(view, plan, me)
    _, added_too = _harbors(view, other, me)
    new = tuple(h for h in added if h not in added_too)
    quiet = frozenset(
        q for first in (plan[:1], other[:1]) for a in first if a.kind == A.OFFER and a.value[2] < 0
        for q in range(len(view.players)) if q != me
    )
    skip = frozenset(SETUP_POINTS) if view.phase in SETUP_PHASES else frozenset()
    return Context(view.options.vp_target, {me: harbors}, {me: new}, quiet, skip)


def later_steps(view: View, plan: Sequence[Action], me: int) -> tuple[Phrase, ...]:
    """The seat's steps of ``plan`` after the first, in words."""
    out = []
    free = view.free_roads if view.phase == ROAD_BUILDING_PHASE else 0
    for i, action in enumerate(plan):
        is_free = action.kind == A.ROAD and free > 0
        free = FREE_ROADS if action.kind == A.ROAD_BUILDING else free - is_free
        if i > 0 and action.player == me and action.kind in SHOWN:
            out.append(action_phrase(action, view, free_road=is_free))
    return tuple(out)


def explain(view: View, bot: LearnedBot, action: Action, me: int) -> Generator[None, None, Hint]:
    """The hint for ``action``, which ``bot`` chose from ``view``: its plan judged and its
    reasons found (yields after every :data:`CHUNK` plans judged)."""
    model = default_model()
    game = guess(view)
    plan = plan_of(view, bot, action, game)
    (before, _), (after, _) = plan_features(view, [(), plan], game)
    now, then = model.chances_of(before), model.chances_of(after)
    found = reasons(before, after, me, now, context(view, me, plan))
    other: tuple[Action, tuple[Action, ...]] | None = None
    if not found or action.kind in PASSIVE or view.phase == DISCARD:
        choices = _alternatives(view, bot, action)
        best, best_rows, best_chance = None, before, -1.0
        for start in range(0, len(choices), CHUNK):
            yield
            chunk = [(move, plan_of(view, bot, move, game)) for move in choices[start:start + CHUNK]]
            for choice, (rows, _) in zip(chunk, plan_features(view, [p for _, p in chunk], game), strict=True):
                chance = model.chances_of(rows)[me]
                if chance > best_chance:
                    best, best_rows, best_chance = choice, rows, chance
        if best is not None:
            compared = reasons(best_rows, after, me, now, context(view, me, plan, best[1]))
            if compared:
                found, other = compared, best
    return Hint(
        seat=me, action=action, phrase=action_phrase(action, view), plan=plan, then=later_steps(view, plan, me),
        reasons=tuple(found), other=None if other is None else other[0],
        other_phrase=None if other is None else action_phrase(other[0], view), chances=tuple(now), after=tuple(then),
    )
