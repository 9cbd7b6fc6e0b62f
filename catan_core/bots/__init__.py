"""Computer players, from a random baseline to a searching player.

Levels are named by how they feel to a person:

* ``beginner`` -- sensible but naive moves (:mod:`catan_core.bots.beginner`);
* ``standard`` -- evaluates the positions its moves lead to (:mod:`catan_core.bots.standard`);
* ``strong`` -- searches: plays each promising move out over sampled dice and sampled
  hidden cards within a time budget (:mod:`catan_core.bots.strong`).

Every bot reads only its own seat's :class:`~catan_core.views.View` and draws from its
own seeded generator, so the same seed and the same views give the same actions.

Each level's module holds its rules (``BeginnerPolicy``, ``StandardPolicy``,
``StrongPolicy``) and its bot. What they share lies below them:
:mod:`~catan_core.bots.base` (``PolicyBot``: view in, action out, decisions in steps),
:mod:`~catan_core.bots.policy` (the ``Context`` a bot hands its policy, the ``Policy`` base
that dispatches by phase and places set-up roads, small rule helpers),
:mod:`~catan_core.bots.evaluate` (the position value and its ``Weights``, set-up odds,
board tables, maritime-trade planning), :mod:`~catan_core.bots.determinize` (a full game
guessed from a view) and :mod:`~catan_core.bots.tracker` (card counting). Every number a
level decides by is a named, documented setting: a ``Weights`` field, a policy class
attribute or a module constant.

>>> from catan_core.game import Game, Options
>>> game = Game(Options(players=3, board="beginner"), seed=2)
>>> bots = [make_bot("standard", seed=p) for p in range(3)]
>>> for _ in range(30):
...     _ = game.apply(bots[game.to_act].decide(game.view(game.to_act)))
>>> game.turn > 1
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import Bot, PolicyBot, StepwiseBot, Thinking, advance, conclude
from .beginner import BeginnerBot, BeginnerPolicy
from .classic import ClassicStrongBot, StrongPolicy
from .hybrid import HybridStrongBot
from .random_bot import RandomBot
from .standard import StandardBot, StandardPolicy
from .strong import LearnedPolicy, LearnedStrongBot

StrongBot = ClassicStrongBot
"""The strong level offered to people: the strongest player measured (see ``docs/bots.md``)."""

BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "beginner": BeginnerBot,
    "standard": StandardBot,
    "strong": StrongBot,
    "strong-classic": ClassicStrongBot,
    "strong-learned": LearnedStrongBot,
    "strong-hybrid": HybridStrongBot,
}
"""Bot classes by level name. Only :data:`LEVELS` are offered to people; the others are for
benchmarks and experiments: ``strong-classic`` (the strong level before the learned
evaluation, the baseline every stronger player is measured against), ``strong-learned`` (a
turn planner on the learned evaluation, :mod:`catan_core.bots.strong`) and ``strong-hybrid``
(the classic search valued by the learned evaluation, :mod:`catan_core.bots.hybrid`)."""

LEVELS: tuple[str, ...] = ("beginner", "standard", "strong")
"""The levels offered to people, weakest first."""


def make_bot(level: str, seed: int | str = 0, **settings: Any) -> Bot:
    """A new bot of ``level`` (see :data:`BOTS`); ``settings`` go to its constructor
    (e.g. ``budget=0.3`` for the strong level)."""
    try:
        cls = BOTS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(BOTS)}") from None
    return cls(seed=seed, **settings)


__all__ = [
    "BOTS",
    "LEVELS",
    "BeginnerBot",
    "BeginnerPolicy",
    "Bot",
    "ClassicStrongBot",
    "HybridStrongBot",
    "LearnedPolicy",
    "LearnedStrongBot",
    "PolicyBot",
    "RandomBot",
    "StandardBot",
    "StandardPolicy",
    "StepwiseBot",
    "StrongBot",
    "StrongPolicy",
    "Thinking",
    "advance",
    "conclude",
    "make_bot",
]
