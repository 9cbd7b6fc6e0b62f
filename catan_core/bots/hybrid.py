"""The strong level: the classic search with the learned evaluation at its leaves (``strong``,
also named ``strong-hybrid``, its name while it was an experiment).

The classic strong player (:mod:`catan_core.bots.classic`) plays its best few moves out
over sampled hidden cards and dice, paired, to the start of its next turn, and values the
positions reached with the hand-tuned :func:`~catan_core.bots.evaluate.value`. This level
keeps that search (its candidates, its samples, its paired test, its set-up draft) and
values the same positions by the learned evaluation (:mod:`catan_core.bots.model`): the
seat's chance to win, as its own view of the played-out position judges it (the other
seats' hands as the sample guessed them, their development cards by their number). A
playout that ends the game scores 1 for a win and 0 for a loss, so the search compares
moves by their expected chance to win.

Its set-up draft is the classic one: each of its best spots played out to the end of the
draft, the finished set-ups judged by :func:`~catan_core.bots.evaluate.setup_odds` (or, with
``setup_by_model``, by the learned evaluation's chance to win).

The evaluation is the one fitted on self-play alone (:data:`~catan_core.bots.model.SELFPLAY_WEIGHTS_FILE`:
the weights refitted on games against Catanatron's value players, which the standard level and
the coach use, are not yet shown to win more here, ``docs/bots.md``) unless another is given:
a :class:`~catan_core.bots.model.Model` (``model``), or the path of a weights file (``weights_file``, read by
:func:`~catan_core.bots.model.model_from_bytes`, so a damaged file is refused with a
:class:`~catan_core.errors.FormatError`): candidate weights can be played without shipping them.
"""

from __future__ import annotations

import math
from pathlib import Path

from ..game import Game
from .classic import ClassicStrongBot
from .evaluate import Weights
from .model import SELFPLAY_WEIGHTS_FILE, Model, model_from_bytes, shipped_model

MIN_CHANCE = 1e-9
"""Chances are taken as at least this before their logarithm."""


class HybridStrongBot(ClassicStrongBot):
    """The classic search valued by the learned evaluation (see the module docstring)."""

    level = "strong"

    def __init__(
        self, seed: int | str = 0, budget: float = 1.0, playouts: int | None = None, weights: Weights | None = None,
        *, offers: bool = True, candidates: int | None = None, clear_margin: float | None = None,
        model: Model | None = None, weights_file: str | None = None, setup_by_model: bool = False,
    ) -> None:
        if model is not None and weights_file is not None:
            raise ValueError("give a model or a weights file, not both")
        if weights_file is not None:
            model = model_from_bytes(Path(weights_file).read_bytes())
        self.model = model or shipped_model(SELFPLAY_WEIGHTS_FILE)
        self.setup_by_model = setup_by_model
        """Judge finished set-ups by the learned evaluation (off: by ``setup_odds``, as the classic)."""
        super().__init__(
            seed, budget, playouts, weights, offers=offers, candidates=candidates, clear_margin=clear_margin,
        )

    def judge_setup(self, game: Game, me: int) -> float:
        """How good the finished set-up ``game`` is for seat ``me``: the log of its chance to win
        by :func:`~catan_core.bots.evaluate.setup_odds` or, with :attr:`setup_by_model`, by the
        learned evaluation."""
        if not self.setup_by_model:
            return super().judge_setup(game, me)
        return math.log(max(MIN_CHANCE, self.model.position_chances(game, me)[me]))

    def leaf_score(self, sim: Game, me: int) -> float:
        """``me``'s chance to win in the played-out ``sim`` (1 or 0 once it is over)."""
        if sim.winner >= 0:
            return 1.0 if sim.winner == me else 0.0
        return self.model.position_chances(sim, me)[me]
