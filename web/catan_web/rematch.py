"""A rematch: the same seats and options in a new game, on a new board or on the same one.

Pure Python over the engine. On a new board the rematch is a new game from a new seed (a
game on the beginner board moves to a random board: the beginner board is always the same).
On the same board it is the same layout with new dice: the beginner board's preset start, or
a random board's layout set up from scratch (a scenario in the set-up phase, so that its
save replays from that scenario), the first player drawn from the seed.

>>> from catan_core.game import Game, Options, Seat
>>> seats = (Seat("Ana", "#d7263d"), Seat("Bot", "#1b65c4", "standard"))
>>> game = Game(Options(players=2, vp_target=8), seed=4, seats=seats)
>>> same = rematch(game, same_board=True, seed=99)
>>> same.board == game.board, same.seats == seats, same.options == game.options, same.phase
(True, True, True, 'setup_settlement')
>>> other = rematch(game, same_board=False, seed=99)
>>> other.board != game.board, other.seats == seats, other.options == game.options
(True, True, True)
"""

from __future__ import annotations

from dataclasses import replace

from catan_core.game import Game
from catan_core.scenarios import load_scenario

RANDOM, BEGINNER = "random", "beginner"
"""The boards a new game can be laid on (:attr:`catan_core.state.Options.board`)."""
SCENARIO_OPTIONS: tuple[str, ...] = (
    "vp_target",
    "friendly_robber",
    "discard_limit",
    "separate_red_numbers",
    "trade_then_build",
    "balanced_dice",
)
"""Options a scenario carries over (it sets the players and the board itself)."""


def rematch(game: Game, same_board: bool, seed: int) -> Game:
    """A new game with ``game``'s seats and options from ``seed``: on the same board (new dice
    and first player) or on a new random one."""
    options = game.options
    if not same_board:
        return Game(replace(options, board=RANDOM), seed, game.seats)
    if options.board == BEGINNER:
        return Game(options, seed, game.seats)
    data = options.to_json()
    return load_scenario(
        {
            "format": "catan-scenario",
            "board": game.board.to_json(),
            "options": {key: data[key] for key in SCENARIO_OPTIONS if key in data},  # later options: only when on
            "players": [seat.to_json() for seat in game.seats],
            "phase": "setup",
            "current": seed % len(game.seats),
            "seed": seed,
        }
    )
