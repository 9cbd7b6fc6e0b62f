"""Standard: evaluates positions.

For each decision it lists what it could do -- every affordable city, settlement, road or
card together with the maritime trades that complete it, every card it could play
(Monopoly on the resource the others are counted to hold most of, Year of Plenty for the
pair that completes the best build, Road Building, a Knight when it frees its own hex or
wins the army), every robber spot and victim, every way to discard -- and takes the one
whose resulting position :func:`~catan_core.bots.evaluate.value` scores best. Set-up
spots weigh pips by the board's scarcity, new resources and harbors. It answers offers by
the value they add one build ahead, counters with what it needs, declines anyone within
two points of winning, and offers trades that complete a build (at most two a turn).
"""

from __future__ import annotations

from .base import PolicyBot
from .evaluate import DEFAULT, Weights
from .policy import StandardPolicy


class StandardBot(PolicyBot):
    level = "standard"
    policy_class = StandardPolicy
    default_weights = DEFAULT

    def __init__(self, seed: int | str = 0, weights: Weights | None = None, *, offers: bool = True) -> None:
        self.weights = weights or self.default_weights
        super().__init__(seed, offers=offers)

    def make_policy(self) -> StandardPolicy:
        return StandardPolicy(self.rng, self.weights)
