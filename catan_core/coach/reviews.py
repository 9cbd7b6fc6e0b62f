"""Reviews: a recorded game's chances turn by turn, and one seat's biggest drops.

:func:`review` walks a game's steps (:class:`~catan_core.replay.Replay`) as one seat lived
them: the chances are each seat's chance to win as **that seat's own view** judged it
(:func:`~catan_core.coach.hints.chances`) when the set-up was over and after every turn,
so the curve shows what the player could have known then, never the cards revealed at
the end; the last sample, once somebody has won, is the result (1 for the winner, 0 for
the others).

A **drop** is a decision of the seat that the learned player would have taken otherwise,
and what it cost: the seat's chance after the learned player's plan less its chance after
the moves actually made in that turn from there (both plans played on the same guess of
the hidden cards and judged by the learned evaluation from the seat's view at that step),
so bad luck with the dice is never a drop, only choices are. The review keeps the seat's
:data:`MAX_DROPS` largest, one per turn at most, each with the replay step of the position
(``replay.go(drop.step)`` shows it; :func:`play_on` makes it a new game), the moves made,
the move the learned player preferred and why (:mod:`catan_core.coach.reasons`, the
preferred plan against the moves made).

:func:`start_review` takes the review in steps (:class:`~catan_core.coach.hints.Pondering`)
for a page; :func:`chart_svg` draws its chances.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from .. import actions as A
from ..actions import Action
from ..board import Board
from ..bots.model import default_model, plan_features
from ..game import Game
from ..replay import Replay
from ..scenarios import from_game
from ..state import MAIN, OVER, TRADE
from ..stats_svg import DEFAULT_WIDTH, chances_svg
from .hints import MAX_PLAN, UNPLAYED, Pondering, chances, context, decider, guess, later_steps, plan_of
from .reasons import Reason, reasons
from .words import Phrase, action_phrase, marks, sentence

__all__ = ["MAX_DROPS", "MIN_DROP", "Drop", "Review", "chart_svg", "play_on", "review", "start_review"]

MAX_DROPS = 3
"""Most drops a review names."""
MIN_DROP = 0.01
"""Least loss of chance a drop must have (one percentage point)."""
ANSWERS = frozenset({A.ACCEPT, A.DECLINE, A.COUNTER})
"""Other seats' actions the moves made take in: the answers to the seat's offer."""


@dataclass(frozen=True)
class Drop:
    """A decision of the reviewed seat that cost it chance, as the learned player judges it."""

    step: int
    """The replay step of the position decided in (the moves made are the actions after it)."""
    turn: int
    """The game's turn counter there (0: the set-up); the chart marks it after that many
    turns (:attr:`Review.turns`), where the turn's result shows."""
    action: Action
    """The move made there."""
    made: tuple[Action, ...]
    """The seat's moves from there in that turn, as played and judged together (empty for
    a roll: the dice that came are not the coach's to judge)."""
    made_phrase: Phrase
    """The move made, in words."""
    preferred: Action
    """The learned player's move there."""
    preferred_phrase: Phrase
    plan: tuple[Action, ...]
    """The learned player's plan from there (its move first)."""
    then: tuple[Phrase, ...]
    """The plan's later steps of the seat, in words."""
    reasons: tuple[Reason, ...]
    """Why the plan beats the moves made, the largest effect first."""
    chance_made: float
    """The seat's chance after the moves made."""
    chance_preferred: float
    """The seat's chance after the learned player's plan."""

    @property
    def loss(self) -> float:
        """The chance the moves made lost against the learned player's plan."""
        return self.chance_preferred - self.chance_made

    @property
    def marks(self) -> tuple[str, ...]:
        """The spots the learned player's plan builds on or moves the robber to."""
        return marks(self.plan or (self.preferred,), self.preferred.player)

    def text(self, board: Board, lang: str, names: Sequence[str] | None = None) -> str:
        """The learned player's move and why it beats the move made, as one sentence."""
        return sentence(self.preferred_phrase, self.reasons, board, lang, names, self.then, self.made_phrase)


@dataclass(frozen=True)
class Review:
    """A recorded game as :attr:`seat` lived it (see the module docstring)."""

    seat: int
    steps: tuple[int, ...]
    """The replay step of each sample: the end of the set-up, each later turn's start, the last step."""
    turns: tuple[int, ...]
    """Turns completed at each sample (0: the set-up just finished)."""
    chances: tuple[tuple[float, ...], ...]
    """Per seat, its chance to win at each sample, as :attr:`seat`'s view judged it."""
    over: bool
    """Whether the game was over at its last step (the last sample is then its result)."""
    drops: tuple[Drop, ...]
    """The seat's largest drops, the largest first."""
    board: Board
    names: tuple[str, ...]
    """The seats' display names (raw text: escape before putting them in markup)."""
    colors: tuple[str, ...]


def start_review(source: Replay | Game, seat: int, seed: int = 0) -> Pondering[Review]:
    """:func:`review` in steps (see :class:`~catan_core.coach.hints.Pondering`)."""
    replay = source if isinstance(source, Replay) else Replay(source)
    if not 0 <= seat < len(replay.game.players):
        raise ValueError(f"no seat {seat} in this game")
    return Pondering(_think(replay, seat, seed))


def review(source: Replay | Game, seat: int, seed: int = 0) -> Review:
    """The review of the game recorded in ``source`` for ``seat`` (see the module
    docstring); ``seed``: the learned player's, as for a hint. The replay is left at its
    last step.

    >>> from catan_core.bots import make_bot
    >>> from catan_core.game import Game, Options
    >>> game = Game(Options(players=3, board="beginner"), seed=4)
    >>> bots = [make_bot("random", seed=q) for q in range(3)]
    >>> while game.turn < 7:
    ...     _ = game.apply(bots[game.to_act].decide(game.view(game.to_act)))
    >>> result = review(game, seat=0)
    >>> result.turns, len(result.chances), [round(sum(c[i] for c in result.chances), 6) for i in (0, -1)]
    ((0, 1, 2, 3, 4, 5, 6), 3, [1.0, 1.0])
    >>> [(d.step, d.turn, round(d.loss, 3)) for d in result.drops]
    [(1, 1, 0.021)]
    >>> print(result.drops[0].text(game.board, "en"))  # doctest: +NORMALIZE_WHITESPACE
    Build a road on the west shore of the forest 11. Better than “Build a road between forest 11 and
    mountains 6”: 1 free spot to settle at the end of your roads.
    """
    return start_review(source, seat, seed).result()


def play_on(source: Replay | Game, step: int) -> dict[str, Any]:
    """The position at ``step`` of the recorded game as a scenario (JSON-ready, see
    :func:`~catan_core.scenarios.from_game`): load it to play on from there.

    >>> from catan_core.game import Game, Options
    >>> from catan_core.scenarios import load_scenario
    >>> game = Game(Options(players=3, board="beginner"), seed=4)
    >>> for text in ("0 roll 3+3", "0 road 6", "0 end"):
    ...     _ = game.apply(text)
    >>> load_scenario(play_on(game, 2)).players[0].roads == game.players[0].roads
    True
    """
    replay = source if isinstance(source, Replay) else Replay(source)
    return from_game(replay.game_at(step))


def _made(replay: Replay, step: int, seat: int) -> tuple[Action, ...]:
    """The seat's moves from ``step`` in that turn as played: its actions (and the answers
    of others to its offers) up to the end of its turn, a roll, or :data:`MAX_PLAN`."""
    out: list[Action] = []
    turn = replay.turn_at(step).turn
    for i in range(step, replay.length):
        action = replay.actions[i]
        if len(out) >= MAX_PLAN or replay.turn_at(i).turn != turn or action.kind in UNPLAYED:
            break
        answer = action.kind in ANSWERS and any(a.kind == A.OFFER and a.player == seat for a in out)
        if action.player != seat and not answer:
            break
        out.append(action)
    return tuple(out)


def _series(replay: Replay, seat: int) -> Generator[None, None, tuple[list[int], list[int], list[list[float]]]]:
    """The samples of the chances (see :class:`Review`)."""
    steps, turns, series = [], [], []
    starts = [t for t in replay.turns() if t.turn >= 1]
    for start in starts:
        replay.go(start.step)
        steps.append(start.step)
        turns.append(start.turn - 1)
        series.append(chances(replay.game.view(seat)))
        yield
    replay.go(replay.length)
    game = replay.game
    if not steps or steps[-1] != replay.length:
        steps.append(replay.length)
        turns.append(game.turn)
        series.append(chances(game.view(seat)))
    if game.phase == OVER:
        series[-1] = [1.0 if q == game.winner else 0.0 for q in range(len(game.players))]
    return steps, turns, series


@dataclass
class _Candidate:
    """A decision judged worse than the learned player's, kept until the largest are known."""

    loss: float
    drop: Drop


def _judge(replay: Replay, step: int, seat: int, seed: int, turn: int) -> Generator[None, None, _Candidate | None]:
    """The decision at ``step`` judged against the learned player's (None: the same move)."""
    replay.go(step)
    view = replay.game.view(seat)
    played = replay.actions[step]
    if len(view.legal) < 2 and view.phase not in (MAIN, TRADE):
        return None
    bot = decider(seed)
    bot.recall(view)
    preferred = yield from bot.think(view)
    if preferred == played:
        return None
    game = guess(view)
    plan = plan_of(view, bot, preferred, game)
    made = _made(replay, step, seat)
    (before, _), (better, _), (worse, _) = plan_features(view, [(), plan, made], game)
    model = default_model()
    now = model.chances_of(before)
    chance_preferred, chance_made = model.chances_of(better)[seat], model.chances_of(worse)[seat]
    if chance_preferred - chance_made < MIN_DROP:
        return None
    why = reasons(worse, better, seat, now, context(view, seat, plan, made))
    drop = Drop(
        step=step, turn=turn, action=played, made=made, made_phrase=action_phrase(played, view), preferred=preferred,
        preferred_phrase=action_phrase(preferred, view), plan=plan, then=later_steps(view, plan, seat),
        reasons=tuple(why), chance_made=chance_made, chance_preferred=chance_preferred,
    )
    return _Candidate(chance_preferred - chance_made, drop)


def _think(replay: Replay, seat: int, seed: int) -> Generator[None, None, Review]:
    steps, turns, series = yield from _series(replay, seat)
    worst: dict[int, _Candidate] = {}
    for step in range(replay.length):
        if replay.actions[step].player != seat:
            continue
        turn = replay.turn_at(step).turn
        found = yield from _judge(replay, step, seat, seed, turn)
        yield
        if found is not None and (turn not in worst or found.loss > worst[turn].loss):
            worst[turn] = found
    replay.go(replay.length)
    drops = sorted(worst.values(), key=lambda c: -c.loss)[:MAX_DROPS]
    game = replay.game
    return Review(
        seat=seat, steps=tuple(steps), turns=tuple(turns),
        chances=tuple(tuple(sample[q] for sample in series) for q in range(len(game.players))),
        over=game.phase == OVER, drops=tuple(c.drop for c in drops), board=game.board,
        names=tuple(s.name for s in game.seats), colors=tuple(s.color for s in game.seats),
    )


def chart_svg(result: Review, lang: str = "en", width: int = DEFAULT_WIDTH, names: Sequence[str] | None = None) -> str:
    """The review's chances as an SVG chart in the style of the game's statistics
    (:func:`~catan_core.stats_svg.chances_svg`): a line per seat in its colour, dash pattern
    and glyph, the drops numbered at their turns; ``names``: the seats' display names
    (default: the game's). A pure function."""
    return chances_svg(
        result.turns, result.chances, names or result.names, result.colors, result.seat,
        [drop.turn for drop in result.drops], lang, width,
    )
