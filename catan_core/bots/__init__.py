"""Computer players, from a random baseline to a searching player.

Levels are named by how they feel to a person:

* ``beginner`` -- sensible but naive moves (:mod:`catan_core.bots.beginner`);
* ``standard`` -- plans its turns and judges every choice by the learned evaluation, its
  chance to win (:mod:`catan_core.bots.learned`);
* ``strong`` -- searches: plays each promising move out over sampled dice and sampled
  hidden cards within a time budget, and values where each ends by the learned evaluation
  (:mod:`catan_core.bots.hybrid`, the search of :mod:`catan_core.bots.classic`).

Every bot reads only its own seat's :class:`~catan_core.views.View` and draws from its
own seeded generator, so the same seed and the same views give the same actions.

Each player's module holds its rules (``BeginnerPolicy``, ``StandardPolicy``,
``StrongPolicy``, ``LearnedPolicy``) and its bot. ``StandardPolicy``
(:mod:`catan_core.bots.standard`), a one-ply player on the hand-tuned position value, was the
standard level until the learned player replaced it; its ranking of moves is still where
the strong search and the learned player's turn plans start. What they share lies below them:
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
from .learned import LearnedBot, LearnedPolicy
from .random_bot import RandomBot
from .standard import StandardBot, StandardPolicy

StrongBot = HybridStrongBot
"""The strong level offered to people: the strongest player measured, the classic search valued
by the learned evaluation (see ``docs/bots.md``)."""

BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "beginner": BeginnerBot,
    "standard": LearnedBot,
    "strong": StrongBot,
    "standard-classic": StandardBot,
    "strong-classic": ClassicStrongBot,
    "strong-learned": LearnedBot,
    "strong-hybrid": HybridStrongBot,
}
"""Bot classes by level name. ``standard`` is the learned player (:mod:`catan_core.bots.learned`),
as strong as the classic search against Catanatron's AlphaBeta players at a small part of
its thinking (``docs/bots.md``). Only :data:`LEVELS` are offered to people; the others are for
benchmarks and experiments: ``standard-classic`` (the one-ply player on the hand-tuned value,
the standard level before the learned player, :mod:`catan_core.bots.standard`),
``strong-classic`` (the strong level before the learned evaluation: the same search valued by
the hand-tuned position value, the baseline every stronger player is measured against),
``strong-learned`` (the learned player's name while it was an experiment: the same player as
``standard``, for old benchmark commands) and ``strong-hybrid`` (the strong level's name while
it was an experiment: the same player as ``strong``)."""

LEVELS: tuple[str, ...] = ("beginner", "standard", "strong")
"""The levels offered to people, weakest first."""

BUDGETED: frozenset[str] = frozenset(
    name for name, cls in BOTS.items() if isinstance(cls, type) and issubclass(cls, ClassicStrongBot)
)
"""The levels that think within a time budget: their bots take ``budget`` and ``playouts``
(the standard and strong levels and their variants); the others answer at once."""


def setting_value(text: str) -> Any:
    """A setting written as text (on a command line): ``true`` and ``false`` are booleans, a
    number is a number, anything else stays text.

    >>> setting_value("true"), setting_value("50"), setting_value("0.5"), setting_value("a.json")
    (True, 50, 0.5, 'a.json')
    """
    if text in ("true", "false"):
        return text == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def level_settings(spec: str) -> tuple[str, dict[str, Any]]:
    """A level and its settings, as benchmarks and tools name a player: ``level:key=value:...``
    (values read by :func:`setting_value`).

    >>> level_settings("strong:playouts=50:budget=0.5")
    ('strong', {'playouts': 50, 'budget': 0.5})
    >>> level_settings("standard")
    ('standard', {})
    >>> level_settings("strong:fast")
    Traceback (most recent call last):
    ValueError: a setting is key=value, not 'fast'
    """
    level, *pairs = spec.split(":")
    settings: dict[str, Any] = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals:
            raise ValueError(f"a setting is key=value, not {pair!r}")
        settings[key] = setting_value(value)
    return level, settings


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
    "BUDGETED",
    "LEVELS",
    "BeginnerBot",
    "BeginnerPolicy",
    "Bot",
    "ClassicStrongBot",
    "HybridStrongBot",
    "LearnedBot",
    "LearnedPolicy",
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
    "level_settings",
    "make_bot",
    "setting_value",
]
