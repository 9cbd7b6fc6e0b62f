"""Tournaments: computer players against each other, with win rates and decision times.

``python -m catan_core tournament --players strong,standard,standard,standard --games 200 --seed 1``

Game ``i`` uses seed ``seed + i``; the seats rotate from game to game (in game ``i``
seat ``j`` is played by entry ``(j + i) % n`` of ``--players``), so every level plays
every seat, first and last, equally often. The report gives, per level, its share of the
games won with a 95% Wilson interval, the mean game length in turns, and the mean,
median and 95th-percentile time of its decisions. ``--jobs`` plays games in several
processes (the figures do not depend on it).

>>> result = run(["beginner", "random"], games=2, seed=3)
>>> result.games, sum(result.wins.values()) + result.unfinished
(2, 2)
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .game import Game, Options
from .rng import seed_to_int


@dataclass
class GameResult:
    """One game of a tournament."""

    winner: str | None
    """The winning level (None: stopped at the turn cap)."""
    turns: int
    times: dict[str, list[float]]
    """Decision times in seconds, by level."""


@dataclass
class TournamentResult:
    """Everything a tournament measured."""

    players: tuple[str, ...]
    games: int = 0
    unfinished: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    turns: list[int] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)
    seconds: float = 0.0

    def add(self, game: GameResult) -> None:
        self.games += 1
        if game.winner is None:
            self.unfinished += 1
        else:
            self.wins[game.winner] = self.wins.get(game.winner, 0) + 1
        self.turns.append(game.turns)
        for level, ts in game.times.items():
            self.times.setdefault(level, []).extend(ts)


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(45, 100)]
    [0.356, 0.548]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def sign_test(only_a: int, only_b: int) -> float:
    """Two-sided exact sign test of a paired comparison: the chance, were both sides equally
    strong, of a split of the games only one side won at least as uneven as ``only_a`` against
    ``only_b`` (the games both or neither won say nothing about the difference).

    >>> round(sign_test(16, 10), 2), round(sign_test(40, 29), 2), sign_test(0, 0)
    (0.33, 0.23, 1.0)
    """
    n = only_a + only_b
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(only_a, only_b) + 1))
    return min(1.0, 2 * tail / (1 << n))


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of already sorted values (nearest rank)."""
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[index]


def seat_game(
    players: Sequence[str], index: int, seed: int, settings: dict[str, dict[str, Any]] | None = None,
    options: Options | None = None,
) -> tuple[list[str], Game, list[Any]]:
    """Game ``index`` of a tournament before its first move: the level of each seat (rotated
    by ``index``), the game (seed ``seed + index``) and a seeded bot for every seat."""
    from .bots import make_bot

    n = len(players)
    seat_levels = [players[(j + index) % n] for j in range(n)]
    game = Game(options or Options(players=n), seed=seed + index)
    bots = [
        make_bot(level, seed=seed * 1_000_003 + index * 101 + j, **(settings or {}).get(level, {}))
        for j, level in enumerate(seat_levels)
    ]
    return seat_levels, game, bots


def play_game(
    players: Sequence[str], index: int, seed: int, settings: dict[str, dict[str, Any]] | None = None,
    max_turns: int = 500, options: Options | None = None,
) -> GameResult:
    """Play game ``index`` of a tournament (see :func:`seat_game`)."""
    seat_levels, game, bots = seat_game(players, index, seed, settings, options)
    times: dict[str, list[float]] = {level: [] for level in set(seat_levels)}
    clock = time.perf_counter
    while game.winner < 0 and game.turn <= max_turns:
        p = game.to_act
        view = game.view(p)
        start = clock()
        action = bots[p].decide(view)
        times[seat_levels[p]].append(clock() - start)
        game.apply(action)  # checked: a bot's illegal action stops the tournament
    winner = seat_levels[game.winner] if game.winner >= 0 else None
    return GameResult(winner, game.turn, times)


_Task = tuple[tuple[str, ...], int, int, "dict[str, dict[str, Any]] | None", int, "Options | None"]
"""The arguments of :func:`play_game` for one game, as :func:`run` hands them to a process."""


def _play_one(args: _Task) -> GameResult:
    return play_game(*args)


def run(
    players: Sequence[str], games: int, seed: int = 1, settings: dict[str, dict[str, Any]] | None = None,
    jobs: int = 1, max_turns: int = 500, options: Options | None = None, progress: Any = None,
) -> TournamentResult:
    """Play a tournament and collect its figures (see the module docstring)."""
    result = TournamentResult(tuple(players))
    start = time.perf_counter()
    tasks: list[_Task] = [(tuple(players), i, seed, settings, max_turns, options) for i in range(games)]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            for game in pool.imap(_play_one, tasks):
                result.add(game)
                if progress:
                    progress(result)
    else:
        for task in tasks:
            result.add(_play_one(task))
            if progress:
                progress(result)
    result.seconds = time.perf_counter() - start
    return result


def report(result: TournamentResult) -> str:
    """The tournament's figures as a text table."""
    levels = list(dict.fromkeys(result.players))
    n = len(result.players)
    lines = [
        f"{result.games} games, {n} players ({', '.join(result.players)}), seats rotated; "
        f"{result.seconds:.1f} s",
        f"mean game length {sum(result.turns) / max(1, len(result.turns)):.1f} turns"
        + (f"; {result.unfinished} stopped at the turn cap" if result.unfinished else ""),
        "",
        f"{'level':10} {'seats':>5} {'wins':>5} {'win rate':>9} {'95% CI':>16} {'fair':>6}"
        f" {'decisions':>10} {'mean ms':>8} {'median':>7} {'p95':>7} {'max':>8}",
    ]
    for level in levels:
        seats = result.players.count(level)
        wins = result.wins.get(level, 0)
        lo, hi = wilson(wins, result.games)
        ts = sorted(result.times.get(level, []))
        mean = 1000 * sum(ts) / len(ts) if ts else 0.0
        lines.append(
            f"{level:10} {seats:5} {wins:5} {wins / max(1, result.games):9.1%} "
            f"{f'[{lo:.1%}, {hi:.1%}]':>16} {seats / n:6.1%} {len(ts):10} {mean:8.2f} "
            f"{1000 * percentile(ts, 0.5):7.2f} {1000 * percentile(ts, 0.95):7.2f} {1000 * (ts[-1] if ts else 0):8.1f}"
        )
    lines.append("")
    lines.append("win rate: share of all games won by the level (all its seats together); fair: its share of seats.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """``tournament`` subcommand; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m catan_core tournament", description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="strong,standard,standard,standard",
                        help="comma-separated levels, one per seat (2 to 4)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--budget", type=float, default=None, help="time budget of the strong level per decision (s)")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    parser.add_argument("--max-turns", type=int, default=500)
    parser.add_argument("--vp", type=int, default=10)
    parser.add_argument("--board", default="random", choices=("random", "beginner"))
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    args = parser.parse_args(argv)
    from .bots import BOTS

    players = [p.strip() for p in args.players.split(",") if p.strip()]
    unknown = [p for p in players if p not in BOTS]
    if unknown or not 2 <= len(players) <= 4:
        parser.error(f"--players needs 2 to 4 of: {', '.join(BOTS)}")
    settings: dict[str, dict[str, Any]] = {}
    if args.budget is not None:
        settings["strong"] = {"budget": args.budget}
    options = Options(players=len(players), vp_target=args.vp, board=args.board)

    def progress(result: TournamentResult) -> None:
        if not args.quiet:
            wins = ", ".join(f"{k} {v}" for k, v in sorted(result.wins.items()))
            print(f"\r{result.games}/{args.games} games: {wins}   ", end="", flush=True)

    result = run(players, args.games, seed_to_int(args.seed), settings, args.jobs, args.max_turns, options, progress)
    if not args.quiet:
        print()
    print(report(result))
    return 0
