"""Hybrid Strong: the classic search with the learned evaluation at its leaves.

The classic strong player (:mod:`catan_core.bots.classic`) plays its best few moves out
over sampled hidden cards and dice, paired, to the start of its next turn, and values the
positions reached with the hand-tuned :func:`~catan_core.bots.evaluate.value`. This level
keeps that search (its candidates, its samples, its paired test, its set-up draft) and
values the same positions by the learned evaluation (:mod:`catan_core.bots.model`): the
seat's chance to win, as its own view of the played-out position judges it (the other
seats' hands as the sample guessed them, their development cards by their number). A
playout that ends the game scores 1 for a win and 0 for a loss, so the search compares
moves by their expected chance to win.
"""

from __future__ import annotations

from ..game import Game
from .classic import ClassicStrongBot
from .evaluate import Weights
from .model import Model, default_model


class HybridStrongBot(ClassicStrongBot):
    """The classic search valued by the learned evaluation (see the module docstring)."""

    level = "strong-hybrid"

    def __init__(
        self, seed: int | str = 0, budget: float = 1.0, playouts: int | None = None, weights: Weights | None = None,
        *, offers: bool = True, model: Model | None = None,
    ) -> None:
        self.model = model or default_model()
        super().__init__(seed, budget, playouts, weights, offers=offers)

    def leaf_score(self, sim: Game, me: int) -> float:
        """``me``'s chance to win in the played-out ``sim`` (1 or 0 once it is over)."""
        if sim.winner >= 0:
            return 1.0 if sim.winner == me else 0.0
        return self.model.position_chances(sim, me)[me]
