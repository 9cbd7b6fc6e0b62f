"""The random player: any legal action, uniformly (a baseline, not a level for people)."""

from __future__ import annotations

from ..rng import Rng
from ..views import View
from .base import StepwiseBot, Thinking


class RandomBot(StepwiseBot):
    """Picks uniformly among the view's legal actions (never opens a domestic offer)."""

    level = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def think(self, view: View) -> Thinking:
        """See :class:`~catan_core.bots.base.Bot` (one step)."""
        yield from ()
        legal = view.legal
        if not legal:
            raise ValueError("the bot's seat does not have to act in this view")
        return legal[self.rng.below(len(legal))]
