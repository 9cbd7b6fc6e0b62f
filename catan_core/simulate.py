"""Random full games, for throughput figures and invariant checks.

Each seat picks uniformly among the legal actions, except that it never opens a domestic
trade offer (so the figure compares with other engines' random games). Games stop at a
winner or after ``max_turns`` turns.

>>> report = simulate(2, seed=1)
>>> report.games, report.actions > 0
(2, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .game import Game, Options
from .rng import Rng


@dataclass
class SimulationReport:
    """What a batch of random games did."""

    games: int = 0
    seconds: float = 0.0
    actions: int = 0
    turns: int = 0
    winners: list[int] = field(default_factory=list)
    """The winning seat of each game (-1 when it hit the turn cap)."""

    @property
    def games_per_second(self) -> float:
        """Throughput over the simulated time."""
        return self.games / self.seconds if self.seconds else 0.0


def play_random_game(game: Game, rng: Rng, max_turns: int = 1000) -> int:
    """Play ``game`` to its end with uniformly random legal actions; return the actions taken."""
    count = 0
    legal_actions, apply, below = game.legal_actions, game.apply, rng.below
    while game.winner < 0 and game.turn <= max_turns:
        actions = legal_actions()
        apply(actions[below(len(actions))], check=False)
        count += 1
    return count


def simulate(
    games: int,
    seed: int,
    players: int = 4,
    max_turns: int = 1000,
    after_game: Callable[[Game], None] | None = None,
) -> SimulationReport:
    """Play ``games`` random games (game ``i`` uses seed ``seed + i``) and time them.

    ``after_game`` is called with each finished game (for invariant checks); its time
    is not counted.
    """
    report = SimulationReport()
    for i in range(games):
        start = time.perf_counter()
        game = Game(Options(players=players), seed=seed + i)
        report.actions += play_random_game(game, Rng(seed + i + 1_000_003), max_turns)
        report.seconds += time.perf_counter() - start
        report.games += 1
        report.turns += game.turn
        report.winners.append(game.winner)
        if after_game is not None:
            after_game(game)
    return report
