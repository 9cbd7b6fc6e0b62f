"""Strong: searches (placeholder until the search lands)."""

from __future__ import annotations

from .base import PolicyBot
from .policy import StandardPolicy


class StrongBot(PolicyBot):
    level = "strong"
    policy_class = StandardPolicy

    def __init__(self, seed: int | str = 0, budget: float = 1.0) -> None:
        super().__init__(seed)
        self.budget = budget
